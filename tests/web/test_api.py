"""crib-stats serve: the JSON API against the command line (the same objects, the same error
lines), its limits, its OpenAPI document, the serve subcommand, a bounded load and a fuzz.
The page in a real browser: tests/web/test_page.py."""

from __future__ import annotations

import argparse
import json
import socket
import threading
import urllib.request
from pathlib import Path
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

pytest.importorskip("fastapi", reason="the web extra: pip install -e '.[web]'")

from fastapi.testclient import TestClient  # noqa: E402

from crib_stats.core.errors import UsageError  # noqa: E402
from crib_stats.presentation.cli import main  # noqa: E402
from crib_stats.presentation.web import app as web_app  # noqa: E402
from crib_stats.presentation.web import command  # noqa: E402
from studies import web_load as load  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OPENAPI = ROOT / "docs" / "openapi.json"
STATIC = ROOT / "crib_stats" / "presentation" / "web" / "static"


@pytest.fixture(scope="module")
def client():
    # one heavy worker: these tests ask what the API answers, not how many compute it at once (the
    # second worker's start and warm-up are seconds of CPU)
    with TestClient(web_app.create_app(heavy_workers=1), raise_server_exceptions=False) as c:
        yield c


def cli(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def get(client, path: str, **params):
    return client.get(path + "?" + urlencode({k: v for k, v in params.items() if v is not None}))


# (query parameters, the same request on the command line)
SAME = [
    ("/api/score", {"cards": "5h 5c 5s jd", "starter": "5d"}, ["score", "5h", "5c", "5s", "jd", "--starter", "5d"]),
    ("/api/score", {"cards": "ah,3h,7h,10h", "starter": "js", "crib": "true"},
     ["score", "ah,3h,7h,10h", "--starter", "js", "--crib"]),
    ("/api/score", {"cards": "5h5c5s", "starter": "jd", "variant": "five-card"},
     ["score", "5h5c5s", "--starter", "jd", "--variant", "five-card"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd", "role": "pone"}, ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone"]),
    ("/api/discard", {"cards": "5♥ 6♥ 7c Jd Qs Kd", "role": "dealer", "need": "12", "top": "3"},
     ["discard", "5♥", "6♥", "7c", "Jd", "Qs", "Kd", "--dealer", "--need", "12", "--top", "3"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd", "role": "dealer", "starter": "4c", "crib_model": "equilibrium"},
     ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--starter", "4c", "--crib-model", "equilibrium"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd", "role": "pone", "pegging": "greedy", "peg_opponent": "equilibrium",
                      "need": "8", "rank_by": "ev"},
     ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--pegging", "greedy", "--peg-opponent", "equilibrium",
      "--need", "8", "--rank-by", "ev"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs", "role": "dealer", "variant": "five-card", "crib_model": "hessel"},
     ["discard", "5h", "6h", "7c", "jd", "qs", "--dealer", "--variant", "five-card", "--crib-model", "hessel"]),
    ("/api/discard", {"cards": "Th 6h 7c jd qs", "role": "pone", "variant": "three-player"},
     ["discard", "Th", "6h", "7c", "jd", "qs", "--pone", "--variant", "three-player"]),
    ("/api/peg", {"cards": "4 2 3 5 6"}, ["peg", "4", "2", "3", "5", "6"]),
    ("/api/peg", {"pone": "7c 7d 4h 4s", "dealer": "7h 7s 4c 4d", "play": "7c 7h 7d 7s 4h 4c 4s 4d"},
     ["peg", "--pone", "7c", "7d", "4h", "4s", "--dealer", "7h", "7s", "4c", "4d", "--play",
      "7c", "7h", "7d", "7s", "4h", "4c", "4s", "4d"]),
    ("/api/peg", {"pone": "5 5 4 4", "dealer": "5 4 4 K", "best": "pone"},
     ["peg", "--pone", "5", "5", "4", "4", "--dealer", "5", "4", "4", "K", "--best", "pone"]),
    ("/api/peg", {"pone": "4 5 6 7", "dealer": "5 5 10 K", "policy": "minimax"},
     ["peg", "--pone", "4", "5", "6", "7", "--dealer", "5", "5", "10", "K", "--policy", "minimax"]),
]


@pytest.mark.parametrize("path,params,argv", SAME, ids=[f"{p} {' '.join(a[1:4])}" for p, _, a in SAME])
def test_the_api_answers_with_the_clis_json_object(client, capsys, path, params, argv):
    code, out, _ = cli(capsys, argv + ["--json"])
    assert code == 0
    r = get(client, path, **params)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/json"
    assert r.text == out.rstrip("\n")  # byte for byte, not only the same data
    assert r.json()["command"] == argv[0]


# (query parameters, the same request on the command line): each fails with one line
BAD = [
    ("/api/score", {"cards": "5h 5c 5s zz", "starter": "5d"}, ["score", "5h", "5c", "5s", "zz", "--starter", "5d"]),
    ("/api/score", {"cards": "5h 5c 5s jd", "starter": "5h"}, ["score", "5h", "5c", "5s", "jd", "--starter", "5h"]),
    ("/api/score", {"cards": "5h 5c 5s jd", "starter": "5d", "variant": "nine-card"},
     ["score", "5h", "5c", "5s", "jd", "--starter", "5d", "--variant", "nine-card"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd"}, ["discard", "5h", "6h", "7c", "jd", "qs", "kd"]),
    ("/api/discard", {"cards": "5h 6h 7c", "role": "pone"}, ["discard", "5h", "6h", "7c", "--pone"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs qs", "role": "pone"}, ["discard", "5h", "6h", "7c", "jd", "qs", "qs", "--pone"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd", "role": "pone", "need": "40"},
     ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--need", "40"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd", "role": "pone", "top": "0"},
     ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--top", "0"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd", "role": "pone", "rank_by": "need"},
     ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--rank-by", "need"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd", "role": "pone", "peg_opponent": "random"},
     ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--peg-opponent", "random"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd", "role": "pone", "starter": "5h"},
     ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--starter", "5h"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd", "role": "dealer", "crib_model": "nonsense"},
     ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--crib-model", "nonsense"]),
    ("/api/discard", {"cards": "5h 6h 7c jd qs kd", "role": "dealer", "crib_model": "hessel", "need": "20"},
     ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--crib-model", "hessel", "--need", "20"]),
    ("/api/peg", {}, ["peg"]),
    ("/api/peg", {"cards": "K Q J 10"}, ["peg", "K", "Q", "J", "10"]),
    ("/api/peg", {"pone": "5 5 4 4"}, ["peg", "--pone", "5", "5", "4", "4"]),
    ("/api/peg", {"pone": "5 5 4 4", "dealer": "5 4 4 K"}, ["peg", "--pone", "5", "5", "4", "4", "--dealer", "5", "4", "4", "K"]),
    ("/api/peg", {"cards": "4 2", "variant": "four-player"}, ["peg", "4", "2", "--variant", "four-player"]),
]


