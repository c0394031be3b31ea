"""Play policies: greedy and minimax against their naive twins, hand-worked plays, the play
tables, E[peg] of a keep and the replayed policy plays."""

import random
from math import comb

import numpy as np
import pytest

import reference
from crib_stats.kernels import combinatorics, pegvalue, policies as kpol

# A, 4, 5, 6, K: leads from A-4, fifteens (5 K, 4 5 6, A 4 K), runs (4 5 6), counts of 5, 10, 21
SMALL_DECK = np.array([0, 3, 4, 5, 12], np.int64)
# 2, 5, 10, J, Q: three ranks worth 10 (their ties broken by rank alone), fifteens (5 10), runs
# (10 J Q), counts of 5, 10 and 21, thirty-one (10 J 5 2 2 2: 10 + 10 + 5 + 2 + 2 + 2)
TENS_DECK = np.array([1, 4, 9, 10, 11], np.int64)


def counts(ranks):
    """Rank-count row from ranks 1..13."""
    c = np.zeros(13, np.int64)
    for r in ranks:
        c[r - 1] += 1
    return c


def ranks_of(row):
    """Ranks 1..13 of a count row, ascending."""
    return [r + 1 for r in range(13) for _ in range(int(row[r]))]


def rank_text(ranks):
    """Ranks 1..13 as play input: A 2 .. 9 T J Q K."""
    return " ".join("A23456789TJQK"[r - 1] for r in ranks)


def random_pairs(n, seed):
    rng = random.Random(seed)
    deck = [r for r in range(1, 14) for _ in range(4)]
    for _ in range(n):
        cards = rng.sample(deck, 8)
        yield cards[:4], cards[4:]


def small_pairs(deck=SMALL_DECK):
    rows = combinatorics.rank_multisets(4, deck)
    for a in rows:
        for b in rows:
            if kpol.fits(a, b):
                yield ranks_of(a), ranks_of(b)


# ------------------------------------------------------------------------ greedy, by hand


def test_greedy_traced_by_hand():
    # pone A 3 8 K, dealer 2 4 7 7:
    #  pone leads 3 (holds A and 3: the highest A-4)                    count 3
    #  dealer: 2 -> 5, 4 -> 7, 7 -> 10, all score 0; rule 1 drops 2 and 7 (counts 5 and 10), so the
    #  4 beats the higher 7                                              count 7
    #  pone: A -> 8 (0), 8 -> 15 (fifteen, 2), K -> 17 (0): the 8, pone 2 count 15
    #  dealer: 2 -> 17, 7 -> 22, both 0 and safe: rule 2, the higher 7    count 22
    #  pone: A -> 23 (K would pass 31)                                   count 23
    #  dealer: 2 -> 25, 7 -> 30, both 0 and safe (no pair: the A lies between the sevens): the 7
    #  count 30: the pone cannot play the K, the dealer cannot play the 2 (32): go, dealer 1
    #  restart led by the pone: K (no A-4 left) count 10; dealer 2 count 12; last card, dealer 1
    # pone 2, dealer 1 + 1 = 2
    p, d, moves, n = kpol.greedy_sequence(counts([1, 3, 8, 13]), counts([2, 4, 7, 7]), False)
    assert (p, d) == (2, 2)
    assert [(int(t), int(r) + 1) for t, r in moves[:n]] == [
        (0, 3), (1, 4), (0, 8), (1, 7), (0, 1), (1, 7), (0, 13), (1, 2)]
    assert reference.greedy_twin([1, 3, 8, 13], [2, 4, 7, 7]) == (2, 2)


def test_greedy_sevens_and_fours():
    # pone leads 4 (A-4 rule); dealer 4 pair 2; pone 4 pair royal 6; dealer 4 double pair royal 12
    # (count 16); pone 7 (23); dealer 7 pair 2 (30); go, dealer 1; pone leads 7, dealer 7 pair 2,
    # last card dealer 1: pone 6, dealer 2 + 12 + 2 + 1 + 2 + 1 = 20
    assert kpol.greedy_play(counts([4, 4, 7, 7]), counts([4, 4, 7, 7])) == (6, 20)


def test_greedy_prefers_points_over_safety():
    # dealer at count 10 (pone led K): a 5 makes fifteen (2) at count 15, a 4 would be safe at 14
    # and a 9 at 19: the 5 scores most and is played although K, 9 are higher
    p, d, moves, n = kpol.greedy_sequence(counts([13, 13, 13, 13]), counts([5, 4, 9, 9]), False)
    assert (int(moves[1, 0]), int(moves[1, 1]) + 1) == (1, 5)


