"""The API's endpoints, one module per domain (score, discard, play, board, games, drill).

Each module has ``router = api.router()`` with its ``@router.get(...)`` endpoints and a
``warm()`` that compiles (or loads from numba's cache) the kernels they call, run once at
start-up; a module whose endpoints hand work to the heavy pool (:mod:`..pool`) also has
``warm_heavy()``, run once in each worker. Adding a domain: a module here, listed in
:data:`MODULES` (the order is the OpenAPI document's)."""

from __future__ import annotations

from . import board, discard, drill, games, play, score

MODULES = [score, discard, play, board, games, drill]
ROUTERS = [m.router for m in MODULES]
