"""The page of ``crib-stats serve`` in a real browser: Debian's Chromium (/usr/bin/chromium)
driven headless by Playwright, against the app served by uvicorn on a free loopback port in a
thread. No browser is ever downloaded: ``make test`` installs Chromium with apt-get when it can;
these tests skip only where no Chromium exists outside CI (in CI they fail instead).

They also save the README's screenshots, docs/web-desktop.png and docs/web-phone.png."""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (the test extra)")
# a server and Chromium: make test runs these, make test-fast does not
pytestmark = pytest.mark.slow

from crib_stats.discard.analysis import analyse  # noqa: E402
from crib_stats.presentation.cli import main  # noqa: E402
from crib_stats.presentation.web.app import create_app  # noqa: E402
from crib_stats.presentation.web.command import BackgroundServer  # noqa: E402
from crib_stats.show.scoring import score  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def save_for_the_manual(pg, name: str) -> None:
    """The page as it is now, saved as the manual's picture ``docs/NAME`` when the pictures are
    asked for (``make pictures``: ``CRIB_STATS_PICTURES=1``); otherwise nothing: the suite writes
    nothing into the checkout."""
    if os.environ.get("CRIB_STATS_PICTURES") == "1":
        pg.screenshot(path=str(ROOT / "docs" / name), full_page=True)
CHROMIUM = "/usr/bin/chromium"
# headless, as root, and quiet: no update checks, sync, metrics or other background traffic
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-default-apps", "--no-first-run", "--disable-domain-reliability",
                 "--disable-breakpad", "--disable-client-side-phishing-detection", "--no-pings",
                 "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}
DEAL = "5h 6h 7c jd qs kd"


@pytest.fixture(scope="module")
def server():
    with BackgroundServer(create_app(heavy_workers=1)) as s:  # one heavy worker: the page is the subject
        yield s


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is missing: apt-get install -y chromium (make test does it)"
        if os.environ.get("CI"):
            pytest.fail(message)  # CI installs it: a missing browser is a broken run, not a skip
        pytest.skip(message)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@contextmanager
def checked_page(browser, server, viewport: dict, touch: bool = False):
    """A fresh page; afterwards: no script error, no console error (a CSP violation is one) but
    the failed loads of refused requests, no request to any host but the server, and nothing
    wider than the window."""
    context = browser.new_context(viewport=viewport, has_touch=touch)
    pg = context.new_page()
    pg.set_default_timeout(120_000)
    problems, requests = [], []
    pg.on("pageerror", lambda e: problems.append(f"script error: {e}"))
    pg.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    pg.on("request", lambda r: requests.append(r.url))
    pg.base = server.url
    pg.width = viewport["width"]
    yield pg
    width = pg.evaluate("document.documentElement.scrollWidth")
    context.close()
    # an answer of 400 or 422 is logged by Chromium as a failed resource load: that is the error line's test
    assert [p for p in problems if not re.search(r"status of 4(00|22)", p)] == []
    assert requests and all(u.startswith(server.url + "/") or u.startswith("data:") for u in requests), requests
    assert width <= viewport["width"], f"the page is {width} px wide in a {viewport['width']} px window"


@pytest.fixture
def page(browser, server):
    with checked_page(browser, server, DESKTOP) as pg:
        yield pg


def rows(pg) -> list[dict]:
    """The throws table as shown: one dict per row, keyed by the column headings."""
    heads = pg.locator("#head th").all_inner_texts()
    out = []
    for tr in pg.locator("#body > tr:not(.detail)").all():
        cells = [c.strip() for c in tr.locator("td").all_inner_texts()]
        row = dict(zip([h.strip(" ▲▼") for h in heads], cells))
        row["#"] = re.sub(r"^[▸▾]\s*", "", row["#"])
        row["throw"] = row["throw"].replace("★ best", "").strip()
        row["best"] = "best" in (tr.get_attribute("class") or "")
        out.append(row)
    return out


