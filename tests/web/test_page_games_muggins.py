"""A muggins game to 61 on the page (issue #54), by keyboard alone: New game's target and
muggins chosen, each of the player's shows counted in the number field (focused; Enter claims),
one undercounted on purpose; the breakdown and the points mugged, with the missed combinations
named, against the record the referee replays; the final scores and the review's counting
figures likewise. Screenshots at 1280 and 375 px into the test's own folder (printed).

Debian's Chromium driven by Playwright, as tests/web/test_page_games.py; the opponent is greedy
(it claims every show right and calls every point missed)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")
pytest.importorskip("playwright.sync_api", reason="playwright (the test extra)")
pytestmark = pytest.mark.slow

from test_page import DESKTOP, PHONE, browser  # noqa: E402,F401  (the fixture)
from test_page_games import (READY, decide, fetch_json, final_scores_match_the_record, open_page, shot,  # noqa: E402
                             state, tab_to)

from crib_stats.presentation.web.app import create_app  # noqa: E402
from crib_stats.presentation.web.command import BackgroundServer  # noqa: E402
from crib_stats.show.scoring import score  # noqa: E402


def test_a_muggins_game_to_61_by_keyboard(browser, tmp_path):  # noqa: F811
    folder = tmp_path / "web-games-muggins"
    folder.mkdir()
    with BackgroundServer(create_app(warm_kernels=False, db=tmp_path / "g.sqlite", heavy_workers=1)) as server:
        context, pg, problems = open_page(browser, server.url, DESKTOP)
        pg.goto(server.url + "/?tab=games&gseed=21")  # the same game each run
        pg.wait_for_selector('#g-opponent option[value="greedy"]', state="attached")
        assert pg.eval_on_selector_all("#g-target option", "os => os.map(o => o.value)") == ["121", "91", "61"]
        tab_to(pg, "e.id === 'g-opponent'")
        pg.keyboard.type("gre")
        tab_to(pg, "e.id === 'g-target'")
        pg.keyboard.type("6")
        tab_to(pg, "e.id === 'g-muggins'")
        pg.keyboard.press("Space")
        assert (pg.input_value("#g-opponent"), pg.input_value("#g-target"), pg.is_checked("#g-muggins")) == (
            "greedy", "61", True)
        tab_to(pg, "e.id === 'g-go'")
        pg.keyboard.press("Enter")
        pg.wait_for_function(READY)
        gid = pg.url.split("game=")[1][:16]
        rng = random.Random("muggins")
        claims = []  # (claimed, true count, mugged on the page)
        while not state(pg)["over"]:
            s = state(pg)
            if s["toAct"] != "count":
                decide(pg, rng, True)
                continue
            # the count asked: the field focused, no breakdown of this show on the page yet
            assert pg.evaluate("document.activeElement.id") == "g-points"
            ch = fetch_json(f"{server.url}/api/games/{gid}")["choices"]
            true = score(ch["cards"], ch["starter"], crib=ch["whose"] == "crib", variant="six-card").total
            under = not any(c < t for c, t, _ in claims) and true >= 2
            claim = true - 2 if under else true
            if under:
                shot(pg, folder, "1-your-count-asked")
            pg.keyboard.type(str(claim))
            pg.keyboard.press("Enter")
            pg.wait_for_function(f"() => +document.querySelector('#g-board').dataset.decision > {s['decision']}")
            pg.wait_for_function(READY)
            counted = pg.locator(".g-counted")
            assert int(counted.get_attribute("data-claimed")) == claim
            assert int(counted.get_attribute("data-total")) == true
            mugged = int(counted.get_attribute("data-mugged"))
            text = pg.inner_text(".g-counted .g-verdict")
            if under:
                assert "you missed" in text or "mugs" in text
                assert any(w in text for w in ("fifteen", "pair", "run", "flush", "nobs")) and " with " in text
                shot(pg, folder, "2-mugged")
                pg.set_viewport_size(PHONE)
                shot(pg, folder, "2-mugged-phone")
                pg.set_viewport_size(DESKTOP)
            else:
                assert text.startswith("You counted") and mugged == 0
            claims.append((claim, true, mugged))
        record = final_scores_match_the_record(pg, server.url)
        assert record["target"] == 61 and record["muggins"] is True
        seat = record["players"] and next(s for s, n in record["players"].items() if n == "human")
        mine = [x for d in record["deals"] for x in d["shows"]
                if x["whose"] == seat or (x["whose"] == "crib" and d["dealer"] == seat)]
        assert [(x["claimed"], x["points"]) for x in mine] == [(c, t) for c, t, _ in claims]
        assert [(x["muggins"] or {"points": 0})["points"] for x in mine] == [m for _, _, m in claims]
        assert any(c < t and m == t - c for c, t, m in claims), claims  # the undercount mugged
        pg.wait_for_selector("#g-counting .g-counting")  # the view's counting figures (the review's too)
        line = pg.locator("#g-counting .g-counting")
        assert (int(line.get_attribute("data-shows")), int(line.get_attribute("data-right")),
                int(line.get_attribute("data-missed"))) == (
            len(claims), sum(c == t for c, t, _ in claims), sum(max(0, t - c) for c, t, _ in claims))
        shot(pg, folder, "3-game-over")
        pg.set_viewport_size(PHONE)
        shot(pg, folder, "3-game-over-phone")
        context.close()
        # the page's last long poll of the review (up to 20 s) is not waited for: the server stops now
        server.server.force_exit = True
        assert problems == []
    print(f"\nscreenshots: {folder}")
