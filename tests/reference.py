"""Deliberately naive twins of the kernels: plain Python and itertools, no numba, no shared code.

Cards here are (rank, suit) tuples with rank 1..13 (ace 1, jack 11, king 13) and suit 0..3,
read straight from integer codes (rank0 * 4 + suit) so the twin shares nothing with the
package beyond that encoding. Everything is written as the rule book says it, not as fast.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product

import numpy as np


def card(code: int) -> tuple[int, int]:
    return (code // 4 + 1, code % 4)


def value(rank: int) -> int:
    return 10 if rank > 10 else rank


def fifteens(ranks: tuple[int, ...]) -> int:
    n = 0
    for size in range(2, len(ranks) + 1):
        for combo in combinations(ranks, size):
            if sum(value(r) for r in combo) == 15:
                n += 1
    return 2 * n


def pairs(ranks: tuple[int, ...]) -> int:
    return 2 * sum(1 for a, b in combinations(ranks, 2) if a == b)


def runs(ranks: tuple[int, ...]) -> int:
    for size in range(len(ranks), 2, -1):
        found = 0
        for combo in combinations(ranks, size):
            ordered = sorted(combo)
            if all(ordered[i + 1] == ordered[i] + 1 for i in range(size - 1)):
                found += 1
        if found:
            return size * found
    return 0


@lru_cache(maxsize=None)
def rank_points(sorted_ranks: tuple[int, ...]) -> tuple[int, int, int]:
    """(fifteens, pairs, runs) of a multiset of ranks; cached because they depend on ranks only."""
    return fifteens(sorted_ranks), pairs(sorted_ranks), runs(sorted_ranks)


def flush(hand: list[tuple[int, int]], starter: tuple[int, int], crib: bool) -> int:
    suits = {s for _, s in hand}
    if len(suits) != 1:
        return 0
    if starter[1] in suits:
        return len(hand) + 1
    return 0 if crib else len(hand)


def nobs(hand: list[tuple[int, int]], starter: tuple[int, int]) -> int:
    return 1 if (11, starter[1]) in hand else 0


def show(hand_codes, starter_code, crib=False) -> tuple[int, int, int, int, int]:
    """(fifteens, pairs, runs, flush, nobs) for a hand/crib given as codes plus a starter code."""
    return show_cards([card(c) for c in hand_codes], card(starter_code), crib)


def show_cards(hand: list[tuple[int, int]], start: tuple[int, int], crib=False) -> tuple[int, int, int, int, int]:
    """:func:`show` of cards already read as (rank, suit)."""
    f, p, r = rank_points(tuple(sorted([rk for rk, _ in hand] + [start[0]])))
    return f, p, r, flush(hand, start, crib), nobs(hand, start)


def show_total(hand_codes, starter_code, crib=False) -> int:
    return sum(show(hand_codes, starter_code, crib))


def all_shows(k: int, crib: bool) -> tuple[np.ndarray, np.ndarray]:
    """Every (k-card hand, starter) as rows of codes (starter last), with its breakdown.

    Rank-dependent parts come from the cache per rank multiset; flush and nobs are computed per
    combination, vectorised with numpy from the plain rule (all hand suits equal; starter suit
    equal; a jack of the starter's suit in the hand).
    """
    cards, parts = all_shows_both(k)
    return cards, parts[crib]


def all_shows_both(k: int) -> tuple[np.ndarray, dict[bool, np.ndarray]]:
    """:func:`all_shows` for a hand and for a crib at once: (cards, {False: hand parts, True:
    crib parts}). The rows and their rank parts are the same for both; only the flush rule
    differs, so it is applied to the one enumeration twice (half the time of two calls)."""
    hands = np.array(list(combinations(range(52), k)), dtype=np.int16)
    # each hand's starters: every card not in it, ascending (a mask per hand; np.setdiff1d one
    # hand at a time said the same in four times the suite's time)
    free = np.ones((len(hands), 52), dtype=bool)
    free[np.arange(len(hands))[:, None], hands] = False
    starters = np.nonzero(free)[1].reshape(len(hands), 52 - k).astype(np.int16)  # (H, 52 - k), row by row
    n_s = starters.shape[1]
    cards = np.concatenate([np.repeat(hands, n_s, axis=0), starters.reshape(-1, 1)], axis=1)
    ranks = cards // 4 + 1
    suits = cards % 4
    # rank parts through the cache: key each row by its sorted rank tuple
    sorted_ranks = np.sort(ranks, axis=1)
    key = np.zeros(len(cards), dtype=np.int64)
    for i in range(k + 1):
        key = key * 14 + sorted_ranks[:, i]
    # the distinct keys, ascending, and each row's place among them (np.unique without its sort
    # of every row: the keys are below 14 ** (k + 1))
    present = np.zeros(14 ** (k + 1), dtype=bool)
    present[key] = True
    uniq = np.nonzero(present)[0]
    slot = np.zeros(14 ** (k + 1), dtype=np.int64)
    slot[uniq] = np.arange(len(uniq))
    inverse = slot[key]
    table = np.zeros((len(uniq), 3), dtype=np.int16)
    for j, kv in enumerate(uniq.tolist()):
        digits = []
        for _ in range(k + 1):
            digits.append(kv % 14)
            kv //= 14
        table[j] = rank_points(tuple(sorted(digits)))
    hand_suits = suits[:, :k]
    one_suit = (hand_suits == hand_suits[:, :1]).all(axis=1)
    starter_matches = suits[:, k] == hand_suits[:, 0]
    starter_suit = suits[:, k : k + 1]
    out = {}
    for crib in (False, True):
        parts = np.zeros((len(cards), 5), dtype=np.int16)
        parts[:, :3] = table[inverse.reshape(-1)]
        if crib:
            parts[:, 3] = np.where(one_suit & starter_matches, k + 1, 0)
        else:
            parts[:, 3] = np.where(one_suit, k + starter_matches, 0)
        parts[:, 4] = ((ranks[:, :k] == 11) & (hand_suits == starter_suit)).any(axis=1)
        out[crib] = parts
    return cards, out


# ---------------------------------------------------------------------------------------------
# Discard: enumerate every outcome with itertools
# ---------------------------------------------------------------------------------------------


def discard_outcomes(dealt, throw, others_to_crib, starter=None, dealer=True):
    """Exact E[hand], E[crib] (Fractions) and the histogram of net points for one throw.

    Every unseen starter is equally likely, and for each, every set of ``others_to_crib``
    other crib cards from the remaining unseen cards.
    """
    keep = [c for c in dealt if c not in throw]
    unseen = [c for c in range(52) if c not in dealt]
    starters = unseen if starter is None else [starter]
    hand_total = 0
    crib_total = 0
    outcomes = 0
    net: dict[int, int] = {}
    read = {c: card(c) for c in range(52)}  # each card read once, not once per crib it is in
    thrown = [read[c] for c in throw]
    for s in starters:
        h = show_total(keep, s)
        rest = [read[c] for c in unseen if c != s]
        for others in combinations(rest, others_to_crib):
            c = sum(show_cards(thrown + list(others), read[s], crib=True))
            n = h + c if dealer else h - c
            net[n] = net.get(n, 0) + 1
            hand_total += h
            crib_total += c
            outcomes += 1
    return Fraction(hand_total, outcomes), Fraction(crib_total, outcomes), net


# ---------------------------------------------------------------------------------------------
# Deal odds: best keep for each starter, by brute force over a (reduced) deck
# ---------------------------------------------------------------------------------------------


def best_keep_hist(deck_ranks, dealt, keep):
    """Histogram of the best keep's hand score over every (dealt cards, starter) of a deck made
    of all four suits of ``deck_ranks`` (rank0 values)."""
    deck = [r * 4 + s for r in deck_ranks for s in range(4)]
    hist = [0] * 30
    for cards in combinations(deck, dealt):
        for starter in deck:
            if starter in cards:
                continue
            best = max(show_total(kept, starter) for kept in combinations(cards, keep))
            hist[best] += 1
    return hist


# ---------------------------------------------------------------------------------------------
# The play: ranks 1..13 here, pip values as in the rule book
# ---------------------------------------------------------------------------------------------


def peg_card(count_ranks):
    """Points the last card of a count scores: 15 or 31 (2), pairs (2/6/12), the longest run."""
    pts = 0
    total = sum(value(r) for r in count_ranks)
    if total == 15:
        pts += 2
    if total == 31:
        pts += 2
    last = count_ranks[-1]
    same = 0
    for r in reversed(count_ranks):
        if r != last:
            break
        same += 1
    pts += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for k in range(len(count_ranks), 2, -1):
        tail = sorted(count_ranks[-k:])
        if len(set(tail)) == k and tail[-1] - tail[0] == k - 1:
            pts += k
            break
    return pts


def all_plays(pone, dealer, stop_at_go):
    """Every legal play of two hands of ranks (1..13), as (sequence, pone points, dealer points,
    most one card scored incl. its go point). Pone leads; a player must play when able; after a
    go or 31 the count restarts (led by the other player) unless ``stop_at_go``."""
    results = []

    def rec(hands, count_seq, seq, pts, turn, last, last_pts, best):
        count = sum(value(r) for r in count_seq)
        can = [any(value(r) + count <= 31 for r in h) for h in hands]
        if can[turn]:
            for r in sorted(set(hands[turn])):
                if value(r) + count <= 31:
                    new_hands = [list(h) for h in hands]
                    new_hands[turn].remove(r)
                    p = peg_card(count_seq + [r])
                    new_pts = list(pts)
                    new_pts[turn] += p
                    rec(new_hands, count_seq + [r], seq + [r], new_pts, 1 - turn, turn, p, max(best, p))
            return
        if can[1 - turn]:
            rec(hands, count_seq, seq, pts, 1 - turn, last, last_pts, best)
            return
        new_pts = list(pts)
        bonus = 1 if count_seq and count < 31 else 0
        new_pts[last] += bonus
        best = max(best, last_pts + bonus)
        if stop_at_go or not (hands[0] or hands[1]):
            results.append((seq, new_pts[0], new_pts[1], best))
            return
        rec(hands, [], seq, new_pts, 1 - last, last, 0, best)

    rec([list(pone), list(dealer)], [], [], [0, 0], 0, 1, 0, 0)
    return results


def greedy_pick(hand, count_seq):
    """The card greedy plays (ranks 1..13) from ``hand`` on the count ``count_seq``: at the
    start of a count the highest A-4 held; else the legal card scoring the most for its own
    play, ties to one leaving the count off 5, 10 and 21, then to the higher rank."""
    count = sum(value(r) for r in count_seq)
    low = [r for r in hand if r <= 4]
    if not count_seq and low:
        return max(low)
    legal = [r for r in hand if count + value(r) <= 31]
    return max(legal, key=lambda c: (peg_card(count_seq + [c]), count + value(c) not in (5, 10, 21), c))


def play_round_twin(hands, pick, stop_at_go=False):
    """The play of two to four players as the rule book tells it, ranks 1..13: ``hands[0]`` is
    the hand on the dealer's left (who leads), the last the dealer's. Turns go round the table;
    a player whose turn it is plays a card that keeps the count within 31 if he has one
    (``pick(player, hand, count_seq)`` says which), else he is passed over. When nobody at the
    table has a card that fits, the player of the last card pegs 1 (for the go, or for the last
    card once every hand is empty; nothing at 31), and the count starts again with the player
    on his left (the five-card play ends at its first go or 31). Returns (events, points):
    events in order, ("card", player, rank, points) and ("go" or "last", player, None, 1)."""
    n = len(hands)
    hands = [list(h) for h in hands]
    points = [0] * n
    events = []
    count_seq = []
    turn, last = 0, n - 1

    def fits(player):
        count = sum(value(r) for r in count_seq)
        return [r for r in hands[player] if count + value(r) <= 31]

    while True:
        if not any(fits(p) for p in range(n)):
            done = not any(hands)
            if count_seq and sum(value(r) for r in count_seq) < 31:
                points[last] += 1
                events.append(("last" if done else "go", last, None, 1))
            if stop_at_go or done:
                return events, points
            count_seq = []
            turn = (last + 1) % n
            continue
        if fits(turn):
            r = pick(turn, list(hands[turn]), list(count_seq))
            assert r in fits(turn)
            hands[turn].remove(r)
            count_seq.append(r)
            got = peg_card(count_seq)
            points[turn] += got
            events.append(("card", turn, r, got))
            last = turn
        turn = (turn + 1) % n


# ---------------------------------------------------------------------------------------------
# sweep
# ---------------------------------------------------------------------------------------------
# Every deal of a (reduced) deck, every throw scored by enumerating each starter and each set
# of other crib cards, the policies' choices made by sorting on the written tie rule, and every
# tally of the sweep counted in plain dictionaries.

SWEEP_ROLES = ("hand", "dealer", "pone")


@lru_cache(maxsize=None)
def _show_cached(cards: tuple[int, ...], starter: int, crib: bool) -> int:
    return show_total(list(cards), starter, crib)


def throw_values(dealt, throw, others_to_crib, deck):
    """(hand points summed over every starter, crib points summed over every starter and every
    set of other crib cards) for one throw of a deal from ``deck`` (codes)."""
    keep = tuple(sorted(c for c in dealt if c not in throw))
    unseen = [c for c in deck if c not in dealt]
    hand_sum = sum(_show_cached(keep, s, False) for s in unseen)
    crib_sum = 0
    starters = [(s, card(s)) for s in unseen]
    remember = len(deck) < 52  # a reduced deck's deals share their cribs: each scored once; a full deck's rarely do
    for others in combinations(unseen, others_to_crib):  # each crib once, then each starter left
        codes = tuple(sorted(tuple(throw) + others))
        crib = [card(c) for c in codes]
        for s, start in starters:
            if s not in others:
                crib_sum += _show_cached(codes, s, True) if remember else sum(show_cards(crib, start, True))
    return hand_sum, crib_sum


def new_sweep_tallies():
    return {role: {"deals": 0, "hand_sum": 0, "crib_sum": 0, "objective_sum": 0, "differs": 0,
                   "gain_sum": 0, "ties": 0, "ties_after_hand": 0, "ties_by_key": 0,
                   "differs_key": 0, "trade_sum": 0,
                   "throws": {}, "keeps": {}, "bins": {}} for role in SWEEP_ROLES}


def sweep_add_deal(tallies, weight, dealt, throws, values, n_starters, per_starter):
    """Count one deal (``weight`` equal deals) whose throws (tuples of codes, in order) have
    ``values`` = [(hand_sum, crib_sum), ...]. Keys are written with ranks 1..13:
    throws by (thrown ranks, suited or None for one card), keeps by kept ranks."""
    rows = []
    for i, (throw, (h, c)) in enumerate(zip(throws, values)):
        ranks = tuple(sorted(card(x)[0] for x in throw))
        suited = None if len(throw) == 1 else len({card(x)[1] for x in throw}) == 1
        keep = tuple(sorted(card(x)[0] for x in dealt if x not in throw))
        rows.append({"i": i, "hand": h, "crib": c, "key": (ranks, suited), "keep": keep,
                     "obj": {"hand": h * per_starter, "dealer": h * per_starter + c, "pone": h * per_starter - c}})
    best_hand = max(r["hand"] for r in rows)
    chosen = {}
    for role in SWEEP_ROLES:
        order = sorted(rows, key=lambda r: (-r["obj"][role], -r["hand"], r["key"][0], bool(r["key"][1]), r["crib"], r["i"]))
        chosen[role] = order[0]
    for role in SWEEP_ROLES:
        r = chosen[role]
        t = tallies[role]
        t["deals"] += weight
        t["hand_sum"] += weight * r["hand"]
        t["crib_sum"] += weight * r["crib"]
        t["objective_sum"] += weight * r["obj"][role]
        if r["hand"] < best_hand:
            t["differs"] += weight
        t["gain_sum"] += weight * (r["obj"][role] - chosen["hand"]["obj"][role])
        tied = [x for x in rows if x["obj"][role] == r["obj"][role]]
        tied_hand = [x for x in tied if x["hand"] == r["hand"]]
        if len(tied) > 1:
            t["ties"] += weight
        if len(tied_hand) > 1:
            t["ties_after_hand"] += weight
        if any(x["key"] != r["key"] for x in tied_hand):
            t["ties_by_key"] += weight
        if r["key"] != chosen["hand"]["key"]:
            t["differs_key"] += weight
        best_hand_optimal = max(x["obj"][role] for x in rows if x["hand"] == best_hand)
        t["trade_sum"] += weight * (r["obj"][role] - best_hand_optimal)
        entry = t["throws"].setdefault(r["key"], [0, 0, 0])
        entry[0] += weight
        entry[1] += weight * r["hand"]
        entry[2] += weight * r["crib"]
        keep = t["keeps"].setdefault(r["keep"], [0, 0])
        keep[0] += weight
        keep[1] += weight * r["hand"]
        b = int(Fraction(2 * r["hand"], n_starters))  # floor: the values are not negative
        t["bins"][b] = t["bins"].get(b, 0) + weight


def sweep(deck_ranks, dealt, throw, others_to_crib):
    """The whole sweep over every deal of the cards of ``deck_ranks`` (rank0 values)."""
    deck = [r * 4 + s for r in deck_ranks for s in range(4)]
    n_unseen = len(deck) - dealt
    per = len(list(combinations(range(n_unseen - 1), others_to_crib)))
    tallies = new_sweep_tallies()
    for cards in combinations(deck, dealt):
        throws = list(combinations(cards, throw))
        values = [throw_values(cards, t, others_to_crib, deck) for t in throws]
        sweep_add_deal(tallies, 1, cards, throws, values, n_unseen, per)
    return tallies


# play policies
# ---------------------------------------------------------------------------------------------


def greedy_twin(pone, dealer, trace=False, stop_at_go=False, events=None):
    """Both players play greedy (ranks 1..13): the legal card scoring the most for itself, ties to
    a card leaving the count off 5, 10 and 21, then to the higher rank; at count 0, the highest
    A-4 held if any. Returns (pone points, dealer points) (and the (player, rank) list).
    ``stop_at_go``: the five-card play, over at the first go or 31. ``events``: a list that gets
    every (player, points) in the order scored (each card's points, then the go or last card)."""
    hands = [list(pone), list(dealer)]
    points = [0, 0]
    count_seq = []
    turn, last = 0, 1
    moves = []
    while True:
        count = sum(value(r) for r in count_seq)
        legal = [r for r in hands[turn] if count + value(r) <= 31]
        if legal:
            low = [r for r in hands[turn] if r <= 4]
            if not count_seq and low:
                r = max(low)
            else:
                r = max(legal, key=lambda c: (peg_card(count_seq + [c]), count + value(c) not in (5, 10, 21), c))
            hands[turn].remove(r)
            count_seq.append(r)
            points[turn] += peg_card(count_seq)
            if events is not None:
                events.append((turn, peg_card(count_seq)))
            moves.append((turn, r))
            last, turn = turn, 1 - turn
            continue
        if any(count + value(r) <= 31 for r in hands[1 - turn]):
            turn = 1 - turn
            continue
        if count_seq and count < 31:
            points[last] += 1
            if events is not None:
                events.append((last, 1))
        if stop_at_go or not hands[0] and not hands[1]:
            break
        count_seq = []
        turn = 1 - last
    return (points[0], points[1], moves) if trace else (points[0], points[1])


def minimax_rest(hands, count_seq, turn, last, stop_at_go=False, memo=None):
    """dealer - pone still to be scored from a position (hands of ranks 1..13, the ranks of the
    current count, the player to move, the last player to play) when the dealer maximises it and
    the pone minimises it at every card: plain recursion over every legal card. ``memo`` (a dict,
    one per game) remembers the value of each position that opens a new count, which depends on
    nothing but the hands left, who moves and who played last: many orders of the cards before
    it reach the same one."""
    key = None
    if memo is not None and not count_seq:
        key = (tuple(sorted(hands[0])), tuple(sorted(hands[1])), turn, last)
        if key in memo:
            return memo[key]
    count = sum(value(r) for r in count_seq)
    legal = sorted({r for r in hands[turn] if count + value(r) <= 31})
    if legal:
        outcomes = []
        for r in legal:
            new = [list(h) for h in hands]
            new[turn].remove(r)
            gain = peg_card(count_seq + [r])
            signed = gain if turn == 1 else -gain
            outcomes.append(signed + minimax_rest(new, count_seq + [r], 1 - turn, turn, stop_at_go, memo))
        result = max(outcomes) if turn == 1 else min(outcomes)
    elif any(count + value(r) <= 31 for r in hands[1 - turn]):
        result = minimax_rest(hands, count_seq, 1 - turn, last, stop_at_go, memo)
    else:
        go = 1 if count_seq and count < 31 else 0
        signed = go if last == 1 else -go
        if stop_at_go or not hands[0] and not hands[1]:
            result = signed
        else:
            result = signed + minimax_rest(hands, [], 1 - last, last, stop_at_go, memo)
    if key is not None:
        memo[key] = result
    return result


def minimax_twin(pone, dealer, stop_at_go=False, memo=True):
    """dealer - pone over the whole play under optimal play by both, both hands visible.
    ``stop_at_go``: the five-card play, over at the first go or 31. ``memo`` False: the plain
    recursion without remembering any position (the memo's own test compares the two)."""
    return minimax_rest([list(pone), list(dealer)], [], 0, 1, stop_at_go, {} if memo else None)


@lru_cache(maxsize=None)
def minimax_pair_value(pone: tuple, dealer: tuple) -> int:
    """:func:`minimax_twin` of two sorted rank tuples (1..13), remembered per pair: the
    ``value_of`` of :func:`peg_ev_twin` from scratch (plain recursion, no table of the package)."""
    return minimax_twin(list(pone), list(dealer))


def minimax_line_twin(pone, dealer):
    """One optimal six-card play as [(player, rank)]: at every turn the lowest rank whose
    position (its own points plus the rest) is worth the position's value."""
    hands = [list(pone), list(dealer)]
    count_seq, turn, last, moves = [], 0, 1, []
    while hands[0] or hands[1]:
        count = sum(value(r) for r in count_seq)
        legal = sorted({r for r in hands[turn] if count + value(r) <= 31})
        if not legal:
            if any(count + value(r) <= 31 for r in hands[1 - turn]):
                turn = 1 - turn
                continue
            count_seq, turn = [], 1 - last
            continue
        target = minimax_rest(hands, count_seq, turn, last)
        for r in legal:
            new = [list(h) for h in hands]
            new[turn].remove(r)
            gain = peg_card(count_seq + [r])
            if (gain if turn == 1 else -gain) + minimax_rest(new, count_seq + [r], 1 - turn, turn) == target:
                break
        hands[turn].remove(r)
        count_seq.append(r)
        moves.append((turn, r))
        last, turn = turn, 1 - turn
    return moves


def peg_ev_twin(dealt_codes, keep_codes, role, value_of):
    """E[my play points - the opponent's] as a Fraction, the opponent's four cards every 4-subset
    of the 46 unseen cards (itertools), ``value_of(pone_ranks, dealer_ranks)`` -> dealer - pone
    for sorted tuples of ranks 1..13 (cached per pair of rank multisets)."""
    mine = tuple(sorted(card(c)[0] for c in keep_codes))
    cache = {}
    total = 0
    n = 0
    for theirs, times in opponent_hands(tuple(sorted(dealt_codes))).items():
        if theirs not in cache:
            if role == "dealer":
                cache[theirs] = value_of(theirs, mine)
            else:
                cache[theirs] = -value_of(mine, theirs)
        total += times * cache[theirs]
        n += times
    return Fraction(total, n)


@lru_cache(maxsize=8)
def opponent_hands(dealt_codes: tuple) -> dict:
    """{sorted ranks 1..13 of the opponent's four cards: how many of the 4-subsets of the cards
    outside ``dealt_codes`` (itertools, every one) have them}; the same for every keep of one deal,
    so a deal's throws enumerate them once."""
    unseen = [c for c in range(52) if c not in dealt_codes]
    hands = {}
    for opp in combinations(unseen, 4):
        theirs = tuple(sorted(card(c)[0] for c in opp))
        hands[theirs] = hands.get(theirs, 0) + 1
    return hands


EQ_RANK_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def equilibrium_purified(path, role):
    """{six ranks 1..13 sorted: four kept ranks 1..13 sorted} of the committed strategy file,
    read row by row with pandas: each hand keeps what its most probable throw for ``role``
    ("dealer" or "pone" column) leaves, the first such row of the file on a tie."""
    import pandas as pd

    best = {}
    for row in pd.read_parquet(path).itertuples():
        hand = tuple(sorted(EQ_RANK_NAMES.index(x) + 1 for x in row.hand.split()))
        p = getattr(row, role)
        if hand not in best or p > best[hand][0]:
            kept = list(hand)
            for x in row.throw.split():
                kept.remove(EQ_RANK_NAMES.index(x) + 1)
            best[hand] = (p, tuple(kept))
    return {hand: kept for hand, (_, kept) in best.items()}


def peg_ev_equilibrium_twin(dealt_codes, keep_codes, role, value_of, keeps_of):
    """E[my play points - the opponent's] as a Fraction when the opponent's six cards are any
    six of the cards not dealt to me and they keep ``keeps_of[their six ranks]``: every rank
    multiset of six (itertools) weighted by the ways to hold it, prod C(unseen of rank r, count
    of r). ``value_of(pone_ranks, dealer_ranks)`` -> dealer - pone (sorted ranks 1..13)."""
    from itertools import combinations_with_replacement
    from math import comb

    unseen = {r: 4 for r in range(1, 14)}
    for c in dealt_codes:
        unseen[card(c)[0]] -= 1
    mine = tuple(sorted(card(c)[0] for c in keep_codes))
    cache = {}
    total = 0
    n = 0
    for six in combinations_with_replacement(range(1, 14), 6):
        w = 1
        for r in set(six):
            w *= comb(unseen[r], six.count(r))
        if w == 0:
            continue
        theirs = keeps_of[six]
        if theirs not in cache:
            cache[theirs] = value_of(theirs, mine) if role == "dealer" else -value_of(mine, theirs)
        total += w * cache[theirs]
        n += w
    return Fraction(total, n)


# claims: maxima
# ---------------------------------------------------------------------------------------------


def _four_card_shows(rest, starter):
    """Every 4-card set of ``rest`` with its hand-rules and crib-rules show with ``starter``."""
    return [(set(four), show_total(four, starter), show_total(four, starter, crib=True))
            for four in combinations(rest, 4)]


def dealer_show_max(deck, heels=False):
    """(most, how many (hand, crib, starter)) of the dealer's hand + crib (+ 2 for a jack starter
    with ``heels``) over every starter, hand and crib of distinct cards (codes) from ``deck``."""
    best, count = -1, 0
    for s in deck:
        shows = _four_card_shows([c for c in deck if c != s], s)
        bonus = 2 if heels and card(s)[0] == 11 else 0
        for hand, h, _ in shows:
            for crib, _, c in shows:
                if hand & crib:
                    continue
                total = h + c + bonus
                if total > best:
                    best, count = total, 0
                if total == best:
                    count += 1
    return best, count


def dealer_total_max(deck, starters=None, heels=False):
    """(most, how many deals) of the dealer's hand + crib + the most the dealer can peg (every
    legal play of the two hands, six-card rules) (+ 2 for a jack starter with ``heels``) over
    every deal (starter, dealer hand, crib, pone hand) of distinct cards from ``deck``."""
    peg_cache = {}

    def most_dealer(pone, dealer):
        key = (tuple(sorted(pone)), tuple(sorted(dealer)))
        if key not in peg_cache:
            peg_cache[key] = max(d for _, _, d, _ in all_plays(key[0], key[1], False))
        return peg_cache[key]

    best, count = -1, 0
    for s in (deck if starters is None else starters):
        rest = [c for c in deck if c != s]
        shows = _four_card_shows(rest, s)
        bonus = 2 if heels and card(s)[0] == 11 else 0
        for hand, h, _ in shows:
            for crib, _, c in shows:
                if hand & crib:
                    continue
                left = [x for x in rest if x not in hand and x not in crib]
                for pone in combinations(left, 4):
                    total = h + c + bonus + most_dealer([card(x)[0] for x in pone], [card(x)[0] for x in hand])
                    if total > best:
                        best, count = total, 0
                    if total == best:
                        count += 1
    return best, count


# ---------------------------------------------------------------------------------------------
# seats
# ---------------------------------------------------------------------------------------------
# The per-seat model on a reduced deck, from the naive sweep's kept-hand tallies: every pair of
# a pone keep and a dealer keep, weighed as the pairing says, each played by a twin policy.


def seat_means_twin(deck_ranks, value_of, pairing, tallies=None):
    """{peg_pone, peg_dealer, hand_dealer, crib, hand_pone, crib_pone_view} as Fractions on the
    deck of ``deck_ranks`` (rank0 values; ``tallies``: its :func:`sweep`, computed when not
    given); ``value_of(pone, dealer)`` -> (pone points, dealer
    points) for tuples of ranks 1..13. pairing "fit": weight w_p w_d when no rank has more than
    four cards between the two hands; "removal": w_p w_d prod_r C(4 - dealer_r, pone_r) /
    C(4, pone_r), the chance that random suits for each hand give eight distinct cards."""
    from math import comb

    tallies = sweep(deck_ranks, 6, 2, 2) if tallies is None else tallies
    deck = len(deck_ranks) * 4
    unseen = deck - 6
    per = comb(unseen - 1, 2)
    out = {}
    for role in ("dealer", "pone"):
        t = tallies[role]
        out["hand_" + role] = Fraction(t["hand_sum"], t["deals"] * unseen)
    out["crib"] = Fraction(tallies["dealer"]["crib_sum"], tallies["dealer"]["deals"] * unseen * per)
    out["crib_pone_view"] = Fraction(tallies["pone"]["crib_sum"], tallies["pone"]["deals"] * unseen * per)
    num_p = num_d = den = Fraction(0)
    for pone, (wp, _) in tallies["pone"]["keeps"].items():
        for dealer, (wd, _) in tallies["dealer"]["keeps"].items():
            weight = Fraction(wp * wd)
            for r in set(pone) | set(dealer):
                a, b = pone.count(r), dealer.count(r)
                if pairing == "fit":
                    weight *= 1 if a + b <= 4 else 0
                else:
                    weight *= Fraction(comb(4 - b, a), comb(4, a)) if a + b <= 4 else 0
            if weight:
                p, d = value_of(pone, dealer)
                num_p += weight * p
                num_d += weight * d
                den += weight
    out["peg_pone"] = num_p / den
    out["peg_dealer"] = num_d / den
    return out


# ---------------------------------------------------------------------------------------------
# equilibrium
# ---------------------------------------------------------------------------------------------
# The rank-level discard game by brute force over cards: a hand's rank multiset stands for every
# six-card hand with those ranks; a throw is a pair of ranks; the opponent's hand is every six
# cards outside a representative of yours; the starter every card outside both. Flushes are not
# scored; nobs is a quarter point per jack in the kept hand or the crib (Hessel's rule).
# Strategies are dicts {rank multiset: {thrown rank pair: probability}} (ranks 0..12 here).

def game_multisets(deck_ranks):
    """{sorted rank tuple: number of six-card hands with those ranks} over the deck's cards."""
    deck = [r * 4 + s for r in deck_ranks for s in range(4)]
    out = {}
    for hand in combinations(deck, 6):
        key = tuple(sorted(c // 4 for c in hand))
        out[key] = out.get(key, 0) + 1
    return out


def game_representative(deck_ranks, ms):
    """One six-card hand with ranks ``ms`` (lowest suits first)."""
    used = {}
    cards = []
    for r in ms:
        cards.append(r * 4 + used.get(r, 0))
        used[r] = used.get(r, 0) + 1
    return cards


def game_throws(ms):
    """Distinct thrown rank pairs of a rank multiset, each as (pair, kept ranks)."""
    out = {}
    for i, j in combinations(range(6), 2):
        pair = (ms[i], ms[j])
        if pair not in out:
            out[pair] = tuple(ms[k] for k in range(6) if k not in (i, j))
    return out


def _pts(ranks):
    return sum(rank_points(tuple(sorted(r + 1 for r in ranks))))


def game_hand_value(deck_ranks, ms, pair):
    """Expected kept-hand points, the starter any card outside the hand."""
    deck = [r * 4 + s for r in deck_ranks for s in range(4)]
    held = game_representative(deck_ranks, ms)
    keep = game_throws(ms)[pair]
    starters = [c for c in deck if c not in held]
    total = sum(Fraction(_pts(keep + (s // 4,))) for s in starters)
    return total / len(starters) + Fraction(sum(1 for r in keep if r == 10), 4)


def game_crib_value(deck_ranks, ms, pair, sigma):
    """Expected crib points of throwing ``pair`` from ``ms`` against the opponent's ``sigma``."""
    deck = [r * 4 + s for r in deck_ranks for s in range(4)]
    held = game_representative(deck_ranks, ms)
    rest = [c for c in deck if c not in held]
    total = 0.0
    n = 0
    for other in combinations(rest, 6):
        n += 1
        ys = tuple(sorted(c // 4 for c in other))
        starters = [c for c in rest if c not in other]
        for q, p in sigma[ys].items():
            if p == 0:
                continue
            jacks = sum(1 for r in pair + q if r == 10)
            pts = sum(_pts(pair + q + (s // 4,)) for s in starters) / len(starters)
            total += p * (pts + jacks / 4)
    return total / n


def game_exploitability(deck_ranks, sigma_d, sigma_p):
    """(dealer gain, pone gain, value) per deal by best responses found by trying every throw;
    the value is the dealer's hand + crib minus the pone's hand."""
    weights = game_multisets(deck_ranks)
    n = sum(weights.values())
    d_now = d_best = p_now = p_best = p_hand = 0.0
    for ms, w in weights.items():
        dv = {}
        pv = {}
        hv = {}
        for pair in game_throws(ms):
            h = hv[pair] = float(game_hand_value(deck_ranks, ms, pair))
            dv[pair] = h + game_crib_value(deck_ranks, ms, pair, sigma_p)
            pv[pair] = h - game_crib_value(deck_ranks, ms, pair, sigma_d)
        d_now += w * sum(p * dv[q] for q, p in sigma_d[ms].items())
        p_now += w * sum(p * pv[q] for q, p in sigma_p[ms].items())
        p_hand += w * sum(p * hv[q] for q, p in sigma_p[ms].items())
        d_best += w * max(dv.values())
        p_best += w * max(pv.values())
    return (d_best - d_now) / n, (p_best - p_now) / n, (d_now - p_hand) / n


def game_exact_crib(deck_ranks, deal, throw, sigma):
    """Expected crib (full rules: crib flush, nobs) of throwing the cards ``throw`` from the
    six cards ``deal`` (codes): every opponent six-card hand from the rest of the deck throws a
    rank pair by ``sigma`` of its rank multiset, each card pair of those ranks equally likely;
    the starter is every card outside both hands."""
    deck = [r * 4 + s for r in deck_ranks for s in range(4)]
    rest = [c for c in deck if c not in deal]
    total = 0.0
    n = 0
    for other in combinations(rest, 6):
        n += 1
        ys = tuple(sorted(c // 4 for c in other))
        starters = [c for c in rest if c not in other]
        for q, p in sigma[ys].items():
            pairs = [pc for pc in combinations(other, 2) if tuple(sorted(c // 4 for c in pc)) == q]
            for pc in pairs:
                pts = sum(show_total(list(throw) + list(pc), s, crib=True) for s in starters)
                total += p / len(pairs) * pts / len(starters)
    return total / n


# =============================================================================================
# game (issue #21): the deal model, the induction and whole games, card by card
# =============================================================================================
# Everything below is plain Python: the deal stream re-done with Python integers, the discard by
# the package's known-slow exact path (crib_stats.strategy.seats_sample.choose, which evaluates every
# throw with Fractions), the play and the show as the rule book says, scored point by point.

BOARD_MASK = (1 << 64) - 1


def board_mix64(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & BOARD_MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & BOARD_MASK
    return z ^ (z >> 31)


def board_deal_cards(seed, k, n_cards):
    """The first n_cards of deal k of seed (the kernel's splitmix64 Fisher-Yates, in Python)."""
    state = board_mix64((board_mix64(seed ^ 0x94D049BB133111EB) + k * 0x9E3779B97F4A7C15) & BOARD_MASK)
    deck = list(range(52))
    for i in range(n_cards):
        state = (state + 0x9E3779B97F4A7C15) & BOARD_MASK
        j = i + board_mix64(state) % (52 - i)
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:n_cards]


def board_greedy_events(pone, dealer, stop_at_go=False):
    """The greedy play (ranks 1..13, :func:`greedy_twin`) written out point by point: a list of
    (player, points) in the order scored, player 0 the pone, 1 the dealer."""
    events = []
    greedy_twin(pone, dealer, stop_at_go=stop_at_go, events=events)
    return [(p, x) for p, x in events if x > 0]


@lru_cache(maxsize=None)
def _board_purified(role):
    from crib_stats.peg.opponent import STRATEGY_PATH

    return equilibrium_purified(STRATEGY_PATH, role)


def board_choose(cards, role, variant="six-card", discard="objective"):
    """(keep, throw) of dealt card codes by the sweep objective and tie rule, through the
    package's exact, slow discard.evaluate (Fractions) and the written tie rule; ``equilibrium``:
    only the throws of the ranks the purified strategy throws (equilibrium_purified above) compete."""
    from crib_stats.core.cards import Card
    from crib_stats.discard.analysis import evaluate

    dealt = sorted(int(c) for c in cards)
    results = evaluate([Card.from_code(c) for c in dealt], role=role, variant=variant)
    allowed = range(len(results))
    if discard == "equilibrium":
        hand = sorted(card(c)[0] for c in dealt)
        thrown = list(hand)
        for r in _board_purified(role)[tuple(hand)]:
            thrown.remove(r)
        allowed = [i for i in allowed if sorted(card(c.code)[0] for c in results[i].throw) == thrown]

    def key(i):
        r = results[i]
        ranks = sorted(c.code // 4 for c in r.throw)
        suited = len({c.code % 4 for c in r.throw}) == 1
        return (-r.net_ev, -r.hand_ev, ranks[0] * 13 + ranks[-1], suited, r.crib_ev, i)

    best = results[min(allowed, key=key)]
    return [c.code for c in best.keep], [c.code for c in best.throw]


def board_deal(cards, variant="six-card", discard="objective"):
    """One deal played out: six-card, dealer cards[0:6], pone cards[6:12], starter cards[12];
    five-card, dealer cards[0:5], pone cards[5:10], starter cards[10] (the play stops at the
    first go or 31). Returns (events [(player, points)] in scoring order, figures dict)."""
    dealt = 6 if variant == "six-card" else 5
    starter = cards[2 * dealt]
    dkeep, dthrow = board_choose(cards[0:dealt], "dealer", variant, discard)
    pkeep, pthrow = board_choose(cards[dealt:2 * dealt], "pone", variant, discard)
    events = []
    heels = 2 if card(starter)[0] == 11 else 0
    if heels:
        events.append((1, 2))
    play = board_greedy_events([card(c)[0] for c in pkeep], [card(c)[0] for c in dkeep],
                               stop_at_go=variant == "five-card")
    events += play
    hp = show_total(pkeep, starter)
    hd = show_total(dkeep, starter)
    cr = show_total(list(dthrow) + list(pthrow), starter, crib=True)
    events += [(0, hp), (1, hd), (1, cr)]
    peg = [sum(x for p, x in play if p == q) for q in (0, 1)]
    figures = {"heels": heels, "peg_pone": peg[0], "peg_dealer": peg[1], "hand_pone": hp, "hand_dealer": hd,
               "crib": cr, "total_dealer": heels + peg[1] + hd + cr, "total_pone": peg[0] + hp}
    return events, figures


def board_deal_four(cards):
    """One four-player deal (partners sit opposite) played out, by side: the dealer holds
    cards[0:5], then each seat clockwise from his left the next five, the starter cards[20].
    Every seat throws one card by the objective (the dealer and his partner as the dealer, the
    others as the pone), all play greedy round the table (:func:`play_round_twin`), the hands show
    from the dealer's left round to the dealer, then the crib. Returns (events [(side, points)] in
    scoring order, side 1 the dealer's, 0 the pone's; figures dict by side)."""
    hands = [cards[5 * (t + 1) % 20:5 * (t + 1) % 20 + 5] for t in range(4)]  # by turn: 0 the dealer's left
    assert hands[3] == cards[0:5]
    starter = cards[20]
    side = [0, 1, 0, 1]  # the turns' sides: the dealer (turn 3) and his partner (turn 1) are side 1
    kept, crib = [], []
    for t in range(4):
        keep, throw = board_choose(hands[t], "dealer" if side[t] else "pone", "four-player")
        kept.append(keep)
        crib += throw
    events = []
    heels = 2 if card(starter)[0] == 11 else 0
    if heels:
        events.append((1, 2))
    play, _ = play_round_twin([[card(c)[0] for c in k] for k in kept],
                              lambda player, hand, count_seq: greedy_pick(hand, count_seq))
    events += [(side[player], x) for _, player, _, x in play]
    shows = [show_total(k, starter) for k in kept]
    events += [(side[t], shows[t]) for t in range(4)]
    cr = show_total(crib, starter, crib=True)
    events.append((1, cr))
    peg = [sum(x for _, player, _, x in play if side[player] == s) for s in (0, 1)]
    hands_by_side = [sum(shows[t] for t in range(4) if side[t] == s) for s in (0, 1)]
    figures = {"heels": heels, "peg_pone": peg[0], "peg_dealer": peg[1], "hand_pone": hands_by_side[0],
               "hand_dealer": hands_by_side[1], "crib": cr, "total_dealer": heels + peg[1] + hands_by_side[1] + cr,
               "total_pone": peg[0] + hands_by_side[0]}
    return events, figures


def board_deal_three(cards):
    """One three-player deal played out, by turn (0 the dealer's left, 1 his right, 2 the dealer):
    the dealer holds cards[0:5], then each seat clockwise from his left the next five, the crib's
    card from the pack cards[15], the starter cards[16]. Every seat throws one card by the
    objective (the dealer as the dealer, the other two as the pone), all play greedy round the
    table (:func:`play_round_twin`), the hands show from the dealer's left round to the dealer,
    then the crib (the three throws and the pack's card). Returns (events [(turn, points)] in
    scoring order, figures dict by turn)."""
    hands = [cards[5 * ((t + 1) % 3):5 * ((t + 1) % 3) + 5] for t in range(3)]
    assert hands[2] == cards[0:5]
    starter = cards[16]
    kept, crib = [], []
    for t in range(3):
        keep, throw = board_choose(hands[t], "dealer" if t == 2 else "pone", "three-player")
        kept.append(keep)
        crib += throw
    crib.append(cards[15])
    events = []
    heels = 2 if card(starter)[0] == 11 else 0
    if heels:
        events.append((2, 2))
    play, _ = play_round_twin([[card(c)[0] for c in k] for k in kept],
                              lambda player, hand, count_seq: greedy_pick(hand, count_seq))
    events += [(player, x) for _, player, _, x in play]
    shows = [show_total(k, starter) for k in kept]
    events += [(t, shows[t]) for t in range(3)]
    cr = show_total(crib, starter, crib=True)
    events.append((2, cr))
    peg = [sum(x for _, player, _, x in play if player == t) for t in range(3)]
    figures = {"heels": heels, "peg_left": peg[0], "peg_right": peg[1], "peg_dealer": peg[2],
               "hand_left": shows[0], "hand_right": shows[1], "hand_dealer": shows[2], "crib": cr,
               "total_left": peg[0] + shows[0], "total_right": peg[1] + shows[1],
               "total_dealer": heels + peg[2] + shows[2] + cr}
    return events, figures


def board_counts3(scripts, B=128, needs=122):
    """The three-player induction's counts of a list of scripts [(turn, points)], in
    dictionaries: hist[(d0, d1, d2)] and first[(i, n, x, y)] (turn i reaches n with turn
    (i + 1) % 3 at x and (i + 2) % 3 at y), point by point."""
    hist, first = {}, {}
    for events in scripts:
        run = [0, 0, 0]
        for who, x in events:
            for _ in range(x):
                run[who] += 1
                if run[who] < needs:
                    key = (who, run[who], min(run[(who + 1) % 3], B - 1), min(run[(who + 2) % 3], B - 1))
                    first[key] = first.get(key, 0) + 1
        key = tuple(min(r, B - 1) for r in run)
        hist[key] = hist.get(key, 0) + 1
    return hist, first


def board_play_script3(events, scores, target):
    """Play one three-player deal's script from ``scores`` by turn, point by point: (the turn
    that reaches the target first or None, the scores at that moment or at the deal's end)."""
    scores = list(scores)
    for who, x in events:
        for _ in range(x):
            scores[who] += 1
            if scores[who] >= target:
                return who, scores
    return None, scores


def board_induction3_twin(scripts, target, skunk):
    """The three-player board by plain recursion over positions by turn, each deal one of
    ``scripts`` with equal probability, played point by point; the deal passes to the left (the
    next position by turn is (left + d1... ) read as (a1 + d1, a2 + d2, a0 + d0)). Returns
    value(a0, a1, a2) -> (P(turn t wins) x 3, P(turn t skunked) x 3, E[deals])."""
    import sys

    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    n = len(scripts)

    @lru_cache(maxsize=None)
    def value(a0, a1, a2):
        acc = [0.0] * 7
        for events in scripts:
            who, sc = board_play_script3(events, (a0, a1, a2), target)
            if who is not None:
                acc[who] += 1
                for t in range(3):
                    if t != who and sc[t] < skunk:
                        acc[3 + t] += 1
            else:
                nxt = value(sc[1], sc[2], sc[0])  # its turns 0, 1, 2 are this deal's 1, 2, 0
                for t in range(3):
                    acc[t] += nxt[(t + 2) % 3]
                    acc[3 + t] += nxt[3 + (t + 2) % 3]
                acc[6] += nxt[6]
        acc[6] += n
        return tuple(x / n for x in acc)

    return value


def board_induction3p_twin(scripts, target, skunk):
    """The product form of :func:`board_induction3_twin`: a deal that ends the game is played
    point by point as there; one that does not moves the scores by totals (d0, d1, d2) drawn
    independently from the scripts' marginal totals by turn (never (0, 0, 0)), the chance of
    each scaled so that together they have the scripts' own share of deals ending below the
    needs. Plain sums over every (d0, d1, d2)."""
    import sys

    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    n = len(scripts)
    totals = [[sum(x for w, x in ev if w == t) for ev in scripts] for t in range(3)]
    marg = [{} for _ in range(3)]
    for t in range(3):
        for d in totals[t]:
            marg[t][d] = marg[t].get(d, 0) + 1 / n

    @lru_cache(maxsize=None)
    def value(a0, a1, a2):
        acc = [0.0] * 7
        below = 0
        for events in scripts:
            who, sc = board_play_script3(events, (a0, a1, a2), target)
            if who is not None:
                acc[who] += 1 / n
                for t in range(3):
                    if t != who and sc[t] < skunk:
                        acc[3 + t] += 1 / n
            else:
                below += 1
        need = (target - a0, target - a1, target - a2)
        cells = [(d0, d1, d2) for d0 in marg[0] for d1 in marg[1] for d2 in marg[2]
                 if d0 < need[0] and d1 < need[1] and d2 < need[2] and (d0, d1, d2) != (0, 0, 0)]
        mass = sum(marg[0][c[0]] * marg[1][c[1]] * marg[2][c[2]] for c in cells)
        for d0, d1, d2 in cells:
            p = marg[0][d0] * marg[1][d1] * marg[2][d2] * (below / n) / mass
            nxt = value(a1 + d1, a2 + d2, a0 + d0)
            for t in range(3):
                acc[t] += p * nxt[(t + 2) % 3]
                acc[3 + t] += p * nxt[3 + (t + 2) % 3]
            acc[6] += p * nxt[6]
        acc[6] += 1
        return tuple(acc)

    return value


def board_merge(events):
    """Consecutive points of one player as one event (who reaches a target first is the same)."""
    out = []
    for p, x in events:
        if x == 0:
            continue
        if out and out[-1][0] == p:
            out[-1] = (p, out[-1][1] + x)
        else:
            out.append((p, x))
    return out


def board_counts(scripts, B=128, needs=122):
    """The induction's counts of a list of scripts, in dictionaries: hist[(d, p)],
    dealer_first[(nd, x)], pone_first[(np, y)] (totals clipped at B - 1 as the kernel does)."""
    hist, dfirst, pfirst = {}, {}, {}
    for events in scripts:
        d = p = 0
        for who, x in events:
            for _ in range(x):
                if who == 1:
                    d += 1
                    if d < needs:
                        key = (d, min(p, B - 1))
                        dfirst[key] = dfirst.get(key, 0) + 1
                else:
                    p += 1
                    if p < needs:
                        key = (p, min(d, B - 1))
                        pfirst[key] = pfirst.get(key, 0) + 1
        key = (min(d, B - 1), min(p, B - 1))
        hist[key] = hist.get(key, 0) + 1
    return hist, dfirst, pfirst


def board_play_script(events, a, b, target):
    """Play one deal's script from the dealer at a, the pone at b: ("dealer" | "pone" | None,
    dealer's score, pone's score) at the moment someone reaches the target (None: nobody)."""
    for who, x in events:
        for _ in range(x):  # point by point
            if who == 1:
                a += 1
                if a >= target:
                    return "dealer", a, b
            else:
                b += 1
                if b >= target:
                    return "pone", a, b
    return None, a, b


def board_induction_twin(scripts, target, skunk, double):
    """The board by plain recursion over positions, each deal one of ``scripts`` with equal
    probability, played point by point: {(a, b): (P(dealer wins), P(win with skunk), P(skunked),
    P(win with double), P(double-skunked), P(loser one short), E[deals])}."""
    import sys

    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    n = len(scripts)

    @lru_cache(maxsize=None)
    def value(a, b):
        acc = [0.0] * 7
        for events in scripts:
            who, a2, b2 = board_play_script(events, a, b, target)
            if who == "dealer":
                acc[0] += 1
                acc[1] += b2 < skunk
                acc[3] += b2 < double
                acc[5] += b2 == target - 1
            elif who == "pone":
                acc[2] += a2 < skunk
                acc[4] += a2 < double
                acc[5] += a2 == target - 1
            else:
                w, sw, sl, dw, dl, one, deals = value(b2, a2)  # the deal passes
                acc[0] += 1 - w
                acc[1] += sl
                acc[2] += sw
                acc[3] += dl
                acc[4] += dw
                acc[5] += one
                acc[6] += deals
        acc[6] += n
        return tuple(x / n for x in acc)

    return value


def board_whole_games(n_games, seed, target, skunk):
    """Whole six-card games dealt from a Python ``random.Random(seed)`` pack and played card by
    card (discards by seats_sample.choose, greedy play, the show), the score checked after every
    point. Returns a list of (first dealer won, winner skunked the loser, deals played)."""
    import random

    rng = random.Random(seed)
    out = []
    for _ in range(n_games):
        score = [0, 0]  # player 0 deals first
        dealer = 0
        deals = 0
        winner = None
        while winner is None:
            deals += 1
            pack = list(range(52))
            rng.shuffle(pack)
            events, _ = board_deal(pack[:13])
            for who, x in events:
                player = dealer if who == 1 else 1 - dealer
                for _ in range(x):
                    score[player] += 1
                    if score[player] >= target:
                        winner = player
                        break
                if winner is not None:
                    break
            dealer = 1 - dealer
        out.append((winner == 0, score[1 - winner] < skunk, deals))
    return out


# ---------------------------------------------------------------------------------------------
# The play advisor: every opponent hand of a (reduced) pack, one at a time
# ---------------------------------------------------------------------------------------------


class _Play:
    """A play in progress, as the rule book tells it: ranks 1..13, player 0 the pone (who leads)."""

    def __init__(self, pone, dealer, stop_at_go):
        self.hands = [list(pone), list(dealer)]
        self.points = [0, 0]
        self.count_seq = []
        self.turn = 0
        self.last = 1
        self.over = False
        self.stop_at_go = stop_at_go

    def count(self):
        return sum(value(r) for r in self.count_seq)

    def can(self, player):
        return any(self.count() + value(r) <= 31 for r in self.hands[player])

    def pass_turns(self):
        """Goes and restarts until someone must play a card (or the play is over)."""
        while not self.over and not self.can(self.turn):
            if self.can(1 - self.turn):
                self.turn = 1 - self.turn
                continue
            if self.count_seq and self.count() < 31:
                self.points[self.last] += 1
            if self.stop_at_go or not (self.hands[0] or self.hands[1]):
                self.over = True
                return
            self.count_seq = []
            self.turn = 1 - self.last

    def play(self, r):
        self.hands[self.turn].remove(r)
        self.count_seq.append(r)
        self.points[self.turn] += peg_card(self.count_seq)
        self.last = self.turn
        self.turn = 1 - self.turn
        self.pass_turns()

    def greedy(self):
        hand = self.hands[self.turn]
        count = self.count()
        low = [r for r in hand if r <= 4]
        if not self.count_seq and low:
            return max(low)
        legal = [r for r in hand if count + value(r) <= 31]
        return max(legal, key=lambda c: (peg_card(self.count_seq + [c]), count + value(c) not in (5, 10, 21), c))

    def minimax(self):
        """The rank the player to move plays when both play the rest optimally with both hands
        visible (:func:`minimax_rest`; the dealer maximises dealer - pone): the lowest rank of the
        best value."""
        best = None
        for r in sorted({r for r in self.hands[self.turn] if self.count() + value(r) <= 31}):
            s = self.copy()
            s.play(r)
            v = s.points[1] - s.points[0]
            if not s.over:
                v += minimax_rest(s.hands, s.count_seq, s.turn, s.last, s.stop_at_go)
            if best is None or (v > best[0] if self.turn == 1 else v < best[0]):
                best = (v, r)
        return best[1]

    def next_card(self, rest):
        """The card the player to move plays when both play by ``rest`` ("greedy" or "minimax")."""
        return self.greedy() if rest == "greedy" else self.minimax()

    def copy(self):
        other = _Play([], [], self.stop_at_go)
        other.hands = [list(h) for h in self.hands]
        other.points = list(self.points)
        other.count_seq = list(self.count_seq)
        other.turn, other.last, other.over = self.turn, self.last, self.over
        return other


def advise_posterior_twin(deck, dealt, throw, starter, me_dealer, played, stop_at_go=False, others_to_crib=2,
                          uniform=False):
    """The opponent's (kept, thrown) pairs the play advisor weighs, by brute force over every
    opponent hand of ``deck`` (card codes) less your dealt cards and the starter: each hand's
    throws valued by :func:`throw_values`, the objective's tied throws sharing the hand evenly
    (``uniform``: every throw of the hand sharing it, the objective unused), kept cards that
    hold the opponent's played cards and replay the play so far (the rules below decide whose
    turn it is, so a go falls only where no card fitted). Returns ([(weight, kept codes, thrown
    codes)], consistent hands)."""
    me = 1 if me_dealer else 0
    kept = [c for c in dealt if c not in throw]
    theirs_played = [c for c in played if c not in kept]
    pool = [c for c in deck if c not in dealt and c != starter]
    n_dealt = len(dealt)
    opp_dealer = not me_dealer
    n_unseen = len(deck) - n_dealt
    per = 1
    for i in range(others_to_crib):
        per = per * (n_unseen - 1 - i) // (i + 1)
    out = []
    hands = 0
    for hand in combinations(pool, n_dealt):
        if any(c not in hand for c in theirs_played):
            continue
        if uniform:
            tied = list(combinations(hand, len(throw)))
        else:
            tied = _tied_throws(hand, len(throw), others_to_crib, tuple(deck), per, opp_dealer)
        counted = False
        for t in tied:
            keep = [c for c in hand if c not in t]
            if any(c not in keep for c in theirs_played):
                continue
            ranks = tuple(sorted(card(c)[0] for c in keep))
            if _replays(kept, ranks, me, played, stop_at_go) is None:
                continue
            out.append((Fraction(1, len(tied)), keep, list(t)))
            counted = True
        hands += counted
    return out, hands


def advise_twin(deck, dealt, throw, starter, me_dealer, played, stop_at_go=False, others_to_crib=2, uniform=False,
                rest="greedy"):
    """The play advisor by brute force (:func:`advise_posterior_twin`): ({rank 1..13 of each
    legal card: E[your points from now on - theirs]}, consistent hands); after your card both
    play by ``rest`` (:meth:`_Play.next_card`)."""
    me = 1 if me_dealer else 0
    kept = [c for c in dealt if c not in throw]
    pairs, hands = advise_posterior_twin(deck, dealt, throw, starter, me_dealer, played, stop_at_go, others_to_crib,
                                         uniform)
    weights = {}
    for w, keep, _ in pairs:
        ranks = tuple(sorted(card(c)[0] for c in keep))
        weights[ranks] = weights.get(ranks, 0) + w
    total = sum(weights.values())
    values = {}
    for ranks, w in weights.items():
        state = _replays(kept, ranks, me, played, stop_at_go)
        for r in sorted(set(state.hands[me])):
            if state.count() + value(r) > 31:
                continue
            s = state.copy()
            before = s.points[me] - s.points[1 - me]
            s.play(r)
            while not s.over:
                s.play(s.next_card(rest))
            values[r] = values.get(r, 0) + w * (s.points[me] - s.points[1 - me] - before)
    return {r: v / total for r, v in values.items()}, hands


def advise_win_twin(deck, dealt, throw, starter, me_dealer, played, score, win, target, stop_at_go=False,
                    uniform=False, rest="greedy"):
    """P(you win the game) of each legal rank 1..13, as the play advisor's ``score`` gives it, by
    brute force over :func:`advise_posterior_twin`'s pairs: the rest of the play (your card, then
    both by ``rest``, greedy or minimax), scored point by point with the score ``score`` (yours, theirs); the pone's
    hand, the dealer's hand and the crib (yours, or theirs with your thrown cards) counted by
    :func:`show_total` in that order; the game over the moment a side reaches ``target``; else
    ``win[a][b]``, P(the next dealer at a against b wins) (a board's table, given). Exact sums of
    the table's floats (Fractions)."""
    me = 1 if me_dealer else 0
    kept = [c for c in dealt if c not in throw]
    pairs, _ = advise_posterior_twin(deck, dealt, throw, starter, me_dealer, played, stop_at_go, 2, uniform)
    mine_show = show_total(kept, starter)
    total = sum(w for w, _, _ in pairs)
    out = {}
    for w, keep, thrown in pairs:
        theirs_show = show_total(keep, starter)
        crib = show_total(sorted(thrown + list(throw)), starter, crib=True)
        ranks = tuple(sorted(card(c)[0] for c in keep))
        state = _replays(kept, ranks, me, played, stop_at_go)
        for r in sorted(set(state.hands[me])):
            if state.count() + value(r) > 31:
                continue
            s = state.copy()
            a, b = score
            pts = list(s.points)
            s.play(r)
            winner = None
            while True:
                gained = [s.points[i] - pts[i] for i in (0, 1)]
                pts = list(s.points)
                a += gained[me]
                b += gained[1 - me]
                if a >= target:
                    winner = 0
                elif b >= target:
                    winner = 1
                if winner is not None or s.over:
                    break
                s.play(s.next_card(rest))
            if winner is None:  # the shows: the pone's hand, the dealer's hand, the dealer's crib
                if me == 0:
                    a += mine_show
                    b += theirs_show + crib
                    winner = 0 if a >= target else 1 if b >= target else None
                else:
                    b += theirs_show
                    a += mine_show + crib
                    winner = 1 if b >= target else 0 if a >= target else None
            if winner is None:  # the deal passes to the pone
                p = Fraction(win[a][b]) if me == 0 else 1 - Fraction(win[b][a])
            else:
                p = Fraction(1 if winner == 0 else 0)
            out[r] = out.get(r, 0) + w * p
    return {r: v / total for r, v in out.items()}


def _replays(kept, their_ranks, me, played, stop_at_go):
    """The play after ``played`` (codes; yours are in ``kept``) when the opponent kept
    ``their_ranks``, or None when the rules cannot produce it or it is not your turn after it."""
    mine = [card(c)[0] for c in kept]
    s = _Play(mine if me == 0 else their_ranks, their_ranks if me == 0 else mine, stop_at_go)
    s.pass_turns()
    for c in played:
        who = me if c in kept else 1 - me
        r = card(c)[0]
        if s.over or s.turn != who or r not in s.hands[who] or s.count() + value(r) > 31:
            return None
        s.play(r)
    if s.over or s.turn != me:
        return None
    return s


# =============================================================================================
# discard for the board (issue #22): one deal played out for each throw, then the board's table
# =============================================================================================


def board_throw_hand(seed, k, unseen, n):
    """The opponent's n cards of random hand k of seed from the list ``unseen`` (the kernel's
    draw_hand: splitmix64 from a hash of (seed, k), a partial Fisher-Yates), in Python."""
    state = board_mix64((board_mix64(seed ^ 0xBF58476D1CE4E5B9) + k * 0x9E3779B97F4A7C15) & BOARD_MASK)
    deck = list(unseen)
    for i in range(n):
        state = (state + 0x9E3779B97F4A7C15) & BOARD_MASK
        j = i + board_mix64(state) % (len(deck) - i)
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:n]


def board_throw_suits(seed, stratum, draw, counts, unseen):
    """Suit draw ``draw`` of the opponent's rank counts (ranks 0..12, as the kernel's strata):
    for each rank in turn, counts[r] of the unseen cards of that rank (in increasing code order)."""
    state = board_mix64(seed ^ 0xBF58476D1CE4E5B9)
    state = board_mix64((state + stratum * 0x9E3779B97F4A7C15) & BOARD_MASK)
    state = board_mix64((state + draw * 0xBF58476D1CE4E5B9) & BOARD_MASK)
    out = []
    for r in range(13):
        pick = [c for c in sorted(unseen) if c // 4 == r]
        for i in range(counts[r]):
            state = (state + 0x9E3779B97F4A7C15) & BOARD_MASK
            j = i + board_mix64(state) % (len(pick) - i)
            pick[i], pick[j] = pick[j], pick[i]
            out.append(pick[i])
    return out


def board_throw_twin(dealt, opp, role, mine, theirs, tables, variant="six-card", target=121, skunk=91):
    """Every throw of your ``dealt`` codes (sorted; throws in itertools order over them) against
    the opponent holding ``opp``: [(P(win), P(win with a skunk), board error)] averaged over every
    starter left, the deal played point by point from (mine, theirs) in the game's order. The
    opponent throws by board_choose; ``tables`` = (W, SW, SL, SE) from the dealer's side."""
    win, skunk_win, skunk_loss, win_se = tables
    dealt = sorted(dealt)
    me_dealer = role == "dealer"
    okeep, othrow = board_choose(opp, "pone" if me_dealer else "dealer", variant)
    starters = [c for c in range(52) if c not in dealt and c not in opp]
    out = []
    for idx in combinations(range(len(dealt)), 2):
        mthrow = [dealt[i] for i in idx]
        mkeep = [c for i, c in enumerate(dealt) if i not in idx]
        pone, dealer = (okeep, mkeep) if me_dealer else (mkeep, okeep)
        play = board_greedy_events([card(c)[0] for c in pone], [card(c)[0] for c in dealer],
                                   stop_at_go=variant == "five-card")
        acc = [0.0, 0.0, 0.0]
        for s in starters:
            events = [(1, 2)] if card(s)[0] == 11 else []
            events += play
            events += [(0, show_total(pone, s)), (1, show_total(dealer, s)), (1, show_total(mthrow + othrow, s, True))]
            score = {"me": mine, "them": theirs}
            result = None
            for who, x in events:
                side = "me" if (who == 1) == me_dealer else "them"
                for _ in range(x):
                    score[side] += 1
                    if score[side] >= target:
                        result = side
                        break
                if result:
                    break
            if result == "me":
                acc[0] += 1
                acc[1] += score["them"] < skunk
            elif result is None:
                a, b = score["me"], score["them"]
                if me_dealer:  # the opponent deals next
                    acc[0] += 1 - win[b, a]
                    acc[1] += skunk_loss[b, a]
                    acc[2] += win_se[b, a]
                else:
                    acc[0] += win[a, b]
                    acc[1] += skunk_win[a, b]
                    acc[2] += win_se[a, b]
        out.append(tuple(x / len(starters) for x in acc))
    return out


def board_throw_four_twin(dealt, others, my_turn, mine, theirs, tables, target=121, skunk=91):
    """Four players in partnership: every throw of your five ``dealt`` codes (sorted; one card
    thrown, in order) when you sit at turn ``my_turn`` (0 the dealer's left, 1 his partner, 2 the
    dealer's right, 3 the dealer) and the other turns, in order, hold the hands ``others``:
    [(P(win), P(win with a skunk), board error)] of your side averaged over every starter left.
    Each other seat throws by board_choose for its side's role; the play round the table
    (play_round_twin, greedy); his heels, the play, the hands from the dealer's left, the crib,
    point by point from (mine, theirs); ``tables`` = (W, SW, SL, SE) from the dealing side's."""
    win, skunk_win, skunk_loss, win_se = tables
    dealt = sorted(dealt)
    side = [0, 1, 0, 1]  # the turns' sides: 1 the dealer's
    my_side = side[my_turn]
    hands = {}
    crib_others = []
    it = iter(others)
    for t in range(4):
        if t != my_turn:
            keep, throw = board_choose(next(it), "dealer" if side[t] else "pone", "four-player")
            hands[t] = keep
            crib_others += throw
    seen = set(dealt) | {c for h in others for c in h}
    starters = [c for c in range(52) if c not in seen]
    out = []
    for i in range(len(dealt)):
        hands[my_turn] = [c for j, c in enumerate(dealt) if j != i]
        crib = crib_others + [dealt[i]]
        kept = [hands[t] for t in range(4)]
        play, _ = play_round_twin([[card(c)[0] for c in k] for k in kept],
                                  lambda player, hand, count_seq: greedy_pick(hand, count_seq))
        acc = [0.0, 0.0, 0.0]
        for s in starters:
            events = [(1, 2)] if card(s)[0] == 11 else []
            events += [(side[player], x) for _, player, _, x in play]
            events += [(side[t], show_total(kept[t], s)) for t in range(4)]
            events.append((1, show_total(crib, s, True)))
            score = {"me": mine, "them": theirs}
            result = None
            for who, x in events:
                who = "me" if who == my_side else "them"
                for _ in range(x):
                    score[who] += 1
                    if score[who] >= target:
                        result = who
                        break
                if result:
                    break
            if result == "me":
                acc[0] += 1
                acc[1] += score["them"] < skunk
            elif result is None:
                a, b = score["me"], score["them"]
                if my_side == 1:  # the other side deals next
                    acc[0] += 1 - win[b, a]
                    acc[1] += skunk_loss[b, a]
                    acc[2] += win_se[b, a]
                else:
                    acc[0] += win[a, b]
                    acc[1] += skunk_win[a, b]
                    acc[2] += win_se[a, b]
        out.append(tuple(x / len(starters) for x in acc))
    return out


def board_throw_three_twin(dealt, others, pack, my_turn, scores, tab, target=121, skunk=91):
    """Three players: every throw of your five ``dealt`` codes (sorted; one card thrown, in
    order) when you sit at turn ``my_turn`` (0 the dealer's left, 1 his right, 2 the dealer), the
    other turns, in order, hold the hands ``others`` and ``pack`` is the crib's card from the
    pack: [(P(win), P(skunked), board error)] of your turn averaged over every starter left. Each
    other seat throws by board_choose (the dealer as the dealer, the others as the pone); greedy
    play round the table (play_round_twin); his heels, the play, the hands from the dealer's left,
    the crib (the dealer's), point by point from ``scores`` by turn; a deal that ends below the
    target passes to the left: ``tab[a0, a1, a2]`` = (P(win) x 3, P(skunked) x 3, error x 3) by
    turn at the next position, this deal's turns 1, 2, 0 there its 0, 1, 2."""
    dealt = sorted(dealt)
    hands, crib_others = {}, []
    it = iter(others)
    for t in range(3):
        if t != my_turn:
            keep, throw = board_choose(next(it), "dealer" if t == 2 else "pone", "three-player")
            hands[t] = keep
            crib_others += throw
    seen = set(dealt) | {c for h in others for c in h} | {pack}
    starters = [c for c in range(52) if c not in seen]
    out = []
    for i in range(len(dealt)):
        hands[my_turn] = [c for j, c in enumerate(dealt) if j != i]
        crib = crib_others + [dealt[i], pack]
        kept = [hands[t] for t in range(3)]
        play, _ = play_round_twin([[card(c)[0] for c in k] for k in kept],
                                  lambda player, hand, count_seq: greedy_pick(hand, count_seq))
        acc = [0.0, 0.0, 0.0]
        for s in starters:
            events = [(2, 2)] if card(s)[0] == 11 else []
            events += [(player, x) for _, player, _, x in play]
            events += [(t, show_total(kept[t], s)) for t in range(3)]
            events.append((2, show_total(crib, s, True)))
            winner, sc = board_play_script3(events, scores, target)
            if winner == my_turn:
                acc[0] += 1
            elif winner is not None:
                acc[1] += sc[my_turn] < skunk
            else:
                nxt = (sc[1], sc[2], sc[0])
                t = (my_turn + 2) % 3
                acc[0] += float(tab[nxt][t])
                acc[1] += float(tab[nxt][3 + t])
                acc[2] += float(tab[nxt][6 + t])
        out.append(tuple(x / len(starters) for x in acc))
    return out


# =============================================================================================
# the referee (issue #31): a game record re-scored from its cards and its order of play alone,
# as the rule book says, sharing nothing with crib_stats.referee
# =============================================================================================

RECORD_RULES = {  # the rule book's numbers, written here again (not read from the variant table)
    "six-card": {"players": 2, "stop_at_go": False, "last3": 0},
    "five-card": {"players": 2, "stop_at_go": True, "last3": 3},
    "three-player": {"players": 3, "stop_at_go": False, "last3": 0},
    "four-player": {"players": 4, "stop_at_go": False, "last3": 0},
}
RECORD_SEATS = {2: ("first_dealer", "first_pone"), 3: ("first_dealer", "first_left", "first_right"),
                4: ("north", "east", "south", "west")}
RECORD_SKUNKS = {121: (91, 61), 91: (61, 31), 61: (31, 0)}  # the loser below: skunked, double-skunked
_TEXT_RANKS = {"a": 1, "j": 11, "q": 12, "k": 13}


def text_card(text):
    """(rank 1..13, suit 0..3) of a record's card ("10d", "js")."""
    r, s = text[:-1].lower(), text[-1].lower()
    return (_TEXT_RANKS[r] if r in _TEXT_RANKS else int(r), "cdhs".index(s))


def text_code(text):
    rank, suit = text_card(text)
    return (rank - 1) * 4 + suit


def record_twin(record):
    """Re-score a game record of any variant, as the rule book says: the deal passes to the left
    (the first dealer first); the five-card first deal's pone pegs 3; his heels; the play in the
    recorded order of cards, in turn from the dealer's left (a player who cannot play is passed
    over; when nobody can, the last player pegs 1, none at 31, and the player on the last
    player's left leads the next count; the five-card play ends at the first go or 31); the
    hands shown from the dealer's left, the dealer's last, then the crib (the throws and, three
    players, the pack's card); with muggins each show pegs its owner's claim (no more than the
    count) and the caller on the owner's left what it calls of the rest; partners (four players,
    seats opposite) score together; the game over the moment a side reaches the target. Returns
    (per deal: the scores after it {side: n}; per deal: the (seat, points) of every card and go /
    last card scored, in order; (winner, skunk, double skunk) for two sides, (winner, skunked,
    double-skunked) for three)."""
    rules = RECORD_RULES[record["variant"]]
    n = rules["players"]
    target = record["target"]
    skunk, double = RECORD_SKUNKS[target]
    muggins = record.get("muggins", False)
    seats = RECORD_SEATS[n]
    side = {s: s for s in seats}
    if n == 4:
        side = {"north": "north_south", "south": "north_south", "east": "east_west", "west": "east_west"}
    score = {x: 0 for x in dict.fromkeys(side.values())}
    won = []

    def peg(seat, x):
        if not won:
            score[side[seat]] += x
            if score[side[seat]] >= target:
                won.append(side[seat])

    deal_scores, deal_entries = [], []
    for j, deal in enumerate(record["deals"]):
        if won:
            break
        dealer = seats[j % n]
        who = [seats[(j + 1 + i) % n] for i in range(n)]  # the play's order: the dealer's left first
        if j == 0:
            peg(who[0], rules["last3"])
        kept = {s: [c for c in deal["hands"][s] if c not in deal["discards"].get(s, [])] for s in seats}
        claims = [(d["kind"], d["seat"], d["points"]) for d in deal["decisions"] if d["kind"] in ("count", "muggins")]
        entries = []
        starter = deal["starter"]
        if starter is not None and text_card(starter)[0] == 11:
            peg(dealer, 2)
        cards = [p for p in deal["plays"] if "card" in p]
        if starter is not None and not won:
            hands = [[text_card(c)[0] for c in kept[s]] for s in who]
            count_seq, turn, last, over = [], 0, n - 1, False

            def can(p):
                return any(sum(value(r) for r in count_seq) + value(r) <= 31 for r in hands[p])

            def pass_turns():
                nonlocal turn, count_seq, over
                while not over and not can(turn):
                    others = [(turn + k) % n for k in range(1, n) if can((turn + k) % n)]
                    if others:
                        turn = others[0]
                        continue
                    if count_seq and sum(value(r) for r in count_seq) < 31:
                        entries.append((who[last], 1))
                        peg(who[last], 1)
                    if rules["stop_at_go"] or not any(hands):
                        over = True
                        return
                    count_seq, turn = [], (last + 1) % n

            pass_turns()
            for p in cards:
                r = text_card(p["card"])[0]
                assert not over and p["by"] == who[turn] and r in hands[turn], (j, p)
                assert sum(value(x) for x in count_seq) + value(r) <= 31, (j, p)
                hands[turn].remove(r)
                count_seq.append(r)
                entries.append((who[turn], peg_card(count_seq)))
                peg(who[turn], peg_card(count_seq))
                if won:
                    break
                last, turn = turn, (turn + 1) % n
                pass_turns()
            if not won:  # the shows
                crib = [c for s in who for c in deal["discards"][s]] + ([deal["crib_card"]] if deal.get("crib_card") else [])
                st = text_code(starter)
                shows = [(s, kept[s], False) for s in who] + [(dealer, crib, True)]
                for owner, cs, is_crib in shows:
                    true = show_total([text_code(c) for c in cs], st, crib=is_crib)
                    if not muggins:
                        peg(owner, true)
                        continue
                    if won:
                        break
                    kind, seat, claimed = claims.pop(0)
                    assert (kind, seat) == ("count", owner), (j, kind, seat, owner)
                    peg(owner, min(claimed, true))
                    if claimed < true and not won:
                        kind, caller, called = claims.pop(0)
                        assert (kind, caller) == ("muggins", seats[(seats.index(owner) + 1) % n]), (j, kind, caller)
                        peg(caller, min(called, true - claimed))
        deal_scores.append(dict(score))
        deal_entries.append(entries)
    if not won:
        return deal_scores, deal_entries, None
    losers = [x for x in score if x != won[0]]
    if len(score) == 2:
        low = score[losers[0]]
        return deal_scores, deal_entries, (won[0], low < skunk, low < double)
    return deal_scores, deal_entries, (won[0], [x for x in losers if score[x] < skunk],
                                       [x for x in losers if score[x] < double])


# =============================================================================================
# the advisor's per-machine keep table with the show (kernels/suits.py, kernels/keepshow.py)
# =============================================================================================


def suit_hands(counts, deck_ranks):
    """The hands of one dealt rank multiset (``counts[r]`` cards of rank index r) on a pack of
    the ranks ``deck_ranks`` (four suits each), in the keep table's order: every choice of
    ``counts[r]`` of the four suits of each rank, sorted by the suits held of each rank in turn
    (the lowest rank first, a rank's suits read as the binary number sum 2**suit). Each hand is
    its sorted card codes."""
    if any(counts[r] and r not in deck_ranks for r in range(13)):
        return []
    per_rank = [[[r * 4 + s for s in suits] for suits in combinations(range(4), counts[r])]
                for r in range(13) if counts[r]]
    hands = []
    for choice in product(*per_rank):
        hand = sorted(c for cards in choice for c in cards)
        key = tuple(sum(2 ** (c % 4) for c in hand if c // 4 == r) for r in range(13) if counts[r])
        hands.append((key, hand))
    return [h for _, h in sorted(hands)]


def pool_hands(counts, deck_ranks, pool, must):
    """(place in :func:`suit_hands`, hand) of the hands of that multiset whose cards are all in
    ``pool`` and that hold every card of ``must`` of their ranks."""
    return [(i, h) for i, h in enumerate(suit_hands(counts, deck_ranks))
            if set(h) <= set(pool) and all(c in h for c in must if counts[c // 4])]


def keep_show_twin(deck, pool, must, n_dealt, opp_dealer, keep_rows, ok, starter, my_thrown, scale, n_throw=2,
                   others_to_crib=2):
    """The posterior with the show of :func:`crib_stats.kernels.keepshow.keep_show_posterior`
    by brute force: every opponent hand of ``n_dealt`` cards from ``pool`` (card codes) holding
    every card of ``must``; its throws of ``n_throw`` cards valued by :func:`throw_values` on
    ``deck``, the objective (dealer max E[hand] + E[crib], pone max E[hand] - E[crib]) choosing;
    each tied throw takes ``scale // (number tied)``, counted when it throws no card of ``must``
    and its kept rank counts are a row of ``keep_rows`` (lists of 13 counts) with ``ok[row]``,
    at (the kept cards' show with ``starter``, the crib's: the thrown cards and ``my_thrown``).
    Returns ({(row, hand points, crib points): weight}, hands with a counted throw)."""
    n_unseen = len(deck) - n_dealt
    per = 1
    for i in range(others_to_crib):
        per = per * (n_unseen - 1 - i) // (i + 1)
    rows = {tuple(int(x) for x in k): i for i, k in enumerate(keep_rows)}
    out = {}
    hands = 0
    for hand in combinations(sorted(pool), n_dealt):
        if any(c not in hand for c in must):
            continue
        tied = _tied_throws(hand, n_throw, others_to_crib, tuple(deck), per, opp_dealer)
        counted = False
        for t in tied:
            keep = [c for c in hand if c not in t]
            if any(c in t for c in must):
                continue
            row = rows[tuple(sum(1 for c in keep if c // 4 == r) for r in range(13))]
            if not ok[row]:
                continue
            at = (row, show_total(keep, starter), show_total(sorted(list(t) + list(my_thrown)), starter, crib=True))
            out[at] = out.get(at, 0) + scale // len(tied)
            counted = True
        hands += counted
    return out, hands


@lru_cache(maxsize=None)
def _tied_throws(hand, n_throw, others_to_crib, deck, per, opp_dealer):
    """The throws of ``hand`` best on the objective (:func:`throw_values`), in order."""
    scored = []
    for t in combinations(hand, n_throw):
        h, cr = throw_values(hand, t, others_to_crib, deck)
        scored.append((h * per + (cr if opp_dealer else -cr), t))
    best = max(o for o, _ in scored)
    return [t for o, t in scored if o == best]


# ---------------------------------------------------------------------------------------------
# the search player (kernels.ismcts, players.search)
# ---------------------------------------------------------------------------------------------
# Which opponent hands are consistent with a play seen so far, by replaying the play card by
# card as the rule book runs it with each candidate hand; and a deal's value for one seat,
# played out by play_round_twin and counted by the reference scorer.


def search_replay_fits(my_ranks, their_ranks, me_pone, played_by_me_rank, stop_at_go=False):
    """Whether the play ``played_by_me_rank`` ((by me?, rank 1..13) in order), with the seat
    holding ``my_ranks`` and the opponent ``their_ranks`` (every card each held at the start of
    the play), is the one the rules make (a player plays when a card fits, else says go; when
    neither can, the count restarts led by the other of the last player) and ends with the seat
    to play a card that fits."""
    hands = {True: list(my_ranks), False: list(their_ranks)}
    turn, last = me_pone, not me_pone  # the pone leads; "last" is the dealer before any card
    count_seq = []

    def fits(who):
        count = sum(value(r) for r in count_seq)
        return [r for r in hands[who] if count + value(r) <= 31]

    def settle():
        nonlocal turn, count_seq
        while True:
            if fits(turn):
                return True
            if fits(not turn):
                turn = not turn
                continue
            if stop_at_go or not (hands[True] or hands[False]):
                return False
            count_seq = []
            turn = not last

    for mine, rank in played_by_me_rank:
        if not settle() or turn != mine or rank not in fits(turn):
            return False
        hands[turn].remove(rank)
        count_seq.append(rank)
        last = turn
        turn = not turn
    return settle() and turn is True


def search_consistent_hands(my_kept_codes, their_played_codes, played, me_pone, unseen_codes, n_hidden):
    """Every set of ``n_hidden`` unseen cards (codes) the opponent may hold now: those with which
    the replay of ``played`` ((by me?, code) in order) is the rules' (:func:`search_replay_fits`)."""
    out = set()
    seq = [(mine, code // 4 + 1) for mine, code in played]
    for hidden in combinations(sorted(unseen_codes), n_hidden):
        theirs = [c // 4 + 1 for c in list(their_played_codes) + list(hidden)]
        if search_replay_fits([c // 4 + 1 for c in my_kept_codes], theirs, me_pone, seq):
            out.add(hidden)
    return out


def search_picker(picks):
    """A ``pick`` for :func:`play_round_twin` that plays, as the i-th card of the play, the
    ``picks[i] % k``-th lowest of the mover's k legal ranks (the search's play-outs)."""
    it = iter(picks)

    def pick(player, hand, count_seq):
        count = sum(value(r) for r in count_seq)
        legal = sorted({r for r in hand if count + value(r) <= 31})
        return legal[next(it) % len(legal)]

    return pick


def search_deal_value_twin(pone_codes, dealer_codes, crib_codes, starter, me, picks, stop_at_go=False, heels=True):
    """The point difference of a whole deal for seat ``me`` (0 the pone, 1 the dealer): the play
    with each mover playing the ``picks[i] % k``-th lowest of its k legal ranks, both hands, the
    crib to the dealer, his heels."""
    pick = search_picker(picks)
    _, points = play_round_twin([[c // 4 + 1 for c in pone_codes], [c // 4 + 1 for c in dealer_codes]], pick,
                                stop_at_go)
    pone = points[0] + show_total(list(pone_codes), starter)
    dealer = points[1] + show_total(list(dealer_codes), starter) + show_total(list(crib_codes), starter, True)
    if heels and starter // 4 + 1 == 11:
        dealer += 2
    return dealer - pone if me == 1 else pone - dealer


def search_deal_win_twin(pone_codes, dealer_codes, crib_codes, starter, me, picks, mine, theirs, target, win,
                         stop_at_go=False, heels=True):
    """Seat ``me``'s chance of winning the game over a whole deal played as
    :func:`search_deal_value_twin` plays it, from the scores ``mine`` and ``theirs``: every point
    added one event at a time as the rule book scores them (his heels at the cut, each card and go
    of the play in turn, the pone's show, the dealer's, the crib), the first to ``target`` winning
    on the spot; if nobody gets there, ``win(dealer's score, pone's score)`` is the next dealer's
    chance (the deal passes: this deal's pone deals next)."""
    pick = search_picker(picks)
    events, _ = play_round_twin([[c // 4 + 1 for c in pone_codes], [c // 4 + 1 for c in dealer_codes]], pick,
                                stop_at_go)
    scored = []  # (player: 0 pone, 1 dealer; points) in the order they are pegged
    if heels and starter // 4 + 1 == 11:
        scored.append((1, 2))
    scored += [(player, points) for _, player, _, points in events if points]
    scored += [(0, show_total(list(pone_codes), starter)), (1, show_total(list(dealer_codes), starter)),
               (1, show_total(list(crib_codes), starter, True))]
    score = {me: mine, 1 - me: theirs}
    for player, points in scored:
        score[player] += points
        if score[player] >= target:
            return 1.0 if player == me else 0.0
    next_dealer = 0  # the pone deals the next deal
    p_next_dealer = win(score[next_dealer], score[1 - next_dealer])
    return p_next_dealer if me == next_dealer else 1.0 - p_next_dealer