# ------------------------------------------------------------------------ minimax, by hand


def test_minimax_small_tree_by_hand():
    # pone 4 K K K, dealer 5 5 5 5: the dealer's cards are all alike, so only the pone chooses
    # (4 or K at each of its turns). Lead 4: 4 5 K 5 (24), pone go, 5 (29, pair 2), go 1; then
    # K 5 (fifteen 2) K, last card pone 1: dealer 5, pone 1 -> 4.
    # Lead K: dealer 5 (fifteen 2); then pone K (25), dealer 5 (30), go 1, and pone leads 4:
    # 4 5 K 5, last card dealer 1 -> 2 + 1 + 1 = 4 (leading K instead: 2 + 1 + 2 + 1 = 6);
    # or pone 4 (19), 5 (24), go, 5 (29, pair 2), go 1, then K 5 (fifteen 2) K, last pone 1:
    # 2 + 2 + 1 + 2 - 1 = 6. The pone minimises: 4 either way.
    assert kpol.minimax_value(counts([4, 13, 13, 13]), counts([5, 5, 5, 5])) == 4
    assert reference.minimax_twin([4, 13, 13, 13], [5, 5, 5, 5]) == 4


def test_minimax_forced_play():
    # every card forced: K 5 (fifteen, dealer 2) K 5 (30), go dealer 1, twice over: dealer 6
    assert kpol.minimax_value(counts([13] * 4), counts([5] * 4)) == 6


# ------------------------------------------------------------------------ kernels against the twins


def test_greedy_random_pairs():
    for pone, dealer in random_pairs(400, 13):
        p, d = kpol.greedy_play(counts(pone), counts(dealer))
        assert (p, d) == reference.greedy_twin(pone, dealer), (pone, dealer)


def test_greedy_sequence_matches_twin():
    for pone, dealer in random_pairs(100, 14):
        p, d, moves, n = kpol.greedy_sequence(counts(pone), counts(dealer), False)
        _, _, twin = reference.greedy_twin(pone, dealer, trace=True)
        assert [(int(t), int(r) + 1) for t, r in moves[:n]] == twin


def test_minimax_random_pairs():
    for pone, dealer in random_pairs(200, 15):
        assert kpol.minimax_value(counts(pone), counts(dealer)) == reference.minimax_twin(pone, dealer), (pone, dealer)


def test_minimax_twin_memo_changes_no_value():
    # the twin remembers the positions that open a new count; without that, the same recursion
    for stop in (False, True):
        for pone, dealer in random_pairs(40, 17):
            assert reference.minimax_twin(pone, dealer, stop) == reference.minimax_twin(pone, dealer, stop, memo=False)


@pytest.mark.parametrize("deck", [SMALL_DECK, TENS_DECK], ids=["A456K", "25TJQ"])
def test_greedy_small_deck_exhaustive(deck):
    n = 0
    for pone, dealer in small_pairs(deck):
        assert kpol.greedy_play(counts(pone), counts(dealer)) == reference.greedy_twin(pone, dealer), (pone, dealer)
        n += 1
    assert n > 1000


@pytest.mark.slow
@pytest.mark.parametrize("deck", [SMALL_DECK, TENS_DECK], ids=["A456K", "25TJQ"])
def test_minimax_small_deck_exhaustive(deck):
    for pone, dealer in small_pairs(deck):
        assert kpol.minimax_value(counts(pone), counts(dealer)) == reference.minimax_twin(pone, dealer), (pone, dealer)


def test_minimax_line_against_twin():
    for pone, dealer in random_pairs(30, 16):
        value, moves, n = kpol.minimax_line(counts(pone), counts(dealer), False)
        assert value == reference.minimax_twin(pone, dealer)
        assert [(int(t), int(r) + 1) for t, r in moves[:n]] == reference.minimax_line_twin(pone, dealer)


# ------------------------------------------------------------------------ the play tables

from itertools import combinations as _combinations  # noqa: E402

from crib_stats.peg import opponent as peg_opponent, tables as playvalue  # noqa: E402
from crib_stats.peg import value as peg_value


