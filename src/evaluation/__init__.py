"""Evaluation harness: gold files, BEIR folders, ranking metrics, ablations, conflict scoring, reports."""

from .beir import BeirSet, load_beir
from .conflict_types import ConflictScore
from .conflicts import load_conflict_gold, score_conflicts
from .gold import GoldFileError, GoldQuery, MatchMode, load_gold, resolve_match
from .metrics import query_metrics
from .presets import CONFIG_PRESETS, parse_configs
from .report import ReportFiles, write_report
from .runner import ConfigResult, EvalReport, QueryRow, Searcher, evaluate
from .table import format_table

__all__ = [
    "CONFIG_PRESETS",
    "BeirSet",
    "ConfigResult",
    "ConflictScore",
    "EvalReport",
    "GoldFileError",
    "GoldQuery",
    "MatchMode",
    "QueryRow",
    "ReportFiles",
    "Searcher",
    "evaluate",
    "format_table",
    "load_beir",
    "load_conflict_gold",
    "load_gold",
    "parse_configs",
    "query_metrics",
    "resolve_match",
    "score_conflicts",
    "write_report",
]
