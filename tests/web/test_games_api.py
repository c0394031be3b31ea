"""The page's games (issue #33) through the API: whole games with every response scanned for a
card the rules have not shown, a game resumed by a new server from its record, the opponent
deciding in the pool (and thinking meanwhile), the hint against the command line's JSON, the
review against the command line's rankings and kept, a game against the engine.

The store and its migrations: tests/web/test_games_store.py; hostile input, concurrent
decisions and ten games at once: tests/web/test_games_hostile.py; the page in a browser:
tests/web/test_page_games.py."""

from __future__ import annotations

import json
import random
import re

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")

from fastapi.testclient import TestClient  # noqa: E402

from crib_stats.presentation.cli import main  # noqa: E402
from crib_stats.presentation.web import games_live, games_opponent, games_review, games_store  # noqa: E402
from crib_stats.presentation.web.app import create_app  # noqa: E402
from crib_stats.presentation.web.routes import discard as discard_routes, play as play_routes  # noqa: E402
from crib_stats.referee import Game, other, validate  # noqa: E402
from crib_stats.show.scoring import score  # noqa: E402

ASCII_CARD = re.compile(r"(?:a|[2-9]|10|j|q|k)[cdhs]")
GLYPH_CARD = re.compile(r"(?:A|[2-9]|10|J|Q|K)[♣♦♥♠]")


# ---------------------------------------------------------------------------------------------
# what the rules have shown a seat, from the final record alone
# ---------------------------------------------------------------------------------------------


def shown_to(record: dict, seat: str, t: int) -> dict[int, set[str]]:
    """{deal: the cards of that deal the rules have shown ``seat``} once the first ``t``
    decisions of the game are made, read from the record's fields only: its own dealt cards,
    the starter once every seat has thrown, each card played (every card played is a decision, so
    the first m play decisions of a deal show its first m cards), and every show made once the
    deal's last decision is made (then the next deal has begun, or the game is over). With
    muggins the shows are claimed one by one: the first k shows once k claims are made, and
    the show ``seat`` is asked to claim (its hand, or its crib) while it is asked."""
    out, before = {}, 0
    deals = record["deals"]
    for j, deal in enumerate(deals):
        n = len(deal["decisions"])
        made = min(t - before, n)
        played = [p["card"] for p in deal["plays"] if "card" in p]
        cards = set(deal["hands"][seat]) | set(played[:sum(1 for d in deal["decisions"][:made] if d["kind"] == "play")])
        if sum(1 for d in deal["decisions"][:made] if d["kind"] == "discard") == len(deal["hands"]):
            cards.add(deal["starter"])
        if record.get("muggins"):
            claims = sum(1 for d in deal["decisions"][:made] if d["kind"] == "count")
            asked = made < n and deal["decisions"][made]["kind"] == "count" and deal["decisions"][made]["seat"] == seat
            cards |= {c for show in deal["shows"][:claims + asked] for c in show["cards"]}
        done = made == n and (j < len(deals) - 1 or record["result"] is not None)
        if done:
            cards |= {c for show in deal["shows"] for c in show["cards"]} | set(played)
        out[j] = cards
        if not done:
            break
        before += n
    return out


def card_strings(x, deal: int, found: list):
    """Every card-like string of a response, with the deal it belongs to (an event's or a
    review entry's own ``deal``, else the response's)."""
    if isinstance(x, str):
        if ASCII_CARD.fullmatch(x) or GLYPH_CARD.fullmatch(x):
            found.append((deal, x))
    elif isinstance(x, list):
        for v in x:
            card_strings(v, deal, found)
    elif isinstance(x, dict):
        here = x["deal"] if isinstance(x.get("deal"), int) else deal
        for v in x.values():
            card_strings(v, here, found)
    return found


