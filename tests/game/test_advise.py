"""crib-stats advise: the posterior over the opponent's hands and each card's exact value.

The independent check is :func:`reference.advise_twin`: every opponent hand of a reduced pack
(four ranks, sixteen cards) one at a time in plain Python, each hand's throws valued by
enumerating every starter and crib (``reference.throw_values``), the rules replayed by a
separate play engine; with a score, :func:`reference.advise_win_twin` counts each kept hand's
and crib's show and walks the rest of the deal to the committed board. The situations are
dealt from a seeded generator and played out (both greedy, the opponent throwing by the same
objective) to a random point where it is your turn: leads, responses, after goes and 31s.
"""

import json
import random
import subprocess
import sys
from itertools import combinations
from math import comb

import pytest

import reference
from crib_stats.core.cards import Card
from crib_stats.game.advise import AdviseError, advise

DECKS = [(2, 3, 4, 10), (0, 1, 9, 11)]  # 3 4 5 J; A 2 10 Q


def _situation(deck_ranks, seed, variant="six-card", flush_throw=False):
    """A random situation on a reduced pack: (dealt, throw, starter, you deal?, played codes);
    ``flush_throw``: your throw two cards of the starter's suit (the crib can flush)."""
    rng = random.Random(seed)
    deck = [r * 4 + s for r in deck_ranks for s in range(4)]
    n = 6 if variant == "six-card" else 5
    stop = variant == "five-card"
    while True:
        cards = rng.sample(deck, 2 * n + 1)
        mine, theirs, starter = cards[:n], cards[n:2 * n], cards[2 * n]
        me_dealer = rng.random() < 0.5
        throw = list(rng.sample(mine, 2))
        if flush_throw:
            suited = [c for c in mine if c % 4 == starter % 4]
            if len(suited) < 2:
                continue
            throw = suited[:2]
        # the opponent throws by the objective (the first of the tied throws; any tied keep works)
        per = comb(len(deck) - n - 1, 2)
        best = max(combinations(theirs, 2),
                   key=lambda t: (lambda h, c: h * per + (c if not me_dealer else -c))(
                       *reference.throw_values(theirs, t, 2, deck)))
        kept = [c for c in mine if c not in throw]
        their_keep = [c for c in theirs if c not in best]
        # play both greedy for a random number of cards, stopping on your turn
        me = 1 if me_dealer else 0
        rk = [reference.card(c)[0] for c in kept]
        tk = [reference.card(c)[0] for c in their_keep]
        play = reference._Play(rk if me == 0 else tk, tk if me == 0 else rk, stop)
        play.pass_turns()
        played = []
        stops = rng.randrange(0, 2 * len(kept))
        for _ in range(stops):
            if play.over:
                break
            r = play.greedy()
            owner = kept if play.turn == me else their_keep
            code = next(c for c in owner if reference.card(c)[0] == r and c not in played)
            played.append(code)
            play.play(r)
        if play.over or play.turn != me:
            continue
        return mine, throw, starter, me_dealer, played, deck


def _labels(codes):
    return [str(Card.from_code(c)) for c in codes]


@pytest.mark.parametrize("deck_ranks", DECKS)
@pytest.mark.parametrize("seed", range(5))
def test_advise_matches_the_brute_force_twin(deck_ranks, seed):
    mine, throw, starter, me_dealer, played, deck = _situation(deck_ranks, seed)
    want, hands = reference.advise_twin(deck, mine, throw, starter, me_dealer, played)
    for walk in ("cards", "table"):
        got = advise(_labels(mine), _labels(throw), str(Card.from_code(starter)),
                     "dealer" if me_dealer else "pone", _labels(played), deck=deck_ranks, walk=walk)
        assert got.hands_consistent == hands
        by_rank = {}
        for p in got.plays:
            by_rank[Card.parse(p.card).rank + 1] = p.ev
        assert by_rank == want, (walk, played)


@pytest.fixture(scope="module")
def win_table():
    from crib_stats.game.advise import committed_board

    b = committed_board("six-card", "objective")
    return b.values[b.row("win")]


