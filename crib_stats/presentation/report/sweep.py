"""The sweep over every deal and the whole hand per seat."""

from __future__ import annotations

import math
import textwrap

from crib_stats.presentation.report.base import WIDTH, exact, header, wrap, wrap_items
from crib_stats.core.cards import RANK_NAMES
from crib_stats.discard.sweep import FULL_DECK, OBJECTIVES, ROLE_LABELS, ROLES, TIE_RULE
from crib_stats.strategy.seats import SEED_FIGURES


# ---------------------------------------------------------------------------------------------
# sweep
# ---------------------------------------------------------------------------------------------


def sweep_json(result) -> dict:
    return header("sweep", result.variant) | {k: v for k, v in result.as_dict().items() if k != "variant"}


def sweep_text(result, top: int = 5) -> str:
    """The summary of a sweep: per policy the exact means, how often it departs from the
    hand-only choice, what that gains, ties; then the most thrown rank pairs."""
    r = result
    deck = "" if r.deck_ranks == FULL_DECK else " (deck of " + " ".join(RANK_NAMES[x] for x in r.deck_ranks) + ")"
    lines = [
        wrap(f"{r.variant} sweep, crib model {r.crib_model}{deck}: {r.deals:,} deals ({r.classes:,} suit classes), "
             f"{r.unseen} starters x {r.per_starter:,} crib sets each, all exact"),
        "",
        f"{'policy':<10} {'E[hand]':>8} {'E[crib]':>8} {'value':>8} {'gives up':>9} {'gain':>7} {'trade':>7} {'ties':>7}",
    ]
    for name in ROLES:
        s = r.role(name)
        lines.append(f"{ROLE_LABELS[name]:<10} {float(s.mean_hand):8.4f} {float(s.mean_crib):8.4f} "
                     f"{float(s.mean_objective):8.4f} {s.differs / r.deals:9.2%} {float(s.mean_gain):7.4f} "
                     f"{float(s.mean_gain_trade):7.4f} {s.ties / r.deals:7.2%}")
    lines.append("")
    for text in (
        "value: the policy's objective: " + "; ".join(f"{ROLE_LABELS[n]} {OBJECTIVES[n]}" for n in ROLES),
        "gives up: deals where the policy keeps less than the best E[hand]; gain: mean value over the "
        "hand-only policy's throw; trade: over the hand-optimal throw best for the role (no tie rule involved)",
        f"ties: deals where two or more throws share the best value; broken by: {TIE_RULE}",
    ):
        lines.append(wrap(text))
    lines += ["", "exact means (E[hand] over deals x starters; the rest also over crib sets):"]
    for name in ROLES:
        s = r.role(name)
        lines.append(wrap_items(f"  {ROLE_LABELS[name]}: ", [f"E[hand] {exact(s.mean_hand)}", f"E[crib] {exact(s.mean_crib)}",
                                                           f"value {exact(s.mean_objective)}", f"gain {exact(s.mean_gain)}"],
                                indent=4))
    lines.append("")
    th = r.tables()["throws"]
    for name in ROLES:
        sub = th[th["role"] == name].sort_values(["deals", "throw"], ascending=[False, True]).head(top)
        items = []
        for row in sub.itertuples():
            kind = "" if row.suited is None or row.low == row.high else (" suited" if row.suited else " offsuit")
            items.append(f"{row.throw}{kind} {row.share:.2%} (E[crib] {row.mean_crib:.3f})")
        lines.append(wrap_items(f"most thrown, {ROLE_LABELS[name]}: ", items, indent=2, sep="; "))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# the whole hand per seat
# ---------------------------------------------------------------------------------------------


def seats_json(result, sample=None) -> dict:
    return {"seats": result.as_dict()} | ({"sample": sample.as_dict()} if sample is not None else {})


def _seat_num(x, width: int = 7) -> str:
    return f"{float(x):{width}.3f}" if x is not None else f"{'-':>{width}}"


