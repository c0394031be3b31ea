"""The play's rules of thumb: each reading (crib_stats.game.peg_readings) on hand-built
situations (one where it applies, one where it does not); the measurement
(crib_stats.game.peg_rules): the summary and verdicts on made-up records, and the committed
measurement's first deals recomputed exactly."""

from fractions import Fraction

import numpy as np
import pytest

from crib_stats.game import peg_rules as pr
from crib_stats.game.peg_readings import Reading, points_of, read
from studies.peg_rules import BUDGETS

A, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, J, Q, K = range(13)
T, M = False, True  # the opponent's card, the mover's


def R(follow, breaks):
    return Reading(frozenset(follow), frozenset(breaks))


def test_points_of_the_play():
    assert points_of([], FIVE) == 0
    assert points_of([TEN], FIVE) == 2  # 15
    assert points_of([FOUR, SIX], FIVE) == 5  # run of three and 15
    assert points_of([SEVEN, SEVEN], SEVEN) == 6
    assert points_of([K, Q, TEN], A) == 2  # 31
    assert points_of([K, Q, NINE], A) == 0  # 30
    assert points_of([THREE, FOUR, FOUR], FIVE) == 0


def test_six_on_four():
    assert read("six-on-four", (SIX, NINE, K), ((FOUR, T),)) == R({NINE, K}, {SIX})
    assert read("six-on-four", (FOUR, FOUR, J), ((SIX, T),)) == R({J}, {FOUR})
    assert read("six-on-four", (SIX, SIX), ((FOUR, T),)) is None  # nothing else to play
    assert read("six-on-four", (SIX, NINE), ((FOUR, M),)) is None  # the mover's own 4
    assert read("six-on-four", (SIX, NINE), ((TEN, T), (FOUR, T))) is None  # not led


def test_high_first():
    assert read("high-first", (TWO, NINE, K, Q), ()) == R({K, Q}, {TWO, NINE})
    assert read("high-first", (TWO, NINE), ((SIX, T),)) == R({NINE}, {TWO})
    assert read("high-first", (TWO, NINE), ((K, T), (SIX, T))) is None  # count 16
    assert read("high-first", (TEN, K), ()) is None  # one pip value
    assert read("high-first", (TWO, NINE), ((K, T), (FOUR, T))) == R({NINE}, {TWO})  # count 14


def test_save_aces_and_lone_ace():
    # not lone: a 3 beside it; the ace would score nothing on a 10
    assert read("save-aces", (A, THREE, NINE), ((TEN, T),)) == R({THREE, NINE}, {A})
    assert read("lone-ace", (A, THREE, NINE), ((TEN, T),)) is None
    assert read("save-aces", (A, A, NINE), ()) == R({NINE}, {A})  # two aces: none is lone
    # the ace makes 31: that is what it was saved for
    assert read("save-aces", (A, THREE), ((K, T), (K, T), (K, T))) is None
    assert read("save-aces", (A, THREE), ((FOUR, T), (K, T))) is None  # the ace makes 15
    # lone: the only card of pip 4 or less
    assert read("save-aces", (A, NINE, K), ((TEN, T),)) is None
    assert read("lone-ace", (A, NINE, K), ((TEN, T),)) == R({A}, {NINE, K})
    assert read("lone-ace", (A,), ((TEN, T),)) is None


def test_no_pair():
    assert read("no-pair", (FOUR, NINE, K), ((FOUR, T),)) == R({NINE, K}, {FOUR})
    assert read("no-pair", (FOUR, FOUR, K), ((FOUR, T),)) is None  # another in reserve
    assert read("no-pair", (FOUR, K), ((FOUR, M),)) is None  # the mover's own card
    assert read("no-pair", (FOUR, K), ((FOUR, T), (K, M))) is None  # the last card is the mover's
    assert read("no-pair", (K, J), ((K, T), (TEN, T), (TEN, T))) is None  # count 30: the king is not legal
    # their card already pairs the one before it: a reply would be a pair royal, not the seed's case
    assert read("no-pair", (FOUR, K), ((FOUR, M), (FOUR, T))) is None
    assert read("no-pair", (FOUR, K), ((NINE, M), (FOUR, T))) == R({K}, {FOUR})


def test_pair_lead():
    assert read("pair-lead", (SEVEN, SEVEN, TWO, K), ()) == R({SEVEN}, {TWO, K})
    assert read("pair-lead", (SEVEN, EIGHT, TWO, K), ()) is None  # no pair
    assert read("pair-lead", (SEVEN, SEVEN, TWO), ((TEN, T),)) is None  # not a lead
    assert read("pair-lead", (SEVEN, SEVEN), ()) is None  # nothing else


