"""The crib-stats command: parse, call one library function, format, map failures to exit codes.

Heavy modules (numba, pandas, matplotlib) are imported inside the commands, so ``--help`` is
instant. Bad input prints one line on stderr and exits 2; nothing is written half-way.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from .errors import CribStatsError

EXIT_OK = 0
EXIT_USAGE = 2


class UsageError(Exception):
    """Raised by the parser instead of printing usage; becomes one stderr line and exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # noqa: D401 - argparse API
        raise UsageError(f"{self.prog}: {message}")


def _formatter(prog):
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=32)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="crib-stats",
        description="Exact cribbage hand statistics and discard analysis.",
        formatter_class=_formatter,
        epilog="examples:\n  crib-stats score 5h 5c 5s jd --starter 5d\n  crib-stats enumerate\n"
        "  crib-stats discard 5h 6h 7c jd qs kd --dealer",
    )
    from . import __version__

    p.add_argument("--version", action="version", version=f"crib-stats {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    s = sub.add_parser(
        "score",
        help="score a hand or crib with the starter, itemised",
        formatter_class=_formatter,
        description="Score a hand (or crib) with the starter: fifteens, pairs, runs, flush, nobs.",
        epilog="examples:\n  crib-stats score 5h 5c 5s jd --starter 5d\n"
        "  crib-stats score 'ah,3h,7h,10h' --starter js --crib\n"
        "  crib-stats score 5h5c5s --starter jd --variant five-card --json\n\n"
        "cards: rank (A 2-10 T J Q K) then suit (C D H S or ♣ ♦ ♥ ♠), e.g. 5h 5H 5♥ 10h Th",
    )
    s.add_argument("cards", nargs="+", help="hand cards (4; 3 in the five-card game)")
    s.add_argument("--starter", "-s", required=True, help="the starter (turn-up) card")
    s.add_argument("--crib", action="store_true", help="score as a crib (only a 5-card flush counts)")
    s.add_argument("--variant", default="six-card", help="six-card (default), five-card, three-player, four-player")
    s.add_argument("--json", action="store_true", help="print one JSON object")

    e = sub.add_parser(
        "enumerate",
        help="exact score distributions over every hand + starter, and top-hand odds",
        formatter_class=_formatter,
        description="Score every hand+starter combination (12,994,800 for 4-card hands) and print "
        "the exact distributions, means and the odds of the top hands.",
        epilog="examples:\n  crib-stats enumerate\n  crib-stats enumerate --table crib --method ranks\n"
        "  crib-stats enumerate --json\n  crib-stats enumerate --out data/ --plot docs/distribution.png",
    )
    e.add_argument("--table", default="all", choices=["hand", "crib", "five-card", "all"])
    e.add_argument("--crib", action="store_const", const="crib", dest="table", help="same as --table crib")
    e.add_argument("--all", action="store_const", const="all", dest="table", help="same as --table all")
    e.add_argument("--method", default="brute", choices=["brute", "ranks"],
                   help="brute: score every combination; ranks: rank multisets + suit counting")
    e.add_argument("--no-deals", action="store_true", help="skip the deal-level odds (about 3 s)")
    fmt = e.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print one JSON object")
    fmt.add_argument("--csv", action="store_true", help="print the tables as CSV")
    e.add_argument("--out", metavar="DIR", help="write one CSV per table (and a README.md) into DIR")
    e.add_argument("--plot", metavar="FILE.png", help="write a bar chart of the distributions")

    d = sub.add_parser(
        "discard",
        help="rank every throw by exact expected hand and crib value",
        formatter_class=_formatter,
        description="For the dealt cards, every possible throw with its exact expected hand value "
        "(over every starter), expected crib value (random opponent throws) and the spread of "
        "the net points.",
        epilog="examples:\n  crib-stats discard 5h 5c 5d js 7c 9h --dealer\n"
        "  crib-stats discard 5h 6h 7c jd qs kd --pone --need 12\n"
        "  crib-stats discard 5h 6h 7c jd qs --variant five-card --dealer --json\n"
        "  crib-stats discard 5h 6h 7c jd qs kd --dealer --starter 4c",
    )
    d.add_argument("cards", nargs="+", help="the dealt cards (6; 5 in the other variants)")
    role = d.add_mutually_exclusive_group()
    role.add_argument("--dealer", action="store_const", const="dealer", dest="role",
                      help="the crib is yours (four-player: your side deals)")
    role.add_argument("--pone", action="store_const", const="pone", dest="role",
                      help="the crib is an opponent's")
    d.add_argument("--variant", default="six-card", help="six-card (default), five-card, three-player, four-player")
    d.add_argument("--crib-model", default="random", help="random (default): other crib cards uniformly random")
    d.add_argument("--starter", help="fix the starter (what-if)")
    d.add_argument("--need", type=str, metavar="N", help="also show P(points you score >= N)")
    d.add_argument("--top", type=str, metavar="K", help="show only the best K throws")
    fmt = d.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print one JSON object")
    fmt.add_argument("--csv", action="store_true", help="print the throws as CSV")
    d.add_argument("--plot", metavar="FILE.png", help="write a chart of the throws")
    g = sub.add_parser(
        "peg",
        help="the play: score a count, check and score a whole play, best plays, extremes",
        formatter_class=_formatter,
        description="Score the play (pegging). Suits never matter: give cards (7c, 7♣) or bare ranks (7, T, J).",
        epilog="examples:\n  crib-stats peg 4 2 3 5 6\n"
        "  crib-stats peg --pone 7c 7d 4h 4s --dealer 7h 7s 4c 4d --play 7c 7h 7d 7s 4h 4c 4s 4d\n"
        "  crib-stats peg --pone 5 5 4 4 --dealer 5 4 4 K --best pone\n"
        "  crib-stats peg --extremes --variant five-card",
    )
    g.add_argument("cards", nargs="*", help="a single count, in the order played")
    g.add_argument("--pone", nargs="+", metavar="CARD", help="the pone's hand (4 cards; 3 in the five-card game)")
    g.add_argument("--dealer", nargs="+", metavar="CARD", help="the dealer's hand")
    g.add_argument("--play", nargs="+", metavar="CARD", help="the whole play, in order (pone leads)")
    mode = g.add_mutually_exclusive_group()
    mode.add_argument("--best", choices=["pone", "dealer"], help="the most that side can peg over every legal play")
    mode.add_argument("--worst", choices=["pone", "dealer"], help="the least that side can peg over every legal play")
    mode.add_argument("--extremes", action="store_true",
                      help="exhaustive extremes over every pair of hands (about a minute for the six-card game)")
    g.add_argument("--variant", default="six-card", help="six-card (default) or five-card")
    g.add_argument("--json", action="store_true", help="print one JSON object")
    g.add_argument("--out", metavar="DIR", help="with --extremes: write the result as JSON into DIR")
    return p


