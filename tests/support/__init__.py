"""Test helpers (a real local OpenAI-compatible server, fixtures)."""
