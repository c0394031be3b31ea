"""A match's figures, from its games' rows (:mod:`.run`'s ``G_*`` columns).

- **A's win rate**, twice. Paired (the duplicate estimate): each deck pair's share of A's wins,
  w_k in {0, 1/2, 1}, averaged over the pairs, its standard error sd(w) / sqrt(pairs); the
  cards' luck that both games of a pair share cancels, so this error is the smaller one when
  the deal decides much. Raw: A's wins over the games as if they were independent, sd / sqrt(games).
- **Game points** as ``crib-stats game`` counts them (a win 2, a skunk or double skunk 3, a
  forfeit 2): each side's mean a game, and A's margin (A's minus B's) a game, each with its
  paired standard error.
- **Skunks** each way (the five-card game's lurch), double skunks, **the first dealer's win
  rate** (over the deck pairs without a forfeit, paired: the two games of a pair share their
  cards, so they are not independent draws), **mean deals a game**, **forfeits** by side, with
  their reasons.
- **Decisions a second** per player: its decisions over the seconds they took (the referee
  times each answer; the kernel's games are timed whole, its time shared by the decisions),
  leaving out its first decision in each shard, which loads its tables (``first_microseconds``,
  apart; ``decisions`` counts the rest).

With three players (three sides, no game points) the figures are each player's and each seat's:
**each player's share of the wins**, paired over the decks (each deck's three games, one in each
rotation, so every player held every seat's cards: its share 0, 1/3, 2/3 or 1), **each seat's
share** (the first dealer, on his left, on his right: which seat the cards favour), the players
skunked (and double-skunked), deals a game, forfeits and decisions a second.

Every standard error is one standard deviation of the mean (± in the report); none for fewer
than two pairs.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from crib_stats.model.seats import names as seat_names

from .rows import (D_COUNT, D_FIRST_SECONDS, D_SECONDS, G_A_FIRST, G_A_WON, G_DEALS, G_DOUBLE, G_DOUBLED,
                   G_FIRST_DEALER_WON, G_FORFEIT, G_POINTS, G_ROTATION, G_SKUNK, G_SKUNKED, G_WINNER)

TOP_REASONS = 5


def mean_se(x: np.ndarray) -> tuple[float | None, float | None]:
    """(mean, standard error of the mean); None where there are too few values."""
    n = len(x)
    if n == 0:
        return None, None
    m = float(np.mean(x))
    return m, (float(np.std(x, ddof=1) / math.sqrt(n)) if n > 1 else None)


def model_line(match) -> str:
    """What made the games: the players, the referee or the kernel, the duplicate scheme."""
    return "; ".join(model_assumes(match).values())


def model_assumes(match) -> dict:
    """What made the games, clause by clause (the ``assumes`` of the match's ``model``)."""
    how = ("both greedy: the games are played by the whole-game kernel (crib_stats.kernels.wholegames), the "
           "referee's games exactly (the tests hold its records to the referee's, byte for byte); decisions a "
           "second: the kernel's time shared by its decisions (the records are written when read)"
           if match.kernel else "the referee (crib_stats.referee) asks each player for every decision and times it")
    s = len(match.players)
    if s == 2:
        games = (f"{match.games:,} duplicate games: deck sequences 0 to {match.games // 2 - 1:,} of seed "
                 f"{match.seed}, each played twice with the seats swapped (game 2k: A deals first)")
        if match.rules.teams:
            games += "; each player plays both seats of its partnership"
    else:
        games = (f"{match.games:,} duplicate games: deck sequences 0 to {match.games // s - 1:,} of seed "
                 f"{match.seed}, each played in the {s} rotations of the players over the seats (game {s}k + r: "
                 "A deals first in rotation 0, C in 1, B in 2)")
    out = {"games": games, "decisions": how}
    if match.muggins:
        out["muggins"] = ("muggins: each show is claimed by its owner and the seat on its left may call what an "
                          "undercount missed; greedy, random, points and engine claim the true count and call every "
                          "point missed, sloppy misses its flushes and nobs and calls nothing")
    return out


def model_json(match) -> dict:
    """The model in the shape every command's JSON gives it: a name, what it assumes clause by
    clause, and the whole statement."""
    return {"name": "match/duplicate", "players": dict(zip("abc", match.players)), "assumes": model_assumes(match),
            "description": model_line(match)}


def _speed(match) -> list[dict]:
    out = []
    for side, name in enumerate(match.players):
        count, seconds = match.decisions[side, D_COUNT], match.decisions[side, D_SECONDS]
        loading = match.decisions[side, D_FIRST_SECONDS]
        out.append({"side": "ABC"[side], "player": name, "decisions": int(count),
                    "microseconds": int(round(1e6 * float(seconds))),
                    "first_microseconds": int(round(1e6 * float(loading))),
                    "decisions_per_second": (int(round(count / seconds)) if seconds > 0 else None)})
    return out


def _reasons(match, rows) -> Counter:
    reasons: Counter = Counter()
    if (rows[:, G_FORFEIT] != 0).any():
        for record in match.records():
            reason = record["result"]["forfeit"]
            if reason is not None:
                reasons[reason] += 1
    return reasons


def summarise(match) -> dict:
    if len(match.players) == 3:
        return summarise_three(match)
    rows = match.rows
    n = rows.shape[0]
    a_won = rows[:, G_A_WON].astype(float)
    pairs = a_won.reshape(-1, 2).mean(axis=1) if n else a_won
    win, win_se = mean_se(pairs)
    raw, raw_se = mean_se(a_won)
    points = rows[:, G_POINTS].astype(float)
    a_points = points * a_won
    b_points = points * (1 - a_won)
    margin = (a_points - b_points).reshape(-1, 2).mean(axis=1) if n else a_points
    margin_mean, margin_se = mean_se(margin)
    a_mean, a_se = mean_se(a_points.reshape(-1, 2).mean(axis=1) if n else a_points)
    b_mean, b_se = mean_se(b_points.reshape(-1, 2).mean(axis=1) if n else b_points)
    skunk = rows[:, G_SKUNK] == 1
    double = rows[:, G_DOUBLE] == 1
    # the first dealer's wins, by deck pair (its two games share the cards), pairs without a forfeit
    whole = (rows[:, G_FORFEIT] == 0).reshape(-1, 2).all(axis=1) if n else np.zeros(0, bool)
    first_pairs = rows[:, G_FIRST_DEALER_WON].astype(float).reshape(-1, 2).mean(axis=1) if n else np.zeros(0)
    first, first_se = mean_se(first_pairs[whole])
    deals, deals_se = mean_se(rows[:, G_DEALS].astype(float))
    reasons = _reasons(match, rows)
    speed = _speed(match)
    return {
        "a": match.a, "b": match.b, "games": n, "pairs": n // 2, "seed": match.seed, "variant": match.variant,
        **_rules(match),
        "time_limit_ms": None if match.time_limit is None else int(round(1000 * match.time_limit)),
        "shards": match.shards, "kernel": match.kernel,
        "win_rate": win, "win_rate_se": win_se, "win_rate_raw": raw, "win_rate_raw_se": raw_se,
        "a_wins": int(a_won.sum()), "b_wins": int(n - a_won.sum()),
        "game_points": {"a": a_mean, "a_se": a_se, "b": b_mean, "b_se": b_se, "margin": margin_mean,
                        "margin_se": margin_se,
                        "a_total": int(a_points.sum()), "b_total": int(b_points.sum())},
        "skunks": {"by_a": int((skunk & (a_won == 1)).sum()), "by_b": int((skunk & (a_won == 0)).sum()),
                   "double_by_a": int((double & (a_won == 1)).sum()), "double_by_b": int((double & (a_won == 0)).sum()),
                   "name": "lurch" if match.variant == "five-card" else "skunk"},
        "first_dealer_win_rate": first, "first_dealer_win_rate_se": first_se, "first_dealer_pairs": int(whole.sum()),
        "first_dealer_a_games": int(rows[:, G_A_FIRST].sum()),
        "deals_mean": deals, "deals_mean_se": deals_se,
        "forfeits": {"by_a": int((rows[:, G_FORFEIT] == 1).sum()), "by_b": int((rows[:, G_FORFEIT] == 2).sum()),
                     "reasons": [{"reason": r, "games": c} for r, c in reasons.most_common(TOP_REASONS)],
                     "kinds": len(reasons)},
        "speed": speed, "milliseconds": int(round(1000 * match.seconds)), "shards_computed": match.computed,
        "model": model_json(match),
    }


def _rules(match) -> dict:
    """The game's target and muggins, where they are not the variant's first game (two players,
    the default target, no muggins: version 1 of the record)."""
    if match.rules.version == 1:
        return {}
    return {"target": match.target, "muggins": match.muggins, "players": list(match.players)}


def summarise_three(match) -> dict:
    """The figures of a three-player match (module docstring)."""
    rows = match.rows
    n = rows.shape[0]
    decks = n // 3
    winner = rows[:, G_WINNER]
    seat_won = (winner + rows[:, G_ROTATION]) % 3  # the seat the winner held (player p holds seat p + r)
    players = []
    for p, name in enumerate(match.players):
        share, se = mean_se((winner == p).astype(float).reshape(decks, 3).mean(axis=1) if n else np.zeros(0))
        players.append({"side": "ABC"[p], "player": name, "win_rate": share, "win_rate_se": se,
                        "wins": int((winner == p).sum()),
                        "skunked": int(((rows[:, G_SKUNKED] >> p) & 1).sum()),
                        "double_skunked": int(((rows[:, G_DOUBLED] >> p) & 1).sum())})
    seats = []
    for i, seat in enumerate(seat_names(3)):
        share, se = mean_se((seat_won == i).astype(float).reshape(decks, 3).mean(axis=1) if n else np.zeros(0))
        seats.append({"seat": seat, "win_rate": share, "win_rate_se": se, "wins": int((seat_won == i).sum())})
    deals, deals_se = mean_se(rows[:, G_DEALS].astype(float))
    reasons = _reasons(match, rows)
    return {
        "players": list(match.players), "games": n, "decks": decks, "seed": match.seed, "variant": match.variant,
        "target": match.target, "muggins": match.muggins,
        "time_limit_ms": None if match.time_limit is None else int(round(1000 * match.time_limit)),
        "shards": match.shards, "kernel": match.kernel,
        "by_player": players, "by_seat": seats,
        "game_points": None,  # no standard game points exist for three players
        "skunks": {"name": "lurch" if match.variant == "five-card" else "skunk",
                   "games": int(rows[:, G_SKUNK].sum()), "double_games": int(rows[:, G_DOUBLE].sum())},
        "deals_mean": deals, "deals_mean_se": deals_se,
        "forfeits": {"games": int(rows[:, G_FORFEIT].sum()),
                     "reasons": [{"reason": r, "games": c} for r, c in reasons.most_common(TOP_REASONS)],
                     "kinds": len(reasons)},
        "speed": _speed(match), "milliseconds": int(round(1000 * match.seconds)), "shards_computed": match.computed,
        "model": model_json(match),
    }
