"""Answers with citations and a contradiction verdict, over ranked evidence and its claim graph.

    from src.answer import AnswerService, AskOptions, Answer
"""

from .model import Answer, Citation, Verdict, Warning
from .service import AnswerService, AskOptions

__all__ = ["Answer", "AnswerService", "AskOptions", "Citation", "Verdict", "Warning"]
