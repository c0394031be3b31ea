"""The play advisor's rows of scripts/bench.py (``--advise``, and its default run), warm, in-process:

- :func:`advise_rows`: ``advise`` at the lead and after one, three and five cards, the
  per-machine table of every hand's keep against the walk over every opponent hand one at a
  time (the same exact answer);
- :func:`engine_rows` (#31 item 7): ``advise(..., score=...)``, what the ``engine`` player asks,
  over every decision with a choice of a few seeded deals of each variant
  (:func:`engine_situations`), the table's walk against the walk over every hand (the same
  answers, asserted): median, 90th percentile, the median per kind, without a score, and with
  ``rest="minimax"`` (both playing the rest optimally) against the greedy rest;
- with ``--against REV``: the same calls in this tree against revision REV's code loaded beside
  it in this process (:func:`advise_against_rows`, after :func:`same_answers_against` has
  checked every answer field for field);
- :func:`search_rows` (``--search``, #51): the ``search`` player's throws and cards in one game,
  P(win) on the board against the same search by points, and play-outs against their twin.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests"))

import reference  # noqa: E402  (the naive twins)
from bench_timing import best_of  # noqa: E402

from crib_stats.model.variants import variant  # noqa: E402


ADVISE_HAND = ("5h 6h 7c jd qs kd", "qs kd", "4c")
ADVISE_AT = (("pone", "", "the lead, 8,145,060 hands (target <= 2 s)"), ("dealer", "10s", "after one card"),
             ("dealer", "10s 5h 9c", "after three cards"), ("dealer", "10s 5h 9c 6h ah", "after five cards"))


def advise_rows() -> list[tuple[str, float, str, float]]:
    """The play advisor: the per-machine table of every hand's keep against the walk over every
    opponent hand one at a time (the same exact answer), at the lead and later in the play."""
    from crib_stats.game.advise import advise

    rows = []
    for seat, played, what in ADVISE_AT:
        advise(*ADVISE_HAND, seat, played)
        t_table = best_of(lambda: advise(*ADVISE_HAND, seat, played), 3)
        t_cards = best_of(lambda: advise(*ADVISE_HAND, seat, played, walk="cards"), 1 if not played else 3)
        rows.append((f"advise: {what}", t_table, "every opponent hand walked one by one", t_cards))
    return rows


def engine_situations(variant_name: str, deals: int, seed: int, first: int = 0) -> list[dict]:
    """Every decision of both seats with a choice (two ranks or more that fit) in deals
    first..first+deals-1 of ``seed`` of the game model (:func:`crib_stats.kernels.game.deal_cards`; both throw by the
    objective with the sweep's tie rule, :func:`crib_stats.kernels.game.choose_throw`; both play
    greedy), each with a seeded score below the target: what the ``engine`` player asks
    ``advise(..., score=...)``. ``kind``: lead, after one card (one in the count), after a go (the
    other side said go in this count) or mid-count."""
    from crib_stats.core.cards import Card
    from crib_stats.game.board import rules
    from crib_stats.game.model import deal_inputs
    from crib_stats.kernels import game as kg

    v = variant(variant_name)
    inp = deal_inputs(v.name, "objective")
    scratch = [np.zeros(inp["throws"].shape[0], np.int64) for _ in range(5)]
    target = rules(v.name)["target"]
    rng = random.Random(seed)
    out = []
    for k in range(first, first + deals):
        drawn = np.zeros(2 * v.dealt + 1, np.int64)
        kg.deal_cards(seed, k, len(drawn), drawn)
        dealt, thrown = {}, {}
        for seat, lo, role in (("dealer", 0, 1), ("pone", v.dealt, 2)):
            cards = np.sort(drawn[lo:lo + v.dealt])
            q = kg.choose_throw(cards, role, inp["index"], inp["rank_hand"], inp["rank_crib"], inp["throws"],
                                v.others_to_crib, *scratch, inp["rank_throws"])
            dealt[seat] = [int(c) for c in cards]
            thrown[seat] = [int(c) for c in cards[inp["throws"][q]]]
        left = {seat: [c for c in dealt[seat] if c not in thrown[seat]] for seat in dealt}
        play = reference._Play([reference.card(c)[0] for c in left["pone"]],
                               [reference.card(c)[0] for c in left["dealer"]], v.play_stops_at_first_go)
        play.pass_turns()
        played, owners = [], []
        while not play.over:
            seat = "pone" if play.turn == 0 else "dealer"
            fits = {reference.card(c)[0] for c in left[seat]
                    if play.count() + reference.value(reference.card(c)[0]) <= 31}
            if len(fits) >= 2:
                kind = ("lead" if not owners else "after one card" if len(owners) == 1 else
                        "after a go" if owners[-1] == seat else "mid-count")
                out.append(dict(dealt=[str(Card.from_code(c)) for c in dealt[seat]],
                                throw=[str(Card.from_code(c)) for c in thrown[seat]],
                                starter=str(Card.from_code(int(drawn[-1]))), role=seat,
                                played=[str(Card.from_code(c)) for c in played], variant=v.name, kind=kind,
                                score=(rng.randrange(target - 1), rng.randrange(target - 1))))
            r = play.greedy()
            code = next(c for c in left[seat] if reference.card(c)[0] == r)
            left[seat].remove(code)
            played.append(code)
            play.play(r)
            owners = owners + [seat] if play.count_seq else []
    return out


def engine_rows(deals: int = 20, seed: int = 31) -> list[tuple[str, float, str, float]]:
    """#31 item 7: ``advise(..., score=...)`` warm in-process over the decisions of
    :func:`engine_situations` (``deals`` deals of each variant), the per-machine table's walk
    against the walk over every opponent hand one at a time (the same answers, asserted): the
    median and 90th percentile over every decision, the median per kind (a decision after a go
    is rare, 1 in 70: those of the next 200 six-card deals join that row), and the same
    without a score."""
    from statistics import median

    from crib_stats.game.advise import advise

    def args(x):
        return (x["dealt"], x["throw"], x["starter"], x["role"], x["played"])

    sits = engine_situations("six-card", deals, seed) + engine_situations("five-card", deals, seed)
    after_go = [x for x in engine_situations("six-card", 200, seed, first=deals) if x["kind"] == "after a go"]
    times = {"table": [], "cards": [], "plain": [], "minimax": []}
    for x in sits + after_go:
        kw = dict(score=x["score"], variant=x["variant"])
        a = advise(*args(x), **kw)
        times["table"].append(best_of(lambda: advise(*args(x), **kw), 3))
        t = time.perf_counter()
        b = advise(*args(x), walk="cards", **kw)
        times["cards"].append(time.perf_counter() - t)
        assert [(p.card, p.ev, p.p_win) for p in a.plays] == [(p.card, p.ev, p.p_win) for p in b.plays], x
        advise(*args(x), variant=x["variant"])
        times["plain"].append(best_of(lambda: advise(*args(x), variant=x["variant"]), 3))
        advise(*args(x), rest="minimax", **kw)
        times["minimax"].append(best_of(lambda: advise(*args(x), rest="minimax", **kw), 3))

    def p90(v):
        return sorted(v)[int(0.9 * (len(v) - 1))]

    n = len(sits)
    main = {k: v[:n] for k, v in times.items()}
    rows = [(f"engine: advise --score, median of {n} decisions (target <= 50 ms)", median(main["table"]),
             "every opponent hand walked one by one", median(main["cards"])),
            (f"engine: advise --score, 90th percentile of {n}", p90(main["table"]),
             "every opponent hand walked one by one", p90(main["cards"]))]
    for kind in ("lead", "after one card", "mid-count", "after a go"):
        at = [i for i, x in enumerate(sits + after_go) if x["kind"] == kind]
        rows.append((f"engine: advise --score, median of {len(at)} {kind}s", median(times["table"][i] for i in at),
                     "every opponent hand walked one by one", median(times["cards"][i] for i in at)))
    rows.append((f"engine: advise without a score, median of {n}", median(main["plain"]),
                 "advise --score, median", median(main["table"])))
    rows.append((f"advise --score --rest minimax, median of {n}", median(main["minimax"]),
                 "advise --score (greedy's rest), median", median(main["table"])))
    rows.append((f"advise --score --rest minimax, 90th percentile of {n}", p90(main["minimax"]),
                 "advise --score (greedy's rest), 90th pct", p90(main["table"])))
    return rows


def package_at(rev: str, folder: str, name: str = "crib_then") -> str:
    """The package as of git revision ``rev``, unpacked under ``folder`` as ``name`` (every
    ``crib_stats`` in its Python sources renamed), so both versions load in one process."""
    import io
    import tarfile

    blob = subprocess.run(["git", "-C", ROOT, "archive", rev, "crib_stats"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
        tar.extractall(folder, filter="data")
    os.rename(os.path.join(folder, "crib_stats"), os.path.join(folder, name))
    for here, _, files in os.walk(os.path.join(folder, name)):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(here, f)
                with open(path) as fh:
                    text = fh.read()
                with open(path, "w") as fh:
                    fh.write(text.replace("crib_stats", name))
    return name


def advise_at(rev: str, folder: str):
    """``advise`` of revision ``rev``'s code, unpacked under ``folder`` (:func:`package_at`)."""
    import importlib

    name = package_at(rev, folder)
    sys.path.insert(0, folder)
    try:
        return importlib.import_module(f"{name}.game.advise").advise
    finally:
        sys.path.remove(folder)


