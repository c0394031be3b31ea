"""The command line's grammar: every subcommand, option, help text and example (80 columns).

Parsing errors raise :class:`~crib_stats.core.errors.UsageError` instead of printing, so that
:func:`crib_stats.presentation.cli.main` reports every error the same way.
"""

from __future__ import annotations

import argparse

from crib_stats.core.errors import UsageError
from crib_stats import __version__

VARIANT_HELP = "six-card (default), five-card, three-player or four-player"
CARDS_HELP = "cards: a rank (A 2-10 T J Q K) and a suit (C D H S or ♣ ♦ ♥ ♠): 5h 5♥ 10h Th"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse API: raise instead of printing usage
        where = self.prog.removeprefix("crib-stats").strip()
        raise UsageError(f"{where}: {message}" if where else message)

    def parse_known_args(self, args=None, namespace=None):
        got = super().parse_known_args(args, namespace)
        if self.prog == "crib-stats":  # the top level: check the command's options once
            import sys

            argv = list(sys.argv[1:] if args is None else args)
            command = getattr(got[0], "command", None)
            if command is not None:
                sub = next(a for a in self._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
                _refuse_repeats(sub, argv[argv.index(command) + 1:] if command in argv else argv)
        return got


_REPEATABLE = (argparse._AppendAction, argparse._AppendConstAction, argparse._CountAction,
               argparse._HelpAction, argparse._VersionAction)


def _refuse_repeats(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """One value per setting: an option given twice (``--starter 4d --starter 5d``), or two
    options that set the same thing (``--table hand --crib``), is refused with one line instead
    of argparse's silent "the last one wins"."""
    seen: dict[str, tuple[str, str | None]] = {}
    options = parser._option_string_actions
    for i, token in enumerate(argv):
        if token == "--":
            break
        if not token.startswith("-") or token == "-" or token[1:2].isdigit():
            continue
        flag, eq, inline = token.partition("=")
        action = options.get(flag)
        if action is None:  # an abbreviation argparse accepted
            matches = {options[o] for o in options if o.startswith(flag) and o.startswith("--")}
            action = matches.pop() if len(matches) == 1 else None
        if action is None or isinstance(action, _REPEATABLE):
            continue
        value = inline if eq else (argv[i + 1] if action.nargs != 0 and i + 1 < len(argv) else None)
        name = next((o for o in action.option_strings if o.startswith("--")), flag)
        if action.dest in seen:
            first, first_value = seen[action.dest]
            where = parser.prog.removeprefix("crib-stats").strip()
            if first == name:
                shown = f" ({first_value}, then {value})" if value is not None and first_value is not None else ""
                raise UsageError(f"{where}: {name} given twice{shown}: give it once")
            raise UsageError(f"{where}: {first} and {name} set the same thing ({action.dest.replace('_', ' ')}): "
                             "give one of them")
        seen[action.dest] = (name, value)


def _formatter(prog):
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=30, width=80)


def _sub(sub, name: str, help: str, description: str, examples: list[str], extra: str = "", usage: str | None = None):
    """The command's parser, and what the grammar below says of its options: recorded, and
    given to the parser when :class:`_Commands` first hands it out."""
    epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples) + (f"\n\n{extra}" if extra else "")
    parser = sub.add_parser(name, help=help, description=description, epilog=epilog, formatter_class=_formatter,
                            usage=usage)
    parser._later = _Later()
    return parser._later


class _Later:
    """Stands for a command's parser (or one of its groups) in :func:`build_parser`: every
    ``add_argument`` and ``add_mutually_exclusive_group`` is recorded, in order, and replayed on
    the real parser by :meth:`replay`. A command line builds only its own command's options
    (the eleven commands' options cost 3 to 7 ms of every start, argparse being slow to add one)."""

    def __init__(self, calls: list | None = None, index: int = 0):
        self._calls = [] if calls is None else calls  # (target, method, args, kwargs, result)
        self._index = index

    def add_argument(self, *args, **kwargs) -> None:
        self._calls.append((self._index, "add_argument", args, kwargs, None))

    def add_mutually_exclusive_group(self, **kwargs) -> "_Later":
        group = _Later(self._calls, len(self._calls) + 1)
        self._calls.append((self._index, "add_mutually_exclusive_group", (), kwargs, group._index))
        return group

    def replay(self, parser: argparse.ArgumentParser) -> None:
        made = {0: parser}
        for target, method, args, kwargs, result in self._calls:
            value = getattr(made[target], method)(*args, **kwargs)
            if result is not None:
                made[result] = value


