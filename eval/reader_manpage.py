"""How well the claim reader reads the defaults of a manual page it was never written for.

The page is one the project does not ship: Debian bookworm's ``sshd_config(5)`` (OpenSSH 9.2),
fetched and rendered on a machine with a package registry::

    apt-get download openssh-server && dpkg -x openssh-server_*.deb pkg
    MANWIDTH=160 man --nh --nj -l pkg/usr/share/man/man5/sshd_config.5.gz | col -b | expand > sshd_config.5.txt
    python eval/reader_manpage.py sshd_config.5.txt

The labels (``eval/heldout/sshd_config.defaults.jsonl``) are the 63 settings whose entry states
one default ("The default is yes.", "any (the default)"), written down by hand from the page;
entries whose default is a list of algorithms or a behaviour in words are left out. Prints the
default claims the reader makes for labelled settings, how many are right (precision), how many
labelled settings get their right default (recall), and the wrong ones. Other pages (chrony.conf,
mosquitto.conf) can be read with ``--list`` to check by eye.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    from src.claims.answer import by_setting
    from src.claims.corpus_reading import read_corpus
    from src.claims.layout import entry_names
    from src.claims.model import Modality
    from src.config import Settings
    from src.graph.values import parse_value
    from src.pipelines.chunks_io import read_chunks
    from src.pipelines.corpus import ingest_to

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("page", type=Path, help="the rendered manual page (plain text)")
    ap.add_argument("--labels", type=Path, default=ROOT / "eval" / "heldout" / "sshd_config.defaults.jsonl")
    ap.add_argument("--list", action="store_true", help="print every default claim instead of scoring")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        docs = Path(tmp) / "manpage" / "docs"
        docs.mkdir(parents=True)
        (docs / args.page.name).write_text(args.page.read_text(encoding="utf-8"), encoding="utf-8")
        ingest_to(docs.parent, Path(tmp) / "chunks.jsonl", Settings())
        chunks = read_chunks(Path(tmp) / "chunks.jsonl")
    read = by_setting(read_corpus(chunks, settings_only=True, known=entry_names(chunks)))
    said = {(name, c.value) for name, cs in read.items() for c in cs if c.modality is Modality.DEFAULT}
    if args.list:
        for name, value in sorted(said):
            print(f"{name}\t{value}")
        return

    def norm(v: str) -> str:
        parsed = parse_value(v)
        return parsed.canonical if parsed is not None else v.strip("\"'“”").lower()

    labels = {r["setting"]: {norm(v) for v in r["default"]} for r in map(json.loads, args.labels.open())}
    claims = [(n, v) for n, v in sorted(said) if n in labels]
    right = [(n, v) for n, v in claims if norm(v) in labels[n]]
    found = {n for n, _ in right}
    print(f"{args.page.name}: {len(said)} default claims, {len(claims)} for the {len(labels)} labelled settings")
    print(f"precision {len(right)}/{len(claims)} = {len(right) / max(1, len(claims)):.3f}")
    print(f"recall    {len(found)}/{len(labels)} = {len(found) / len(labels):.3f}")
    for n, v in claims:
        if (n, v) not in right:
            print(f"  wrong: {n} = {v!r} (label {sorted(labels[n])})")
    for n in sorted(set(labels) - found):
        print(f"  missed: {n}")


if __name__ == "__main__":
    main()
