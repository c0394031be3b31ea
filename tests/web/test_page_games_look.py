"""What a new user hit on the "Play a game" page (issue #48), in a real browser (Debian's
Chromium driven by Playwright, as tests/web/test_page.py): red suits drawn red wherever a card
is drawn (the hand's buttons, the log, the shows, the hint, the Play tab's chips); the review's
tables on a phone scroll sideways with the page's cue and room between their columns; the score
track's numbers at the page's size on a phone; the Hint's answer brought into view on a phone,
in cards as the page draws them and in a player's words (no command line); the page asking the
server again by itself, with a back-off, and clearing its error once it answers.

The review tables are filled from made-up reviews written into the game's store (the page's
layout is the subject here; the reviews' figures are tests/web/test_games_api.py's)."""

from __future__ import annotations

import os
import random
import re
import signal

import pytest

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")
pytest.importorskip("playwright.sync_api", reason="playwright (the test extra)")
httpx = pytest.importorskip("httpx", reason="httpx (the test extra)")
# a server and Chromium: make test runs these, make test-fast does not
pytestmark = pytest.mark.slow

from test_page import DESKTOP, PHONE, browser  # noqa: E402,F401  (the fixture)
from test_games_api import play_through  # noqa: E402
from test_page_games import READY, decide, free_port, new_game_by, open_page, start_serve, state, stop_serve  # noqa: E402

from crib_stats.match.review import DecisionReview, decision_views  # noqa: E402
from crib_stats.presentation.web.app import create_app  # noqa: E402
from crib_stats.presentation.web.command import BackgroundServer  # noqa: E402
from crib_stats.presentation.web.games_review import METHOD  # noqa: E402
from crib_stats.presentation.web.games_store import GameStore  # noqa: E402
from crib_stats.core.cards import text_cards  # noqa: E402

# style.css: --hearts and --diamonds, --clubs and --spades (the two-colour deck)
RED, BLACK = "rgb(192, 24, 43)", "rgb(29, 29, 27)"
ASCII_CARD = re.compile(r"\b(?:10|[2-9ajqk])[cdhs]\b")
COMMAND_WORDS = re.compile(r"--[a-z]|crib-stats (?:review|discard|advise)")
GSEED = 7  # the page's new games: the same deal each run (its first hand holds red cards and black)


REFUSED = "advise --score: no hand the opponent could hold fits the play so far"  # as the server words one


def made_up_review(n: int, j: int, i: int, decision: dict, view, refused: str | None = None) -> DecisionReview:
    """A review of one decision with figures of the test's making (every third the engine's own
    choice, the others another throw or card; ``refused``: the advisor's refusal instead), shaped
    as the page's reviews are."""
    kind = decision["kind"]
    made = tuple(decision["cards"]) if kind == "discard" else (decision["card"],)
    if kind == "discard":
        others = [c for c in text_cards(view.hand) if c not in made]
        best = made if n % 3 == 0 else tuple(others[:2])
        choices = 15 if len(view.hand) == 6 else 10
    else:
        others = [c for c in text_cards(view.legal) if c != made[0]]
        best = made if n % 3 == 0 or not others else (others[0],)
        choices = len(view.legal)
    if refused is not None:
        best = made
    same = best == made
    p_made = None if refused else 0.25 + 0.05 * (n % 9)
    lost = 0.0 if same else 0.0031 * (1 + n % 5)
    play = kind == "play"
    return DecisionReview(
        deal=j, index=i, seat=decision["seat"], kind=kind, dealer=view.dealer, scores=(view.score, view.opponent_score),
        count=view.count, sequence=tuple(text_cards(view.sequence)), hand=tuple(text_cards(view.hand)), made=made,
        best=best, p_win_made=p_made, p_win_best=None if refused else p_made + lost, p_win_made_se=0.0 if play else 0.0003,
        p_win_best_se=0.0 if play else 0.0003, given_up=lost, given_up_se=0.0, se_bound=False, p_win_error_bound=0.0,
        forced=False, rank=1 if same else 2, choices=choices, ev_made=-0.5 if play else None,
        ev_best=0.25 if play else None, ev_made_exact="-1/2" if play else None, ev_best_exact="1/4" if play else None,
        refused=refused, method="made up by tests/web/test_page_games_look.py", posterior=None, note="", seconds=0.0)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A server (one heavy worker, for the hints) holding a five-card game against random played
    to the end through the API, its player's decisions reviewed (made up, in the store)."""
    db = tmp_path_factory.mktemp("games") / "games.sqlite"
    with BackgroundServer(create_app(db=db, heavy_workers=1)) as s:
        with httpx.Client(base_url=s.url, timeout=120) as c:
            g = play_through(c, {"opponent": "random", "variant": "five-card", "seed": 48, "seat": "first_pone"}, "48")
            record = c.get(f"/api/games/{g['id']}/record").json()
        store = GameStore(db)
        plays = 0
        for n, (j, i, decision, view) in enumerate(decision_views(record)):
            if decision["seat"] == g["seat"]:
                plays += decision["kind"] == "play"
                r = made_up_review(n, j, i, decision, view, REFUSED if plays == 2 and decision["kind"] == "play" else None)
                store.save_review(g["id"], n, j, r.kind, r.forced, None if r.refused else r.given_up, METHOD, r.as_dict())
        store.db.close()
        s.finished = g["id"]
        yield s


