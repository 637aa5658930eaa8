"""Key similarity without the keys x keys matrix: exact values on demand, near pairs through FAISS.

``keys.similarity_parts`` used to fill two dense n x n matrices (a Python loop for the token
part): 50,000 keys need 20 GB and over a billion token comparisons. ``KeySims`` gives the
same numbers (``keys`` module docstring: max of token similarity and embedding cosine, hub
keys discounted) for any block of rows and columns, computed when asked:

- token similarity from a sparse key x token matrix: shared tokens of a block are one sparse
  product, and the formula is applied to the block's arrays with the same operations, in the
  same order, as ``token_similarity``, so the floats are those of the loop;
- the cosine as the product of the block's unit vectors, clipped to [0, 1];
- the hub discount as a per-key flag, applied where a flagged one-token key meets a key that
  contains its token.

``pairs_at_least(threshold)`` lists every pair whose similarity reaches the threshold, which
is where average-link clustering starts: a pair gets there only through its tokens (it shares
one: a sparse self-product, row block by row block) or through its cosine (FAISS range search
on the unit vectors, exact inner products, memory in proportion to the pairs found).
Candidates from either side are then scored exactly, so the result is the dense matrix's.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy import sparse

from .text import key_tokens

ROW_BLOCK = 2048  # rows of the sparse self-product at a time
RANGE_MARGIN = 1e-4  # FAISS's float32 inner products may differ from numpy's in the last bits


class KeySims:
    """Exact similarities of ``keys`` (sorted, unique), computed by blocks."""

    def __init__(self, keys: Sequence[str], vectors: np.ndarray | None = None, *,
                 hub_threshold: float | None = None) -> None:
        self.keys = list(keys)
        tokens = [key_tokens(k) for k in self.keys]
        vocab: dict[str, int] = {}
        rows, cols = [], []
        for i, toks in enumerate(tokens):
            for t in sorted(toks):
                rows.append(i)
                cols.append(vocab.setdefault(t, len(vocab)))
        n = len(self.keys)
        self.tokens = sparse.csr_matrix((np.ones(len(rows), dtype=np.float64), (rows, cols)),
                                        shape=(n, max(1, len(vocab))))
        self.sizes = np.asarray([len(t) for t in tokens], dtype=np.float64)
        self.lowered = np.asarray([k.strip().lower() for k in self.keys], dtype=object)
        self.vectors = None if vectors is None else np.asarray(vectors, dtype=np.float32)
        self.hubs = np.zeros(n, dtype=bool)
        if hub_threshold is not None:
            self.hubs = self._find_hubs(hub_threshold)

    def __len__(self) -> int:
        return len(self.keys)

    # -- values -------------------------------------------------------------------------
    def _shared(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        return np.asarray((self.tokens[rows] @ self.tokens[cols].T).todense(), dtype=np.float64)

    def _token_block(self, rows: np.ndarray, cols: np.ndarray, inter: np.ndarray) -> np.ndarray:
        a, b = self.sizes[rows][:, None], self.sizes[cols][None, :]
        with np.errstate(divide="ignore", invalid="ignore"):
            tok = 0.25 * inter / (a + b - inter) + 0.75 * inter / np.minimum(a, b)
        empty = (a == 0) | (b == 0)
        if empty.any():
            same = self.lowered[rows][:, None] == self.lowered[cols][None, :]
            tok = np.where(empty, same.astype(np.float64), tok)
        return tok

    def _cosine_block(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray | None:
        if self.vectors is None:
            return None
        return np.clip(self.vectors[rows] @ self.vectors[cols].T, 0.0, 1.0)

    def raw_block(self, rows: Sequence[int], cols: Sequence[int]) -> np.ndarray:
        """max(token similarity, cosine) of ``rows`` x ``cols``, before the hub discount."""
        r, c = np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64)
        tok = self._token_block(r, c, self._shared(r, c))
        cos = self._cosine_block(r, c)
        return tok if cos is None else np.maximum(tok, cos)

    def block(self, rows: Sequence[int], cols: Sequence[int]) -> np.ndarray:
        """The similarities ``rows`` x ``cols`` as ``keys.similarity_matrix`` + ``discount_hubs`` give them."""
        r, c = np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64)
        inter = self._shared(r, c)
        tok = self._token_block(r, c, inter)
        cos = self._cosine_block(r, c)
        out = tok if cos is None else np.maximum(tok, cos)
        if self.hubs[r].any() or self.hubs[c].any():
            a, b = self.sizes[r][:, None], self.sizes[c][None, :]
            inside = (inter == 1) & (((a == 1) & (b > 1) & self.hubs[r][:, None]) |
                                     ((b == 1) & (a > 1) & self.hubs[c][None, :]))
            if inside.any():
                with np.errstate(divide="ignore", invalid="ignore"):
                    jac = inter / (a + b - inter)
                out = np.where(inside, jac if cos is None else np.maximum(jac, cos), out)
        return out

    # -- hubs ---------------------------------------------------------------------------
    def _find_hubs(self, threshold: float) -> np.ndarray:
        """One-token keys contained in two keys that are not similar to each other (``discount_hubs``)."""
        hubs = np.zeros(len(self), dtype=bool)
        by_token = self.tokens.T.tocsr()
        for i in np.flatnonzero(self.sizes == 1):
            token = self.tokens[i].indices[0]
            holders = by_token[token].indices
            supers = np.sort(holders[self.sizes[holders] > 1])
            hubs[i] = self._any_pair_below(supers, threshold)
        return hubs

    def _any_pair_below(self, items: np.ndarray, threshold: float) -> bool:
        for start in range(0, max(0, len(items) - 1), 256):
            rows = items[start:start + 256]
            sims = self.raw_block(rows, items)
            upper = np.arange(len(items))[None, :] > (start + np.arange(len(rows)))[:, None]
            if (upper & (sims < threshold)).any():
                return True
        return False

    # -- near pairs ---------------------------------------------------------------------
    def pairs_at_least(self, threshold: float) -> list[tuple[int, int, float]]:
        """Every pair ``i < j`` whose similarity is at least ``threshold``, with it, by (i, j)."""
        n = len(self)
        codes = np.unique(np.concatenate([self._token_candidates(threshold), self._cosine_candidates(threshold)]))
        out: list[tuple[int, int, float]] = []
        firsts, seconds = codes // max(n, 1), codes % max(n, 1)
        bounds = np.flatnonzero(np.diff(firsts)) + 1
        for rows, cols in zip(np.split(firsts, bounds), np.split(seconds, bounds)):
            if not len(rows):
                continue
            i = int(rows[0])
            sims = self.block([i], cols)[0]
            keep = sims >= threshold
            out.extend(zip([i] * int(keep.sum()), cols[keep].tolist(), sims[keep].tolist()))
        return out

    def _token_candidates(self, threshold: float) -> np.ndarray:
        """Codes ``i * n + j`` (i < j) of the pairs whose token similarity reaches ``threshold``."""
        n = len(self)
        found = [np.zeros(0, dtype=np.int64)]
        for start in range(0, n, ROW_BLOCK):
            shared = (self.tokens[start:start + ROW_BLOCK] @ self.tokens.T).tocoo()
            r, c, inter = shared.row.astype(np.int64) + start, shared.col.astype(np.int64), shared.data
            a, b = self.sizes[r], self.sizes[c]
            tok = 0.25 * inter / (a + b - inter) + 0.75 * inter / np.minimum(a, b)
            keep = (c > r) & (tok >= threshold)
            found.append(r[keep] * n + c[keep])
        groups: dict[str, list[int]] = {}
        for i in np.flatnonzero(self.sizes == 0).tolist():
            groups.setdefault(str(self.lowered[i]), []).append(i)
        found.extend(np.asarray([x * n + y for k, x in enumerate(m) for y in m[k + 1:]], dtype=np.int64)
                     for m in groups.values())
        return np.concatenate(found)

    def _cosine_candidates(self, threshold: float) -> np.ndarray:
        """Codes of the pairs whose cosine may reach ``threshold`` (FAISS range search, a small margin)."""
        n = len(self)
        if self.vectors is None or n < 2:
            return np.zeros(0, dtype=np.int64)
        import faiss

        index = faiss.IndexFlatIP(self.vectors.shape[1])
        index.add(np.ascontiguousarray(self.vectors))
        found = [np.zeros(0, dtype=np.int64)]
        for start in range(0, n, ROW_BLOCK):
            queries = np.ascontiguousarray(self.vectors[start:start + ROW_BLOCK])
            lims, _, ids = index.range_search(queries, threshold - RANGE_MARGIN)
            rows = np.repeat(np.arange(start, start + len(queries), dtype=np.int64), np.diff(lims).astype(np.int64))
            ids = ids.astype(np.int64)
            found.append(rows[ids > rows] * n + ids[ids > rows])
        return np.concatenate(found)
