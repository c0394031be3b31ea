"""The play: the seeds' worked examples card by card, whole plays, the search and the extremes."""

import json
import random

import numpy as np
import pytest

import reference
from crib_stats.kernels import combinatorics, play as kplay, playsearch
from crib_stats.core.cards import multiset_text
from crib_stats.peg.extremes import data_name
from crib_stats.peg.pegging import PegError, best_play, count_points, play


def pts(text):
    return [e.points for e in count_points(text)]


# ------------------------------------------------------------------- the seeds' examples, card by card


def test_run_4_2_3_5_6():
    # the 3 completes 4-2-3 (3), the 5 makes 2-3-4-5 (4), the 6 makes 2..6 (5)
    assert pts("4 2 3 5 6") == [0, 0, 3, 4, 5]


def test_run_4_2_3_4_3():
    # 4-2-3 scores 3; then 2-3-4 (the second 4) scores 3; the second 3 completes nothing (3-4-3)
    assert pts("4 2 3 4 3") == [0, 0, 3, 3, 0]


def test_run_4_2_6_5_3():
    # nothing until the 3, which makes 2-3-4-5-6 from the last five cards: 5
    assert pts("4 2 6 5 3") == [0, 0, 0, 0, 5]


def test_run_3_5_4_2_3_4():
    # 3-5-4 (3); 2 makes 2-3-4-5 (4); 3 makes 5-4-2-3 (4, no double runs in the play);
    # 4 makes 2-3-4 (3)
    assert pts("3 5 4 2 3 4") == [0, 0, 3, 4, 4, 3]


def test_run_out_of_order_2_4_5_3_7_6_a():
    # the 3 makes 2-3-4-5 (4) at count 14; the 6 makes 2..7 (6); the ace makes A..7 (7)
    assert pts("2 4 5 3 7 6 A") == [0, 0, 0, 4, 0, 6, 7]


def test_pair_then_no_run():
    # 2-3-4 (3), another 4 is a pair (2) but no run; a 5 on 3-4-4 completes nothing
    assert pts("2 3 4 4") == [0, 0, 3, 2]
    assert pts("2 3 4 4 5") == [0, 0, 3, 2, 0]


def test_sevens():
    # pair 2, pair royal 6, double pair royal 12 (count 28)
    assert pts("7 7 7 7") == [0, 2, 6, 12]


def test_fifteen_and_thirty_one():
    # K 5: fifteen 2; then 6 (21), 10 (31): thirty-one 2
    assert pts("K 5 6 10") == [0, 2, 0, 2]
    # 5 5 5 makes fifteen with a pair royal: 2 + 6
    assert pts("5 5 5") == [0, 2, 8]


def test_count_never_passes_31():
    with pytest.raises(PegError, match="would take the count to 35"):
        count_points("K Q J 5")


def test_thirty_one_scores_two_and_no_go():
    # pone 10 9 / dealer K 2 (five-card game, 3 cards: + an ace each)
    r = play("10 9 A", "K 2 A", "10 K 9 2", variant="five-card")
    # 10 K (20), 9 (29), 2 (31): dealer 2 for 31, and no extra go point; the play stops at 31
    assert [(e.kind, e.player, e.points) for e in r.events] == [
        ("card", "pone", 0), ("card", "dealer", 0), ("card", "pone", 0), ("card", "dealer", 2)]
    assert r.points == {"pone": 0, "dealer": 2}


def test_go_point_when_neither_can_play():
    # six-card: pone K Q J 10, dealer 9 8 7 6. K 9 (19) Q (29): the dealer says go (6 -> 35),
    # the pone cannot play either (J -> 39): pone 1 for the go; the count restarts, led by the
    # dealer: 8, J (18), 7 (25); the pone says go (10 -> 35), the dealer plays on: 6 makes 31
    # (2, no go point, and nobody says go at 31); restart led by the pone: 10, last card 1.
    # Pone 1 + 1 = 2, dealer 2. Every go is a row of its own, whoever says it.
    r = play("K Q J 10", "9 8 7 6", "K 9 Q 8 J 7 6 10")
    assert [(e.kind, e.player, e.count, e.points) for e in r.events] == [
        ("card", "pone", 10, 0), ("card", "dealer", 19, 0), ("card", "pone", 29, 0), ("go-said", "dealer", 29, 0),
        ("go", "pone", 29, 1),
        ("card", "dealer", 8, 0), ("card", "pone", 18, 0), ("card", "dealer", 25, 0), ("go-said", "pone", 25, 0),
        ("card", "dealer", 31, 2), ("card", "pone", 10, 0), ("last", "pone", 10, 1)]
    assert r.points == {"pone": 2, "dealer": 2}


