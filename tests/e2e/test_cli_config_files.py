"""A configuration file in a corpus (redis.conf, my.cnf, server.properties): ingested as one
document, its directives read with their comments, and its values audited against a forum's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from main import cli

pytestmark = pytest.mark.e2e
FAST = ["--embed-model", "hashing:64"]
STORE_CONF = (Path(__file__).parents[1] / "fixtures" / "config" / "store.conf").read_text()
THREAD = ("Title: clients dropped\nUser: Our load balancer drops idle clients, why?\n"
          "Reply: maxclients is 4064 by default. Also, tcp-keepalive defaults to 60 seconds.\n")


def test_a_configuration_file_is_ingested_and_audited_against_a_thread(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kb" / "docs").mkdir(parents=True)
    (tmp_path / "kb" / "forums").mkdir()
    (tmp_path / "kb" / "docs" / "store.conf").write_text(STORE_CONF)
    (tmp_path / "kb" / "forums" / "t1.txt").write_text(THREAD)
    runner = CliRunner()
    res = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl"])
    assert res.exit_code == 0, res.output
    assert "unknown file type" not in res.output
    first = json.loads(Path("c.jsonl").read_text().splitlines()[0])
    assert (first["id"], first["metadata"]["format"]) == ("kb/docs/store.conf#c0", "config")
    res = runner.invoke(cli, ["graph", "--chunks", "c.jsonl", "--json", *FAST])
    assert res.exit_code == 0, res.output
    keys = {k["key"]: k for k in json.loads(res.stdout)["keys"]}
    assert sorted(keys) == ["maxclients", "tcp-keepalive"]
    assert all(k["status"] == "contradiction" for k in keys.values())
    assert [(c["value"], c["authoritative"]) for c in keys["maxclients"]["claims"]][0] == ("10000", True)
    assert [(c["value"], c["authoritative"]) for c in keys["tcp-keepalive"]["claims"]][0] == ("300 seconds", True)
