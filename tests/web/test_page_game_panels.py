"""The page's game panels in a real browser (issue #32): Discard with a score, Play and Board,
each driven by the pointer and by the keyboard, at 1280 and 375 px, the figures on the page
equal to the command line's JSON for the same inputs; options that cannot go together disabled
with the reason shown; a shared link's bad values replaced by the defaults, saying so; exact
fractions on a touch screen; every panel's screenshot at both widths in a folder of the test's
(and the README's pictures of the Play and Board panels in docs/).

Debian's Chromium driven by Playwright, as tests/web/test_page.py (its fixtures are used
here); no browser is ever downloaded."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")
pytest.importorskip("playwright.sync_api", reason="playwright (the test extra)")
# a server and Chromium: make test runs these, make test-fast does not
pytestmark = pytest.mark.slow

from test_page import DESKTOP, PHONE, browser, checked_page, page_words, save_for_the_manual, server  # noqa: E402,F401  (fixtures)

from crib_stats.presentation.cli import main  # noqa: E402

DEAL = "5h 6h 7c jd qs kd"
WIDTHS = {"desktop": DESKTOP, "phone": PHONE}


def cli_json(capsys, argv: list[str]) -> dict:
    capsys.readouterr()
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def cli_error(capsys, argv: list[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 2
    return capsys.readouterr().err.strip().removeprefix("crib-stats: error: ")


@pytest.fixture(params=sorted(WIDTHS))
def page(request, browser, server):  # noqa: F811
    """A fresh page at 1280 px, or at 375 px with a touch screen (checked afterwards as in
    test_page.py)."""
    with checked_page(browser, server, WIDTHS[request.param], touch=request.param == "phone") as pg:
        yield pg


def rows(pg, body: str, head: str) -> list[dict]:
    heads = [h.strip(" ▲▼") for h in pg.locator(f"{head} th").all_inner_texts()]
    out = []
    for tr in pg.locator(f"{body} > tr").all():
        cells = [c.strip() for c in tr.locator("td").all_inner_texts()]
        row = dict(zip(heads, cells))
        row["class"] = tr.get_attribute("class") or ""
        out.append(row)
    return out


def signed(x: float, d: int) -> str:
    return f"{x:+.{d}f}"


def tab_until(pg, test: str, limit: int = 80, back: bool = False):
    for _ in range(limit):
        pg.keyboard.press("Shift+Tab" if back else "Tab")
        if pg.evaluate(test):
            return
    raise AssertionError(f"Tab never reached {test}")


# ---------------------------------------------------------------------------------------------
# Discard with a score: the throws by P(win)
# ---------------------------------------------------------------------------------------------


def board_rows_expected(j: dict) -> list[dict]:
    lose = "lurch" if j["variant"] == "five-card" else "skunk"
    return [{"#": str(i), "throw": " ".join(t["throw"]), "keep": " ".join(t["keep"]), "P(win)": f"{t['p_win']:.4f}",
             "±": f"{t['p_win_se']:.4f}", "vs points": "" if t["points_throw"] else signed(t["vs_points"], 4),
             f"P({lose})": f"{t['p_win_skunk']:.4f}", "game pts": f"{t['game_points']:.3f}",
             "net": f"{t['net_ev']:.3f}"} for i, t in enumerate(j["throws"], 1)]


def shown_board_rows(pg) -> list[dict]:
    out = []
    for r in rows(pg, "#body", "#head"):
        r["#"] = re.sub(r"^[▸▾]\s*", "", r["#"])
        r["net"] = r["net"].rstrip(" *")
        assert ("best" in r["class"]) == (r["#"] == "1")
        out.append({k: v for k, v in r.items() if k != "class"})
    return out


def wait_board(pg):
    pg.wait_for_function("() => document.querySelector('#verdict').textContent.length > 0 && "
                         "!document.querySelector('#throws').hidden")


def check_verdict(pg, j: dict):
    best = j["throws"][0]
    pts = next(t for t in j["throws"] if t["points_throw"])
    text = pg.inner_text("#verdict")
    if j["board_differs"]:
        assert text == (f"The board changes the throw: {' '.join(best['throw'])} wins {signed(j['p_win_gain'], 4)} ± "
                        f"{j['p_win_gain_se']:.4f} more often than {' '.join(pts['throw'])}, the best for points (net "
                        f"{pts['net_ev']:.3f} against {best['net_ev']:.3f})")
    else:
        assert text.startswith(f"The board agrees with points: throw {' '.join(best['throw'])}")


def test_discard_for_the_board_by_pointer(page, capsys):
    j = cli_json(capsys, ["discard", *DEAL.split(), "--dealer", "--score", "118", "116"])
    page.goto(page.base + "/")
    for c in DEAL.split():
        page.click(f'#picker [data-card="{c}"]')
    page.wait_for_function("() => !document.querySelector('#throws').hidden")
    page.click("#d-mine")
    page.fill("#d-mine", "118")
    page.click("#d-theirs")  # the first field's change: one score is not enough yet
    assert "Give both scores" in page.inner_text("#summary")
    page.fill("#d-theirs", "116")
    page.click("#summary")  # leave the field: its change
    wait_board(page)
    assert shown_board_rows(page) == board_rows_expected(j)
    check_verdict(page, j)
    assert "dscore=118%2C116" in page.url or "dscore=118,116" in page.url
    # what the game model does not take is disabled, and why is said
    for control in ("#crib_model", "#pegging", "#peg_opponent", "#starter", "#need"):
        assert page.is_disabled(control), control
    assert "own crib (the opponent's real throw) and play (greedy)" in page.inner_text("#why")
    assert page.is_enabled("#accuracy") and page.is_enabled("#seed")
    # the points throw is marked, and the table scrolls inside its box when it must, saying so
    points = page.locator("#body tr.points")
    assert points.count() == 1 and " ".join(next(t for t in j["throws"] if t["points_throw"])["throw"]) in points.inner_text()
    wrap = page.locator("#panel-discard .table-wrap")
    if page.evaluate("(w) => w.scrollWidth > w.clientWidth", wrap.element_handle()):
        assert "scrolls" in wrap.get_attribute("class")
    # a seed of its own: the CLI's object for it
    page.fill("#seed", "5")
    page.press("#seed", "Tab")
    j5 = cli_json(capsys, ["discard", *DEAL.split(), "--dealer", "--score", "118", "116", "--seed", "5"])
    page.wait_for_function("(p) => document.querySelector('#body tr td.p_win').textContent === p",
                           arg=f"{j5['throws'][0]['p_win']:.4f}")
    wait_board(page)
    assert shown_board_rows(page) == board_rows_expected(j5)


def test_discard_for_the_board_by_keyboard(page, capsys):
    j = cli_json(capsys, ["discard", *DEAL.split(), "--pone", "--score", "115", "118"])
    page.goto(page.base + "/")
    tab_until(page, "document.activeElement.id === 'cards'")
    page.keyboard.type(DEAL)
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('#throws').hidden")
    tab_until(page, "document.activeElement.name === 'role'")
    page.keyboard.press("ArrowRight")  # pone
    tab_until(page, "document.activeElement.id === 'd-mine'")
    page.keyboard.type("115")
    page.keyboard.press("Tab")
    page.keyboard.type("118")
    page.keyboard.press("Tab")
    wait_board(page)
    assert page.is_checked("input[name=role][value=pone]")
    assert shown_board_rows(page) == board_rows_expected(j)
    check_verdict(page, j)
    # sorting from the keyboard: P(win) the other way round
    tab_until(page, "document.activeElement.dataset && document.activeElement.dataset.sort === 'p_win'")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    p = [float(r["P(win)"]) for r in shown_board_rows(page)]
    assert p == sorted(p)


def test_options_that_cannot_go_together_are_disabled_with_the_reason(page):
    page.goto(page.base + "/?cards=5h+6h+7c+jd+qs&variant=three-player")
    page.wait_for_function("() => !document.querySelector('#throws').hidden")
    assert page.is_disabled("#d-mine") and page.is_disabled("#d-theirs") and page.is_disabled("#crib_model")
    why = page.inner_text("#why")
    assert "P(win) needs the board of a two-player game" in why and "random crib model only" in why
    assert "E[peg] is modelled for the six-card game's play only" in why
    page.select_option("#variant", "six-card")
    assert page.is_enabled("#d-mine") and page.is_enabled("#pegging") and page.is_disabled("#peg_opponent")
    assert "the play opponent goes with a play policy" in page.inner_text("#why")
    page.select_option("#crib_model", "hessel")
    assert page.is_disabled("#need")  # the dealer's P(>= N) needs the crib's spread
    page.check("input[name=role][value=pone]")
    assert page.is_enabled("#need")  # the pone counts the hand alone


def test_a_shared_link_with_bad_values_falls_back_and_says_so(page):
    page.goto(page.base + "/?cards=5h+6h+7c+jd+qs+kd&role=croupier&need=lots&tab=nowhere&pvariant=nine-card")
    page.wait_for_function("() => !document.querySelector('#throws').hidden")
    notice = page.inner_text("#notice")
    for key in ("role", "need", "tab", "pvariant"):
        assert f"This link's {key}=" in notice, key
    assert page.is_checked("input[name=role][value=dealer]") and page.input_value("#need") == ""
    assert page.is_visible("#panel-discard")
    assert page.inner_text("#error") == ""
    # a value that cannot go with the others is dropped, and that is said too
    page.goto(page.base + "/?cards=5h+6h+7c+jd+qs+kd&dscore=110,112&need=8&pegging=greedy")
    page.wait_for_function("() => document.querySelector('#verdict').textContent.length > 0")
    notice = page.inner_text("#notice")
    assert 'need "8" is not used' in notice and 'pegging "greedy" is not used' in notice
    assert "need=" not in page.url and "pegging=" not in page.url


def test_exact_fractions_can_be_seen_without_a_pointer(page, capsys):
    j = cli_json(capsys, ["discard", *DEAL.split(), "--pone"])
    page.goto(page.base + "/?cards=5h+6h+7c+jd+qs+kd&role=pone")
    page.wait_for_function("() => !document.querySelector('#throws').hidden")
    first = page.locator("#body > tr").first.locator("td.hand_ev")
    fraction = first.locator(".exact")
    assert fraction.is_hidden()
    if page.width < 600:
        first.tap()
    else:
        first.click()
    assert fraction.is_visible() and fraction.inner_text() == j["throws"][0]["hand_ev_exact"]
    page.check("#show-exact")
    assert page.locator("#body td.crib_ev .exact").nth(3).is_visible()
    assert "exact=1" in page.url


# ---------------------------------------------------------------------------------------------
# Play: which card to play now
# ---------------------------------------------------------------------------------------------


def advise_rows_expected(j: dict) -> list[dict]:
    out = []
    for p in j["plays"]:
        row = {"card": p["card"], "E[you − them]": signed(p["ev"], 4), "gives up": f"{p['gives_up']:.4f}", "": "play it"}
        if j["score"] is not None:
            row |= {"P(win)": f"{p['p_win']:.4f}", "±": f"{p['p_win_error_bound']:.4f}"}
        out.append(row)
    return out


def shown_advice(pg) -> list[dict]:
    out = rows(pg, "#p-body", "#p-head")
    assert ["best" in r.pop("class") for r in out] == [True] + [False] * (len(out) - 1)
    return out


def wait_advice(pg):
    pg.wait_for_function("() => !document.querySelector('#p-table').hidden")


def test_play_by_pointer(page, capsys):
    j = cli_json(capsys, ["advise", *DEAL.split(), "--throw", "qs", "kd", "--starter", "4c", "--dealer", "--played",
                          "10s"])
    page.goto(page.base + "/?tab=play")
    for c in DEAL.split():  # the deck picks the dealt cards first, then the starter, then their cards
        page.click(f'#p-picker [data-card="{c}"]')
    assert page.is_checked("input[name=p-target][value=starter]")
    page.click('#p-picker [data-card="4c"]')
    assert page.is_checked("input[name=p-target][value=theirs]")
    assert page.get_attribute('#p-picker [data-card="4c"]', "aria-disabled") == "true"  # used: the starter
    for c in ("qs", "kd"):
        page.click(f'#p-thrown [data-card="{c}"]')
    page.click('#p-picker [data-card="10s"]')  # the pone led the 10♠
    wait_advice(page)
    assert shown_advice(page) == advise_rows_expected(j)
    assert page.locator("#p-played li.theirs").inner_text().startswith("10♠")
    assert f"the count is {j['count']}" in page.inner_text("#p-summary")
    assert f"greedy would play {j['greedy']}" in page.inner_text("#p-summary")
    # play the best card: it is the opponent's turn then, said in the page's words
    page.locator("#p-body tr").first.locator("button.play-it").click()
    page.wait_for_function("() => document.querySelector('#p-error').textContent.length > 0")
    line = cli_error(capsys, ["advise", *DEAL.split(), "--throw", "qs", "kd", "--starter", "4c", "--dealer",
                              "--played", "10s", j["plays"][0]["card"]])
    shown = page.inner_text("#p-error")
    assert shown == page_words(page, line) and "--" not in shown
    assert [li.inner_text().split()[0] for li in page.locator("#p-played li").all()] == ["10♠", j["plays"][0]["card"]]
    assert "mine" in page.locator("#p-played li").nth(1).get_attribute("class")
    page.click("#p-undo")
    wait_advice(page)
    assert shown_advice(page) == advise_rows_expected(j)


def test_play_by_keyboard_with_a_score(page, capsys):
    j = cli_json(capsys, ["advise", "3h", "4h", "9c", "9d", "ks", "qd", "--throw", "ks", "qd", "--starter", "2c",
                          "--dealer", "--played", "5s", "--score", "118", "112"])
    page.goto(page.base + "/?tab=play")
    tab_until(page, "document.activeElement.id === 'p-dealt'")
    page.keyboard.type("3h 4h 9c 9d ks qd")
    page.keyboard.press("Enter")
    tab_until(page, "document.activeElement.dataset && document.activeElement.dataset.card === 'ks'")
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # Q♦, the next chip
    tab_until(page, "document.activeElement.id === 'p-starter'")
    page.keyboard.type("2c")
    tab_until(page, "document.activeElement.id === 'p-mine'")
    page.keyboard.type("118")
    page.keyboard.press("Tab")
    page.keyboard.type("112")
    page.keyboard.press("Tab")
    # their lead, from the deck by the keyboard: the deck is one tab stop, arrows move in it
    tab_until(page, "document.activeElement.closest && document.activeElement.closest('#p-picker') !== null")
    assert page.is_checked("input[name=p-target][value=theirs]")
    for key in ["Home"] + ["ArrowRight"] * 4 + ["ArrowDown"] * 3:  # A♣ -> 5♣ -> 5♠
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.card") == "5s"
    page.keyboard.press("Enter")
    wait_advice(page)
    page.wait_for_function("() => document.querySelector('#p-head').textContent.includes('P(win)')")
    assert shown_advice(page) == advise_rows_expected(j)
    best, pts = j["plays"][0], next(p for p in j["plays"] if p["card"] == j["best_for_points"])
    assert page.inner_text("#p-verdict") == (f"The board changes the card: {pts['card']} pegs most on average, but "
                                             f"{best['card']} wins {signed(best['p_win'] - pts['p_win'], 4)} more often.")


def test_an_impossible_history_says_why_in_the_pages_words(page, capsys):
    page.goto(page.base + "/?tab=play&pdealt=5h+6h+7c+jd+qs+kd&pthrow=qs+kd&pstarter=4c&pplayed=10s+qs")
    page.wait_for_function("() => document.querySelector('#p-error').textContent.length > 0")
    line = cli_error(capsys, ["advise", *DEAL.split(), "--throw", "qs", "kd", "--starter", "4c", "--dealer", "--played",
                              "10s", "qs"])
    shown = page.inner_text("#p-error")
    assert shown == page_words(page, line) and "--" not in shown and "Q♠" in shown
    assert page.is_hidden("#p-table")
    # the equilibrium discards are the six-card game's only: disabled for five-card, with the reason
    page.select_option("#p-variant", "five-card")
    assert page.is_disabled("#p-policy option[value=equilibrium]")
    assert "solved for the six-card game only" in page.inner_text("#p-why")


# ---------------------------------------------------------------------------------------------
# Board: the heat maps, a position, the headline figures
# ---------------------------------------------------------------------------------------------

RDBU = ["#67001f", "#b2182b", "#d6604d", "#f4a582", "#fddbc7", "#f7f7f7", "#d1e5f0", "#92c5de", "#4393c3",
        "#2166ac", "#053061"]


def rdbu(p: float) -> tuple[int, ...]:
    """matplotlib's RdBu, the colours of `game --plot`, interpolated between its 11 stops."""
    stops = [tuple(int(h[i:i + 2], 16) for i in (1, 3, 5)) for h in RDBU]
    x = min(1.0, max(0.0, p)) * 10
    i = min(9, int(x))
    f = x - i
    return tuple(round(a + (b - a) * f) for a, b in zip(stops[i], stops[i + 1]))


