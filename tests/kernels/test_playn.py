"""The play of two to four players (crib_stats.kernels.playn, the whole games' stepper) against
its naive twin (reference.play_round_twin: the rule book as written, turns going round the
table) and against the model's state machine (crib_stats.model.play.PlayState), on many random
hands from a pack, each along a random legal line and along greedy's line (the kernel's
greedy_rank_n against the twin's greedy_pick); with two players, greedy's line also against the
searches' two-player stepper (kernels.policies.greedy_sequence). Every event is compared: each
card with its player, its points and the ranks the player could have played; each go and last
card with its player."""

from __future__ import annotations

import random

import numpy as np
import pytest

import reference
from crib_stats.kernels import playn
from crib_stats.kernels.playn import T_DONE, T_GO, T_HANDS, T_POINTS, T_TURN
from crib_stats.kernels.policies import greedy_sequence
from crib_stats.kernels.playn import greedy_rank_n
from crib_stats.model.play import PegCard, PlayState


def kernel_line(hands, stop_at_go, pick):
    """The stepper's play of ``hands`` (ranks 0..12, hands[0] leads), ``pick(k, player, legal,
    st, seq)`` choosing the k-th card: (events, points)."""
    n = len(hands)
    counts = np.zeros((n, 13), np.int64)
    for p, h in enumerate(hands):
        for r in h:
            counts[p, r] += 1
    st, seq = playn.new_play_n(counts, n)
    events = []
    while True:
        playn.settle_n(st, stop_at_go)
        if st[T_GO] >= 0:
            empty = not st[T_HANDS:T_HANDS + n].any()
            events.append(("last" if empty else "go", int(st[T_GO]), None, 1, ()))
        if st[T_DONE]:
            return events, [int(x) for x in st[T_POINTS:T_POINTS + n]]
        t = int(st[T_TURN])
        mask = playn.legal_ranks_n(st)
        legal = tuple(r for r in range(13) if (mask >> r) & 1)
        r = pick(len([e for e in events if e[0] == "card"]), t, legal, st, seq)
        f, a, b, c = playn.play_card_n(seq, st, r)
        events.append(("card", t, r, int(f + a + b + c), legal))


def twin_line(hands, stop_at_go, pick):
    """The naive twin's play (its ranks 1..13 turned back to 0..12), the same picks."""
    legal_seen = []

    def chooser(player, hand, count_seq):
        count = sum(reference.value(r) for r in count_seq)
        legal = tuple(sorted({r - 1 for r in hand if count + reference.value(r) <= 31}))
        legal_seen.append(legal)
        return pick(len(legal_seen) - 1, player, legal, hand, count_seq) + 1

    events, points = reference.play_round_twin([[r + 1 for r in h] for h in hands], chooser, stop_at_go)
    out, k = [], 0
    for kind, player, rank, pts in events:
        if kind == "card":
            out.append((kind, player, rank - 1, pts, legal_seen[k]))
            k += 1
        else:
            out.append((kind, player, None, pts, ()))
    return out, points


def machine_line(hands, stop_at_go, pick):
    """The model's PlayState's play (its 'go-said' events, which score nothing, left out)."""
    s = PlayState([[PegCard(r, f"{r}/{i}", False) for i, r in enumerate(h)] for h in hands], stop_at_go=stop_at_go)
    k = 0
    while True:
        s.settle()
        if s.finished:
            break
        legal = tuple(sorted(c.rank for c in s.playable()))
        r = pick(k, s.turn, legal, s.hands[s.turn], s.ranks)
        s.apply(next(c for c in s.hands[s.turn] if c.rank == r))
        k += 1
    out, seen = [], []
    for e in s.events:
        if e.kind == "card":
            out.append(("card", e.turn, int(e.card.split("/")[0]), e.points, None))
        elif e.kind in ("go", "last"):
            out.append((e.kind, e.turn, None, e.points, ()))
    return out, list(s.points)


def random_hands(rng, players, sizes):
    pack = list(range(52))
    rng.shuffle(pack)
    hands, at = [], 0
    for size in sizes:
        hands.append([c >> 2 for c in pack[at:at + size]])
        at += size
    return hands


def cases(seed, n):
    """``n`` (hands, stop at go) cases: two to four players, mostly four cards each (the three-
    and four-player games' kept hands), else any sizes 0 to 5."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        players = rng.choice((2, 3, 4))
        sizes = [4] * players if i % 3 else [rng.randint(0, 5) for _ in range(players)]
        out.append((random_hands(rng, players, sizes), rng.random() < 0.2))
    return out


def without_legal(events):
    return [e[:4] for e in events]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_stepper_plays_random_lines_as_the_twin_and_the_state_machine(seed):
    rng = random.Random(seed * 1000)
    seen = {"go": 0, "last": 0, "passed over": 0, "three or four": 0}
    for hands, stop in cases(seed, 600):
        u = [rng.randrange(1 << 30) for _ in range(sum(map(len, hands)))]

        def pick(k, player, legal, *_):
            return legal[u[k] % len(legal)]

        got, points = kernel_line(hands, stop, pick)
        want, twin_points = twin_line(hands, stop, pick)
        assert got == want and points == twin_points, (hands, stop)
        machine, machine_points = machine_line(hands, stop, pick)
        assert without_legal(got) == without_legal(machine) and points == machine_points, (hands, stop)
        for a, b in zip(got, got[1:]):
            seen[a[0]] = seen.get(a[0], 0) + 1
            # two cards running, not by neighbours: a player was passed over and the next played on
            seen["passed over"] += a[0] == b[0] == "card" and b[1] != (a[1] + 1) % len(hands)
        seen["last"] += bool(got) and got[-1][0] == "last"
        seen["three or four"] += len(hands) > 2
    assert min(seen.values()) > 0, seen


@pytest.mark.parametrize("seed", [3, 4])
def test_greedy_through_the_stepper_is_the_rule_books_greedy(seed):
    def kernel_pick(k, player, legal, st, seq):
        r = int(greedy_rank_n(seq, st))
        assert r in legal
        return r

    def rule_book(player, hand, count_seq):  # the twin's ranks, 1..13
        return reference.greedy_pick(hand, count_seq)

    for hands, stop in cases(seed, 600):
        got, points = kernel_line(hands, stop, kernel_pick)
        want, twin_points = reference.play_round_twin([[r + 1 for r in h] for h in hands], rule_book, stop)
        assert without_legal(got) == [(k, p, None if r is None else r - 1, x) for k, p, r, x in want], (hands, stop)
        assert points == twin_points
        if len(hands) == 2 and all(hands):  # the searches' two-player stepper, the same greedy
            counts = np.zeros((2, 13), np.int64)
            for p, h in enumerate(hands):
                for r in h:
                    counts[p, r] += 1
            pone, dealer, moves, k = greedy_sequence(counts[0], counts[1], stop)
            assert [(int(a), int(b)) for a, b in moves[:k]] == [(e[1], e[2]) for e in got if e[0] == "card"]
            assert [int(pone), int(dealer)] == points
