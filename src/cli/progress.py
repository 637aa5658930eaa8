"""Progress bars of long commands (``index``, ``graph``): on stderr, only on a terminal.

A ``ProgressBar`` is a ``progress(done, total)`` callback, the shape ``fill_cache`` and
``audit_corpus`` report through; the bar (tqdm: count, rate and time left) appears on the
first call with at least ``min_total`` items, so small corpora print nothing.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO


class ProgressBar:
    def __init__(self, desc: str, unit: str, *, min_total: int = 64, stream: TextIO | None = None,
                 mininterval: float = 0.5) -> None:
        self.desc, self.unit, self.min_total, self.mininterval = desc, unit, min_total, mininterval
        self.stream = stream or sys.stderr
        self._bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            from tqdm import tqdm

            self._bar = tqdm(total=total, desc=self.desc, unit=self.unit, file=self.stream, leave=False,
                             mininterval=self.mininterval, dynamic_ncols=True, disable=not self.stream.isatty() or total < self.min_total)
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
