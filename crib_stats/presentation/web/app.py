"""The ASGI application of ``crib-stats serve``: the JSON API and the page.

Every ``/api/*`` answer is the object the command line prints with ``--json`` (the one schema of
:mod:`crib_stats.presentation.report`), built by the same calls as
:mod:`crib_stats.presentation.cli`; its query parameters are the command's options (``role`` is
``--dealer``/``--pone``; card lists are one parameter, separated by spaces or commas as on the
command line). A :class:`~crib_stats.core.errors.CribStatsError` is HTTP 400 with the line the
command line prints after ``crib-stats: error:`` as ``{"error": "..."}``; a parameter FastAPI
rejects (not one of its choices) is 422 with one line in the same shape; nothing else reaches a
client as a traceback (an unexpected failure is 500 with one line).

Only the quick commands are exposed: one hand scored, one deal's throws, one count or one play
of two hands. The long searches (``sweep``, ``crib-table --solve``, ``peg --extremes`` and
``--play-table``, ``claims --recompute``) and a crib model read from a file (``table:FILE``)
stay on the command line. Query strings are limited to :data:`MAX_QUERY` bytes and bodies to
:data:`MAX_BODY` (the API reads none). The page's files are a fixed set read from package data
at start-up: a path names one of them or is 404, so nothing outside the folder can be served.

The library calls run on the event loop's thread, one at a time: a six-card discard takes a few
milliseconds, and numba's kernels are not meant to be entered from many threads at once.
"""

from __future__ import annotations

import json
import time
from contextlib import asynccontextmanager
from importlib import resources
from typing import Literal

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from crib_stats import __version__
from crib_stats.core.errors import CribStatsError, UsageError
from crib_stats.core.rules import variant as get_variant
from crib_stats.discard import analysis as discard
from crib_stats.peg import pegging
from crib_stats.presentation import report
from crib_stats.presentation.parser import build_parser, whole_number
from crib_stats.show.scoring import score as score_hand

MAX_QUERY = 1024  # bytes of query string: six cards and every option fit in a quarter of it
MAX_BODY = 1024  # bytes of request body: the API reads none
STATIC_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
# the page talks to this server only (a browser enforces it: no font, script or request elsewhere)
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")

VARIANT_DOC = "six-card (default), five-card, three-player or four-player"
CARDS_DOC = "cards separated by spaces or commas, as on the command line: 5h 6h 7c jd qs kd, 5♥, 10h or Th"


class ErrorBody(BaseModel):
    """What a request the server will not run gets: the command line's one-line message."""

    error: str


ERRORS = {400: {"model": ErrorBody, "description": "bad input: the command line's one-line message"},
          422: {"model": ErrorBody, "description": "a parameter outside its choices"}}


def _json(obj: dict) -> Response:
    """The object as the command line prints it (``json.dumps(..., ensure_ascii=False)``)."""
    return Response(json.dumps(obj, ensure_ascii=False), media_type="application/json")


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers={"Cache-Control": "no-store"})


def _one_line(exc: Exception) -> str:
    """What ``crib-stats`` prints after ``crib-stats: error:`` for this error."""
    return str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__


def _tokens(text: str | None) -> list[str]:
    """A card list as the shell would split it (commas are read by the card parser)."""
    return [] if text is None else text.split()


def _cards(text: str | None, command: str, what: str) -> list[str]:
    tokens = _tokens(text)
    if not tokens:
        raise UsageError(f"{command}: the following arguments are required: {what}")
    return tokens