def test_seed_dealer_30():
    # Joe O'Brien: both hold 7 7 4 4. 7 7 7 7: dealer 2 and 12, +1 go at 28;
    # 4 4 4 4: dealer 2 and 12, +1 last card. Dealer 2 + 13 + 2 + 13 = 30
    r = play("7c 7d 4h 4s", "7h 7s 4c 4d", "7c 7h 7d 7s 4h 4c 4s 4d")
    assert r.points == {"pone": 12, "dealer": 30}
    assert [e.points for e in r.events if e.player == "dealer"] == [2, 12, 1, 2, 12, 1]


def test_seed_pone_24():
    # Joe O'Brien: pone 5 5 4 4, dealer 5 4 4 (+ a ten-card). 5 5 5 (pone: 15 + pair royal = 8),
    # 4 4 4 4 to 31 (pone: pair 2, then 31 + double pair royal = 14) -> 8 + 2 + 14 = 24
    r = best_play("5 5 4 4", "5 4 4 K", "pone")
    assert r.points["pone"] == 24
    again = play("5 5 4 4", "5 4 4 K", r.sequence)
    assert again.points == r.points


def test_five_card_game_stops_at_31():
    with pytest.raises(PegError, match="stops at the first go or 31"):
        play("10 9 A", "K 2 A", "10 K 9 2 A A", variant="five-card")


def test_five_card_game_stops_at_the_first_go():
    # 10 K (20) 9 (29): dealer's 5 cannot go (34), pone's 5 neither: pone 1 for go, play ends
    r = play("10 9 5", "K 5 5", "10 K 9", variant="five-card")
    assert r.points == {"pone": 1, "dealer": 0}
    assert r.events[-1].kind == "go"


@pytest.mark.parametrize("pone, dealer, seq, fragment", [
    ("7c 7d 4h 4s", "7h 7s 4c 4d", "7h 7c 7d 7s 4h 4c 4s 4d", "a player must play when able"),
    ("7c 7d 4h 4s", "7h 7s 4c 4d", "7c 7h 7d", "incomplete"),
    ("7c 7d 4h 4s", "7h 7s 4c 4d", "7c 9h", "in neither player's"),
    ("K Q J 10", "9 8 7 6", "K 9 Q J", "a player must play when able"),  # dealer leads after the go
    ("7c 7d 4h 4s", "7h 7c 4c 4d", "7c", "appears twice"),
    ("7 7 7 4", "7 7 4 4", "7", "more than four cards of rank 7"),
    ("7 7 4", "7 7 4 4", "7", "needs 4 cards"),
])
def test_illegal_plays(pone, dealer, seq, fragment):
    with pytest.raises(PegError, match=fragment):
        play(pone, dealer, seq)


# ------------------------------------------------------------------- the twin, on random legal plays


