"""Load on the API of ``crib-stats serve``: many concurrent clients sending six-card discards, and
one client alone (the warm server's time per request). Used by ``scripts/bench_web.py`` (the
figures) and by the bounded test in ``tests/test_web.py`` (zero errors, no timing asserted).
Standard library only."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import statistics
import time
from dataclasses import dataclass
from urllib.parse import urlencode

PACK = [r + s for r in ["a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k"] for s in "cdhs"]


def random_deals(n: int, seed: int, size: int = 6) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.sample(PACK, size)) for _ in range(n)]


@dataclass
class Load:
    """What a run measured: per request, the status (0: no answer; negated: a 200 that was not 15
    throws), the round trip and the server's own time (its ``Server-Timing`` header), seconds."""

    statuses: list[int]
    round_trips: list[float]
    server_times: list[float]
    wall: float

    @property
    def errors(self) -> int:
        return sum(1 for s in self.statuses if s != 200)

    @staticmethod
    def quantile(xs: list[float], q: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")

    def figures(self) -> dict:
        return {"requests": len(self.statuses), "errors": self.errors,
                "median_ms": 1000 * statistics.median(self.round_trips),
                "p99_ms": 1000 * self.quantile(self.round_trips, 0.99),
                "server_median_ms": 1000 * statistics.median(self.server_times) if self.server_times else None,
                "server_p99_ms": 1000 * self.quantile(self.server_times, 0.99) if self.server_times else None,
                "requests_per_s": len(self.statuses) / self.wall}


def _server_time(headers) -> float | None:
    timing = headers.get("server-timing", "")
    if "dur=" in timing:
        return float(timing.rpartition("dur=")[2]) / 1000
    return None


class _Connection:
    """One keep-alive HTTP/1.1 connection, written by hand: a load generator must cost the
    machine far less than the server it measures (an HTTP library's client costs about as much
    CPU per request as the server's own work on two cores)."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def get(self, target: str) -> tuple[int, dict, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            sock = self.writer.get_extra_info("socket")
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.writer.write(f"GET {target} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                          "Accept: application/json\r\n\r\n".encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
        body = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers, body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def _hammer(base: str, clients: int, per_client: int, seed: int, deals: list[str] | None) -> Load:
    host, _, port = base.removeprefix("http://").rstrip("/").rpartition(":")
    deals = deals or random_deals(clients * per_client, seed)
    statuses, trips, server = [], [], []

    async def one_client(i: int):
        conn = _Connection(host.strip("[]"), int(port))
        for j in range(per_client):
            query = urlencode({"cards": deals[(i * per_client + j) % len(deals)],
                               "role": "dealer" if j % 2 else "pone"})
            start = time.perf_counter()
            try:
                code, headers, body = await conn.get(f"/api/discard?{query}")
                status = code if code != 200 or len(json.loads(body)["throws"]) == 15 else -200
                t = _server_time(headers)
                if t is not None:
                    server.append(t)
            except Exception:  # no answer or a broken one: counted as an error
                status = 0
                conn.close()
            trips.append(time.perf_counter() - start)
            statuses.append(status)
        conn.close()

    start = time.perf_counter()
    await asyncio.gather(*(one_client(i) for i in range(clients)))
    return Load(statuses, trips, server, time.perf_counter() - start)


def hammer(base: str, clients: int, per_client: int, seed: int = 0, deals: list[str] | None = None) -> Load:
    """``clients`` concurrent keep-alive connections, each sending ``per_client`` six-card discards
    (random deals from ``seed``, or ``deals`` in turn), alternately as pone and dealer."""
    return asyncio.run(_hammer(base, clients, per_client, seed, deals))
