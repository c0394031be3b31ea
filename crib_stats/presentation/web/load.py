"""Load on the API of ``crib-stats serve``: many concurrent clients sending six-card discards, and
one client alone (the warm server's time per request). Used by ``scripts/bench_web.py`` (the
figures) and by the bounded test in ``tests/test_web.py`` (zero errors, no timing asserted).
Needs httpx (the test extra)."""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass

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


async def _hammer(base: str, clients: int, per_client: int, seed: int, deals: list[str] | None) -> Load:
    import httpx  # lazy: the test extra

    deals = deals or random_deals(clients * per_client, seed)
    statuses, trips, server = [], [], []

    async def one_client(i: int, http):
        for j in range(per_client):
            params = {"cards": deals[(i * per_client + j) % len(deals)], "role": "dealer" if j % 2 else "pone"}
            start = time.perf_counter()
            try:
                r = await http.get(base + "/api/discard", params=params)
                status = r.status_code if r.status_code != 200 or len(r.json()["throws"]) == 15 else -200
                t = _server_time(r.headers)
                if t is not None:
                    server.append(t)
            except Exception:  # no answer: counted as an error
                status = 0
            trips.append(time.perf_counter() - start)
            statuses.append(status)

    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    start = time.perf_counter()
    async with httpx.AsyncClient(limits=limits, timeout=120) as http:
        await asyncio.gather(*(one_client(i, http) for i in range(clients)))
    return Load(statuses, trips, server, time.perf_counter() - start)


def hammer(base: str, clients: int, per_client: int, seed: int = 0, deals: list[str] | None = None) -> Load:
    """``clients`` concurrent keep-alive clients, each sending ``per_client`` six-card discards
    (random deals from ``seed``, or ``deals`` in turn), alternately as pone and dealer."""
    return asyncio.run(_hammer(base, clients, per_client, seed, deals))
