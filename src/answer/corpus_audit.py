"""The application service's corpus audit (``src.answer.service``): the whole corpus's
contradictions, computed once and saved beside the index on request (``audit``), and the chunk ids
on the sides of each, the counter-evidence a question's claim graph reads (``contradiction_groups``):
this service's audit, else the saved one, else a fresh offline audit of a small corpus.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ..graph.counter import AUDIT_DIR, AUTO_AUDIT_MAX_CHUNKS, contradiction_groups, groups_of
from ..progname import prog_name

log = logging.getLogger(__name__)


class CorpusAudit:
    """The ``AnswerService`` methods that audit the whole corpus, a mixin the service inherits.
    They use the service's ``chunks``, ``authority``, ``embed_model``, ``index_dir``, ``lock``,
    ``budget()``, ``_claims_extractor()`` and ``setting_claims()``, and what its ``__init__`` sets
    up: ``_audit_lock`` (one corpus audit at a time), ``_groups_lock``, ``_audits`` and ``_groups``."""

    def contradiction_groups(self) -> list[list[str]]:
        """Chunk ids on the sides of each contradiction of the corpus audit, computed once: this
        service's audit, else the one saved beside the index, else a fresh offline audit.

        The audit costs seconds (2,000 SciFact chunks: 7.4 s here, 5,183: 20 s), too long for a
        question to wait unannounced, so a corpus of more than ``AUTO_AUDIT_MAX_CHUNKS`` is
        audited only by the ``graph`` command, which saves the result; until then questions get
        no counter-evidence, and say so. A corpus audit running meanwhile does not hold it up."""
        if self._groups is not None:
            return self._groups
        with self._groups_lock:
            if self._groups is None:
                cache_dir = self.index_dir / AUDIT_DIR if self.index_dir is not None else None
                with self.lock:  # a fresh audit builds a claim graph
                    groups = contradiction_groups(self.chunks, source_weights=self.authority, embed_model=self.embed_model,
                                                  cache_dir=cache_dir,
                                                  compute=len(self.chunks) <= AUTO_AUDIT_MAX_CHUNKS)
                if groups is None:
                    log.warning("no counter-evidence: %d chunks are too many to audit for one question; run "
                                "`%s graph` once on this corpus and later questions use its saved audit",
                                len(self.chunks), prog_name())
                self._groups = groups or []
            return self._groups

    def audit(self, *, every_key: bool = False, save: bool = False,
              progress: Callable[[int, int], None] | None = None) -> Any:
        """The whole corpus's contradictions, most severe first (``every_key``: every key), computed
        once. ``save`` keeps its contradiction groups beside the index, where later questions on the
        corpus find their counter-evidence. An LLM extractor's replies are fetched without the
        engine lock (no deadline; the breaker). ``progress(done, total)`` while claims are extracted."""
        from ..graph import audit_corpus
        from ..graph.counter import save_audit

        with self._audit_lock:
            if every_key not in self._audits:
                extractor = self._claims_extractor(self.chunks, self.budget(deadline=False))
                with self.lock:
                    self._audits[every_key] = audit_corpus(self.chunks, source_weights=self.authority,
                                                           extractor=extractor, embed_model=self.embed_model,
                                                           only_contradictions=not every_key, progress=progress,
                                                           settings=self.setting_claims())
                if self._groups is None:  # questions after it take their counter-evidence from it
                    self._groups = groups_of(self._audits[every_key])
            audit = self._audits[every_key]
        if save and self.index_dir is not None:
            save_audit(audit, self.chunks, source_weights=self.authority, embed_model=self.embed_model,
                       cache_dir=self.index_dir / AUDIT_DIR)
        return audit

    def audit_json(self) -> dict[str, Any]:
        """The corpus audit's contradictions as the ``graph --json`` object."""
        return self.audit().to_json()