def check_hidden(responses: list[tuple[int, int, str]], record: dict, seat: str, seed: int | None = None) -> int:
    """Every (decisions made, current deal, JSON text) response shows only cards the rules had
    shown ``seat`` by then, in ASCII, and not the seed; the number of cards checked."""
    checked = 0
    for t, deal, text in responses:
        shown = shown_to(record, seat, t)
        for j, c in card_strings(json.loads(text), deal, []):
            assert not GLYPH_CARD.fullmatch(c), f"a card not in ASCII: {c}"
            assert j in shown and c in shown[j], f"{c} of deal {j} sent after {t} decisions: {text[:300]}"
            checked += 1
        if seed is not None:
            assert not re.search(rf"\b{seed}\b", text), "the seed was sent before the end"
    return checked


def test_the_oracle_sees_what_the_rules_show():
    """shown_to by hand on a referee game: before the throws only the dealt cards; the starter
    after both throws; the cards played one by one; the opponent's hand and the crib after the
    shows, with the next deal's dealt cards."""
    g = Game("six-card", seed=5, deck=0)
    pone, dealer = "first_pone", "first_dealer"
    for seat in (pone, dealer):
        g.apply(seat, g.view(seat).hand[:2])
    n = 2
    while g.deal.index == 0 and not g.over:
        turn = g.to_act()
        g.apply(turn.seat, g.view(turn.seat).legal[0])
        n += 1
    assert not g.over
    rec = g.record()
    d = rec["deals"][0]
    mine = set(d["hands"][pone])
    assert shown_to(rec, pone, 0) == shown_to(rec, pone, 1) == {0: mine}
    assert shown_to(rec, pone, 2) == {0: mine | {d["starter"]}}
    played = [p["card"] for p in d["plays"] if "card" in p]
    assert shown_to(rec, pone, 3) == {0: mine | {d["starter"], played[0]}}
    assert shown_to(rec, pone, n - 1)[0] == mine | {d["starter"]} | set(played[:-1])
    everything = set(d["hands"][pone]) | set(d["hands"][dealer]) | {d["starter"]}
    assert shown_to(rec, pone, n) == {0: everything, 1: set(rec["deals"][1]["hands"][pone])}


# ---------------------------------------------------------------------------------------------
# whole games through the API
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def quick_client(tmp_path):
    """An app on a file of the test's, no pool (greedy and random decide on the event loop)."""
    with TestClient(create_app(warm_kernels=False, db=tmp_path / "games.sqlite"), raise_server_exceptions=False) as c:
        yield c


def choose(g: dict, salt: str) -> tuple[str, dict]:
    """A uniformly random legal decision for view ``g``, a function of (salt, the decision's
    number): a game resumed elsewhere goes on with the same choices."""
    rng = random.Random(f"{salt}/{g['decision']}")
    ch = g["choices"]
    if g["to_act"] == "discard":
        return "discard", {"cards": rng.sample(ch["cards"], ch["throw"]), "decision": g["decision"]}
    if g["to_act"] == "count":  # muggins: the true count, or under or over it
        true = score(ch["cards"], ch["starter"], crib=ch["whose"] == "crib", variant=g["variant"]).total
        return "count", {"points": max(0, true + rng.choice((0, 0, -1, -2, 2))), "decision": g["decision"]}
    return "play", {"card": rng.choice(ch["cards"]), "decision": g["decision"]}


def play_through(c, body: dict | None, salt: str, log: list | None = None, stop_after: int | None = None,
                 g: dict | None = None) -> dict:
    """Play a game through the API (``c`` a TestClient) with :func:`choose`'s choices: a new
    one (``body``) or the one of view ``g``; every answer is appended to ``log`` as (decisions
    made, deal, text). Returns the last view."""
    if g is None:
        r = c.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        g, text = r.json(), r.text
    else:
        text = json.dumps(g)
    made = 0
    while True:
        if log is not None:
            log.append((g["decision"], g["view"]["deal"], text))
        if g["result"] is not None or (stop_after is not None and made >= stop_after):
            return g
        assert g["to_act"] in ("discard", "play", "count") and not g["thinking"], g
        kind, payload = choose(g, salt)
        r = c.post(f"/api/games/{g['id']}/{kind}", json=payload)
        assert r.status_code == 200, r.text
        g, text = r.json(), r.text
        made += 1


