"""The API refuses what it does not understand, before any work.

:class:`StrictQuery` (ASGI middleware) reads an ``/api/*`` request's query string against the
parameters its endpoint declares: a parameter the endpoint does not take, or one given twice,
is HTTP 422 with one line naming it. An empty value (``need=``, or only spaces) means "not
given", as an HTML form sends an empty field: it is dropped before the endpoint reads its
parameters. :func:`invalid_line` words FastAPI's own refusals (a missing parameter, a value
that is not a number, not one of its choices, too long) in the same one-line shape, and
:func:`score_pair` reads a ``MINE,THEIRS`` pair (:func:`scores`, two or three: three players).

The lines name the API's parameters (``need``, ``peg_opponent``), not the command line's options;
a value the library refuses (a card that is not one, a score past the target) is 400 with the
command line's own line, as every other error of the library.
"""

from __future__ import annotations

import re
from urllib.parse import unquote_plus

from crib_stats.presentation.web.api import error_answer

_SPLIT = re.compile(r"\s*[,\s]\s*")  # what parts a list of whole numbers (a comma, spaces, or both)
_WHOLE = re.compile(r"-?\d{1,12}")


class Refused(Exception):
    """A request's parameters, refused with one line (HTTP 422)."""


def endpoint(path: str) -> str:
    """How a line names the endpoint: ``/api/game/table`` -> ``game/table``."""
    return path.removeprefix("/api/").strip("/") or path


def score_pair(text: str | None, path: str, name: str = "score") -> tuple[int, int] | None:
    """``"118,116"`` (or ``"118 116"``) -> (118, 116); None when not given. Whole numbers only:
    whether they are scores of the game is the library's to say (with the command line's line)."""
    return _whole_numbers(text, path, name, 2, "two whole numbers, yours then the opponent's (118,116)")


def scores(text: str | None, path: str, name: str = "score") -> tuple[int, ...] | None:
    """``"118,116"`` -> (118, 116), ``"100,90,95"`` -> (100, 90, 95) (three players: yours, the
    left's, the right's); None when not given. How many the variant takes is the library's to
    say (:func:`crib_stats.presentation.options.score_count`)."""
    return _whole_numbers(text, path, name, 3, "two whole numbers, yours then the opponent's (118,116), or three "
                                               "with three players (yours, the left's, the right's)")


def _whole_numbers(text: str | None, path: str, name: str, most: int, what: str) -> tuple[int, ...] | None:
    """Two to ``most`` whole numbers split by a comma or spaces (None when not given), or
    :class:`Refused` saying ``what`` the parameter takes."""
    if text is None:
        return None
    parts = _SPLIT.split(text.strip())
    if not 2 <= len(parts) <= most or not all(_WHOLE.fullmatch(p) for p in parts):
        raise Refused(f"{endpoint(path)}: parameter {name}: {what}, got {text[:20]!r}")
    return tuple(int(p) for p in parts)


def invalid_line(path: str, error: dict) -> str:
    """One line for FastAPI's first refusal of a request (``RequestValidationError.errors()[0]``)."""
    where = endpoint(path)
    loc = error.get("loc") or ("query", "?")
    name = str(loc[-1])
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    got = error.get("input")
    shown = repr(str(got)[:20]) if got is not None else ""
    if kind == "missing":
        return f"{where}: parameter {name} is required"
    if kind == "string_too_long":
        return f"{where}: parameter {name}: at most {ctx.get('max_length')} characters, got {len(str(got))}"
    if kind == "literal_error":
        choices = str(ctx.get("expected", "")).replace("'", "").replace(" or ", ", ")
        return f"{where}: parameter {name}: {shown} is not one of {choices}"
    if kind in ("int_parsing", "int_from_float"):
        return f"{where}: parameter {name}: a whole number, got {shown}"
    if kind in ("float_parsing", "finite_number"):
        return f"{where}: parameter {name}: a number such as 0.002, got {shown}"
    if kind in ("greater_than_equal", "less_than_equal"):
        bound = "at least" if kind == "greater_than_equal" else "at most"
        return f"{where}: parameter {name}: {bound} {ctx.get('ge', ctx.get('le'))}, got {shown}"
    if kind == "bool_parsing":
        return f"{where}: parameter {name}: true or false, got {shown}"
    return f"{where}: parameter {name}: {error.get('msg', 'invalid')}"


class StrictQuery:
    """ASGI middleware: see the module docstring. ``routes()`` gives the API's routes (read on
    the first request)."""

    def __init__(self, app, routes):
        self.app = app
        self.routes = routes
        self._names: dict[tuple[str, str], frozenset[str]] | None = None

    def names(self, path: str, method: str = "GET") -> frozenset[str] | None:
        if self._names is None:  # by method and path: a path's GET and POST take their own parameters
            self._names = {(m, r.path): frozenset(p.alias for p in r.dependant.query_params)
                           for r in self.routes() if getattr(r, "path", "").startswith("/api/")
                           and hasattr(r, "dependant") for m in r.methods}
        return self._names.get((method, path))

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        known = self.names(scope.get("path", ""), scope.get("method", "GET"))
        if known is None:
            return await self.app(scope, receive, send)
        try:
            scope = dict(scope, query_string=self.check(scope["path"], scope.get("query_string", b""), known))
        except Refused as exc:
            return await error_answer(422, str(exc))(scope, receive, send)
        await self.app(scope, receive, send)

    @staticmethod
    def check(path: str, query: bytes, known: frozenset[str]) -> bytes:
        """The query string less its empty values; :class:`Refused` for an unknown or repeated name."""
        kept, seen = [], set()
        for part in query.split(b"&"):
            if not part:
                continue
            raw_name, _, raw_value = part.partition(b"=")
            name = unquote_plus(raw_name.decode("latin-1"))
            if not unquote_plus(raw_value.decode("latin-1")).strip():
                continue  # an empty field of a form: not given
            if name not in known:
                takes = ", ".join(sorted(known)) or "no parameters"
                raise Refused(f"{endpoint(path)}: unknown parameter {name[:30]!r} (it takes {takes})")
            if name in seen:
                raise Refused(f"{endpoint(path)}: parameter {name} given twice: give it once")
            seen.add(name)
            kept.append(part)
        return b"&".join(kept)
