"""The page's games under hostile and heavy use (issue #33 item 4): unknown and malformed ids,
decisions the game does not take (another game's cards, out of turn, illegal, replayed),
malformed and huge bodies and parameters, all 4xx with one line and nothing changed; twelve
concurrent decisions for one game applied once; ten games at once while another client's plain
discards keep answering."""

from __future__ import annotations

import http.client
import json
import threading
from urllib.parse import urlencode

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")

from test_games_api import choose, play_through, quick_client, refused  # noqa: E402,F401  (a fixture)

from crib_stats.presentation.web import games_live, games_opponent, games_store  # noqa: E402
from crib_stats.presentation.web.app import create_app  # noqa: E402
from crib_stats.presentation.web.command import BackgroundServer  # noqa: E402
from crib_stats.referee import validate  # noqa: E402


def state_of(c, gid: str) -> tuple:
    """The game as stored and as shown (a refused request changes neither)."""
    view = c.get(f"/api/games/{gid}?since=0")
    assert view.status_code == 200
    store = games_store.GameStore(c.app.state.games.store.path)
    try:
        row = store.load(gid)
    finally:
        store.close()
    return view.text, row.record, row.decisions


def test_unknown_and_malformed_ids_are_404(quick_client):
    c = quick_client
    for gid in ("0123456789abcdef", "ABCDEF0123456789", "x" * 200, "..", "%2e%2e", "1 or 1=1", "0123456789abcde"):
        for method, path, body in (("GET", "", None), ("GET", "/hint", None), ("GET", "/review", None),
                                   ("GET", "/record", None), ("POST", "/discard", {"cards": ["5h", "6h"]}),
                                   ("POST", "/play", {"card": "5h"})):
            r = c.request(method, f"/api/games/{gid}{path}", json=body)
            if gid in ("..", "%2e%2e"):  # another path once the client resolves it: none of a game
                refused(r, r.status_code)
                assert r.status_code in (404, 405)
                continue
            line = refused(r, 404, "no game")
            assert len(line) < 120


def test_decisions_the_game_does_not_take_are_409_and_change_nothing(quick_client):
    c = quick_client
    a = c.post("/api/games", json={"opponent": "greedy", "seed": 1, "seat": "first_pone"}).json()
    b = c.post("/api/games", json={"opponent": "greedy", "seed": 2, "seat": "first_pone"}).json()
    before = state_of(c, b["id"])
    foreign = [x for x in a["choices"]["cards"] if x not in b["choices"]["cards"]]
    n = b["decision"]
    attempts = [
        ("discard", {"cards": foreign[:2]}, "you cannot throw"),  # another game's cards
        ("discard", {"cards": b["choices"]["cards"][:1]}, "you throw 2 cards in the six-card game, got 1"),
        ("discard", {"cards": b["choices"]["cards"][:3]}, "got 3"),
        ("discard", {"cards": [b["choices"]["cards"][0]] * 2}, "twice"),
        ("discard", {"cards": ["zz", "5h"]}, "your discard"),
        ("play", {"card": b["choices"]["cards"][0]}, "the decision asked is your discard, not a play"),
        ("discard", {"cards": b["choices"]["cards"][:2], "decision": n + 1}, f"decision {n + 1} is not the one asked"),
    ]
    for kind, body, words in attempts:
        line = refused(c.post(f"/api/games/{b['id']}/{kind}", json=body), 409, words)
        assert b["seat"] not in line  # said to the player: "you", not the seat's name
    assert state_of(c, b["id"]) == before
    # a decision made, then sent again: refused, applied once
    good = {"cards": b["choices"]["cards"][:2], "decision": n}
    assert c.post(f"/api/games/{b['id']}/discard", json=good).status_code == 200
    after = state_of(c, b["id"])
    refused(c.post(f"/api/games/{b['id']}/discard", json=good), 409, f"decision {n} is not the one asked")
    refused(c.post(f"/api/games/{b['id']}/discard", json={"cards": good["cards"]}), 409)
    assert state_of(c, b["id"]) == after
    assert after[2] == before[2] + 2  # the player's throw and the dealer's: the player (pone) is to lead
    refused(c.get(f"/api/games/{b['id']}/record"), 409, "once the game is over")


