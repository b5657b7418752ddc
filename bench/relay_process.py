"""What the relay benches share (bench/relay.py, bench/lobby.py): a relay started as its own
process on a free port (its serving code given as a script), its memory and CPU read from
/proc, a zero-mask WebSocket client frame, and a throwaway redis-server."""
from __future__ import annotations

import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def client_frame(text: str) -> bytes:
    """A masked client text frame with the zero mask (valid, and the payload stays as is)."""
    payload = text.encode()
    n = len(payload)
    head = bytes([0x81, 0x80 | n]) if n < 126 else bytes([0x81, 0x80 | 126]) + struct.pack("!H", n)
    return head + b"\0\0\0\0" + payload


def start_redis(server: str, port: int) -> subprocess.Popen:
    return subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no"], stdout=subprocess.DEVNULL)


class RelayProcess:
    """A relay process: `serve` run with (root, port, redis_url) as its arguments; pinned to
    `cpu` when given; ready once its port answers (RuntimeError after 20 s or if it died)."""

    def __init__(self, serve: str, root: Path, redis_url: str = "", cpu: int | None = None) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen([sys.executable, "-c", serve, str(root), str(self.port),
                                      redis_url])
        if cpu is not None and hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(self.proc.pid, {cpu})
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise RuntimeError("relay did not start") from None
                time.sleep(0.05)

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