# ---------------------------------------------------------------------------------------------


def _cmd_score(args) -> int:
    from .scoring import score

    b = score(args.cards, args.starter, crib=args.crib, variant=args.variant)
    if args.json:
        print(json.dumps(b.as_dict(), ensure_ascii=False))
    else:
        print(b.text)
    return EXIT_OK


def _check_png(path: str | None) -> None:
    """Refuse a bad --plot destination before any work is done or anything printed."""
    import os

    from .io import OutputError

    if path is None:
        return
    if not path.lower().endswith(".png"):
        raise OutputError(f"--plot {path}: plots are written as .png files")
    directory = os.path.dirname(path) or "."
    if not os.path.isdir(directory):
        raise OutputError(f"--plot {path}: directory {directory} does not exist")


def _cmd_enumerate(args) -> int:
    from . import enumeration as en
    from . import io

    _check_png(args.plot)
    if args.out:
        io.prepare_dir(args.out)
    names = list(en.TABLES) if args.table == "all" else [args.table]
    summaries = [en.summary(t, args.method) for t in names]
    odds = en.odds(deals=not args.no_deals)
    if args.json:
        payload = {s.json_key: s.as_dict() for s in summaries}
        payload["method"] = args.method
        payload["odds"] = {o.key: o.as_dict() for o in odds}
        print(json.dumps(payload))
    elif args.csv:
        print("table,score,count,probability,p_at_least")
        for s in summaries:
            for row in en.frame(s).itertuples():
                print(f"{s.json_key},{row.score},{row.count},{row.probability!r},{row.p_at_least!r}")
    else:
        print(format_enumeration(summaries, odds, args.method))
    if args.out:
        entries = []
        for s in summaries:
            df = en.frame(s).drop(columns=["probability_exact"])
            name = f"{s.json_key}.csv"
            io.write_frame_csv(f"{args.out.rstrip('/')}/{name}", df)
            entries.append((name, f"crib-stats enumerate --table {s.table} --out DIR",
                            f"{s.description}: score, count, probability, p_at_least over "
                            f"{s.combinations:,} combinations"))
        io.write_frame_csv(f"{args.out.rstrip('/')}/odds.csv", en.odds_frame(odds))
        entries.append(("odds.csv", "crib-stats enumerate --out DIR" + (" --no-deals" if args.no_deals else ""),
                        "every framing of the top-hand odds: framing, score, count, combinations, one_in"))
        io.update_readme(args.out, entries)
    if args.plot:
        from .plots import distribution_figure

        io.save_figure(args.plot, distribution_figure(summaries))
    return EXIT_OK


