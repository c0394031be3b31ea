"""The grammar of ``match`` (two players, three three-handed, in duplicate games) and of
``ladder`` (the committed matches of every built-in player against every other, and a rating each)."""

from __future__ import annotations

from .base import command

MATCH_DESCRIPTION = (
    "Two players in duplicate games: N games are N/2 deck sequences of the seed, each\n"
    "played twice with the seats swapped, so the cards' luck cancels (four-player: two\n"
    "names, each playing both seats of its partnership; three-player: three names, N/3\n"
    "decks each played in the three rotations of the players over the seats, and the\n"
    "report gives each player's and each seat's share of the wins). Prints A's win\n"
    "rate with its standard error (paired over the deck pairs, and raw), game points\n"
    "(a win 2, a skunk 3), skunks each way, the first dealer's win rate, deals a game,\n"
    "forfeits and each player's decisions a second. Players: greedy (the game\n"
    "model's), random, points (discard's and advise's best for points), engine\n"
    "(discard --score's and advise --score's best, by P(win)), search or search:N (an\n"
    "information-set search, N simulations a decision), any registered name,\n"
    "or exec:COMMAND, a program speaking the line protocol (JSON lines on its stdin\n"
    "and stdout: the manual's page \"The protocol\", docs/protocol.md).\n"
    "Sharded by deck; finished shards are cached, so a killed match resumes.")
MATCH_EXAMPLES = ["crib-stats match greedy random --games 200",
                  "crib-stats match engine greedy --games 200",
                  "crib-stats match greedy greedy --games 10000 --seed 7",
                  'crib-stats match greedy "exec:python3 examples/random_bot.py" --games 20 --out games/',
                  "crib-stats match greedy random --games 2000 --variant five-card --json",
                  "crib-stats match greedy greedy greedy --variant three-player --games 3000",
                  "crib-stats match greedy random --variant four-player --games 200",
                  "crib-stats match greedy points --target 61 --games 200",
                  "crib-stats match greedy random --muggins --games 200",
                  "crib-stats match greedy random --games 20000 --scheduler local --workers 2"]


def add(sub) -> None:
    """Add match and ladder to the subcommands ``sub``."""
    m = command(sub, "match", "two (or three) players in duplicate games: win rates with their errors",
                MATCH_DESCRIPTION, MATCH_EXAMPLES)
    m.add_argument("a", metavar="A", help="the first player: greedy, random, points, engine, sloppy, search, search:N, search-points[:N], exec:COMMAND, ...")
    m.add_argument("b", metavar="B", help="the second player")
    m.add_argument("c", metavar="C", nargs="?", help="the third player (three-player only)")
    m.add_argument("--games", metavar="N", required=True, help="games to play: an even number from 2 to 200,000 (N/2 deck pairs; "
                        "three players: a multiple of 3; 200,000 games take about a minute greedy against greedy, "
                        "an hour random against random, days with the engine, on 2 cores)")
    m.add_argument("--seed", metavar="S", default="0", help="the decks' seed (default 0)")
    m.add_argument("--variant", default="six-card",
                   help="six-card (default), five-card, three-player or four-player (partners)")
    m.add_argument("--target", metavar="POINTS",
                   help="the game's target: six-card 121 (default), 91 or 61; five-card 61; three-player 121 or 61; "
                        "four-player 121")
    m.add_argument("--muggins", action="store_true",
                   help="each show is claimed by its owner, and the seat on its left may call what it missed")
    m.add_argument("--time-limit", metavar="SECONDS", default="10",
                   help="seconds an exec: player has for each decision (default 10); later is a forfeit")
    m.add_argument("--scheduler", metavar="WHERE",
                   help="in this process (default); 'local': a Dask LocalCluster; tcp://HOST:PORT")
    m.add_argument("--workers", metavar="N", help="with --scheduler local: worker processes")
    m.add_argument("--shards", metavar="N", help="shards of deck pairs (default: about 50 games a shard; "
                                                 "2,000 when both are greedy); never changes a figure")
    m.add_argument("--fresh", action="store_true", help="ignore shards cached by an earlier run")
    m.add_argument("--json", action="store_true", help="print one JSON object")
    m.add_argument("--out", metavar="DIR", help="write every game's record (games.jsonl), the summary "
                                                "(summary.json) and the index of the files (crib-stats-index.md) "
                                                "into DIR, made if missing")
    m.add_argument("--force", action="store_true", help="with --out: replace an earlier match's files, or files "
                                                        "crib-stats did not write")
    m.add_argument("--no-timing", action="store_true",
                   help="leave out the timings (decisions a second, seconds) so the output is the same every run")
    add_ladder(sub)


LADDER_DESCRIPTION = (
    "The ladder: every built-in player (random, greedy, points, search:300, search,\n"
    "engine) against every other, from the committed duplicate matches of the\n"
    "six-card game to 121 (nothing is played), and a rating for each: Bradley and\n"
    "Terry's model, P(i beats j) = g_i / (g_i + g_j) in any game, fitted by maximum\n"
    "likelihood to every game's winner, on Elo's scale (greedy 0; 400 is odds of 10\n"
    "to 1). Each rating's error is a bootstrap over each match's deck pairs (--boots\n"
    "resamples, --seed). Prints the ratings with their errors and each player's mean\n"
    "time a decision, then every pair: A's paired win rate, what the ratings predict\n"
    "and the gap in standard errors (z: the model's fit).")
LADDER_EXAMPLES = ["crib-stats ladder", "crib-stats ladder --json", "crib-stats ladder --boots 200 --seed 3"]


def add_ladder(sub) -> None:
    """Add ladder to the subcommands ``sub``."""
    m = command(sub, "ladder", "every built-in player against every other: a rating each, with its error",
                LADDER_DESCRIPTION, LADDER_EXAMPLES)
    m.add_argument("--boots", metavar="N", default="1000",
                   help="bootstrap resamples for the ratings' errors, 2 to 100,000 (default 1000)")
    m.add_argument("--seed", metavar="S", default="0", help="the bootstrap's seed (default 0)")
    m.add_argument("--json", action="store_true", help="print one JSON object")