@pytest.mark.slow  # over 2 s on 2 cores
def test_kernel_card_points_equal_reference_on_random_plays():
    names = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    rng = random.Random(7)
    checked = 0
    for _ in range(300):
        deck = [r for r in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        pone, dealer = deck[:4], deck[4:8]
        seq, p_pts, d_pts, _ = rng.choice(reference.all_plays(pone, dealer, stop_at_go=False))
        r = play(" ".join(names[x - 1] for x in pone), " ".join(names[x - 1] for x in dealer),
                 " ".join(names[x - 1] for x in seq))
        assert (r.points["pone"], r.points["dealer"]) == (p_pts, d_pts)
        # card by card: a card whose count equals its own value started a new count
        count = []
        for e in r.events:
            if e.kind == "card":
                rank = names.index(e.card) + 1
                if e.count == reference.value(rank):
                    count = []
                count.append(rank)
                assert e.points == reference.peg_card(count)
                checked += 1
    assert checked == 300 * 8


def test_kernel_points_function_exhaustive_on_short_counts():
    # every count of up to four cards that stays within 31
    import itertools
    for n in range(1, 5):
        for seq in itertools.product(range(1, 14), repeat=n):
            if sum(reference.value(r) for r in seq) > 31:
                continue
            f, t, p, r = kplay.peg_points(np.array([x - 1 for x in seq], np.int64), n)
            assert f + t + p + r == reference.peg_card(list(seq)), seq


@pytest.mark.parametrize("ranks, size, stop", [
    ((0, 2, 3, 4, 6), 4, False),    # A 3 4 5 7, six-card play
    ((0, 1, 4, 9, 12), 3, True),    # A 2 5 10 K, five-card play
    ((7, 8, 9, 11, 12), 3, False),  # 8 9 10 Q K, three cards each: every play restarts its count
])
@pytest.mark.slow  # over 10 s on 2 cores
def test_extremes_kernel_equals_brute_force_on_a_reduced_deck(ranks, size, stop):
    ms = combinatorics.rank_multisets(size, np.array(ranks, np.int64))
    table = playsearch.peg_extremes_rows(ms, 0, len(ms), stop)
    pairs = 0
    for i in range(len(ms)):
        for j in range(len(ms)):
            if (ms[i] + ms[j] > 4).any():
                assert table[i, j, 0] == -1
                continue
            pone = [r + 1 for r in range(13) for _ in range(ms[i][r])]
            dealer = [r + 1 for r in range(13) for _ in range(ms[j][r])]
            plays = reference.all_plays(pone, dealer, stop)
            expected = [max(d for _, _, d, _ in plays), max(p for _, p, _, _ in plays),
                        max(p + d for _, p, d, _ in plays), min(d for _, _, d, _ in plays),
                        max(b for *_, b in plays), min(p for _, p, _, _ in plays)]
            assert table[i, j].tolist() == expected, (pone, dealer)
            pairs += 1
    assert pairs > 100


def test_extremes_with_the_table_of_positions_equal_the_leaf_search_on_the_full_pack():
    """The search that keeps positions (a count restarted, or ended by a pair) across a pone hand's
    pairings against the search that scores every leaf (held to the brute force above), on pone
    hands of every kind (four of a kind, runs of low cards, mixed) against all 1820 dealers."""
    ms = combinatorics.rank_multisets(4, np.arange(13, dtype=np.int64))
    for i in (0, 182, 546, 1001, 1274, 1729):
        row = playsearch.peg_extremes_rows(ms, i, i + 1, False)[0]
        for j in range(len(ms)):
            if (ms[i] + ms[j] > 4).any():
                assert (row[j] == -1).all()
                continue
            want, _, _ = playsearch.peg_search(ms[i], ms[j], False, -1)
            assert row[j].tolist() == want.tolist(), (ms[i], ms[j])


def test_best_and_worst_agree_with_the_kernel():
    for pone, dealer in [("5 5 4 4", "5 4 4 K"), ("7 7 4 4", "7 7 4 4"), ("A 2 3 4", "K Q J 10")]:
        counts = []
        for h in (pone, dealer):
            c = np.zeros(13, np.int64)
            for tok in h.split():
                c["A 2 3 4 5 6 7 8 9 10 J Q K".split().index(tok)] += 1
            counts.append(c)
        k, _, _ = playsearch.peg_search(counts[0], counts[1], False, -1)
        assert best_play(pone, dealer, "dealer").points["dealer"] == k[0]
        assert best_play(pone, dealer, "pone").points["pone"] == k[1]
        assert best_play(pone, dealer, "dealer", worst=True).points["dealer"] == k[3]


# ------------------------------------------------------------------- CLI



def test_cli_count(cli):
    code, out, _ = cli("peg", "4", "2", "3", "5", "6")
    assert code == 0
    assert "run of 5 for 5" in out and out.strip().endswith("total 12")


def test_cli_whole_play_json(cli):
    code, out, _ = cli("peg", "--pone", "7c", "7d", "4h", "4s", "--dealer", "7h", "7s", "4c", "4d",
                       "--play", "7c", "7h", "7d", "7s", "4h", "4c", "4s", "4d", "--json")
    d = json.loads(out)
    assert code == 0 and d["points"] == {"pone": 12, "dealer": 30}


def test_cli_best(cli):
    code, out, _ = cli("peg", "--pone", "5", "5", "4", "4", "--dealer", "5", "4", "4", "K", "--best", "pone")
    assert code == 0 and "most the pone can peg: 24" in out


@pytest.mark.parametrize("argv, fragment", [
    (["peg"], "give a count"),
    (["peg", "4", "2", "x"], "no rank 'x'"),
    (["peg", "--pone", "7", "7", "4", "4"], "give both hands"),
    (["peg", "--pone", "7", "7", "4", "4", "--dealer", "7", "7", "4", "4", "--play", "7", "7", "7", "7", "4", "4", "4"],
     "the pone has played every card; the dealer still holds 4"),
    (["peg", "--pone", "7c", "7d", "4h", "4s", "--dealer", "7h", "7s", "4c", "4d", "--play", "7h"], "must play when able"),
    (["peg", "--pone", "7", "7", "4", "4", "--dealer", "7", "7", "4", "4"], "--play"),
    (["peg", "--extremes", "4"], "takes no cards"),
    (["peg", "--extremes", "--out", "somewhere"], "--out writes a new search: add --recompute"),
    (["peg", "4", "2", "--recompute"], "--recompute is for --extremes"),
    (["peg", "--pone", "7", "7", "4", "4", "--dealer", "7", "7", "4", "4", "--best", "both"], "invalid choice"),
    (["peg", "--pone", "7", "7", "4", "4", "--dealer", "7", "7", "4", "4", "--best", "pone", "--variant", "three"],
     "two-player games"),
])
def test_cli_bad_input(cli, argv, fragment):
    code, out, err = cli(*argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err, err


# ------------------------------------------------------------------- the committed extremes


def _committed(name):
    import os
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "crib_stats", "data", name)) as fh:
        return json.load(fh)


