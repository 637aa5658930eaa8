#!/usr/bin/env python3
"""Validate the realkb corpora (stdlib only).

Checks, per product folder (every subfolder holding data/):
  * data/docs/*.md and data/blogs/*.md parse: YAML-style front matter with title and
    source_url (docs also need version), followed by non-empty text;
  * data/forums/*.txt: first line 'Title: ', a 'User: ' line, at least one 'Reply: ' line,
    last non-empty line 'Source: http...';
  * data/tickets/tickets.json (optional): {"support_tickets": [{id,title,status,created_date,content}]};
  * conflicts.jsonl: keys q/expect/sides/authoritative/note, expect in the allowed set,
    every doc id exists, every value string occurs (case-insensitive) in its file,
    at least 4 contradiction, 3 consistent and 1 version_scoped cases;
  * answers.jsonl: one line per conflict, same questions in the same order, verdict matching
    the conflict's expect, statuses in the allowed set;
  * gold.jsonl: 8-15 questions, every relevant id exists;
  * README.md at the top level names every data file (provenance table).
Exit status 0 when everything passes, 1 otherwise.
"""
import json
import os
import re
import sys

# one set's folder: `python3 validate.py support_a` (kept once for the three sets)
ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
EXPECT = {"contradiction", "consistent", "version_scoped"}
VERDICT = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}
STATUS = {"authoritative", "contradicted", "supported"}
errors = []


def err(msg):
    errors.append(msg)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def parse_front_matter(path, need):
    text = read(path)
    if not text.startswith("---\n"):
        err(f"{path}: no front matter")
        return None
    end = text.find("\n---\n", 4)
    if end < 0:
        err(f"{path}: unterminated front matter")
        return None
    meta = {}
    for line in text[4:end].splitlines():
        m = re.match(r"^([A-Za-z_]+):\s*(.*)$", line)
        if not m:
            err(f"{path}: bad front matter line {line!r}")
            continue
        meta[m.group(1)] = m.group(2).strip().strip('"')
    for key in need:
        if not meta.get(key):
            err(f"{path}: front matter lacks {key}")
    if not meta.get("source_url", "").startswith("http"):
        err(f"{path}: source_url is not a URL")
    if not text[end + 5:].strip():
        err(f"{path}: empty body")
    return meta


def check_forum(path):
    lines = read(path).splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or not lines[0].startswith("Title: "):
        err(f"{path}: first line must start with 'Title: '")
    if not any(l.startswith("User: ") for l in lines):
        err(f"{path}: no 'User: ' line")
    if not any(l.startswith("Reply: ") for l in lines):
        err(f"{path}: no 'Reply: ' line")
    if not lines or not re.match(r"^Source: https?://\S+$", lines[-1]):
        err(f"{path}: last line must be 'Source: <url>'")


def check_tickets(path):
    try:
        data = json.loads(read(path))
    except ValueError as e:
        err(f"{path}: invalid JSON: {e}")
        return
    items = data.get("support_tickets") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items:
        err(f"{path}: needs a non-empty support_tickets list")
        return
    for t in items:
        for key in ("id", "title", "status", "created_date", "content"):
            if not isinstance(t, dict) or not t.get(key):
                err(f"{path}: ticket {t.get('id') if isinstance(t, dict) else t!r} lacks {key}")


