"""The grammar of ``match``: two players (three, three-handed) in duplicate games."""

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
    """Add match to the subcommands ``sub``."""
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