def cell_point(pg, seat: str, mine: int, theirs: int, n: int) -> tuple[float, float]:
    """Where the square of (mine, theirs) is on the page (the canvas's own geometry: margins 34
    left, 14 right, 8 top, 30 bottom of 420 px)."""
    box = pg.locator(f"#b-map-{seat}").bounding_box()
    size = min(420 - 34 - 14, 420 - 8 - 30)
    cell = size / n
    scale = box["width"] / 420
    return box["x"] + (34 + (theirs + 0.5) * cell) * scale, box["y"] + (8 + size - (mine + 0.5) * cell) * scale


def wait_maps(pg):
    pg.wait_for_function("() => document.querySelector('#b-readout').textContent.startsWith('Point at')")


def pct(f: dict, key: str) -> str:
    return f"{100 * f[key][key]:.3f}% ± {100 * f[key]['se']:.3f}"


def test_board_by_pointer(page, capsys):
    table = json.loads(page.request.get(page.base + "/api/game/table").text())
    pos = cli_json(capsys, ["game", "--at", "104", "110", "--dealer"])
    page.goto(page.base + "/?tab=board")
    wait_maps(page)
    # the map is the table, square by square, in the colours of game --plot
    for seat, mine, theirs in (("me", 104, 110), ("opponent", 30, 90), ("me", 0, 120), ("opponent", 120, 0)):
        p = table["p_win"][seat][mine][theirs]
        x = 34 + (theirs + 0.5) * 372 / 121
        y = 8 + 372 - (mine + 0.5) * 372 / 121
        got = page.evaluate("([s, x, y]) => Array.from(document.querySelector('#b-map-' + s).getContext('2d')"
                            ".getImageData(x, y, 1, 1).data.slice(0, 3))", [seat, x, y])
        assert tuple(got) == rdbu(p), (seat, mine, theirs)
    # the pointer reads a square; a click looks it up
    x, y = cell_point(page, "me", 104, 110, 121)
    page.mouse.move(x, y)
    assert page.inner_text("#b-readout").startswith(
        f"You 104, the opponent 110, you deal next: P(win) {table['p_win']['me'][104][110]:.4f}")
    assert table["p_win"]["me"][104][110] == round(pos["figures"]["p_win"]["p_win"], 4)
    page.mouse.click(x, y)
    page.wait_for_selector("#b-position [data-figure=p_win]")
    assert page.inner_text("#b-position [data-figure=p_win] td") == pct(pos["figures"], "p_win")
    assert page.inner_text("#b-position [data-figure=deals_left] td") == (
        f"{pos['figures']['deals_left']['deals_left']:.4f} ± {pos['figures']['deals_left']['se']:.4f}")
    assert "bat=104%2C110" in page.url or "bat=104,110" in page.url
    # the headline figures: crib-stats game --json
    head = cli_json(capsys, ["game"])
    page.wait_for_selector("#b-headline [data-figure=first_dealer_win]")
    assert page.inner_text("#b-headline [data-figure=first_dealer_win] td") == pct(head["figures"], "first_dealer_win")
    assert page.inner_text("#b-headline [data-figure=deals_mean] td") == (
        f"{head['figures']['deals_mean']['deals_mean']:.4f} ± {head['figures']['deals_mean']['se']:.4f}")
    bp = cli_json(capsys, ["game", "--board-play"])["board_play"]
    assert f"{100 * bp['win_rate']:.2f}% ± {100 * bp['win_rate_se']:.2f}" in page.inner_text("#b-board-play")