def colours(pg, selector: str) -> list[tuple[str, str]]:
    """(the text, its colour) of every element ``selector`` finds."""
    return pg.eval_on_selector_all(selector, "es => es.map(e => [e.textContent, getComputedStyle(e).color])")


def suit_colour(text: str) -> str:
    return RED if text[-1] in "♥♦" else BLACK


def test_red_suits_are_red_wherever_a_card_is_drawn(browser, site):  # noqa: F811
    """The hand's buttons (7♦ 8♦ 9♦ 9♥ J♦ were drawn black: the colour was set for table cells
    and the felt only), the log, the shows, the hint; and the Play tab's chips."""
    context, pg, problems = open_page(browser, site.url, DESKTOP)
    pg.goto(site.url + f"/?tab=games&gseed={GSEED}")
    new_game_by(pg, "random", "six-card", keyboard=False)
    hand = colours(pg, "#g-hand .g-card span")
    assert len(hand) == 6 and {suit_colour(t) for t, _ in hand} == {RED, BLACK}, hand  # the seed's deal: both colours
    assert all(colour == suit_colour(text) for text, colour in hand), hand
    pg.click("#g-hint-go")
    pg.wait_for_selector("#g-hint table")
    rng = random.Random("colours")
    logged = 0
    while state(pg)["deal"] < 1:  # to the end of the first deal: the plays in the log, then the shows
        if pg.locator('#g-log li[data-kind="card"]').count() >= 2:  # the log of this deal: the starter, cards played
            cards = colours(pg, "#g-log :is(.hl, .dl, .cl, .sl)")
            assert all(colour == suit_colour(text) for text, colour in cards), cards
            assert len(cards) == len(re.findall(r"(?:10|[A2-9JQK])[♣♦♥♠]", pg.inner_text("#g-log")))
            logged = len(cards)
        decide(pg, rng, keyboard=False)
    assert logged >= 3
    drawn = colours(pg, "#panel-games :is(.hl, .dl, .cl, .sl):not(.g-felt *)")
    assert all(colour == suit_colour(text) for text, colour in drawn), drawn
    for where in ("#g-shows", "#g-hand"):  # every card of the shows, and of the next hand
        cards = colours(pg, f"{where} :is(.hl, .dl, .cl, .sl)")
        assert cards and all(colour == suit_colour(text) for text, colour in cards), (where, cards)
    # the Play tab: the dealt cards' chips (thrown or not) and the hand's
    pg.goto(site.url + "/?tab=play&pdealt=5h+6d+7c+jd+qs+kd&pthrow=qs+kd")
    pg.wait_for_selector("#p-hand .chip")
    chips = colours(pg, "#p-hand .chip span")
    assert [t for t, _ in chips] == ["5♥", "6♦", "7♣", "J♦"]
    assert all(colour == suit_colour(text) for text, colour in chips), chips
    unthrown = colours(pg, '#p-thrown .chip[aria-pressed="false"] span')
    assert len(unthrown) == 4 and all(colour == suit_colour(text) for text, colour in unthrown), unthrown
    context.close()
    assert problems == []