def format_enumeration(summaries, odds, method: str) -> str:
    from .enumeration import format_one_in, frame

    out: list[str] = []
    for s in summaries:
        out.append(f"== {s.table}: {s.description} (method {method})")
        out.append(f"combinations  {s.combinations:,}")
        out.append(f"mean          {s.mean.numerator}/{s.mean.denominator} = {float(s.mean):.6f}")
        out.append(f"sd            {s.sd:.6f}")
        out.append(f"max           {s.max_score} ({s.n_max:,} combinations)")
        imp = ", ".join(str(x) for x in s.impossible) or "none"
        out.append(f"impossible    {imp}")
        out.append(f"{'score':>5} {'count':>11} {'probability':>12} {'P(>=score)':>12}")
        for row in frame(s).itertuples():
            out.append(f"{row.score:>5} {row.count:>11,} {row.probability:>12.8f} {row.p_at_least:>12.8f}")
        out.append("")
    out.append("== odds of the top hands")
    for o in odds:
        out.append(f"{o.framing}:")
        for score, c, f in o.top(5):
            out.append(f"  {score:>2} points: {c:>12,}  {format_one_in(f)}")
    return "\n".join(out)


def _positive_int(text: str | None, flag: str, low: int) -> int | None:
    from .discard import DiscardError

    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        raise DiscardError(f"{flag} takes a whole number, got {text!r}") from None
    if value < low:
        raise DiscardError(f"{flag} must be at least {low}, got {value}")
    return value


def _cmd_discard(args) -> int:
    from . import discard, io

    if args.role is None:
        raise discard.DiscardError("say whose crib it is: --dealer (yours) or --pone (an opponent's)")
    need = _positive_int(args.need, "--need", 0)
    top = _positive_int(args.top, "--top", 1)
    _check_png(args.plot)
    df = discard.analyse(args.cards, role=args.role, variant=args.variant, crib_model=args.crib_model,
                         starter=args.starter, need=need)
    shown = df.head(top) if top else df
    if args.json:
        payload = discard.to_json(shown)
        print(json.dumps(payload, ensure_ascii=False))
    elif args.csv:
        cols = ["throw", "keep", "hand_ev", "crib_ev", "net_ev", "sd", "min", "max"]
        cols += ["p_need"] if need is not None else []
        out = shown[cols].copy()
        for c in ("hand_ev_exact", "crib_ev_exact", "net_ev_exact"):
            out[c] = [f"{f.numerator}/{f.denominator}" for f in shown[c]]
        print(out.to_csv(index=False, lineterminator="\n"), end="")
    else:
        print(format_discard(shown, need))
    if args.plot:
        from .plots import discard_figure

        io.save_figure(args.plot, discard_figure(shown))
    return EXIT_OK


def format_discard(df, need: int | None) -> str:
    a = df.attrs
    best = df.iloc[0]
    whose = "your crib" if a["crib_is_yours"] else "opponent's crib"
    sign = "+" if a["crib_is_yours"] else "-"
    lines = [
        f"{a['variant']}, {a['role']} ({whose}), crib model {a['crib_model']}"
        + (f", starter {a['starter']}" if a["starter"] else "")
        + f": {a['dealt']}",
        f"best: throw {best['throw']}, keep {best['keep']}: E[hand] {best['hand_ev']:.3f} {sign} "
        f"E[crib] {best['crib_ev']:.3f} = net {best['net_ev']:.3f}",
        f"({a['outcomes_per_throw']:,} equally likely (other crib cards, starter) outcomes per throw; "
        "net = hand " + sign + " crib)",
        "",
    ]
    head = f"{'throw':<9} {'keep':<14} {'E[hand]':>8} {'E[crib]':>8} {'net':>8} {'sd':>6} {'min..max':>9}"
    if need is not None:
        head += f" {'P(>=' + str(need) + ')':>9}"
    lines.append(head)
    for row in df.to_dict("records"):
        line = (f"{row['throw']:<9} {row['keep']:<14} {row['hand_ev']:>8.3f} {row['crib_ev']:>8.3f} "
                f"{row['net_ev']:>8.3f} {row['sd']:>6.2f} {str(row['min']) + '..' + str(row['max']):>9}")
        if need is not None:
            line += f" {row['p_need']:>9.4f}"
        lines.append(line)
    if need is not None:
        what = "hand + crib" if a["crib_is_yours"] else "hand (pone counts first)"
        lines.append(f"P(>={need}): probability your show ({what}) makes at least {need} points")
    return "\n".join(lines)


