"""`serve` answers only its own host names and does not let a stalled body hold a connection
(issue 25): `python main.py serve` as a subprocess, driven over HTTP and a raw socket."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from main import cli
from src.server.hosts import default_allowed_hosts, host_allowed, parse_allowed_hosts
from tests.e2e.serving import start_server, stop

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
FIXTURE_CORPUS = ROOT / "tests" / "fixtures" / "server" / "corpus.jsonl"
TOKEN = {"Authorization": "Bearer e2e-token"}


@pytest.fixture()
def chunks(tmp_path: Path) -> Path:
    (tmp_path / "chunks.jsonl").write_bytes(FIXTURE_CORPUS.read_bytes())
    return tmp_path / "chunks.jsonl"


def test_the_hosts_a_server_answers_to() -> None:
    assert default_allowed_hosts("127.0.0.1") == ("localhost", "127.0.0.1", "::1")
    assert default_allowed_hosts("kb.example.com") == ("localhost", "127.0.0.1", "::1", "kb.example.com")
    assert default_allowed_hosts("0.0.0.0")[:3] == ("localhost", "127.0.0.1", "::1")
    allowed = parse_allowed_hosts(["KB.example.com, *.corp.example", "[fe80::1]"])
    assert allowed == ("kb.example.com", "*.corp.example", "fe80::1")
    assert [host_allowed(h, allowed) for h in ("kb.example.com:8000", "wiki.corp.example", "corp.example",
                                               "[fe80::1]:80", "evil.example", "")] == [
        True, True, False, True, False, False]
    with pytest.raises(ValueError, match=r"--allowed-hosts: 'a/b' is not a host name"):
        parse_allowed_hosts(["a/b"])


def test_a_bad_allowed_host_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, ["serve", "--allowed-hosts", "kb.example.com,http://x", "--chunks", "missing.jsonl"])
    assert res.exit_code == 2
    assert res.output.splitlines()[-1] == ("Error: --allowed-hosts: 'http://x' is not a host name ('example.com', "
                                           "'*.example.com' or '*')")


@pytest.mark.timeout(180)  # a hang guard, not a speed test
def test_beyond_loopback_another_host_header_gets_400(chunks: Path, tmp_path: Path) -> None:
    proc, base = start_server(chunks, tmp_path, "--embed-model", "hashing:64", "--host", "0.0.0.0", "--token",
                              "e2e-token", "--allowed-hosts", "kb.example.com", headers=TOKEN)
    try:
        rebound = httpx.get(base + "/api/health", headers={**TOKEN, "Host": "evil.example:8000"}, timeout=30)
        named = httpx.get(base + "/api/health", headers={**TOKEN, "Host": "kb.example.com"}, timeout=30)
        loopback = httpx.get(base + "/", headers={"Host": "localhost"}, timeout=30)
    finally:
        stop(proc)
    assert rebound.status_code == 400
    error = rebound.json()["error"]
    assert error.startswith("Host 'evil.example' is not a name this server answers to (allowed: localhost, "
                            "127.0.0.1, ::1, ")
    assert error.endswith(", kb.example.com); if it is, start serve with --allowed-hosts evil.example")
    assert named.status_code == 200 and named.json()["chunks"] == 9
    assert loopback.status_code == 200
    assert "answering requests for the hosts localhost, 127.0.0.1, ::1, " in (tmp_path / "serve.log").read_text()


@pytest.mark.timeout(180)  # a hang guard, not a speed test
def test_on_loopback_a_rebinding_host_gets_400_too(chunks: Path, tmp_path: Path) -> None:
    proc, base = start_server(chunks, tmp_path, "--embed-model", "hashing:64")
    try:
        rebound = httpx.post(base + "/api/ask", json={"q": "How long are events kept?"},
                             headers={"Host": "attacker.example"}, timeout=30)
    finally:
        stop(proc)
    assert rebound.status_code == 400
    assert rebound.json() == {"error": "Host 'attacker.example' is not a name this server answers to (allowed: "
                                       "localhost, 127.0.0.1, ::1); if it is, start serve with --allowed-hosts "
                                       "attacker.example"}


def read_all(sock: socket.socket) -> bytes:
    out = b""
    while chunk := sock.recv(65536):
        out += chunk
    return out


@pytest.mark.timeout(180)  # a hang guard, not a speed test
def test_a_stalled_request_body_gets_408_and_the_connection_closed(chunks: Path, tmp_path: Path) -> None:
    proc, base = start_server(chunks, tmp_path, "--embed-model", "hashing:64", "--body-timeout", "0.5")
    port = int(base.rsplit(":", 1)[1])
    try:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.settimeout(60)  # the hang guard: the server must answer well before
            sock.sendall(b"POST /api/ask HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 100\r\n\r\n" + b'{"q": "Ho')  # 10 bytes of 100, then nothing
            reply = read_all(sock)  # ends when the server closes the connection
        still = httpx.get(base + "/api/health", timeout=30)
    finally:
        stop(proc)
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.split(b"\r\n")[0] == b"HTTP/1.1 408 Request Timeout"
    assert b"connection: close" in head.lower()
    assert json.loads(body) == {"error": "request body not received within 0.5 s"}
    assert still.status_code == 200  # the server goes on serving
