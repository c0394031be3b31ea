"""The grammar of the commands on the game to the target: ``game``."""

from __future__ import annotations

from .base import command

GAME_DESCRIPTION = ("The chance of winning from every board position (your score, the opponent's,\n"
               "who deals next), by backward induction on a deal model: random deals of\n"
               "twelve cards and a starter, each played out exactly (objective discards,\n"
               "greedy play), the points kept in the order they are scored. No game is\n"
               "simulated. Every figure carries its sampling error (±, one standard error).\n"
               "Four players in partnership (--variant four-player): your side's score and\n"
               "theirs, --dealer when your side deals next. Three players (--variant\n"
               "three-player, to 121 or 61): --at the three seats' scores (first_dealer,\n"
               "first_left, first_right) and --dealer K the seat that deals next.\n"
               "Reads the committed model (crib_stats/data/game_VARIANT.npz) unless --deals N asks\n"
               "for a new one (resumable after a kill, --scheduler for Dask).")
GAME_EXAMPLES = ["crib-stats game", "crib-stats game --at 104 110 --dealer", "crib-stats game --at 35 37 --pone --json",
                 "crib-stats game --target 61 --at 50 45 --dealer",
                 "crib-stats game --variant four-player --at 110 104 --dealer",
                 "crib-stats game --variant three-player --at 100 100 95 --dealer 0",
            "crib-stats game --csv > board.csv", "crib-stats game --out tables/ --plot board.png",
            "crib-stats game --deals 1000000 --seed 7 --scheduler local"]


def add(sub) -> None:
    """Add game to the subcommands ``sub``."""
    g = command(sub, "game", "the chance of winning from every board position",
                GAME_DESCRIPTION, GAME_EXAMPLES)
    g.add_argument("--at", nargs="+", metavar="SCORE",
                   help="one position: your score and the opponent's (MINE THEIRS); three players: the three seats' "
                        "(first_dealer first_left first_right)")
    role = g.add_mutually_exclusive_group()
    role.add_argument("--dealer", nargs="?", const="dealer", dest="role", metavar="K",
                      help="with --at: you (your side) deal next; three players: --dealer K, the seat that deals next "
                           "(0 first_dealer, 1 first_left, 2 first_right)")
    role.add_argument("--pone", action="store_const", const="pone", dest="role",
                      help="with --at: the opponent (their side) deals next")
    g.add_argument("--variant", default="six-card",
                   help="six-card (default; to 121), five-card (to 61), four-player (partners, to 121) or "
                        "three-player (to 121 or 61)")
    g.add_argument("--target", metavar="POINTS",
                   help="the game's target: six-card 121 (default), 91 or 61 (the same deal model, solved to that "
                        "target with its skunk lines); five-card 61")
    g.add_argument("--discard", default="objective", metavar="POLICY",
                   help="objective (default: the sweep's, dealer max E[hand] + E[crib], pone max E[hand] - E[crib]) "
                        "or equilibrium (six-card: the solved discard game's purified strategy picks the thrown "
                        "ranks, the objective the suits)")
    g.add_argument("--board-play", nargs="?", const="committed", metavar="GAMES",
                   help="what playing to the board is worth: whole games of a player throwing by discard --score "
                        "against one throwing by points (the committed measurement; GAMES: play that many anew, "
                        "with --seed, --shards, --scheduler, --fresh, --out DIR)")
    g.add_argument("--deals", metavar="N", help="sample a new deal model of N deals instead of the committed one")
    g.add_argument("--seed", metavar="S", default="0", help="with --deals: the deals' seed (default 0)")
    g.add_argument("--scheduler", metavar="WHERE",
                   help="with --deals: in this process (default); 'local': a Dask LocalCluster; tcp://HOST:PORT")
    g.add_argument("--workers", metavar="N", help="with --deals --scheduler local: worker processes")
    g.add_argument("--shards", metavar="N", help="with --deals: shards per group of deals (default 1; 20 groups)")
    g.add_argument("--fresh", action="store_true", help="with --deals: ignore shards cached by an earlier run")
    fmt = g.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print one JSON object")
    fmt.add_argument("--csv", action="store_true", help="print every position as CSV")
    g.add_argument("--out", metavar="DIR", help="write the whole table (CSV; with --deals also the model) into DIR; three "
                                                "players: both committed boards (to 121 and 61), solved again")
    g.add_argument("--plot", metavar="FILE.png", help="write heat maps of P(win) over the board, for each seat "
                                                       "(three players: a slice per dealer, first_right at --third)")
    g.add_argument("--third", metavar="SCORE", help="three players, with --plot: first_right's score in the slice "
                                                    "(default 0)")
    g.add_argument("--force", action="store_true", help="replace a --plot file crib-stats did not write")
