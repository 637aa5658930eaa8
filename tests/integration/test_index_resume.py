"""A first build killed with SIGKILL (no handler runs) resumes from the last checkpoint of
its embedding cache. The process is real; the embedder is the hashing fake, which kills its
own process at its third batch, so the test is deterministic and fast."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from src.config import IndexConfig, Settings
from src.embedding_cache import CACHE_FILE
from src.fusion.engine import SearchEngine
from src.pipelines.chunks_io import write_chunks
from tests.unit.fusion_corpus import CountingEmbedding, load_corpus

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]

BUILD_AND_DIE = textwrap.dedent("""
    import os, signal, sys
    from dataclasses import replace
    from pathlib import Path
    from src.config import IndexConfig, Settings
    from src.embeddings import HashingEmbedding
    from src.fusion.engine import SearchEngine

    class DiesAtThirdBatch(HashingEmbedding):
        def _get_text_embeddings(self, texts):
            batches = Path(sys.argv[2])
            batches.write_text(batches.read_text() + "x" if batches.exists() else "x")
            if len(batches.read_text()) == 3:
                os.kill(os.getpid(), signal.SIGKILL)
            return super()._get_text_embeddings(texts)

    settings = replace(Settings(), index=IndexConfig(checkpoint_chunks=4))
    SearchEngine.open(Path(sys.argv[1]), settings, embed_model=DiesAtThirdBatch(256, embed_batch_size=3))
""")


def test_a_build_killed_with_sigkill_resumes_from_its_last_checkpoint(tmp_path: Path) -> None:
    chunks_path = tmp_path / "chunks.jsonl"
    write_chunks(load_corpus(), chunks_path)  # 10 distinct texts
    proc = subprocess.run([sys.executable, "-c", BUILD_AND_DIE, str(chunks_path), str(tmp_path / "batches")],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == -9, proc.stderr
    assert (tmp_path / "batches").read_text() == "xxx"
    index = tmp_path / "index"
    # Batches of 3, a checkpoint once 4 are unsaved: saved after batch 2 (6 vectors); batch 3 died.
    with np.load(index / ".embeddings" / "hashing_256" / CACHE_FILE) as npz:
        assert npz["vectors"].shape == (6, 256)
    assert not (index / "params.json").exists()
    resumed = CountingEmbedding(256, embed_batch_size=3)
    engine = SearchEngine.open(chunks_path, replace(Settings(), index=IndexConfig(checkpoint_chunks=4)),
                               embed_model=resumed)
    assert engine.index_report.embedded == 4
    assert len(resumed.embedded_texts) == 4
    assert engine.index_report.rebuilt == ["blogs", "docs", "forums"]
