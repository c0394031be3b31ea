"""The byte writers of the whole-game kernel's records (:mod:`.gamerecords` walks the games):
the fixed fragments of ``crib-stats-game/1``'s compact JSON (:data:`FRAGMENTS`, each named by an
``F_`` index; the caller's pieces follow them, ``R_`` indices), and the kernels that put a
fragment, a whole number, a card, a list of cards, the two seats' scores or cards, and a
decision's position into a ``uint8`` buffer, each returning the position after what it wrote.
:func:`bound` bounds a game's text, so a game is written only where it fits. Their naive twin
is the referee's ``json.dumps`` (the tests hold the records' bytes to it). Python calls none of
them: they compile with :func:`.gamerecords.write_records`, whose ``warmup`` covers them.
"""

from __future__ import annotations

import numpy as np

from .jit import njit

FRAGMENTS = (
    b'{"format":"crib-stats-game/1","variant":', b',"target":', b',"seed":', b',"deck":', b',"players":',
    b',"deals":[', b'],"result":{"winner":', b',"scores":{', b'},"skunk":', b',"double_skunk":', b',"game_points":',
    b',"forfeit":null}}\n', b'"first_dealer"', b'"first_pone"', b'"first_dealer":', b'"first_pone":', b',',
    b'true', b'false', b'{"dealer":', b',"hands":{', b'},"first_deal_last":', b',"discards":{', b'},"starter":',
    b',"heels":', b',"plays":[', b'],"shows":[', b'],"scores":{', b'},"decisions":[', b']}', b'{"by":', b',"card":',
    b',"count":', b',"points":', b',"why":"', b'"}', b',"go":true,"last":', b'last card for 1', b'go for 1',
    b'{"whose":', b'"crib"', b',"cards":', b',"fifteens":', b',"pairs":', b',"runs":', b',"flush":', b',"nobs":',
    b'}', b'{"seat":', b',"kind":"discard","cards":', b',"seconds":null,"position":{"hand":', b',"dealer":',
    b',"scores":{"you":', b',"opponent":', b'}}}', b',"kind":"play","card":', b',"discard":', b',"sequence":',
    b',"played":[', b',"legal":', b'}}', b'{"card":', b',"by":"you"}', b',"by":"opponent"}', b'[', b']', b',"starter":',
)
(F_HEAD, F_TARGET, F_SEED, F_DECK, F_PLAYERS, F_DEALS, F_RESULT, F_SCORES, F_SKUNK, F_DOUBLE, F_POINTS, F_END,
 F_SEAT, F_SEAT1, F_SEATK, F_SEATK1, F_COMMA, F_TRUE, F_FALSE, F_DEALER, F_HANDS, F_FIRST_LAST, F_DISCARDS,
 F_STARTER, F_HEELS, F_PLAYS, F_SHOWS, F_DEAL_SCORES, F_DECISIONS, F_DEAL_END, F_BY, F_CARD, F_COUNT, F_PTS,
 F_WHY, F_WHY_END, F_GO, F_LAST_CARD, F_GO_FOR, F_WHOSE, F_CRIB, F_CARDS, F_FIFTEENS, F_PAIRS, F_RUNS, F_FLUSH,
 F_NOBS, F_CLOSE, F_SEAT_KEY, F_KIND_DISCARD, F_POSITION, F_POS_DEALER, F_YOU, F_OPPONENT, F_CLOSE3, F_KIND_PLAY,
 F_DISCARD, F_SEQUENCE, F_PLAYED, F_LEGAL, F_CLOSE2, F_PLAYED_CARD, F_BY_YOU, F_BY_OPPONENT, F_OPEN,
 F_SHUT, F_POS_STARTER) = (np.int64(i) for i in range(len(FRAGMENTS)))
