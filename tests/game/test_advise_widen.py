"""advise(..., when_no_hand="widen"): the posterior survives an opponent who did not throw by the policy.

An opponent who throws otherwise can play a card no hand of the policy's posterior keeps;
``refuse`` then raises, ``widen`` drops the policy: every hand of the unseen cards that holds
their played cards and fits the play, every throw of it, equally likely. The twin is
:func:`reference.advise_twin` / :func:`reference.advise_win_twin` with ``uniform=True`` (every
throw of every opponent hand sharing it, by brute force on a reduced pack). The histories are
played at random by the rule book's play (:class:`reference._Play`): random throws, random
legal cards, a random stopping point on your turn.
"""

import json
import random

import pytest

import reference
from crib_stats.core.cards import Card
from crib_stats.game.advise import AdviseError, advise
from crib_stats.game.board import rules
from crib_stats.model.variants import variant as get_variant

DECK = (2, 3, 4, 10)  # 3 4 5 J: sixteen cards


def _random_history(rng, pack, variant):
    """A random legal position on your turn: (dealt, throw, starter, you deal?, played codes,
    score), both players throwing and playing at random; None when the play ends first."""
    v = get_variant(variant)
    cards = rng.sample(pack, 2 * v.dealt + 1)
    mine, theirs, starter = cards[:v.dealt], cards[v.dealt:2 * v.dealt], cards[-1]
    me_dealer = rng.random() < 0.5
    throw, their_throw = rng.sample(mine, v.throw), rng.sample(theirs, v.throw)
    kept = [c for c in mine if c not in throw]
    their_keep = [c for c in theirs if c not in their_throw]
    me = 1 if me_dealer else 0
    rk = [reference.card(c)[0] for c in kept]
    tk = [reference.card(c)[0] for c in their_keep]
    play = reference._Play(rk if me == 0 else tk, tk if me == 0 else rk, v.play_stops_at_first_go)
    play.pass_turns()
    played = []
    stops = rng.randrange(0, 2 * len(kept))
    for _ in range(stops):
        if play.over:
            break
        owner = kept if play.turn == me else their_keep
        fits = [c for c in owner if c not in played and play.count() + reference.value(reference.card(c)[0]) <= 31]
        code = rng.choice(fits)
        played.append(code)
        play.play(reference.card(code)[0])
    if play.over or play.turn != me:
        return None
    target = rules(v.name)["target"]  # near the end: the deal decides some games
    score = (rng.randrange(target - 21, target), rng.randrange(target - 21, target))
    return mine, throw, starter, me_dealer, played, score


def _labels(codes):
    return [str(Card.from_code(c)) for c in codes]


def _call(x, variant, score, when, deck=DECK):
    mine, throw, starter, me_dealer, played, _ = x
    return advise(_labels(mine), _labels(throw), str(Card.from_code(starter)), "dealer" if me_dealer else "pone",
                  _labels(played), variant=variant, score=score, deck=deck, when_no_hand=when)


def _fields(a):
    return [(p.card, p.ev, p.gives_up, p.p_win, p.p_win_bound, p.p_win_skunk, p.p_skunked) for p in a.plays], \
        a.greedy, a.count, a.hands_consistent, a.hands_total, a.best_for_points


def _positions(variant, seed, n):
    rng = random.Random(seed)
    pack = [r * 4 + s for r in DECK for s in range(4)]
    out = []
    while len(out) < n:
        x = _random_history(rng, pack, variant)
        if x is not None:
            out.append(x)
    return out


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_widen_never_refuses_and_equals_refuse_where_refuse_answers(variant):
    """Random legal histories on a reduced pack (random throws and cards, so the policy's
    posterior is often empty), with and without a score: widen always answers; where refuse
    answers too, the same answer (its posterior the policy's); where it refuses, the widened
    answer equals the twin's uniform posterior."""
    widened = 0
    six = variant == "six-card"
    for i, x in enumerate(_positions(variant, 34 if six else 35, 80 if six else 200)):
        mine, throw, starter, me_dealer, played, score = x
        score = score if i % 2 else None
        a = _call(x, variant, score, "widen")
        try:
            b = _call(x, variant, score, "refuse")
        except AdviseError as e:
            assert "fits the play so far" in str(e) and a.posterior == "widened", (x, e)
            widened += 1
            deck = [r * 4 + s for r in DECK for s in range(4)]
            stop = get_variant(variant).play_stops_at_first_go
            want, hands = reference.advise_twin(deck, mine, throw, starter, me_dealer, played, stop, uniform=True)
            assert {Card.parse(p.card).rank + 1: p.ev for p in a.plays} == want and a.hands_consistent == hands, x
            continue
        assert b.posterior == a.posterior == "policy" and _fields(a) == _fields(b), x
    assert widened >= 5  # the test reaches the widened posterior (random throws break the policy often)


