"""The records of the whole-game kernel's games (:mod:`.wholegames`) written as text, bytes into
a ``uint8`` buffer: compact JSON (no spaces), every field in the order the referee writes it,
``crib-stats-game/1`` (docs/record.md; ``crib_stats.match.greedy_games`` gives the runtime
pieces: the variant's name, the players, the play's reasons).

This module walks the games (each deal's hands, throws, plays, shows and decisions, then the
result); the bytes are put by :mod:`.recordbytes`: fragments (its ``FRAGMENTS``, then the
caller's pieces after them, all in one array ``pieces`` with offsets ``offs``), whole numbers
and cards (``text``: each card as a quoted JSON string). A game is written only when the room
left is at least a bound on its size (``recordbytes.bound``); :func:`write_records` returns how
many games it wrote, so
the caller grows the buffer and goes on. Its naive twin is the Python referee: the tests hold
these bytes to ``json.dumps`` of the referee's own record of the same game.
"""

from __future__ import annotations

import numpy as np

from .jit import njit
from .recordbytes import (BYTES_AN_ENTRY, BYTES_A_DEAL, BYTES_A_GAME, F_BY, F_BY_OPPONENT, F_BY_YOU, F_CARD, F_CARDS,
                          F_CLOSE, F_CLOSE2, F_CLOSE3, F_COMMA, F_COUNT, F_CRIB, F_DEALER, F_DEALS, F_DEAL_END,
                          F_DEAL_SCORES, F_DECISIONS, F_DECK, F_DISCARD, F_DISCARDS, F_DOUBLE, F_END, F_FALSE,
                          F_FIFTEENS, F_FIRST_LAST, F_GO, F_GO_FOR, F_HANDS, F_HEAD, F_HEELS, F_KIND_DISCARD,
                          F_KIND_PLAY, F_LAST_CARD, F_LEGAL, F_PLAYED, F_PLAYED_CARD, F_PLAYERS, F_PLAYS, F_POINTS,
                          F_POS_STARTER, F_PTS, F_RESULT, F_SCORES, F_SEAT, F_SEAT_KEY, F_SEED, F_SEQUENCE, F_SHOWS,
                          F_SHUT, F_SKUNK, F_STARTER, F_TARGET, F_TRUE, F_WHOSE, F_WHY, F_WHY_END, R_PLAYERS,
                          R_VARIANT, R_WHY, put, put_by_seat, put_card, put_cards, put_int, put_position, put_scores)
from .wholegames import (D_CARDS, D_DEALER_THROW, D_FIRST_LAST, D_HEELS, D_PLAYS, D_PONE_THROW, D_SHOW, D_SHOWS,
                         P_BY, P_CARD, P_COUNT, P_FIFTEEN, P_LAST, P_PAIRS, P_POINTS, P_RUN, P_THIRTY_ONE, W_DEALS,
                         W_PLAYS, W_WINNER)

@njit(cache=True)
def write_deal(buf, pos, pieces, offs, text, text_len, why, row, plays, p0, j, dealt, throws, scores):
    """Deal ``j``'s entry (its kernel row, its play entries from ``plays[p0]``); ``scores`` (by
    seat: 0 the first dealer) carried through it."""
    throw = throws.shape[1]
    keep = dealt - throw
    dealer = j % 2
    pone = 1 - dealer
    hands = np.zeros((2, dealt), np.int64)
    thrown = np.zeros((2, throw), np.int64)
    kept = np.zeros((2, keep), np.int64)
    srt = np.zeros(dealt, np.int64)
    for i in range(dealt):
        hands[dealer, i] = row[D_CARDS + i]
        hands[pone, i] = row[D_CARDS + dealt + i]
    starter = row[D_CARDS + 2 * dealt]
    for s in range(2):
        q = row[D_DEALER_THROW] if s == dealer else row[D_PONE_THROW]
        for i in range(dealt):
            srt[i] = hands[s, i]
        srt.sort()
        for t in range(throw):
            thrown[s, t] = srt[throws[q, t]]
        m = 0
        for i in range(dealt):
            out = False
            for t in range(throw):
                if thrown[s, t] == hands[s, i]:
                    out = True
            if not out:
                kept[s, m] = hands[s, i]
                m += 1
    start = scores.copy()  # as the deal began
    first_last = row[D_FIRST_LAST]
    heels = row[D_HEELS]
    n_entries = row[D_PLAYS]
    pos = put(buf, pos, pieces, offs, F_DEALER)
    pos = put(buf, pos, pieces, offs, F_SEAT + dealer)
    pos = put_by_seat(buf, pos, pieces, offs, text, text_len, F_HANDS, hands)
    pos = put(buf, pos, pieces, offs, F_FIRST_LAST)
    pos = put_int(buf, pos, first_last)
    pos = put_by_seat(buf, pos, pieces, offs, text, text_len, F_DISCARDS, thrown)
    pos = put(buf, pos, pieces, offs, F_STARTER)
    pos = put_card(buf, pos, text, text_len, starter)
    pos = put(buf, pos, pieces, offs, F_HEELS)
    pos = put_int(buf, pos, heels)
    scores[pone] += first_last
    scores[dealer] += heels
    pos = write_plays(buf, pos, pieces, offs, text, text_len, why, plays, p0, n_entries, dealer, scores)
    pos = write_shows(buf, pos, pieces, offs, text, text_len, row, thrown, kept, dealer, scores)
    pos = put_scores(buf, pos, pieces, offs, F_DEAL_SCORES, scores)
    pos = write_decisions(buf, pos, pieces, offs, text, text_len, plays, p0, n_entries, dealer, hands, thrown, kept,
                          starter, start, first_last, heels)
    return put(buf, pos, pieces, offs, F_DEAL_END)