def test_the_review_tables_on_a_phone_scroll_with_a_cue_and_room_between_columns(browser, site):  # noqa: F811
    """At 375 px the game's tables (556 to 633 px wide) scrolled sideways with no sign, and their
    cells had no padding ("dealdecisions throws gave up"); the track's numbers were 4 px tall; the
    review's caption spoke command-line words."""
    context, pg, problems = open_page(browser, site.url, PHONE, touch=True)
    pg.goto(site.url + f"/?tab=games&game={site.finished}")
    pg.wait_for_selector('.g-game-review[aria-busy="false"]')
    pg.wait_for_selector('#g-deal-review .g-review[aria-busy="false"]')
    pg.wait_for_timeout(300)  # the boxes' observers have run
    wraps = pg.eval_on_selector_all(".g-review .table-wrap", """ws => ws.map(w => ({
        caption: (w.querySelector('caption') || {}).textContent || '', over: w.scrollWidth > w.clientWidth + 1,
        scrolls: w.classList.contains('scrolls'), cue: getComputedStyle(w, '::before').content,
        width: w.firstElementChild.scrollWidth }))""")
    every = [w for w in wraps if w["caption"] == "Every decision"]
    assert len(every) == 1 and every[0]["over"], wraps  # wider than a phone: it scrolls
    for w in wraps:
        if w["over"]:
            assert w["scrolls"] and "scroll sideways for more" in w["cue"], w
        else:
            assert not w["scrolls"], w
    pads = pg.eval_on_selector_all(".g-review table :is(th, td)", """cs => cs.map(c => {
        const s = getComputedStyle(c); return [c.textContent, parseFloat(s.paddingLeft), parseFloat(s.paddingRight)]; })""")
    assert pads and all(left >= 4 and right >= 4 for _, left, right in pads), [p for p in pads if min(p[1:]) < 4][:5]
    # the headings of "Each deal" stand apart: room between each one's words and the next's
    gaps = pg.evaluate("""() => {
        const ths = [...document.querySelectorAll('.g-game-review table')[0].querySelectorAll('th')];
        const box = (th) => { const r = document.createRange(); r.selectNodeContents(th); return r.getBoundingClientRect(); };
        return ths.slice(1).map((th, i) => box(th).left - box(ths[i]).right); }""")
    assert len(gaps) == 4 and min(gaps) >= 8, gaps
    # scrolled to its end, "Every decision" shows its last column, "given up", and the cue turns back
    pg.eval_on_selector_all(".g-review .table-wrap", "ws => ws.forEach(w => { w.scrollLeft = w.scrollWidth; })")
    pg.wait_for_function("""() => [...document.querySelectorAll('.g-review .table-wrap.scrolls')]
        .every(w => w.classList.contains('at-end'))""")
    last = pg.evaluate("""() => { const w = [...document.querySelectorAll('.g-game-review .table-wrap')]
        .find(x => x.querySelector('caption').textContent === 'Every decision');
        const th = [...w.querySelectorAll('th')].pop(); const r = th.getBoundingClientRect();
        return [th.textContent, r.left, r.right, innerWidth]; }""")
    assert last[0] == "given up" and 0 <= last[1] and last[2] <= last[3], last
    # the score track's numbers: at the page's size, not the drawing's
    marks = pg.eval_on_selector_all(".g-board .g-mark", """ms => ms.map(m => [m.textContent,
        m.getBoundingClientRect().height, parseFloat(getComputedStyle(m).fontSize)])""")
    assert [m[0] for m in marks] == ["0", "30", "61"], marks
    assert all(height >= 11 and size >= 11 for _, height, size in marks), marks
    refusal = pg.inner_text(".g-game-review .g-refused")  # the refusal in the page's words
    assert refusal == "No hand the opponent could hold fits the play so far", refusal
    assert not COMMAND_WORDS.search(pg.inner_text("#panel-games")), pg.inner_text("#panel-games")
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    context.close()
    assert problems == []