@pytest.mark.parametrize("deck_ranks, seed, flush", [(DECKS[0], 0, False), (DECKS[0], 1, True), (DECKS[0], 2, True),
                                                     (DECKS[1], 3, False), (DECKS[1], 4, True)])
@pytest.mark.parametrize("score", [(110, 112), (118, 100), (60, 70)])
def test_p_win_matches_the_twin(deck_ranks, seed, flush, score, win_table):
    """Both walks with the show (the table's counted a rank multiset at a time, the cards' one
    hand at a time) against the twin's P(win), near the end (the deal decides) and mid-game
    (the board does); your throw of the starter's suit where ``flush`` (the crib can flush)."""
    mine, throw, starter, me_dealer, played, deck = _situation(deck_ranks, seed, flush_throw=flush)
    want = reference.advise_win_twin(deck, mine, throw, starter, me_dealer, played, score, win_table, 121)
    runs = {}
    for walk in ("table", "cards"):
        got = advise(_labels(mine), _labels(throw), str(Card.from_code(starter)), "dealer" if me_dealer else "pone",
                     _labels(played), deck=deck_ranks, walk=walk, score=score)
        runs[walk] = [(p.card, p.ev, p.p_win, p.p_win_bound, p.p_win_skunk, p.p_skunked) for p in got.plays]
        by_rank = {Card.parse(p.card).rank + 1: p.p_win for p in got.plays}
        assert by_rank.keys() == want.keys()
        assert all(abs(by_rank[r] - float(want[r])) < 1e-12 for r in want), (walk, by_rank, want)
    assert runs["table"] == runs["cards"]  # the same posterior: the same floats


@pytest.mark.parametrize("seed", range(3))
def test_five_card_advise_matches_the_twin(seed):
    mine, throw, starter, me_dealer, played, deck = _situation(DECKS[0], 100 + seed, "five-card")
    want, hands = reference.advise_twin(deck, mine, throw, starter, me_dealer, played, stop_at_go=True)
    got = advise(_labels(mine), _labels(throw), str(Card.from_code(starter)), "dealer" if me_dealer else "pone",
                 _labels(played), deck=DECKS[0], variant="five-card")
    assert got.hands_consistent == hands
    assert {Card.parse(p.card).rank + 1: p.ev for p in got.plays} == want


@pytest.mark.parametrize("deck_ranks, seed, variant", [(DECKS[0], 0, "six-card"), (DECKS[1], 1, "six-card"),
                                                       (DECKS[0], 7, "six-card"), (DECKS[1], 3, "five-card")])
def test_minimax_rest_matches_the_twin(deck_ranks, seed, variant, win_table):
    """``rest="minimax"``: after your card both play the rest optimally with both hands visible,
    per opponent hand. E[points] against the twin (:meth:`reference._Play.minimax` over
    :func:`reference.minimax_rest`'s plain recursion), and P(win) near the end and mid-game."""
    mine, throw, starter, me_dealer, played, deck = _situation(deck_ranks, seed, variant)
    stop = variant == "five-card"
    role = "dealer" if me_dealer else "pone"
    args = (_labels(mine), _labels(throw), str(Card.from_code(starter)), role, _labels(played))
    want, hands = reference.advise_twin(deck, mine, throw, starter, me_dealer, played, stop_at_go=stop,
                                        rest="minimax")
    got = advise(*args, deck=deck_ranks, variant=variant, rest="minimax")
    assert got.hands_consistent == hands
    assert {Card.parse(p.card).rank + 1: p.ev for p in got.plays} == want
    if variant == "six-card":
        for score in ((110, 112), (60, 70)):
            want = reference.advise_win_twin(deck, mine, throw, starter, me_dealer, played, score, win_table, 121,
                                             rest="minimax")
            got = advise(*args, deck=deck_ranks, score=score, rest="minimax")
            by_rank = {Card.parse(p.card).rank + 1: p.p_win for p in got.plays}
            assert by_rank.keys() == want.keys()
            assert all(abs(by_rank[r] - float(want[r])) < 1e-12 for r in want), (score, by_rank, want)


