"""Hybrid graph search: candidate signals (signals/), the semantic gate, fusion and views."""