@pytest.mark.parametrize("name, variant", [("pegging_extremes_six_card.json", "six-card"),
                                           ("pegging_extremes_five_card.json", "five-card")])
def test_committed_example_plays_replay_to_their_points(name, variant):
    data = _committed(name)
    for key, item in data["extremes"].items():
        r = play(" ".join(item["pone"]), " ".join(item["dealer"]), " ".join(item["play"]), variant=variant)
        assert r.points == item["play_points"], key
        value = {"most_dealer": r.points["dealer"], "most_pone": r.points["pone"],
                 "least_dealer": r.points["dealer"], "least_pone": r.points["pone"],
                 "most_both": r.points["dealer"] + r.points["pone"], "most_one_card": r.most_one_card}[key]
        assert value == item["points"], key


def test_six_card_extremes_settle_the_seeds():
    data = _committed("pegging_extremes_six_card.json")["extremes"]
    # the seeds: the dealer can peg 30 (7 7 4 4 against 7 7 4 4) and always pegs at least 1;
    # they disagree about the pone (22, 23, 24): the exhaustive search says 24
    assert data["most_dealer"]["points"] == best_play("7 7 4 4", "7 7 4 4", "dealer").points["dealer"] == 30
    assert data["least_dealer"]["points"] == 1
    assert data["most_pone"]["points"] == best_play("5 5 4 4", "5 4 4 K", "pone").points["pone"] == 24


def test_committed_extremes_read_back_as_written():
    """committed() rebuilds each file's extremes (its example plays replayed by the validating
    scorer) into exactly what the search wrote."""
    from crib_stats.peg.extremes import committed

    for variant in ("six-card", "five-card"):
        assert committed(variant).as_dict() == _committed(data_name(variant))


def test_extremes_command_reads_the_file_and_recompute_searches(cli, tmp_path):
    """Also the five-card file's drift detector, exhaustive (every pair of hands, a second): the
    search written by --recompute --out is the committed file. The search is held to the brute
    force of tests/reference.py by test_extremes_kernel_equals_brute_force_on_a_reduced_deck, and
    the files' example plays by test_committed_example_plays_replay_to_their_points."""
    code, read, _ = cli("peg", "--extremes", "--variant", "five-card", "--json")
    code2, searched, err = cli("peg", "--extremes", "--recompute", "--variant", "five-card", "--json",
                               "--out", str(tmp_path))
    assert code == code2 == 0 and json.loads(read) == json.loads(searched)
    written = json.loads((tmp_path / data_name("five-card")).read_text(encoding="utf-8"))
    assert written == _committed(data_name("five-card")) and "wrote" in err