def tap_hint_at_the_bottom(pg) -> None:
    """A phone's player who has scrolled no further than to see the Hint button taps it: the
    button as low on the screen as the page lets it be, the hint's box under it (a click by
    Playwright would first scroll the button to the middle)."""
    pg.evaluate("""() => { const r = document.querySelector('#g-hint-go').getBoundingClientRect();
        window.scrollBy(0, r.bottom - innerHeight); }""")
    box = pg.evaluate("""() => { const r = document.querySelector('#g-hint-go').getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2, bottom: r.bottom }; }""")
    assert box["bottom"] < PHONE["height"] + 1  # a scroll moves by whole pixels: a fractional layout leaves < 1 px
    pg.mouse.click(box["x"], box["y"])


def whole_hint_in_view(pg) -> None:
    """The hint's answer, its line and its table, all on the screen (it is shorter than it)."""
    pg.wait_for_function("""() => { const r = document.querySelector('#g-hint').getBoundingClientRect();
        return r.height > 0 && r.height <= innerHeight && r.top >= -1 && r.bottom <= innerHeight + 1; }""", timeout=10_000)


def hint_line(pg) -> dict:
    return pg.evaluate("""() => { const p = document.querySelector('#g-hint .g-hint-line');
        return { text: p.textContent, cards: [...p.querySelectorAll('.cards span')].map(s => s.textContent) }; }""")


def test_the_hint_on_a_phone_is_shown_in_cards_and_a_players_words(browser, site):  # noqa: F811
    """At 375 px pressing Hint seemed to do nothing: its answer was drawn below the fold. It is
    brought into view; it names cards as the page draws them (it said "greedy would play ks"),
    says what the greedy player would play only when that is another card, and speaks no
    command line ("(discard --score, advise --score)")."""
    context, pg, problems = open_page(browser, site.url, PHONE, touch=True)
    pg.goto(site.url + f"/?tab=games&gseed={GSEED}")
    new_game_by(pg, "random", "six-card", keyboard=False)
    tap_hint_at_the_bottom(pg)
    pg.wait_for_selector("#g-hint table")
    whole_hint_in_view(pg)
    line = hint_line(pg)
    assert line["text"].startswith("Throw ") and len(line["cards"]) >= 2 and not ASCII_CARD.search(line["text"]), line
    assert not COMMAND_WORDS.search(pg.inner_text("#panel-games")), pg.inner_text("#panel-games")
    best = pg.get_attribute("#g-hint tr.best", "data-throw").split()
    for c in best:
        pg.click(f'#g-hand [data-card="{c}"]')
    made = state(pg)["decision"]
    pg.click("#g-throw")
    pg.wait_for_function(f"() => +document.querySelector('#g-board').dataset.decision > {made}")
    pg.wait_for_function(READY)
    assert state(pg)["toAct"] == "play"
    tap_hint_at_the_bottom(pg)
    pg.wait_for_selector('#g-hint [data-kind="play"] table', timeout=300_000)
    whole_hint_in_view(pg)
    line = hint_line(pg)
    assert not ASCII_CARD.search(line["text"]) and not COMMAND_WORDS.search(pg.inner_text("#panel-games")), line
    h = pg.evaluate("async () => (await fetch("
                    "'/api/games/' + new URLSearchParams(location.search).get('game') + '/hint')).json()")
    r = h["ranking"]
    best, greedy = r["plays"][0]["card"], r["greedy"]
    assert ("would play" in line["text"]) == (greedy != best), (line, best, greedy)
    # the hint's words for both cases, drawn by the page's own module from this answer
    drawn = pg.evaluate("""async (h) => { const m = await import('/static/games_tables.js');
        const line = (greedy) => { const n = m.hintNode({ ...h, ranking: { ...h.ranking, greedy } });
            const p = n.querySelector('.g-hint-line'); return [p.textContent, [...p.querySelectorAll('.cards span')].map(s => s.textContent)]; };
        const best = h.ranking.plays[0].card, other = h.ranking.plays.map(p => p.card).find(c => c !== best);
        return { same: line(best), other: other ? line(other) : null }; }""", h)
    assert drawn["same"][0] == f"Play {drawn['same'][1][0]}." and len(drawn["same"][1]) == 1, drawn
    if drawn["other"] is not None:
        text, cards = drawn["other"]
        assert len(cards) == 2 and f"would play {cards[1]})." in text and not ASCII_CARD.search(text), drawn
    context.close()
    assert problems == []


