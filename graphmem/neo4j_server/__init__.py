"""Provision and run a local Neo4j Community server from Maven Central jars (no Docker).

Usage: ``LocalNeo4j(Settings().neo4j).ensure_running()`` returns a `ServerStatus`.
"""

from graphmem.neo4j_server.dist import Distribution, resolve_distribution
from graphmem.neo4j_server.java import JavaRuntime, find_java
from graphmem.neo4j_server.server import LocalNeo4j, ServerStatus, StartResult, StopResult

__all__ = [
    "Distribution",
    "JavaRuntime",
    "LocalNeo4j",
    "ServerStatus",
    "StartResult",
    "StopResult",
    "find_java",
    "resolve_distribution",
]