@pytest.mark.parametrize("variant,opponent,more", [("six-card", "random", {}), ("five-card", "greedy", {}),
                                                   ("five-card", "random", {}), ("six-card", "greedy", {}),
                                                   ("six-card", "random", {"target": 61, "muggins": True}),
                                                   ("five-card", "greedy", {"muggins": True}),
                                                   ("six-card", "greedy", {"target": 91})])
def test_whole_games_show_no_card_before_the_rules_do(quick_client, variant, opponent, more):
    c = quick_client
    log: list = []
    g = play_through(c, {"opponent": opponent, "variant": variant} | more, f"{variant}{opponent}{more}", log)
    gid, seat = g["id"], g["seat"]
    # every other endpoint on the way is scanned too: a view from the start of the log, the list
    log.append((g["decision"], g["view"]["deal"], c.get(f"/api/games/{gid}?since=0").text))
    assert card_strings(c.get("/api/games").json(), -1, []) == []
    record = c.get(f"/api/games/{gid}/record").json()
    game = validate(record)  # the referee replays it field for field
    assert record["players"][seat] == "human" and record["players"][other(seat)] == opponent
    assert {"you": game.scores[seat], "opponent": game.scores[other(seat)]} == g["view"]["scores"]
    assert g["result"]["scores"] == g["view"]["scores"]
    assert g["result"]["winner"] == ("you" if record["result"]["winner"] == seat else "opponent")
    assert max(g["result"]["scores"].values()) >= record["target"] == more.get("target", record["target"])
    assert record.get("muggins", False) == g["muggins"] == more.get("muggins", False)
    checked = check_hidden(log[:-1], record, seat, seed=record["seed"])
    checked += check_hidden(log[-1:], record, seat)  # the log from 0 after the end: the seed is in the record anyway
    assert checked > 100
    # every decision's events: a view's events run from the player's last decision
    assert all(e["deal"] >= 0 and e["by"] in ("you", "opponent", None) for e in g["events"])


def test_the_events_tell_the_play_and_the_shows(quick_client):
    c = quick_client
    g = play_through(c, {"opponent": "greedy", "variant": "six-card", "seed": 11, "seat": "first_dealer"}, "events")
    events = c.get(f"/api/games/{g['id']}?since=0").json()["events"]
    kinds = {e["kind"] for e in events}
    assert {"deal", "discard", "starter", "card", "go-said", "show", "game_over"} <= kinds
    shows = [e for e in events if e["kind"] == "show"]
    assert all(e["breakdown"]["total"] == e["points"] and e["whose"] in ("pone", "dealer", "crib") for e in shows)
    crib = next(e for e in shows if e["whose"] == "crib")
    assert len(crib["cards"]) == 4 and crib["card"]  # the crib's four cards and the starter
    assert [e["index"] for e in events] == list(range(len(events)))


@pytest.mark.slow  # over 2 s on 2 cores
def test_a_new_server_on_the_same_file_resumes_every_game(tmp_path):
    """A game stopped after 7 of the player's decisions is read back by another app on the same
    file and played on; its record is the record of the same game played without a stop (the
    opponent is made afresh for each decision, so it decides the same)."""
    body = {"opponent": "random", "variant": "six-card", "seed": 42, "seat": "first_pone"}
    db = tmp_path / "games.sqlite"
    with TestClient(create_app(warm_kernels=False, db=db)) as c:
        first = play_through(c, body, "resume", stop_after=7)
    with TestClient(create_app(warm_kernels=False, db=db)) as c:
        again = c.get(f"/api/games/{first['id']}").json()
        assert again == first  # the same view, the same events from the player's last decision
        play_through(c, None, "resume", g=again)
        resumed = c.get(f"/api/games/{first['id']}/record").json()
    with TestClient(create_app(warm_kernels=False, db=tmp_path / "other.sqlite")) as c:
        whole = play_through(c, body, "resume")
        straight = c.get(f"/api/games/{whole['id']}/record").json()
    assert without_seconds(resumed) == without_seconds(straight)
    assert sum(len(d["decisions"]) for d in straight["deals"]) > 20