def test_board_by_keyboard(page, capsys):
    page.goto(page.base + "/?tab=board")
    wait_maps(page)
    tab_until(page, "document.activeElement.id === 'b-map-opponent'")
    assert page.inner_text("#b-readout").startswith("You 60, the opponent 60, the opponent deals next")
    for key in ["PageUp", "ArrowUp", "ArrowUp", "ArrowLeft"]:  # 60 -> 72 for you, 59 for them
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    pos = cli_json(capsys, ["game", "--at", "72", "59", "--pone"])
    page.wait_for_selector("#b-position [data-figure=p_win]")
    assert page.inner_text("#b-position caption") == "You at 72, the opponent at 59, the opponent deals next"
    assert page.inner_text("#b-position [data-figure=p_win] td") == pct(pos["figures"], "p_win")
    # the lookup form from the keyboard, in the five-card game (lurches)
    tab_until(page, "document.activeElement.id === 'b-variant'", back=True)
    page.keyboard.press("ArrowDown")  # five-card
    page.wait_for_function("() => document.querySelector('#b-headline').textContent.includes('lurches')")
    assert page.is_disabled("#b-discard option[value=equilibrium]")
    tab_until(page, "document.activeElement.id === 'b-mine'")
    page.keyboard.type("58")
    page.keyboard.press("Tab")
    page.keyboard.type("57")
    page.keyboard.press("Enter")  # who deals next: the opponent still, as the map's lookup left it
    assert page.is_checked("input[name=b-role][value=pone]")
    pos = cli_json(capsys, ["game", "--at", "58", "57", "--pone", "--variant", "five-card"])
    page.wait_for_function("() => document.querySelector('#b-position caption') && "
                           "document.querySelector('#b-position caption').textContent.includes('58')")
    assert page.inner_text("#b-position [data-figure=p_win] td") == pct(pos["figures"], "p_win")
    assert page.inner_text("#b-position [data-figure=p_win_skunk] th") == "P(win with a lurch)"


