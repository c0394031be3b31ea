"""Discard analysis: exact equality with the itertools twin, worked checks, properties."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

import reference
from crib_stats.core.cards import CardError, DECK, parse
from crib_stats.discard.analysis import DiscardError, analyse, crib_value, evaluate
from crib_stats.discard.crib_base import CribModelError, RandomCrib
from crib_stats.model.variants import variant


def codes(cards):
    return [c.code for c in cards]


def check_against_reference(dealt_text, role, var, starter=None, only=None, crib_model="random"):
    v = variant(var)
    dealt = parse(dealt_text)
    start = parse(starter)[0].code if starter else None
    results = evaluate(dealt_text, role=role, variant=var, starter=starter, crib_model=crib_model)
    assert len(results) == {6: 15, 5: 10 if v.throw == 2 else 5}[v.dealt]
    for r in results[:only] if only else results:
        hand_ev, crib_ev, net = reference.discard_outcomes(
            codes(dealt), codes(r.throw), v.others_to_crib, start, dealer=(role == "dealer"))
        assert (r.hand_ev, r.crib_ev) == (hand_ev, crib_ev), (r.throw, role, var)
        assert r.net_counts == net
        assert r.net_ev == hand_ev + (crib_ev if role == "dealer" else -crib_ev)


@pytest.mark.parametrize("dealt, role", [
    ("5h 5c 5d js 7c 9h", "dealer"),   # fives and a jack: nobs, the 29 starter
    ("2h 3h 4h 5h jh qs", "pone"),     # hand and crib flushes, nobs in a flush
    ("ac ad 2c 2d 3h jc", "dealer"),   # double-double runs
    ("10s js qs ks 5d 5s", "pone"),    # runs through 10-J, suited throws
])
@pytest.mark.slow  # over 2 s on 2 cores
def test_six_card_equals_reference(dealt, role):
    check_against_reference(dealt, role, "six-card")


@pytest.mark.slow  # over 2 s on 2 cores
def test_five_card_game_equals_reference():
    check_against_reference("3s 4s 5s js kd", "dealer", "five-card")
    check_against_reference("7h 8h 8d jc 2c", "pone", "five-card")


@pytest.mark.slow
@pytest.mark.parametrize("var, dealt, role", [
    ("three-player", "5h 6h 7h jh 10c", "pone"),
    ("four-player", "ac 2c 3c 4c jd", "dealer"),
])
def test_one_card_throw_variants_equal_reference(var, dealt, role):
    check_against_reference(dealt, role, var)


def test_fixed_starter_equals_reference():
    check_against_reference("5h 6h 7c jd qs kd", "dealer", "six-card", starter="4c")
    check_against_reference("2h 3h 4h 5h jh qs", "pone", "six-card", starter="6h")


@pytest.mark.parametrize("dealt, role, var, starter", [
    ("2h 3h 4h 5h jh qs", "pone", "six-card", None),     # flushes, nobs in a flush
    ("5h 5c 5d js 7c 9h", "dealer", "six-card", "5s"),   # the 29 starter, fixed
    ("3s 4s 5s js kd", "dealer", "five-card", None),
    ("7h 8h 8d jc 2c", "pone", "five-card", "jh"),
])
def test_numpy_tally_equals_reference(dealt, role, var, starter):
    """The tally of a process without numba (crib_stats.kernels.crib_np), forced here: this
    process has loaded numba, so the default model would use the kernel."""
    check_against_reference(dealt, role, var, starter, only=6, crib_model=RandomCrib(jit=False))


def test_worked_example_766_over_46():
    # 5♥5♣5♦J♠ kept, 7♣ 9♥ thrown. Base 5-5-5-J: J+5 three ways + 5+5+5 = 4 fifteens (8),
    # three pairs (6) = 14. Over the 46 unseen starters:
    #   5♠: 29 (the 29 hand: J♠ is nobs)                                   1 x 29 = 29
    #   J♥ J♣ J♦: +3 fifteens (6) +1 pair (2) = 22                        3 x 22 = 66
    #   10♠ Q♠ K♠: +3 fifteens (6) + nobs = 21                            3 x 21 = 63
    #   other 10s, Qs, Ks (9 cards): +3 fifteens = 20                     9 x 20 = 180
    #   the other 30 cards (A-4, 6-9): nothing new, 14; +1 nobs for the 8 spades
    #                                                        8 x 15 + 22 x 14 = 428
    #   total 29 + 66 + 63 + 180 + 428 = 766 over 46 starters
    r = next(r for r in evaluate("5h 5c 5d js 7c 9h", role="dealer") if {str(c) for c in r.throw} == {"7♣", "9♥"})
    assert r.hand_ev == Fraction(766, 46)
    assert r.hand_by_starter[parse("5s")[0]] == 29
    assert sorted(r.hand_by_starter.values()).count(22) == 3


def test_worked_crib_example_with_a_known_starter():
    # From 5♣ 5♦ 5♥ 5♠ K♣ K♦ the dealer throws 5♣ 5♦ and the starter is fixed at K♥: the crib is
    # 5♣ 5♦ + two random cards of the 45 left + K♥, so there are C(45, 2) = 990 outcomes, and
    # E[crib] must equal the reference's enumeration of them.
    results = evaluate("5c 5d 5h 5s kc kd", role="dealer", starter="kh")
    r = next(r for r in results if {str(c) for c in r.throw} == {"5♣", "5♦"})
    assert r.outcomes == 990
    # kept 5♥ 5♠ K♣ K♦ + K♥: 5+K twice each for three kings = 6 fifteens (12),
    # pair of 5s (2) + three kings (6) = 20 points, for the one starter
    assert r.hand_ev == 20
    _, crib_ev, _ = reference.discard_outcomes(
        codes(parse("5c 5d 5h 5s kc kd")), codes(parse("5c 5d")), 2, parse("kh")[0].code)
    assert r.crib_ev == crib_ev


def test_roles_share_hand_and_crib_values():
    dealer = {r.throw: r for r in evaluate("4h 5h 6c jh qs 9d", role="dealer")}
    pone = {r.throw: r for r in evaluate("4h 5h 6c jh qs 9d", role="pone")}
    for t, d in dealer.items():
        p = pone[t]
        assert (d.hand_ev, d.crib_ev) == (p.hand_ev, p.crib_ev)
        assert d.net_ev - p.net_ev == 2 * d.crib_ev


@settings(max_examples=6, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True), st.sampled_from(["dealer", "pone"]))
def test_random_deals_equal_reference(cards, role):
    check_against_reference([str(c) for c in cards], role, "six-card", only=2)


def test_sorted_for_the_role_by_net_ev():
    a = analyse("5h 6h 7c jd qs kd", role="pone")
    nets = [r.net_ev for r in a.throws]
    assert nets == sorted(nets, reverse=True) and a.rank_by == "ev"
    df = a.to_frame()
    assert list(df["net_ev_exact"]) == nets and "p_need" not in df


def test_need_ranks_by_the_probability_and_counts_the_pone_hand_alone():
    a = analyse("5h 6h 7c jd qs kd", role="pone", need=10)
    assert a.rank_by == "need"
    # pone's P(>= need) counts the hand alone, over the 46 starters, for every throw
    for r in a.throws:
        assert a.p_need(r) == Fraction(sum(1 for h in r.hand_by_starter.values() if h >= 10), 46)
    keys = [(a.p_need(r), r.net_ev) for r in a.throws]
    assert keys == sorted(keys, reverse=True)
    df = a.to_frame()
    assert list(df["p_need_exact"]) == [a.p_need(r) for r in a.throws]


def test_need_changes_the_recommendation():
    # 10h Tc 5c 5d Jc Qs as dealer needing 12. Keeping 10-10-5-5 (throwing J Q) scores at least
    # 12 whatever the starter: each ten with each five is fifteen (4 x 2 = 8) and the pairs of
    # tens and fives make 4, so P(>= 12) = 1; the best-EV throw does not guarantee it.
    by_ev = analyse("10h Tc 5c 5d jc qs", role="dealer", need=12, rank_by="ev")
    by_need = analyse("10h Tc 5c 5d jc qs", role="dealer", need=12)
    assert by_ev.p_need(by_ev.best) < 1
    assert {str(c) for c in by_need.best.throw} == {"J♣", "Q♠"} and by_need.p_need(by_need.best) == 1
    assert min(r.hand_by_starter[s] for r in [by_need.best] for s in r.hand_by_starter) == 12


def test_dealer_need_counts_hand_plus_crib():
    a = analyse("5h 5c 5d js 7c 9h", role="dealer", need=20)
    r = a.best
    assert a.p_need(r) == Fraction(sum(c for n, c in r.net_counts.items() if n >= 20), r.outcomes)


@pytest.mark.parametrize("kwargs, err, fragment", [
    ({"cards": "5h 5c 5d js 7c"}, CardError, r"needs 6 cards, got 5 .*--variant five-card\|three-player\|four-player"),
    ({"cards": "5h 5c 5d js 7c 9h", "variant": "five-card"}, CardError, "needs 5 cards, got 6"),
    ({"cards": "5h 5c 5d js 7c 7c"}, CardError, "duplicate"),
    ({"cards": "5h 5c 5d js 7c 9h", "starter": "9h"}, CardError, "also in the dealt cards"),
    ({"cards": "5h 5c 5d js 7c 9h", "role": "banker"}, DiscardError, "'dealer' or 'pone'"),
    ({"cards": "5h 5c 5d js 7c 9h", "need": 99}, DiscardError, "between 0 and 58"),
    ({"cards": "5h 5c 5d js 7c 9h", "need": -3}, DiscardError, "between 0 and 58"),
    ({"cards": "5h 5c 5d js 7c 9h", "need": 30, "role": "pone"}, DiscardError, "between 0 and 29"),
    ({"cards": "5h 5c 5d js 7c 9h", "crib_model": "smart"}, CribModelError, "unknown crib model 'smart'"),
    ({"cards": "5h 5c 5d js 7c 9h", "rank_by": "need"}, DiscardError, "requires need"),
])
def test_bad_requests(kwargs, err, fragment):
    kwargs.setdefault("role", "dealer")
    with pytest.raises(err, match=fragment):
        analyse(**kwargs)


# ------------------------------------------------------------------------------------------- CLI



def test_cli_table(cli):
    code, out, err = cli("discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--need", "20")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[1].startswith("best: throw 7♣ 9♥, keep 5♥ 5♣ 5♦ J♠: E[hand] 16.652")
    assert "P(>=20)" in out and "ranked by P(>=20)" in out
    assert len([ln for ln in lines if ln[:1] in "0123456789AJQK" and "." in ln]) == 15
    assert max(len(ln) for ln in lines) <= 80


def test_cli_json(cli):
    code, out, _ = cli("discard", "5h 5c 5d js 7c 9h", "--pone", "--json", "--top", "3")
    d = json.loads(out)
    assert code == 0
    assert d["role"] == "pone" and d["variant"] == "six-card" and d["crib_model"] == "random"
    assert d["dealt"] == ["5♥", "5♣", "5♦", "J♠", "7♣", "9♥"]
    assert len(d["throws"]) == 3
    t = d["throws"][0]
    for key in ("throw", "keep", "hand_ev", "crib_ev", "net_ev", "hand_ev_exact", "crib_ev_exact", "sd", "min", "max"):
        assert key in t
    assert isinstance(t["throw"], list) and isinstance(t["keep"], list)
    assert Fraction(t["hand_ev_exact"]) - Fraction(t["crib_ev_exact"]) == Fraction(t["net_ev_exact"])


def test_cli_csv_and_plot(cli, tmp_path):
    png = tmp_path / "d.png"
    code, out, _ = cli("discard", "5h5c5djs7c", "--variant", "five-card", "--dealer", "--csv",
                       "--plot", str(png))
    assert code == 0
    assert out.splitlines()[0] == "throw,keep,hand_ev,crib_ev,net_ev,sd,min,max,hand_ev_exact,crib_ev_exact,net_ev_exact"
    assert len(out.splitlines()) == 11
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_cli_csv_need_has_the_exact_column_named_by_n(cli):
    code, out, _ = cli("discard", "5h 5c 5d js 7c 9h", "--dealer", "--csv", "--need", "20")
    head = out.splitlines()[0].split(",")
    assert code == 0 and head[-2:] == ["p_need_20", "p_need_20_exact"]
    first = dict(zip(head, out.splitlines()[1].split(",")))
    # the best throw (7♣ 9♥) from the naive twin's histogram of hand + crib over every outcome
    _, _, net = reference.discard_outcomes([16, 17, 18, 43, 24, 35], [24, 35], 2, None, dealer=True)
    assert first["throw"] == "7♣ 9♥"
    assert Fraction(first["p_need_20_exact"]) == Fraction(sum(c for n, c in net.items() if n >= 20), sum(net.values()))


@pytest.mark.parametrize("argv, fragment", [
    (["discard", "5h", "5c", "5d", "js", "7c", "--dealer"], "needs 6 cards, got 5"),
    (["discard", "5h", "5c", "5d", "js", "7c", "7c", "--dealer"], "duplicate"),
    (["discard", "5h", "5c", "5d", "js", "7c", "zz", "--dealer"], "cannot read 'zz': no rank 'z'"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--starter", "5h"], "also in the dealt cards"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--need", "-3"], "between 0 and 58"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--need", "x"], "whole number"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--need", "100"], "between 0 and 58"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h", "--pone", "--need", "40"], "between 0 and 29"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--rank-by", "need"], "--rank-by need needs --need"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h"], "--dealer (yours) or --pone"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--pone"], "not allowed with"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--crib-model", "x"], "unknown crib model"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--variant", "x"], "unknown variant"),
    (["discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--top", "0"], "at least 1"),
])
def test_cli_bad_input(cli, argv, fragment):
    code, out, err = cli(*argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err, err
    assert err.startswith("crib-stats: error: ")


@pytest.mark.parametrize("throw, kept, var", [
    ("5c 5d", "", "six-card"),
    ("jh 5h", "5s 6s", "six-card"),
    ("7c", "8c 9d 2h", "three-player"),
])
@pytest.mark.slow  # over 10 s on 2 cores
def test_crib_value_equals_reference(throw, kept, var):
    r = crib_value(throw, kept, variant=var)
    t, k = parse(throw), parse(kept)
    _, crib_ev, _ = reference.discard_outcomes(codes(k) + codes(t), codes(t), variant(var).others_to_crib)
    assert r.crib_ev == crib_ev
    assert sum(r.crib_counts.values()) == r.outcomes


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True), st.sampled_from([1, -1]),
       st.integers(-1, 45), st.sampled_from([6, 5]))
@pytest.mark.slow  # over 10 s on 2 cores
def test_rank_class_kernel_equals_card_pair_kernel(cards, sign, starter_index, dealt):
    """The rank-class crib kernel against the card-by-card one, on identical inputs."""
    import numpy as np

    from crib_stats.discard.analysis import throws_of
    from crib_stats.kernels import crib
    from crib_stats.core.tables import rank_table

    v = variant("six-card" if dealt == 6 else "five-card")
    dealt_cards = tuple(cards[:dealt])
    splits = throws_of(dealt_cards, v)
    keeps = np.array([[c.code for c in k] for _, k in splits], np.int64)
    throws = np.array([[c.code for c in t] for t, _ in splits], np.int64)
    held = {c.code for c in dealt_cards}
    unseen = np.array([c for c in range(52) if c not in held], np.int64)
    starter = -1 if starter_index < 0 else int(unseen[starter_index])
    hand_t, crib_t = rank_table(v.kept + 1), rank_table(5)
    a = crib.discard_random(keeps, throws, unseen, 2, starter, hand_t, crib_t, sign)
    b = crib.discard_random_pairs(keeps, throws, unseen, starter, hand_t, crib_t, sign)
    for x, y in zip(a, b):
        assert np.array_equal(np.asarray(x), np.asarray(y))


def test_cli_table_columns_stay_aligned_with_wide_cards(cli):
    code, out, _ = cli("discard", "10h 10c 10d 10s 5h 5c", "--dealer", "--need", "20")
    lines = out.splitlines()
    start = lines.index("") + 1
    table = lines[start:start + 16]  # header and 15 throws
    assert code == 0 and len({len(line) for line in table}) == 1, table
    assert any("10♥ 10♣ 10♦ 10♠" in line for line in table)
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize("role, policy", [("dealer", "greedy"), ("pone", "minimax")])
def test_pegging_adds_each_keeps_peg_ev_to_the_net(role, policy):
    from crib_stats.peg.value import peg_evs

    plain = {r.throw: r for r in analyse("5h 6h 7c jd qs kd", role=role).throws}
    a = analyse("5h 6h 7c jd qs kd", role=role, pegging=policy)
    dealt = [c.code for c in parse("5h 6h 7c jd qs kd")]
    want = peg_evs(dealt, [[c.code for c in r.keep] for r in a.throws], role, policy)
    sign = 1 if role == "dealer" else -1
    for r, peg in zip(a.throws, want):
        assert r.peg_ev == peg
        assert r.net_ev == r.hand_ev + sign * r.crib_ev + peg == plain[r.throw].net_ev + peg
    assert [r.net_ev for r in a.throws] == sorted((r.net_ev for r in a.throws), reverse=True)


def test_pegging_is_modelled_for_the_six_card_game_only(cli):
    with pytest.raises(DiscardError, match="six-card game"):
        analyse("5h 6h 7c jd qs", role="dealer", variant="five-card", pegging="greedy")
    code, out, err = cli("discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--pegging", "smart")
    assert code == 2 and "invalid choice" in err


def test_cli_pegging_table_and_json(cli):
    code, out, _ = cli("discard", "5h 6h 7c jd qs kd", "--pone", "--pegging", "greedy")
    assert code == 0 and "E[peg]" in out and "net = hand - crib + peg" in out
    code, out, _ = cli("discard", "5h 6h 7c jd qs kd", "--pone", "--pegging", "greedy", "--json")
    d = json.loads(out)
    t = d["throws"][0]
    assert d["pegging"] == "greedy"
    assert Fraction(t["hand_ev_exact"]) - Fraction(t["crib_ev_exact"]) + Fraction(t["peg_ev_exact"]) == Fraction(t["net_ev_exact"])


def test_table_crib_models_give_the_table_value_and_no_spread(tmp_path):
    from crib_stats.discard.model_tables import model_table

    table = model_table("hessel")
    a = analyse("5h 6h 7c jd qs kd", role="dealer", crib_model="hessel")
    plain = {r.throw: r for r in analyse("5h 6h 7c jd qs kd", role="dealer").throws}
    for r in a.throws:
        lo, hi = sorted(c.rank for c in r.throw)
        assert r.crib_ev == Fraction(str(table.dealer[lo, hi]))  # Hessel's two decimals, exactly
        assert r.hand_ev == plain[r.throw].hand_ev and r.net_ev == r.hand_ev + r.crib_ev
        assert r.mean_only and r.sd is None and r.min is None and r.max is None
    with pytest.raises(DiscardError, match="mean crib only"):
        analyse("5h 6h 7c jd qs kd", role="dealer", crib_model="hessel", need=10)
    pone = analyse("5h 6h 7c jd qs kd", role="pone", crib_model="hessel", need=8)
    assert all(pone.p_need(r) is not None for r in pone.throws)  # the pone's need counts the hand alone


def test_cli_table_models_and_crib_table(cli, tmp_path):
    code, out, _ = cli("discard", "5h 6h 7c jd qs kd", "--pone", "--crib-model", "equilibrium", "--json")
    d = json.loads(out)
    assert code == 0 and d["crib_model"] == "equilibrium" and d["throws"][0]["sd"] is None
    bad = tmp_path / "bad.csv"
    bad.write_text("r1,r2,dealer_own_crib,pone_into_dealer_crib\nA,A,x,1\n")
    code, out, err = cli("discard", "5h 6h 7c jd qs kd", "--pone", "--crib-model", f"table:{bad}")
    assert code == 2 and out == "" and err.count("\n") == 1 and "line 2" in err
    code, out, _ = cli("crib-table", "--crib-model", "hessel", "--csv")
    rows = out.splitlines()
    assert code == 0 and rows[0] == "r1,r2,dealer_own_crib,pone_into_dealer_crib" and len(rows) == 92
    good = tmp_path / "mine.csv"
    good.write_text(out + "\n")
    code, out2, _ = cli("crib-table", "--crib-model", f"table:{good}", "--csv")
    assert code == 0 and out2 == out
    code, out, _ = cli("crib-table")
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 80


# ---- the chart shows what the table adds up (#20 item 5) ---------------------------------------------


def _drawn(fig):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return canvas.get_renderer()


@pytest.mark.parametrize("cards, kwargs", [
    ("5h 6h 7c jd qs kd", dict(role="dealer", pegging="greedy", need=8)),
    ("5h 6h 7c jd qs kd", dict(role="pone", pegging="greedy", need=8)),
    ("5h 6h 7c jd qs", dict(role="dealer", variant="three-player", need=10)),
])
def test_discard_chart_bars_add_up_to_the_net_and_nothing_covers_them(cards, kwargs):
    from matplotlib.patches import Rectangle

    from crib_stats.discard.analysis import analyse
    from crib_stats.presentation.plots import discard_figure

    a = analyse(cards, **kwargs)
    shown = a.top(3) if kwargs.get("variant") is None else a
    fig = discard_figure(shown)
    ax = fig.axes[0]
    renderer = _drawn(fig)
    legend = ax.get_legend()
    names = [t.get_text() for t in legend.get_texts()]
    assert names[0] == "E[hand]" and any("E[crib]" in n for n in names)
    assert any(n.startswith("E[peg]") for n in names) == ("pegging" in kwargs)
    assert any(n.startswith("net") for n in names)
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    ys = sorted({round(b.get_y() + b.get_height() / 2, 6) for b in bars}, reverse=True)
    for y, r in zip(ys, shown.throws):  # best first, from the top
        signed = sum(b.get_width() for b in bars if round(b.get_y() + b.get_height() / 2, 6) == y)
        assert signed == pytest.approx(float(r.net_ev))  # the dot is the sum of the bars
    # the legend is outside the axes, so it covers no bar; every P(>=N) label is inside the axes
    box = ax.get_window_extent(renderer)
    assert not legend.get_window_extent(renderer).overlaps(box)
    labels = [t for t in ax.texts if t.get_text()]
    assert len(labels) == len(shown.throws) + 1  # the column header and one P per throw
    for t in labels:
        e = t.get_window_extent(renderer)
        assert box.x0 <= e.x0 and e.x1 <= box.x1 and box.y0 <= e.y0 and e.y1 <= box.y1, t.get_text()
        assert t.get_fontsize() >= 9
