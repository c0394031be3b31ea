"""``greedy`` against ``greedy`` at kernel speed: the whole-game kernel
(:mod:`crib_stats.kernels.wholegames`) plays the games into integer arrays, and a second kernel
(:mod:`crib_stats.kernels.gamerecords`) writes their records from them as text, field for field
as the referee writes them (``crib-stats-game/1``; the tests hold them to the referee's own
records of the same games, byte for byte: the decisions' times, which the kernel does not take,
are null).

Both seats play alike (greedy reads only its cards and the count), so the two games of a
duplicate pair are the same game: each deck is played once and its record stands for both (the
players' names are the same, ``greedy``). The time of a shard is shared by its decisions for the
players' decisions a second.
"""

from __future__ import annotations

import json
import time

import numpy as np

from crib_stats.core.cards import Card
from crib_stats.peg.pegging import points_why
from crib_stats.referee.deck import SEATS, card_text, check_two_player

QUOTED = [json.dumps(card_text(Card.from_code(c))) for c in range(52)]


def kernel_inputs(variant: str) -> tuple:
    """(dealt, stop at the first go, the first deal's points for last, target, the game model's
    throw inputs) of a two-player variant."""
    from crib_stats.game.model import deal_inputs

    v = check_two_player(variant)
    k = deal_inputs(v.name, "objective")
    gm_in = (k["index"], k["rank_hand"], k["rank_crib"], k["throws"], k["hand_table"], k["crib_table"],
             k["rank_throws"])
    return v, k["dealt"], bool(k["stop_at_go"]), int(v.first_deal_last), int(v.game), gm_in


