"""Evaluation harness: gold files, BEIR folders, ranking metrics, ablations, conflict scoring, reports."""

from src.evaluation.beir import BeirSet, load_beir
from src.evaluation.conflicts import ConflictScore, load_conflict_gold, score_conflicts
from src.evaluation.gold import GoldFileError, GoldQuery, MatchMode, load_gold, resolve_match
from src.evaluation.metrics import query_metrics
from src.evaluation.presets import CONFIG_PRESETS, parse_configs
from src.evaluation.report import ReportFiles, write_report
from src.evaluation.runner import ConfigResult, EvalReport, QueryRow, Searcher, evaluate
from src.evaluation.table import format_table

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
