"""What playing to the board is worth: whole six-card games of a player who throws by
``discard --score`` against one who throws by points, both otherwise the game model's players
(greedy play), each dealing first half the time (:func:`crib_stats.kernels.boardgames.board_games`).

Every game is played twice on the same cards, once with A throwing for the board (X) and once
with A throwing by points too (C, the control): A wins C with probability exactly 1/2 (the two
players are the same and deal first equally often), so A's win rate is measured as 1/2 + mean(X
- C), whose error comes only from the games in which A threw otherwise at least once. The raw
win rate mean(X) is given with its own (larger) error too.

The board player's throw at a decision: from a position where either score is at least
``BOARD_FROM``, the throw of highest P(win) over ``N_HANDS`` random opponent hands (common to
every throw; later deals by the committed board), taken only when it beats the points throw by
more than ``Z`` paired standard errors; below ``BOARD_FROM`` and otherwise, the points throw.
That is a cheaper, more cautious player than ``discard --score`` itself (about 0.3 s a deal at
its default accuracy), so the value measured is if anything an underestimate; by how much is
measured at the stand-in's own decisions (:func:`decisions`) by the board-cost study of the
checkout (``studies/boardcost.py``; its committed files are read by :mod:`.boardcost`).

The games are a measurement on the engine (:class:`BoardPlay`, on the protocol of
:mod:`crib_stats.core.measurement`): cut into shards, each finished one kept (a killed run
resumes). ``crib-stats game --board-play GAMES`` runs it; the committed result (``make data``)
is ``data/board_play.json`` (the summary) and ``data/board_play_games.npz`` (every game's row,
for the test that recomputes the first games), read by :func:`committed` and
:func:`committed_games`; :func:`decisions` and :func:`changes` replay one of its games.
"""

from __future__ import annotations

import json
import math
from typing import Iterator, NamedTuple

import numpy as np

from crib_stats.core.data import data_file
from crib_stats.core.engine import bounds
from crib_stats.core.measurement import Measurement, Run, joined

from .model import GameError, deal_inputs, committed_path

VARIANT = "six-card"
GAMES = 12_000
SEED = 0
SHARDS = 24
N_HANDS = 800
Z = 2.5
BOARD_FROM = 85
BANDS = (85, 100, 110, 115, 118, 121)
DATA_JSON = "board_play.json"
DATA_GAMES = "board_play_games.npz"
ARRAYS = ("rows", "bands")


def params() -> dict:
    return {"variant": VARIANT, "n_hands": N_HANDS, "z": Z, "board_from": BOARD_FROM, "bands": list(BANDS)}


class BoardPlay(Measurement):
    """Games 0..games-1 of ``seed`` in ``shards`` parts (:mod:`crib_stats.core.measurement`):
    the result is (the summary, every game's arrays {"rows": (games, N_GAME), "bands": (games,
    bands, 2)}); the committed files are :data:`DATA_JSON` and :data:`DATA_GAMES`."""

    name, cache, arrays, files = "board-play", "boardplay", ARRAYS, (DATA_JSON, DATA_GAMES)

    def __init__(self, games: int = GAMES, seed: int = SEED, shards: int = SHARDS):
        self.games, self.seed, self.shards = int(games), int(seed), int(shards)
        if self.games < 2 or self.games % 2:
            raise GameError(f"board play: the games come in pairs (each player deals first in one), got {games}")
        if not 1 <= self.shards <= self.games:
            raise GameError(f"board play: shards must be 1 to {self.games}, got {shards}")

    def parts(self) -> list[tuple]:
        return [(self.seed, lo, hi) for lo, hi in bounds(self.games, self.shards)]

    @staticmethod
    def part(seed: int, lo: int, hi: int) -> dict:
        """Games lo..hi-1 of ``seed``: {"rows", "bands"}."""
        from crib_stats.kernels import boardgames as kbg, boardthrow as kt

        from .board import committed, kernel_tables
        from .throws import kernel_keeps

        k = deal_inputs(VARIANT, "objective")
        gm_in = (k["index"], k["rank_hand"], k["rank_crib"], k["throws"], k["hand_table"], k["crib_table"],
                 k["rank_throws"])
        b = committed(VARIANT)
        tab = kernel_tables(b.values, b.se)
        keeps = kernel_keeps(k["dealt"] - k["throws"].shape[1])
        rows, bands = kbg.board_games(int(seed), int(lo), int(hi), k["dealt"], N_HANDS, Z, BOARD_FROM,
                                      np.array(BANDS, np.int64), gm_in, keeps, kt.keep_rows(keeps), tab, b.target,
                                      b.skunk, k["stop_at_go"])
        return {"rows": rows, "bands": bands}

    def key(self) -> dict:
        import sys

        from crib_stats.core import tables

        from crib_stats.model import variants as rules
        from crib_stats.discard import shards as memo_shards
        from crib_stats.runtime.cache import content_digest, source_digest

        from . import board, model, throws

        return {"kind": "board-play", "games": self.games, "seed": self.seed, "shards": self.shards, **params(),
                "kernels": source_digest(),
                "code": content_digest([sys.modules[__name__], model, board, throws, tables, rules, memo_shards],
                                       [committed_path(VARIANT)])}

    def result(self, parts: list[dict], run: Run) -> tuple[dict, dict]:
        out = joined(parts, ARRAYS)
        return summarise(out["rows"], out["bands"], self.seed, run.seconds), out

    def write(self, out, result) -> None:
        summary, games = result
        write_measurement(out, f"crib-stats game --board-play {self.games} --seed {self.seed} --out DIR",
                          DATA_JSON, summary, "what playing to the board is worth: whole games of a board-aware "
                          "thrower against a points thrower",
                          DATA_GAMES, {k: games[k].astype(np.int8) for k in ARRAYS},
                          "every game of board_play.json: its row and its decisions per band")


