"""The built-in players (crib_stats.players): greedy is the game model's player (its throws the
deal model's, checked against the naive exact twin; its plays the kernel's greedy, checked
against the naive twin; whole games the deal model's scripts), random is uniform and
reproducible, and the registry makes them by name."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest

import reference
from crib_stats.core.cards import Card
from crib_stats.game.model import scripts
from crib_stats.players import GreedyPlayer, PlayerError, RandomPlayer, make_player, names, register_prefix
from crib_stats.players import registry
from crib_stats.referee import SEATS, Game, play_game, validate

DEALER, PONE = SEATS
ROLE = {True: "dealer", False: "pone"}


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_greedy_throws_as_the_naive_exact_objective_with_its_tie_rule(variant):
    """The discard of both seats on 40 seeded deals against reference.board_choose (every throw
    by exact Fractions through discard.evaluate, the written tie rule)."""
    for seed in range(40):
        g = Game(variant, seed, 0)
        for seat in SEATS:
            v = g.view(seat)
            _, thrown = reference.board_choose([c.code for c in v.hand], ROLE[v.dealer], variant)
            assert sorted(c.code for c in GreedyPlayer().discard(v)) == sorted(thrown), (seed, seat)


def points_of(deal: dict, j: int) -> list[str]:
    """The deal's points one by one as 'dealer' / 'pone', in the order the referee scored them
    (his heels, the play, the shows; the five-card 3 for last is the game's, not the deal's)."""
    dealer = deal["dealer"]
    out = ["dealer"] * deal["heels"]
    for p in deal["plays"]:
        out += [ROLE[p["by"] == dealer]] * p["points"]
    for s in deal["shows"]:
        out += [ROLE[s["whose"] in ("crib", dealer)]] * s["points"]
    return out


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_greedy_against_greedy_is_the_deal_models_deals(variant):
    """Deck 0 of a seed deals the deal model's deals 0, 1, 2 ... of that seed: every deal of a
    greedy game is the deal model's script point for point (a deal cut short by the end of the
    game, a prefix of it), with the same figures (his heels, each seat's play and hand, the crib)."""
    games = 0
    for seed in range(12):
        rec = play_game((GreedyPlayer(), GreedyPlayer()), seed, 0, variant)
        model = scripts(variant, seed, 0, len(rec["deals"]))
        for j, (deal, m) in enumerate(zip(rec["deals"], model)):
            want = [who for who, x in m["events"] for _ in range(x)]
            got = points_of(deal, j)
            if len(deal["shows"]) == 3:
                assert got == want, (seed, j)
                dealer = deal["dealer"]
                figures = {"heels": deal["heels"],
                           "peg_dealer": sum(p["points"] for p in deal["plays"] if p["by"] == dealer),
                           "peg_pone": sum(p["points"] for p in deal["plays"] if p["by"] != dealer),
                           "hand_pone": deal["shows"][0]["points"], "hand_dealer": deal["shows"][1]["points"],
                           "crib": deal["shows"][2]["points"]}
                assert figures == {k: m[k] for k in figures}, (seed, j)
            else:  # the last deal: the game ended in it
                assert j == len(rec["deals"]) - 1 and got == want[:len(got)], (seed, j)
        games += 1
    assert games == 12


def test_greedy_plays_the_naive_twins_ranks_and_the_lowest_suit():
    """Every play of greedy games against reference.greedy_twin (ranks 1..13), and of the cards
    of the rank it chose, always the lowest suit (clubs, diamonds, hearts, spades): read from the
    positions the record keeps."""
    for variant in ("six-card", "five-card"):
        for seed in range(6):
            rec = play_game((GreedyPlayer(), GreedyPlayer()), seed, 1, variant)
            for deal in rec["deals"]:
                if deal["starter"] is None:
                    continue
                dealer = deal["dealer"]
                pone = SEATS[1 - SEATS.index(dealer)]
                kept = {s: [reference.text_card(c)[0] for c in deal["hands"][s] if c not in deal["discards"][s]]
                        for s in SEATS}
                _, _, moves = reference.greedy_twin(kept[pone], kept[dealer], trace=True,
                                                    stop_at_go=variant == "five-card")
                played = [(0 if p["by"] == pone else 1, reference.text_card(p["card"])[0])
                          for p in deal["plays"] if "card" in p]
                assert played == moves[:len(played)]
                for d in deal["decisions"]:
                    if d["kind"] == "play":
                        card = Card.parse(d["card"])
                        legal = [Card.parse(c) for c in d["position"]["legal"]]
                        assert card in legal and all(c.suit >= card.suit for c in legal if c.rank == card.rank)


def test_the_random_player_is_reproducible_and_its_seed_matters():
    def game(a, b):
        rec = play_game((RandomPlayer(a), RandomPlayer(b)), 3, 5)
        for deal in rec["deals"]:
            for d in deal["decisions"]:
                d["seconds"] = None
        return json.dumps(rec)

    assert game(1, 2) == game(1, 2)
    assert game(1, 2) != game(1, 3)
    rec = json.loads(game(1, 2))
    assert validate(rec).result == rec["result"]


def test_the_random_player_is_uniform_over_throws_and_legal_cards():
    """15,000 discards of one six-card view: each of the C(6, 2) = 15 throws 1,000 times in
    expectation (sd sqrt(15,000 x 1/15 x 14/15) = 30.6): all within 5 sd; and the legal cards of
    one play view, equally often."""
    g = Game("six-card", 0, 0)
    v = g.view(PONE)
    p = RandomPlayer(7)
    p.new_game(PONE, "six-card", 121, 1)
    counts = Counter(frozenset(p.discard(v)) for _ in range(15_000))
    assert set(counts) == {frozenset(t) for t in combinations(v.hand, 2)}
    assert all(abs(n - 1000) < 5 * 30.6 for n in counts.values()), counts
    g.apply(PONE, list(v.hand[:2]))
    g.apply(DEALER, list(g.view(DEALER).hand[:2]))
    lead = g.view(PONE)
    assert len(lead.legal) == 4
    counts = Counter(p.play(lead) for _ in range(8_000))  # 2,000 each, sd sqrt(8,000 x 3/16) = 38.7
    assert set(counts) == set(lead.legal) and all(abs(n - 2000) < 5 * 38.7 for n in counts.values())


def test_the_registry_makes_players_by_name():
    assert make_player("greedy").name == "greedy" and isinstance(make_player(" random ", seed=4), RandomPlayer)
    assert make_player("random", seed=4).seed == 4
    assert names() == ["greedy", "random", "points", "engine", "sloppy", "search", "search-points", "exec:COMMAND",
                       "search:N", "search-points:N"]
    with pytest.raises(PlayerError, match="unknown player 'nobody'; choose one of greedy, random, points, engine, sloppy, search, search-points, exec:COMMAND, search:N, search-points:N"):
        make_player("nobody")
    register_prefix("echo", lambda rest, seed: RandomPlayer(len(rest)))
    try:
        assert make_player("echo:abc").seed == 3 and "echo:COMMAND" in names()
        with pytest.raises(PlayerError, match="give the command after echo:"):
            make_player("echo:  ")
    finally:
        registry.PREFIXES.pop("echo")


@pytest.mark.slow  # over 2 s on 2 cores
@pytest.mark.parametrize("name", ["three-player", "four-player"])
def test_greedys_throw_with_three_or_four_players_is_discards_best_for_the_same_cards(name):
    """#50: greedy throws by the variant's objective: its throw's net is the greatest of
    ``crib-stats discard --variant``'s (``analyse``: E[hand] + E[crib] when the crib is its side's,
    E[hand] - E[crib] otherwise), for every seat of the first deals of a few games (a tie may go to
    other cards, never to a lower net)."""
    from crib_stats.discard.analysis import analyse

    checked = 0
    for deck in range(3):
        g = Game(name, 4, deck)
        while (turn := g.to_act()) is not None and turn.kind == "discard":
            view = g.view(turn.seat)
            thrown = set(GreedyPlayer().discard(view))
            a = analyse(view.hand, role=view.role, variant=name)
            net = {frozenset(t.throw): t.net_ev for t in a.throws}
            assert net[frozenset(thrown)] == a.best.net_ev, (deck, turn.seat, thrown)
            g.apply(turn.seat, tuple(thrown))
            checked += 1
    assert checked == 3 * (3 if name == "three-player" else 4)