def without_seconds(record: dict) -> dict:
    out = json.loads(json.dumps(record))
    for deal in out["deals"]:
        for d in deal["decisions"]:
            d["seconds"] = None
    return out


def test_the_scan_finds_a_card_or_the_seed_sent_too_early(quick_client):
    """The hidden-information check can fail: a response with one card of the opponent's hand,
    or the seed, added is caught."""
    c = quick_client
    log: list = []
    g = play_through(c, {"opponent": "greedy", "variant": "five-card"}, "leak", log)
    record = c.get(f"/api/games/{g['id']}/record").json()
    seat = g["seat"]
    theirs = record["deals"][0]["hands"][other(seat)]
    t, deal, text = log[0]
    leaked = json.loads(text)
    leaked["view"]["hand"].append(theirs[0])
    with pytest.raises(AssertionError, match=f"{theirs[0]} of deal 0 sent after {t} decisions"):
        check_hidden([(t, deal, json.dumps(leaked))], record, seat)
    with pytest.raises(AssertionError, match="the seed was sent"):
        check_hidden([(t, deal, text.replace('"problem": null', f'"problem": {record["seed"]}'))], record, seat,
                     seed=record["seed"])
    assert check_hidden(log[:1], record, seat, seed=record["seed"]) == len(card_strings(json.loads(text), 0, []))


def refused(r, status: int, text: str | None = None) -> str:
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert list(body) == ["error"] and "\n" not in body["error"] and "Traceback" not in r.text
    if text is not None:
        assert text in body["error"], body["error"]
    return body["error"]


# ---------------------------------------------------------------------------------------------
# the heavy pool: the opponent deciding in it, the hint, the review
# ---------------------------------------------------------------------------------------------

JOBS = {"discard": discard_routes.board_throws, "points": discard_routes.points_throws, "play": play_routes.advice}


@pytest.fixture(scope="module")
def pool_client(tmp_path_factory):
    """An app with its heavy pool warm, every opponent deciding in the pool (as the engine
    does): greedy there stands in for it, at a thousandth of its time."""
    app = create_app(db=tmp_path_factory.mktemp("pool") / "games.sqlite")
    with TestClient(app, raise_server_exceptions=False) as c:
        app.state.games = games_live.Games(app.state.games_db, app.state.heavy, JOBS, quick=())
        yield c


def cli_json(capsys, argv: list[str]) -> dict:
    capsys.readouterr()
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def role_flag(view: dict) -> str:
    return "--dealer" if view["dealer"] else "--pone"


@pytest.mark.slow  # over 2 s on 2 cores
def test_an_opponent_in_the_pool_thinks_then_decides_as_on_the_event_loop(pool_client, quick_client):
    body = {"opponent": "greedy", "variant": "five-card", "seed": 77, "seat": "first_dealer"}
    r = pool_client.post("/api/games?wait=0", json=body)
    g = r.json()
    assert r.status_code == 201 and g["thinking"] and g["to_act"] is None and g["choices"] is None
    g = pool_client.get(f"/api/games/{g['id']}?wait=30").json()
    assert not g["thinking"] and g["to_act"] == "discard"
    assert [e["kind"] for e in g["events"]] == ["deal", "first_deal_last", "discard"] and g["events"][-1]["by"] == "opponent"
    pooled = play_through(pool_client, None, "pool", g=g)
    inline = play_through(quick_client, body, "pool")
    assert without_seconds(pool_client.get(f"/api/games/{pooled['id']}/record").json()) == \
        without_seconds(quick_client.get(f"/api/games/{inline['id']}/record").json())


class GatedPool:
    """A heavy pool whose calls wait for the test to open the gate (then run here)."""

    def __init__(self):
        self.gate = None
        self.calls = 0

    async def run(self, fn, **kwargs):
        import asyncio

        if self.gate is None:
            self.gate = asyncio.Event()
        self.calls += 1
        await self.gate.wait()
        return fn(**kwargs)