def test_the_rest_of_the_play_changes_the_values():
    """Minimax is not greedy: on the first cards of the test above both the twin and the advisor
    value every card differently with the two rests (so a kernel that ignored ``rest`` fails
    there), and an unknown rest is one line."""
    mine, throw, starter, me_dealer, played, deck = _situation(DECKS[0], 0)
    greedy, _ = reference.advise_twin(deck, mine, throw, starter, me_dealer, played)
    best, _ = reference.advise_twin(deck, mine, throw, starter, me_dealer, played, rest="minimax")
    assert greedy.keys() == best.keys() and all(greedy[r] != best[r] for r in greedy)
    args = (_labels(mine), _labels(throw), str(Card.from_code(starter)), "dealer" if me_dealer else "pone",
            _labels(played))
    got = {rest: {p.card: p.ev for p in advise(*args, deck=DECKS[0], rest=rest).plays} for rest in ("greedy", "minimax")}
    assert got["greedy"].keys() == got["minimax"].keys()
    assert all(got["greedy"][c] != got["minimax"][c] for c in got["greedy"])
    with pytest.raises(AdviseError, match="unknown --rest 'best'"):
        advise("5h 6h 7c jd qs kd", "qs kd", "4c", "dealer", "10s", rest="best")


def test_after_a_go_and_a_restart():
    """3 4 5 J pack: you (pone) lead J♣, they play J♦ (20, a pair), you play J♥ (30, pair royal).
    At 30 nothing of this pack fits (every rank is 3 or more): both say go, you score the last
    card, the count restarts and the opponent leads 5♦; now you answer at 5. The twin and the
    kernel agree, and the posterior keeps only hands holding J♦ and 5♦."""
    deck_ranks = DECKS[0]
    deck = [r * 4 + s for r in deck_ranks for s in range(4)]
    mine = [40, 42, 8, 9, 12, 16]   # J♣ J♥ 3♣ 3♦ 4♣ 5♣
    throw = [12, 16]
    starter = 13
    played = [40, 41, 42, 17]
    want, hands = reference.advise_twin(deck, mine, throw, starter, False, played)
    got = advise(_labels(mine), _labels(throw), str(Card.from_code(starter)), "pone", _labels(played), deck=deck_ranks)
    assert got.count == 5 and got.hands_consistent == hands > 0
    assert {Card.parse(p.card).rank + 1: p.ev for p in got.plays} == want
    with pytest.raises(AdviseError, match="opponent's turn"):  # after J J J it is theirs to lead
        advise(_labels(mine), _labels(throw), str(Card.from_code(starter)), "pone", _labels(played[:3]),
               deck=deck_ranks)


@pytest.mark.slow  # over 10 s on 2 cores
def test_full_pack_response_is_a_weighted_sum_over_every_consistent_hand():
    """Full pack, the dealer answering a led 10: the table of E[you - them] and the greedy card;
    the consistent hands are fewer than the hands holding the 10 (some would have thrown it)."""
    a = advise("5h 6h 7c jd qs kd", "qs kd", "4c", "dealer", "10s")
    assert a.count == 10 and [p.card for p in a.plays][0] == "5♥" and a.greedy == "5♥"
    assert 0 < a.hands_consistent < a.hands_total == comb(44, 5)
    evs = [p.ev for p in a.plays]
    assert evs == sorted(evs, reverse=True) and a.plays[0].gives_up == 0
    d = a.as_dict()
    assert {"card", "ev", "ev_exact"} <= set(d["plays"][0]) and d["model"]["discard_policy"] == "objective"


def _same(a, b):
    return [(p.card, p.ev, p.p_win, p.p_win_bound, p.p_win_skunk, p.p_skunked) for p in a.plays] == \
        [(p.card, p.ev, p.p_win, p.p_win_bound, p.p_win_skunk, p.p_skunked) for p in b.plays]


