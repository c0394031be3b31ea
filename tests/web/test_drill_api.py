"""The counting drill through the API (issue #54 item 3): deals of every variant and kind, counts
right and wrong checked against the naive scorer of tests/reference.py, the breakdown against the
scorer's itemisation, a second answer 409 and an unknown drill 404, refused input, hard deals hard
by the documented rule, and the figures adding up across a server restarted on the same file.

The page's drill in a browser: tests/web/test_page_drill.py."""

from __future__ import annotations

import re

import pytest
import reference

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")

from fastapi.testclient import TestClient  # noqa: E402

from crib_stats.core.cards import Card  # noqa: E402
from crib_stats.presentation.web import app as web_app, drill, games_store  # noqa: E402
from crib_stats.referee.events import breakdown_dict  # noqa: E402
from crib_stats.show.scoring import score  # noqa: E402

ASCII_CARD = re.compile(r"^(?:a|[2-9]|10|j|q|k)[cdhs]$")
KEPT = {"six-card": 4, "five-card": 3, "three-player": 4, "four-player": 4}
ORDER = ["fifteen", "pair", "run", "flush", "nobs"]


def client_on(path):
    return TestClient(web_app.create_app(warm_kernels=False, db=path), raise_server_exceptions=False)


def naive(d: dict) -> tuple[int, int, int, int, int]:
    """(fifteens, pairs, runs, flush, nobs) of a dealt drill by the naive scorer."""
    code = lambda c: Card.parse(c).code  # noqa: E731
    return reference.show([code(c) for c in d["cards"]], code(d["starter"]), crib=d["what"] == "crib")


def check_answer(d: dict, a: dict, points: int) -> None:
    """An answer agrees with the naive count, the scorer's itemisation and its own fields."""
    parts = naive(d)
    assert a["points"] == sum(parts) and a["answered"] == points and a["right"] == (points == sum(parts))
    b = a["breakdown"]
    assert (b["fifteens"], b["pairs"], b["runs"], b["flush"], b["nobs"]) == parts and b["total"] == sum(parts)
    assert b == breakdown_dict(score(d["cards"], d["starter"], crib=d["what"] == "crib", variant=d["variant"]))
    kinds = [it["kind"] for it in b["items"]]
    assert kinds == sorted(kinds, key=ORDER.index)  # the rules' order
    for kind, total in zip(ORDER, parts):
        assert sum(it["points"] for it in b["items"] if it["kind"] == kind) == total
    assert all(set(it["cards"]) <= set(d["cards"]) | {d["starter"]} for it in b["items"])
    m = a["missed"]
    assert sum(m.values()) == max(0, sum(parts) - points)
    assert all(m[k] <= v for k, v in zip(drill.KINDS, parts))
    assert 0 <= a["seconds"] < 60
    assert (a["what"], a["variant"], a["cards"], a["starter"]) == (d["what"], d["variant"], d["cards"], d["starter"])