def test_table_index_and_pairs():
    ms = playvalue.multisets()
    # multisets of 4 ranks from 13 with repetition: C(16, 4) = 1820 (four of a rank allowed)
    assert ms.shape == (1820, 13)
    # pairs fitting in one pack, counted with numpy, independently of the kernels
    fit = (ms[:, None, :] + ms[None, :, :] <= 4).all(axis=-1)
    valid = playvalue.value_matrix("minimax") != playvalue.INVALID
    assert (valid == fit).all()
    assert (playvalue.value_matrix("greedy") != playvalue.INVALID).sum() == fit.sum()
    for i in random.Random(3).sample(range(1820), 50):
        assert playvalue.multiset_row([r for r in range(13) for _ in range(int(ms[i, r]))]) == i


def test_tables_against_twins():
    ms = playvalue.multisets()
    greedy = playvalue.play_table("greedy")
    minimax = playvalue.play_table("minimax")  # the committed Parquet file
    rng = random.Random(4)
    checked = 0
    while checked < 150:
        i, j = rng.randrange(1820), rng.randrange(1820)
        if not kpol.fits(ms[i], ms[j]):
            assert minimax[i, j] == playvalue.INVALID
            continue
        pone, dealer = ranks_of(ms[i]), ranks_of(ms[j])
        p, d = reference.greedy_twin(pone, dealer)
        assert (int(greedy[i, j, 0]), int(greedy[i, j, 1])) == (p, d)
        assert int(playvalue.value_matrix("greedy")[i, j]) == d - p
        assert int(minimax[i, j]) == reference.minimax_twin(pone, dealer), (pone, dealer)
        checked += 1


def test_committed_rows_recomputed():
    """Drift detector: the committed play tables are written by this code; their entries are held to the
    naive twins by test_tables_against_twins."""
    rows = sorted(random.Random(5).sample(range(1820), 6))
    for policy in playvalue.POLICIES:
        committed = playvalue.read_table(policy)
        for i in rows:
            assert (playvalue.compute_rows(policy, i, i + 1)[0] == committed[i]).all()


def test_table_parquet_roundtrip(tmp_path):
    table = playvalue.play_table("greedy")
    path = playvalue.write_table("greedy", tmp_path / "g.parquet", table=table)
    assert (playvalue.read_table("greedy", path) == table).all()


@pytest.mark.slow
@pytest.mark.parametrize("policy", playvalue.POLICIES)
def test_committed_table_recomputed_in_blocks(policy):
    """Drift detector: every eighth of the 40 blocks of pone rows that compute_table (and so ``make
    data``, ``peg --play-table``) computes, spread over the whole table, recomputed by the kernel and
    compared with the committed file's rows: 230 of the 1,820 rows, each against all 1,820 dealer
    hands (a whole-table recomputation took 11 s of a 2-core make test; ``make data`` does it in
    full). The independent check is test_tables_against_twins."""
    committed = playvalue.read_table(policy)
    edges = np.linspace(0, len(committed), 41).astype(int)
    for b in range(3, 40, 8):  # blocks 3, 11, 19, 27, 35
        lo, hi = int(edges[b]), int(edges[b + 1])
        assert (playvalue.compute_rows(policy, lo, hi) == committed[lo:hi]).all(), (policy, lo, hi)


def test_weighted_means_agree():
    # over random deals E[dealer - pone] is one number whichever side asks: the dealer's mean
    # E[peg] over every 4-card hand (multisets weighted by their prod C(4, k_r) card hands, out
    # of C(52, 4) = 270725) is minus the pone's
    ms = playvalue.multisets()
    weights = [int(np.prod([comb(4, int(k)) for k in row])) for row in ms]
    assert sum(weights) == 270725
    for policy in playvalue.POLICIES:
        t = peg_value.hand_peg_table(policy)
        dealer = sum(w * ev for w, ev in zip(weights, t["dealer_ev"]))
        pone = sum(w * ev for w, ev in zip(weights, t["pone_ev"]))
        assert dealer == -pone and dealer != 0


# ------------------------------------------------------------------------ E[peg] of a keep


DEALS = ([16, 17, 24, 40, 45, 51],  # 5♣ 5♦ 7♣ J♣ Q♦ K♠
         [0, 5, 10, 14, 27, 33])    # A♣ 2♦ 3♥ 4♥ 7♠ 9♦