def expected(cards: str, **options) -> list[dict]:
    """The same table from analyse(): the decimals the page must show."""
    a = analyse(cards, **options)
    out = []
    for i, r in enumerate(a.throws, 1):
        row = {"#": str(i), "throw": " ".join(map(str, r.throw)), "keep": " ".join(map(str, r.keep)),
               "E[hand]": f"{float(r.hand_ev):.3f}", "E[crib]": f"{float(r.crib_ev):.3f}",
               "net": f"{float(r.net_ev):.3f}", "sd": "–" if r.sd is None else f"{r.sd:.2f}",
               "min..max": "–" if r.min is None else f"{r.min}..{r.max}", "best": i == 1}
        if a.need is not None:
            row[f"P(≥{a.need})"] = f"{float(a.p_need(r)):.4f}"
        if a.pegging is not None:
            row["E[peg]"] = f"{float(r.peg_ev):.3f}"
        out.append(row)
    return out


def page_words(pg, line: str) -> str:
    """The page's own wording of a server line (words.js), as the page shows errors."""
    return pg.evaluate("async (l) => (await import('/static/words.js')).pageWords(l)", line)


def wait_for_table(pg, role: str):
    pg.wait_for_function("r => document.querySelector('#caption').textContent.includes(r)", arg=role)
    pg.wait_for_function("() => document.querySelectorAll('#body > tr:not(.detail)').length > 0")


def test_click_six_cards_switch_role_and_the_table_is_analyses(page):
    page.goto(page.base + "/")
    for c in DEAL.split():
        page.click(f'#picker [data-card="{c}"]')
    for c in DEAL.split():
        assert page.get_attribute(f'#picker [data-card="{c}"]', "aria-pressed") == "true"
    assert page.locator('#picker [aria-pressed="true"]').count() == 6
    wait_for_table(page, "dealer (your crib)")
    assert rows(page) == expected(DEAL, role="dealer")
    assert page.input_value("#cards") == DEAL
    page.check('input[name=role][value=pone]')
    wait_for_table(page, "pone (opponent's crib)")
    assert rows(page) == expected(DEAL, role="pone")
    assert "role=pone" in page.url and "cards=5h+6h+7c+jd+qs+kd" in page.url
    best = expected(DEAL, role="pone")[0]
    assert page.inner_text("#summary").startswith(f"Best: throw {best['throw']}, keep {best['keep']}")


def test_a_row_opens_to_its_chart_and_every_starter(page):
    page.goto(page.base + "/?" + "cards=5h+6h+7c+jd+qs+kd&role=pone")
    wait_for_table(page, "pone")
    second = page.locator("#body > tr:not(.detail)").nth(1)
    second.locator("button.open").click()
    page.wait_for_selector("#detail svg rect.bar")
    assert second.locator("button.open").get_attribute("aria-expanded") == "true"
    a = analyse(DEAL, role="pone")
    r = a.throws[1]
    shown = {}
    for tr in page.locator("#detail table.starters tbody tr").all():
        starter, hand, *_ = [c.strip() for c in tr.locator("td").all_inner_texts()]
        shown[starter] = int(hand)
    assert shown == {str(c): h for c, h in r.hand_by_starter.items()}  # all 46, each exact
    crib = page.locator("#detail table.starters tbody tr").first.locator("td").nth(2).get_attribute("title")
    assert crib.startswith("exactly ")
    # the chart: one bar per hand score that occurs, as tall as its number of starters
    bars = page.locator("#detail svg rect.bar")
    counts = {}
    for h in r.hand_points:
        counts[h] = counts.get(h, 0) + 1
    assert bars.count() == len(counts)
    titles = sorted(t for t in page.locator("#detail svg rect.bar title").all_text_contents())
    assert titles == sorted(f"{p} points: {n} of 46 starters" for p, n in counts.items())
    assert "open=" in page.url
    second.locator("button.open").click()
    assert page.locator("#detail").count() == 0


def test_sorting_by_any_column(page):
    page.goto(page.base + "/?cards=5h+6h+7c+jd+qs+kd&role=dealer&need=12")
    wait_for_table(page, "dealer")
    for heading in ("E[hand]", "E[crib]", "net", "sd", "P(≥12)", "throw"):
        page.click(f'#head button:text-is("{heading}")')
        column = [r[heading] for r in rows(page)]
        numeric = heading != "throw"
        key = (lambda v: float(v)) if numeric else (lambda v: v)
        assert column == sorted(column, key=key, reverse=numeric), heading
        th = page.locator("#head th", has=page.locator(f'button:text-is("{heading}")'))
        assert th.get_attribute("aria-sort") == ("descending" if numeric else "ascending")
    page.click('#head button:text-is("net")')
    page.click('#head button:text-is("net")')  # again: the other way
    net = [float(r["net"]) for r in rows(page)]
    assert net == sorted(net)
    assert "sort=net_ev" in page.url and "dir=asc" in page.url
    assert sum(r["best"] for r in rows(page)) == 1 and rows(page)[-1]["best"]  # the best row stays marked


