"""Three players and four in partnership on the "Play a game" tab in a real browser (issue #54):
whole games by keyboard alone and by pointer, with random legal choices, to the end; the board's
lanes (you, left, right; your side and theirs) equal to the record the referee replays; the
cards each seat played on the felt; the hint of the throw (the seat's P(win) with three players, the side's with four) and for a card
(the points now); the four-player throw reviewed. Every stage is screenshot at 375 and 1280 px
into a folder of the test's (printed), and the manual's pictures into docs/web-games-three.png
and docs/web-games-four.png when they are asked for (make pictures).

The computer players are greedy and random (the engine is played through the API in
tests/web/test_games_multi_api.py), so a game takes seconds."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")
pytest.importorskip("playwright.sync_api", reason="playwright (the test extra)")
pytestmark = pytest.mark.slow  # a server and Chromium

from test_page import DESKTOP, PHONE, browser  # noqa: E402,F401  (the fixture)
from test_page_games import READY, fetch_json, open_page, pick, press, server, shot, state, tab_to  # noqa: E402,F401

from test_games_api import check_hidden  # noqa: E402

from crib_stats.presentation.web import games_live  # noqa: E402
from crib_stats.referee import validate  # noqa: E402

SEATS = {"three-player": ["left", "right"], "four-player": ["left", "partner", "right"]}


def new_game(pg, variant: str, target: int, players: list[str], keyboard: bool) -> None:
    """Choose the game, its target and each computer seat's player in the form, and start it."""
    pg.wait_for_selector('#g-opponent-left option[value="greedy"]', state="attached")
    if keyboard:
        tab_to(pg, "e.id === 'g-variant'")
        pg.keyboard.type({"three-player": "th", "four-player": "fo"}[variant])
        tab_to(pg, "e.id === 'g-target'")
        pg.keyboard.type(str(target))
        for who, name in zip(SEATS[variant], players):
            tab_to(pg, f"e.id === 'g-opponent-{who}'")
            pg.keyboard.type(name[:3])
    else:
        pg.select_option("#g-variant", variant)
        pg.select_option("#g-target", str(target))
        for who, name in zip(SEATS[variant], players):
            pg.select_option(f"#g-opponent-{who}", name)
    assert pg.input_value("#g-variant") == variant and pg.input_value("#g-target") == str(target)
    assert [pg.input_value(f"#g-opponent-{who}") for who in SEATS[variant]] == players
    assert pg.locator("#g-opponent").is_hidden()  # the two-player game's one opponent is not asked
    press(pg, "g-go", keyboard)
    pg.wait_for_function(READY)


def decide(pg, rng: random.Random, keyboard: bool) -> None:
    """One random legal decision (a throw of as many cards as the game throws, or a card)."""
    pg.wait_for_function(READY)
    before = state(pg)
    legal = pg.eval_on_selector_all('#g-hand .g-card[aria-disabled="false"]', "bs => bs.map(b => b.dataset.card)")
    assert legal, before
    if before["toAct"] == "discard":
        throw = int(pg.get_attribute("#g-game", "data-throw"))
        pick(pg, rng.sample(legal, throw), keyboard)
        press(pg, "g-throw", keyboard)
    else:
        pick(pg, [rng.choice(legal)], keyboard)
    pg.wait_for_function(f"() => +document.querySelector('#g-board').dataset.decision > {before['decision']}")
    pg.wait_for_function(READY)


def lanes(pg) -> dict:
    return pg.eval_on_selector_all(".g-score", "ss => Object.fromEntries(ss.map(s => [s.dataset.side, +s.dataset.score]))")


@pytest.mark.parametrize("how,variant,target,players,width", [
    ("keyboard", "three-player", 61, ["greedy", "random"], "phone"),
    ("pointer", "four-player", 121, ["random", "greedy", "greedy"], "desktop"),
    ("pointer", "three-player", 61, ["random", "random"], "desktop"),
    ("keyboard", "four-player", 121, ["greedy", "random", "random"], "phone")])