def warm() -> float:
    """Compile (or load from numba's cache) the kernels the API calls; seconds taken."""
    start = time.perf_counter()
    score_hand(["5h", "5c", "5s", "jd"], "5d")
    discard.analyse("5h 6h 7c jd qs kd", role="dealer")
    discard.analyse("5h 6h 7c jd qs", role="pone", variant="five-card", need=8)
    pegging.count_points(["4", "2", "3", "5", "6"])
    six = get_variant("six-card")
    pegging.policy_play(["7c", "7d", "4h", "4s"], ["7h", "7s", "4c", "4d"], "minimax", variant=six)
    pegging.best_play(["5", "5", "4", "4"], ["5", "4", "4", "K"], "pone", variant=six)
    for policy in ("greedy", "minimax"):  # E[peg]: the play tables are read once per process
        discard.analyse("5h 6h 7c jd qs kd", role="dealer", pegging=policy, peg_opponent="equilibrium")
        discard.analyse("5h 6h 7c jd qs kd", role="pone", pegging=policy)
    return time.perf_counter() - start


def _static_files() -> dict[str, tuple[bytes, str]]:
    """The page's files, read once: name -> (content, media type)."""
    folder = resources.files("crib_stats.presentation.web").joinpath("static")
    files = {}
    for entry in folder.iterdir():
        kind = STATIC_TYPES.get("." + entry.name.rpartition(".")[2])
        if entry.is_file() and kind:
            files[entry.name] = (entry.read_bytes(), kind)
    return files


class Limits:
    """ASGI middleware: refuse an over-long query string or body before any work; time the rest
    (``Server-Timing: app;dur=MS``, the server's own time, read by ``scripts/bench_web.py``)."""

    def __init__(self, app, allowed_hosts: frozenset[str] | None = None):
        self.app = app
        self.allowed_hosts = allowed_hosts

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        problem = None
        if len(scope.get("query_string", b"")) > MAX_QUERY:
            problem = (414, f"the query string is over {MAX_QUERY} bytes")
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > MAX_BODY):
                problem = (413, f"request bodies are limited to {MAX_BODY} bytes (the API reads none)")
            elif name == b"transfer-encoding":
                problem = (411, "send a Content-Length (the API reads no body)")
            elif name == b"host" and self.allowed_hosts is not None and problem is None:
                host = value.decode("latin-1")
                host = host.rpartition("]")[0] + "]" if host.startswith("[") else host.partition(":")[0]
                if host.lower() not in self.allowed_hosts:  # a page elsewhere reaching us by DNS rebinding
                    problem = (400, f"this server answers to {', '.join(sorted(self.allowed_hosts))} only, "
                                    f"not Host {host[:40]!r}")
        if problem is not None:
            return await _error(*problem)(scope, receive, send)
        start = time.perf_counter()

        async def timed_send(message):
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - start) * 1000
                message = dict(message, headers=list(message.get("headers", [])) + [
                    (b"server-timing", f"app;dur={ms:.3f}".encode())])
            await send(message)

        await self.app(scope, receive, timed_send)