def test_while_the_opponent_thinks_the_player_is_told_so_and_cannot_decide(tmp_path):
    """The opponent deciding in the pool (held there by the test): the view says thinking,
    a decision or a hint is 409, another game answers, and once it has decided the player is
    asked."""
    import asyncio

    async def scenario():
        heavy = GatedPool()
        games = games_live.Games(tmp_path / "g.sqlite", heavy, JOBS, quick=())
        live = await games.create("greedy", "six-card", 3, "first_dealer")
        other = await games.create("random", "five-card", 4, "first_pone")
        await asyncio.sleep(0.05)
        v = games.view(live)
        assert v["thinking"] and v["to_act"] is None and heavy.calls == 1
        with pytest.raises(games_live.Conflict, match="it is the opponent's turn to discard: wait for it"):
            await games.decide(live, "discard", v["view"]["hand"][:2], 0)
        with pytest.raises(games_live.Conflict, match="no decision of yours is asked now: the opponent is to decide"):
            await games.hint(live)
        await games.wait(live, 0.2)  # the time is up: still thinking
        assert games.view(live)["thinking"]
        hand = games.view(other)["choices"]["cards"]
        await games.decide(other, "discard", hand[:2], 0)  # another game goes on meanwhile
        heavy.gate.set()
        await games.wait(live, 10)
        v = games.view(live)
        assert not v["thinking"] and v["to_act"] == "discard" and v["decision"] == 1
        assert [e["kind"] for e in v["events"]] == ["deal", "discard"] and v["events"][1]["by"] == "opponent"
        assert len(live.waits) == 1
        await games.close()

    asyncio.run(scenario())


@pytest.mark.slow
def test_the_hint_is_what_the_command_line_prints_for_the_players_view(pool_client, capsys):
    c = pool_client
    g = c.post("/api/games", json={"opponent": "greedy", "seed": 21, "seat": "first_pone"}).json()
    h = c.get(f"/api/games/{g['id']}/hint")
    assert h.status_code == 200, h.text
    v = g["view"]
    expected = cli_json(capsys, ["discard", *v["hand"], role_flag(v), "--score", str(v["scores"]["you"]),
                                 str(v["scores"]["opponent"])])
    assert h.json() == {"id": g["id"], "decision": 0, "kind": "discard", "ranking": games_review.ascii_cards(expected)}
    assert h.json()["ranking"]["dealt"] == v["hand"]  # ASCII, as the view writes them
    best = h.json()["ranking"]["best_for_board"]["throw"]
    g = c.post(f"/api/games/{g['id']}/discard?wait=30", json={"cards": best}).json()
    assert g["to_act"] == "play"  # the pone leads
    refused(c.get(f"/api/games/{g['id']}/hint?wait=1"), 422)
    for _ in range(2):  # the lead, then the player's next card (after the dealer's)
        h = c.get(f"/api/games/{g['id']}/hint").json()
        v = g["view"]
        mine = [p["card"] for p in v["played"] if p["by"] == "you"]
        argv = ["advise", *v["hand"], *v["discard"], *mine, "--throw", *v["discard"], "--starter", v["starter"],
                role_flag(v), "--score", str(v["scores"]["you"]), str(v["scores"]["opponent"])]
        if v["played"]:
            argv += ["--played", *[p["card"] for p in v["played"]]]
        assert h == {"id": g["id"], "decision": g["decision"], "kind": "play",
                     "ranking": games_review.ascii_cards(cli_json(capsys, argv))}
        g = c.post(f"/api/games/{g['id']}/play?wait=30", json={"card": h["ranking"]["plays"][-1]["card"]}).json()
        if g["to_act"] != "play" or g["view"]["deal"] != 0:
            break
    while not g["thinking"] and g["result"] is None and g["to_act"] != "discard":
        kind, payload = choose(g, "hint")
        g = c.post(f"/api/games/{g['id']}/{kind}?wait=30", json=payload).json()


