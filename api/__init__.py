"""The graphmem REST API (FastAPI). ``create_app`` builds it; ``graphmem serve`` runs it."""

from api.app import create_app

__all__ = ["create_app"]