@pytest.mark.slow
@pytest.mark.parametrize("hand, score", [(("5h 6h 7c jd qs kd", "qs kd", "4c"), None),
                                         (("5h 6h 7c jd qs kd", "qs kd", "4c"), (100, 104)),
                                         (("5h 6h jc jd 9h kh", "9h kh", "4h"), (60, 70))])
def test_full_pack_lead_table_walk_equals_the_card_walk(hand, score):
    """At the lead every hand is possible: the per-machine table and the walk over all
    C(45, 6) hands give the same exact values, and with the show the same P(win) to the bit
    (the last with the starter's jack among the opponent's cards and your throw of its suit:
    nobs both ways and a crib flush)."""
    a = advise(*hand, "pone", walk="table", score=score)
    b = advise(*hand, "pone", walk="cards", score=score)
    assert a.hands_consistent == b.hands_consistent == comb(45, 6)
    assert _same(a, b)


@pytest.mark.parametrize("role, played", [("dealer", "10s"), ("pone", "5h 10s"), ("dealer", "10s 5h 9c"),
                                          ("pone", "7c kh 6h 8c")])
@pytest.mark.parametrize("score", [None, (100, 104)])
@pytest.mark.slow  # over 2 s on 2 cores
def test_full_pack_table_walk_equals_the_card_walk_later_in_the_play(role, played, score):
    a = advise("5h 6h 7c jd qs kd", "qs kd", "4c", role, played, walk="table", score=score)
    b = advise("5h 6h 7c jd qs kd", "qs kd", "4c", role, played, walk="cards", score=score)
    assert a.hands_consistent == b.hands_consistent > 0
    assert _same(a, b)


@pytest.mark.slow  # over 10 s on 2 cores
def test_equilibrium_policy_changes_the_posterior():
    a = advise("5h 6h 7c jd qs kd", "qs kd", "4c", "dealer", "10s", discard_policy="equilibrium")
    b = advise("5h 6h 7c jd qs kd", "qs kd", "4c", "dealer", "10s")
    assert a.policy == "equilibrium" and a.hands_consistent != b.hands_consistent


def test_score_adds_p_win_and_it_is_a_probability():
    a = advise("5h 6h 7c jd qs kd", "qs kd", "4c", "dealer", "10s", score=(112, 115))
    assert all(0 <= p.p_win <= 1 for p in a.plays)
    assert [p.p_win for p in a.plays] == sorted((p.p_win for p in a.plays), reverse=True)
    # the pone at 119 to 100 holding 5 6 7 J with a 4 starter counts first (4 5 6 7 and two
    # fifteens: 8 points) and the opponent, three cards left, cannot peg 21: every card wins
    b = advise("5h 6h 7c jd qs kd", "qs kd", "4c", "pone", "5h 10s", score=(119, 100))
    assert [p.p_win for p in b.plays] == [1.0] * len(b.plays)
    # the dealer at 100 to 120: the pone needs one point and pegs or counts first; the dealer
    # cannot peg 21, so he wins only if the pone's hand is a nineteen (0) and the play gives the
    # pone nothing: possible, but never likely
    c = advise("5h 6h 7c jd qs kd", "qs kd", "4c", "dealer", "10s", score=(100, 120))
    assert all(p.p_win < 0.5 for p in c.plays)


@pytest.mark.parametrize("played, message", [
    ("10s 10s", "given twice"),
    ("qs", "threw to the crib"),
    ("4c", "the starter"),
    ("10s 5h", "opponent's turn"),
    ("10s ks", "you could play"),
    ("10s 9s 8s 7s 6s", "more than 4 cards"),
])
def test_impossible_histories_are_one_line_errors(cli, played, message):
    code, out, err = cli("advise", "5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--starter", "4c",
                         "--dealer", "--played", *played.split())
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_bad_score_and_missing_role(cli):
    base = ["advise", "5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--starter", "4c"]
    code, _, err = cli(*base, "--dealer", "--played", "10s", "--score", "121", "3")
    assert code == 2 and "MINE is 121: the game is over at 121" in err
    code, _, err = cli(*base, "--played", "10s")
    assert code == 2 and "--dealer" in err
    code, _, err = cli(*base[:-2], "--starter", "5h", "--dealer")
    assert code == 2 and "starter" in err