class _Commands(dict):
    """The commands' parsers by name (argparse's ``choices`` of the subcommand action): each is
    given its options (:class:`_Later`) the first time it is looked up, by argparse or anyone."""

    def __getitem__(self, name: str) -> argparse.ArgumentParser:
        parser = super().__getitem__(name)
        later = parser.__dict__.pop("_later", None)
        if later is not None:
            later.replay(parser)
        return parser

    def get(self, name, default=None):
        return self[name] if name in self else default

    def values(self):
        return [self[name] for name in self]

    def items(self):
        return [(name, self[name]) for name in self]


GAME_DESCRIPTION = ("The chance of winning from every board position (your score, the opponent's,\n"
               "who deals next), by backward induction on a deal model: random deals of\n"
               "twelve cards and a starter, each played out exactly (objective discards,\n"
               "greedy play), the points kept in the order they are scored. No game is\n"
               "simulated. Every figure carries its sampling error (±, one standard error).\n"
               "Reads the committed model (crib_stats/data/game_VARIANT.npz) unless --deals N asks\n"
               "for a new one (resumable after a kill, --scheduler for Dask).")
GAME_EXAMPLES = ["crib-stats game", "crib-stats game --at 104 110 --dealer", "crib-stats game --at 35 37 --pone --json",
            "crib-stats game --csv > board.csv", "crib-stats game --out tables/ --plot board.png",
            "crib-stats game --deals 1000000 --seed 7 --scheduler local"]


SERVE_HOST, SERVE_PORT = "127.0.0.1", 8421  # crib-stats serve: this machine only, by default


