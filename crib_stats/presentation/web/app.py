"""The ASGI application of ``crib-stats serve``: the JSON API and the page.

Every ``/api/*`` answer is the object the command line prints with ``--json`` (the one schema of
:mod:`crib_stats.presentation.report`), built by the same library and report calls as the
command's runner; its query parameters are the command's options (``role`` is
``--dealer``/``--pone``; card lists are one parameter, separated by spaces or commas as on the
command line; a pair of scores is ``MINE,THEIRS``). The endpoints live in :mod:`.routes`, one
module per domain. A :class:`~crib_stats.core.errors.CribStatsError` is HTTP 400 with the line
the command line prints after ``crib-stats: error:`` as ``{"error": "..."}``; a parameter the
endpoint does not take, one given twice, or a malformed value is 422 with one line naming it
(:mod:`.params`); an empty value is "not given"; HEAD answers wherever GET does; nothing else
reaches a client as a traceback (an unexpected failure is 500 with one line).

The quick answers (a hand scored, a deal's throws by points, a count, the board read from its
committed file) run on the event loop, one at a time: a few milliseconds each. The heavy ones (a
deal's throws ranked for the board, an advice) are handed to the bounded pool of :mod:`.pool`
(worker processes), so that they never stall the quick ones. The long searches (``sweep``,
``crib-table --solve``, ``peg --extremes`` and ``--play-table``, ``claims --recompute``, a new
deal model ``game --deals``, new games ``game --board-play GAMES``) and a crib model read from a
file (``table:FILE``) stay on the command line. Query strings are limited to :data:`MAX_QUERY`
bytes and bodies to :data:`MAX_BODY` (only a game's decision and a drill's deal and answer have one). The page's files are a fixed set read
from package data at start-up: a path names one of them or is 404, so nothing outside the
folder can be served.
"""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import asynccontextmanager
from importlib import resources

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from crib_stats import __version__
from crib_stats.core.errors import CribStatsError
from crib_stats.presentation.grammar.serve import HEAVY_WORKERS
from crib_stats.presentation.web import params, pool, routes
from crib_stats.presentation.web.api import error_answer, one_line

MAX_QUERY = 1024  # bytes of query string: six cards and every option fit in a quarter of it
MAX_BODY = 1024  # bytes of request body: only the games' decisions and the drills have one (a few dozen bytes)
STATIC_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
# the page talks to this server only (a browser enforces it: no font, script or request elsewhere)
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def warm() -> float:
    """Compile (or load from numba's cache) the kernels the API calls; seconds taken."""
    start = time.perf_counter()
    for module in routes.MODULES:
        module.warm()
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
                problem = (413, f"request bodies are limited to {MAX_BODY} bytes")
            elif name == b"transfer-encoding":
                problem = (411, "send a Content-Length (a body is read only with its length)")
            elif name == b"host" and self.allowed_hosts is not None and problem is None:
                host = value.decode("latin-1")
                host = host.rpartition("]")[0] + "]" if host.startswith("[") else host.partition(":")[0]
                if host.lower() not in self.allowed_hosts:  # a page elsewhere reaching us by DNS rebinding
                    problem = (400, f"this server answers to {', '.join(sorted(self.allowed_hosts))} only, "
                                    f"not Host {host[:40]!r}")
        if problem is not None:
            return await error_answer(*problem)(scope, receive, send)
        start = time.perf_counter()

        async def timed_send(message):
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - start) * 1000
                message = dict(message, headers=list(message.get("headers", [])) + [
                    (b"server-timing", f"app;dur={ms:.3f}".encode())])
            await send(message)

        await self.app(scope, receive, timed_send)


