"""Crosscheck: multi-source GraphRAG for technical support."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

__version__ = "0.1.0"


def sample_corpus() -> Traversable:
    """The sample corpus (docs/, forums/, tickets/, blogs/): ``crosscheck/sample_data/`` in an
    installed wheel, ``data/`` of the repository in a checkout or an editable install."""
    packaged = files(__name__) / "sample_data"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "data"
