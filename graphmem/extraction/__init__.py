"""Extractors: turn new messages into memories, entities, triplets and lifecycle proposals."""
