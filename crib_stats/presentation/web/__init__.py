"""``crib-stats serve``: a local web page for players, and the JSON API behind it.

:mod:`.app` is the ASGI application (FastAPI): ``/api/score``, ``/api/discard`` and ``/api/peg``
answer with exactly the objects ``crib-stats score|discard|peg --json`` prints, built by the same
library and report functions; bad input is HTTP 400 (422 where FastAPI validates a parameter)
with the command line's one-line message as ``{"error": "..."}``. The page is ``static/``
(HTML, CSS and JavaScript, package data, no build step, no request to another host).
:mod:`.command` is the ``serve`` subcommand. FastAPI and uvicorn are the optional extra
``crib-stats[web]``; nothing here is imported by the rest of the package.
"""