def play_decks(seed: int, decks, variant: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's games of ``decks``: (games (n, W), deals, plays), counted then filled."""
    from crib_stats.kernels import wholegames as kw

    v, dealt, stop, last, target, gm_in = kernel_inputs(variant)
    decks = np.asarray(decks, np.int64)
    games = kw.greedy_games(int(seed), decks, dealt, stop, last, target, gm_in, False,
                            np.zeros((0, kw.D_CARDS + 2 * dealt + 1), np.int64), np.zeros((0, kw.N_P), np.int64))
    deals = np.zeros((int(games[:, kw.W_DEALS].sum()), kw.D_CARDS + 2 * dealt + 1), np.int64)
    plays = np.zeros((int(games[:, kw.W_PLAYS].sum()), kw.N_P), np.int64)
    again = kw.greedy_games(int(seed), decks, dealt, stop, last, target, gm_in, True, deals, plays)
    assert (again == games).all()
    return games, deals, plays


def text_tables(variant_name: str, names: dict) -> tuple:
    """What :func:`crib_stats.kernels.gamerecords.write_records` writes from besides the games:
    (cards as quoted text (52, 5) and their lengths, the pieces and their offsets, the reasons'
    piece ids by (fifteen / 2, thirty-one / 2, pair points, run))."""
    from crib_stats.kernels import recordbytes as rb

    cards = [q.encode() for q in QUOTED]
    text = np.zeros((52, 5), np.uint8)
    for c, b in enumerate(cards):
        text[c, :len(b)] = list(b)
    pieces = list(rb.FRAGMENTS) + [json.dumps(variant_name).encode(),
                                   json.dumps({SEATS[0]: names[SEATS[0]], SEATS[1]: names[SEATS[1]]},
                                              separators=(",", ":")).encode()]
    why = np.zeros((2, 2, 13, 8), np.int64)
    for f in (0, 1):
        for t in (0, 1):
            for p in (0, 2, 6, 12):
                for r in (0, 3, 4, 5, 6, 7):
                    why[f, t, p, r] = len(pieces)
                    pieces.append(points_why(2 * f, 2 * t, p, r).encode())
    offs = np.cumsum([0] + [len(b) for b in pieces]).astype(np.int64)
    return text, np.array([len(b) for b in cards], np.int64), np.frombuffer(b"".join(pieces), np.uint8).copy(), offs, why


def lines(seed: int, decks, variant: str, names: dict, arrays=None) -> list[bytes]:
    """The records of the kernel's games of ``decks`` (``names``: {seat: name}), one compact
    JSON line each (bytes, ending in a newline), written by the kernel
    (:mod:`crib_stats.kernels.gamerecords`): ``json.dumps(record, separators=(",", ":"))`` of
    the record the referee writes for the same game, its decisions' ``seconds`` null."""
    from crib_stats.kernels import gamerecords as kr
    from crib_stats.kernels import recordbytes as rb
    from crib_stats.kernels import wholegames as kw

    v, dealt, _, _, _, gm_in = kernel_inputs(variant)
    games, deals, plays = play_decks(seed, decks, variant) if arrays is None else arrays
    decks = np.asarray(decks, np.int64)
    text, text_len, pieces, offs, why = text_tables(v.name, names)
    n = len(decks)
    ends = np.zeros(n, np.int64)
    size = rb.bound(int(games[:, kw.W_DEALS].max(initial=0)), int(games[:, kw.W_PLAYS].max(initial=0)))
    size = max(size, min(64 << 20, rb.bound(int(games[:, kw.W_DEALS].sum()), int(games[:, kw.W_PLAYS].sum())) // 3))
    buf = np.zeros(size, np.uint8)
    out: list[bytes] = []
    g = 0
    while g < n:
        nxt = kr.write_records(int(seed), decks, dealt, games, deals, plays, gm_in[3], text, text_len, pieces,
                               offs, why, v.game, v.skunk, v.double_skunk, g, buf, ends)
        if nxt == g:  # (cannot happen: the buffer holds the largest game's bound) never loop on it
            buf = np.zeros(2 * buf.shape[0], np.uint8)
            continue
        data = buf[:ends[nxt - 1]].tobytes()
        start = 0
        for k in range(g, nxt):
            out.append(data[start:ends[k]])
            start = ends[k]
        g = nxt
    return out


def records(seed: int, decks, variant: str, names: dict, arrays=None) -> list[dict]:
    """:func:`lines` read back as dicts."""
    return [json.loads(line) for line in lines(seed, decks, variant, names, arrays)]


KERNEL_ARRAYS = ("games", "decisions", "decks", "kgames", "kdeals", "kplays")


def greedy_part(a: str, b: str, seed: int, variant: str, lo: int, hi: int) -> dict:
    """A shard of a greedy-against-greedy match: decks lo..hi-1, each played once for both games
    of its pair. Its arrays (:func:`crib_stats.match.run.run_part`'s ``games`` and ``decisions``,
    and the kernel's own, from which :func:`shard_lines` builds the records when they are read):
    the records themselves are not kept (about 40 kB a game as text, 1 kB as the kernel's rows)."""
    from crib_stats.kernels import wholegames as kw

    from .rows import (D_COUNT, D_SECONDS, N_DECISION, G_A_FIRST, G_A_SCORE, G_A_WON, G_B_SCORE, G_DEALS, G_DECK, G_DOUBLE,
                      G_FIRST_DEALER_WON, G_POINTS, G_SKUNK, N_GAME)

    start = time.perf_counter()
    v = check_two_player(variant)
    decks = np.arange(lo, hi, dtype=np.int64)
    games, deals, plays = play_decks(seed, decks, v.name)
    seconds = time.perf_counter() - start
    n = len(decks)
    rows = np.zeros((2 * n, N_GAME), np.int64)
    winner = games[:, kw.W_WINNER]
    first, second = games[:, kw.W_SCORE_FIRST_DEALER], games[:, kw.W_SCORE_FIRST_PONE]
    low = np.where(winner == 0, second, first)
    for half, a_first in ((0, True), (1, False)):
        r = rows[half::2]
        r[:, G_DECK] = decks
        r[:, G_A_FIRST] = int(a_first)
        r[:, G_A_WON] = (winner == 0) if a_first else (winner == 1)
        r[:, G_A_SCORE] = first if a_first else second
        r[:, G_B_SCORE] = second if a_first else first
        r[:, G_SKUNK] = low < v.skunk
        r[:, G_DOUBLE] = low < v.double_skunk
        r[:, G_POINTS] = np.where(low < v.skunk, 3, 2)
        r[:, G_DEALS] = games[:, kw.W_DEALS]
        r[:, G_FIRST_DEALER_WON] = winner == 0
    # a game's decisions: two throws a deal, one a card played; over a pair each side makes them all once
    made = 2 * int(games[:, kw.W_DEALS].sum()) + int((plays[:, kw.P_CARD] >= 0).sum())
    each = np.zeros((2, N_DECISION))  # (the kernel was loaded before the clock started)
    each[:, D_COUNT] = made
    each[:, D_SECONDS] = seconds / 2
    return {"games": rows, "decisions": each, "decks": decks, "kgames": games.astype(np.int32),
            "kdeals": deals.astype(np.int16), "kplays": plays.astype(np.int16)}


def shard_lines(part: dict, seed: int, variant: str, names: dict) -> list[bytes]:
    """The records of a kernel shard (:func:`greedy_part`), two a deck (the pair's games are the
    same game; A's and B's names are the same)."""
    arrays = (part["kgames"].astype(np.int64), part["kdeals"].astype(np.int64), part["kplays"].astype(np.int64))
    out = []
    for line in lines(seed, part["decks"], variant, names, arrays):
        out += [line, line]
    return out
