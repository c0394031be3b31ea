#!/usr/bin/env python
"""Timings of crib-stats game (the issue #21 targets), measured in one run, warm:

- the deal model: 1,000,000 deals sampled and played out (target: <= 20 s on two cores);
- the induction over every six-card position from the committed model: one pass, and the whole
  solve with its 20 jackknife passes and the game-length pass (target: <= 5 s);
- the whole solve to 91 and to 61 (the boards solved on demand and kept in the disk cache);
- ``game --at`` as a whole process against ``python -c "import numpy"`` (target: within 2x).

Each timing is the best of ``--repeat`` runs (the machine is shared: the best is the least
disturbed).

Usage: python scripts/bench_game.py [--deals N] [--repeat R]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time


def best(fn, repeat: int) -> float:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return min(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1_000_000)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)

    from crib_stats.game.board import solve
    from crib_stats.game.model import committed_path, deal_model, load
    from crib_stats.kernels import board as kb, game as kg

    deal_model("six-card", 1000, 1, cache_dir=False)  # compile / load the kernels, the rank memo
    seeds = iter(range(100, 100 + args.repeat))
    t_deals = best(lambda: deal_model("six-card", args.deals, next(seeds), cache_dir=False), args.repeat)
    print(f"deal model: {args.deals:,} deals in {t_deals:.2f} s ({args.deals / t_deals:,.0f} deals/s)")

    model, _ = load(committed_path("six-card"))
    h, d, q = model.hist.sum(0), model.dealer_first.sum(0), model.pone_first.sum(0)
    kb.induction(h, d, q, model.deals, 121, 91, 61)
    solve(model)
    t_one = best(lambda: kb.induction(h, d, q, model.deals, 121, 91, 61), args.repeat)
    t_all = best(lambda: solve(model), args.repeat)
    print(f"induction: one pass over 121 x 121 positions {t_one:.3f} s; with 20 jackknife passes and the "
          f"game length {t_all:.2f} s")
    for target in (91, 61):  # the shorter games' boards, solved on demand from the same model (issue #53)
        t_target = best(lambda: solve(model, target=target), args.repeat)
        print(f"the board to {target} ({target} x {target} positions), the whole solve: {t_target:.2f} s")

    def run(cmd):
        return lambda: subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)

    at = [sys.executable, "-m", "crib_stats.presentation.game_cli", "--at", "104", "110", "--dealer"]
    numpy = [sys.executable, "-c", "import numpy"]
    run(at)()
    t_at = best(run(at), args.repeat + 2)
    t_np = best(run(numpy), args.repeat + 2)
    print(f"game --at process {t_at:.2f} s; python -c 'import numpy' {t_np:.2f} s; ratio {t_at / t_np:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