def test_keyboard_only(page):
    page.goto(page.base + "/")

    def tab_to(test: str, limit: int = 40):
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(test):
                return
        raise AssertionError(f"Tab never reached {test}")

    # the deck is one tab stop; arrows move in it, Space picks
    tab_to("document.activeElement.classList.contains('card')")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    assert page.get_attribute('#picker [data-card="2d"]', "aria-pressed") == "true"
    page.keyboard.press("Space")
    assert page.get_attribute('#picker [data-card="2d"]', "aria-pressed") == "false"
    # the text box, typed, Enter
    page.keyboard.press("Shift+Tab")
    for _ in range(10):
        if page.evaluate("document.activeElement.id") == "cards":
            break
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "cards"
    page.keyboard.type("5♥ 6h 7c Jd Qs Kd")
    page.keyboard.press("Enter")
    wait_for_table(page, "dealer")
    assert rows(page) == expected(DEAL, role="dealer")
    assert page.locator('#picker [aria-pressed="true"]').count() == 6  # the picker follows the text
    # the role with the arrow keys
    tab_to("document.activeElement.name === 'role'")
    page.keyboard.press("ArrowRight")
    wait_for_table(page, "pone")
    assert rows(page) == expected(DEAL, role="pone")
    # a row opened from the keyboard
    tab_to("document.activeElement.classList.contains('open')", limit=60)
    page.keyboard.press("Enter")
    page.wait_for_selector("#detail svg")
    assert page.evaluate("document.activeElement.getAttribute('aria-expanded')") == "true"


def test_a_deep_link_then_back_and_forward(page):
    link = "/?cards=5h+6h+7c+jd+qs+kd&role=pone&need=8&sort=hand_ev&dir=desc&open=5h+6h&deck=4"
    page.goto(page.base + link)
    wait_for_table(page, "pone")
    page.wait_for_selector("#detail svg")
    assert page.is_checked("input[name=role][value=pone]") and page.input_value("#need") == "8"
    assert page.is_checked("#four-colour") and "four-colour" in page.get_attribute("body", "class")
    hand = [float(r["E[hand]"]) for r in rows(page)]
    assert hand == sorted(hand, reverse=True)
    assert "P(≥8)" in page.locator("#head").inner_text()
    pone = rows(page)
    page.check("input[name=role][value=dealer]")
    wait_for_table(page, "dealer")
    assert "role=" not in page.url  # dealer is the default
    page.go_back()
    wait_for_table(page, "pone")
    assert page.is_checked("input[name=role][value=pone]")
    assert rows(page) == pone
    page.go_forward()
    wait_for_table(page, "dealer")
    assert page.is_checked("input[name=role][value=dealer]")


def test_bad_input_shows_the_clis_error_line(page, capsys):
    main(["discard", "5h", "6h", "7c", "jd", "qs", "zz", "--dealer"])
    line = capsys.readouterr().err.strip().removeprefix("crib-stats: error: ")
    page.goto(page.base + "/")
    page.fill("#cards", "5h 6h 7c jd qs zz")
    page.press("#cards", "Enter")
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    assert page.inner_text("#error") == page_words(page, line) == line[0].upper() + line[1:]
    assert page.is_hidden("#throws")
    # a deep link with a bad option: the same kind of line
    page.goto(page.base + "/?cards=5h+6h+7c+jd+qs+kd&role=pone&need=40")
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    assert page.inner_text("#error").startswith("Need N must be between 0 and 29")
    page.fill("#need", "")
    page.press("#need", "Enter")
    page.dispatch_event("#need", "change")
    wait_for_table(page, "pone")
    assert page.inner_text("#error") == ""