@pytest.mark.parametrize("path,params,argv", BAD, ids=[f"{p} {' '.join(a)[:40]}" for p, _, a in BAD])
def test_bad_input_is_400_with_the_clis_line(client, capsys, path, params, argv):
    code, out, err = cli(capsys, argv)
    assert code == 2 and out == ""
    r = get(client, path, **params)
    assert r.status_code == 400, r.text
    assert r.json() == {"error": err.strip().removeprefix("crib-stats: error: ")}
    assert "\n" not in r.json()["error"] and "Traceback" not in r.text


@pytest.mark.parametrize("params,line", [
    ({"pegging": "greedyish"}, "discard: parameter pegging: 'greedyish' is not one of greedy, minimax"),
    ({"rank_by": "luck"}, "discard: parameter rank_by: 'luck' is not one of ev, need"),
    ({"peg_opponent": "shark", "pegging": "greedy"},
     "discard: parameter peg_opponent: 'shark' is not one of random, equilibrium"),
    ({"need": "lots"}, "discard: parameter need: a whole number, got 'lots'"),
    ({"top": "3.5"}, "discard: parameter top: a whole number, got '3.5'"),
])
def test_a_value_outside_its_choices_or_not_a_number_is_422_naming_the_parameter(client, params, line):
    r = get(client, "/api/discard", cards="5h 6h 7c jd qs kd", role="pone", **params)
    assert r.status_code == 422
    assert r.json() == {"error": line}


def test_other_validation_errors_are_one_line_too(client):
    for r in (get(client, "/api/discard", role="pone"), get(client, "/api/discard", cards="5h", role="croupier"),
              get(client, "/api/score", cards="5h 5c 5s jd", starter="5d", crib="perhaps")):
        assert r.status_code == 422
        assert list(r.json()) == ["error"] and "\n" not in r.json()["error"]
    assert get(client, "/api/discard", role="pone").json()["error"] == "discard: parameter cards is required"
    assert "'croupier' is not one of dealer, pone" in get(client, "/api/discard", cards="5h", role="croupier").json()["error"]
    assert (get(client, "/api/score", cards="5h 5c 5s jd", starter="5d", crib="perhaps").json()["error"]
            == "score: parameter crib: true or false, got 'perhaps'")


