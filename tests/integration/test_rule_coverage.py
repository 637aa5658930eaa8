"""eval/rule_coverage.py: a regular expression of src/ counts as exercised under its call site only
when it matches something; the report lists the census's sites no run exercised."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, re, sys
sys.path.insert(0, {eval!r})
import rule_coverage as rc
rc.install()
sys.path.insert(0, {root!r})
from src.graph import values
values.parse_value("256 MB")
values.parse_value("cosine")
site = "src/graph/values.py:" + str(next(i for i, line in enumerate(open(values.__file__), 1) if line.startswith("_QTY = ")))
print(json.dumps({{"qty": rc.hits.get(site, 0), "seen": site in rc.seen, "plain": type(re.compile("x")).__name__,
                  "census": site in rc.census_sites()}}))
"""


def test_a_pattern_counts_under_its_call_site_only_when_it_matches() -> None:
    code = SCRIPT.format(eval=str(ROOT / "eval"), root=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    got = __import__("json").loads(out.stdout.strip().splitlines()[-1])
    # "256 MB" matches the quantity pattern, "cosine" does not: one hit, and the census knows the site
    assert got == {"qty": 1, "seen": True, "plain": "Pattern", "census": True}


def test_the_report_asks_for_a_run_first(tmp_path: Path) -> None:
    code = (f"import sys; sys.path.insert(0, {str(ROOT / 'eval')!r}); import rule_coverage as rc; "
            f"from pathlib import Path; rc.OUT = Path({str(tmp_path)!r}); rc.report()")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 1 and "no runs in" in out.stderr and "rule_coverage.py run NAME" in out.stderr
