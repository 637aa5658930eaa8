"""Start and stop `python main.py serve` as a subprocess on a free loopback port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(chunks: Path, cwd: Path, *extra: str, timeout: float = 120.0,
                 headers: dict[str, str] | None = None) -> tuple[subprocess.Popen, str]:
    """The server's output goes to cwd/serve.log (a pipe nobody reads could fill and stall it).
    ``headers`` go with the readiness probe (a server started with --token needs them)."""
    port = free_port()
    log = open(cwd / "serve.log", "w", encoding="utf-8")  # noqa: SIM115 - owned by the process
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--port", str(port),
                             "--chunks", str(chunks), *extra], cwd=cwd,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=log, stderr=subprocess.STDOUT)
    log.close()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited {proc.returncode}: {(cwd / 'serve.log').read_text()[-2000:]}")
        try:
            if httpx.get(base + "/api/health", timeout=1.0, headers=headers).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise AssertionError("server did not start: " + (cwd / "serve.log").read_text()[-2000:])


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