def create_app(*, warm_kernels: bool = True, allowed_hosts=None) -> FastAPI:
    """The application. ``warm_kernels``: compile the kernels at start-up (the lifespan), so
    that the first request is as fast as the others. ``allowed_hosts``: the only names a request's
    Host header may give (``crib-stats serve`` on loopback passes the loopback names, so that a
    web page elsewhere cannot reach the server through DNS rebinding); None: any."""
    static = _static_files()

    @asynccontextmanager
    async def lifespan(app):
        if warm_kernels:
            app.state.warm_seconds = warm()
        yield

    app = FastAPI(title="crib-stats", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Exact cribbage statistics on this machine: each endpoint answers with the object "
                              "the command of the same name prints with --json (one schema, schema_version 1). "
                              "Bad input: HTTP 400 with the command line's one-line message as {\"error\": ...}.")
    app.add_middleware(Limits, allowed_hosts=None if allowed_hosts is None else frozenset(h.lower() for h in allowed_hosts))

    @app.exception_handler(CribStatsError)
    async def bad_input(request: Request, exc: CribStatsError):
        return _error(400, _one_line(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        command = request.url.path.rstrip("/").rpartition("/")[2]
        first = exc.errors()[0]
        name = str(first.get("loc", ("", "?"))[-1]).replace("_", "-")
        choices = (first.get("ctx") or {}).get("expected")
        if first.get("type") == "literal_error" and choices:
            got = str(first.get("input"))[:20]
            try:  # the command line's own parser words it (the option names are the same, but --role)
                build_parser().parse_args([command, f"--{name}", got])
            except UsageError as exc:
                if "invalid choice" in str(exc):
                    return _error(422, _one_line(exc))
            opts = choices.replace(" or ", ", ")
            return _error(422, f"{command}: argument --{name}: invalid choice: {got!r} (choose from {opts})")
        return _error(422, f"{command}: argument --{name}: {first.get('msg', 'invalid')}")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        message = "not found" if exc.status_code == 404 else str(exc.detail)
        return _error(exc.status_code, f"{message}: {request.url.path[:80]}")

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception):  # a bug: one line, never a traceback
        return _error(500, f"internal error ({exc.__class__.__name__}); please report it with the URL")

    def page_file(name: str) -> Response:
        if name not in static:
            raise StarletteHTTPException(404)
        content, kind = static[name]
        return Response(content, media_type=kind, headers={"Content-Security-Policy": CSP,
                                                           "X-Content-Type-Options": "nosniff"})

    @app.get("/", include_in_schema=False)
    async def index():
        return page_file("index.html")

    @app.get("/static/{name}", include_in_schema=False)
    async def static_file(name: str):
        return page_file(name)

    @app.get("/api/score", responses=ERRORS, summary="crib-stats score CARDS --starter S [--crib] --json")
    async def score(
        cards: str = Query(..., max_length=200, description=CARDS_DOC + " (4 cards; 3 in the five-card game)"),
        starter: str = Query(..., max_length=20, description="the starter (turn-up) card"),
        crib: bool = Query(False, description="score as a crib (only a 5-card flush counts)"),
        variant: str = Query("six-card", max_length=40, description=VARIANT_DOC),
    ):
        v = get_variant(variant)
        b = score_hand(_cards(cards, "score", "cards"), starter, crib=crib, variant=v)
        return _json(report.score_json(b, v.name))

    @app.get("/api/discard", responses=ERRORS,
             summary="crib-stats discard CARDS --dealer|--pone [options] --json: every throw ranked")
    async def discard_(
        cards: str = Query(..., max_length=200, description=CARDS_DOC + " (6 dealt; 5 in the other variants)"),
        role: Literal["dealer", "pone"] | None = Query(None, description="dealer: the crib is yours; pone: "
                                                                         "an opponent's (--dealer, --pone)"),
        variant: str = Query("six-card", max_length=40, description=VARIANT_DOC),
        crib_model: str = Query("random", max_length=40, description="random (default, exact), equilibrium or "
                                                                     "hessel (table:FILE is for the command line)"),
        starter: str | None = Query(None, max_length=20, description="fix the starter (a what-if)"),
        need: str | None = Query(None, max_length=20, description="also P(points >= N); ranks by it unless "
                                                                  "rank_by=ev"),
        rank_by: Literal["ev", "need"] | None = Query(None, description="order by net EV or by P(>= N)"),
        pegging: Literal["greedy", "minimax"] | None = Query(None, description="add each keep's E[peg]"),
        peg_opponent: Literal["random", "equilibrium"] | None = Query(None, description="with pegging: the "
                                                                                        "opponent's keep"),
        top: str | None = Query(None, max_length=20, description="only the best K throws"),
    ):
        if crib_model.startswith("table:"):
            raise UsageError("discard: --crib-model table:FILE reads a file: it is for the command line, "
                             "not the server")
        dealt = _cards(cards, "discard", "cards")
        if role is None:
            raise UsageError("discard: say whose crib it is: --dealer (yours) or --pone (an opponent's)")
        need_n = whole_number(need, "--need")
        top_k = whole_number(top, "--top", 1)
        if rank_by == "need" and need_n is None:
            raise UsageError("discard: --rank-by need needs --need N")
        if peg_opponent is not None and pegging is None:
            raise UsageError("discard: --peg-opponent needs --pegging POLICY (greedy or minimax)")
        a = discard.analyse(dealt, role=role, variant=variant, crib_model=crib_model, starter=starter,
                            need=need_n, rank_by=rank_by, pegging=pegging, peg_opponent=peg_opponent)
        return _json(report.discard_json(a.top(top_k)))

    @app.get("/api/peg", responses=ERRORS,
             summary="crib-stats peg: a count, or the play of two hands (--play, --best, --worst, --policy)")
    async def peg(
        cards: str | None = Query(None, max_length=200, description="a single count, in the order played "
                                                                    "(suits optional: 4 2 3 5 6)"),
        pone: str | None = Query(None, max_length=100, description="the pone's hand (4 cards; 3 five-card)"),
        dealer: str | None = Query(None, max_length=100, description="the dealer's hand"),
        play: str | None = Query(None, max_length=200, description="the whole play, in order (pone leads)"),
        best: Literal["pone", "dealer"] | None = Query(None, description="the most that side can peg"),
        worst: Literal["pone", "dealer"] | None = Query(None, description="the least that side can peg"),
        policy: Literal["greedy", "minimax"] | None = Query(None, description="play both hands out so"),
        variant: str = Query("six-card", max_length=40, description="six-card (default) or five-card"),
    ):
        v = get_variant(variant)
        if not v.two_player_play:
            raise UsageError(f"peg: the play is modelled for the two-player games (six-card, five-card), not {v.name}")
        count, pone_h, dealer_h, played = _tokens(cards), _tokens(pone), _tokens(dealer), _tokens(play)
        modes = [flag for flag, given in (("--best", best), ("--worst", worst), ("--policy", policy)) if given]
        if len(modes) > 1:  # argparse's mutually exclusive group, as the command line words it
            raise UsageError(f"peg: argument {modes[1]}: not allowed with argument {modes[0]}")
        hands_given = pone is not None or dealer is not None
        if hands_given or played or best or worst or policy:
            if not pone_h or not dealer_h:
                which = ("--best/--worst need both hands" if best or worst
                         else "--policy needs both hands" if policy else "give both hands")
                raise UsageError(f"peg: {which}: --pone CARDS --dealer CARDS")
            if count:
                raise UsageError(f"peg: unexpected cards {' '.join(count)[:20]!r}: with --pone/--dealer hands, "
                                 "give the play with --play")
            if policy:
                if played:
                    raise UsageError("peg: --policy plays the hands itself: leave out --play")
                result = pegging.policy_play(pone_h, dealer_h, policy, variant=v)
                return _json(report.play_json(result, "policy", None, policy))
            if best or worst:
                if played:
                    raise UsageError("peg: --best/--worst search every play: leave out --play")
                side = best or worst
                result = pegging.best_play(pone_h, dealer_h, side, worst=bool(worst), variant=v)
                return _json(report.play_json(result, "best" if best else "worst", side, None))
            if not played:
                raise UsageError("peg: give the play with --play CARDS (or --best/--worst to search)")
            result = pegging.play(pone_h, dealer_h, played, variant=v)
            return _json(report.play_json(result, "play", None, None))
        if not count:
            raise UsageError("peg: give a count (crib-stats peg 4 2 3 5 6), --pone/--dealer hands, or --extremes")
        return _json(report.count_json(pegging.count_points(count), v.name))

    return app


def openapi_text(app: FastAPI | None = None) -> str:
    """The OpenAPI document as committed in ``docs/openapi.json`` (sorted keys, 1-space indent)."""
    return json.dumps((app or create_app(warm_kernels=False)).openapi(), indent=1, sort_keys=True,
                      ensure_ascii=False) + "\n"
