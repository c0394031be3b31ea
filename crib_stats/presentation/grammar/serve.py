"""The grammar of ``serve``, the local page."""

from __future__ import annotations

from .base import command

SERVE_HOST, SERVE_PORT = "127.0.0.1", 8421  # crib-stats serve: this machine only, by default
HEAVY_WORKERS, MAX_HEAVY_WORKERS = 2, 16  # the heavy pool's processes: the default, the most


def add(sub) -> None:
    """Add serve to the subcommands ``sub``."""
    v = command(sub, "serve", "a local web page: pick cards, see every throw ranked",
                "Serve the page for players on this machine, in six tabs: Discard (pick\n"
                "your cards, every throw ranked with its spread and chart), Play (every card\n"
                "you may play now, by its value), Board (P(win) from every score), Score a\n"
                "hand (the scorer, itemised), Play a game (a whole game against a player of\n"
                "the toolkit, with hints, each deal reviewed, the games kept in --db) and\n"
                "Counting (count a hand or crib, timed, your figures kept in --db);\n"
                "and the JSON API behind them (/api/score, /api/discard, /api/peg, ...: the\n"
                "objects --json prints; /openapi.json lists them).\n"
                "Needs the web extra (FastAPI, uvicorn): make run installs it; in a checkout,\n"
                "pip install -e '.[web]'.",
                ["crib-stats serve", "crib-stats serve --open", "crib-stats serve --port 9000",
                 "crib-stats serve --db ~/cribbage/games.sqlite", "crib-stats serve --heavy-workers 1"])
    v.add_argument("--port", metavar="N",
                   help=f"the port (default {SERVE_PORT}; a free one if that is taken; 0: any free port)")
    v.add_argument("--host", metavar="H", default=SERVE_HOST,
                   help=f"the address to listen on (default {SERVE_HOST}: this machine only)")
    v.add_argument("--open", action="store_true", help="open the page in a browser")
    v.add_argument("--db", metavar="PATH", help="the games' SQLite file (default: "
                   "$XDG_DATA_HOME/crib-stats/games.sqlite, else ~/.local/share/crib-stats/games.sqlite)")
    v.add_argument("--no-warm", action="store_true",
                   help="listen at once, without loading the kernels and tables first: each loads on its first "
                        "use, so the first answers of each kind are slower")
    v.add_argument("--heavy-workers", metavar="N",
                   help="the processes that compute the heavy answers (a throw ranked for the board, an "
                        f"advice, an engine's decision) at once (default {HEAVY_WORKERS}; 1 to {MAX_HEAVY_WORKERS})")
