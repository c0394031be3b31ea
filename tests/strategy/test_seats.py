"""The per-seat figures: the model against a naive twin on reduced decks, the committed results
recomputed, the sample's mechanics checked by hand and by the naive scorer."""

from __future__ import annotations

import json
from fractions import Fraction
from math import sqrt

import numpy as np
import pytest

import reference
from crib_stats.strategy import seats, seats_sample
from crib_stats.presentation.report import seats_text
from crib_stats.discard.analysis import analyse
from crib_stats.core.cards import Card
from crib_stats.peg.tables import multiset_row, play_table, value_matrix
from crib_stats.discard.sweep import run_sweep


def _twin_values(policy):
    if policy == "greedy":
        return reference.greedy_twin
    return lambda pone, dealer: (0, reference.minimax_twin(pone, dealer))


@pytest.mark.parametrize("deck", [(3, 4, 10), (0, 4, 9)])   # 4 5 J; A 5 10
def test_model_equals_naive_twin_on_a_reduced_deck(deck):
    figures = seats.figures_from_sweep(run_sweep("six-card", deck_ranks=deck, cache_dir=False, shards=2))
    tallies = reference.sweep(deck, 6, 2, 2)
    for pairing in seats.PAIRINGS:
        twin = reference.seat_means_twin(deck, _twin_values("greedy"), pairing, tallies)
        got = seats.per_seat("random", "greedy", pairing=pairing, figures=figures)
        for name in ("peg_pone", "peg_dealer", "hand_dealer", "crib", "hand_pone", "crib_pone_view"):
            assert getattr(got, name) == twin[name], (pairing, name)
        mini = seats.per_seat("random", "minimax", pairing=pairing, figures=figures)
        twin_m = reference.seat_means_twin(deck, _twin_values("minimax"), pairing, tallies)
        assert mini.peg_value == twin_m["peg_dealer"] and mini.peg_dealer is None


def test_totals_and_value_add_up():
    r = seats.per_seat("random", "greedy")
    assert r.total_dealer == r.peg_dealer + r.hand_dealer + r.crib + Fraction(2, 13)  # 2 x 4 jacks / 52
    assert r.total_pone == r.peg_pone + r.hand_pone
    assert r.value == r.total_dealer - r.total_pone
    m = seats.per_seat("random", "minimax")
    assert m.total_dealer is None and m.value == m.peg_value + r.show_dealer + r.heels - r.hand_pone


def test_pair_mean_by_hand():
    # pone holds A A A A (weight 3) or K K K K (weight 1); the dealer A 2 3 4 (weight 2)
    # fit: A A A A + A 2 3 4 = five aces, out; so only K K K K v A 2 3 4 is kept: share 1*2/(4*2)
    # removal: K K K K v A 2 3 4 keeps prob C(4,0..)=1 per rank -> same pair only, same mean
    m = len(seats.multisets())
    aces, kings, low = multiset_row([0] * 4), multiset_row([12] * 4), multiset_row([0, 1, 2, 3])
    wp = np.zeros(m, np.int64); wp[aces], wp[kings] = 3, 1
    wd = np.zeros(m, np.int64); wd[low] = 2
    table = play_table("greedy")
    for pairing in seats.PAIRINGS:
        mean, kept = seats.pair_mean(table[:, :, 1], wp, wd, pairing)
        assert mean == int(table[kings, low, 1]) and kept == Fraction(1 * 2, 4 * 2)


def test_removal_factor_by_hand():
    # pone 5 5 6 7, dealer 5 6 8 9: P(random suits give distinct cards) =
    # fives C(3,2)/C(4,2) = 3/6, sixes C(3,1)/C(4,1) = 3/4, sevens 1: 3/8
    m = len(seats.multisets())
    p, d = multiset_row([4, 4, 5, 6]), multiset_row([4, 5, 7, 8])
    wp = np.zeros(m, np.int64); wp[p] = 1
    wd = np.zeros(m, np.int64); wd[d] = 1
    _, kept = seats.pair_mean(value_matrix("greedy"), wp, wd, "removal")
    assert kept == Fraction(3, 8)


def test_estimate_by_hand():
    e = seats_sample._estimate(np.array([0, 80]), 40)   # per-deal means 0 and 2: mean 1, sd sqrt(2)
    assert e.mean == 1 and e.se == pytest.approx(sqrt(2) / sqrt(2))


