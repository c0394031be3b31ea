"""Three players and four in partnership on the page's API (issue #54): whole games with every
response scanned for a card the rules have not shown the player's seat (the three-player crib
card from the pack and the partner's hand included), the table told from the player's seat,
the final scores against the record the referee replays, the hint (the command line's rankings:
by the seat's P(win) for the three-player throw and the side's for the four-player throw, the points now for
a card) and the review (the four-player throw valued, the rest said not valued), the running
figures (a partnership's win is the player's, the counting of muggins games) and bad input."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")

from test_games_api import (card_strings, check_hidden, play_through, quick_client, refused,  # noqa: E402,F401
                            without_seconds)
from test_games_hostile import state_of  # noqa: E402

from fastapi.testclient import TestClient  # noqa: E402

from crib_stats.presentation.cli import main  # noqa: E402
from crib_stats.presentation.web.app import create_app  # noqa: E402
from crib_stats.referee import validate  # noqa: E402

ROUND = {3: ["left", "right"], 4: ["left", "partner", "right"]}


@pytest.fixture
def thread_client(tmp_path):
    """An app whose heavy jobs (the hint, the review) run in threads of the test's process:
    the same jobs, without starting and warming worker processes."""
    with TestClient(create_app(warm_kernels=False, heavy="thread", db=tmp_path / "games.sqlite"),
                    raise_server_exceptions=False) as c:
        yield c


def whole_game(c, body: dict, salt: str) -> tuple[dict, dict, list]:
    log: list = []
    g = play_through(c, body, salt, log)
    log.append((g["decision"], g["view"]["deal"], c.get(f"/api/games/{g['id']}?since=0").text))
    record = c.get(f"/api/games/{g['id']}/record").json()
    return g, record, log


@pytest.mark.slow  # whole games of three and four players: a few seconds
@pytest.mark.parametrize("body", [
    {"variant": "three-player", "target": 61, "opponents": ["greedy", "random"]},
    {"variant": "three-player", "target": 61, "opponents": ["random", "greedy"], "muggins": True, "seat": "first_right"},
    {"variant": "four-player", "opponents": ["greedy", "random", "greedy"], "seat": "east"},
    {"variant": "four-player", "opponents": ["random", "greedy", "random"], "muggins": True}])
def test_whole_games_of_three_and_four_show_no_card_before_the_rules_do(quick_client, body):
    c = quick_client
    g, record, log = whole_game(c, body, json.dumps(body))
    seat, n = g["seat"], len(record["seats"])
    game = validate(record)  # the referee replays it field for field
    if "seat" in body:
        assert seat == body["seat"]
    # the table: you first, then clockwise from your left, with the players asked for in that order
    table = g["table"]
    assert [t["who"] for t in table] == ["you"] + ROUND[n]
    assert [t["player"] for t in table] == ["you"] + body["opponents"]
    at = record["seats"].index(seat)
    assert [t["seat"] for t in table] == [record["seats"][(at + k) % n] for k in range(n)]
    assert all(record["players"][t["seat"]] == ("human" if t["who"] == "you" else t["player"]) for t in table)
    # the result by side, as the record's referee has it
    side_who = {t["side"]: t["side_who"] for t in table}
    assert g["result"]["scores"] == {side_who[s]: score for s, score in game.scores.items()}
    assert g["result"]["winner"] == side_who[record["result"]["winner"]]
    if n == 4:
        assert set(g["result"]["scores"]) == {"us", "them"}
        assert {t["side_who"] for t in table if t["who"] in ("you", "partner")} == {"us"}
    # every event says its seat from yours, and the side that scored with its score after
    events = json.loads(log[-1][2])["events"]
    assert {e["by"] for e in events} <= {"you", *ROUND[n]}
    scored = [e for e in events if e["points"]]
    assert scored and all(e["score"] == e["scores"][next(t["side"] for t in table if t["who"] == e["by"])]
                          for e in scored)
    checked = check_hidden(log[:-1], record, seat, seed=record["seed"])
    assert checked > 100
    assert card_strings(c.get("/api/games").json(), -1, []) == []


def test_a_partner_s_hand_and_the_pack_s_crib_card_are_not_sent(quick_client):
    """The oracle itself on four players: a partner's dealt cards are not shown to the player
    before the shows, and the three-player crib card is never shown before the crib is."""
    c = quick_client
    g = c.post("/api/games", json={"variant": "four-player", "opponents": ["greedy"] * 3, "seat": "north",
                                   "seed": 3}).json()
    assert g["to_act"] == "discard" and len(g["view"]["hand"]) == 5
    rec_partner = "south"
    # the partner's cards: dealt from the same seed, kept off every answer until the shows
    g2, record, _ = whole_game(c, {"variant": "four-player", "opponents": ["greedy"] * 3, "seat": "north",
                                   "seed": 3}, "partner")
    partner = set(record["deals"][0]["hands"][rec_partner])
    sent = {card for _, card in card_strings(g, 0, [])}
    assert sent == set(g["view"]["hand"]) and not partner & sent
    three = c.post("/api/games", json={"variant": "three-player", "opponents": ["greedy", "greedy"], "seed": 8,
                                       "seat": "first_dealer"}).json()
    _, rec3, _ = whole_game(c, {"variant": "three-player", "opponents": ["greedy", "greedy"], "seed": 8,
                                "seat": "first_dealer"}, "crib")
    assert rec3["deals"][0]["crib_card"] not in {card for _, card in card_strings(three, 0, [])}


@pytest.mark.parametrize("body,error", [
    ({"variant": "three-player", "opponent": "greedy"}, "give opponents"),
    ({"variant": "six-card", "opponents": ["greedy"]}, "opponents is for three or four players"),
    ({"variant": "four-player", "opponents": ["greedy", "greedy"]}, "lists 3 players, not 2"),
    ({"variant": "three-player", "opponents": ["greedy", "nobody"]}, "unknown opponent 'nobody'"),
    ({"variant": "three-player", "seat": "north"}, "three-player has no seat 'north'"),
    ({"variant": "four-player", "target": 61}, "four-player game is played to 121, not 61"),
    ({"variant": "four-player", "opponents": ["exec:/bin/sh", "greedy", "greedy"]}, "unknown opponent"),
    # #51: the search plays two hands only (and the page offers it only there: seat_opponents)
    ({"variant": "three-player", "opponents": ["greedy", "search"]},
     "games: opponent: search plays the two-player games only, not three-player"),
    ({"variant": "four-player", "opponents": ["search-points", "greedy", "greedy"]}, "not four-player")])
def test_a_game_asked_wrongly_is_refused_in_one_line(quick_client, body, error):
    before = quick_client.get("/api/games").json()["figures"]["games"]
    refused(quick_client.post("/api/games", json=body), 400, error)
    assert quick_client.get("/api/games").json()["figures"]["games"] == before  # nothing written


def test_the_listing_offers_each_game_the_players_who_play_it(quick_client):
    listing = quick_client.get("/api/games").json()
    by = listing["seat_opponents"]
    assert by["2"] == listing["opponents"] and "search" in by["2"]
    for n in ("3", "4"):
        assert "search" not in by[n] and "search-points" not in by[n] and "greedy" in by[n] and "engine" in by[n]


def test_the_hint_with_three_players_is_the_command_line_s_for_the_board(thread_client, capsys):
    c = thread_client
    g = c.post("/api/games", json={"variant": "three-player", "opponents": ["greedy", "greedy"], "seed": 21,
                                   "seat": "first_left"}).json()
    while g["to_act"] != "discard":
        g = c.get(f"/api/games/{g['id']}", params={"wait": 5}).json()
    h = c.get(f"/api/games/{g['id']}/hint").json()
    assert h["kind"] == "discard"
    v = g["view"]
    seats = v["seats"]
    i = seats.index(g["seat"])
    where = ("left", "right", "dealer")[(i - seats.index(v["dealer"]) - 1) % 3]
    role = "--dealer" if where == "dealer" else "--pone"
    scores = [v["scores"][seats[(i + k) % 3]] for k in range(3)]  # yours, on your left, on your right
    assert main(["discard", *v["hand"], role, "--variant", "three-player", "--seat", where, "--score",
                 *map(str, scores), "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert [t["p_win"] for t in h["ranking"]["throws"]] == [t["p_win"] for t in cli["throws"]]
    assert h["ranking"]["score"] == cli["score"] and h["ranking"]["score"]["seat"] == where


def test_the_hint_for_a_card_with_three_or_four_is_the_points_now(quick_client):
    """A card's hint with no board: each card that fits with the points it pegs now, the
    engine's (greedy's) card first, and the rule said."""
    from crib_stats.model.play import card_points
    from crib_stats.core.cards import parse

    c = quick_client
    g = play_through(c, {"variant": "four-player", "opponents": ["greedy"] * 3, "seed": 5, "seat": "west"}, "hint",
                     stop_after=1)
    while g["to_act"] != "play":
        g = play_through(c, None, "hint", g=g, stop_after=1)
    h = c.get(f"/api/games/{g['id']}/hint").json()
    assert h["kind"] == "points-now" and "greedy" in h["ranking"]["model"]
    plays = h["ranking"]["plays"]
    assert sorted(p["card"] for p in plays) == sorted(g["choices"]["cards"])
    ranks = [x.rank for x in parse(g["view"]["sequence"])]
    for p in plays:
        assert p["points"] == card_points(ranks + [parse(p["card"])[0].rank])[0]
    assert plays[0]["engine"] and sum(p["engine"] for p in plays) == 1
    assert plays[0]["points"] == max(p["points"] for p in plays)  # greedy takes the most points now


@pytest.mark.slow  # the four-player throw's P(win) is sampled to the page's accuracy: a few seconds
def test_the_four_player_throw_s_hint_and_review_are_its_board_s(thread_client, capsys):
    c = thread_client
    g = c.post("/api/games", json={"variant": "four-player", "opponents": ["greedy"] * 3, "seed": 9,
                                   "seat": "north"}).json()
    while g["to_act"] != "discard":
        g = c.get(f"/api/games/{g['id']}", params={"wait": 5}).json()
    h = c.get(f"/api/games/{g['id']}/hint").json()
    assert h["kind"] == "discard"
    v = g["view"]
    where = {0: "left", 1: "partner", 2: "right", 3: "dealer"}[
        (v["seats"].index(g["seat"]) - v["seats"].index(v["dealer"]) - 1) % 4]
    role = "--dealer" if where in ("dealer", "partner") else "--pone"
    assert main(["discard", *v["hand"], role, "--variant", "four-player", "--seat", where, "--score", "0", "0",
                 "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert [t["p_win"] for t in h["ranking"]["throws"]] == [t["p_win"] for t in cli["throws"]]
    # play the first deal through; its review values the throw and says why the cards are not
    first = play_through(c, None, "review", g=g, stop_after=1)
    while first["view"]["deal"] == 0 and first["result"] is None:
        first = play_through(c, None, "review", g=first, stop_after=1)
    r = c.get(f"/api/games/{g['id']}/review", params={"wait": 30}).json()
    assert r["complete"]
    throws = [e for e in r["decisions"] if e["kind"] == "discard"]
    cards = [e for e in r["decisions"] if e["kind"] == "play"]
    assert len(throws) == 1 and throws[0]["p_win_made"] is not None and throws[0]["error"] is None
    assert 0 <= throws[0]["p_win_lost"] <= 1
    assert cards and all(e["p_win_lost"] is None and "no board for the play with four players" in e["error"] for e in cards
                         if not e["forced"])
    assert r["game"]["decisions"] <= 1  # only the valued throw counts in the totals


def test_a_partnership_s_win_is_the_player_s_in_the_running_figures(quick_client):
    c = quick_client
    g, record, _ = whole_game(c, {"variant": "four-player", "opponents": ["greedy", "random", "greedy"],
                                  "seed": 14, "seat": "south", "muggins": True}, "figures")
    listing = c.get("/api/games").json()
    row = next(r for r in listing["games"] if r["id"] == g["id"])
    assert row["winner"] == g["result"]["winner"] and set(row["scores"]) == {"us", "them"}
    won = record["result"]["winner"] == "north_south"
    assert listing["figures"]["won"] == int(won) and listing["figures"]["finished"] == 1
    counting = listing["figures"]["counting"]
    mine = [s for d in record["deals"] for s in d["shows"]
            if s["whose"] == "south" or (s["whose"] == "crib" and d["dealer"] == "south")]
    assert counting["games"] == 1 and counting["shows"] == len(mine)
    assert counting["right"] == sum(s["claimed"] == s["points"] for s in mine)
    assert counting["points_missed"] == sum(max(0, s["points"] - s["claimed"]) for s in mine)
    assert 0 <= counting["accuracy"] <= 1
    assert listing["seats"]["four-player"] == ROUND[4] and "three-player" in listing["variants"]


def test_with_four_an_illegal_a_replayed_or_an_out_of_turn_decision_is_409_and_changes_nothing(quick_client):
    c = quick_client
    g = c.post("/api/games", json={"variant": "four-player", "opponents": ["greedy"] * 3, "seed": 6,
                                   "seat": "west"}).json()
    gid = g["id"]
    assert g["to_act"] == "discard" and g["choices"]["throw"] == 1
    before = state_of(c, gid)
    refused(c.post(f"/api/games/{gid}/discard", json={"cards": g["choices"]["cards"][:2]}), 409, "throw")
    refused(c.post(f"/api/games/{gid}/play", json={"card": g["choices"]["cards"][0]}), 409,
            "the decision asked is your discard, not a play")
    assert state_of(c, gid) == before
    good = {"cards": g["choices"]["cards"][:1], "decision": g["decision"]}
    after = c.post(f"/api/games/{gid}/discard", json=good)
    assert after.status_code == 200
    moved = state_of(c, gid)
    refused(c.post(f"/api/games/{gid}/discard", json=good), 409)  # the same decision sent twice
    assert state_of(c, gid) == moved


def test_the_referee_s_refusals_name_the_other_seats_by_where_they_sit():
    from crib_stats.presentation.web.games_table import your_words
    from crib_stats.presentation.web.games_table import of_variant

    t = of_variant("four-player", "west")
    assert your_words("it is not the north's turn: the east's card is asked, then the south's", t) == (
        "it is not your left-hand opponent's turn: your partner's card is asked, then your right-hand opponent's")
    assert your_words("the west's hand holds no 5h", t) == "your hand holds no 5h"


@pytest.mark.slow  # three servers on files of the test's
@pytest.mark.parametrize("body", [
    {"variant": "four-player", "opponents": ["random", "greedy", "random"], "seed": 31, "seat": "south"},
    {"variant": "three-player", "target": 61, "opponents": ["greedy", "random"], "seed": 32, "seat": "first_left",
     "muggins": True}])
def test_a_new_server_on_the_same_file_resumes_a_game_of_three_or_four(tmp_path, body):
    """Stopped after 9 of the player's decisions and read back by another app on the same file,
    the game goes on to the record of the same game played without a stop (each computer seat's
    player is made afresh for each decision, from the record's names)."""
    db = tmp_path / "games.sqlite"
    with TestClient(create_app(warm_kernels=False, db=db)) as c:
        first = play_through(c, body, "resume", stop_after=9)
    with TestClient(create_app(warm_kernels=False, db=db)) as c:
        again = c.get(f"/api/games/{first['id']}").json()
        assert again == first and again["table"] == first["table"]
        play_through(c, None, "resume", g=again)
        resumed = c.get(f"/api/games/{first['id']}/record").json()
    with TestClient(create_app(warm_kernels=False, db=tmp_path / "other.sqlite")) as c:
        whole = play_through(c, body, "resume")
        straight = c.get(f"/api/games/{whole['id']}/record").json()
    assert without_seconds(resumed) == without_seconds(straight)
