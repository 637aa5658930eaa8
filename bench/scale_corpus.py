"""A corpus of N chunks (100,000 by default) built from the real datasets in ../shared/datasets.

Base chunks, each used once as it is (``metadata.variant = 0``):

- SciFact abstracts (``beir-scifact/corpus.jsonl``, 5,183), source ``docs``;
- RAMDocs documents (every document of the 500 questions), source ``blogs``;
- OpenEMR, AstraML, CloudSync and NimbusNote, ingested with their own folders as sources.

Then, until N is reached, variants of the base chunks in turn, labelled as such: the id ends in
``~v<k>`` and ``metadata.variant = k``. A variant changes the wording, never a number: each
sentence's words pass through a small synonym table chosen by ``k`` (``shows`` -> ``demonstrates``,
``users`` -> ``customers``, ...), the sentences are rotated by ``k``, and a line names the variant
(``Variant 3 of ...``) so no two texts are equal (the embedding cache would otherwise embed one).
Everything is seeded by position: the same N gives the same corpus.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from src.config import Settings  # noqa: E402
from src.pipelines.ingest import ingest_corpus  # noqa: E402
from src.types import Chunk  # noqa: E402

DATASETS = ROOT.parent / "shared" / "datasets"
SUPPORT = ("openemr", "astraml", "cloudsync", "nimbusnote")

# Pairs of interchangeable words; variant k uses the pairs whose position p has (p + k) % 3 != 0.
SYNONYMS = [
    ("shows", "demonstrates"), ("show", "demonstrate"), ("users", "customers"), ("user", "customer"),
    ("increase", "rise"), ("increased", "raised"), ("decrease", "drop"), ("decreased", "reduced"),
    ("important", "significant"), ("use", "utilise"), ("used", "employed"), ("using", "employing"),
    ("however", "nevertheless"), ("also", "additionally"), ("large", "big"), ("small", "little"),
    ("method", "approach"), ("results", "findings"), ("study", "investigation"), ("patients", "subjects"),
    ("problem", "issue"), ("error", "fault"), ("start", "begin"), ("set up", "configure"),
    ("documentation", "docs"), ("install", "set up"), ("quickly", "fast"), ("often", "frequently"),
    ("help", "assist"), ("need", "require"), ("get", "obtain"), ("about", "around"),
]
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


@dataclass(frozen=True)
class ScaleCorpus:
    chunks: list[Chunk]
    base_counts: dict[str, int]  # dataset -> base chunks
    variants: int  # chunks that are reworded copies


def base_chunks(settings: Settings) -> tuple[list[Chunk], dict[str, int]]:
    chunks: list[Chunk] = []
    counts: dict[str, int] = {}
    scifact = DATASETS / "beir-scifact" / "corpus.jsonl"
    ramdocs = DATASETS / "ramdocs" / "RAMDocs_test.jsonl"
    for path in (scifact, ramdocs):
        if not path.is_file():
            sys.exit(f"{path} not found: this benchmark reads the shared datasets in place")
    with scifact.open(encoding="utf-8") as fh:
        for line in fh:
            obj = json.loads(line)
            title, text = str(obj.get("title") or "").strip(), str(obj.get("text") or "").strip()
            chunks.append(Chunk(f"scale/docs/scifact-{obj['_id']}#c0", "docs", "document",
                                f"{title}\n\n{text}" if title else text, {"title": title, "dataset": "scifact"}))
    counts["scifact"] = len(chunks)
    seen: set[str] = set()
    with ramdocs.open(encoding="utf-8") as fh:
        for q, line in enumerate(fh):
            for k, doc in enumerate(json.loads(line)["documents"]):
                text = str(doc["text"]).strip()
                if text and text not in seen:
                    seen.add(text)
                    chunks.append(Chunk(f"scale/blogs/ramdocs-{q}-d{k}#c0", "blogs", "post", text,
                                        {"dataset": "ramdocs"}))
    counts["ramdocs"] = len(seen)
    for name in SUPPORT:
        data = DATASETS / name / "data"
        if not data.is_dir():
            continue
        found = ingest_corpus(data, settings).chunks
        chunks.extend(Chunk(f"scale/{c.source}/{name}-{c.id.split('/', 2)[2]}", c.source, c.kind, c.text,
                            {**c.metadata, "dataset": name}) for c in found)
        counts[name] = len(found)
    return chunks, counts


def reword(text: str, k: int) -> str:
    """Variant ``k`` of ``text``: synonyms swapped, sentences rotated; numbers untouched."""
    table = {a: b for p, (a, b) in enumerate(SYNONYMS) if (p + k) % 3}
    table.update({b: a for p, (a, b) in enumerate(SYNONYMS) if (p + k) % 3 == 1})
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(table, key=len, reverse=True)) + r")\b")
    swapped = pattern.sub(lambda m: table[m.group(1)], text)
    head, _, body = swapped.partition("\n\n") if "\n\n" in swapped[:300] else ("", "", swapped)
    sentences = _SENTENCE.split(body)
    if len(sentences) > 2:
        shift = k % len(sentences)
        sentences = sentences[shift:] + sentences[:shift]
    body = " ".join(sentences)
    return f"{head}\n\n{body}" if head else body


def build(n: int, settings: Settings | None = None) -> ScaleCorpus:
    settings = settings or Settings()
    base, counts = base_chunks(settings)
    out = list(base[:n])
    k = 0
    while len(out) < n:
        k += 1
        for b in base:
            if len(out) >= n:
                break
            anchor = b.id.rsplit("#", 1)
            out.append(Chunk(f"{anchor[0]}~v{k}#{anchor[1]}", b.source, b.kind,
                             f"{reword(b.text, k)}\n\nVariant {k} of {b.id.split('/')[-1]}.",
                             {**b.metadata, "variant": k}))
    return ScaleCorpus(out, counts, sum(1 for c in out if c.metadata.get("variant")))


def describe(corpus: ScaleCorpus) -> str:
    by_source = Counter(c.source for c in corpus.chunks)
    mean = sum(len(c.text) for c in corpus.chunks) / max(1, len(corpus.chunks))
    base = ", ".join(f"{name} {count:,}" for name, count in corpus.base_counts.items())
    sources = ", ".join(f"{s} {c:,}" for s, c in sorted(by_source.items()))
    return (f"{len(corpus.chunks):,} chunks: base {base} ({sum(corpus.base_counts.values()):,} real chunks); "
            f"{corpus.variants:,} reworded variants; sources {sources}; mean {mean:.0f} chars")


if __name__ == "__main__":
    print(describe(build(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)))
