"""A throwaway redis-server on a free loopback port, for the relay's Redis tests and
bench/redis_backplane.py: no persistence, killed (and startable again, empty) at will."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time

from devtools.browser import free_port

START_S = 10.0   # a redis-server answers within milliseconds; this bounds a broken one


class RedisServer:
    """``start()`` / ``kill()`` a redis-server on ``port``; ``url`` for redis-py.
    FileNotFoundError if redis-server is not installed (the tests turn that into a failure:
    `make test` requires it, README; .ci/run installs it)."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise FileNotFoundError("redis-server is not installed (apt-get install redis-server)")
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([self.binary, "--port", str(self.port), "--bind",
                                      "127.0.0.1", "--save", "", "--appendonly", "no"],
                                     stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + START_S
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.kill()
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(5)
            self.proc = None