def load_jsonl(path):
    out = []
    if not os.path.exists(path):
        err(f"{path}: missing")
        return out
    for n, line in enumerate(read(path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except ValueError as e:
            err(f"{path}:{n}: invalid JSON: {e}")
    return out


def check_product(pdir):
    name = os.path.basename(pdir)
    files = {}
    for sub in ("docs", "forums", "blogs", "tickets"):
        d = os.path.join(pdir, "data", sub)
        if not os.path.isdir(d):
            if sub in ("docs", "forums", "blogs"):
                err(f"{name}: missing data/{sub}")
            continue
        for fn in sorted(os.listdir(d)):
            p = os.path.join(d, fn)
            rel = f"data/{sub}/{fn}"
            files[rel] = p
            if sub == "docs":
                if not fn.endswith(".md"):
                    err(f"{p}: docs must be .md")
                parse_front_matter(p, ("title", "source_url", "version"))
            elif sub == "blogs":
                if not fn.endswith(".md"):
                    err(f"{p}: blogs must be .md")
                parse_front_matter(p, ("title", "source_url"))
            elif sub == "forums":
                if not fn.endswith(".txt"):
                    err(f"{p}: forums must be .txt")
                check_forum(p)
            elif sub == "tickets":
                if fn != "tickets.json":
                    err(f"{p}: only tickets.json is expected in data/tickets")
                check_tickets(p)
    texts = {rel: read(p).lower() for rel, p in files.items()}

    conflicts = load_jsonl(os.path.join(pdir, "conflicts.jsonl"))
    counts = {k: 0 for k in EXPECT}
    for i, c in enumerate(conflicts, 1):
        where = f"{name}/conflicts.jsonl:{i}"
        for key in ("q", "expect", "sides", "authoritative", "note"):
            if key not in c:
                err(f"{where}: lacks {key}")
        if c.get("expect") not in EXPECT:
            err(f"{where}: bad expect {c.get('expect')!r}")
            continue
        counts[c["expect"]] += 1
        sides = c.get("sides")
        if not isinstance(sides, list) or len(sides) < 2:
            err(f"{where}: sides needs at least two entries")
            continue
        for side in sides:
            if not (isinstance(side, list) and len(side) == 2 and isinstance(side[1], list) and side[1]):
                err(f"{where}: malformed side {side!r}")
                continue
            doc_id, values = side
            if doc_id not in texts:
                err(f"{where}: unknown doc id {doc_id}")
                continue
            for v in values:
                if not isinstance(v, str) or v.lower() not in texts[doc_id]:
                    err(f"{where}: value {v!r} not found in {doc_id}")
        if not isinstance(c.get("authoritative"), list) or not c.get("authoritative"):
            err(f"{where}: authoritative must be a non-empty list")
        if not str(sides[0][0]).startswith("data/docs/"):
            err(f"{where}: first side should be the official docs")
    if counts["contradiction"] < 4 or counts["consistent"] < 3 or counts["version_scoped"] < 1:
        err(f"{name}: case counts {counts} below 4/3/1")

    answers = load_jsonl(os.path.join(pdir, "answers.jsonl"))
    if len(answers) != len(conflicts):
        err(f"{name}: {len(answers)} answers for {len(conflicts)} conflicts")
    for i, (a, c) in enumerate(zip(answers, conflicts), 1):
        where = f"{name}/answers.jsonl:{i}"
        if a.get("q") != c.get("q"):
            err(f"{where}: question differs from conflicts.jsonl line {i}")
        if a.get("verdict") != VERDICT.get(c.get("expect")):
            err(f"{where}: verdict {a.get('verdict')!r} does not match expect {c.get('expect')!r}")
        ans = a.get("answers")
        if not isinstance(ans, list) or len(ans) < 2:
            err(f"{where}: answers needs at least two entries")
            continue
        if ans[0].get("status") != "authoritative":
            err(f"{where}: first answer must be authoritative")
        for x in ans:
            if x.get("status") not in STATUS or not x.get("value"):
                err(f"{where}: bad answer {x!r}")

    gold = load_jsonl(os.path.join(pdir, "gold.jsonl"))
    if not 8 <= len(gold) <= 15:
        err(f"{name}: gold.jsonl has {len(gold)} questions (want 8-15)")
    for i, g in enumerate(gold, 1):
        ids = g.get("relevant_ids")
        if not g.get("q") or not isinstance(ids, list) or not ids:
            err(f"{name}/gold.jsonl:{i}: needs q and non-empty relevant_ids")
            continue
        for doc_id in ids:
            if doc_id not in texts:
                err(f"{name}/gold.jsonl:{i}: unknown id {doc_id}")
    return name, files, counts, len(gold)


def main():
    products = sorted(d for d in os.listdir(ROOT)
                      if os.path.isdir(os.path.join(ROOT, d, "data")))
    if len(products) < 2:
        err(f"expected two products, found {products}")
    readme_path = os.path.join(ROOT, "README.md")
    readme = read(readme_path) if os.path.exists(readme_path) else ""
    if not readme:
        err("README.md missing")
    for p in products:
        name, files, counts, ngold = check_product(os.path.join(ROOT, p))
        for rel in files:
            if f"{name}/{rel}" not in readme:
                err(f"README.md provenance table does not list {name}/{rel}")
        by = {s: sum(1 for r in files if r.startswith(f"data/{s}/")) for s in ("docs", "forums", "blogs", "tickets")}
        print(f"{name}: docs={by['docs']} forums={by['forums']} blogs={by['blogs']} "
              f"tickets_files={by['tickets']} cases={counts} gold={ngold}")
    if errors:
        print(f"\nFAILED with {len(errors)} problem(s):")
        for e in errors:
            print("  -", e)
        return 1
    print("\nOK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