def test_the_review_of_a_deal_is_the_engines_rankings_and_is_kept(pool_client, capsys, tmp_path):
    c = pool_client
    g = c.post("/api/games", json={"opponent": "greedy", "variant": "five-card", "seed": 4, "seat": "first_pone"}).json()
    gid = g["id"]
    assert c.get(f"/api/games/{gid}/review").json()["decisions"] == []  # no deal is over yet
    while g["view"]["deal"] == 0 and g["result"] is None:
        kind, payload = choose(g, "review")
        g = c.post(f"/api/games/{gid}/{kind}?wait=30", json=payload).json()
    for _ in range(20):
        review = c.get(f"/api/games/{gid}/review?wait=30").json()
        if review["complete"]:
            break
    assert review["complete"] and review["pending"] == 0
    record = games_store.GameStore(c.app.state.games.store.path)
    try:
        stored = record.load(gid).record
    finally:
        record.close()
    mine = [d for d in stored["deals"][0]["decisions"] if d["seat"] == "first_pone"]
    entries = [e for e in review["decisions"] if e["deal"] == 0]
    assert [e["made"] for e in entries] == [d.get("cards", d.get("card")) for d in mine]
    for e, d in zip(entries, mine):
        pos = d["position"]
        if e["kind"] == "discard":
            j = cli_json(capsys, ["discard", *pos["hand"], "--pone", "--score", str(pos["scores"]["you"]),
                                  str(pos["scores"]["opponent"]), "--variant", "five-card"])
            options = [(games_review.ascii_cards(t["throw"]), t["p_win"]) for t in j["throws"]]
        elif len({c_[:-1] for c_ in pos["legal"]}) == 1:
            assert e["forced"] and e["p_win_lost"] == 0 and e["best"] == e["made"]
            continue
        else:
            done = [p["card"] for p in pos["played"] if p["by"] == "you"]
            argv = ["advise", *pos["hand"], *pos["discard"], *done, "--throw", *pos["discard"], "--starter",
                    pos["starter"], "--pone", "--score", str(pos["scores"]["you"]), str(pos["scores"]["opponent"]),
                    "--variant", "five-card"]
            if pos["played"]:
                argv += ["--played", *[p["card"] for p in pos["played"]]]
            j = cli_json(capsys, argv)
            options = [(games_review.ascii_cards(p["card"]), p["p_win"]) for p in j["plays"]]
        made = next(p for cards, p in options if sorted(cards) == sorted(e["made"]) or cards == e["made"])
        best_cards, best = max(options, key=lambda o: o[1])
        assert not e["forced"] and e["error"] is None
        assert (e["p_win_made"], e["p_win_best"]) == (made, best)
        assert e["p_win_lost"] == pytest.approx(best - made, abs=1e-15)
        # the engine's best: the first of greatest P(win), or the card made when it ties with it
        assert e["best"] == best_cards or (made == best and e["best"] == e["made"])
    deal0 = review["deals"][0]
    counted = [e for e in entries if not e["forced"]]
    assert deal0["deal"] == 0 and deal0["decisions"] == len(counted)
    assert deal0["p_win_lost"] == pytest.approx(sum(e["p_win_lost"] for e in counted))
    assert deal0["throws"] == 1 and deal0["throws_lost"] == entries[0]["p_win_lost"]
    # kept: asked again (here, then by another server on the same file), no ranking is computed
    calls = []
    for app in (c.app,):
        run = app.state.heavy.run

        async def counted_run(fn, **kw):
            calls.append(fn.__name__)
            return await run(fn, **kw)

        app.state.heavy.run = counted_run
        try:
            assert c.get(f"/api/games/{gid}/review").json() == review
        finally:
            app.state.heavy.run = run
    other_app = create_app(warm_kernels=False, db=c.app.state.games.store.path)
    with TestClient(other_app) as c2:
        run2 = other_app.state.heavy.run

        async def counted_run2(fn, **kw):
            calls.append(fn.__name__)
            return await run2(fn, **kw)

        other_app.state.heavy.run = counted_run2
        again = c2.get(f"/api/games/{gid}/review").json()
    assert calls == []
    assert again["decisions"] == review["decisions"] and again["deals"] == review["deals"]
    figures = c.get("/api/games").json()["figures"]
    assert figures["decisions_reviewed"] >= len(counted) and figures["throws_reviewed"] >= 1


