"""All configuration in one pydantic-settings object (prefix ``GRAPHMEM_``, nested with ``__``).

Nothing else in graphmem reads the environment.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from graphmem.errors import ConfigurationError

DEFAULT_NEO4J_VERSION = "2026.08.1"
DEFAULT_BROWSER_VERSION = "5.24.0"
#: The old default password: public, so refused unless `insecure_dev_password` is set.
INSECURE_DEV_PASSWORD = "graphmem-local-dev"
#: ``<neo4j home>/password``: the password `graphmem neo4j start` generated (mode 0600).
PASSWORD_FILE_NAME = "password"


def _default_cache() -> Path:
    return Path.home() / ".cache" / "graphmem"


class Neo4jSettings(BaseModel):
    """Connection to Neo4j, and how `graphmem neo4j start` provisions a local server."""

    uri: str = "bolt://127.0.0.1:7687"
    user: str = "neo4j"
    # None: the generated one in `password_file` (see `resolve_password`).
    password: SecretStr | None = None
    insecure_dev_password: bool = False  # allow the public INSECURE_DEV_PASSWORD
    database: str = "neo4j"
    # Outages answer fast (docs/reliability.md): connecting, waiting for a pooled connection and
    # the managed-transaction retries together stay inside api.request_deadline_s.
    connection_timeout_s: float = Field(default=3.0, gt=0)
    connection_acquisition_timeout_s: float = Field(default=4.0, gt=0)  # includes connecting
    max_transaction_retry_time_s: float = Field(default=5.0, ge=0)
    # Adds, updates and deletes that arrive while another one's transaction runs share the next
    # transaction, up to this many (adapters/neo4j/group_commit.py); 1 = each commits alone.
    group_commit_max: int = Field(default=8, ge=1)
    # provisioning (local server built from Maven Central jars)
    version: str = DEFAULT_NEO4J_VERSION
    browser_version: str = DEFAULT_BROWSER_VERSION
    dist_dir: Path = Field(default_factory=lambda: _default_cache() / "neo4j-dist")
    home: Path = Field(default_factory=lambda: _default_cache() / "neo4j")
    bolt_port: int = 7687
    http_port: int = 7474
    heap_size: str = "1g"
    pagecache_size: str = "1g"
    java_home: Path | None = None
    start_timeout_s: float = 120.0

    @property
    def password_file(self) -> Path:
        """Where `graphmem neo4j start` keeps the password it generated for ``home``."""
        return self.home.expanduser().resolve() / PASSWORD_FILE_NAME

    def resolve_password(self) -> SecretStr:
        """The Neo4j password: ``password`` if set, else the content of `password_file`.

        Raises `ConfigurationError` when there is neither, or when it is the public
        INSECURE_DEV_PASSWORD without the ``insecure_dev_password`` opt-in.
        """
        password = self.password or self._read_password_file()
        if password.get_secret_value() == INSECURE_DEV_PASSWORD and not self.insecure_dev_password:
            raise ConfigurationError(
                f"the Neo4j password is the public default {INSECURE_DEV_PASSWORD!r}, which any "
                "local process or web page can use; set another one, or accept the risk "
                "explicitly with GRAPHMEM_NEO4J__INSECURE_DEV_PASSWORD=true "
                "(`graphmem neo4j start --insecure-dev-password`)"
            )
        return password

    def _read_password_file(self) -> SecretStr:
        path = self.password_file
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ConfigurationError(
                f"no Neo4j password: set GRAPHMEM_NEO4J__PASSWORD, or run `graphmem neo4j "
                f"start` once to generate one into {path}"
            ) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigurationError(f"cannot read the Neo4j password file {path}: {exc}") from exc
        password = text.removesuffix("\n").removesuffix("\r")
        if not password:
            raise ConfigurationError(f"the Neo4j password file {path} is empty")
        return SecretStr(password)


class EmbedderSettings(BaseModel):
    provider: Literal["sentence-transformers", "openai"] = "sentence-transformers"
    model: str = "all-MiniLM-L6-v2"
    # How the sentence-transformers model runs: "onnx" (exported locally from the packaged
    # weights, see docs/benchmarks.md) or "torch". onnx_variant "int8" (the default) is
    # dynamically quantised, per channel, and embeds every text alone; "fp32" gives torch's
    # vectors. Stores record which one wrote them (graphmem migrate --reembed switches).
    runtime: Literal["onnx", "torch"] = "onnx"
    onnx_variant: Literal["fp32", "int8"] = "int8"
    onnx_dir: Path = Field(default_factory=lambda: _default_cache() / "onnx")
    batch_size: int = 64  # fp32 ONNX and torch; int8 embeds every text alone
    device: str = "cpu"
    # torch / onnxruntime intra-op threads; None = half the cores (Neo4j needs the rest), at
    # most 8. On a busy 2-core machine two spinning threads made one query embedding ~280 ms
    # instead of ~16.
    threads: int | None = Field(default=None, ge=1)
    # ONNX only: how many batches of one call run at once, each on its own threads (an add's
    # texts are split so that every worker gets a share). None = the cores / threads, at
    # least 1; 1 = one batch after another. A single text (a query) always runs alone.
    parallel_batches: int | None = Field(default=None, ge=1)
    openai_base_url: str | None = None
    openai_api_key: SecretStr | None = None
    dimensions: int | None = None


class LLMSettings(BaseModel):
    """Any OpenAI-compatible endpoint. Without ``model`` graphmem runs its offline extractor."""

    base_url: str | None = None
    api_key: SecretStr | None = None
    model: str | None = None
    timeout_s: float = 60.0
    max_retries: int = 2

    @property
    def enabled(self) -> bool:
        return self.model is not None


class ExtractionSettings(BaseModel):
    """The offline extractor used when no LLM is configured (docs/extraction.md)."""

    engine: Literal["nlp", "patterns"] = "nlp"  # spaCy parse, or the regex patterns alone
    parse_cap_chars: int = Field(default=5_000, ge=100)  # text beyond it is stored, not parsed
    batch_size: int = Field(default=64, ge=1)  # messages per nlp.pipe batch
    # Parts of the nlp engine, each on by default; switched off one at a time to measure what
    # it contributes (docs/benchmarks.md, the issue 11 ablation). Off, a part adds no entities
    # or triplets of its own; a triplet's two ends are still entities.
    named_entities: bool = True  # spaCy's named entities (PERSON, ORG, GPE ...) with their type
    concepts: bool = True  # noun-chunk concepts ("support group"), type CONCEPT
    dependency_triplets: bool = True  # subject-verb-object triplets (go_to, paint ...)


class LimitSettings(BaseModel):
    max_text_chars: int = 10_000
    max_messages_per_add: int = 1_000
    max_metadata_bytes: int = 16_384
    max_relations_per_add: int = Field(default=100, ge=0)
    # The per-add work budget: every relation attaches to every memory of the add, so an add
    # writes (relations x memories) links; over the budget it is refused before any work.
    max_relation_links_per_add: int = Field(default=10_000, ge=0)
    batch_size: int = 500


class IndexingSettings(BaseModel):
    """How memories are indexed for search (docs/search.md, "Context keys")."""

    # Each turn of a conversation is embedded and full-text indexed together with this many
    # previous turns (of the same add, or of the same run for a one-message add); 0 = off.
    context_turns: int = Field(default=2, ge=0, le=10)
    # A key's vector: "composed" from its lines' vectors (each line embedded once), or the
    # key's text "embedded" whole (services/context_keys.py). Vectors already stored keep
    # their form until `graphmem migrate --reembed`.
    key_vector: Literal["composed", "embedded"] = "composed"
    # Vectors of the last texts the adds embedded, kept in each process (float32, ~1.5 KB
    # each at 384 dimensions), so a conversation stored one turn per call embeds each turn's
    # line once for every key it is part of; 0 = off (services/embedding_cache.py).
    recent_vectors: int = Field(default=4096, ge=0)
    # An inferred add embeds its context keys on a worker thread while it reads the store and
    # parses the messages (services/key_prefetch.py); the stored vectors are the same.
    overlap_ingest: bool = True
    # A new memory is linked (LINKED_TO, returned as linked_memory_ids) to this many of the
    # owner's memories that mention the same entities; entities mentioned by more than
    # link_max_mentions memories (the speaker, hubs) link nothing. 0 = no links.
    linked_memories: int = Field(default=3, ge=0, le=20)
    link_max_mentions: int = Field(default=100, ge=2)


class LifecycleSettings(BaseModel):
    similar_top_s: int = 10
    # An owner of up to this many memories is scanned exactly for an inferred add's nearest
    # lifecycle candidates; a larger one's are narrowed to the ``text_fetch`` best full-text
    # matches first (docs/lifecycle.md, docs/benchmarks.md).
    exact_scan_max: int = Field(default=200, ge=0)
    text_fetch: int = Field(default=50, ge=1, le=10_000)
    recent_messages: int = 10
    merge_min_cosine: float = 0.75
    extra_functional_predicates: list[str] = Field(default_factory=list)


class SearchSettings(BaseModel):
    """Search knobs; the fusion weights are documented in docs/search.md."""

    threshold: float = 0.1  # raw cosine; candidates below it are dropped by the gate
    # a memory below the threshold passes when a fact it asserted, matched by the triplet
    # signal, is that close to the query (search/ranking.py)
    fact_gate: bool = True
    candidates_per_signal: int = 50
    # The triplet signal reads at least this many of the owner's facts, by vector and by
    # full-text: one fact credits every memory that states it, so a list question's answers,
    # spread over many memories, arrive through more facts (docs/search.md).
    triplet_candidates: int = Field(default=100, ge=1, le=1000)
    # A signal not answered by then is left out (degraded search), e.g. a Bolt connection
    # on which Neo4j never sends its error (docs/reliability.md, 2c).
    signal_timeout_s: float = Field(default=5.0, gt=0)
    # Gate each signal's candidates as it answers (lower latency, ~2 more round trips):
    # auto = only for a search running alone in this process (services/gating.py).
    early_gate: Literal["auto", "always", "never"] = "auto"
    exact_scan_max: int = 500  # scopes up to this size are scanned exactly (benchmarks.md)
    index_overfetch: int = 4
    entity_expansion: bool = True
    update_pairing: bool = True  # newer evidence about one attribute ranks first (search.md)
    role_resolution: bool = True  # "Karl's daughter" -> the entity, through the triplets
    entity_depth: int = Field(default=1, ge=1, le=2)
    entity_min_cosine: float = 0.6
    triplet_min_cosine: float = 0.35
    hub_degree: int = 25
    speaker_match: float = Field(default=0.15, ge=0.0, le=1.0)  # entity signal, 0 = off
    weight_semantic: float = 0.35
    weight_fulltext: float = 0.175
    weight_entity: float = 0.375
    weight_triplet: float = 0.1
    # the entity score is raised to this power before it is weighted: a weak link (a mention
    # of a hub, the speaker's own turn) counts less than linearly, a resolved seed (1.0) fully
    entity_exponent: float = Field(default=1.0, ge=1.0, le=4.0)
    weight_temporal: float = 0.5  # added for a query with a time intent (docs/search.md)
    # Set questions ("what books has X read?"): times the best cosine of a memory's concepts
    # to the category asked for; 0 = off (graphmem/search/signals/members.py, docs/search.md).
    weight_members: float = Field(default=0.1, ge=0.0, le=1.0)
    members_entities: int = Field(default=30, ge=1, le=200)  # the category's nearest concepts
    members_min_cosine: float = 0.45  # raw cosine of a concept to the category
    members_max_cosine: float = 0.8  # closer: the query's own word, not a member
    superseded_factor: float = 0.5
    # A memory that only asks ("How did the kids like it?") states nothing: its score is
    # multiplied by this; 1.0 = off (graphmem/search/asking.py, docs/search.md).
    question_factor: float = Field(default=0.7, gt=0.0, le=1.0)
    # A memory that only addresses a speaker the query names ("Thanks, Mel!") is not about
    # them: multiplied by this; 1.0 = off (graphmem/search/address.py, docs/search.md).
    address_factor: float = Field(default=0.85, gt=0.0, le=1.0)
    # A memory that speaks only of its listener ("You'd be a great counselor!") tells little
    # about anyone: multiplied by this; 1.0 = off (graphmem/search/listener.py).
    listener_factor: float = Field(default=0.8, gt=0.0, le=1.0)
    # A question about the asker ("Where do I live?"): a memory whose matching facts are all
    # another person's is multiplied by this; 1.0 = off (graphmem/search/asker.py).
    others_factor: float = Field(default=0.4, gt=0.0, le=1.0)
    # The same for a question about one person it names ("What is Bruno's job?"); milder,
    # since two people talking tell each other's things (graphmem/search/asker.py).
    named_others_factor: float = Field(default=0.9, gt=0.0, le=1.0)
    # A question asking for a kind of answer ("How much…?", "How old…?"): a memory holding
    # none, when another does, is multiplied by this; 1.0 = off (search/answer_kinds.py).
    answer_factor: float = Field(default=0.8, gt=0.0, le=1.0)
    # A name the query gives only adds to a memory another query word found in full-text
    # (the entity signal counts the person); False = a name alone scores (search/scope_terms.py).
    names_only_add: bool = True
    decay_enabled: bool = False


class ApiSettings(BaseModel):
    """The REST API (`graphmem serve`) and the MCP server over HTTP (`graphmem mcp`)."""

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    max_body_bytes: int = 1_000_000
    auth_enabled: bool = True
    # Every REST request is answered within this bound: past it, 503 with Retry-After.
    request_deadline_s: float = Field(default=10.0, gt=0)
    # A key checked against Neo4j is remembered this long: a key revoked by another process
    # (the CLI, another worker) stops working within it; in this process at once. 0 = off.
    key_cache_s: float = Field(default=5.0, ge=0, le=60)
    mcp_port: int = 8001  # `graphmem mcp --transport http`


class DreamSettings(BaseModel):
    """Dream: scheduled synthesis of patterns from independent observations (docs/dream.md)."""

    enabled: bool = False  # the per-project switch (scopes are enabled one by one as well)
    cadence_hours: float = Field(default=168.0, gt=0)  # how often the scheduler runs a scope
    min_support: int = Field(default=3, ge=2)  # distinct supporting memories a group needs
    min_distinct_days: int = Field(default=2, ge=1)  # ... from this many sessions or days
    cluster_min_similarity: float = 0.55  # average-linkage raw cosine to join a group
    related_min_cosine: float = 0.45  # older memories this close to a new one are considered
    entity_bonus: float = 0.25  # added to a pair's cosine when both mention one non-hub entity
    hub_share: float = Field(default=0.5, gt=0, le=1)  # an entity in more of them is a hub
    duplicate_cosine: float = 0.95  # supporting memories this close count once
    max_group_size: int = Field(default=40, ge=2)
    max_new_memories: int = Field(default=500, ge=1)  # per run; the rest waits for the next
    max_related_memories: int = Field(default=500, ge=0)
    lease_seconds: float = Field(default=900.0, gt=0)  # a crashed worker's lease expires
    poll_seconds: float = Field(default=3600.0, gt=0)  # the scheduler's longest sleep
    min_interval_s: float = Field(default=60.0, ge=0)  # cool-down between on-demand runs
    keep_runs_per_scope: int = Field(default=100, ge=1)  # older DreamRun records are removed


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="GRAPHMEM_", env_nested_delimiter="__", extra="ignore"
    )

    neo4j: Neo4jSettings = Field(default_factory=Neo4jSettings)
    embedder: EmbedderSettings = Field(default_factory=EmbedderSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    extraction: ExtractionSettings = Field(default_factory=ExtractionSettings)
    limits: LimitSettings = Field(default_factory=LimitSettings)
    lifecycle: LifecycleSettings = Field(default_factory=LifecycleSettings)
    indexing: IndexingSettings = Field(default_factory=IndexingSettings)
    search: SearchSettings = Field(default_factory=SearchSettings)
    api: ApiSettings = Field(default_factory=ApiSettings)
    dream: DreamSettings = Field(default_factory=DreamSettings)