def test_committed_six_card_extremes_are_what_a_reduced_search_computes():
    """Drift detector for the six-card file, on a reduced search (the whole one is under a minute:
    ``crib-stats peg --extremes --recompute``): searched over the pone hand of each extreme's
    example alone (against every dealer hand), the search finds that extreme again, with the same
    example; over a run of pone hands from a seeded start, it finds nothing past any extreme, and
    no more pairs reaching one than the file counts over every pair."""
    from crib_stats.peg.extremes import extremes

    whole = _committed(data_name("six-card"))
    data = whole["extremes"]
    multisets = combinatorics.rank_multisets(4, np.arange(13, dtype=np.int64))
    # the pairs searched: every pair of kept hands that fits in one pack, counted with numpy
    assert whole["hand_pairs"] == int((multisets[:, None, :] + multisets[None, :, :] <= 4).all(axis=-1).sum())
    names = {multiset_text(m): i for i, m in enumerate(multisets)}
    for key, item in data.items():
        item = dict(item)
        i = names[" ".join(item["pone"])]
        found = extremes("six-card", blocks=1, pones=slice(i, i + 1))[key].as_dict()
        assert 1 <= found.pop("pairs_reaching_it") <= item.pop("pairs_reaching_it")
        assert found == item, key
    start = random.Random(62).randrange(len(multisets) - 90)
    run = extremes("six-card", blocks=3, pones=slice(start, start + 90))
    for e in run.extremes:
        committed_points = data[e.key]["points"]
        assert (e.points <= committed_points) if e.key.startswith("most") else (e.points >= committed_points)
        assert e.points != committed_points or e.pairs_reaching_it <= data[e.key]["pairs_reaching_it"]


@pytest.mark.slow  # over 10 s on 2 cores
@pytest.mark.parametrize("policy", ["greedy", "minimax"])
def test_cli_policy_plays_the_hands_out(cli, policy):
    # the command's points against the naive twins of tests/reference.py (plain Python, ranks
    # 1..13: pone 4 5 6 7, dealer 5 5 10 K), not against the kernels the command calls
    code, out, _ = cli("peg", "--pone", "4", "5", "6", "7", "--dealer", "5", "5", "10", "K", "--policy", policy, "--json")
    d = json.loads(out)
    assert code == 0 and d["policy"] == policy and d["mode"] == "policy"
    if policy == "greedy":
        assert (d["points"]["pone"], d["points"]["dealer"]) == reference.greedy_twin([4, 5, 6, 7], [5, 5, 10, 13])
    else:
        assert d["value"] == d["points"]["dealer"] - d["points"]["pone"] == \
            reference.minimax_twin([4, 5, 6, 7], [5, 5, 10, 13])
    # the line printed is a legal play that scores what it says (the validating play() replays it)
    assert play("4 5 6 7", "5 5 10 K", " ".join(d["play"])).points == d["points"]
    code, out, _ = cli("peg", "--pone", "4", "5", "6", "7", "--dealer", "5", "5", "10", "K", "--policy", policy)
    assert code == 0 and ("greedy" in out or "minimax" in out) and max(len(x) for x in out.splitlines()) <= 80


def test_the_python_validator_and_the_kernel_stepper_agree_on_random_plays():
    """pegging.play (the Python state machine that validates a user's play) against the kernel's
    stepper (play_card / settle) replaying the same cards: the same points, card by card."""
    from crib_stats.kernels.play import S_DEALER, S_DONE, S_PONE, S_TURN, held, new_play, play_card, settle

    names = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    rng = random.Random(11)
    for stop in (False, True):
        for _ in range(150):
            deck = [r for r in range(13) for _ in range(4)]
            rng.shuffle(deck)
            k = 3 if stop else 4
            pone, dealer = deck[:k], deck[k:2 * k]
            seq, *_ = rng.choice(reference.all_plays([r + 1 for r in pone], [r + 1 for r in dealer], stop))
            r = play(" ".join(names[x] for x in pone), " ".join(names[x] for x in dealer),
                     " ".join(names[x - 1] for x in seq), variant="five-card" if stop else "six-card")
            st, buf = new_play(np.bincount(pone, minlength=13), np.bincount(dealer, minlength=13))
            st = settle(st, stop)
            for rank in seq:
                assert st[S_DONE] == 0 and held(st, st[S_TURN], rank - 1) > 0
                st = settle(play_card(buf, st, rank - 1), stop)
            assert st[S_DONE] == 1
            assert (int(st[S_PONE]), int(st[S_DEALER])) == (r.points["pone"], r.points["dealer"])


def test_the_lowest_set_bit_fallback_agrees_with_numbas():
    import random

    from numba import njit

    from crib_stats.kernels import play as kplay

    cttz = kplay.trailing_zeros

    @njit
    def used(x):
        return cttz(x)

    rng = random.Random(9)
    for x in [1, 2, 3, 1 << 51, (1 << 52) - 1] + [rng.randrange(1, 1 << 52) for _ in range(200)]:
        want = (x & -x).bit_length() - 1
        assert kplay.trailing_zeros_loop(x) == want and used(x) == want
