"""``greedy`` in every seat at kernel speed: the whole-game kernel
(:mod:`crib_stats.kernels.wholegames`) plays the games of any variant (two players, three, four
in partnership; any target it is played to) into integer arrays (each deal's cards, throws,
plays and shows, with every point), and their records, when asked for, are the referee's: each
game's decisions, read off the arrays, are applied by the referee
(:meth:`crib_stats.referee.Game.from_decisions`), which checks every one and writes the record
(``crib-stats-game/1`` or ``/2`` as the variant's version says; the decisions' times, which the
kernel does not take, are null). The tests hold the kernel's points and results to those of the
referee's games, point for point, and its games to the referee's own greedy players' games,
byte for byte. Muggins changes nothing in a game of greedy players, who claim every show's true
count (so no call is ever asked): the kernel plays the game without it, and the claims are read
off its shows.

Every seat plays alike (greedy reads only its cards and the count), so the games of a duplicate
set are the same game: each deck is played once and its record stands for every rotation of
the players (the players' names are the same, ``greedy``). The time of a shard is shared by its
decisions for the players' decisions a second.

What a record costs: the kernel plays thousands of games a second; the referee replays a few
dozen to a hundred (its checks, views and positions, in Python), so a match writes records only
when asked (``--out``), from the kernel's arrays kept in the shard's cache.
"""

from __future__ import annotations

import gc
import time

import numpy as np

from crib_stats.core.cards import Card
from crib_stats.model.seats import names as seat_names
from crib_stats.model.variants import Variant
from crib_stats.referee.deck import check_played, deals_per_deck
from crib_stats.referee.game import Game
from crib_stats.referee.record import line

CARDS = tuple(Card.from_code(c) for c in range(52))


def kernel_inputs(variant: str | Variant) -> tuple:
    """(the variant, its rules as the kernel reads them, the game model's throw inputs) of a
    variant the referee plays (its target kept; muggins, which changes nothing in greedy
    players' games, is not the kernel's)."""
    from crib_stats.game.model import deal_inputs
    from crib_stats.kernels import wholegames as kw

    v = check_played(variant)
    k = deal_inputs(v.name, "objective")
    gm_in = (k["index"], k["rank_hand"], k["rank_crib"], k["throws"], k["hand_table"], k["crib_table"],
             k["rank_throws"])
    rules = np.zeros(kw.N_R, np.int64)
    rules[[kw.R_PLAYERS, kw.R_DEALT, kw.R_CRIB_CARD, kw.R_STOP_AT_GO, kw.R_FIRST_LAST, kw.R_TARGET,
           kw.R_DEALS_PER_DECK, kw.R_SIDES]] = (v.players, v.dealt, v.crib_from_deck, v.play_stops_at_first_go,
                                                v.first_deal_last, v.target, deals_per_deck(v), v.sides)
    rules[kw.R_SIDE:kw.R_SIDE + v.players] = [v.side_of(s) for s in range(v.players)]
    return v, rules, gm_in


def play_decks(seed: int, decks, variant: str | Variant) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's games of ``decks``: (games (n, W), deals, plays), counted then filled."""
    from crib_stats.kernels import wholegames as kw

    v, rules, gm_in = kernel_inputs(variant)
    decks = np.asarray(decks, np.int64)
    width = kw.D_CARDS + kw.drawn_of(v.players, v.dealt, v.crib_from_deck)
    games = kw.greedy_games(int(seed), decks, rules, gm_in, False, np.zeros((0, width), np.int64),
                            np.zeros((0, kw.N_P), np.int64))
    deals = np.zeros((int(games[:, kw.W_DEALS].sum()), width), np.int64)
    plays = np.zeros((int(games[:, kw.W_PLAYS].sum()), kw.N_P), np.int64)
    again = kw.greedy_games(int(seed), decks, rules, gm_in, True, deals, plays)
    assert (again == games).all()
    return games, deals, plays


def decisions(games: np.ndarray, deals: np.ndarray, plays: np.ndarray, throws: np.ndarray,
              variant: str | Variant) -> list[list[tuple[str, object]]]:
    """Every game's decisions in the order made, (seat, cards thrown, card played or points
    claimed), read off the kernel's arrays: each deal's throws in the play's order (from the
    dealer's left, the dealer last: the kernel's rows of ``throws``, indexes into the sorted
    cards dealt), the cards played (the plays' entries that are cards) and, with muggins, each
    show's claim, its true count (as the built-in players claim: nothing missed, nothing called)."""
    from crib_stats.kernels import wholegames as kw

    v = check_played(variant)
    n, dealt = v.players, v.dealt
    seats = seat_names(n)
    out = []
    d = p = 0
    for g in range(games.shape[0]):
        made: list[tuple[str, object]] = []
        for j in range(int(games[g, kw.W_DEALS])):
            row = deals[d + j]
            dealer = j % n
            for t in range(n):
                seat = (dealer + 1 + t) % n
                off = kw.D_CARDS + ((seat - dealer) % n) * dealt  # the dealer's cards first, then clockwise
                srt = np.sort(row[off:off + dealt])
                made.append((seats[seat], tuple(CARDS[int(srt[i])] for i in throws[int(row[kw.D_THROW + seat])])))
            for e in plays[p:p + int(row[kw.D_PLAYS])]:
                if e[kw.P_CARD] >= 0:
                    made.append((seats[int(e[kw.P_BY])], CARDS[int(e[kw.P_CARD])]))
            p += int(row[kw.D_PLAYS])
            if v.muggins:  # each show's owner claims its true count (so no call is ever asked)
                for s in range(int(row[kw.D_SHOWS])):
                    owner = (dealer + 1 + s) % n if s < n else dealer
                    base = kw.D_SHOW + kw.SHOW_PARTS * s
                    made.append((seats[owner], int(row[base:base + kw.SHOW_PARTS].sum())))
        d += int(games[g, kw.W_DEALS])
        out.append(made)
    return out


