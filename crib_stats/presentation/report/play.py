"""The play: counts, whole plays, policy plays, play tables and the extremes."""

from __future__ import annotations

from fractions import Fraction

from crib_stats.presentation.report.base import exact, header, wrap
from crib_stats.kernels.constants import INVALID


# ---------------------------------------------------------------------------------------------
# peg
# ---------------------------------------------------------------------------------------------


def count_json(events, variant: str) -> dict:
    return header("peg", variant) | {"mode": "count", "events": [e.as_dict() for e in events],
                                      "total": sum(e.points for e in events)}


def count_text(events) -> str:
    lines = [f"{'#':>2} {'card':<5} {'count':>5} {'points':>6}  why"]
    for i, e in enumerate(events, 1):
        lines.append(f"{i:>2} {e.card:<5} {e.count:>5} {e.points:>6}  {e.why}".rstrip())
    lines.append(f"total {sum(e.points for e in events)}")
    return "\n".join(lines)


def play_json(result, mode: str, side: str | None = None, policy: str | None = None) -> dict:
    out = header("peg", result.variant) | {"mode": mode, "side": side} | result.as_dict()
    if policy is not None:
        out |= {"policy": policy}
        if policy == "minimax":
            out |= {"value": result.points["dealer"] - result.points["pone"]}
    return out


def policy_title(result, policy: str) -> str:
    if policy == "greedy":
        return "both players play greedy"
    value = result.points["dealer"] - result.points["pone"]
    return (f"minimax: the play's value (dealer - pone) is {value}; one optimal line, the lowest "
            "optimal rank at each turn")


def play_text(result, title: str) -> str:
    lines = [wrap(f"{result.variant} game: {title}"),
             f"pone {' '.join(result.pone)}; dealer {' '.join(result.dealer)}", "",
             f"{'player':<7} {'card':<5} {'count':>5} {'points':>6}  why"]
    for e in result.events:
        card = e.card if e.card else "-"
        lines.append(f"{e.player:<7} {card:<5} {e.count:>5} {e.points:>6}  {e.why}".rstrip())
    lines.append("")
    lines.append(f"pone {result.points['pone']}, dealer {result.points['dealer']}")
    return "\n".join(lines)


def play_table_text(table, policy: str) -> str:
    """What a play table holds: pairs, and the mean over pairs of each seat's points (greedy) or
    of the value (minimax), as exact fractions (pairs of multisets, unweighted)."""
    import numpy as np


    if policy == "greedy":
        valid = table[:, :, 0] != INVALID
        pairs = int(valid.sum())
        pone, dealer = (int(table[:, :, i][valid].astype(np.int64).sum()) for i in (0, 1))
        means = [f"pone {float(Fraction(pone, pairs)):.4f}", f"dealer {float(Fraction(dealer, pairs)):.4f}"]
    else:
        valid = table != INVALID
        pairs = int(valid.sum())
        value = int(table[valid].astype(np.int64).sum())
        means = [f"dealer - pone {exact(Fraction(value, pairs))} = {float(Fraction(value, pairs)):.4f}"]
    return "\n".join([
        wrap(f"six-card play under the {policy} policy: all {pairs:,} pairs of 4-card rank multisets that fit "
             "in one pack"),
        wrap("mean over the pairs (each pair once, not weighted by how often it is dealt): " + ", ".join(means)),
    ])


def extremes_json(result) -> dict:
    return header("peg", result.variant) | {"mode": "extremes"} | result.as_dict()


def extremes_text(result) -> str:
    lines = [wrap(f"{result.variant} play: every legal play of all {result.hand_pairs:,} pairs of "
                  f"{result.hand_size}-card hands (ranks; at most four of a rank in both hands)"), ""]
    for e in result.extremes:
        reach = "pair of hands reaches it" if e.pairs_reaching_it == 1 else "pairs of hands reach it"
        lines.append(wrap(f"{e.description}: {e.points}  ({e.pairs_reaching_it:,} {reach})"))
        p = e.play.points
        lines.append(wrap(f"  pone {' '.join(e.pone)}; dealer {' '.join(e.dealer)}; play "
                          f"{' '.join(e.play.sequence)} -> pone {p['pone']}, dealer {p['dealer']}", indent=4))
    return "\n".join(lines)
