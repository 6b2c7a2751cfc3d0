// The embedder the store's vectors were written with, and any unfinished re-embedding.
// No parameters. Returns: identity (null when never recorded), target (re-embedding to it is
// unfinished, else null), memory_after, entity_after, triplet_after (resume cursors: last id done).
OPTIONAL MATCH (n:GraphMemMeta {key: 'embedder'})
RETURN n.identity AS identity, n.reembed_target AS target,
       n.reembed_memory_after AS memory_after, n.reembed_entity_after AS entity_after,
       n.reembed_triplet_after AS triplet_after