@njit(cache=True)
def write_plays(buf, pos, pieces, offs, text, text_len, why, plays, p0, n_entries, dealer, scores):
    """The deal's ``plays``: every card and go in order, ``scores`` carried through them."""
    pone = 1 - dealer
    pos = put(buf, pos, pieces, offs, F_PLAYS)
    for e in range(n_entries):
        if e > 0:
            pos = put(buf, pos, pieces, offs, F_COMMA)
        p = plays[p0 + e]
        seat = dealer if p[P_BY] == 1 else pone
        pos = put(buf, pos, pieces, offs, F_BY)
        pos = put(buf, pos, pieces, offs, F_SEAT + seat)
        if p[P_CARD] >= 0:
            pos = put(buf, pos, pieces, offs, F_CARD)
            pos = put_card(buf, pos, text, text_len, p[P_CARD])
            pos = put(buf, pos, pieces, offs, F_COUNT)
            pos = put_int(buf, pos, p[P_COUNT])
            pos = put(buf, pos, pieces, offs, F_PTS)
            pos = put_int(buf, pos, p[P_POINTS])
            pos = put(buf, pos, pieces, offs, F_WHY)
            pos = put(buf, pos, pieces, offs, why[p[P_FIFTEEN] // 2, p[P_THIRTY_ONE] // 2, p[P_PAIRS], p[P_RUN]])
        else:
            pos = put(buf, pos, pieces, offs, F_GO)
            pos = put(buf, pos, pieces, offs, F_TRUE if p[P_LAST] else F_FALSE)
            pos = put(buf, pos, pieces, offs, F_PTS)
            pos = put_int(buf, pos, p[P_POINTS])
            pos = put(buf, pos, pieces, offs, F_WHY)
            pos = put(buf, pos, pieces, offs, F_LAST_CARD if p[P_LAST] else F_GO_FOR)
        pos = put(buf, pos, pieces, offs, F_WHY_END)
        scores[seat] += p[P_POINTS]
    return pos


@njit(cache=True)
def write_shows(buf, pos, pieces, offs, text, text_len, row, thrown, kept, dealer, scores):
    """The deal's ``shows`` in order, ``scores`` carried through them."""
    pone = 1 - dealer
    throw = thrown.shape[1]
    keep = kept.shape[1]
    # the shows
    pos = put(buf, pos, pieces, offs, F_SHOWS)
    crib = np.zeros(4, np.int64)
    for t in range(throw):
        crib[t] = thrown[pone, t]
        crib[throw + t] = thrown[dealer, t]
    for s in range(row[D_SHOWS]):
        if s > 0:
            pos = put(buf, pos, pieces, offs, F_COMMA)
        seat = pone if s == 0 else dealer
        pos = put(buf, pos, pieces, offs, F_WHOSE)
        pos = put(buf, pos, pieces, offs, F_SEAT + seat if s < 2 else F_CRIB)
        pos = put(buf, pos, pieces, offs, F_CARDS)
        if s < 2:
            pos = put_cards(buf, pos, pieces, offs, text, text_len, kept[seat], keep)
        else:
            pos = put_cards(buf, pos, pieces, offs, text, text_len, crib, 2 * throw)
        total = 0
        for k in range(5):
            total += row[D_SHOW + 5 * s + k]
        pos = put(buf, pos, pieces, offs, F_PTS)
        pos = put_int(buf, pos, total)
        for k in range(5):
            pos = put(buf, pos, pieces, offs, F_FIFTEENS + k)
            pos = put_int(buf, pos, row[D_SHOW + 5 * s + k])
        pos = put(buf, pos, pieces, offs, F_CLOSE)
        scores[seat] += total
    return pos


@njit(cache=True)
def write_decisions(buf, pos, pieces, offs, text, text_len, plays, p0, n_entries, dealer, hands, thrown, kept, starter,
                    start, first_last, heels):
    """The deal's ``decisions`` with their positions, from ``start``, the scores as the deal began."""
    pone = 1 - dealer
    throw = thrown.shape[1]
    keep = kept.shape[1]
    dealt = hands.shape[1]
    # the decisions, from the scores as the deal began
    pos = put(buf, pos, pieces, offs, F_DECISIONS)
    now = start.copy()
    now[pone] += first_last
    for k in range(2):  # the throws: the pone first
        seat = pone if k == 0 else dealer
        if k > 0:
            pos = put(buf, pos, pieces, offs, F_COMMA)
        pos = put(buf, pos, pieces, offs, F_SEAT_KEY)
        pos = put(buf, pos, pieces, offs, F_SEAT + seat)
        pos = put(buf, pos, pieces, offs, F_KIND_DISCARD)
        pos = put_cards(buf, pos, pieces, offs, text, text_len, thrown[seat], throw)
        pos = put_position(buf, pos, pieces, offs, text, text_len, hands[seat], dealt, seat == dealer, now[seat],
                           now[1 - seat])
        pos = put(buf, pos, pieces, offs, F_CLOSE3)
    now[dealer] += heels
    left = kept.copy()
    n_left = np.full(2, keep, np.int64)
    played = np.zeros(2 * keep, np.int64)
    played_by = np.zeros(2 * keep, np.int64)
    n_played = 0
    seq_from = 0  # the current count's first card in ``played``
    legal = np.zeros(keep, np.int64)
    for e in range(n_entries):
        p = plays[p0 + e]
        seat = dealer if p[P_BY] == 1 else pone
        code = p[P_CARD]
        if code >= 0:
            r = code >> 2
            pip = r + 1 if r < 10 else 10
            before = p[P_COUNT] - pip
            if before == 0:
                seq_from = n_played
            pos = put(buf, pos, pieces, offs, F_COMMA)
            pos = put(buf, pos, pieces, offs, F_SEAT_KEY)
            pos = put(buf, pos, pieces, offs, F_SEAT + seat)
            pos = put(buf, pos, pieces, offs, F_KIND_PLAY)
            pos = put_card(buf, pos, text, text_len, code)
            pos = put_position(buf, pos, pieces, offs, text, text_len, left[seat], n_left[seat], seat == dealer,
                               now[seat], now[1 - seat])
            pos = put(buf, pos, pieces, offs, F_CLOSE)
            pos = put(buf, pos, pieces, offs, F_DISCARD)
            pos = put_cards(buf, pos, pieces, offs, text, text_len, thrown[seat], throw)
            pos = put(buf, pos, pieces, offs, F_COUNT)
            pos = put_int(buf, pos, before)
            pos = put(buf, pos, pieces, offs, F_SEQUENCE)
            pos = put_cards(buf, pos, pieces, offs, text, text_len, played[seq_from:], n_played - seq_from)
            pos = put(buf, pos, pieces, offs, F_PLAYED)
            for i in range(n_played):
                if i > 0:
                    pos = put(buf, pos, pieces, offs, F_COMMA)
                pos = put(buf, pos, pieces, offs, F_PLAYED_CARD)
                pos = put_card(buf, pos, text, text_len, played[i])
                pos = put(buf, pos, pieces, offs, F_BY_YOU if played_by[i] == seat else F_BY_OPPONENT)
            pos = put(buf, pos, pieces, offs, F_SHUT)
            pos = put(buf, pos, pieces, offs, F_POS_STARTER)
            pos = put_card(buf, pos, text, text_len, starter)
            pos = put(buf, pos, pieces, offs, F_LEGAL)
            n_legal = 0
            for i in range(n_left[seat]):
                c = left[seat, i]
                cr = c >> 2
                if (cr + 1 if cr < 10 else 10) <= 31 - before:
                    legal[n_legal] = c
                    n_legal += 1
            pos = put_cards(buf, pos, pieces, offs, text, text_len, legal, n_legal)
            pos = put(buf, pos, pieces, offs, F_CLOSE2)
            m = 0  # the card leaves the hand, the others keep their order
            for i in range(n_left[seat]):
                if left[seat, i] != code:
                    left[seat, m] = left[seat, i]
                    m += 1
            n_left[seat] = m
            played[n_played] = code
            played_by[n_played] = seat
            n_played += 1
        now[seat] += p[P_POINTS]
    return pos




@njit(cache=True)
def write_records(seed, decks, dealt, games, deals, plays, throws, text, text_len, pieces, offs, why, target,
                  skunk, double, first, buf, ends):
    """The records of games ``first``, ``first + 1``, ... (module docstring) into ``buf`` from
    its start, each one's end into ``ends[g]``; returns the next game not written (all written:
    ``len(decks)``). ``games``, ``deals``, ``plays``: :func:`.wholegames.greedy_games`'s."""
    n = decks.shape[0]
    d0 = 0
    p0 = 0
    for g in range(first):
        d0 += games[g, W_DEALS]
        p0 += games[g, W_PLAYS]
    pos = 0
    scores = np.zeros(2, np.int64)
    for g in range(first, n):
        nd = games[g, W_DEALS]
        if buf.shape[0] - pos < BYTES_A_GAME + BYTES_A_DEAL * nd + BYTES_AN_ENTRY * games[g, W_PLAYS]:
            return g
        pos = put(buf, pos, pieces, offs, F_HEAD)
        pos = put(buf, pos, pieces, offs, R_VARIANT)
        pos = put(buf, pos, pieces, offs, F_TARGET)
        pos = put_int(buf, pos, target)
        pos = put(buf, pos, pieces, offs, F_SEED)
        pos = put_int(buf, pos, seed)
        pos = put(buf, pos, pieces, offs, F_DECK)
        pos = put_int(buf, pos, decks[g])
        pos = put(buf, pos, pieces, offs, F_PLAYERS)
        pos = put(buf, pos, pieces, offs, R_PLAYERS)
        pos = put(buf, pos, pieces, offs, F_DEALS)
        scores[0] = 0
        scores[1] = 0
        for j in range(nd):
            if j > 0:
                pos = put(buf, pos, pieces, offs, F_COMMA)
            pos = write_deal(buf, pos, pieces, offs, text, text_len, why, deals[d0 + j], plays, p0, j, dealt, throws,
                             scores)
            p0 += deals[d0 + j, D_PLAYS]
        d0 += nd
        w = games[g, W_WINNER]
        low = scores[1 - w]
        sk = low < skunk
        pos = put(buf, pos, pieces, offs, F_RESULT)
        pos = put(buf, pos, pieces, offs, F_SEAT + w)
        pos = put_scores(buf, pos, pieces, offs, F_SCORES, scores)
        pos = put(buf, pos, pieces, offs, F_SKUNK)
        pos = put(buf, pos, pieces, offs, F_TRUE if sk else F_FALSE)
        pos = put(buf, pos, pieces, offs, F_DOUBLE)
        pos = put(buf, pos, pieces, offs, F_TRUE if sk and low < double else F_FALSE)
        pos = put(buf, pos, pieces, offs, F_POINTS)
        pos = put_int(buf, pos, 3 if sk else 2)
        pos = put(buf, pos, pieces, offs, F_END)
        ends[g] = pos
    return n


def warmup() -> None:
    from .wholegames import N_W, warmup_inputs

    gm_in, deals, plays = warmup_inputs()
    offs = np.zeros(R_WHY + 2, np.int64)
    write_records(0, np.zeros(0, np.int64), 6, np.zeros((0, N_W), np.int64), deals, plays, gm_in[3],
                  np.zeros((52, 5), np.uint8), np.zeros(52, np.int64), np.zeros(0, np.uint8), offs,
                  np.zeros((2, 2, 13, 8), np.int64), 121, 91, 61, 0, np.zeros(0, np.uint8), np.zeros(0, np.int64))