def test_heavy_work_and_files_stay_on_the_command_line(client):
    r = get(client, "/api/discard", cards="5h 6h 7c jd qs kd", role="pone", crib_model="table:/etc/passwd")
    assert r.status_code == 400 and "for the command line" in r.json()["error"]
    for path in ("/api/sweep", "/api/claims", "/api/crib-table", "/api/enumerate"):
        assert client.get(path).status_code == 404
    # --extremes and --play-table are not parameters: asking for them is refused, naming them
    r = get(client, "/api/peg", extremes="true", play_table="greedy")
    assert r.status_code == 422
    assert r.json()["error"] == ("peg: unknown parameter 'extremes' (it takes best, cards, dealer, play, policy, pone, "
                                 "variant, worst)")
    assert {p for p in client.get("/openapi.json").json()["paths"]} == {
        "/api/score", "/api/discard", "/api/peg", "/api/advise", "/api/game", "/api/game/table", "/api/game/board-play",
        *(f"/api/games{p}" for p in ("", "/{game_id}", "/{game_id}/discard", "/{game_id}/play", "/{game_id}/count",
                                      "/{game_id}/muggins", "/{game_id}/hint",
                                      "/{game_id}/review", "/{game_id}/record")), "/api/drill", "/api/drill/{drill_id}"}


def test_query_strings_and_bodies_are_limited(client):
    r = client.get("/api/discard?cards=" + "5h" * 600 + "&role=pone")
    assert r.status_code == 414 and r.json() == {"error": f"the query string is over {web_app.MAX_QUERY} bytes"}
    r = client.request("GET", "/api/peg?cards=4", content=b"x" * (web_app.MAX_BODY + 1))
    assert r.status_code == 413 and "limited" in r.json()["error"]
    assert client.request("GET", "/api/peg?cards=4", content=b"x" * 10).status_code == 200  # small: ignored
    # one parameter over its own limit: 422, one line
    r = get(client, "/api/discard", cards="5h " * 100, role="pone")
    assert r.status_code == 422 and r.json()["error"] == "discard: parameter cards: at most 200 characters, got 300"


def test_the_page_is_served_and_nothing_outside_its_folder(client):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in r.headers["content-security-policy"]
    names = sorted(p.name for p in STATIC.iterdir())
    assert {"index.html", "main.js", "style.css"} <= set(names)
    for name in names:  # the ES modules too: a browser runs a module only with a JavaScript type
        kind = {"js": "text/javascript", "css": "text/css", "html": "text/html"}[name.rpartition(".")[2]]
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and r.headers["content-type"].startswith(kind), name
    # no address of another host in the page's files (works offline)
    for name in names:
        text = client.get(f"/static/{name}").text
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text, name
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py", "/static/%2e%2e%2f__init__.py",
                 "/static/", "/static/index.html/..", "/static//etc/passwd", "/static/app.js%00.html",
                 "/static/..%5capp.py", "/../pyproject.toml"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert list(r.json()) == ["error"]
        assert "import" not in r.text


def test_on_loopback_only_loopback_host_names_are_answered():
    app = web_app.create_app(warm_kernels=False, allowed_hosts=command.LOOPBACK_NAMES)
    with TestClient(app, base_url="http://127.0.0.1:8421") as c:
        assert c.get("/api/peg?cards=5+10").status_code == 200
        assert c.get("/api/peg?cards=5+10", headers={"Host": "localhost:8421"}).status_code == 200
        assert c.get("/api/peg?cards=5+10", headers={"Host": "[::1]:8421"}).status_code == 200
        r = c.get("/api/peg?cards=5+10", headers={"Host": "rebind.example:8421"})
        assert r.status_code == 400
        assert r.json() == {"error": "this server answers to 127.0.0.1, [::1], localhost only, not Host 'rebind.example'"}
        assert c.get("/", headers={"Host": "rebind.example"}).status_code == 400