_SEAT_ROWS = [("dealer: play", "peg_dealer"), ("        hand", "hand_dealer"), ("        crib", "crib"),
         ("        crib, additive", "crib_additive"), ("        his heels", "heels"),
         ("        total", "total_dealer"), ("pone:   play", "peg_pone"), ("        hand", "hand_pone"),
         ("        total", "total_pone"), ("dealer - pone: play", "peg_value"), ("               deal", "value")]


def seats_text(result, sample=None) -> str:
    """Plain text, at most 80 columns: per-seat means a deal. With a sample, its means (+- one
    standard error: real deals under the stated policies) lead, then the seeds' real-play
    figures, then the model (``model*``: exact, but its crib assumes the pone throws two random
    cards), and the spread of the sample's points a deal; without one, the model and the seeds.

    >>> from crib_stats.strategy.seats import per_seat
    >>> print(seats_text(per_seat("random", "minimax")).splitlines()[0])
    six-card game per seat: play minimax, crib model random, keeps paired by removal
    """
    import numpy as np


    s = sample.estimates if sample is not None else {}
    lines = [f"six-card game per seat: play {result.policy}, crib model {result.crib_model}, keeps paired by "
             f"{result.pairing}", ""]
    if s:
        lines.append(f"{'mean points a deal':22}{'sample':>8}{'+-se':>7}{'seeds':>8}{'model*':>8}")
    else:
        lines.append(f"{'mean points a deal':22}{'model*':>8}{'seeds':>8}")
    for label, name in _SEAT_ROWS:
        model, seeds = _seat_num(getattr(result, name), 8), _seat_num(SEED_FIGURES.get(name), 8)
        if s:
            measured = f"{_seat_num(s[name].mean, 8)}{s[name].se:7.3f}" if name in s else f"{'-':>8}{'':7}"
            lines.append(f"{label:22}{measured}{seeds}{model}".rstrip())
        else:
            lines.append(f"{label:22}{model}{seeds}".rstrip())
    notes = [("model*: exact arithmetic on the sweep's keeps, but its crib assumes the pone throws two random "
              "cards into it (crib " + f"{float(result.crib):.3f}" + (f"; the sample's pone, throwing by its objective, "
              f"gives {float(s['crib'].mean):.3f}" if "crib" in s else "") + "): "
              + ("the sample is what real deals under these policies give" if s else "sweep --pegging POLICY --sample N --out DIR measures real deals")),
             f"crib, additive: the random crib + the pone's view ({float(result.crib_pone_view):.3f}) - a random "
             f"crib ({float(result.crib_random):.3f})",
             f"his heels: 2 x P(the starter is a jack) = 2 x 4/52 = {exact(result.heels)} = {float(result.heels):.4f}"]
    if result.peg_dealer is None:
        notes.append("minimax: only the play's dealer - pone is defined, not each seat's points")
    if sample is not None:
        notes.append(f"sample: {sample.n:,} random deals (seed {sample.seed}), each player keeping by its sweep "
                     "objective; the play of the two actual keeps, the actual crib, every starter")
        lines += ["", f"{'points a deal (sampled)':26}{'sd':>6}{'10%':>6}{'25%':>6}{'50%':>6}{'75%':>6}{'90%':>6}"]
        for seat, dist in sample.distribution.items():
            pts = np.array(sorted(dist))
            share = np.array([dist[p] for p in pts]) / sum(dist.values())
            sd = math.sqrt((pts ** 2 * share).sum() - (pts * share).sum() ** 2)
            qs = "".join(f"{int(pts[np.searchsorted(np.cumsum(share), q)]):6d}" for q in (0.1, 0.25, 0.5, 0.75, 0.9))
            lines.append(f"{seat if seat != 'value' else 'dealer - pone':26}{sd:6.2f}{qs}")
    for note in notes:
        lines.extend(textwrap.wrap(note, WIDTH, subsequent_indent="  "))
    return "\n".join(lines) + "\n"