@pytest.mark.slow
def test_a_game_against_the_engine(pool_client):
    """The engine through the API, the page's default opponent (issue #33): a five-card game to
    the end, every response scanned as above; the time each of its decisions took as the page
    saw it (from asking to written) is printed."""
    assert games_opponent.default_opponent() == "engine" and "engine" in games_opponent.opponents()
    c = pool_client
    assert c.get("/api/games").json()["default_opponent"] == "engine"
    log: list = []
    g = play_through(c, {"opponent": "engine", "variant": "five-card", "seat": "first_pone"}, "engine", log)
    record = c.get(f"/api/games/{g['id']}/record").json()
    validate(record)
    check_hidden(log, record, g["seat"], seed=None)
    waits = c.app.state.games.live[g["id"]].waits
    engine = [d["seconds"] for deal in record["deals"] for d in deal["decisions"] if d["seat"] != g["seat"]]
    print(f"\nengine: {len(engine)} decisions, its own time median {sorted(engine)[len(engine) // 2]:.3f} s; as the page "
          f"saw them median {sorted(waits)[len(waits) // 2]:.3f} s, max {max(waits):.3f} s")


# ---------------------------------------------------------------------------------------------
# an opponent that fails, and the review's arithmetic
# ---------------------------------------------------------------------------------------------


class Broken:
    """A player that fails as told: ``how`` is "failure" (it gives up: PlayerFailure), "illegal"
    (it answers a card it does not hold), or "error" (it cannot decide: a CribStatsError)."""

    name = "broken"

    def __init__(self, how: str):
        self.how = how

    def new_game(self, seat, variant, target, seed):
        pass

    def discard(self, view):
        from crib_stats.core.errors import CribStatsError
        from crib_stats.players import PlayerFailure

        if self.how == "failure":
            raise PlayerFailure("its program stopped")
        if self.how == "error":
            raise CribStatsError("advise: no hand the opponent could hold fits the play so far")
        return ["zz", "yy"]

    play = discard


@pytest.mark.parametrize("how", ["failure", "illegal", "error"])
def test_an_opponent_that_fails_forfeits_or_is_asked_again(quick_client, monkeypatch, how):
    from crib_stats.players import registry

    monkeypatch.setitem(registry.MAKERS, f"broken-{how}", lambda seed: Broken(how))
    c = quick_client
    c.get("/api/games")  # the app's games service is made on its first request
    c.app.state.games.quick = c.app.state.games.quick | {f"broken-{how}"}  # decides here, where it is registered
    g = c.post("/api/games", json={"opponent": f"broken-{how}", "seed": 1, "seat": "first_dealer"}).json()
    if how == "error":  # not the player's fault nor the opponent's rules: said, and asked again later
        assert g["problem"] == ("the opponent (broken-error) could not decide: advise: no hand the opponent could "
                                "hold fits the play so far") and not g["thinking"] and g["result"] is None
        refused(c.post(f"/api/games/{g['id']}/discard", json={"cards": g["view"]["hand"][:2]}), 409,
                "it is the opponent's turn")
        return
    assert g["result"]["winner"] == "you" and g["result"]["game_points"] == 2 and not g["result"]["skunk"]
    reason = g["result"]["forfeit"]
    assert reason.startswith(f"first_pone (broken-{how}): ")
    assert ("its program stopped" in reason) if how == "failure" else ("the first_pone's discard" in reason)
    record = c.get(f"/api/games/{g['id']}/record").json()
    assert validate(record).result["forfeit"] == reason


