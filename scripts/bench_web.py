"""crib-stats serve under load (issues #23, #32): figures, never assertions.

The page's server on a free loopback port, in a process of its own (kernels warmed and the
heavy pool's workers ready before the first request):
1. one client alone, one six-card discard after another (the warm server's time per request:
   the round trip, and the app's own time from its Server-Timing header), the same deal and
   random deals;
2. 50 concurrent clients, 2,000 six-card discards of random deals: errors, median and 99th
   percentile latency, requests per second;
3. 20 clients sending plain discards for as long as 4 other clients take to have 5 board throws
   each (``/api/discard`` with ``score``, every one different) answered: errors, the plain
   discards' median, 95th and 99th percentiles, and the board throws' times; the 20 clients
   either ask as fast as they are answered (a queue: its latency is 20 requests' worth) or
   wait 0.25 s between an answer and their next request (a page's pace: the latency of one
   request), each beside the same 20 clients with no board throws (the baseline of the run).

    python scripts/bench_web.py [--clients 50] [--requests 2000] [--heavy process|thread|both]

``--heavy`` chooses how the server computes the heavy answers (crib_stats/presentation/web/pool.py):
in worker processes (the default, as ``crib-stats serve`` does) or on threads of its own
process; ``both`` runs scenario 3 under each, one after the other, for the comparison.
scripts/bench.py can call :func:`run` (it returns the figures as a dict) and print them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from contextlib import contextmanager

# the load client is the checkout's (studies/web_load.py), not the wheel's
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SERVER = ("import sys; from crib_stats.presentation.web.app import create_app; "
          "from crib_stats.presentation.web.command import BackgroundServer; "
          "s = BackgroundServer(create_app(heavy=sys.argv[1])).__enter__(); "
          "print('crib-stats: serving on ' + s.url + '/', flush=True); sys.stdin.read(); s.__exit__()")


@contextmanager
def server_process(heavy: str = "process"):
    """The server in a process of its own (the clients' Python must not share the server's GIL),
    its heavy answers computed by ``heavy`` (process or thread); yields its URL once it serves,
    warm. Closing its stdin stops it."""
    proc = subprocess.Popen([sys.executable, "-c", SERVER, heavy], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    try:
        line = proc.stdout.readline()  # "crib-stats: serving on http://127.0.0.1:PORT/"
        if "serving on " not in line:
            raise RuntimeError(f"the server did not start: {line!r}")
        yield line.split("serving on ")[1].split()[0].rstrip("/")
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()


def mixed_figures(url: str, plain: int = 20, heavy: int = 4, heavy_each: int = 5) -> dict:
    from studies.web_load import mixed

    out = {}
    for i, (pace, think) in enumerate((("flat out", 0.0), ("paced", 0.25))):
        alone, _ = mixed(url, plain=plain, heavy=0, seconds=4.0, seed=5, think=think)
        # a seed of its own: no board throw of an earlier run is answered from the server's memory
        quick, slow = mixed(url, plain=plain, heavy=heavy, heavy_each=heavy_each, seed=3 + 10 * i, think=think)
        out[pace] = {"alone": alone.figures(), "plain": quick.figures(), "board": slow.figures()}
    return out


def run(clients: int = 50, requests: int = 2000, alone: int = 300, heavy: str = "process") -> dict:
    from studies.web_load import hammer, random_deals

    out = {"cores": os.cpu_count()}
    kinds = ["process", "thread"] if heavy == "both" else [heavy]
    for i, kind in enumerate(kinds):
        with server_process(kind) as url:
            hammer(url, clients=1, per_client=20, deals=["5h 6h 7c jd qs kd"])  # connections and caches
            if i == 0:
                out["alone_same_deal"] = hammer(url, clients=1, per_client=alone, deals=["5h 6h 7c jd qs kd"]).figures()
                out["alone_random_deals"] = hammer(url, clients=1, per_client=alone,
                                                   deals=random_deals(alone, seed=1)).figures()
                out[f"{clients}_clients"] = hammer(url, clients=clients, per_client=max(1, requests // clients),
                                                   seed=2).figures()
            out[f"mixed_{kind}"] = mixed_figures(url)
    out["load_average"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return out


def _line(name: str, f: dict) -> str:
    server = (f"; server median {f['server_median_ms']:.2f} ms, p99 {f['server_p99_ms']:.2f} ms"
              if f["server_median_ms"] is not None else "")
    return (f"{name:<34} {f['requests']:>5} requests, {f['errors']} errors; round trip median "
            f"{f['median_ms']:.2f} ms, p95 {f['p95_ms']:.2f} ms, p99 {f['p99_ms']:.2f} ms{server}; "
            f"{f['requests_per_s']:.0f} requests/s")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clients", type=int, default=50)
    p.add_argument("--requests", type=int, default=2000)
    p.add_argument("--heavy", choices=["process", "thread", "both"], default="process")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = p.parse_args(argv)
    figures = run(args.clients, args.requests, heavy=args.heavy)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"crib-stats serve, six-card discards on loopback ({figures['cores']} cores, load average "
          f"{figures['load_average']:.1f} at the end)")
    print(_line("one client, the same deal", figures["alone_same_deal"]))
    print(_line("one client, random deals", figures["alone_random_deals"]))
    print(_line(f"{args.clients} concurrent clients", figures[f"{args.clients}_clients"]))
    for key in [k for k in figures if k.startswith("mixed_")]:
        kind = key.removeprefix("mixed_")
        for pace, f in figures[key].items():
            print(f"20 clients' plain discards, {pace}, heavy answers in a {kind} pool:")
            print(_line("  alone (the baseline)", f["alone"]))
            print(_line("  while 4 clients ask board throws", f["plain"]))
            print(_line("  the board throws", f["board"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