# (numpy scalars, not ints: numba types an int global as a literal and would compile put() once per fragment)
N_FRAGMENTS = len(FRAGMENTS)
# the caller's pieces, after the fragments: the variant (quoted), the players ({...}), then the reasons
R_VARIANT, R_PLAYERS, R_WHY = np.int64(N_FRAGMENTS), np.int64(N_FRAGMENTS + 1), np.int64(N_FRAGMENTS + 2)
BYTES_A_DEAL = 1_200  # bounds on a game's text (the longest play decision is under 700 bytes)
BYTES_AN_ENTRY = 1_000
BYTES_A_GAME = 1_000


def bound(deals: int, entries: int) -> int:
    """More bytes than a game of ``deals`` deals and ``entries`` play entries can take."""
    return BYTES_A_GAME + BYTES_A_DEAL * deals + BYTES_AN_ENTRY * entries


@njit(cache=True)
def put(buf, pos, pieces, offs, k):
    for i in range(offs[k], offs[k + 1]):
        buf[pos] = pieces[i]
        pos += 1
    return pos


@njit(cache=True)
def put_int(buf, pos, x):
    """A whole number (not negative) in decimal."""
    if x == 0:
        buf[pos] = 48
        return pos + 1
    digits = np.zeros(20, np.uint8)
    n = 0
    while x > 0:
        digits[n] = 48 + x % 10
        x //= 10
        n += 1
    for i in range(n - 1, -1, -1):
        buf[pos] = digits[i]
        pos += 1
    return pos


@njit(cache=True)
def put_card(buf, pos, text, text_len, c):
    for i in range(text_len[c]):
        buf[pos] = text[c, i]
        pos += 1
    return pos


@njit(cache=True)
def put_cards(buf, pos, pieces, offs, text, text_len, cards, n):
    pos = put(buf, pos, pieces, offs, F_OPEN)
    for i in range(n):
        if i > 0:
            pos = put(buf, pos, pieces, offs, F_COMMA)
        pos = put_card(buf, pos, text, text_len, cards[i])
    return put(buf, pos, pieces, offs, F_SHUT)


@njit(cache=True)
def put_scores(buf, pos, pieces, offs, open_k, scores):
    """``open_k`` then ``"first_dealer":A,"first_pone":B``."""
    pos = put(buf, pos, pieces, offs, open_k)
    pos = put(buf, pos, pieces, offs, F_SEATK)
    pos = put_int(buf, pos, scores[0])
    pos = put(buf, pos, pieces, offs, F_COMMA)
    pos = put(buf, pos, pieces, offs, F_SEATK1)
    return put_int(buf, pos, scores[1])


@njit(cache=True)
def put_by_seat(buf, pos, pieces, offs, text, text_len, open_k, cards):
    """``open_k`` then ``"first_dealer":[cards[0]],"first_pone":[cards[1]]``."""
    for s in range(2):
        pos = put(buf, pos, pieces, offs, F_COMMA if s == 1 else open_k)
        pos = put(buf, pos, pieces, offs, F_SEATK + s)
        pos = put_cards(buf, pos, pieces, offs, text, text_len, cards[s], cards.shape[1])
    return pos


@njit(cache=True)
def put_position(buf, pos, pieces, offs, text, text_len, hand, n, is_dealer, mine, theirs):
    """A decision's position as far as every position has it: ``,"position":{"hand":[...],
    "dealer":...,"scores":{"you":mine,"opponent":theirs`` (the caller closes it)."""
    pos = put(buf, pos, pieces, offs, F_POSITION)
    pos = put_cards(buf, pos, pieces, offs, text, text_len, hand, n)
    pos = put(buf, pos, pieces, offs, F_POS_DEALER)
    pos = put(buf, pos, pieces, offs, F_TRUE if is_dealer else F_FALSE)
    pos = put(buf, pos, pieces, offs, F_YOU)
    pos = put_int(buf, pos, mine)
    pos = put(buf, pos, pieces, offs, F_OPPONENT)
    return put_int(buf, pos, theirs)