class Head:
    """ASGI middleware: HEAD wherever GET, answered as GET is (status, headers and the length of
    the body) without the body."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "HEAD":
            return await self.app(scope, receive, send)

        async def headers_only(message):
            if message["type"] == "http.response.body":
                if message.get("more_body"):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(dict(scope, method="GET"), receive, headers_only)


DESCRIPTION = ("Exact cribbage statistics on this machine: each endpoint answers with the object the command of "
               "the same name prints with --json (one schema, schema_version 1). Bad input: HTTP 400 with the "
               "command line's one-line message as {\"error\": ...}; a parameter the endpoint does not take, one "
               "given twice, or a malformed value (not a number, not one of its choices, too long): 422 with one "
               "line naming it. An empty value means the parameter is not given, as an HTML form sends an empty "
               "field. HEAD works wherever GET does. The heavy answers (discard with score, advise) are computed "
               f"off the event loop, at most {HEAVY_WORKERS} at a time (serve --heavy-workers) with 8 more waiting "
               "(then 429 with Retry-After). The games (/api/games): a game against a player of the toolkit, kept "
               "in SQLite; an unknown game is 404, a decision the game does not take now 409, both with one line, "
               "and nothing changes. The counting drill (/api/drill): a hand or crib dealt, your count checked and "
               "timed, your figures kept in the same SQLite file; an unknown drill is 404, a second answer 409.")


def create_app(*, warm_kernels: bool = True, allowed_hosts=None, heavy: str = "process",
               heavy_workers: int = HEAVY_WORKERS, heavy_waiting: int = 8, db=None) -> FastAPI:
    """The application. ``warm_kernels``: compile the kernels at start-up (the lifespan), and
    start the heavy pool's workers and let them warm up, so that the first request is as fast as
    the others. ``allowed_hosts``: the only names a request's Host header may give (``crib-stats
    serve`` on loopback passes the loopback names, so that a web page elsewhere cannot reach the
    server through DNS rebinding); None: any. ``heavy``, ``heavy_workers``, ``heavy_waiting``:
    the heavy pool's kind (``process`` or ``thread``) and bounds (:mod:`.pool`). ``db``: the
    games' SQLite file (None: the user's data folder; :mod:`.games_store`)."""
    static = _static_files()
    warm_jobs = [(m.__name__, "warm_heavy") for m in routes.MODULES if hasattr(m, "warm_heavy")]
    heavy_pool = pool.HeavyPool(heavy, workers=heavy_workers, waiting=heavy_waiting, warm=warm_jobs)

    @asynccontextmanager
    async def lifespan(app):
        if warm_kernels:
            heavy_pool.start()  # the workers warm up in their processes meanwhile
            app.state.warm_seconds = warm()
            await asyncio.to_thread(pool.wait_ready, heavy_pool)
        try:
            yield
        finally:
            await routes.games.shutdown(app)
            heavy_pool.close()

    app = FastAPI(title="crib-stats", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  description=DESCRIPTION)
    app.state.heavy = heavy_pool
    app.state.games_db = db
    app.add_middleware(params.StrictQuery, routes=lambda: [r for router in routes.ROUTERS for r in router.routes])
    app.add_middleware(GZipMiddleware, minimum_size=4096)
    app.add_middleware(Head)
    app.add_middleware(Limits, allowed_hosts=None if allowed_hosts is None else frozenset(h.lower() for h in allowed_hosts))

    @app.exception_handler(CribStatsError)
    async def bad_input(request: Request, exc: CribStatsError):
        return error_answer(400, one_line(exc))

    @app.exception_handler(params.Refused)
    async def refused(request: Request, exc: params.Refused):
        return error_answer(422, str(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        return error_answer(422, params.invalid_line(request.url.path, exc.errors()[0]))

    @app.exception_handler(pool.Busy)
    async def busy(request: Request, exc: pool.Busy):
        return error_answer(429, str(exc), headers={"Retry-After": "5"})

    @app.exception_handler(pool.Failed)
    async def failed(request: Request, exc: pool.Failed):
        return error_answer(exc.status, str(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        message = "not found" if exc.status_code == 404 else str(exc.detail)
        return error_answer(exc.status_code, f"{message}: {request.url.path[:80]}")

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception):  # a bug: one line, never a traceback
        return error_answer(500, f"internal error ({exc.__class__.__name__}); please report it with the URL")

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

    for r in routes.ROUTERS:
        app.include_router(r)
    return app


def openapi_text(app: FastAPI | None = None) -> str:
    """The OpenAPI document as committed in ``docs/openapi.json`` (sorted keys, 1-space indent)."""
    return json.dumps((app or create_app(warm_kernels=False)).openapi(), indent=1, sort_keys=True,
                      ensure_ascii=False) + "\n"
