"""The "Play a game" tab in a real browser (issue #33 item 4): whole games played by keyboard alone
and by pointer, with uniformly random legal choices, in both variants, to the end, the scores on
the page equal to the record replayed by the referee; the thinking state while the opponent
decides (held in its pool by the test); a server killed with SIGKILL mid-game and started again
on the same file resumes the game in the browser. Every stage is screenshot at 1280 and 375 px
into a folder of the test's (printed), and the README's pictures into docs/web-games-*.png.

Debian's Chromium driven by Playwright, as tests/web/test_page.py (its browser fixture);
the opponents are random and greedy (the engine is played through the API in
tests/web/test_games_api.py), so a game takes seconds."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from children import sigint_default

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")
pytest.importorskip("playwright.sync_api", reason="playwright (the test extra)")
# a server and Chromium: make test runs these, make test-fast does not
pytestmark = pytest.mark.slow

from test_page import DESKTOP, PHONE, browser, save_for_the_manual  # noqa: E402,F401  (the fixture)
from test_games_api import GatedPool  # noqa: E402

from crib_stats.presentation.web import games_live  # noqa: E402
from crib_stats.presentation.web.app import create_app  # noqa: E402
from crib_stats.presentation.web.command import BackgroundServer  # noqa: E402
from crib_stats.referee import other, validate  # noqa: E402

READY = "() => { const g = document.querySelector('#g-game'); return g && !g.hidden && g.getAttribute('aria-busy') === 'false'; }"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # one heavy worker: the page is the subject, not the pool's bounds
    with BackgroundServer(create_app(db=tmp_path_factory.mktemp("games") / "games.sqlite", heavy_workers=1)) as s:
        yield s


def open_page(browser, base: str, viewport: dict, touch: bool = False, allow=()):  # noqa: F811
    """A page and the list of its problems (script errors, console errors but ``allow``'s, a
    request to another host)."""
    context = browser.new_context(viewport=viewport, has_touch=touch, device_scale_factor=1)
    pg = context.new_page()
    pg.set_default_timeout(120_000)
    problems = []
    pg.on("pageerror", lambda e: problems.append(f"script error: {e}"))
    pg.on("console", lambda m: problems.append(f"console: {m.text}")
          if m.type == "error" and not any(re.search(a, m.text) for a in allow) else None)
    pg.on("request", lambda r: None if r.url.startswith(base + "/") or r.url.startswith("data:")
          else problems.append(f"a request elsewhere: {r.url}"))
    return context, pg, problems


def fetch_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def tab_to(pg, test: str, limit: int = 60) -> None:
    """Tab (then Shift+Tab) until ``test`` holds for the focused element."""
    for key in ("Tab", "Shift+Tab"):
        for _ in range(limit):
            if pg.evaluate(f"(() => {{ const e = document.activeElement; return !!e && ({test}); }})()"):
                return
            pg.keyboard.press(key)
    raise AssertionError(f"the keyboard never reached {test}")


def state(pg) -> dict:
    return pg.evaluate("""() => { const g = document.querySelector('#g-game');
        return { decision: +document.querySelector('#g-board').dataset.decision, toAct: g.dataset.toAct,
                 over: !document.querySelector('#g-end').hidden, deal: +g.dataset.deal }; }""")


def pick(pg, cards: list[str], keyboard: bool) -> None:
    """Press each card of the hand: Tab to it and Space, or click it."""
    for c in cards:
        if keyboard:
            tab_to(pg, f"e.dataset.card === '{c}'")
            pg.keyboard.press("Space")
        else:
            pg.click(f'#g-hand [data-card="{c}"]')


def press(pg, button: str, keyboard: bool) -> None:
    """Press the button of that id: Tab to it and Enter, or click it."""
    if keyboard:
        tab_to(pg, f"e.id === '{button}'")
        pg.keyboard.press("Enter")
    else:
        pg.click(f"#{button}")


def decide(pg, rng: random.Random, keyboard: bool) -> None:
    """One random legal decision, by keyboard or by pointer; returns once the next is asked."""
    pg.wait_for_function(READY)
    before = state(pg)
    legal = pg.eval_on_selector_all('#g-hand .g-card[aria-disabled="false"]', "bs => bs.map(b => b.dataset.card)")
    assert legal, before
    if before["toAct"] == "discard":
        picks = rng.sample(legal, 2)
        pick(pg, picks, keyboard)
        assert all(pg.get_attribute(f'#g-hand [data-card="{c}"]', "aria-pressed") == "true" for c in picks)
        press(pg, "g-throw", keyboard)
    else:
        pick(pg, [rng.choice(legal)], keyboard)  # Space plays a card as Enter does
    pg.wait_for_function(f"() => +document.querySelector('#g-board').dataset.decision > {before['decision']}")
    pg.wait_for_function(READY)


def shot(pg, folder: Path, name: str, docs: str | None = None) -> None:
    pg.wait_for_timeout(150)
    path = folder / f"{name}.png"
    pg.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    if docs:
        save_for_the_manual(pg, f"web-games-{docs}.png")
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= pg.viewport_size["width"], f"{name}: the page is {width} px wide"


def final_scores_match_the_record(pg, base: str) -> dict:
    gid = re.search(r"game=([0-9a-f]{16})", pg.url).group(1)
    record = fetch_json(f"{base}/api/games/{gid}/record")
    game = validate(record)  # replayed by the referee, every field compared
    seat = next(s for s, name in record["players"].items() if name == games_live.HUMAN)
    shown = {side: int(pg.get_attribute(f'.g-score[data-side="{side}"]', "data-score")) for side in ("you", "opponent")}
    assert shown == {"you": game.scores[seat], "opponent": game.scores[other(seat)]}
    assert max(shown.values()) >= record["target"]
    winner = "You win" if record["result"]["winner"] == seat else "The opponent wins"
    assert pg.inner_text("#g-result").startswith(winner)
    return record


def new_game_by(pg, opponent: str, variant: str, keyboard: bool, target: int | None = None) -> None:
    """A new game from the form (to the variant's first target unless ``target``)."""
    pg.wait_for_selector(f'#g-opponent option[value="{opponent}"]', state="attached")
    if keyboard:
        tab_to(pg, "e.id === 'g-opponent'")
        pg.keyboard.type(opponent[:3])  # a select's type-ahead
        tab_to(pg, "e.id === 'g-variant'")
        pg.keyboard.type(variant[:2])
        assert pg.input_value("#g-opponent") == opponent and pg.input_value("#g-variant") == variant
        if target is not None:
            tab_to(pg, "e.id === 'g-target'")
            pg.keyboard.type(str(target)[0])  # 121, 91, 61: each its own first digit
    else:
        pg.select_option("#g-opponent", opponent)
        pg.select_option("#g-variant", variant)
        if target is not None:
            pg.select_option("#g-target", str(target))
    assert target is None or pg.input_value("#g-target") == str(target)
    press(pg, "g-go", keyboard)
    pg.wait_for_function(READY)


@pytest.mark.slow
# to 91 against greedy, who scores more than random: a shorter game (random plays the page to its end in the
# killed-server test below)
@pytest.mark.parametrize("how,variant,target,opponent,width", [("keyboard", "six-card", 91, "greedy", "phone"),
                                                               ("pointer", "five-card", None, "greedy", "desktop")])
def test_a_whole_game_on_the_page(browser, server, tmp_path, how, variant, target, opponent, width):  # noqa: F811
    keyboard = how == "keyboard"
    viewport = DESKTOP if width == "desktop" else PHONE
    docs = width == "desktop"
    folder = tmp_path / f"web-games-{how}-{width}"
    folder.mkdir()
    context, pg, problems = open_page(browser, server.url, viewport)
    rng = random.Random(f"{how}{variant}")
    pg.goto(server.url + f"/?tab=games&gseed={len(variant) + (how == 'keyboard')}")  # the same game each run
    shot(pg, folder, "1-new-game")
    new_game_by(pg, opponent, variant, keyboard, target)
    assert "game=" in pg.url and pg.get_attribute("#tab-games", "aria-selected") == "true"
    # the first throw: two cards picked, the hint asked for (by the same means)
    assert state(pg)["toAct"] == "discard"
    press(pg, "g-hint-go", keyboard)
    pg.wait_for_selector("#g-hint table")
    best = pg.get_attribute("#g-hint tr.best", "data-throw").split()
    assert len(best) == 2 and all(pg.locator(f'#g-hand [data-card="{c}"]').count() == 1 for c in best)
    pick(pg, best, keyboard)
    shot(pg, folder, "2-throw-with-hint", "throw" if docs else None)
    made = state(pg)["decision"]
    press(pg, "g-throw", keyboard)
    pg.wait_for_function(f"() => +document.querySelector('#g-board').dataset.decision > {made}")
    pg.wait_for_function(READY)
    assert pg.locator("#g-hint table").count() == 0  # a hint is for its decision only
    shots = {"play": False, "deal": False}
    while not state(pg)["over"]:
        s = state(pg)
        if not shots["play"] and s["toAct"] == "play" and pg.locator("#g-theirs .cards span").count():
            shot(pg, folder, "3-the-play", "play" if docs else None)
            shots["play"] = True
        if not shots["deal"] and s["deal"] >= 1:
            # the first deal over: its shows, the crib last, and its review once computed
            pg.wait_for_selector('#g-deal-review .g-review[data-deal="0"][aria-busy="false"]', timeout=180_000)
            whose = pg.eval_on_selector_all("#g-shows .g-show", "ss => ss.map(s => s.dataset.whose)")
            assert whose in (["pone", "dealer", "crib"], ["pone", "dealer"], ["pone"], [])
            assert pg.locator("#g-deal-review tbody tr").count() >= 2  # the throw and a card at least
            shot(pg, folder, "4-a-deal-reviewed", "deal" if docs else None)
            shots["deal"] = True
        decide(pg, rng, keyboard)
    pg.wait_for_selector("#g-end:not([hidden])")
    record = final_scores_match_the_record(pg, server.url)
    assert target is None or record["target"] == target
    assert pg.get_attribute("#g-record", "href").endswith("/record")
    log = pg.eval_on_selector_all("#g-log li", "ls => ls.map(l => l.dataset.kind)")
    assert log[0] == "deal" and log[-1] == "game_over"
    if variant == "five-card":  # short: wait for the whole game's review
        pg.wait_for_selector('.g-game-review[aria-busy="false"]', timeout=240_000)
        reviewed = pg.locator(".g-game-review table").nth(1).locator("tbody tr").count()
        mine = sum(1 for d in record["deals"] for x in d["decisions"] if record["players"][x["seat"]] == "human")
        assert reviewed == mine
    shot(pg, folder, "5-game-over", "review" if docs else "phone")
    assert shots["play"] or variant == "five-card"
    context.close()
    assert problems == []
    print(f"\nscreenshots: {folder}")


def test_the_page_says_the_opponent_is_thinking_and_the_server_answers_meanwhile(browser, tmp_path):  # noqa: F811
    """The opponent held in its pool (by the test) after the player's throw: the page says it
    is thinking, the hand cannot be played, another request answers; once it decides, the
    player's card is asked."""
    app = create_app(warm_kernels=False, db=tmp_path / "g.sqlite")
    gated = GatedPool()
    with BackgroundServer(app) as s:
        context, pg, problems = open_page(browser, s.url, PHONE, touch=True)
        pg.goto(s.url + "/?tab=games&gseed=3")
        new_game_by(pg, "greedy", "six-card", keyboard=False)
        app.state.games.heavy = gated  # from now on the opponent decides in the gated "pool"
        app.state.games.quick = frozenset()
        hand = pg.eval_on_selector_all('#g-hand .g-card[aria-disabled="false"]', "bs => bs.map(b => b.dataset.card)")
        for c in hand[:2]:
            pg.click(f'#g-hand [data-card="{c}"]')
        pg.click("#g-throw")
        pg.wait_for_function("() => document.querySelector('#g-status').textContent.includes('is thinking')")
        assert pg.get_attribute("#g-game", "aria-busy") == "true"
        assert pg.eval_on_selector_all("#g-hand .g-card", "bs => bs.every(b => b.getAttribute('aria-disabled') === 'true')")
        quick = pg.evaluate("async () => (await (await fetch('/api/score?cards=5h+5c+5s+jd&starter=5d')).json()).total")
        assert quick == 29
        pg.emulate_media(reduced_motion="reduce")  # the spinner still: the same picture each run
        shot(pg, tmp_path, "thinking", "thinking")
        loop = app.state.games.loop
        loop.call_soon_threadsafe(lambda: gated.gate.set())
        pg.wait_for_function(READY)
        assert "Your" in pg.inner_text("#g-status")
        context.close()
    assert problems == []


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_serve(db: Path, port: int) -> subprocess.Popen:
    """``crib-stats serve --db DB --port PORT`` in a process of its own (SIGINT at its default),
    once it says it serves."""
    # one heavy worker, and no warm-up: the games' file is the subject, not the pool or the kernels
    proc = subprocess.Popen([sys.executable, "-m", "crib_stats", "serve", "--db", str(db), "--port", str(port),
                             "--heavy-workers", "1", "--no-warm"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=sigint_default)
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if "serving on" in line:
            return proc
    raise AssertionError("serve did not start: " + "".join(lines))


def stop_serve(proc: subprocess.Popen) -> None:
    """Ctrl-C to a server :func:`start_serve` started, killed if it has not stopped in a minute."""
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    if proc.stdout and not proc.stdout.closed:
        proc.stdout.close()


@pytest.mark.slow
def test_a_server_killed_mid_game_resumes_it_in_the_browser(browser, tmp_path):  # noqa: F811
    db, port = tmp_path / "games.sqlite", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_serve(db, port)
    try:
        down = (r"net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE)", r"Failed to fetch")
        context, pg, problems = open_page(browser, base, DESKTOP, allow=down)  # while the server is down
        pg.goto(base + "/?tab=games")
        new_game_by(pg, "random", "six-card", keyboard=False, target=61)  # the short game: resumed, then to the end
        rng = random.Random("killed")
        for _ in range(9):
            decide(pg, rng, keyboard=False)
        before = state(pg)
        hand = pg.eval_on_selector_all("#g-hand .g-card", "bs => bs.map(b => b.dataset.card)")
        scores = pg.inner_text(".g-scores")
        os.kill(proc.pid, signal.SIGKILL)  # no goodbye: whatever was committed is all there is
        proc.wait(timeout=30)
        proc.stdout.close()
        proc = start_serve(db, port)
        pg.reload()
        pg.wait_for_function(READY)
        assert state(pg) == before
        assert pg.eval_on_selector_all("#g-hand .g-card", "bs => bs.map(b => b.dataset.card)") == hand
        assert pg.inner_text(".g-scores") == scores
        while not state(pg)["over"]:
            decide(pg, rng, keyboard=False)
        final_scores_match_the_record(pg, base)
        shot(pg, tmp_path, "resumed-to-the-end")
        context.close()
        assert problems == []
    finally:
        stop_serve(proc)
        proc.stdout.close()