def test_malformed_bodies_and_parameters_are_4xx_and_change_nothing(quick_client):
    c = quick_client
    g = c.post("/api/games", json={"opponent": "random", "seed": 3, "seat": "first_pone"}).json()
    gid = g["id"]
    before = state_of(c, gid)
    url = f"/api/games/{gid}/discard"
    headers = {"Content-Type": "application/json"}
    refused(c.post(url, content=b"{not json", headers=headers), 422)
    refused(c.post(url, json={"cards": "5h 6h"}), 422)  # a list, not a string
    refused(c.post(url, json={"cards": ["5h", "6h"], "extra": 1}), 422)
    refused(c.post(url, json={"cards": ["5h"] * 9}), 422)
    refused(c.post(url, json={"cards": ["5h" * 20, "6h"]}), 422)
    refused(c.post(url, json={"cards": ["5h", "6h"], "decision": -1}), 422)
    refused(c.post(url, json=[1, 2]), 422)
    refused(c.post(url, content=json.dumps({"cards": ["5h", "6h"], "pad": "x" * 2000}), headers=headers), 413)
    refused(c.post(url + "?wait=99", json={"cards": g["choices"]["cards"][:2]}), 422)
    refused(c.post(url + "?colour=red", json={"cards": g["choices"]["cards"][:2]}), 422, "unknown parameter 'colour'")
    refused(c.post(url + "?wait=1&wait=2", json={"cards": g["choices"]["cards"][:2]}), 422, "given twice")
    refused(c.get(f"/api/games/{gid}?since=-1"), 422)
    refused(c.get(f"/api/games/{gid}/hint?x=1"), 422)
    assert state_of(c, gid) == before
    # a new game that cannot be: the opponent, the variant, the seed, the seat
    count = c.get("/api/games").json()["figures"]["games"]
    line = refused(c.post("/api/games", json={"opponent": "exec:rm -rf /"}), 400, "games: unknown opponent 'exec:")
    assert line.endswith(f"choose one of {', '.join(games_opponent.opponents())}")  # never a program a request names
    refused(c.post("/api/games", json={"opponent": "grredy"}), 400, "games: unknown opponent 'grredy'; choose one of")
    refused(c.post("/api/games", json={"variant": "four-player", "opponent": "greedy"}), 400, "give opponents")
    refused(c.post("/api/games", json={"variant": "nine-card"}), 400)
    refused(c.post("/api/games", json={"seed": -1}), 422)
    refused(c.post("/api/games", json={"seed": 2**63}), 422)
    refused(c.post("/api/games", json={"seat": "north"}), 400, "games: six-card has no seat 'north'")
    refused(c.post("/api/games", json={"seat": "n" * 21}), 422)
    refused(c.post("/api/games", json={"variant": "three-player", "opponents": ["greedy"] * 4}), 422)
    refused(c.post("/api/games", json={"opponent": "greedy", "rules": "mine"}), 422)
    assert c.get("/api/games").json()["figures"]["games"] == count


class Http:
    """A keep-alive JSON client over http.client (one per thread), answering as TestClient does
    (status_code, text, json())."""

    class Answer:
        def __init__(self, status: int, text: str):
            self.status_code, self.text = status, text

        def json(self):
            return json.loads(self.text)

    def __init__(self, url: str):
        host, _, port = url.removeprefix("http://").partition(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=300)

    def request(self, method: str, path: str, json_body=None) -> "Http.Answer":
        body = None if json_body is None else json.dumps(json_body)
        headers = {} if body is None else {"Content-Type": "application/json"}
        self.conn.request(method, path, body=body, headers=headers)
        r = self.conn.getresponse()
        return Http.Answer(r.status, r.read().decode())

    def post(self, path: str, json=None):
        return self.request("POST", path, json)

    def get(self, path: str):
        return self.request("GET", path)

    def close(self) -> None:
        self.conn.close()