def test_choose_follows_the_objective_and_the_tie_rule():
    rng = np.random.default_rng(5)
    for _ in range(3):
        cards = sorted(rng.choice(52, 6, replace=False).tolist())
        for role in ("dealer", "pone"):
            keep, throw, hand, crib = seats_sample.choose(cards, role)
            best = analyse([Card.from_code(c) for c in cards], role=role).best
            assert (hand, hand + (crib if role == "dealer" else -crib)) == (best.hand_ev, best.net_ev)
    # 5♣ 5♦ K♣ K♦ K♥ K♠ as pone: the best throw is two kings (checked against analyse above's
    # rule in the first loop's way below); all six king pairs keep 5 5 K K, are offsuit, and
    # no flush or jack is possible, so they tie on everything: the first in sorted-card order
    keep, throw, hand, crib = seats_sample.choose([16, 17, 48, 49, 50, 51], "pone")
    best = analyse([Card.from_code(c) for c in [16, 17, 48, 49, 50, 51]], role="pone").best
    assert {c.code // 4 for c in best.throw} == {12} and hand - crib == best.net_ev
    assert throw == [48, 49]


def test_deal_points_match_the_naive_scorer():
    records = seats_sample.committed_sample().head(3)
    pts = seats_sample.deal_points(records)
    for d, row in enumerate(records.itertuples()):
        seen = set(row.dealer_keep + row.pone_keep + row.dealer_throw + row.pone_throw)
        starters = [c for c in range(52) if c not in seen]
        crib = row.dealer_throw + row.pone_throw
        assert pts["hand_dealer"][d].tolist() == [reference.show_total(row.dealer_keep, s) for s in starters]
        assert pts["hand_pone"][d].tolist() == [reference.show_total(row.pone_keep, s) for s in starters]
        assert pts["crib"][d].tolist() == [reference.show_total(crib, s, crib=True) for s in starters]
        assert pts["heels"][d].tolist() == [2 if reference.card(s)[0] == 11 else 0 for s in starters]


def test_sample_prefix_reproduces_the_committed_deals():
    committed = seats_sample.committed_sample()
    fresh = seats_sample.sample_records(4, seed=json.loads((seats.DATA_DIR / seats.SUMMARY).read_text())["sample"]["seed"])
    assert fresh.to_dict("records") == committed.head(4).to_dict("records")


@pytest.mark.slow  # over 2 s on 2 cores
def test_committed_summary_recomputes():
    """Drift detector: data/seats_summary.json is written by this code; the model is held to the twin by
    test_model_equals_naive_twin_on_a_reduced_deck and the sample's points by
    test_deal_points_match_the_naive_scorer."""
    doc = json.loads((seats.DATA_DIR / seats.SUMMARY).read_text(encoding="utf-8"))
    records = seats_sample.committed_sample()
    fresh = seats_sample.summary(seed=doc["sample"]["seed"], records=records)
    assert json.loads(json.dumps(fresh)) == doc


def test_summarise_totals_by_hand():
    records = seats_sample.committed_sample().head(5)
    r = seats_sample.summarise(records, "greedy")
    pts = seats_sample.deal_points(records)
    table = play_table("greedy")
    total = 0
    for d in range(5):
        peg = int(table[pts["row_pone"][d], pts["row_dealer"][d], 1])
        total += 40 * peg + int(pts["hand_dealer"][d].sum() + pts["crib"][d].sum() + pts["heels"][d].sum())
    assert r.estimates["total_dealer"].mean == Fraction(total, 5 * 40)
    assert sum(p * c for p, c in r.distribution["dealer"].items()) == total


def test_seats_text_fits_80_columns():
    r = seats.per_seat("random", "greedy")
    s = seats_sample.summarise(seats_sample.committed_sample().head(3), "greedy")
    for text in (seats_text(r, s), seats_text(seats.per_seat("random", "minimax"))):
        assert max(len(line) for line in text.splitlines()) <= 80


def test_bad_names():
    with pytest.raises(seats.SeatsError):
        seats.per_seat("equilibrium")
    with pytest.raises(seats.SeatsError):
        seats.per_seat(pairing="nearest")


def test_cross_deal_pairs_against_a_double_loop():
    from math import comb

    records = seats_sample.committed_sample().head(7)
    pts = seats_sample.deal_points(records)
    rows = seats.multisets()
    values = play_table("greedy")[:, :, 1]
    for pairing in seats.PAIRINGS:
        num = den = Fraction(0)
        for a, i in enumerate(pts["row_pone"]):
            for b, j in enumerate(pts["row_dealer"]):
                if a == b:
                    continue
                w = Fraction(1)
                for r in range(13):
                    x, y = int(rows[i, r]), int(rows[j, r])
                    if x + y > 4:
                        w = Fraction(0)
                    elif pairing == "removal":
                        w *= Fraction(comb(4 - y, x), comb(4, x))
                num += w * int(values[i, j])
                den += w
        got = seats_sample._cross(values, pts["row_pone"], pts["row_dealer"], pairing)
        assert got.mean == num / den, pairing


def test_committed_keep_weights_cover_every_deal():
    from math import comb

    f = seats.committed_figures("random")
    assert int(f.keeps_dealer.sum()) == int(f.keeps_pone.sum()) == f.deals == comb(52, 6)


@pytest.mark.slow
def test_committed_figures_equal_a_fresh_sweep():
    """Drift detector: the committed sweep read as the seats' figures, against a fresh sweep (itself held
    to the naive twin by tests/discard/test_sweep.py::test_reduced_sweep_equals_naive_twin)."""
    fresh = seats.figures_from_sweep(run_sweep("six-card", cache_dir=False))
    committed = seats.committed_figures("random")
    assert (fresh.keeps_dealer == committed.keeps_dealer).all() and (fresh.keeps_pone == committed.keeps_pone).all()
    assert (fresh.hand_dealer, fresh.crib_dealer, fresh.hand_pone, fresh.crib_pone) == \
        (committed.hand_dealer, committed.crib_dealer, committed.hand_pone, committed.crib_pone)


def test_the_sample_leads_and_the_model_is_labelled():
    """#20 item 7: a player remembers the first number; with a sample it is the sample's (real deals
    under the stated policies), and the model's column says what it assumes."""
    r = seats.per_seat("random", "greedy")
    s = seats_sample.summarise(seats_sample.committed_sample().head(50), "greedy")
    lines = seats_text(r, s).splitlines()
    header = next(line for line in lines if line.startswith("mean points a deal"))
    assert header.split()[4:] == ["sample", "+-se", "seeds", "model*"]
    total = next(line for line in lines if line.strip().startswith("total"))
    assert total.split()[1] == f"{float(s.estimates['total_dealer'].mean):.3f}"  # the sample first
    assert total.split()[-1] == f"{float(r.total_dealer):.3f}"  # the model last
    note = " ".join(x.strip() for x in lines[lines.index(next(x for x in lines if x.startswith("model*"))):])
    assert "assumes the pone throws two random cards" in note
    alone = seats_text(r).splitlines()
    assert next(x for x in alone if x.startswith("mean points")).split()[4:] == ["model*", "seeds"]
