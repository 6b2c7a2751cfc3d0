"""Date-times that Cypher's toString() prints, read back as the same instants."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import neo4j
import pytest

from graphmem.adapters.neo4j.records import native, parse_datetime


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2025-03-11T06:45:00Z", datetime(2025, 3, 11, 6, 45, tzinfo=UTC)),
        ("2025-03-11T06:45:00Z[UTC]", datetime(2025, 3, 11, 6, 45, tzinfo=UTC)),
        (
            "2025-03-11T07:45:00.123456789+01:00[Europe/Paris]",
            datetime(2025, 3, 11, 7, 45, 0, 123456, tzinfo=timezone(timedelta(hours=1))),
        ),
    ],
)
def test_iso_strings_parse_to_the_same_instant(text: str, expected: datetime) -> None:
    assert parse_datetime(text) == expected
    assert parse_datetime(None) is None


@pytest.mark.neo4j
@pytest.mark.parametrize(
    "literal",
    [
        "datetime('2025-03-11T06:45:00.123456Z')",
        "datetime({year: 2025, month: 3, day: 11, hour: 6, minute: 45, timezone: 'UTC'})",
        "datetime({year: 2025, month: 3, day: 11, hour: 7, timezone: 'Europe/Paris'})",
        "datetime('2025-07-01T12:00:00-04:00')",
    ],
)
def test_cypher_tostring_matches_the_driver_value(driver: neo4j.Driver, literal: str) -> None:
    record = driver.execute_query(f"WITH {literal} AS d RETURN d, toString(d) AS s").records[0]
    assert parse_datetime(record["s"]) == native(record["d"])