@pytest.mark.slow  # over 2 s on 2 cores
def test_peg_ev_greedy_against_enumeration():
    # every one of the C(46, 4) opponent hands with itertools, each played by the greedy twin
    for dealt in DEALS:
        keeps = [list(k) for k in _combinations(dealt, 4)][::7]
        for role in ("dealer", "pone"):
            got = peg_value.peg_evs(dealt, keeps, role, "greedy")
            for keep, ev in zip(keeps, got):
                twin = reference.peg_ev_twin(dealt, keep, role, lambda p, d: (lambda x: x[1] - x[0])(
                    reference.greedy_twin(p, d)))
                assert ev == twin


def test_peg_ev_minimax_against_enumeration():
    # the weighting: the same enumeration on the table's values (the table's entries are the
    # twin's: test_tables_against_twins samples them, test_committed_table_recomputed_in_blocks
    # recomputes an eighth of it; make data all of it); the twin from scratch is test_peg_ev_minimax_from_scratch
    ms_row = playvalue.multiset_row
    table = playvalue.play_table("minimax")

    def lookup(pone, dealer):
        return int(table[ms_row([r - 1 for r in pone]), ms_row([r - 1 for r in dealer])])

    dealt = DEALS[1]
    keep = [0, 5, 10, 14]
    for role in ("dealer", "pone"):
        assert peg_value.peg_ev(dealt, keep, role, "minimax") == reference.peg_ev_twin(dealt, keep, role, lookup)
    mine = [1, 2, 3, 4]
    for theirs in ([5, 6, 7, 8], [1, 11, 12, 13], [4, 4, 9, 10], [2, 3, 5, 5]):
        assert lookup(theirs, mine) == reference.minimax_twin(theirs, mine)
        assert lookup(mine, theirs) == reference.minimax_twin(mine, theirs)


@pytest.mark.slow
def test_peg_ev_minimax_from_scratch():
    # every one of the C(46, 4) opponent hands (itertools), each pair of rank multisets played
    # out by the plain-Python minimax over the two hands: no table of the package is read
    # as the pone (the side whose values the twin negates; both roles are held to the same
    # enumeration over the table's values by test_peg_ev_minimax_against_enumeration)
    dealt, keep = DEALS[1], [0, 5, 10, 14]  # A♣ 2♦ 3♥ 4♥ kept, 7♠ 9♦ thrown
    assert peg_value.peg_ev(dealt, keep, "pone", "minimax") == \
        reference.peg_ev_twin(dealt, keep, "pone", reference.minimax_pair_value)


def test_peg_ev_weights_sum():
    # with every value 1 the weighted sum is the number of opponent hands: C(46, 4) = 163185
    ms = playvalue.multisets()
    unseen = np.full(13, 4, np.int64)
    for rank in (4, 4, 6, 10, 11, 12):  # 5 5 7 J Q K dealt
        unseen[rank] -= 1
    ones = np.ones((1820, 1820), np.int8)
    ranks, counts, kept = peg_opponent.kernel_input("random", "dealer")
    weights, total = pegvalue.keep_weights(unseen, ranks, counts, kept, len(ms))
    sums, bad = pegvalue.weighted_peg_sums(np.array([0], np.int64), weights, ones, True)
    assert total == 163185 and sums[0] == 163185 and bad == 0


def test_peg_ev_errors():
    with pytest.raises(playvalue.PlayValueError, match="greedy or minimax"):
        peg_value.peg_evs(DEALS[0], [DEALS[0][:4]], "dealer", "random")
    with pytest.raises(playvalue.PlayValueError, match="dealer or pone"):
        peg_value.peg_evs(DEALS[0], [DEALS[0][:4]], "both", "greedy")
    with pytest.raises(playvalue.PlayValueError, match="four distinct cards"):
        peg_value.peg_evs(DEALS[0], [[16, 17, 24, 0]], "dealer", "greedy")


# ------------------------------------------------------------------------ policy_play

from crib_stats.peg.pegging import PegError, play, policy_play  # noqa: E402


def test_policy_play_replays_the_kernels():
    for pone, dealer in random_pairs(40, 17):
        text_p, text_d = rank_text(pone), rank_text(dealer)
        g = policy_play(text_p, text_d, "greedy")
        assert (g.points["pone"], g.points["dealer"]) == reference.greedy_twin(pone, dealer)
        m = policy_play(text_p, text_d, "minimax")
        assert m.points["dealer"] - m.points["pone"] == reference.minimax_twin(pone, dealer)
        # the line is a legal play: play() accepts it and scores it the same
        assert play(text_p, text_d, " ".join(m.sequence)).points == m.points


