"""eval/reader_manpage.py, run as a user runs it, on a manual page written here in the layout of
section 5 pages (the real one it is meant for is fetched, never shipped)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
PAGE = """RELAYD.CONF(5)

NAME
       relayd.conf - configuration of the relay daemon

DESCRIPTION
     RetryBudget
             Sets how many attempts a peer gets before it is dropped; see relayd(8).  The default is
             4.

     Port    Specifies the port number that the relay listens on.  The default is 7070.

     AcceptOld
             Specifies whether old peers are accepted.  Valid arguments are yes or no (the default).

     StateFile
             Where the state is kept.  The default is /run/relayd.state.
"""


@pytest.mark.parametrize("labels, expected", [
    ({"retrybudget": ["4"], "port": ["7070"], "acceptold": ["no"], "statefile": ["/run/relayd.state"]},
     ["precision 4/4 = 1.000", "recall    4/4 = 1.000"]),
    ({"retrybudget": ["5"], "port": ["7070"], "maxpending": ["10"]},
     ["precision 1/2 = 0.500", "recall    1/3 = 0.333", "  wrong: retrybudget = '4' (label ['5'])",
      "  missed: maxpending", "  missed: retrybudget"]),
])
def test_the_script_scores_the_readers_defaults_against_the_labels(tmp_path: Path, labels: dict,
                                                                   expected: list[str]) -> None:
    page = tmp_path / "relayd.conf.5.txt"
    page.write_text(PAGE, encoding="utf-8")
    label_file = tmp_path / "labels.jsonl"
    label_file.write_text("".join(json.dumps({"setting": k, "default": v}) + "\n" for k, v in labels.items()))
    run = subprocess.run([sys.executable, str(ROOT / "eval" / "reader_manpage.py"), str(page), "--labels",
                          str(label_file)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("relayd.conf.5.txt: 4 default claims")
    assert lines[1:] == expected