def advise_against_rows(rev: str, rounds: int = 7) -> list[tuple[str, float, str, float]]:
    """Each call of :func:`advise_rows` (both walks) in this tree against the same call in
    revision ``rev``'s code, loaded beside it in this process and timed in turn, round after
    round, each keeping its best: ratio = then / now (above 1: faster now). Same answers asserted."""
    from crib_stats.game.advise import advise

    with tempfile.TemporaryDirectory() as tmp:
        then = advise_at(rev, tmp)
        rows = []
        for seat, played, what in ADVISE_AT:
            for walk in ("auto", "cards") if played else ("auto",):
                def now_call():
                    return advise(*ADVISE_HAND, seat, played, walk=walk)

                def then_call():
                    return then(*ADVISE_HAND, seat, played, walk=walk)

                a, b = now_call(), then_call()
                assert [(p.card, p.ev) for p in a.plays] == [(p.card, p.ev) for p in b.plays], what
                best = {now_call: float("inf"), then_call: float("inf")}
                for _ in range(rounds):
                    for fn in best:
                        t = time.perf_counter()
                        fn()
                        best[fn] = min(best[fn], time.perf_counter() - t)
                label = "table" if walk == "auto" else "every hand walked"
                rows.append((f"advise, {label}: {what.split(' (')[0]}", best[now_call], f"the same at {rev}",
                             best[then_call]))
    return rows