def summarise(rows: np.ndarray, bands: np.ndarray, seed: int = SEED, seconds: float = 0.0) -> dict:
    """The measured value: A's win rate (paired and raw, each with its standard error), skunks,
    and per band of the higher score at A's decisions: decisions, how often the board throws
    otherwise, and the P(win) the games whose first such throw fell in the band added."""
    from crib_stats.kernels import boardgames as kbg

    n = rows.shape[0]
    x = rows[:, kbg.G_X_WIN].astype(float)
    c = rows[:, kbg.G_C_WIN].astype(float)
    d = x - c

    def se(v):
        return float(v.std(ddof=1) / math.sqrt(len(v))) if len(v) > 1 else float("nan")

    per_band = []
    for b in range(len(BANDS) - 1):
        dec = int(bands[:, b, kbg.B_DECISIONS].sum())
        diff = int(bands[:, b, kbg.B_DIFFERS].sum())
        first = rows[:, kbg.G_FIRST_BAND] == b
        added = d * first
        per_band.append({"band": f"{BANDS[b]}-{BANDS[b + 1] - 1}", "low": BANDS[b], "high": BANDS[b + 1] - 1,
                         "decisions": dec, "differs": diff, "differs_share": diff / dec if dec else None,
                         "games_first_differs": int(first.sum()), "p_win_added": float(added.mean()),
                         "p_win_added_se": se(added),
                         "p_win_added_per_change": float(d[first].mean()) if first.any() else None,
                         "p_win_added_per_change_se": se(d[first]) if first.sum() > 1 else None})
    diverged = rows[:, kbg.G_FIRST_BAND] >= 0
    return {"games": n, "seed": seed, **params(),
            "win_rate": 0.5 + float(d.mean()), "win_rate_se": se(d),
            "win_rate_raw": float(x.mean()), "win_rate_raw_se": se(x),
            "control_win_rate": float(c.mean()), "control_win_rate_se": se(c),
            "skunk_rate": float(rows[:, kbg.G_X_SKUNK].mean()), "control_skunk_rate": float(rows[:, kbg.G_C_SKUNK].mean()),
            "games_board_differs": int(diverged.sum()), "games_outcome_changed": int((d != 0).sum()),
            "deals_mean": float(rows[:, kbg.G_X_DEALS].mean()), "bands": per_band, "seconds": round(seconds, 1),
            "what": ("A throws for the board (discard --score, cheaper: see n_hands, z, board_from), B by points; "
                     "win_rate = 1/2 + mean(A wins X - A wins C), C the same games with A by points too; "
                     "± one standard error")}


def write_measurement(out, command: str, json_name: str, summary: dict, json_what: str, npz_name: str,
                      arrays: dict, npz_what: str) -> None:
    """A measurement's summary (``json_name``) and its rows (``npz_name``, compressed) written
    into ``out`` (an :class:`crib_stats.core.io.OutputDir`), listed in its index with the
    ``command`` that makes them."""
    out.write(json_name, json.dumps(summary, indent=1, sort_keys=True) + "\n", command, json_what)
    out.write_with(npz_name, lambda fh: np.savez_compressed(fh, **arrays), command, npz_what, binary=True)


def committed() -> dict:
    """The committed summary (data/board_play.json)."""
    return json.loads(data_file(DATA_JSON).read_text())


def committed_games() -> dict:
    with np.load(data_file(DATA_GAMES)) as z:
        return {k: z[k].astype(np.int64) for k in ARRAYS}


