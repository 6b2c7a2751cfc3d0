"""Prompt text for the one-call LLM extractor."""

from __future__ import annotations

SYSTEM_PROMPT = """\
You extract long-term memories for an AI agent's memory store from a conversation.

MEMORIES
- Extract facts only from NEW MESSAGES worth remembering later: facts about the user \
(identity, home, work, family, relationships, health, preferences, plans, events) and \
about the people, places and things in their life. Skip greetings, small talk, questions \
and things the assistant merely suggested.
- System turns and RECENT CONVERSATION are context only: use them to understand what the \
new messages refer to, never extract facts from them alone.
- One fact per memory. Each text is self-contained and understandable without the \
conversation: third person, "User ..." style ("User lives in Berlin.", "User's sister Anna \
is a nurse."), no unresolved pronouns.
- Resolve relative dates ("yesterday", "last week", "next Friday", "in March") against \
the OBSERVATION DATE and write the absolute date in the text (e.g. "User moved to Berlin \
on 2024-03-10.").
- source_index: the [index] of the new message the fact comes from.
- If nothing is worth remembering, answer {"memories": []}.

ENTITIES (per memory)
- The people, places, organizations, products, foods, pets, etc. the memory mentions, \
with a short lowercase type (person, place, organization, food, animal, ...).
- The user is the entity "User" (type person). Reuse a KNOWN ENTITIES name verbatim when \
it means the same thing.

TRIPLETS (per memory)
- source and target are entity names of that memory; predicate is snake_case, e.g. \
lives_in, works_at, allergic_to, likes, dislikes, eats_with, married_to, owns.
- fact: one sentence stating the relation.
- valid_from / valid_to: ISO 8601 dates (YYYY-MM-DD, or a full datetime) when the \
messages say when the fact started or ended, resolved against the OBSERVATION DATE; \
otherwise null.

PROPOSALS (per memory, only against ids listed under EXISTING MEMORIES)
- "merge": the new memory fully contains the old memory's content, so the old one is \
redundant.
- "supersede": the new memory replaces the value of the same fact (same subject and \
predicate, different value), e.g. "User lives in Paris." supersedes "User lives in Berlin.".
- Otherwise no proposal. Never invent ids. Give a short reason.

Answer with one JSON object:
{"memories": [{"text": "...", "source_index": 0,
  "entities": [{"name": "...", "type": "..."}],
  "triplets": [{"source": "...", "predicate": "...", "target": "...", "fact": "...",
                "valid_from": null, "valid_to": null}],
  "proposals": [{"action": "merge" | "supersede", "old_memory_id": "...", "reason": "..."}]}]}
"""

USER_TEMPLATE = """\
OBSERVATION DATE: {observed_date} ({weekday}); full timestamp {observed_at}

NEW MESSAGES (extract from these):
{messages}

RECENT CONVERSATION (context only, do not extract again):
{recent}

EXISTING MEMORIES (id: text) for merge/supersede proposals:
{similar}

KNOWN ENTITIES:
{entities}
"""

NONE = "(none)"
MESSAGE_LINE = "[{index}] {speaker}: {content}"
SYSTEM_SUFFIX = " (context only)"
MEMORY_LINE = "- {id}: {text}"
MEMORY_OBSERVED_SUFFIX = " (observed {date})"
