"""The grammar of ``review``: a recorded game's decisions against the engine's."""

from __future__ import annotations

from .base import command

REVIEW_DESCRIPTION = (
    "Review a recorded game (crib-stats-game/1, as match --out writes them): for\n"
    "every decision of a seat, the decision made, the engine's best at that position\n"
    "(discard --score's throw, advise --score's card) and the P(win) each gives, the\n"
    "P(win) the seat gave up in the game and its three costliest decisions. Each\n"
    "decision's position is rebuilt by replaying the record through the referee.")
REVIEW_EXAMPLES = ["crib-stats review games/games.jsonl",
                   "crib-stats review games/games.jsonl --game 3 --seat first_pone",
                   "crib-stats review games/games.jsonl --game 3 --json"]


def add(sub) -> None:
    """Add review to the subcommands ``sub``."""
    r = command(sub, "review", "a recorded game's decisions against the engine's best, by P(win)",
                REVIEW_DESCRIPTION, REVIEW_EXAMPLES)
    r.add_argument("record", metavar="RECORD.jsonl", help="a file of game records, one JSON object a line")
    r.add_argument("--game", metavar="K", default="0", help="the game to review: its place in the file, from 0 "
                                                            "(default 0)")
    r.add_argument("--seat", metavar="SEAT",
                   help="review this seat's decisions: first_dealer or first_pone (three players: first_left, "
                        "first_right; four: north, east, south, west); default: every seat, each apart")
    r.add_argument("--seed", metavar="S", default="0",
                   help="the review's sampling seed, digested with each throw's position (default 0)")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.add_argument("--no-timing", action="store_true",
                   help="leave out the seconds taken, so the output is the same every run")
