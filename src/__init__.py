"""Crosscheck: multi-source GraphRAG for technical support."""

__version__ = "0.1.0"
