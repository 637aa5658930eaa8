"""Named retrieval configurations for ablations, each one change from ``FusionConfig()``."""

from __future__ import annotations

from dataclasses import replace

from ..fusion.options import FusionConfig, FusionMode

_BASE = FusionConfig()

CONFIG_PRESETS: dict[str, FusionConfig] = {
    "default": _BASE,
    "dense": replace(_BASE, use_bm25=False),
    "bm25": replace(_BASE, use_dense=False),
    "hybrid-rrf": replace(_BASE, mode=FusionMode.RRF),
    "hybrid-relative": replace(_BASE, mode=FusionMode.RELATIVE),
    "hybrid-dist": replace(_BASE, mode=FusionMode.DIST),
    "no-weights": replace(_BASE, use_weights=False),
    "no-priors": replace(_BASE, use_priors=False),
    "rerank": replace(_BASE, rerank=True),
    "rewrite": replace(_BASE, num_queries=3),
    "topk10": replace(_BASE, per_source_topk=10),
    "topk50": replace(_BASE, per_source_topk=50),
}

ALL = "all"


def parse_configs(spec: str) -> dict[str, FusionConfig]:
    """Presets named in a comma-separated ``spec`` (``"dense,bm25"``), in the order given.

    ``all`` stands for every preset; repeated names count once. Raises ``ValueError``
    listing the valid names for an unknown or empty spec.
    """
    valid = ", ".join([ALL, *CONFIG_PRESETS])
    chosen: dict[str, FusionConfig] = {}
    for raw in spec.split(","):
        name = raw.strip().lower()
        if not name:
            continue
        if name == ALL:
            chosen.update((n, c) for n, c in CONFIG_PRESETS.items() if n not in chosen)
        elif name in CONFIG_PRESETS:
            chosen.setdefault(name, CONFIG_PRESETS[name])
        else:
            raise ValueError(f"unknown config {raw.strip()!r}; valid configs: {valid}")
    if not chosen:
        raise ValueError(f"no config named in {spec!r}; valid configs: {valid}")
    return chosen