def same_answers_against(rev: str, deals: int = 4, seed: int = 34) -> None:
    """Every decision of :func:`engine_situations` (``deals`` deals of each variant) answered by
    this tree and by revision ``rev``'s code in this process: the same answer, field for field
    (every card's ev, P(win), bound and skunk figures, the consistent hands), for both discard
    policies where the variant has them, with the situation's score and without; an error must
    be the same error. Prints how many were compared."""
    from crib_stats.game.advise import advise

    def answer(fn, x, **kw):
        try:
            a = fn(x["dealt"], x["throw"], x["starter"], x["role"], x["played"], variant=x["variant"], **kw)
        except Exception as e:  # both trees' AdviseError: compared by class name and text
            return type(e).__name__, str(e)
        return (a.plays, a.greedy, a.count, a.hands_consistent, a.hands_total, a.best_for_points, a.score)

    with tempfile.TemporaryDirectory() as tmp:
        then = advise_at(rev, tmp)
        n = errors = 0
        sits = engine_situations("six-card", deals, seed) + engine_situations("five-card", deals, seed)
        for x in sits:
            policies = ("objective", "equilibrium") if x["variant"] == "six-card" else ("objective",)
            for pol in policies:
                for score in (x["score"], None):
                    a = answer(advise, x, discard_policy=pol, score=score)
                    b = answer(then, x, discard_policy=pol, score=score)
                    if isinstance(a[0], str):
                        assert a[0] == "AdviseError" and a == b, (x, pol, score, a, b)
                        errors += 1
                    else:  # CardAdvice of two packages: compare their fields
                        assert [vars(p) for p in a[0]] == [vars(p) for p in b[0]] and a[1:] == b[1:], (x, pol, score)
                    n += 1
    print(f"the same answers as {rev}: {n} calls ({len(sits)} decisions, {errors} of the calls refused by both)")