def test_drills_of_every_variant_right_and_wrong_and_the_figures_add_up_across_a_restart(tmp_path):
    db = tmp_path / "games.sqlite"
    expected = {"answered": 0, "right": 0, "seconds": 0.0, "over": [0, 0], "missed": {k: [0, 0] for k in drill.KINDS + ("other",)}}
    answers = []
    pending = None
    for server in range(2):  # the second server reads the first one's drills and figures back from the file
        with client_on(db) as c:
            if pending is not None:  # dealt by the first server, answered by the second
                d, points = pending
                a = c.post(f"/api/drill/{d['id']}", json={"points": points}).json()
                check_answer(d, a, points)
                answers.append(a)
            for i, (variant, what) in enumerate([(v, w) for v in KEPT for w in ("hand", "crib")] * 2):
                r = c.post("/api/drill", json={"what": what, "variant": variant, "hard": i % 3 == 0})
                assert r.status_code == 201 and r.headers["cache-control"] == "no-store"
                d = r.json()
                # the deal and nothing else: no count, no card but its own
                assert set(d) == {"id", "what", "variant", "hard", "cards", "starter"}
                assert len(d["cards"]) == (4 if what == "crib" else KEPT[variant])
                assert all(ASCII_CARD.match(x) for x in d["cards"] + [d["starter"]])
                assert len(set(d["cards"] + [d["starter"]])) == len(d["cards"]) + 1
                true = sum(naive(d))
                points = [true, max(0, true - 2), true + 1, max(0, true - 5)][i % 4]  # right, short, over, short
                if server == 0 and i == 5:
                    pending = (d, points)
                    continue
                a = c.post(f"/api/drill/{d['id']}", json={"points": points}).json()
                check_answer(d, a, points)
                answers.append(a)
                # a second answer: 409, one line, nothing changed
                before = c.get("/api/drill").json()
                r = c.post(f"/api/drill/{d['id']}", json={"points": true})
                assert r.status_code == 409 and r.json() == {"error": f"drill {d['id']} is answered already ({points})"}
                assert c.get("/api/drill").json() == before
            figures = c.get("/api/drill").json()
    for a in answers:
        expected["answered"] += 1
        expected["right"] += a["right"]
        expected["seconds"] += a["seconds"]
        if a["answered"] > a["points"]:
            expected["over"][0] += 1
            expected["over"][1] += a["answered"] - a["points"]
        for k, p in a["missed"].items():
            expected["missed"][k][0] += p > 0
            expected["missed"][k][1] += p
    n = expected["answered"]
    assert n == 32 and 0 < expected["right"] < n
    assert figures == {"answered": n, "right": expected["right"], "accuracy": round(expected["right"] / n, 4),
                       "mean_seconds": round(expected["seconds"] / n, 3),
                       "over": {"drills": expected["over"][0], "points": expected["over"][1]},
                       "missed": {k: {"drills": v[0], "points": v[1]} for k, v in expected["missed"].items()}}
    assert expected["over"][0] > 0 and sum(v[1] for v in expected["missed"].values()) > 0
    # the figures carry no card
    assert not re.search(r"\b(?:10|[2-9ajqk])[cdhs]\b", str(figures))


def test_hard_drills_are_hard_by_the_documented_rule_and_plain_ones_are_not_all_hard(tmp_path):
    with client_on(tmp_path / "g.sqlite") as c:
        plain_hard = 0
        for variant in ("six-card", "five-card"):
            for what in ("hand", "crib"):
                for hard in (True, False):
                    for _ in range(12):
                        d = c.post("/api/drill", json={"what": what, "variant": variant, "hard": hard}).json()
                        a = c.post(f"/api/drill/{d['id']}", json={"points": 0}).json()
                        f, p, r, fl, nb = naive(d)
                        runs = [it for it in a["breakdown"]["items"] if it["kind"] == "run"]
                        # a run's cards are consecutive ranks (the naive scorer has the runs' points)
                        for it in runs:
                            ranks = sorted(Card.parse(x).rank for x in it["cards"])
                            assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))
                        is_hard = f + p + r + fl + nb >= 12 or f // 2 >= 4 or len(runs) >= 2
                        if hard:
                            assert is_hard, d
                        else:
                            plain_hard += is_hard
        assert plain_hard < 24  # 48 plain deals, each hard with chance 0.016 to 0.085


