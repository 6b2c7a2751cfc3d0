"""All configuration in one pydantic-settings object (prefix ``GRAPHMEM_``, nested with ``__``).

Nothing else in graphmem reads the environment.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_NEO4J_VERSION = "2026.08.1"
DEFAULT_BROWSER_VERSION = "5.24.0"


def _default_cache() -> Path:
    return Path.home() / ".cache" / "graphmem"


class Neo4jSettings(BaseModel):
    """Connection to Neo4j, and how `graphmem neo4j start` provisions a local server."""

    uri: str = "bolt://127.0.0.1:7687"
    user: str = "neo4j"
    password: SecretStr = SecretStr("graphmem-local-dev")
    database: str = "neo4j"
    connection_timeout_s: float = 5.0
    max_transaction_retry_time_s: float = 15.0
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


class EmbedderSettings(BaseModel):
    provider: Literal["sentence-transformers", "openai"] = "sentence-transformers"
    model: str = "all-MiniLM-L6-v2"
    batch_size: int = 64
    device: str = "cpu"
    # torch intra-op threads; None = half the cores (Neo4j needs the rest), at most 8. On a
    # busy 2-core machine two spinning threads made one query embedding ~280 ms instead of ~16.
    threads: int | None = Field(default=None, ge=1)
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


class LimitSettings(BaseModel):
    max_text_chars: int = 10_000
    max_messages_per_add: int = 1_000
    max_metadata_bytes: int = 16_384
    batch_size: int = 500


class LifecycleSettings(BaseModel):
    similar_top_s: int = 10
    recent_messages: int = 10
    merge_min_cosine: float = 0.75
    extra_functional_predicates: list[str] = Field(default_factory=list)


class SearchSettings(BaseModel):
    """Search knobs; the fusion weights are documented in docs/search.md."""

    threshold: float = 0.1  # raw cosine; candidates below it are dropped by the gate
    candidates_per_signal: int = 50
    exact_scan_max: int = 500  # scopes up to this size are scanned exactly (benchmarks.md)
    index_overfetch: int = 4
    entity_expansion: bool = True
    entity_depth: int = Field(default=1, ge=1, le=2)
    entity_min_cosine: float = 0.6
    triplet_min_cosine: float = 0.35
    hub_degree: int = 25
    speaker_match: float = Field(default=0.15, ge=0.0, le=1.0)  # entity signal, 0 = off
    weight_semantic: float = 0.35
    weight_fulltext: float = 0.175
    weight_entity: float = 0.375
    weight_triplet: float = 0.1
    superseded_factor: float = 0.5
    decay_enabled: bool = False


class ApiSettings(BaseModel):
    """The REST API (`graphmem serve`) and the MCP server over HTTP (`graphmem mcp`)."""

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    max_body_bytes: int = 1_000_000
    auth_enabled: bool = True
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
    search: SearchSettings = Field(default_factory=SearchSettings)
    api: ApiSettings = Field(default_factory=ApiSettings)
    dream: DreamSettings = Field(default_factory=DreamSettings)