def test_five_lead():
    assert read("five-lead", (A, FOUR, NINE, K), ()) == R({A, FOUR}, {NINE, K})
    assert read("five-lead", (TWO, THREE, A, K), ()) == R({TWO, THREE}, {A, K})
    assert read("five-lead", (A, THREE, NINE, K), ()) is None  # no two make 5
    assert read("five-lead", (A, FOUR, TWO, THREE), ()) is None  # every card in such a pair
    assert read("five-lead", (A, FOUR, NINE), ((TEN, T),)) is None  # not a lead


def test_no_run():
    # a 9 on a 7 breaks; the 8 is excepted (the 9 extends 6-7-8); K (far) and the 7 (a pair) follow
    assert read("no-run", (NINE, EIGHT, K, SEVEN), ((SEVEN, T),)) == R({K, SEVEN}, {NINE})
    # the exception: 9 on 7 with a 10 in hand (the opponent's 8 makes 7-8-9, the 10 extends it)
    assert read("no-run", (NINE, K), ((SEVEN, T),)) == R({K}, {NINE})
    assert read("no-run", (NINE, TEN, K), ((SEVEN, T),)) is None  # the 9 excepted, the 10 is 3 away
    # a card making a run itself is excepted: 5 on 3 (mover's), 4 (opponent's)
    assert read("no-run", (FIVE, K), ((THREE, M), (FOUR, T))) is None
    assert read("no-run", (NINE, K), ((SEVEN, M),)) is None  # the last card is the mover's
    assert read("no-run", (NINE, K), ()) is None  # a lead


def test_unknown_rule():
    with pytest.raises(pr.AdviseError, match="unknown rule"):
        read("nope", (A,), ())


def _rec(f, b, deal=0):
    return {"deal": deal, "mover": 1, "hist": [], "follow": 0, "breaks": 1, "best": 0, "f": Fraction(f), "b": Fraction(b)}


def test_summary_and_verdicts():
    s = pr.summarize("five-lead", [_rec(1, 0), _rec(1, 0), _rec(2, 1), _rec(1, 1)], written=False)
    assert (s.n, s.right, s.ties, s.mean) == (4, 4, 1, Fraction(3, 4))
    assert pr.verdict(s) == "holds"
    mk = lambda right, n, mean, se: pr.RuleSummary("x", 0, n, right, 0, Fraction(mean), se, None)  # noqa: E731
    assert pr.verdict(mk(95, 100, Fraction(1, 100), 0.1)) == "mostly holds"  # mean not beyond 2 se
    assert pr.verdict(mk(75, 100, Fraction(1, 2), 0.1)) == "mostly holds"
    assert pr.verdict(mk(60, 100, Fraction(1, 2), 0.1)) == "depends"
    assert pr.verdict(mk(60, 100, Fraction(-1, 2), 0.1)) == "wrong"
    assert pr.verdict(mk(30, 100, Fraction(1, 2), 0.1)) == "wrong"


def test_worst_case_is_written_out():
    recs = pr.deal_situations(0, 0) + pr.deal_situations(0, 1)
    assert recs
    rule = pr.RULES[recs[0]["rule"]]
    s = pr.summarize(rule, [r for r in recs if pr.RULES[r["rule"]] == rule])
    w = s.worst
    assert w["command"].startswith("crib-stats advise ")
    assert Fraction(w["follow_ev_exact"]) - Fraction(w["breaks_ev_exact"]) == min(r["f"] - r["b"] for r in recs
                                                                                 if pr.RULES[r["rule"]] == rule)
    assert abs(w["follow_ev"] - w["breaks_ev"] + w["gain_of_breaking"]) < 1e-12


def test_committed_first_deals_recomputed():
    m = pr.committed()
    assert set(m.budgets) == set(pr.RULES)
    deals = 3
    fresh = pr._arrays([x for k in range(deals) for x in pr.deal_situations(m.seed, k)])
    keep = m.arrays["deal"] < deals
    for name in pr.FIELDS:
        assert np.array_equal(fresh[name], m.arrays[name][keep]), name


def test_committed_figures_reach_the_error_target():
    m = pr.committed()
    assert m.budgets == BUDGETS  # the committed run is the study's
    rows = {r["rule"]: r for r in pr.figures(m)}
    assert set(rows) == set(pr.RULES)
    for r in rows.values():
        assert r["situations"] > 0 and r["worst_command"].startswith("crib-stats advise ")
        assert r["verdict"] in ("holds", "mostly holds", "depends", "wrong")
        assert r["mean_se"] <= 0.05, r["rule"]
        assert r["worst_gain_of_breaking"] > 0  # the worst case: breaking the rule gains
    df = pr.frame(m)
    assert list(df.index) == list(rows) and df.loc["five-lead", "situations"] == rows["five-lead"]["situations"]