def test_a_whole_game_of_three_or_four_on_the_page(browser, server, tmp_path, how, variant, target, players,  # noqa: F811
                                                   width):
    keyboard = how == "keyboard"
    folder = tmp_path / f"web-games-{variant}-{how}-{width}"
    folder.mkdir()
    context, pg, problems = open_page(browser, server.url, DESKTOP if width == "desktop" else PHONE)
    answers = []  # every answer of the game's endpoints, scanned for a card the seat was not shown
    pg.on("response", lambda r: answers.append(r) if "/api/games/" in r.url and r.request.method in ("GET", "POST")
          and r.status == 200 else None)
    rng = random.Random(f"{how}{variant}")
    pg.goto(server.url + f"/?tab=games&gseed={7 + len(variant)}")  # the same game each run
    pg.wait_for_function("() => document.querySelector('#g-opponent').options.length > 0")
    offered = {who: pg.eval_on_selector_all(f"#{who} option", "os => os.map(o => o.value)")
               for who in ("g-opponent", "g-opponent-left", "g-opponent-partner", "g-opponent-right")}
    assert "search" in offered["g-opponent"]  # two hands: every player; a seat of three or four: not the search
    assert all("search" not in offered[w] and "engine" in offered[w] for w in offered if w != "g-opponent")
    new_game(pg, variant, target, players, keyboard)
    three = variant == "three-player"
    assert sorted(lanes(pg)) == (["left", "right", "you"] if three else ["them", "us"])
    # the first throw: one card, the hint's (the seat's P(win) with three players; the side's with four)
    assert state(pg)["toAct"] == "discard" and pg.get_attribute("#g-game", "data-throw") == "1"
    press(pg, "g-hint-go", keyboard)
    pg.wait_for_selector("#g-hint table", timeout=120_000)
    assert pg.get_attribute("#g-hint .g-hint", "data-kind") == "discard"
    best = pg.get_attribute("#g-hint tr.best", "data-throw").split()
    assert len(best) == 1
    pick(pg, best, keyboard)
    shot(pg, folder, "1-throw-with-hint")
    made = state(pg)["decision"]
    press(pg, "g-throw", keyboard)
    pg.wait_for_function(f"() => +document.querySelector('#g-board').dataset.decision > {made}")
    pg.wait_for_function(READY)
    seen = {"hint": False, "felt": False, "deal": False}
    while not state(pg)["over"]:
        s = state(pg)
        if not seen["hint"] and s["toAct"] == "play":
            press(pg, "g-hint-go", keyboard)
            pg.wait_for_selector('#g-hint .g-hint[data-kind="points-now"]')
            engine = pg.get_attribute("#g-hint tr.best", "data-card")
            assert pg.locator(f'#g-hand [data-card="{engine}"][aria-disabled="false"]').count() == 1
            shot(pg, folder, "2-a-card-with-hint")
            seen["hint"] = True
        others = [w for w in SEATS[variant] if pg.locator(f"#g-played-{w} .cards span").count()]
        if not seen["felt"] and s["toAct"] == "play" and len(others) >= 2:
            docs = variant.split("-")[0] if (variant, how) in (("three-player", "keyboard"), ("four-player", "pointer")) else None
            shot(pg, folder, "3-the-play", docs)  # the manual's web-games-three.png, -four.png
            seen["felt"] = True
        if not seen["deal"] and s["deal"] >= 1:
            whose = pg.eval_on_selector_all("#g-shows .g-show", "ss => ss.map(s => s.dataset.by)")
            # every hand and the crib, or none (the game ended in the play); yours among them
            assert len(whose) in (0, len(SEATS[variant]) + 2) and (not whose or "you" in whose)
            pg.wait_for_selector('#g-deal-review .g-review[data-deal="0"][aria-busy="false"]', timeout=180_000)
            shot(pg, folder, "4-a-deal-reviewed")
            seen["deal"] = True
        decide(pg, rng, keyboard)
    pg.wait_for_selector("#g-end:not([hidden])")
    gid = pg.url.split("game=")[1][:16]
    record = fetch_json(f"{server.url}/api/games/{gid}/record")
    game = validate(record)  # replayed by the referee, every field compared
    seat = next(s for s, name in record["players"].items() if name == games_live.HUMAN)
    view = fetch_json(f"{server.url}/api/games/{gid}")
    side_who = {t["side"]: t["side_who"] for t in view["table"]}
    assert lanes(pg) == {side_who[side]: n for side, n in game.scores.items()}
    assert max(lanes(pg).values()) >= target
    winner = side_who[record["result"]["winner"]]
    assert pg.inner_text("#g-result").startswith({"you": "You win", "us": "Your side wins", "them": "Their side wins",
                                                  "left": "Left wins", "right": "Right wins"}[winner])
    assert [record["players"][t["seat"]] for t in view["table"][1:]] == players and record["players"][seat] == "human"
    assert seen["hint"]
    log = []
    for r in answers:
        body = r.json()
        if "view" in body:  # a view: its decision number and deal
            log.append((body["decision"], body["view"]["deal"], r.text()))
        elif "decisions" in body and "deals_over" in body:  # a review: its entries carry their deals
            log.append((body["decision"], -1, r.text()))
    views = [x for x in log if x[1] >= 0]
    assert len(views) > 20
    assert check_hidden(log, record, seat) > 50
    shot(pg, folder, "5-game-over")
    context.close()
    assert problems == []
    print(f"\nscreenshots: {folder}")
