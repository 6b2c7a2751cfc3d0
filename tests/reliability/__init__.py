"""Reliability: short load and fault runs, hostile input over HTTP, tenant isolation."""
