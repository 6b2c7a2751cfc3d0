"""Use cases, one per module. They depend on ports, never on neo4j, openai or fastapi."""