class Decision(NamedTuple):
    """One of A's throws in game X of the measurement: the deal (0 the first), A's sorted cards
    (codes), A's role (1 dealer, 2 pone), the scores (A's, B's), the throw A made and the points
    throw (indices into the variant's throws of the sorted cards), and whether A consulted the
    board (a score at least ``BOARD_FROM``)."""

    deal: int
    cards: tuple[int, ...]
    role: int
    mine: int
    theirs: int
    throw: int
    points_throw: int
    consulted: bool


def decisions(game: int, seed: int = SEED) -> Iterator[Decision]:
    """Game ``game`` of the measurement replayed deal by deal (X: A for the board), every
    decision of A's as it is made (:class:`Decision`)."""
    from crib_stats.kernels import boardgames as kbg, boardthrow as kt, game as kg

    from .board import committed, kernel_tables
    from .throws import kernel_keeps

    k = deal_inputs(VARIANT, "objective")
    throws = k["throws"]
    gm_in = (k["index"], k["rank_hand"], k["rank_crib"], throws, k["hand_table"], k["crib_table"], k["rank_throws"])
    b = committed(VARIANT)
    tab = kernel_tables(b.values, b.se)
    dealt, throw = k["dealt"], throws.shape[1]
    keeps = kernel_keeps(dealt - throw)
    rows = kt.keep_rows(keeps)
    drawn = np.zeros(2 * dealt + 1, np.int64)
    kept = np.zeros((2, dealt - throw), np.int64)
    crib = np.zeros(4, np.int64)
    who = np.zeros(kg.MAX_EVENTS, np.int64)
    pts = np.zeros(kg.MAX_EVENTS, np.int64)
    stats = np.zeros(kg.N_STATS, np.int64)
    sa = sb = 0
    a_deals = game % 2 == 0
    for j in range(kbg.MAX_DEALS):
        kg.deal_cards(seed, game * kbg.MAX_DEALS + j, 2 * dealt + 1, drawn)
        for player in range(2):
            cards = np.sort(drawn[0:dealt] if player == 1 else drawn[dealt:2 * dealt])
            role = 1 if player == 1 else 2
            is_a = (player == 1) == a_deals
            mine, theirs = (sa, sb) if is_a else (sb, sa)
            q = qp = int(kt.objective_throw(cards, role, gm_in))
            if is_a:
                consulted = max(mine, theirs) >= BOARD_FROM
                if consulted:
                    # the kernel's decision seed (its uint64 arithmetic wraps mod 2**64)
                    dseed = np.uint64(kbg.mix64(np.uint64((seed * 0x9E3779B97F4A7C15 + game * kbg.MAX_DEALS + j)
                                                          % 2**64)))
                    q, qp = (int(x) for x in kbg.board_decide(cards, role, mine, theirs, dseed, N_HANDS, Z, gm_in,
                                                              keeps, rows, tab, b.target, b.skunk, k["stop_at_go"]))
                yield Decision(j, tuple(int(c) for c in cards), role, int(mine), int(theirs), q, qp, consulted)
            kbg.split(cards, throws, q, kept[player], crib, player * throw)
        n = kg.deal_script(kept, crib, drawn[2 * dealt], k["stop_at_go"], k["hand_table"], k["crib_table"], who, pts,
                           stats)
        winner, sa, sb = kbg.walk(who, pts, n, a_deals, sa, sb, b.target)
        a_deals = not a_deals
        if winner >= 0:
            return


def thrown(cards, q: int) -> tuple[int, ...]:
    """The codes of throw ``q`` of sorted ``cards`` (the variant's throws in their order)."""
    from crib_stats.model.variants import variant
    from crib_stats.kernels.combinatorics import combinations

    v = variant(VARIANT)
    return tuple(int(cards[i]) for i in combinations(v.dealt, v.throw)[q])


def changes(game: int, seed: int = SEED) -> list[dict]:
    """Game ``game`` of the measurement replayed deal by deal (X: A for the board), with every
    decision at which A threw otherwise than by points: {"deal", "cards", "role", "mine",
    "theirs", "board_throw", "points_throw"} (cards as Card values, throws as card tuples)."""
    from crib_stats.core.cards import Card

    def card_tuple(codes):
        return tuple(Card.from_code(c) for c in codes)

    return [{"deal": d.deal, "cards": card_tuple(d.cards), "role": "dealer" if d.role == 1 else "pone",
             "mine": d.mine, "theirs": d.theirs, "board_throw": card_tuple(thrown(d.cards, d.throw)),
             "points_throw": card_tuple(thrown(d.cards, d.points_throw))}
            for d in decisions(game, seed) if d.throw != d.points_throw]