def test_cli_json_is_the_advice(cli):
    code, out, _ = cli("advise", "5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--starter", "4c",
                       "--dealer", "--played", "10s", "--json")
    d = json.loads(out)
    assert code == 0 and d["command"] == "advise" and d["count"] == 10
    assert [p["card"] for p in d["plays"]] == ["5♥", "6♥", "7♣", "J♦"]
    code, text, _ = cli("advise", "5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--starter", "4c",
                        "--dealer", "--played", "10s")
    assert code == 0 and "greedy would play 5♥" in text and all(len(line) <= 80 for line in text.splitlines())


def test_cli_rest_minimax_names_its_model(cli):
    """``--rest minimax`` is advise(rest="minimax"): the same figures, and the model says which rest."""
    args = ("advise", "10h", "7s", "6s", "5s", "9d", "3h", "--throw", "9d", "10h", "--starter", "5c", "--dealer",
            "--played", "4c")
    code, out, _ = cli(*args, "--rest", "minimax", "--json")
    d = json.loads(out)
    want = advise("10h 7s 6s 5s 9d 3h", "9d 10h", "5c", "dealer", "4c", rest="minimax")
    assert code == 0 and [p["card"] for p in d["plays"]] == [p.card for p in want.plays]
    assert [p["ev_exact"] for p in d["plays"]] == [f"{p.ev.numerator}/{p.ev.denominator}" for p in want.plays]
    assert d["model"]["name"] == "advise/objective/minimax" and d["model"]["play_policy"] == "minimax"
    assert "optimally" in d["model"]["assumes"]["rest_of_play"]
    code, out, _ = cli(*args, "--json")
    assert json.loads(out)["model"]["name"] == "advise/objective/greedy"
    code, _, err = cli(*args, "--rest", "best")
    assert code == 2 and err.strip().endswith("unknown --rest 'best'; choose greedy or minimax")


def test_bad_policy_is_one_line(cli):
    with pytest.raises(AdviseError):
        advise("5h 6h 7c jd qs kd", "qs kd", "4c", "dealer", "10s", discard_policy="nope")


WARM_CHILD = """
import json
from crib_stats.game.advise import advise
from crib_stats.kernels import advise as ka, keeps, posterior
for walk in ("table", "cards"):
    advise("3c 4c 5c 5d jh 3h", "3h 5d", "4d", "dealer", "3d", deck=(2, 3, 4, 10), walk=walk)
stats = {}
for mod in (posterior, keeps, ka):
    for name in dir(mod):
        st = getattr(getattr(mod, name), "stats", None)
        if st is not None and hasattr(st, "cache_misses"):
            stats[name] = [sum(st.cache_hits.values()), sum(st.cache_misses.values())]
print(json.dumps(stats))
"""


def test_a_second_process_loads_the_kernels_from_the_cache():
    """The kernels take named tuples (``posterior.Policy``, ``keeps.KeepTable``, ...), which
    numba's cache keys by their class: a process after the first must load every kernel advise
    calls from the cache, not compile it again (the test process has compiled or loaded them)."""
    for walk in ("table", "cards"):
        advise("3c 4c 5c 5d jh 3h", "3h 5d", "4d", "dealer", "3d", deck=(2, 3, 4, 10), walk=walk)
    out = subprocess.run([sys.executable, "-c", WARM_CHILD], capture_output=True, text=True, check=True).stdout
    stats = json.loads(out)
    assert {"keep_posterior", "keep_posterior_sparse", "card_values"} <= {k for k, (hits, _) in stats.items() if hits}
    assert {k: misses for k, (_, misses) in stats.items() if misses} == {}
