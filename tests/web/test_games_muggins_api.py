"""The page's games to 61 and 91 and with muggins through the API (issue #54): a game to 61 to
the end, a muggins game in which the test undercounts and overcounts on purpose (the points
mugged and the breakdown against the record the referee replays), the claim's 409s and 422s,
the refusals of a target or a muggins a variant does not take, the review's counting figures.
The leak scan over muggins games: tests/web/test_games_api.py."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")

from test_games_api import choose, play_through, quick_client, refused  # noqa: E402,F401  (a fixture)
from test_games_hostile import state_of  # noqa: E402

from crib_stats.referee import other, validate  # noqa: E402
from crib_stats.show.scoring import score  # noqa: E402


def true_count(g: dict) -> int:
    ch = g["choices"]
    return score(ch["cards"], ch["starter"], crib=ch["whose"] == "crib", variant=g["variant"]).total


def test_a_game_to_61_to_the_end(quick_client):
    c = quick_client
    g = play_through(c, {"opponent": "greedy", "variant": "six-card", "target": 61, "seed": 4}, "to61")
    record = validate(c.get(f"/api/games/{g['id']}/record").json()).record()
    assert record["target"] == g["target"] == g["view"]["target"] == 61 and not g["muggins"]
    seat = g["seat"]
    assert g["result"]["scores"] == {"you": record["result"]["scores"][seat],
                                     "opponent": record["result"]["scores"][other(seat)]}
    assert max(g["result"]["scores"].values()) >= 61 > min(g["result"]["scores"].values())
    assert g["result"]["skunk"] == (min(g["result"]["scores"].values()) < 31)  # 61's skunk line


def test_an_undercount_is_mugged_and_an_overcount_cut_as_the_record_says(quick_client):
    c = quick_client
    r = c.post("/api/games", json={"opponent": "greedy", "target": 61, "muggins": True, "seed": 8,
                                   "seat": "first_dealer"})
    assert r.status_code == 201, r.text
    g = r.json()
    claims = []  # (claim, true count, the answer's show event, its muggins event or None)
    while g["result"] is None:
        if g["to_act"] != "count":
            kind, body = choose(g, "mugged")
            r = c.post(f"/api/games/{g['id']}/{kind}", json=body)
            assert r.status_code == 200, r.text
            g = r.json()
            continue
        assert "breakdown" not in str(g["choices"]) and g["choices"]["whose"] in ("hand", "crib")
        true = true_count(g)
        # under, over, right in turn; an undercount of a show that scores, or it could not be
        claim = [max(0, true - 3), true + 2, true][len(claims) % 3]
        r = c.post(f"/api/games/{g['id']}/count", json={"points": claim, "decision": g["decision"]})
        assert r.status_code == 200, r.text
        g = r.json()
        mine = [e for e in g["events"] if e["kind"] == "show" and e["by"] == "you"]
        assert len(mine) == 1 and mine[0]["claimed"] == claim and mine[0]["breakdown"]["total"] == true
        after = g["events"][g["events"].index(mine[0]) + 1:]
        mugged = next((e for e in after if e["kind"] == "muggins"), None)
        claims.append((claim, true, mine[0], mugged))
    assert any(claim < true for claim, true, _, _ in claims) and any(claim > true for claim, true, _, _ in claims)
    record = validate(c.get(f"/api/games/{g['id']}/record").json()).record()
    recorded = [s for d in record["deals"] for s in d["shows"]
                if s["whose"] == g["seat"] or (s["whose"] == "crib" and d["dealer"] == g["seat"])]
    assert len(recorded) == len(claims)
    for (claim, true, shown, mugged), s in zip(claims, recorded):
        assert s["claimed"] == claim and s["points"] == true
        assert shown["points"] == min(claim, true)  # pegged: an overcount is cut to the count
        if claim < true:
            assert shown["missed"]["points"] == true - claim
            items = shown["breakdown"]["items"]
            assert shown["missed"]["items"] == [dict(i, say=m["say"]) for i, m in
                                                zip(items[len(items) - len(shown["missed"]["items"]):],
                                                    shown["missed"]["items"])]
            assert sum(i["points"] for i in shown["missed"]["items"]) >= true - claim
            if mugged is not None:  # (none when the owner's pegging ended the game)
                assert mugged["points"] == s["muggins"]["points"] == true - claim and mugged["by"] == "opponent"
                assert s["muggins"]["by"] == other(g["seat"])
        else:
            assert "missed" not in shown and mugged is None and s["muggins"] is None
    review = c.get(f"/api/games/{g['id']}/review").json()
    assert review["counting"] == {"shows": len(claims), "right": sum(cl == t for cl, t, _, _ in claims),
                                  "points_missed": sum(max(0, t - cl) for cl, t, _, _ in claims),
                                  "points_overclaimed": sum(max(0, cl - t) for cl, t, _, _ in claims)}


def test_a_claim_out_of_turn_replayed_or_malformed_changes_nothing(quick_client):
    c = quick_client
    g = c.post("/api/games", json={"opponent": "greedy", "muggins": True, "target": 61, "seed": 2}).json()
    gid = g["id"]
    before = state_of(c, gid)
    refused(c.post(f"/api/games/{gid}/count", json={"points": 2}), 409, "not a count")
    refused(c.post(f"/api/games/{gid}/muggins", json={"points": 2}), 409, "not a muggins")
    for body in ({"points": -1}, {"points": 30}, {"points": "2"}, {"points": 2.5}, {}, {"points": 2, "x": 1}):
        refused(c.post(f"/api/games/{gid}/count", json=body), 422)
    assert state_of(c, gid) == before
    while g["to_act"] != "count":  # to the first claim
        kind, body = choose(g, "409")
        g = c.post(f"/api/games/{gid}/{kind}", json=body).json()
    before = state_of(c, gid)
    refused(c.post(f"/api/games/{gid}/play", json={"card": g["choices"]["cards"][0]}), 409, "your count, not a play")
    refused(c.post(f"/api/games/{gid}/count", json={"points": 1, "decision": g["decision"] - 1}), 409, "sent twice")
    refused(c.get(f"/api/games/{gid}/hint"), 409, "counting is yours")
    assert state_of(c, gid) == before
    r = c.post(f"/api/games/{gid}/count", json={"points": true_count(g), "decision": g["decision"]})
    assert r.status_code == 200
    refused(c.post(f"/api/games/{gid}/count", json={"points": true_count(g), "decision": g["decision"]}), 409)
    # a game without muggins never asks a count
    plain = c.post("/api/games", json={"opponent": "greedy", "target": 91}).json()
    assert plain["target"] == 91 and plain["muggins"] is False
    refused(c.post(f"/api/games/{plain['id']}/count", json={"points": 0}), 409)


@pytest.mark.parametrize("body,status,text", [
    ({"target": 62}, 400, "games: the six-card game is played to 121, 91, 61, not 62"),
    ({"variant": "five-card", "target": 91}, 400, "games: the five-card game is played to 61, not 91"),
    ({"target": "61"}, 422, None), ({"target": True}, 422, None), ({"muggins": "yes"}, 422, None),
    ({"muggins": 1}, 422, None)])
def test_a_target_or_muggins_the_variant_does_not_take_is_refused(quick_client, body, status, text):
    c = quick_client
    refused(c.post("/api/games", json={"opponent": "greedy"} | body), status, text)
    assert c.get("/api/games").json()["games"] == []  # nothing made


def test_the_games_list_offers_each_variants_targets(quick_client):
    assert quick_client.get("/api/games").json()["targets"] == {"six-card": [121, 91, 61], "five-card": [61],
                                                                 "three-player": [121, 61], "four-player": [121]}


def test_a_sloppy_opponents_undercount_is_yours_to_call(quick_client):
    """sloppy claims its shows without flushes and nobs: you are asked to call what it missed
    (its cards shown with its claim), and peg what you call of it, as the record says."""
    c = quick_client
    g = c.post("/api/games", json={"opponent": "sloppy", "muggins": True, "target": 61, "seed": 5}).json()
    calls = []
    while g["result"] is None:
        if g["to_act"] == "muggins":
            ch = g["choices"]
            true = score(ch["cards"], ch["starter"], crib=ch["what"] == "crib", variant=g["variant"]).total
            assert ch["claimed"] < true and ch["whose"] == other(g["seat"])
            r = c.post(f"/api/games/{g['id']}/muggins", json={"points": true - ch["claimed"], "decision": g["decision"]})
            assert r.status_code == 200, r.text
            g = r.json()
            mugged = [e for e in g["events"] if e["kind"] == "muggins" and e["by"] == "you"]
            assert len(mugged) == 1 and mugged[0]["points"] == true - ch["claimed"]
            calls.append(true - ch["claimed"])
            continue
        kind, body = choose(g, "sloppy")
        if kind == "count":
            body["points"] = true_count(g)
        r = c.post(f"/api/games/{g['id']}/{kind}", json=body)
        assert r.status_code == 200, r.text
        g = r.json()
    record = validate(c.get(f"/api/games/{g['id']}/record").json()).record()
    theirs = [s["muggins"]["points"] for d in record["deals"] for s in d["shows"]
              if s["muggins"] and s["muggins"]["by"] == g["seat"]]
    assert calls and theirs == calls
