"""The grammar of the commands on hands: ``score``, ``enumerate``, ``discard``."""

from __future__ import annotations

import argparse

from .base import command, VARIANT_HELP, CARDS_HELP


class Scores(argparse.Action):
    """``--score``: the leading whole numbers after it (two, or three with three players); the
    words after them are cards, kept as ``cards_after_score`` for the command to add to its
    ``cards`` (``discard --dealer --score 118 116 5h 6h ...`` reads as it did when --score took
    exactly two)."""

    def __call__(self, parser, namespace, values, option_string=None):
        n = 0
        while n < len(values) and n < 3 and values[n].lstrip("-").isdigit():
            n += 1
        n = max(n, min(2, len(values)))  # two at least: a word where a score should be is the score's error
        setattr(namespace, self.dest, values[:n])
        namespace.cards_after_score = list(values[n:])  # the discard command adds them to its cards


def add(sub) -> None:
    """Add score, enumerate and discard to the subcommands ``sub``."""
    s = command(sub, "score", "score a hand or crib with the starter, itemised",
                "Score a hand (or crib) with the starter:\nfifteens, pairs, runs, flush, nobs.",
                ["crib-stats score 5h 5c 5s jd --starter 5d", "crib-stats score 'ah,3h,7h,10h' --starter js --crib",
                 "crib-stats score 5h5c5s --starter jd --variant five-card --json"], CARDS_HELP)
    s.add_argument("cards", nargs="+", help="hand cards (4; 3 in the five-card game)")
    s.add_argument("--starter", "-s", required=True, help="the starter (turn-up) card")
    s.add_argument("--crib", action="store_true", help="score as a crib (only a 5-card flush counts)")
    s.add_argument("--variant", default="six-card", help=VARIANT_HELP)
    s.add_argument("--json", action="store_true", help="print one JSON object")

    e = command(sub, "enumerate", "exact score distributions and top-hand odds",
                "Score every hand + starter combination (12,994,800 for 4-card hands)\n"
                "and print the exact distributions, means and the odds of the top hands.",
                ["crib-stats enumerate", "crib-stats enumerate --table crib --method ranks",
                 "crib-stats enumerate --json", "crib-stats enumerate --out data/ --plot docs/distribution.png"])
    e.add_argument("--table", default="all", choices=["hand", "crib", "five-card", "all"],
                   help="hand (4 cards, hand rules), crib (crib rules), five-card (3-card hand) or all")
    e.add_argument("--crib", action="store_const", const="crib", dest="table", help="same as --table crib")
    e.add_argument("--all", action="store_const", const="all", dest="table", help="same as --table all")
    e.add_argument("--method", default="brute", choices=["brute", "ranks"],
                   help="brute: score every combination; ranks: rank multisets + suit counting")
    e.add_argument("--no-deals", action="store_true", help="skip the odds of the best keep of a deal")
    fmt = e.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print one JSON object")
    fmt.add_argument("--csv", action="store_true", help="print every histogram as one CSV")
    e.add_argument("--out", metavar="DIR", help="write one CSV per table and the odds into DIR")
    e.add_argument("--plot", metavar="FILE.png", help="write a bar chart of the distributions")
    e.add_argument("--force", action="store_true", help="replace a --plot file crib-stats did not write")

    d = command(sub, "discard", "rank every throw by exact expected hand and crib value",
                "For the dealt cards, every possible throw with its exact expected hand value\n"
                "(over every starter), expected crib value and the spread of the net points.",
                ["crib-stats discard 5h 5c 5d js 7c 9h --dealer", "crib-stats discard 5h 6h 7c jd qs kd --pone --need 12",
                 "crib-stats discard 5h 6h 7c jd qs --variant five-card --dealer --json",
                 "crib-stats discard 5h 6h 7c jd qs kd --dealer --starter 4c",
                 "crib-stats discard 5h 6h 7c jd qs kd --pone --pegging greedy \\\n"
                 "      --peg-opponent equilibrium",
                 "crib-stats discard 5h 6h 7c jd qs kd --dealer --score 118 116",
                 "crib-stats discard 5h 6h 7c jd qs kd --pone --score 50 52 --target 61",
                 "crib-stats discard 5h 6h 7c jd qs --variant four-player \\\n"
                 "      --seat partner --score 110 104"],
                CARDS_HELP)
    d.add_argument("cards", nargs="*", metavar="CARDS", help="the dealt cards (6; 5 in the other variants)")
    role = d.add_mutually_exclusive_group()
    role.add_argument("--dealer", action="store_const", const="dealer", dest="role",
                      help="the crib is yours (four-player: your side deals)")
    role.add_argument("--pone", action="store_const", const="pone", dest="role", help="the crib is an opponent's")
    d.add_argument("--variant", default="six-card", help=VARIANT_HELP)
    d.add_argument("--crib-model", default="random", metavar="MODEL",
                   help="random (default: the other crib cards uniformly random unseen cards, exact); "
                        "equilibrium (the solved discard game's table), hessel (Hessel's published table) or "
                        "table:FILE.csv (r1,r2,dealer_own_crib,pone_into_dealer_crib): a table gives E[crib] by "
                        "the thrown ranks and role, a mean without a spread")
    d.add_argument("--starter", help="fix the starter (a what-if)")
    d.add_argument("--need", metavar="N", help="also show P(points >= N): hand + crib for the dealer, "
                   "the hand alone for the pone (who counts first); ranks by it unless --rank-by ev")
    d.add_argument("--rank-by", choices=["ev", "need"], help="order throws by net EV or by P(>= N)")
    d.add_argument("--pegging", choices=["greedy", "minimax"], metavar="POLICY",
                   help="greedy or minimax: add each keep's E[peg] (six-card) to the net")
    d.add_argument("--peg-opponent", choices=["random", "equilibrium"], metavar="MODEL",
                   help="with --pegging, the opponent's keep in the play: random (default: any four cards "
                        "you have not seen) or equilibrium (dealt six, throws by the solved discard game's "
                        "purified strategy for their role; rank level, exact under that model)")
    d.add_argument("--score", nargs="+", metavar="SCORE", action=Scores,
                   help="discard for the board: rank the throws by P(win the game) from this score, MINE THEIRS "
                        "(yours, the opponent's; --dealer: you deal this deal), the deal played out under the game "
                        "model and later deals by its board (six-card, five-card, three-player, four-player; "
                        "default crib model and no --pegging); four-player: your side's score and theirs, with "
                        "--seat; three-player: MINE LEFT RIGHT (yours, the player on your left's, on your "
                        "right's), with --seat")
    d.add_argument("--seat", choices=["dealer", "partner", "left", "right"], metavar="SEAT",
                   help="three- or four-player, with --score: where you sit relative to this deal's dealer: dealer "
                        "(you deal), partner (four-player: the dealer's partner), left (on the dealer's left: you "
                        "lead) or right (on his right); four-player: the first two are --dealer (your side's "
                        "crib), the others --pone")
    d.add_argument("--target", metavar="POINTS", help="with --score: the game's target (six-card 121, the default, "
                   "91 or 61; five-card 61; three-player 121 or 61)")
    d.add_argument("--seed", metavar="S", help="with --score: the seed of the sampled hands (the opponent's, or "
                   "the other seats'; default 0)")
    d.add_argument("--accuracy", metavar="SE", help="with --score: the largest standard error of P(win) "
                   "(default 0.002)")
    d.add_argument("--top", metavar="K", help="show only the best K throws")
    fmt = d.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print one JSON object")
    fmt.add_argument("--csv", action="store_true", help="print the throws as CSV")
    d.add_argument("--plot", metavar="FILE.png", help="write a chart of the throws")
    d.add_argument("--force", action="store_true", help="replace a --plot file crib-stats did not write")
