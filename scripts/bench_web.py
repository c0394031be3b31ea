"""crib-stats serve under load (issue #23): figures, never assertions.

`crib-stats serve` on a free loopback port, in a process of its own (kernels warmed at start-up):
1. one client alone, one six-card discard after another (the warm server's time per request:
   the round trip, and the app's own time from its Server-Timing header), the same deal and
   random deals;
2. 50 concurrent clients, 2,000 six-card discards of random deals: errors, median and 99th
   percentile latency, requests per second.

    python scripts/bench_web.py [--clients 50] [--requests 2000]

scripts/bench.py can call :func:`run` (it returns the figures as a dict) and print them.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
from contextlib import contextmanager


SERVER = ("import argparse, sys; from crib_stats.presentation.web.command import run; "
          "sys.exit(run(argparse.Namespace(port='0', host='127.0.0.1', open=False)))")


@contextmanager
def server_process():
    """``crib-stats serve --port 0`` in a process of its own (the clients' Python must not share
    the server's GIL); yields its URL once it serves, with warm kernels."""
    proc = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()  # "crib-stats: serving on http://127.0.0.1:PORT/ (Ctrl-C stops)"
        if "serving on " not in line:
            raise RuntimeError(f"the server did not start: {line!r}")
        yield line.split("serving on ")[1].split()[0].rstrip("/")
    finally:
        proc.send_signal(signal.SIGTERM)  # uvicorn shuts down cleanly
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def run(clients: int = 50, requests: int = 2000, alone: int = 300) -> dict:
    from crib_stats.presentation.web.load import hammer, random_deals

    with server_process() as url:
        hammer(url, clients=1, per_client=20, deals=["5h 6h 7c jd qs kd"])  # connections and caches
        one_deal = hammer(url, clients=1, per_client=alone, deals=["5h 6h 7c jd qs kd"]).figures()
        random_alone = hammer(url, clients=1, per_client=alone, deals=random_deals(alone, seed=1)).figures()
        loaded = hammer(url, clients=clients, per_client=max(1, requests // clients), seed=2).figures()
    return {"alone_same_deal": one_deal, "alone_random_deals": random_alone, f"{clients}_clients": loaded,
            "cores": os.cpu_count(), "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None}


def _line(name: str, f: dict) -> str:
    return (f"{name:<28} {f['requests']:>5} requests, {f['errors']} errors; round trip median "
            f"{f['median_ms']:.2f} ms, p99 {f['p99_ms']:.2f} ms; server median {f['server_median_ms']:.2f} ms, p99 {f['server_p99_ms']:.2f} ms; "
            f"{f['requests_per_s']:.0f} requests/s")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clients", type=int, default=50)
    p.add_argument("--requests", type=int, default=2000)
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = p.parse_args(argv)
    figures = run(args.clients, args.requests)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"crib-stats serve, six-card discards on loopback ({figures['cores']} cores, load average "
          f"{figures['load_average']:.1f} at the end)")
    print(_line("one client, the same deal", figures["alone_same_deal"]))
    print(_line("one client, random deals", figures["alone_random_deals"]))
    print(_line(f"{args.clients} concurrent clients", figures[f"{args.clients}_clients"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