@pytest.fixture(scope="module")
def win_table():
    from crib_stats.game.advise import committed_board

    b = committed_board("six-card", "objective")
    return b.values[b.row("win")]


def test_widened_p_win_matches_the_twin(win_table):
    """With a score, the widened posterior's shows (each kept hand's and each crib's, every
    throw equally likely) give the twin's P(win)."""
    deck = [r * 4 + s for r in DECK for s in range(4)]
    checked = 0
    for x in _positions("six-card", 36, 80):
        mine, throw, starter, me_dealer, played, score = x
        a = _call(x, "six-card", score, "widen")
        if a.posterior != "widened":
            continue
        want = reference.advise_win_twin(deck, mine, throw, starter, me_dealer, played, score, win_table, 121,
                                         uniform=True)
        got = {Card.parse(p.card).rank + 1: p.p_win for p in a.plays}
        assert got.keys() == want.keys() and all(abs(got[r] - float(want[r])) < 1e-12 for r in want), x
        checked += 1
        if checked == 6:
            break
    assert checked == 6


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_full_pack_random_histories_never_refuse_with_widen(variant):
    """The whole pack: random legal histories (random throws and cards) with a score and
    without: widen answers every one, and equals refuse wherever refuse answers."""
    rng = random.Random(31)
    pack = list(range(52))
    seen = 0
    while seen < 12:
        x = _random_history(rng, pack, variant)
        if x is None or not x[4]:
            continue
        score = x[5] if seen % 2 else None
        a = _call(x, variant, score, "widen", deck=tuple(range(13)))
        assert a.plays and a.posterior in ("policy", "widened")
        try:
            b = _call(x, variant, score, "refuse", deck=tuple(range(13)))
        except AdviseError:
            assert a.posterior == "widened"
        else:
            assert a.posterior == "policy" and _fields(a) == _fields(b)
        seen += 1


def test_cli_widen_says_so_and_a_bad_value_is_one_line(cli):
    """The CLI on the first seeded random history of the whole pack that refuse refuses:
    --when-no-hand widen answers, its text says widened in one line and its JSON has
    ``posterior``; a history the policy fits answers ``policy`` either way; a bad value is one
    line on stderr and exit 2."""
    rng = random.Random(7)
    for _ in range(400):
        x = _random_history(rng, list(range(52)), "six-card")
        if x is None or not x[4]:
            continue
        try:
            _call(x, "six-card", None, "refuse", deck=tuple(range(13)))
        except AdviseError:
            break
    else:
        pytest.fail("no seeded random history left the policy's posterior empty")
    mine, throw, starter, me_dealer, played, _ = x
    argv = ["advise", *_labels(mine), "--throw", *_labels(throw), "--starter", str(Card.from_code(starter)),
            "--dealer" if me_dealer else "--pone", "--played", *_labels(played)]
    code, _, err = cli(*argv)
    assert code == 2 and err.count("\n") == 1 and "fits the play so far" in err, err
    code, text, _ = cli(*argv, "--when-no-hand", "widen")
    said = [line for line in text.splitlines() if "widened: no hand the objective policy throws fits" in line]
    assert code == 0 and len(said) == 1
    assert all(len(line) <= 80 for line in text.splitlines())
    code, out, _ = cli(*argv, "--when-no-hand", "widen", "--json")
    d = json.loads(out)
    assert code == 0 and d["posterior"] == "widened" and "dropped" in d["model"]["assumes"]["discard"]
    base = ["advise", "5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--starter", "4c", "--dealer",
            "--played", "10s"]
    code, _, err = cli(*base, "--when-no-hand", "maybe")
    assert code == 2 and err.count("\n") == 1 and "--when-no-hand" in err and "refuse or widen" in err, err
    code, out, _ = cli(*base, "--when-no-hand", "widen", "--json")
    assert code == 0 and json.loads(out)["posterior"] == "policy"
