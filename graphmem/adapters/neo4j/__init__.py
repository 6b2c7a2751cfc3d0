"""The Neo4j adapter: one driver per process, Cypher loaded from ``cypher/``."""
