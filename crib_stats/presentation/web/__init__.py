"""``crib-stats serve``: a local web page for players, and the JSON API behind it.

:mod:`.app` is the ASGI application (FastAPI): it includes the endpoints of :mod:`.routes`, one
module per domain (score, discard, play, board), each answering with exactly the object the
command of the same name prints with ``--json``, built by the same library and report
functions (:mod:`.api` holds what they share). Bad input is HTTP 400 with the command line's
one-line message as ``{"error": "..."}``; what the API does not understand (an unknown,
repeated or malformed parameter) is 422 with one line naming it (:mod:`.params`). The heavy
answers are computed off the event loop in a bounded pool of worker processes (:mod:`.pool`).
The page is ``static/``: HTML, CSS and ES modules (``main.js`` and one ``panel_*.js`` per tab,
with shared ``cards.js``, ``tables.js``, ``api.js``, ``state.js``, ``dom.js``), package data, no
build step, no request to another host. :mod:`.command` is the ``serve`` subcommand,
:mod:`.load` the load generator of the tests and ``scripts/bench_web.py``. The page's games
(``/api/games``, :mod:`.routes.games`): :mod:`.games_live` plays them (the referee, the opponent,
a lock a game), :mod:`.games_store` keeps them in SQLite, :mod:`.games_review` reviews a record's
decisions and :mod:`.games_figures` keeps the reviews and the running figures. FastAPI and uvicorn
are the optional extra ``crib-stats[web]``; nothing here is imported by the rest of the package.
"""
