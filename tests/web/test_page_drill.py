"""The "Counting" tab in a real browser (issue #54 items 3 and 7): at 1280 and 375 px, a drill
answered right by the keyboard alone (Tab to the tabs, End to the last, the count typed into the
focused field, Enter; Enter on Next deals again) and one answered wrong by the pointer; the right
count is the scorer's for the cards the page shows, the page's verdict and breakdown are the
server's, and its figures follow GET /api/drill. Each stage is screenshot into a folder of the
test's (printed).

Debian's Chromium driven by Playwright, as tests/web/test_page.py (its browser fixture and its
checks of a page: no script or console error, no request elsewhere, nothing wider than the
window)."""

from __future__ import annotations

import json
import urllib.request

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")
pytest.importorskip("playwright.sync_api", reason="playwright (the test extra)")
# a server and Chromium: make test runs these, make test-fast does not
pytestmark = pytest.mark.slow

from test_page import DESKTOP, PHONE, browser, checked_page  # noqa: E402,F401  (the fixture)

from crib_stats.presentation.web.app import create_app  # noqa: E402
from crib_stats.presentation.web.command import BackgroundServer  # noqa: E402
from crib_stats.show.scoring import score  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # the drill needs no kernel and no heavy worker: nothing is warmed
    with BackgroundServer(create_app(warm_kernels=False, heavy_workers=1,
                                     db=tmp_path_factory.mktemp("drill") / "games.sqlite")) as s:
        yield s


def figures(server) -> dict:
    with urllib.request.urlopen(server.url + "/api/drill", timeout=30) as r:
        return json.loads(r.read())


def dealt(pg) -> tuple[str, str, str]:
    """The drill the page shows, once dealt and focused: (what, cards, starter) as the page writes them."""
    pg.wait_for_function("() => { const b = document.querySelector('#d-deal-box'); const p = document.querySelector('#d-points');"
                         " return b && !b.hidden && !p.disabled && document.activeElement === p; }")
    what = pg.text_content("#d-cards-label").strip().lower()
    return what, pg.text_content("#d-cards").strip(), pg.text_content("#d-starter").strip()


def answered(pg, right: bool, count: int, before: int) -> None:
    """The verdict shown (right or not, naming the count) and the figures' drills one more."""
    pg.wait_for_selector(f"#d-result .d-answer[data-right={'true' if right else 'false'}]")
    pg.wait_for_function(f"() => +document.querySelector('#d-figures').dataset.answered === {before + 1}")
    verdict = pg.text_content("#d-verdict")
    assert (f"Right: {count}." if right else f"the count is {count}") in verdict, verdict


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "375"])
def test_a_drill_counted_right_by_keyboard_and_wrong_by_pointer(browser, server, viewport, tmp_path):  # noqa: F811
    folder = tmp_path / "screenshots"
    folder.mkdir()
    shot = lambda name: pg.screenshot(path=str(folder / f"{viewport['width']}-{name}.png"), full_page=True)  # noqa: E731
    with checked_page(browser, server, viewport) as pg:
        pg.goto(server.url + "/")
        start = figures(server)["answered"]
        # the keyboard alone: Tab to the tabs, End to the last ("Counting"), which deals and focuses the count
        for _ in range(10):
            if pg.evaluate("document.activeElement && document.activeElement.getAttribute('role') === 'tab'"):
                break
            pg.keyboard.press("Tab")
        pg.keyboard.press("End")
        assert pg.get_attribute("#tab-drill", "aria-selected") == "true" and "tab=drill" in pg.url
        what, cards, starter = dealt(pg)
        assert what == "hand" and len(cards.split()) == 4
        shot("1-dealt")
        b = score(cards, starter, crib=what == "crib")
        pg.keyboard.type(str(b.total))
        pg.keyboard.press("Enter")
        answered(pg, True, b.total, start)
        items = pg.locator("#d-items li")
        assert items.count() == max(1, len(b.fifteen_sets) + len(b.pair_sets) + len(b.run_sets) + bool(b.flush) + bool(b.nobs))
        # the cards drawn in their suits' colours (hearts and diamonds red)
        colours = pg.evaluate("[...document.querySelectorAll('#d-cards span[class$=l]')].map(s => [s.className, getComputedStyle(s).color])")
        assert colours and all((c == "rgb(255, 179, 179)") == (k in ("hl", "dl")) for k, c in colours), colours
        assert pg.evaluate("document.activeElement.id") == "d-next"
        shot("2-right")
        f = figures(server)
        assert f["answered"] == start + 1 and pg.get_attribute("#d-figures", "data-right") == str(f["right"])
        assert f"{f['right']} right of {f['answered']}" in pg.text_content("#d-summary")

        # the settings by pointer (a crib of the five-card game, hard), then a wrong count by pointer
        pg.select_option("#d-what", "crib")
        pg.select_option("#d-variant", "five-card")
        pg.check("#d-hard")
        pg.click("#d-deal")
        what, cards, starter = dealt(pg)
        assert what == "crib" and len(cards.split()) == 4 and "dwhat=crib" in pg.url and "dhard=1" in pg.url
        b = score(cards, starter, crib=True, variant="five-card")
        assert b.total >= 12 or len(b.fifteen_sets) >= 4 or len(b.run_sets) >= 2  # hard
        wrong = b.total - 2
        pg.click("#d-points")
        pg.fill("#d-points", str(wrong))
        pg.click("#d-go")
        answered(pg, False, b.total, start + 1)
        assert "missed" in pg.text_content("#d-verdict")
        shot("3-wrong")
        f = figures(server)
        assert f["answered"] == start + 2 and f["right"] == int(pg.get_attribute("#d-figures", "data-right"))
        assert pg.locator("#d-missed tbody tr").count() >= 5

        # Next by the keyboard deals again, the count focused
        pg.focus("#d-next")
        pg.keyboard.press("Enter")
        what, cards, starter = dealt(pg)
        assert what == "crib"
        shot("4-next")
    print(f"\nscreenshots: {folder}")
