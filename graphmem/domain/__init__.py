"""Pure pydantic domain models: no database, HTTP or SDK imports here."""
