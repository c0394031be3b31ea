"""The three-player board checked (``python -m studies.board3_check``; minutes): what the docs
quote of it.

1. **The product form against the exact induction**, on the committed deal model to 61, every
   position: the board's figures are the exact induction's; its errors (±) are the jackknife of
   the product form (:mod:`crib_stats.kernels.board3`), whose own figures differ from the exact
   ones by what is printed here (so the product form is a fair stand-in for how the figures move
   from one group of deals to another, not for the figures themselves).
2. **The board against whole games on the model**, to 121, from 24 positions near the end (where
   who reaches the target first inside a deal matters most): games played deal after deal from
   the position, each deal a fresh deal of the model (seed 1, which the committed model, seed 0,
   does not use) scored point by point in its order, the deal passing to the left, until a seat
   reaches 121; each seat's share of wins against the board's P(win), with the combined error.
"""

from __future__ import annotations

import json
import math
import sys

import numpy as np

from crib_stats.game import board3 as gb3
from crib_stats.game import model3 as gm3

POSITIONS = [(100, 100, 95), (115, 110, 105), (118, 112, 100), (105, 105, 105), (120, 90, 110), (95, 119, 119),
             (110, 110, 60), (119, 116, 117)]  # each with each seat dealing: 24 positions
GAMES = 20_000
SEED = 1
POOL = 2_000_000  # deals of seed 1 the games draw from, in order (about 1.3 million are used)


def product_against_exact(target: int = 61) -> dict:
    """Largest and root-mean-square differences of the product form from the exact induction,
    over every position of the committed model's board to ``target``, per figure."""
    from crib_stats.kernels import board3 as kb
    from crib_stats.kernels.game import NEEDS
    from crib_stats.kernels.game3 import B3

    model = gm3.load3(gm3.committed_path3())
    board = gb3.committed3(target)
    n = model.deals
    h, f = model.hist.sum(axis=0).astype(np.float64), model.first.sum(axis=0)
    w0, w1, w2, Hc = gb3._inputs(model, h, n)
    k = model.first_keys
    needs = int(((k // (B3 * B3)) % NEEDS).max()) + 1
    width = int(max(((k // B3) % B3).max(), (k % B3).max())) + 1
    F = kb.prefix_first(model.first_dense(f, needs, width), 1.0 / n)
    size = max(len(w0), len(w1), len(w2))
    ws = [np.pad(w, (0, size - len(w)))[None] for w in (w0, w1, w2)]
    P = np.moveaxis(kb.induction3p_many(*ws, Hc[None], F[None], target, gb3.rules3(target)["skunk"])[0], -1, 0)
    out = {}
    for name, rows in (("p_win", slice(0, 3)), ("p_skunked", slice(3, 6)), ("deals_left", slice(6, 7))):
        d = np.abs(P[rows].astype(np.float64) - board.values[rows])
        worst = np.unravel_index(int(np.argmax(d)), d.shape)
        out[name] = {"max": float(d.max()), "rms": float(np.sqrt((d ** 2).mean())),
                     "worst_at_by_turn": [int(x) for x in worst[1:]],
                     "jackknife_se_max": float(board.se[rows].max())}
    return out


def pool(deals: int, seed: int = SEED):
    """``deals`` fresh deals of the model as scripts: (who (n, E), pts (n, E), events (n,))."""
    from crib_stats.game.model import deal_inputs
    from crib_stats.kernels import game3 as k3

    k = deal_inputs(gm3.VARIANT, "objective")
    who, pts, ne, _ = k3.deal_scripts3(seed, 0, deals, k["index"], k["rank_hand"], k["rank_crib"], k["throws"],
                                       k["hand_table"], k["crib_table"], k["rank_throws"])
    return who, pts, ne


def play_from(scores, dealer, games, scripts, start, target=121):
    """``games`` games from ``scores`` (by seat) with ``dealer`` dealing, each deal the next
    script of the pool from ``start``: (wins per seat, deals used)."""
    who, pts, ne = scripts
    wins = [0, 0, 0]
    k = start
    for _ in range(games):
        sc = list(scores)
        d = dealer
        winner = -1
        while winner < 0:
            if k >= len(ne):
                raise RuntimeError("the pool of deals ran out: raise POOL")
            for e in range(ne[k]):
                seat = (d + 1 + int(who[k, e])) % 3
                sc[seat] += int(pts[k, e])
                if sc[seat] >= target:
                    winner = seat
                    break
            k += 1
            d = (d + 1) % 3
        wins[winner] += 1
    return wins, k - start


def whole_games(target: int = 121, games: int = GAMES) -> list[dict]:
    board = gb3.committed3(target)
    scripts = pool(POOL)
    rows = []
    k = 0
    for scores in POSITIONS:
        for dealer in range(3):
            wins, used = play_from(scores, dealer, games, scripts, k, target)
            k += used
            p = board.position(scores, dealer)
            for seat in range(3):
                share = wins[seat] / games
                q = p["p_win"][seat]  # the games' binomial error if the board is right
                se = math.sqrt(max(q * (1 - q), 1e-12) / games)
                both = math.hypot(se, p["p_win_se"][seat])
                rows.append({"scores": list(scores), "dealer": dealer, "seat": seat, "games": share,
                             "games_se": se, "board": p["p_win"][seat], "board_se": p["p_win_se"][seat],
                             "z": (share - p["p_win"][seat]) / both})
    return rows


def main() -> None:
    out = {"product_against_exact_61": product_against_exact(61)}
    print(json.dumps(out, indent=1))
    rows = whole_games()
    z = np.array([r["z"] for r in rows])
    d = np.array([abs(r["games"] - r["board"]) for r in rows])
    out["whole_games_121"] = {"positions": len(rows) // 3, "games_each": GAMES, "seed": SEED,
                              "max_abs_diff": float(d.max()), "mean_abs_diff": float(d.mean()),
                              "max_abs_z": float(np.abs(z).max()), "within_2_se": float((np.abs(z) < 2).mean()),
                              "chi2_per_dof": float((z ** 2).mean()), "rows": rows}
    for r in rows:
        print(r["scores"], r["dealer"], r["seat"], f"{r['games']:.4f}±{r['games_se']:.4f}",
              f"{r['board']:.4f}±{r['board_se']:.4f}", f"{r['z']:+.2f}")
    summary = {k: v for k, v in out["whole_games_121"].items() if k != "rows"}
    print(json.dumps(summary, indent=1))
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as fh:
            json.dump(out, fh, indent=1)


if __name__ == "__main__":
    main()
