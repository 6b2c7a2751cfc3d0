"""The neomodel node classes are the schema: after migrate, every label graphmem writes has the
uniqueness constraints and range indexes its class declares; ``import graphmem`` leaves
neomodel unloaded (only migrate needs it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import neo4j
import pytest

from graphmem.adapters.neo4j import nodes, schema

CYPHER = Path(__file__).resolve().parents[1] / "cypher"


def _declared(kind: str) -> set[tuple[str, str]]:
    """(label, property) pairs whose property is declared ``index`` or ``unique_index``."""
    pairs = set()
    for cls in nodes.SCHEMA_CLASSES:
        for name, prop in cls.defined_properties(aliases=False, rels=False).items():
            if getattr(prop, kind):
                pairs.add((cls.__label__, prop.get_db_property_name(name)))
    return pairs


def test_every_written_label_has_a_class() -> None:
    written = set()
    for path in CYPHER.rglob("*.cypher"):
        text = path.read_text()
        for label in nodes.LABELS:
            if f":{label}" in text:
                written.add(label)
    assert written == set(nodes.LABELS)
    assert nodes.Synthesis.inherited_labels() == ["Synthesis", "Memory"]


def test_import_graphmem_does_not_load_neomodel() -> None:
    code = (
        "import sys, graphmem, graphmem.memory, graphmem.cli, api.app; "
        "assert 'neomodel' not in sys.modules, 'neomodel imported'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.neo4j
def test_migrate_installs_every_class_rule(driver: neo4j.Driver) -> None:
    indexes = schema.list_indexes(driver, "neo4j").values()
    ranges = {
        (i["labelsOrTypes"][0], i["properties"][0])
        for i in indexes
        if i["type"] == "RANGE" and i["entityType"] == "NODE" and len(i["properties"]) == 1
    }
    records = driver.execute_query(
        "SHOW CONSTRAINTS YIELD type, entityType, labelsOrTypes, properties "
        "WHERE type = 'UNIQUENESS' AND entityType = 'NODE' "
        "RETURN labelsOrTypes[0] AS label, properties AS properties"
    ).records
    unique = {(r["label"], r["properties"][0]) for r in records if len(r["properties"]) == 1}
    assert _declared("unique_index") <= unique
    assert _declared("index") <= ranges
    for label in ("ApiKey", "DreamLease", "DreamRun", "GraphMemMeta", "Scope", "MemoryEvent"):
        assert any(pair[0] == label for pair in unique | ranges), label
    assert {("ApiKey", "hash"), ("DreamLease", "scope_key"), ("GraphMemMeta", "key")} <= unique
    assert {("DreamRun", "scope_key"), ("DreamRun", "user_id"), ("DreamRun", "agent_id")} <= ranges
