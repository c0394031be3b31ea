#!/usr/bin/env python
"""Regenerate data/play_table_greedy.parquet and data/play_table_minimax.parquet.

Every pair of 4-card rank multisets that fits in one pack, both players playing the policy in
the six-card play; see crib_stats.playvalue. The minimax table takes a minute or two on two cores.
"""

from __future__ import annotations

import argparse
import sys
import time

from crib_stats import playvalue


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("policies", nargs="*", default=list(playvalue.POLICIES), choices=playvalue.POLICIES,
                    help="which tables (default: both)")
    args = ap.parse_args(argv)
    for policy in args.policies:
        t = time.perf_counter()
        table = playvalue.compute_table(policy)
        seconds = time.perf_counter() - t
        path = playvalue.write_table(policy, table=table)
        print(f"{policy}: computed in {seconds:.1f} s, wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
