"""Scripted conversations used by the demo, the tests and the docs."""
