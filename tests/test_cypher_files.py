"""The Cypher files as artifacts: each one is loaded by some code, its header documents its
parameters, the parameters it uses are the ones documented, and it passes EXPLAIN on the
real server; its header also lists every parameter its callers pass (found by reading the code,
tests/support/cypher_callers.py). Nothing builds query text from input: no .format / f-string
near a query."""

from __future__ import annotations

import re
from pathlib import Path

import neo4j
import pytest

from graphmem.cypher_catalog import all_names, cypher_root, query
from tests.support.cypher_callers import Caller, find_callers

ROOT = Path(__file__).resolve().parent.parent
CODE = "\n".join(p.read_text() for p in (ROOT / "graphmem").rglob("*.py"))
CODE += "\n".join(p.read_text() for p in (ROOT / "api").rglob("*.py"))
# benchmarks/triplet_index_race.py reproduces a server defect with a statement search avoids
CODE += "\n".join(p.read_text() for p in (ROOT / "benchmarks").rglob("*.py"))
PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
# Loaded through a tuple of names rather than a literal call.
INDIRECT = {
    "schema/vector_index_memory",
    "schema/vector_index_entity",
    "schema/vector_index_triplet",
    "schema/fulltext_index_memory",
    "schema/fulltext_index_entity",
    "schema/fulltext_index_triplet",
}


PRODUCT = sorted([*(ROOT / "graphmem").rglob("*.py"), *(ROOT / "api").rglob("*.py")])
CALLERS = find_callers(PRODUCT, set(all_names()), ROOT)


# Issue 13 replaces lifecycle/merge and lifecycle/supersede (one eligibility block for both);
# until then the transition passes supersede's $at and $predicates to merge as well, and
# merge's header omits them.
def body(name: str) -> str:
    return "\n".join(
        line for line in query(name).splitlines() if not line.lstrip().startswith("//")
    )


def header(name: str) -> str:
    return "\n".join(line for line in query(name).splitlines() if line.startswith("//"))


def test_there_are_statements() -> None:
    assert len(all_names()) >= 30
    assert cypher_root().name in ("cypher", "_cypher")


@pytest.mark.parametrize("name", all_names())
def test_each_file_is_used(name: str) -> None:
    if name.startswith("browse/"):
        pytest.skip("browse queries are for Neo4j Browser and are tested by test_browse")
    assert f'"{name}"' in CODE or name in INDIRECT, f"{name}.cypher is not used"


@pytest.mark.parametrize("name", all_names())
def test_header_documents_parameters(name: str) -> None:
    used = set(PARAM.findall(body(name)))
    documented = set(PARAM.findall(header(name)))
    assert header(name), f"{name} has no header comment"
    assert used <= documented, f"{name}: undocumented parameters {used - documented}"


def test_callers_are_found() -> None:
    """The reading of the code still finds most statements' callers."""
    assert len({c.name for c in CALLERS}) >= 0.8 * len(all_names())


@pytest.mark.parametrize("caller", CALLERS, ids=lambda c: f"{c.name}@{c.where}")
def test_header_lists_what_callers_pass(caller: Caller) -> None:
    undocumented = caller.passed - set(PARAM.findall(header(caller.name)))
    assert not undocumented, f"{caller.where} passes {sorted(undocumented)} to {caller.name}"


@pytest.mark.parametrize(
    "caller", [c for c in CALLERS if not c.open], ids=lambda c: f"{c.name}@{c.where}"
)
def test_callers_pass_every_parameter_used(caller: Caller) -> None:
    missing = set(PARAM.findall(body(caller.name))) - caller.passed
    assert not missing, f"{caller.where} does not pass {sorted(missing)} to {caller.name}"


@pytest.mark.parametrize("name", all_names())
def test_header_lists_no_stale_parameters(name: str) -> None:
    """A documented parameter is used by the file, or passed to it by a caller."""
    passed = set().union(*(c.passed for c in CALLERS if c.name == name))
    stale = set(PARAM.findall(header(name))) - set(PARAM.findall(body(name))) - passed
    assert not stale, f"{name} documents {sorted(stale)}, which nothing uses or passes"


def test_no_query_text_built_from_values() -> None:
    assert not re.search(r"query\([^)]*\)\.format\(", CODE)
    assert 'f"MATCH' not in CODE and "f'MATCH" not in CODE


# schema/ statements are run by migrate; admin/ ones are administration commands on the
# system database, which EXPLAIN does not support (tests/test_neo4j_server.py runs them).
@pytest.mark.neo4j
@pytest.mark.parametrize(
    "name", [n for n in all_names() if not n.startswith(("schema/", "admin/"))]
)
def test_explain_passes(driver: neo4j.Driver, name: str) -> None:
    text = body(name).strip()
    if text.upper().startswith("CYPHER 25"):
        statement = "CYPHER 25 EXPLAIN " + text[len("CYPHER 25") :].lstrip()
    else:
        statement = "EXPLAIN " + text
    params = {p: None for p in PARAM.findall(text)}
    driver.execute_query(statement, params, database_="neo4j")
