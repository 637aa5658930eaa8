"""Crosscheck command line: thin click commands over the package.

Each command parses options, loads settings, calls one function and renders its
result; domain errors become one-line messages and non-zero exit codes here only.

The commands live in modules of this package, by what they do: ``common.py`` (the ``cli`` group,
the error mapping, the option types and bundles, the settings and corpus helpers), ``corpus.py``
(init, ingest, index), ``search.py`` (fusion), ``audit.py`` (graph), ``evaluate.py`` and
``eval_runs.py`` (the eval group), ``ask.py`` (mcp, ask, serve); ``progress.py`` has the progress
bars of long commands.
"""

from __future__ import annotations

import os

# Model files are local (packaged or a folder): never let huggingface_hub reach for the
# network unless the user asked for it by setting HF_HUB_OFFLINE=0.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# Loading a 90 MB model from disk takes a second; its progress bar is noise on every command.
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")

# Importing a command module registers its commands on ``cli``: in this order, the order of the
# single file they come from (init, ingest, index, fusion, graph, eval, mcp, ask, serve).
# isort: off
from . import corpus, search, audit, evaluate, ask  # noqa: E402, F401
# isort: on
from ..progname import default_prog_name, set_prog_name  # noqa: E402
from .common import cli  # noqa: E402

__all__ = ["cli", "main"]


def main(prog_name: str | None = None) -> None:
    """Run the command line as ``prog_name`` (``crosscheck`` for the installed console script, which
    passes nothing; ``python main.py`` for the checkout's main.py), in usage lines and hints alike."""
    name = prog_name or default_prog_name()
    set_prog_name(name)
    cli(prog_name=name)
