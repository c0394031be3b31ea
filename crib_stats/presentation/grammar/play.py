"""The grammar of the commands on the play: ``peg``, ``advise``."""

from __future__ import annotations

from .base import command, CARDS_HELP


def add(sub) -> None:
    """Add peg and advise to the subcommands ``sub``."""
    g = command(sub, "peg", "the play: score a count or a whole play; best plays; extremes",
                "Score the play (pegging). Suits never matter:\ngive cards (7c, 7♣) or bare ranks (7, T, J).",
                ["crib-stats peg 4 2 3 5 6",
                 "crib-stats peg --pone 7c 7d 4h 4s --dealer 7h 7s 4c 4d \\\n      --play 7c 7h 7d 7s 4h 4c 4s 4d",
                 "crib-stats peg --pone 5 5 4 4 --dealer 5 4 4 K --best pone",
                 "crib-stats peg --pone 4 5 6 7 --dealer 5 5 10 K --policy greedy",
                 "crib-stats peg --extremes --variant five-card",
                 "crib-stats peg --extremes --recompute --out DIR"],
                usage="%(prog)s [cards ...] [--pone CARD ... --dealer CARD ...]\n"
                      "         [--play CARD ... | --best SIDE | --worst SIDE | --policy POLICY |\n"
                      "          --play-table POLICY | --extremes]\n"
                      "         [--variant VARIANT] [--json] [--recompute] [--out DIR]")
    g.add_argument("cards", nargs="*", help="a single count, in the order played")
    g.add_argument("--pone", nargs="+", metavar="CARD", help="the pone's hand (4 cards; 3 in the five-card game)")
    g.add_argument("--dealer", nargs="+", metavar="CARD", help="the dealer's hand")
    g.add_argument("--play", nargs="+", metavar="CARD", help="the whole play, in order (pone leads)")
    mode = g.add_mutually_exclusive_group()
    mode.add_argument("--best", choices=["pone", "dealer"], metavar="SIDE",
                      help="pone or dealer: the most that side can peg over every legal play")
    mode.add_argument("--worst", choices=["pone", "dealer"], metavar="SIDE",
                      help="pone or dealer: the least that side can peg over every legal play")
    mode.add_argument("--policy", choices=["greedy", "minimax"], metavar="POLICY",
                      help="greedy or minimax: play both hands out under that policy")
    mode.add_argument("--play-table", choices=["greedy", "minimax"], metavar="POLICY",
                      help="the play of every pair of 4-card hands under greedy or minimax (with --out)")
    mode.add_argument("--extremes", action="store_true",
                      help="the extremes over every pair of hands and every legal play (the committed search)")
    g.add_argument("--variant", default="six-card", help="six-card (default) or five-card")
    g.add_argument("--json", action="store_true", help="print one JSON object")
    g.add_argument("--recompute", action="store_true",
                   help="with --extremes: search every pair of hands again instead of reading data/ (under a minute)")
    g.add_argument("--out", metavar="DIR", help="with --extremes --recompute or --play-table: write the result into DIR")

    a = command(sub, "advise", "which card to play now, against the hands the opponent can hold",
                "Every card you may play now with E[your play points from now on - the\n"
                "opponent's], exact over every hand the opponent can hold: dealt six (five in\n"
                "the five-card game) of the cards you have not seen, thrown by a stated policy\n"
                "for their seat, and consistent with every card they played and every go they\n"
                "said. Both players play greedy after your card (--rest minimax: both play\n"
                "the rest optimally, both hands visible). --played lists the play so far in\n"
                "order (your cards are recognised as yours; the rules place the goes).",
                ["crib-stats advise 5h 6h 7c jd qs kd --throw qs kd --starter 4c --pone",
                 "crib-stats advise 5h 6h 7c jd qs kd --throw qs kd --starter 4c --dealer --played 10s",
                 "crib-stats advise 5h 6h 7c jd qs kd --throw qs kd --starter 4c --dealer --played 10s \\\n"
                 "      --score 112 115 --json"],
                CARDS_HELP)
    a.add_argument("cards", nargs="+", help="your dealt cards (6; 5 in the five-card game)")
    a.add_argument("--throw", nargs="+", metavar="CARD", required=True, help="the two cards you threw")
    a.add_argument("--starter", required=True, help="the starter")
    role = a.add_mutually_exclusive_group()
    role.add_argument("--dealer", action="store_const", const="dealer", dest="role", help="the crib is yours")
    role.add_argument("--pone", action="store_const", const="pone", dest="role", help="the crib is the opponent's")
    a.add_argument("--played", nargs="+", metavar="CARD", default=[],
                   help="the cards played so far, in order, both players' (the pone led the first)")
    a.add_argument("--discard-policy", default="objective", metavar="POLICY",
                   help="how the opponent threw: objective (default: dealer max E[hand] + E[crib], pone max "
                        "E[hand] - E[crib], exact; ties share) or equilibrium (six-card: the solved discard game)")
    a.add_argument("--when-no-hand", default="refuse", metavar="WHAT",
                   help="when no hand the policy throws fits the play so far (an opponent who threw otherwise): "
                        "refuse (default: an error) or widen (every hand that fits, every throw equally likely; "
                        "the answer says so)")
    a.add_argument("--rest", default="greedy", metavar="HOW",
                   help="how both play after your card: greedy (default) or minimax (the rest played optimally "
                        "by both with both hands visible, for each hand the opponent can hold)")
    a.add_argument("--score", nargs=2, metavar=("MINE", "THEIRS"),
                   help="the score now (pegged points included): add each card's P(win) of the game")
    a.add_argument("--target", metavar="POINTS", help="with --score: the game's target (six-card 121, the default, "
                   "91 or 61; five-card 61)")
    a.add_argument("--variant", default="six-card", help="six-card (default) or five-card")
    a.add_argument("--json", action="store_true", help="print one JSON object")