def games_of(seed: int, decks, variant: str | Variant, names: dict, arrays=None) -> list[Game]:
    """The referee's games of the kernel's games of ``decks`` (``names``: {seat: name}), each
    built from the kernel's decisions (:meth:`Game.from_decisions`)."""
    v, _, gm_in = kernel_inputs(variant)
    games, deals, plays = play_decks(seed, decks, v) if arrays is None else arrays
    made = decisions(games, deals, plays, gm_in[3], v)
    paused = gc.isenabled()
    gc.disable()  # the games' many small objects make the collector a third of the time, for no cycle
    try:
        return [Game.from_decisions(v, int(seed), int(deck), dict(names), m) for deck, m in zip(decks, made)]
    finally:
        if paused:
            gc.enable()


def lines(seed: int, decks, variant: str | Variant, names: dict, arrays=None) -> list[bytes]:
    """The records of the kernel's games of ``decks`` (``names``: {seat: name}), one compact
    JSON line each (bytes, ending in a newline), written by the referee."""
    return [line(g) for g in games_of(seed, decks, variant, names, arrays)]


def records(seed: int, decks, variant: str | Variant, names: dict, arrays=None) -> list[dict]:
    """The records of the kernel's games of ``decks``, as dicts."""
    return [g.record() for g in games_of(seed, decks, variant, names, arrays)]


KERNEL_ARRAYS = ("games", "decisions", "decks", "kgames", "kdeals", "kplays")


def greedy_part(players, seed: int, variant, lo: int, hi: int) -> dict:
    """A shard of a match of greedy players: decks lo..hi-1, each played once for every rotation
    of its set (module docstring). Its arrays (:func:`crib_stats.match.run.run_part`'s ``games``
    and ``decisions``, and the kernel's own, from which :func:`shard_lines` builds the records
    when they are read): the records themselves are not kept (about 40 kB a game as text, 1 kB as
    the kernel's rows)."""
    from crib_stats.kernels import wholegames as kw

    from .rows import (D_COUNT, D_SECONDS, G_A_FIRST, G_A_SCORE, G_A_WON, G_B_SCORE, G_C_SCORE, G_DEALS, G_DECK,
                       G_DOUBLE, G_DOUBLED, G_FIRST_DEALER_WON, G_POINTS, G_ROTATION, G_SKUNK, G_SKUNKED, G_WINNER,
                       N_DECISION, N_GAME, N_GAME_THREE, player_of)

    start = time.perf_counter()
    v = check_played(variant)
    s = v.sides
    decks = np.arange(lo, hi, dtype=np.int64)
    games, deals, plays = play_decks(seed, decks, v)
    seconds = time.perf_counter() - start
    n = len(decks)
    rows = np.zeros((s * n, N_GAME if s == 2 else N_GAME_THREE), np.int64)
    winner = games[:, kw.W_WINNER]  # the winning side
    score = games[:, kw.W_SCORE:kw.W_SCORE + s]  # by side
    loser = np.arange(s)[None, :] != winner[:, None]
    skunked = loser & (score < v.skunk)
    doubled = loser & (score < v.double_skunk)
    for r in range(s):
        row = rows[r::s]
        by_player = [(p + r) % s for p in range(s)]  # the side player p plays in rotation r
        won = np.array([player_of(int(w), r, s) for w in winner], np.int64)
        row[:, G_DECK] = decks
        row[:, G_A_FIRST] = int(r == 0)
        row[:, G_A_WON] = won == 0
        row[:, G_A_SCORE] = score[:, by_player[0]]
        row[:, G_B_SCORE] = score[:, by_player[1]]
        row[:, G_SKUNK] = skunked.any(axis=1)
        row[:, G_DOUBLE] = doubled.any(axis=1)
        row[:, G_POINTS] = np.where(skunked.any(axis=1), 3, 2) if s == 2 else 0
        row[:, G_DEALS] = games[:, kw.W_DEALS]
        row[:, G_FIRST_DEALER_WON] = winner == 0
        if s == 3:
            row[:, G_ROTATION] = r
            row[:, G_WINNER] = won
            row[:, G_C_SCORE] = score[:, by_player[2]]
            row[:, G_SKUNKED] = sum(skunked[:, by_player[p]].astype(np.int64) << p for p in range(s))
            row[:, G_DOUBLED] = sum(doubled[:, by_player[p]].astype(np.int64) << p for p in range(s))
    # a game's decisions: a throw a seat a deal, one a card played; over a set (every rotation) each player
    # holds every seat once, so makes them all once
    made = v.players * int(games[:, kw.W_DEALS].sum()) + int((plays[:, kw.P_CARD] >= 0).sum())
    each = np.zeros((s, N_DECISION))  # (the kernel was loaded before the clock started)
    each[:, D_COUNT] = made
    each[:, D_SECONDS] = seconds / s
    return {"games": rows, "decisions": each, "decks": decks, "kgames": games.astype(np.int32),
            "kdeals": deals.astype(np.int16), "kplays": plays.astype(np.int16)}


def shard_lines(part: dict, seed: int, variant, names: dict) -> list[bytes]:
    """The records of a kernel shard (:func:`greedy_part`), one a game: a deck's record stands
    for every rotation of its set (the players' names are all ``greedy``)."""
    v = check_played(variant)
    arrays = (part["kgames"].astype(np.int64), part["kdeals"].astype(np.int64), part["kplays"].astype(np.int64))
    out = []
    for line in lines(seed, part["decks"], v, names, arrays):
        out += [line] * v.sides
    return out
