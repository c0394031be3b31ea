"""Load on the API of ``crib-stats serve``: many concurrent clients sending six-card discards, one
client alone (the warm server's time per request), and plain discards while other clients ask
for board throws (the heavy pool at work). Used by ``scripts/bench_web.py`` (the figures) and
by the bounded tests of the page (``tests/web/test_api.py``, ``tests/web/test_api_game.py``,
``tests/web/test_games_hostile.py``: zero errors, no timing asserted). Standard library only;
in the checkout's ``studies/``, not in the wheel: no command runs it for a user."""

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
    """What a run measured: per request, the status (0: no answer; negated: a 200 whose answer was
    not what was asked), the round trip and the server's own time (its ``Server-Timing``
    header), seconds."""

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
                "p95_ms": 1000 * self.quantile(self.round_trips, 0.95),
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


def _discard_ok(body: bytes) -> bool:
    return len(json.loads(body)["throws"]) == 15


def _board_ok(body: bytes) -> bool:
    throws = json.loads(body)["throws"]
    return len(throws) == 15 and all(0 <= t["p_win"] <= 1 for t in throws)


async def _client(conn: _Connection, targets, ok, load: Load, stop: asyncio.Event | None = None,
                  think: float = 0.0) -> None:
    """Send each target in turn (until ``stop`` is set, when given), recording into ``load``;
    ``think``: seconds between an answer and the next request (a person at a page), else none
    (a client that asks as fast as it is answered)."""
    for target in targets:
        if stop is not None and stop.is_set():
            break
        if think and load.statuses:
            await asyncio.sleep(think)
        start = time.perf_counter()
        try:
            code, headers, body = await conn.get(target)
            status = code if code != 200 or ok(body) else -200
            t = _server_time(headers)
            if t is not None:
                load.server_times.append(t)
        except Exception:  # no answer or a broken one: counted as an error
            status = 0
            conn.close()
        load.round_trips.append(time.perf_counter() - start)
        load.statuses.append(status)
    conn.close()


def _address(base: str) -> tuple[str, int]:
    host, _, port = base.removeprefix("http://").rstrip("/").rpartition(":")
    return host.strip("[]"), int(port)


def _plain(deals: list[str], start: int = 0):
    """Plain six-card discards of ``deals`` in turn (for ever), alternately as pone and dealer."""
    j = start
    while True:
        yield "/api/discard?" + urlencode({"cards": deals[j % len(deals)], "role": "dealer" if j % 2 else "pone"})
        j += 1


async def _hammer(base: str, clients: int, per_client: int, seed: int, deals: list[str] | None) -> Load:
    host, port = _address(base)
    deals = deals or random_deals(clients * per_client, seed)
    load = Load([], [], [], 0.0)

    def targets(i):
        g = _plain(deals, i * per_client)
        return [next(g) for _ in range(per_client)]

    start = time.perf_counter()
    await asyncio.gather(*(_client(_Connection(host, port), targets(i), _discard_ok, load) for i in range(clients)))
    load.wall = time.perf_counter() - start
    return load


def hammer(base: str, clients: int, per_client: int, seed: int = 0, deals: list[str] | None = None) -> Load:
    """``clients`` concurrent keep-alive connections, each sending ``per_client`` six-card discards
    (random deals from ``seed``, or ``deals`` in turn), alternately as pone and dealer."""
    return asyncio.run(_hammer(base, clients, per_client, seed, deals))


def board_requests(n: int, seed: int) -> list[str]:
    """``n`` different board throws (``/api/discard`` with ``score``): random six-card deals at
    random endgame positions (both scores from 90 to 120), alternately as dealer and pone; all
    different, so that none is answered from the server's memory of earlier answers."""
    rng = random.Random(seed)
    out = []
    for j, cards in enumerate(random_deals(n, seed + 1)):
        score = f"{rng.randrange(90, 121)},{rng.randrange(90, 121)}"
        out.append("/api/discard?" + urlencode({"cards": cards, "role": "dealer" if j % 2 else "pone", "score": score}))
    return out


async def _mixed(base: str, plain: int, heavy: int, heavy_each: int, seed: int, think: float,
                 seconds: float) -> tuple[Load, Load]:
    host, port = _address(base)
    quick, slow = Load([], [], [], 0.0), Load([], [], [], 0.0)
    deals = random_deals(2000, seed)
    boards = board_requests(heavy * heavy_each, seed)
    stop = asyncio.Event()

    async def heavy_client(i):
        await _client(_Connection(host, port), boards[i * heavy_each:(i + 1) * heavy_each], _board_ok, slow)

    async def heavy_clients():
        if heavy:
            await asyncio.gather(*(heavy_client(i) for i in range(heavy)))
        else:
            await asyncio.sleep(seconds)
        stop.set()

    start = time.perf_counter()
    await asyncio.gather(heavy_clients(), *(_client(_Connection(host, port), _plain(deals, 97 * i), _discard_ok,
                                                    quick, stop, think) for i in range(plain)))
    quick.wall = slow.wall = time.perf_counter() - start
    return quick, slow


def mixed(base: str, plain: int = 20, heavy: int = 4, heavy_each: int = 3, seed: int = 0, think: float = 0.0,
          seconds: float = 5.0) -> tuple[Load, Load]:
    """``plain`` clients sending six-card discards one after another (``think`` seconds apart)
    for as long as ``heavy`` clients take to have ``heavy_each`` board throws each answered (all
    different; with ``heavy`` 0, for ``seconds``): the plain discards' load and the board
    throws'."""
    return asyncio.run(_mixed(base, plain, heavy, heavy_each, seed, think, seconds))