def test_the_reviews_arithmetic_by_hand():
    """The page's review of made-up decision reviews (crib_stats.match.review.DecisionReview): the
    decision made and the best, the P(win) given up, a forced play and a refused one counted
    apart, each deal's totals and the game's, the costliest. The figures: the throw 5h 6h made,
    qs kd best, P(win) 0.065 against 0.142 gives up 0.142 - 0.065 = 0.077, the 15th of 15; the
    card jd made, 7c best, 0.39 against 0.43 gives up 0.04, 2nd of 4; in deal 1 a card 0.5 against
    0.5 gives up nothing (the best, rank 1)."""
    from crib_stats.match.review import DecisionReview

    def review(deal, index, kind, made, best, p_made, p_best, rank, choices, forced=False, refused=None):
        return DecisionReview(
            deal=deal, index=index, seat="first_dealer", kind=kind, dealer=True, scores=(10, 20), count=0,
            sequence=(), hand=("7c", "jd", "qs", "kd"), made=made, best=best, p_win_made=p_made, p_win_best=p_best,
            p_win_made_se=0.001 if kind == "discard" else 0.0, p_win_best_se=0.001 if kind == "discard" else 0.0,
            given_up=0.0 if p_made is None else p_best - p_made, given_up_se=0.0, se_bound=False,
            p_win_error_bound=0.0, forced=forced, rank=rank, choices=choices,
            ev_made=None if kind == "discard" else -1.0, ev_best=None if kind == "discard" else 0.5,
            ev_made_exact=None if kind == "discard" else "-1/1", ev_best_exact=None if kind == "discard" else "1/2",
            refused=refused, method="by hand", posterior=None, note="", seconds=0.0)

    reviewed = [(0, review(0, 0, "discard", ("5h", "6h"), ("qs", "kd"), 0.065, 0.142, 15, 15)),
                (2, review(0, 2, "play", ("jd",), ("7c",), 0.39, 0.43, 2, 4)),
                (4, review(0, 4, "play", ("kd",), ("kd",), None, None, 1, 1, forced=True)),
                (6, review(0, 6, "play", ("7c",), ("7c",), None, None, 1, 1,
                           refused="advise: no hand the opponent could hold fits the play so far")),
                (9, review(1, 1, "play", ("qs",), ("qs",), 0.5, 0.5, 1, 2))]
    r = games_review.summary(reviewed)
    throw, card, forced, refused_, tied = r["decisions"]
    assert (throw["made"], throw["best"], throw["rank"], throw["choices"]) == (["5h", "6h"], ["qs", "kd"], 15, 15)
    assert throw["p_win_lost"] == pytest.approx(0.077) and throw["decision"] == 0 and throw["deal"] == 0
    assert (throw["p_win_se"], throw["best_se"]) == (0.001, 0.001)
    assert (card["made"], card["best"], card["rank"], card["p_win_lost"]) == ("jd", "7c", 2, pytest.approx(0.04))
    assert forced["forced"] and forced["p_win_lost"] == 0 and forced["best"] == "kd" and forced["p_win_made"] is None
    assert refused_["error"].startswith("advise: no hand")
    assert refused_["p_win_lost"] is None and refused_["best"] is None
    assert tied["p_win_lost"] == 0 and tied["rank"] == 1 and tied["deal"] == 1
    game = r["game"]
    assert (game["decisions"], game["throws"], game["cards"], game["forced"], game["refused"], game["best"]) == \
        (3, 1, 2, 1, 1, 1)
    assert game["p_win_lost"] == pytest.approx(0.077 + 0.04) and game["throws_lost"] == pytest.approx(0.077)
    assert [d["deal"] for d in r["deals"]] == [0, 1] and r["deals"][0]["decisions"] == 2
    assert r["deals"][1] | {"deal": 0} != r["deals"][0] and r["deals"][1]["best"] == 1
    assert r["costliest"] == [0, 2]


def test_the_reviews_throw_ranking_is_discard_scores_default():
    from crib_stats.game import throws

    assert (games_review.THROW_SEED, games_review.THROW_ACCURACY) == (throws.DEFAULT_SEED, throws.DEFAULT_ACCURACY)