def whole_number(text: str | None, flag: str, low: int | None = None) -> int | None:
    """A number option as every command reads it (None when not given), one line when it is
    not a whole number or is below ``low``.

    >>> whole_number("7", "--top", 1), whole_number(None, "--top")
    (7, None)
    """
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{flag} takes a whole number, got {str(text)[:12]!r}") from None
    if low is not None and value < low:
        raise UsageError(f"{flag} must be at least {low}, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="crib-stats", description="Exact cribbage hand statistics and discard analysis.",
                formatter_class=_formatter,
                epilog="examples:\n  crib-stats score 5h 5c 5s jd --starter 5d\n  crib-stats enumerate\n"
                       "  crib-stats discard 5h 6h 7c jd qs kd --dealer\n  crib-stats peg 4 2 3 5 6")
    p.add_argument("--version", action="version", version=f"crib-stats {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.choices = sub._name_parser_map = _Commands()  # one object in argparse: filled on look-up

    s = _sub(sub, "score", "score a hand or crib with the starter, itemised",
             "Score a hand (or crib) with the starter:\nfifteens, pairs, runs, flush, nobs.",
             ["crib-stats score 5h 5c 5s jd --starter 5d", "crib-stats score 'ah,3h,7h,10h' --starter js --crib",
              "crib-stats score 5h5c5s --starter jd --variant five-card --json"], CARDS_HELP)
    s.add_argument("cards", nargs="+", help="hand cards (4; 3 in the five-card game)")
    s.add_argument("--starter", "-s", required=True, help="the starter (turn-up) card")
    s.add_argument("--crib", action="store_true", help="score as a crib (only a 5-card flush counts)")
    s.add_argument("--variant", default="six-card", help=VARIANT_HELP)
    s.add_argument("--json", action="store_true", help="print one JSON object")

    e = _sub(sub, "enumerate", "exact score distributions and top-hand odds",
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

    d = _sub(sub, "discard", "rank every throw by exact expected hand and crib value",
             "For the dealt cards, every possible throw with its exact expected hand value\n"
             "(over every starter), expected crib value and the spread of the net points.",
             ["crib-stats discard 5h 5c 5d js 7c 9h --dealer", "crib-stats discard 5h 6h 7c jd qs kd --pone --need 12",
              "crib-stats discard 5h 6h 7c jd qs --variant five-card --dealer --json",
              "crib-stats discard 5h 6h 7c jd qs kd --dealer --starter 4c",
              "crib-stats discard 5h 6h 7c jd qs kd --pone --pegging greedy \\\n"
              "      --peg-opponent equilibrium",
              "crib-stats discard 5h 6h 7c jd qs kd --dealer --score 118 116"],
             CARDS_HELP)
    d.add_argument("cards", nargs="+", help="the dealt cards (6; 5 in the other variants)")
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
    d.add_argument("--score", nargs=2, metavar=("MINE", "THEIRS"),
                   help="discard for the board: rank the throws by P(win the game) from this score (yours, the "
                        "opponent's; --dealer: you deal this deal), the deal played out under the game model and "
                        "later deals by its board (six-card, five-card; default crib model and no --pegging)")
    d.add_argument("--seed", metavar="S", help="with --score: the seed of the opponent hands' suits (default 0)")
    d.add_argument("--accuracy", metavar="SE", help="with --score: the largest standard error of P(win) "
                   "(default 0.002)")
    d.add_argument("--top", metavar="K", help="show only the best K throws")
    fmt = d.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print one JSON object")
    fmt.add_argument("--csv", action="store_true", help="print the throws as CSV")
    d.add_argument("--plot", metavar="FILE.png", help="write a chart of the throws")
    d.add_argument("--force", action="store_true", help="replace a --plot file crib-stats did not write")

    g = _sub(sub, "peg", "the play: score a count or a whole play; best plays; extremes",
             "Score the play (pegging). Suits never matter:\ngive cards (7c, 7♣) or bare ranks (7, T, J).",
             ["crib-stats peg 4 2 3 5 6",
              "crib-stats peg --pone 7c 7d 4h 4s --dealer 7h 7s 4c 4d \\\n      --play 7c 7h 7d 7s 4h 4c 4s 4d",
              "crib-stats peg --pone 5 5 4 4 --dealer 5 4 4 K --best pone",
              "crib-stats peg --pone 4 5 6 7 --dealer 5 5 10 K --policy greedy",
              "crib-stats peg --extremes --variant five-card"],
             usage="%(prog)s [cards ...] [--pone CARD ... --dealer CARD ...]\n"
                   "         [--play CARD ... | --best SIDE | --worst SIDE | --policy POLICY |\n"
                   "          --play-table POLICY | --extremes]\n"
                   "         [--variant VARIANT] [--json] [--out DIR]")
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
                      help="exhaustive extremes over every pair of hands (under a minute, six-card)")
    g.add_argument("--variant", default="six-card", help="six-card (default) or five-card")
    g.add_argument("--json", action="store_true", help="print one JSON object")
    g.add_argument("--out", metavar="DIR", help="with --extremes: write the result as JSON into DIR")

    a = _sub(sub, "advise", "which card to play now, against the hands the opponent can hold",
             "Every card you may play now with E[your play points from now on - the\n"
             "opponent's], exact over every hand the opponent can hold: dealt six of the\n"
             "cards you have not seen, thrown by a stated policy for their seat, and\n"
             "consistent with every card they played and every go they said. Both players\n"
             "play greedy after your card. --played lists the play so far in order (your\n"
             "cards are recognised as yours; the rules place the goes).",
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
    a.add_argument("--score", nargs=2, metavar=("MINE", "THEIRS"),
                   help="the score now (pegged points included): add each card's P(win) of the game")
    a.add_argument("--variant", default="six-card", help="six-card (default) or five-card")
    a.add_argument("--json", action="store_true", help="print one JSON object")

    c = _sub(sub, "claims", "every figure in the source documents, checked",
             "The seeds' quantitative claims (hand counts, odds, maxima, averages, rules),\n"
             "each with the framing it holds in, the value the code computes, a verdict\n"
             "(reproduced, wrong, depends on framing, model-dependent, rule) and the command\n"
             "that reproduces it. The report is kept at docs/claims.md.",
             ["crib-stats claims", "crib-stats claims --id odds-29", "crib-stats claims --json",
              "crib-stats claims --markdown docs/claims.md"])
    c.add_argument("--id", action="append", metavar="ID", help="only this claim (repeatable)")
    c.add_argument("--recompute", action="store_true",
                   help="recompute the long searches instead of reading data/ (minutes)")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.add_argument("--markdown", metavar="FILE", help="also write the report as markdown to FILE")
    c.add_argument("--force", action="store_true", help="replace a --markdown file crib-stats did not write")
    c.add_argument("--out", metavar="DIR", help="recompute the dealer's maxima and write claims_maxima.json into DIR")

    t = _sub(sub, "crib-table", "expected crib value of every thrown rank pair, by model",
             "The expected crib of each pair of ranks thrown, for the dealer's own crib\n"
             "and for the pone's throw into the dealer's crib, as two 13x13 tables\n"
             "like the published ones (Schell, Hessel, Colvert).",
             ["crib-stats crib-table", "crib-stats crib-table --crib-model hessel",
              "crib-stats crib-table --crib-model random --csv",
              "crib-stats crib-table --solve --out data/ --scheduler local"])
    t.add_argument("--crib-model", default="equilibrium", metavar="MODEL",
                   help="equilibrium (default: the solved discard game), hessel, random (exact, the same for both "
                        "roles) or table:FILE.csv")
    t.add_argument("--csv", action="store_true",
                   help="one row per rank pair: r1,r2,dealer_own_crib,pone_into_dealer_crib")
    t.add_argument("--solve", action="store_true",
                   help="solve the discard game again (about 15 minutes on 2 cores) and write the equilibrium "
                        "files into --out; a killed run resumes")
    t.add_argument("--out", metavar="DIR", help="with --solve: where to write the solution's files")
    t.add_argument("--scheduler", metavar="WHERE",
                   help="with --solve: in this process (default); 'local': a Dask LocalCluster; "
                        "tcp://HOST:PORT: a Dask cluster")
    t.add_argument("--workers", metavar="N", help="with --solve --scheduler local: worker processes (default: cores)")
    t.add_argument("--shards", metavar="N", help="with --solve: split the hands into N shards per step (default 1)")
    t.add_argument("--fresh", action="store_true", help="with --solve: ignore the state saved by an earlier run")

    w = _sub(sub, "sweep", "the best discard for every deal there is, exactly",
             "Every deal of a variant (all C(52,6) = 20,358,520 six-card deals, as 962,988\n"
             "suit classes), each thrown the best way for the hand alone, the dealer and the\n"
             "pone; exact means, how often the crib changes the throw, the throw and keep\n"
             "tables. Finished shards are cached, so a killed run resumes.",
             ["crib-stats sweep", "crib-stats sweep --variant five-card --json",
              "crib-stats sweep --scheduler local", "crib-stats sweep --variant three-player --out data/"])
    w.add_argument("--variant", default="six-card", help=VARIANT_HELP)
    w.add_argument("--crib-model", default="random", help="random (default): the only model the sweep supports")
    w.add_argument("--scheduler", metavar="WHERE",
                   help="in this process (default); 'local': a Dask LocalCluster; tcp://HOST:PORT: a Dask cluster")
    w.add_argument("--shards", metavar="N", help="split the deal classes into N shards (default 16)")
    w.add_argument("--fresh", action="store_true", help="ignore shards cached by an earlier run")
    w.add_argument("--pegging", choices=["greedy", "minimax"], metavar="POLICY",
                   help="six-card: add the whole hand per seat, the play under greedy or minimax")
    w.add_argument("--sample", metavar="N", help="with --pegging and --out: measure the model on N new random deals")
    w.add_argument("--seed", metavar="S", default="0", help="the sample's random seed (default 0)")
    w.add_argument("--json", action="store_true", help="print one JSON object")
    w.add_argument("--out", metavar="DIR", help="write the tables (Parquet) and the JSON summary into DIR")

    g = _sub(sub, "game", "the chance of winning from every board position",
             GAME_DESCRIPTION, GAME_EXAMPLES)
    g.add_argument("--at", nargs=2, metavar=("MINE", "THEIRS"), help="one position: your score and the opponent's")
    role = g.add_mutually_exclusive_group()
    role.add_argument("--dealer", action="store_const", const="dealer", dest="role", help="with --at: you deal next")
    role.add_argument("--pone", action="store_const", const="pone", dest="role",
                      help="with --at: the opponent deals next")
    g.add_argument("--variant", default="six-card", help="six-card (default; to 121) or five-card (to 61)")
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
    g.add_argument("--out", metavar="DIR", help="write the whole table (CSV; with --deals also the model) into DIR")
    g.add_argument("--plot", metavar="FILE.png", help="write heat maps of P(win) over the board, for each seat")
    v = _sub(sub, "serve", "a local web page: pick cards, see every throw ranked",
             "Serve the page for players on this machine: a card picker, every throw\n"
             "ranked with its spread and chart, the scorer, and the JSON API behind them\n"
             "(/api/score, /api/discard, /api/peg: the objects --json prints).\n"
             "Needs the web extra: pip install 'crib-stats[web]'.",
             ["crib-stats serve", "crib-stats serve --open", "crib-stats serve --port 9000"])
    v.add_argument("--port", metavar="N",
                   help=f"the port (default {SERVE_PORT}; a free one if that is taken; 0: any free port)")
    v.add_argument("--host", metavar="H", default=SERVE_HOST,
                   help=f"the address to listen on (default {SERVE_HOST}: this machine only)")
    v.add_argument("--open", action="store_true", help="open the page in a browser")
    return p