@pytest.mark.slow
def test_the_page_asks_again_by_itself_and_clears_its_error_when_the_server_is_back(browser, tmp_path):  # noqa: F811
    """With the page open while the server was down it said "the server does not answer" and
    kept saying it after the restart, offering nothing; now it asks again by itself, waiting 1,
    2, 4 ... s between tries, and once the server answers the error goes and the game goes on
    where it stood (the throw the server never got is asked again)."""
    db, port = tmp_path / "games.sqlite", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_serve(db, port)
    try:
        down = (r"net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE)", r"Failed to fetch")
        context, pg, problems = open_page(browser, base, DESKTOP, allow=down)
        pg.clock.install()  # the page's timers, on a clock the test moves on past each wait
        pg.goto(base + f"/?tab=games&gseed={GSEED}")
        new_game_by(pg, "random", "six-card", keyboard=False)
        before = state(pg)
        throw = pg.eval_on_selector_all('#g-hand .g-card[aria-disabled="false"]', "bs => bs.map(b => b.dataset.card)")[:2]
        for c in throw:
            pg.click(f'#g-hand [data-card="{c}"]')
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
        # the page's time stands still from here: a wait ends only when the test moves the clock on
        pg.clock.pause_at(pg.evaluate("Date.now()") + 1000)
        pg.click("#g-throw")  # the server is gone: the throw is not made
        for seconds in (1, 2, 4):  # asked again by itself, each wait twice the last
            pg.wait_for_function(f"""() => document.querySelector('#g-error').textContent.includes(
                'the server does not answer') && document.querySelector('#g-error').textContent.includes(
                'Trying again in {seconds} s')""", timeout=30_000)
            if seconds < 4:
                pg.clock.fast_forward(seconds * 1000)  # the wait's timer fires now: the next try fails
        assert pg.is_visible("#g-retry")
        proc = start_serve(db, port)
        pg.clock.fast_forward(30_000)  # past the longest wait: the one try due finds the server back
        pg.wait_for_function("() => document.querySelector('#g-error').textContent === ''", timeout=120_000)
        pg.clock.resume()
        pg.wait_for_function(READY)
        assert state(pg) == before and not pg.is_visible("#g-retry")
        assert [c for c in throw if pg.get_attribute(f'#g-hand [data-card="{c}"]', "aria-pressed") == "true"] == throw
        pg.click("#g-throw")  # the throw, now made
        pg.wait_for_function(f"() => +document.querySelector('#g-board').dataset.decision > {before['decision']}")
        pg.wait_for_function(READY)
        assert pg.inner_text("#g-error") == ""
        context.close()
        assert problems == []
    finally:
        stop_serve(proc)