def search_rows(seed: int = 5, outs: int = 2000, naive: int = 200) -> list[tuple[str, float, str, float]]:
    """11. The ``search`` player (#51): every decision of one game against greedy (its default
    budget, warm), the median a throw and a card, valued by P(win) on the board against the same
    search valued by the deal's points (``search-points``: the baseline, same budget); and one
    play-out valued by P(win) (``kernels.ismcts.deal_win``) against its naive twin
    (``reference.search_deal_win_twin``), per play-out."""
    from statistics import median

    from crib_stats.game.board import committed_tables, kernel_tables
    from crib_stats.kernels.ismcts import deal_win
    from crib_stats.kernels.play import new_play, settle
    from crib_stats.players import GreedyPlayer
    from crib_stats.players.search import SearchPlayer
    from crib_stats.referee import play_game

    class Timed:
        def __init__(self, player):
            self.player, self.name, self.times = player, player.name, {"discard": [], "play": []}

        def new_game(self, *args):
            self.player.new_game(*args)

        def discard(self, view):
            t = time.perf_counter()
            a = self.player.discard(view)
            self.times["discard"].append(time.perf_counter() - t)
            return a

        def play(self, view):
            t = time.perf_counter()
            a = self.player.play(view)
            if len(view.legal) > 1:
                self.times["play"].append(time.perf_counter() - t)
            return a

    timed = {}
    for points in (False, True):
        play_game((SearchPlayer(seed, budget=20, points=points), GreedyPlayer()), seed=seed)  # warm
        t = Timed(SearchPlayer(seed, points=points))
        play_game((t, GreedyPlayer()), seed=seed)
        timed[points] = t.times
    rows = [(f"search: a throw, median of {len(timed[False]['discard'])} (P(win) on the board)",
             median(timed[False]["discard"]), "search-points, the same budget", median(timed[True]["discard"])),
            (f"search: a card with a choice, median of {len(timed[False]['play'])}", median(timed[False]["play"]),
             "search-points, the same budget", median(timed[True]["play"]))]
    rng = random.Random(seed)
    tab = kernel_tables(*committed_tables("six-card"))
    deals = []
    for _ in range(outs):
        cards = rng.sample(range(52), 13)
        deals.append((cards[:4], cards[4:8], cards[8:12], cards[12], [rng.randrange(6) for _ in range(8)],
                      rng.randrange(90, 121), rng.randrange(90, 121)))

    def kernel(n):
        for pone, dealer, crib, starter, picks, a, b in deals[:n]:
            st, seq = new_play(np.bincount([c // 4 for c in pone], minlength=13).astype(np.int64),
                               np.bincount([c // 4 for c in dealer], minlength=13).astype(np.int64))
            deal_win(settle(st, False), seq, False, np.array(picks, np.int64), 1, np.array(dealer, np.int64),
                     np.array(pone, np.int64), 4, np.array(crib, np.int64), starter, True,
                     np.array([a, b, 121, 91], np.int64), tab)

    def twin():
        for pone, dealer, crib, starter, picks, a, b in deals[:naive]:
            reference.search_deal_win_twin(pone, dealer, crib, starter, 1, picks, a, b, 121,
                                           lambda d, p: tab[d, p, 0])

    kernel(2)
    rows.append(("search: 1,000 play-outs valued by P(win) (deal_win, each called from Python)",
                 best_of(lambda: kernel(outs), 3) / outs * 1000, "its naive twin", best_of(twin, 1) / naive * 1000))
    return rows