def test_policy_play_suited_cards_and_why():
    r = policy_play("7c 7d 4h 4s", "7h 7s 4c 4d", "greedy")
    # as traced in test_greedy_sevens_and_fours: the 4s first (A-4 lead), then the 7s
    assert r.sequence == ["4♥", "4♣", "4♠", "4♦", "7♣", "7♥", "7♦", "7♠"]
    assert r.points == {"pone": 6, "dealer": 20}
    assert [e.why for e in r.events if e.kind == "card"][:4] == [
        "", "a pair for 2", "pair royal for 6", "double pair royal for 12"]


def test_policy_play_minimax_lowest_optimal_rank():
    # pone 4 K K K, dealer 5 5 5 5 (test_minimax_small_tree_by_hand): leading 4 and leading K
    # both give 4, so the line leads the lower rank, the 4
    r = policy_play("4 K K K", "5 5 5 5", "minimax")
    assert r.sequence[0] == "4"
    assert r.points["dealer"] - r.points["pone"] == 4


def test_policy_play_five_card():
    for pone, dealer in random_pairs(20, 18):
        for policy in ("greedy", "minimax"):
            r = policy_play(rank_text(pone[:3]), rank_text(dealer[:3]), policy, variant="five-card")
            assert play(rank_text(pone[:3]), rank_text(dealer[:3]), " ".join(r.sequence),
                        variant="five-card").points == r.points
        g = policy_play(rank_text(pone[:3]), rank_text(dealer[:3]), "greedy", variant="five-card")
        assert (g.points["pone"], g.points["dealer"]) == reference.greedy_twin(pone[:3], dealer[:3], stop_at_go=True)
        m = policy_play(rank_text(pone[:3]), rank_text(dealer[:3]), "minimax", variant="five-card")
        assert m.points["dealer"] - m.points["pone"] == reference.minimax_twin(pone[:3], dealer[:3], stop_at_go=True)


def test_policy_play_unknown_policy():
    with pytest.raises(PegError, match="greedy or minimax") as err:
        policy_play("4 K K K", "5 5 5 5", "random")
    assert "\n" not in str(err.value)


def test_hand_peg_table_against_enumeration():
    # only the four kept cards known: the C(48, 4) opponent hands enumerated by the twin
    table = peg_value.hand_peg_table("greedy")
    ranks = [0, 1, 4, 12]  # A 2 5 K (ranks 0..12)
    row = table.iloc[playvalue.multiset_row(ranks)]
    codes = [r * 4 for r in ranks]
    for role in ("dealer", "pone"):
        twin = reference.peg_ev_twin(codes, codes, role, lambda p, d: (lambda x: x[1] - x[0])(
            reference.greedy_twin(p, d)))
        assert row[f"{role}_ev"] == twin
        assert row[role] == float(twin)


WARMUP_SCRIPT = """
import sys
from importlib import import_module
from numba.core.registry import CPUDispatcher
module = import_module("crib_stats.kernels." + sys.argv[1])
getattr(import_module(sys.argv[2]), "warmup")()
print(" ".join(sorted(n for n in sys.argv[3:] if not getattr(module, n).signatures)))
"""


def warmed_up(module: str, warmup_of: str, names) -> list[str]:
    """In a fresh process (no kernel compiled or loaded yet), run ``warmup_of.warmup()`` and
    return those of the kernels ``names`` of ``crib_stats.kernels.<module>`` it left without a
    compiled signature."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", WARMUP_SCRIPT, module, warmup_of, *names], capture_output=True,
                         text=True, check=True)
    return out.stdout.split()


INNER_KERNELS = {"fits", "greedy_choice", "minimax_from"}  # called only by other kernels (and tests)


def test_kernel_warmup():
    # in a fresh process, warmup() gives every kernel the package calls from Python a signature
    # (compiled, or loaded from the cache); it used to leave greedy_sequence (policy_play's) out
    names = [n for n, f in vars(kpol).items()
             if getattr(getattr(f, "py_func", None), "__module__", "") == kpol.__name__ and not n.startswith("_")]
    assert {"greedy_play", "greedy_sequence", "minimax_value", "play_table_rows", "multiset_index"} <= set(names)
    assert warmed_up("policies", "crib_stats.kernels.policies", sorted(set(names) - INNER_KERNELS)) == []