def test_an_unexpected_failure_is_one_line_not_a_traceback(client, monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("a bug\nwith a second line")

    from crib_stats.presentation import report

    monkeypatch.setattr(report, "score_json", broken)
    r = get(client, "/api/score", cards="5h 5c 5s jd", starter="5d")
    assert r.status_code == 500
    assert r.json() == {"error": "internal error (RuntimeError); please report it with the URL"}


def test_the_kernels_are_warm_before_the_first_request(client):
    assert client.app.state.warm_seconds > 0


def test_the_committed_openapi_document_is_the_served_one(client):
    served = client.get("/openapi.json")
    assert served.status_code == 200
    assert OPENAPI.read_text(encoding="utf-8") == web_app.openapi_text(client.app), (
        "regenerate: python -c 'from crib_stats.presentation.web.app import openapi_text; "
        "print(openapi_text(), end=\"\")' > docs/openapi.json")
    assert json.loads(OPENAPI.read_text(encoding="utf-8")) == served.json()


# ---------------------------------------------------------------------------------------------
# the serve subcommand
# ---------------------------------------------------------------------------------------------


def serve_parser():
    from crib_stats.presentation.parser import build_parser

    return build_parser()


def test_serve_help_has_an_example():
    text = serve_parser()._subparsers._group_actions[0].choices["serve"].format_help()
    assert "crib-stats serve --open" in text and "--port N" in text and "--host H" in text
    assert "--heavy-workers N" in text and "crib-stats serve --heavy-workers 1" in text


@pytest.mark.parametrize("port,message", [("http", "serve: --port takes a whole number, got 'http'"),
                                          ("70000", "serve: --port must be between 0 and 65535, got 70000")])
def test_serve_rejects_a_bad_port_in_one_line(port, message):
    with pytest.raises(UsageError, match=f"^{message}$"):
        command.run(serve_parser().parse_args(["serve", "--port", port]))


@pytest.mark.parametrize("n,message", [("two", "serve: --heavy-workers takes a whole number, got 'two'"),
                                       ("0", "serve: --heavy-workers must be at least 1, got 0"),
                                       ("17", "serve: --heavy-workers must be at most 16, got 17")])
def test_serve_rejects_a_bad_number_of_heavy_workers_in_one_line(n, message):
    with pytest.raises(UsageError, match=f"^{message}$"):
        command.run(serve_parser().parse_args(["serve", "--port", "0", "--heavy-workers", n]))


def test_a_taken_port_falls_back_to_a_free_one_only_when_it_was_not_asked_for():
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        other = command.bind("127.0.0.1", port, fallback=True)
        assert other.getsockname()[1] not in (port, 0)
        other.close()
        with pytest.raises(UsageError, match=f"cannot listen on 127.0.0.1:{port}"):
            command.bind("127.0.0.1", port, fallback=False)
    finally:
        taken.close()
    with pytest.raises(UsageError, match="not an address"):
        command.bind("no such host.invalid", 0, fallback=False)


@pytest.mark.parametrize("host,warned", [("127.0.0.1", False), ("0.0.0.0", True)])
@pytest.mark.slow  # over 2 s on 2 cores
def test_serve_prints_the_url_opens_the_browser_and_warns_off_loopback(capsys, monkeypatch, host, warned):
    import webbrowser

    opened, seen, up = [], {}, threading.Event()
    monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url))

    def ready(server, url):  # on the server's event loop: hand over, do not block it
        seen.update(server=server, url=url)
        up.set()

    args = serve_parser().parse_args(["serve", "--port", "0", "--host", host, "--open", "--heavy-workers", "1"])
    result = {}
    t = threading.Thread(target=lambda: result.setdefault("code", command.run(args, on_ready=ready)))
    t.start()
    try:
        assert up.wait(timeout=300)
        port = seen["url"].rstrip("/").rpartition(":")[2]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/peg?cards=5+10", timeout=30) as r:
            answer = json.loads(r.read())
    finally:
        if "server" in seen:
            seen["server"].should_exit = True
        t.join(timeout=60)
    assert result.get("code") == 0
    out, err = capsys.readouterr()
    assert f"serving on {seen['url']}" in out and opened == [seen["url"]]
    assert answer["total"] == 2  # fifteen two
    assert ("crib-stats: warning: --host" in err) is warned
    assert seen["server"].config.app.state.heavy.workers == 1  # --heavy-workers reached the pool


# ---------------------------------------------------------------------------------------------
# load and fuzz
# ---------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_bounded_load_has_no_errors():
    """10 concurrent clients x 200 six-card discards on loopback: every one answered, 200, 15
    throws (speed is scripts/bench_web.py's business, not an assertion here)."""
    with command.BackgroundServer(web_app.create_app()) as s:
        run = load.hammer(s.url, clients=10, per_client=200)
    assert len(run.statuses) == 2000
    assert [code for code in run.statuses if code != 200] == []
    assert len(run.server_times) == 2000  # every answer carried the server's time