def test_concurrent_decisions_for_one_game_are_applied_once(tmp_path):
    """Twelve clients send their decisions for one game at the same moment (the same throw,
    other throws, with and without the decision's number): one is applied, eleven are 409."""
    with BackgroundServer(create_app(warm_kernels=False, db=tmp_path / "g.sqlite")) as s:
        c = Http(s.url)
        g = c.post("/api/games", {"opponent": "greedy", "seed": 8, "seat": "first_pone"}).json()
        cards = g["choices"]["cards"]
        bodies = [{"cards": cards[:2], "decision": 0}, {"cards": cards[:2]}, {"cards": cards[2:4], "decision": 0},
                  {"cards": cards[4:6]}] * 3
        barrier = threading.Barrier(len(bodies))
        answers = [None] * len(bodies)

        def send(i):
            client = Http(s.url)
            client.get(f"/api/games/{g['id']}")  # connected before the barrier
            barrier.wait()
            answers[i] = client.post(f"/api/games/{g['id']}/discard?wait=0", bodies[i])
            client.close()

        threads = [threading.Thread(target=send, args=(i,)) for i in range(len(bodies))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(a.status_code for a in answers) == [200] + [409] * (len(bodies) - 1)
        winner = next(i for i, a in enumerate(answers) if a.status_code == 200)
        g2 = c.get(f"/api/games/{g['id']}?wait=10").json()
        mine = [e for e in g2["events"] if e["kind"] == "discard" and e["by"] == "you"]
        assert len(mine) == 1
        assert sorted(g2["view"]["discard"]) == sorted(bodies[winner]["cards"])
        c.close()
    store = games_store.GameStore(tmp_path / "g.sqlite")
    record = store.load(g["id"]).record
    store.close()
    assert [d["seat"] for d in record["deals"][0]["decisions"]][:2] == ["first_pone", "first_dealer"]
    assert sum(1 for d in record["deals"][0]["decisions"] if d["seat"] == "first_pone" and d["kind"] == "discard") == 1
    validate(record)


@pytest.mark.slow
def test_ten_games_at_once_while_another_clients_discards_keep_answering(tmp_path):
    """Ten whole games (greedy and random, both variants) played at once through the API, and
    meanwhile a client asking for plain six-card discards: every answer 200, every game to its
    end, each record replayed by the referee to the scores the page showed. (How fast they
    answer is printed, not asserted.)"""
    from studies import web_load as load

    with BackgroundServer(create_app(warm_kernels=False, db=tmp_path / "g.sqlite")) as s:
        Http(s.url).get("/api/discard?" + urlencode({"cards": "5h 6h 7c jd qs kd", "role": "pone"}))  # warm
        finals, errors = {}, []
        done = threading.Event()

        def player(i):
            c = Http(s.url)
            try:
                body = {"opponent": ("greedy", "random")[i % 2], "variant": ("six-card", "five-card")[i // 2 % 2]}
                finals[i] = play_through(c, body, f"ten{i}")
            except Exception as exc:  # noqa: BLE001 (reported below)
                errors.append(repr(exc))
            finally:
                c.close()

        discards = []

        def discarder():
            c = Http(s.url)
            deals = load.random_deals(10_000, 1)
            k = 0
            while not done.is_set():
                a = c.get("/api/discard?" + urlencode({"cards": deals[k % len(deals)], "role": ("pone", "dealer")[k % 2]}))
                discards.append(a.status_code if a.status_code != 200 or len(a.json()["throws"]) == 15 else -1)
                k += 1
            c.close()

        import time

        d = threading.Thread(target=discarder)
        d.start()
        start = time.perf_counter()
        games = [threading.Thread(target=player, args=(i,)) for i in range(10)]
        for t in games:
            t.start()
        for t in games:
            t.join()
        wall = time.perf_counter() - start
        n_during = len(discards)
        done.set()
        d.join()
        assert errors == []
        assert len(finals) == 10 and all(g["result"] is not None for g in finals.values())
        assert n_during > 0 and set(discards) == {200}
        c = Http(s.url)
        for g in finals.values():
            record = c.get(f"/api/games/{g['id']}/record").json()
            game = validate(record)
            assert game.scores[g["seat"]] == g["view"]["scores"]["you"]
        listing = c.get("/api/games").json()
        assert listing["figures"]["finished"] == 10
        c.close()
        print(f"\nten games in {wall:.1f} s; {n_during} plain discards answered meanwhile")
