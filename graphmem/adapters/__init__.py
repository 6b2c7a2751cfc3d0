"""Adapters: Neo4j, embedders and LLM clients behind the ports in ``graphmem.ports``."""