@pytest.mark.slow  # 10-15 s: every operation 30 times, the heavy ones included
def test_the_api_fuzzed_from_its_openapi_document_never_answers_5xx():
    """Every operation of the document, the heavy ones included (their pool started and warmed
    first, so that a heavy answer is not timed out while its worker compiles; stopped at the end)."""
    schemathesis = pytest.importorskip("schemathesis")
    from crib_stats.presentation.web import pool as heavy_pool

    app = web_app.create_app(warm_kernels=False, heavy_workers=1)  # one worker: the answers are the subject
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    seen: dict[str, set] = {}
    try:
        app.state.heavy.start()
        assert heavy_pool.wait_ready(app.state.heavy)
        for operation in schema.get_all_operations():
            op = operation.ok()

            @settings(max_examples=30, deadline=None, database=None,
                      suppress_health_check=list(HealthCheck))
            @given(case=op.as_strategy())
            def fuzz(case):
                response = case.call(timeout=120)  # a heavy answer takes seconds; a hang still fails
                seen.setdefault(case.path, set()).add(response.status_code)
                assert response.status_code < 500, (case.path, case.query, response.text)
                assert response.status_code in (200, 201, 400, 404, 409, 414, 422, 429)
                if response.status_code >= 400:
                    body = response.json()
                    assert list(body) == ["error"] and "\n" not in body["error"]

            fuzz()
    finally:
        app.state.heavy.close()
    assert set(seen) == set(app.openapi()["paths"])  # every endpoint was called
    assert any(400 in codes for codes in seen.values())  # it reached the library's checks (not only the framework's)


PACK = [r + s for r in ["a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "t", "j", "q", "k"] for s in "cdhs♣♦♥♠"]
token = st.one_of(st.sampled_from(PACK), st.sampled_from(PACK).map(str.upper),
                  st.text(alphabet="0123456789tjqkacdhsx♥♠-,.%", min_size=1, max_size=4))
card_text = st.lists(token, min_size=0, max_size=8).map(" ".join)
maybe = lambda s: st.one_of(st.none(), s)  # noqa: E731


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(cards=card_text, role=maybe(st.sampled_from(["dealer", "pone", "Dealer", ""])),
       variant=maybe(st.sampled_from(["six-card", "five-card", "three-player", "four-player", "x"])),
       crib_model=maybe(st.sampled_from(["random", "equilibrium", "hessel", "table:x", ""])),
       starter=maybe(st.one_of(st.sampled_from(PACK), st.text(max_size=3))),
       need=maybe(st.one_of(st.integers(-5, 70).map(str), st.text(max_size=3))),
       pegging=maybe(st.sampled_from(["greedy", "minimax"])), top=maybe(st.integers(-1, 20).map(str)))
@pytest.mark.slow  # over 2 s on 2 cores
def test_near_valid_discard_requests_never_answer_5xx(fuzz_client, cards, role, variant, crib_model, starter, need,
                                                      pegging, top):
    """Queries built from real card names, junk and out-of-range numbers: 200 or one line."""
    params = dict(cards=cards, role=role, variant=variant, crib_model=crib_model, starter=starter, need=need,
                  pegging=pegging, top=top)
    r = get(fuzz_client, "/api/discard", **params)
    assert r.status_code in (200, 400, 422), (params, r.text)
    if r.status_code == 200:
        body = r.json()
        assert body["command"] == "discard" and len(body["throws"]) >= 1
    else:
        assert list(r.json()) == ["error"] and "\n" not in r.json()["error"]


@settings(max_examples=200, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(cards=card_text, starter=st.one_of(st.sampled_from(PACK), st.text(max_size=3)), crib=st.booleans(),
       count=card_text)
@pytest.mark.slow  # over 2 s on 2 cores
def test_near_valid_score_and_count_requests_never_answer_5xx(fuzz_client, cards, starter, crib, count):
    for r in (get(fuzz_client, "/api/score", cards=cards, starter=starter, crib=str(crib).lower()),
              get(fuzz_client, "/api/peg", cards=count or None)):
        assert r.status_code in (200, 400, 422), r.text
        if r.status_code != 200:
            assert list(r.json()) == ["error"] and "\n" not in r.json()["error"]


@pytest.fixture(scope="module")
def fuzz_client(client):
    return client