def _cmd_peg(args) -> int:
    from . import io, pegging

    hands_given = args.pone is not None or args.dealer is not None
    if args.extremes:
        if args.cards or hands_given or args.play:
            raise pegging.PegError("--extremes takes no cards: it searches every pair of hands")
        if args.out:
            io.prepare_dir(args.out)
        result = pegging.extremes(args.variant, progress=sys.stderr.isatty())
        if args.json:
            print(json.dumps(result))
        else:
            print(format_extremes(result))
        if args.out:
            name = f"pegging_extremes_{result['variant'].replace('-', '_')}.json"
            io.write_text(f"{args.out.rstrip('/')}/{name}", json.dumps(result, indent=1) + "\n")
            io.update_readme(args.out, [(name, f"crib-stats peg --extremes --variant {result['variant']} --out DIR",
                                         f"{result['variant']} play: extremes over all {result['hand_pairs']:,} "
                                         "pairs of hands, each with an example play")])
        return EXIT_OK
    if args.out:
        raise pegging.PegError("--out is for --extremes")
    if hands_given or args.play or args.best or args.worst:
        if args.cards:
            raise pegging.PegError("give either a single count or --pone/--dealer hands, not both")
        if args.pone is None or args.dealer is None:
            raise pegging.PegError("give both hands: --pone CARDS --dealer CARDS")
        if args.best or args.worst:
            if args.play:
                raise pegging.PegError("--best/--worst search every play: leave out --play")
            side = args.best or args.worst
            result = pegging.best_play(args.pone, args.dealer, side, worst=bool(args.worst), variant=args.variant)
            title = f"{'most' if args.best else 'least'} the {side} can peg: {result.points[side]}"
        else:
            if not args.play:
                raise pegging.PegError("give the play with --play CARDS (or --best/--worst to search)")
            result = pegging.play(args.pone, args.dealer, args.play, variant=args.variant)
            title = "the play"
        if args.json:
            print(json.dumps(result.as_dict(), ensure_ascii=False))
        else:
            print(format_play(result, title))
        return EXIT_OK
    if not args.cards:
        raise pegging.PegError("give a count (crib-stats peg 4 2 3 5 6), --pone/--dealer hands, or --extremes")
    events = pegging.count_points(args.cards)
    if args.json:
        print(json.dumps({"count": [e.as_dict() for e in events]}, ensure_ascii=False))
    else:
        print(f"{'#':>2} {'card':<5} {'count':>5} {'points':>6}  why")
        for i, e in enumerate(events, 1):
            print(f"{i:>2} {e.card:<5} {e.count:>5} {e.points:>6}  {e.why}")
        print(f"total {sum(e.points for e in events)}")
    return EXIT_OK


def format_play(result, title: str) -> str:
    lines = [f"{result.variant} {title}",
             f"pone {' '.join(result.pone)}; dealer {' '.join(result.dealer)}", "",
             f"{'player':<7} {'card':<5} {'count':>5} {'points':>6}  why"]
    for e in result.events:
        card = e.card if e.card else ("-" if e.kind != "go-said" else "")
        lines.append(f"{e.player:<7} {card:<5} {e.count:>5} {e.points:>6}  {e.why}")
    lines.append("")
    lines.append(f"pone {result.points['pone']}, dealer {result.points['dealer']}")
    return "\n".join(lines)


def format_extremes(result: dict) -> str:
    lines = [f"{result['variant']} play: every legal play of all {result['hand_pairs']:,} pairs of "
             f"{result['hand_size']}-card hands (ranks; at most four of a rank in both hands)", ""]
    for key, item in result["extremes"].items():
        lines.append(f"{item['description']}: {item['points']}  ({item['pairs_reaching_it']:,} pairs of hands reach it)")
        lines.append(f"  pone {' '.join(item['pone'])}; dealer {' '.join(item['dealer'])}; "
                     f"play {' '.join(item['play'])} -> pone {item['play_points']['pone']}, "
                     f"dealer {item['play_points']['dealer']}")
    return "\n".join(lines)


COMMANDS = {"score": _cmd_score, "enumerate": _cmd_enumerate, "discard": _cmd_discard, "peg": _cmd_peg}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return EXIT_USAGE
        return COMMANDS[args.command](args)
    except UsageError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_USAGE
    except CribStatsError as exc:  # CardError, VariantError, OutputError, ...
        msg = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        print(f"crib-stats: error: {msg}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