def test_every_option_gives_analyses_table(page):
    page.goto(page.base + "/?cards=5h+6h+7c+jd+qs+kd&role=pone")
    wait_for_table(page, "pone")
    page.fill("#starter", "4c")
    page.press("#starter", "Tab")  # change
    wait_for_table(page, "starter 4♣")
    assert rows(page) == expected(DEAL, role="pone", starter="4c")
    page.fill("#starter", "")
    page.press("#starter", "Tab")
    page.select_option("#pegging", "greedy")
    wait_for_table(page, "play greedy")
    assert rows(page) == expected(DEAL, role="pone", pegging="greedy")
    page.select_option("#peg_opponent", "equilibrium")
    wait_for_table(page, "against a equilibrium keep")
    assert rows(page) == expected(DEAL, role="pone", pegging="greedy", peg_opponent="equilibrium")
    page.select_option("#pegging", "")
    assert page.is_disabled("#peg_opponent")
    page.select_option("#crib_model", "hessel")
    wait_for_table(page, "crib model hessel")
    assert rows(page) == expected(DEAL, role="pone", crib_model="hessel")  # a mean: sd and range "–"
    page.select_option("#crib_model", "random")
    page.select_option("#variant", "five-card")  # six cards are not a five-card deal: the CLI's line
    page.wait_for_function("() => document.querySelector('#error').textContent.includes('five-card')")
    page.click('#picker [data-card="kd"]')
    wait_for_table(page, "five-card")
    assert rows(page) == expected("5h 6h 7c jd qs", role="pone", variant="five-card")


def test_the_deal_button_deals_six_and_ranks_them(page):
    page.goto(page.base + "/")
    page.click("#deal")
    wait_for_table(page, "dealer")
    assert page.locator('#picker [aria-pressed="true"]').count() == 6
    dealt = page.input_value("#cards")
    assert rows(page) == expected(dealt, role="dealer")


def test_the_scorer_tab_counts_in_cadence(page, capsys):
    page.goto(page.base + "/")
    page.click("#tab-score")
    assert page.is_hidden("#panel-discard") and page.is_visible("#panel-score")
    page.fill("#score-cards", "5h 5c 5s jd")
    page.fill("#score-starter", "5d")
    page.click("#score-go")
    page.wait_for_selector("#said")
    assert page.inner_text("#score-total") == "29"
    assert page.inner_text("#said") == "said: " + score("5h 5c 5s jd", "5d").say()
    assert "tab=score" in page.url and "hand=5h+5c+5s+jd" in page.url
    page.fill("#score-cards", "ah 3h 7h 10h")
    page.fill("#score-starter", "js")
    page.check("#score-crib")
    page.click("#score-go")
    page.wait_for_function("() => document.querySelector('#said').textContent.includes('nineteen')")
    assert page.inner_text("#said") == "said: " + score("ah 3h 7h 10h", "js", crib=True).say()
    page.fill("#score-starter", "ah")
    page.click("#score-go")
    page.wait_for_function("() => document.querySelector('#score-error').textContent.length > 0")
    main(["score", "ah", "3h", "7h", "10h", "--starter", "ah", "--crib"])
    line = capsys.readouterr().err.strip().removeprefix("crib-stats: error: ")
    assert page.inner_text("#score-error") == page_words(page, line) and "--" not in page.inner_text("#score-error")
    page.go_back()
    page.wait_for_function("() => document.querySelector('#said') && "
                           "document.querySelector('#said').textContent.includes('nineteen')")


def test_screenshots_desktop_and_phone(browser, server, tmp_path):
    """The README's pictures (saved by ``make pictures``); and at 375 px nothing but the table
    scrolls sideways."""
    link = server.url + "/?cards=5h+6h+7c+jd+qs+kd&role=pone&need=8&open=6h+7c"
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        pg = context.new_page()
        pg.set_default_timeout(60_000)
        pg.goto(link)
        pg.wait_for_selector("#detail svg rect.bar")
        pg.evaluate("document.querySelector('#meaning').open = true")
        width = pg.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{name}: the page is {width} px wide"
        table, room = pg.evaluate("[document.querySelector('#throws').scrollWidth, "
                                  "document.querySelector('.table-wrap').clientWidth]")
        assert table <= room, f"{name}: the table ({table} px) needs a sideways scroll in {room} px"
        path = tmp_path / f"web-{name}.png"
        pg.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 20_000
        save_for_the_manual(pg, path.name)
        context.close()