def test_refusals_are_one_line_4xx(tmp_path):
    with client_on(tmp_path / "g.sqlite") as c:
        d = c.post("/api/drill", json={"what": "hand"}).json()
        assert d["variant"] == "six-card" and d["hard"] is False and len(d["cards"]) == 4
        cases = [
            ("/api/drill", {"what": "hand", "seed": 3}, 422, "drill: parameter seed: Extra inputs are not permitted"),
            ("/api/drill", {"what": "both"}, 422, "drill: parameter what: 'both' is not one of hand, crib"),
            ("/api/drill", {}, 422, "drill: parameter what is required"),
            ("/api/drill", {"what": "hand", "hard": "very"}, 422, "drill: parameter hard: true or false, got 'very'"),
            ("/api/drill", {"what": "crib", "variant": "seven-card"}, 400,
             "unknown variant 'seven-card'; choose one of six-card, five-card, three-player, four-player"),
            ("/api/drill?hard=1", {"what": "hand"}, 422, "drill: unknown parameter 'hard' (it takes no parameters)"),
            (f"/api/drill/{d['id']}", {"points": -1}, 422, f"drill/{d['id']}: parameter points: at least 0, got '-1'"),
            (f"/api/drill/{d['id']}", {"points": 100}, 422, f"drill/{d['id']}: parameter points: at most 99, got '100'"),
            (f"/api/drill/{d['id']}", {"points": "ten"}, 422, f"drill/{d['id']}: parameter points: a whole number, got 'ten'"),
            (f"/api/drill/{d['id']}", {"points": 3, "time": 2}, 422,
             f"drill/{d['id']}: parameter time: Extra inputs are not permitted"),
            (f"/api/drill/{d['id']}?wait=1", {"points": 3}, 422,
             f"drill/{d['id']}: unknown parameter 'wait' (it takes no parameters)"),
            ("/api/drill/0123456789abcdef", {"points": 3}, 404,
             "drill '0123456789abcdef' not found (unknown, or dealt over a day ago and never answered)"),
        ]
        for url, body, status, line in cases:
            r = c.post(url, json=body)
            assert (r.status_code, r.json()) == (status, {"error": line}), url
        r = c.get("/api/drill?answered=1")
        assert r.status_code == 422 and r.json() == {"error": "drill: unknown parameter 'answered' (it takes no parameters)"}
        r = c.post("/api/drill", content=b'{"what": "hand", "x": "' + b"y" * 2000 + b'"}',
                   headers={"content-type": "application/json"})
        assert r.status_code == 413 and r.json()["error"] == f"request bodies are limited to {web_app.MAX_BODY} bytes"
        # nothing refused was answered: the drill is still open
        assert c.get("/api/drill").json()["answered"] == 0
        assert c.post(f"/api/drill/{d['id']}", json={"points": 3}).status_code == 200


def test_an_unanswered_drill_is_deleted_a_day_later(tmp_path):
    s = games_store.GameStore(tmp_path / "g.sqlite")
    s.create_drill("a" * 16, "hand", "six-card", False, 1, ["5h", "5c", "5s", "jd"], "5d", 29, 1000.0)
    s.create_drill("b" * 16, "hand", "six-card", False, 2, ["5h", "5c", "5s", "jd"], "5d", 29, 1000.0 + games_store.DRILL_KEEP)
    assert s.load_drill("a" * 16) is not None  # not yet over a day
    s.create_drill("c" * 16, "crib", "six-card", False, 3, ["5h", "5c", "5s", "jd"], "5d", 29, 1001.0 + games_store.DRILL_KEEP)
    assert s.load_drill("a" * 16) is None and s.load_drill("b" * 16)["cards"] == ["5h", "5c", "5s", "jd"]
    s.close()


@pytest.mark.parametrize("cards, starter, crib", [("3c 3d 4h 5s", "kh", False), ("5h 5c 5s jd", "5d", False),
                                                  ("4h 5h 6h jh", "6c", False), ("ah 2h 3h 4h", "kh", True),
                                                  ("5c 10c jc", "2c", False)])
def test_what_a_short_count_missed_is_made_of_whole_combinations(cards, starter, crib):
    b = score(cards, starter, crib=crib, variant="five-card" if len(cards.split()) == 3 else "six-card")
    points = {"fifteens": [2] * len(b.fifteen_sets), "pairs": [2] * len(b.pair_sets),
              "runs": [len(s) for s in b.run_sets], "flush": [b.flush] if b.flush else [], "nobs": [b.nobs] if b.nobs else []}
    for answer in range(0, b.total + 3):
        m = drill.missed(b, answer)
        assert sum(m.values()) == max(0, b.total - answer)
        for kind, each in points.items():  # a whole number of the kind's combinations, at most all of them
            if m[kind]:
                assert m[kind] in {sum(each[:k]) for k in range(1, len(each) + 1)}, (answer, kind, m)
        if m["other"]:  # only when no combinations make the shortfall up
            sums = {0}
            for p in [x for each in points.values() for x in each]:
                sums |= {s + p for s in sums}
            assert b.total - answer not in sums