# ---------------------------------------------------------------------------------------------
# every panel's picture at both widths
# ---------------------------------------------------------------------------------------------

PANELS = {
    "discard": ("/?cards=5h+6h+7c+jd+qs+kd&dscore=118,116", "() => document.querySelector('#verdict').textContent"),
    "play": ("/?tab=play&pdealt=3h+4h+9c+9d+ks+qd&pthrow=ks+qd&pstarter=2c&pplayed=5s&pscore=118,112",
             "() => !document.querySelector('#p-table').hidden"),
    "board": ("/?tab=board&bat=104,110", "() => document.querySelector('#b-position table') && "
                                         "document.querySelector('#b-headline table')"),
    "score": ("/?tab=score&hand=5h+5c+5s+jd&cut=5d", "() => document.querySelector('#said')"),
}


def test_screenshots_of_every_panel_at_both_widths(browser, server, tmp_path):  # noqa: F811
    """Each panel at 1280 and 375 px into the test's folder (tmp_path/screens); the README's
    pictures of the Play and Board panels (desktop) into docs/. At 375 px nothing is wider than
    the window: a wide table scrolls inside its box, with its cue shown."""
    folder = tmp_path / "screens"
    folder.mkdir()
    for width, viewport in WIDTHS.items():
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        pg = context.new_page()
        pg.set_default_timeout(120_000)
        for name, (link, ready) in PANELS.items():
            pg.goto(server.url + link)
            pg.wait_for_function(ready)
            pg.wait_for_timeout(300)  # the maps' and tables' last paint
            assert pg.evaluate("document.documentElement.scrollWidth") <= viewport["width"], (name, width)
            for wrap in pg.locator(f"#panel-{name} .table-wrap").all():
                if wrap.is_visible() and pg.evaluate("(w) => w.scrollWidth > w.clientWidth + 1", wrap.element_handle()):
                    assert "scrolls" in wrap.get_attribute("class"), (name, width)
            path = folder / f"{name}-{width}.png"
            pg.screenshot(path=str(path), full_page=True)
            assert path.stat().st_size > 10_000
            if width == "desktop" and name in ("play", "board"):
                save_for_the_manual(pg, f"web-{name}.png")
        context.close()
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{n}-{w}.png" for n in PANELS for w in WIDTHS)
