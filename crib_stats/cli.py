"""The crib-stats command: parse, call one library function, hand the result to
:mod:`crib_stats.report`, map failures to exit codes.

Heavy modules (numba, pandas, matplotlib) are imported inside the commands, so ``--help`` is
instant. Every error is one line ``crib-stats: error: ...`` on stderr and exit 2; nothing is
printed or written before the inputs and destinations are checked. Ctrl-C exits with 130.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from .errors import CribStatsError, UsageError

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

VARIANT_HELP = "six-card (default), five-card, three-player or four-player"
CARDS_HELP = "cards: a rank (A 2-10 T J Q K) and a suit (C D H S or ♣ ♦ ♥ ♠): 5h 5♥ 10h Th"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse API: raise instead of printing usage
        where = self.prog.removeprefix("crib-stats").strip()
        raise UsageError(f"{where}: {message}" if where else message)


def _formatter(prog):
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=30, width=80)


def _sub(sub, name: str, help: str, description: str, examples: list[str], extra: str = "", usage: str | None = None):
    epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples) + (f"\n\n{extra}" if extra else "")
    return sub.add_parser(name, help=help, description=description, epilog=epilog, formatter_class=_formatter,
                          usage=usage)


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    p = _Parser(prog="crib-stats", description="Exact cribbage hand statistics and discard analysis.",
                formatter_class=_formatter,
                epilog="examples:\n  crib-stats score 5h 5c 5s jd --starter 5d\n  crib-stats enumerate\n"
                       "  crib-stats discard 5h 6h 7c jd qs kd --dealer\n  crib-stats peg 4 2 3 5 6")
    p.add_argument("--version", action="version", version=f"crib-stats {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

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

    d = _sub(sub, "discard", "rank every throw by exact expected hand and crib value",
             "For the dealt cards, every possible throw with its exact expected hand value\n"
             "(over every starter), expected crib value and the spread of the net points.",
             ["crib-stats discard 5h 5c 5d js 7c 9h --dealer", "crib-stats discard 5h 6h 7c jd qs kd --pone --need 12",
              "crib-stats discard 5h 6h 7c jd qs --variant five-card --dealer --json",
              "crib-stats discard 5h 6h 7c jd qs kd --dealer --starter 4c"], CARDS_HELP)
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
    d.add_argument("--top", metavar="K", help="show only the best K throws")
    fmt = d.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print one JSON object")
    fmt.add_argument("--csv", action="store_true", help="print the throws as CSV")
    d.add_argument("--plot", metavar="FILE.png", help="write a chart of the throws")

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
                      help="exhaustive extremes over every pair of hands (about a minute, six-card)")
    g.add_argument("--variant", default="six-card", help="six-card (default) or five-card")
    g.add_argument("--json", action="store_true", help="print one JSON object")
    g.add_argument("--out", metavar="DIR", help="with --extremes: write the result as JSON into DIR")

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
    c.add_argument("--out", metavar="DIR", help="recompute the dealer's maxima and write claims_maxima.json into DIR")

    t = _sub(sub, "crib-table", "expected crib value of every thrown rank pair, by model",
             "The expected crib of each pair of ranks thrown, for the dealer's own crib\n"
             "and for the pone's throw into the dealer's crib, as two 13x13 tables\n"
             "like the published ones (Schell, Hessel, Colvert).",
             ["crib-stats crib-table", "crib-stats crib-table --crib-model hessel",
              "crib-stats crib-table --crib-model random --csv"])
    t.add_argument("--crib-model", default="equilibrium", metavar="MODEL",
                   help="equilibrium (default: the solved discard game), hessel, random (exact, the same for both "
                        "roles) or table:FILE.csv")
    t.add_argument("--csv", action="store_true",
                   help="one row per rank pair: r1,r2,dealer_own_crib,pone_into_dealer_crib")

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
    return p


# ---------------------------------------------------------------------------------------------


def _whole_number(text: str | None, flag: str, low: int | None = None) -> int | None:
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{flag} takes a whole number, got {text[:12]!r}") from None
    if low is not None and value < low:
        raise UsageError(f"{flag} must be at least {low}, got {value}")
    return value


def _wrote(path) -> None:
    print(f"wrote {path}", file=sys.stderr)


def _cmd_score(args) -> int:
    from . import report
    from .rules import variant as get_variant
    from .scoring import score

    v = get_variant(args.variant)
    b = score(args.cards, args.starter, crib=args.crib, variant=v)
    print(json.dumps(report.score_json(b, v.name), ensure_ascii=False) if args.json else report.score_text(b))
    return EXIT_OK


def _cmd_enumerate(args) -> int:
    from . import deals, enumeration as en, io, report

    tables = list(en.TABLES) if args.table == "all" else [args.table]
    names = [f"{t}.csv" for t in tables] + ["odds.csv"]
    io.check_png(args.plot)
    out = io.OutputDir(args.out, names) if args.out is not None else None
    _first_run_note()
    summaries = [en.summary(t, args.method) for t in tables]
    odds = report.odds_for(tables, deals.odds(deals=not args.no_deals))
    if args.json:
        print(json.dumps(report.enumerate_json(summaries, odds, args.method)))
    elif args.csv:
        print(report.enumerate_csv(summaries, odds))
    else:
        print(report.enumerate_text(summaries, odds, args.method))
    if out is not None:
        for s in summaries:
            out.write(f"{s.table}.csv", report.table_csv(s), f"crib-stats enumerate --table {s.table} --out DIR",
                      f"{s.description}: score, count, probability, p_at_least over {s.combinations:,} combinations")
        command = f"crib-stats enumerate --table {args.table} --out DIR" + (" --no-deals" if args.no_deals else "")
        out.write("odds.csv", report.odds_csv(odds), command,
                  "the top-hand odds of every framing shown: framing, score, count, combinations, one_in")
        out.close()
        for path in out.written:
            _wrote(path)
    if args.plot:
        from .plots import distribution_figure

        _wrote(io.save_figure(args.plot, distribution_figure(summaries)))
    return EXIT_OK


def _cmd_discard(args) -> int:
    from . import discard, io, report

    if args.role is None:
        raise UsageError("discard: say whose crib it is: --dealer (yours) or --pone (an opponent's)")
    need = _whole_number(args.need, "--need")
    top = _whole_number(args.top, "--top", 1)
    if args.rank_by == "need" and need is None:
        raise UsageError("discard: --rank-by need needs --need N")
    io.check_png(args.plot)
    analysis = discard.analyse(args.cards, role=args.role, variant=args.variant, crib_model=args.crib_model,
                               starter=args.starter, need=need, rank_by=args.rank_by, pegging=args.pegging)
    if not args.json and not args.csv:
        _first_run_note()
    shown = analysis.top(top)
    if args.json:
        print(json.dumps(report.discard_json(shown), ensure_ascii=False))
    elif args.csv:
        print(report.discard_csv(shown))
    else:
        print(report.discard_text(shown))
    if args.plot:
        from .plots import discard_figure

        _wrote(io.save_figure(args.plot, discard_figure(shown)))
    return EXIT_OK


def _cmd_peg(args) -> int:
    from . import extremes, io, pegging, report
    from .rules import variant as get_variant

    v = get_variant(args.variant)
    if not v.two_player_play:
        raise UsageError(f"peg: the play is modelled for the two-player games (six-card, five-card), not {v.name}")
    hands_given = args.pone is not None or args.dealer is not None
    if args.extremes:
        if args.cards or hands_given or args.play:
            raise UsageError("peg: --extremes takes no cards: it searches every pair of hands")
        name = f"pegging_extremes_{v.name.replace('-', '_')}.json"
        out = io.OutputDir(args.out, [name]) if args.out is not None else None
        progress = _progress_bar(f"{v.name} extremes", "pone hands") if sys.stderr.isatty() else None
        result = extremes.extremes(v, progress=progress)
        print(json.dumps(report.extremes_json(result), ensure_ascii=False) if args.json else report.extremes_text(result))
        if out is not None:
            out.write(name, json.dumps(result.as_dict(), indent=1, ensure_ascii=False) + "\n",
                      f"crib-stats peg --extremes --variant {v.name} --out DIR",
                      f"{v.name} play: extremes over all {result.hand_pairs:,} pairs of hands, each with an example play")
            out.close()
            for path in out.written:
                _wrote(path)
        return EXIT_OK
    if args.play_table:
        return _play_table(args, v)
    if args.out is not None:
        raise UsageError("peg: --out is for --extremes and --play-table")
    if hands_given or args.play or args.best or args.worst or args.policy:
        if args.pone is None or args.dealer is None:
            which = ("--best/--worst need both hands" if args.best or args.worst
                     else "--policy needs both hands" if args.policy else "give both hands")
            raise UsageError(f"peg: {which}: --pone CARDS --dealer CARDS")
        if args.cards:
            raise UsageError(f"peg: unexpected cards {' '.join(args.cards)[:20]!r}: with --pone/--dealer hands, "
                             "give the play with --play")
        policy = None
        if args.policy:
            if args.play:
                raise UsageError("peg: --policy plays the hands itself: leave out --play")
            policy = args.policy
            result = pegging.policy_play(args.pone, args.dealer, policy, variant=v)
            title, mode, side = report.policy_title(result, policy), "policy", None
        elif args.best or args.worst:
            if args.play:
                raise UsageError("peg: --best/--worst search every play: leave out --play")
            side = args.best or args.worst
            result = pegging.best_play(args.pone, args.dealer, side, worst=bool(args.worst), variant=v)
            title = f"the {'most' if args.best else 'least'} the {side} can peg: {result.points[side]}"
            mode = "best" if args.best else "worst"
        else:
            if not args.play:
                raise UsageError("peg: give the play with --play CARDS (or --best/--worst to search)")
            result = pegging.play(args.pone, args.dealer, args.play, variant=v)
            title, mode, side = "the play", "play", None
        print(json.dumps(report.play_json(result, mode, side, policy), ensure_ascii=False) if args.json
              else report.play_text(result, title))
        return EXIT_OK
    if not args.cards:
        if args.best or args.worst:
            raise UsageError("peg: --best/--worst need both hands: --pone CARDS --dealer CARDS")
        raise UsageError("peg: give a count (crib-stats peg 4 2 3 5 6), --pone/--dealer hands, or --extremes")
    events = pegging.count_points(args.cards)
    print(json.dumps(report.count_json(events, v.name), ensure_ascii=False) if args.json else report.count_text(events))
    return EXIT_OK


def _cmd_claims(args) -> int:
    import os

    from . import claims, io, report

    if args.markdown is not None:
        if not args.markdown:
            raise UsageError("claims: --markdown needs a file name")
        io.check_writable_dir(os.path.dirname(args.markdown) or ".", f"--markdown {args.markdown}")
    out = io.OutputDir(args.out, [claims.MAXIMA_FILE]) if args.out is not None else None
    if args.id:
        for claim_id in args.id:
            claims.get(claim_id)  # an unknown id is one line and exit 2, before any work
    ctx = claims.Context(from_data=()) if args.recompute else claims.Context()
    if out is not None:
        results = claims.maxima_results()
        out.write(claims.MAXIMA_FILE, claims.maxima_json(results), "crib-stats claims --out DIR",
                  "the dealer's largest show and hand + crib + pegging (with and without heels, and with a jack "
                  "turned) and the hands scoring 24, by exhaustive search")
        out.close()
    entries = claims.evaluate(args.id, ctx)
    if args.json:
        print(json.dumps(report.header("claims", None) | claims.as_dict(entries), ensure_ascii=False))
    else:
        print(claims.render_text(entries))
    if args.markdown:
        _wrote(io.write_text(args.markdown, claims.render_markdown(entries)))
    if out is not None:
        for path in out.written:
            _wrote(path)
    return EXIT_OK


def _cmd_crib_table(args) -> int:
    from . import crib_tables

    table = crib_tables.model_table(args.crib_model)
    print((crib_tables.render_csv(table) if args.csv else crib_tables.render_grid(table)).rstrip("\n"))
    return EXIT_OK


def _cmd_sweep(args) -> int:
    from . import io, report, sweep
    from .rules import variant as get_variant

    v = get_variant(args.variant)
    shards = _whole_number(args.shards, "--shards", 1)
    sample_n = _whole_number(args.sample, "--sample", 1)
    seed = _whole_number(args.seed, "--seed", 0)
    if args.pegging and v.name != "six-card":
        raise UsageError(f"sweep: --pegging is modelled for the six-card game, not {v.name}")
    if sample_n and not (args.pegging and args.out is not None):
        raise UsageError("sweep: --sample needs --pegging and --out (it writes the measured deals)")
    out = None
    if args.out is not None:
        names = [f"sweep_{v.name}_{t}.parquet" for t in ("throws", "keeps", "hand_bins")] + [sweep.SweepResult.SUMMARY]
        if sample_n:
            from .seats import SAMPLE, SUMMARY

            names += [SAMPLE, SUMMARY]
        out = io.OutputDir(args.out, names)
    _first_run_note()
    progress = _progress_bar(f"{v.name} sweep", "shards") if sys.stderr.isatty() else None
    result = sweep.run_sweep(v, args.crib_model, scheduler=args.scheduler, fresh=args.fresh, progress=progress,
                             **({"shards": shards} if shards else {}))
    seats = sample = None
    if args.pegging:
        from . import seats_sample
        from .seats import figures_from_sweep, per_seat

        seats = per_seat(args.crib_model, args.pegging, figures=figures_from_sweep(result))
        if sample_n:
            records = seats_sample.sample_records(sample_n, seed)
            sample = seats_sample.summarise(records, args.pegging, args.crib_model, seed)
        else:
            sample = seats_sample.committed_sample_result(args.pegging)
    if args.json:
        print(json.dumps(report.sweep_json(result) | (report.seats_json(seats, sample) if seats else {})))
    else:
        print(report.sweep_text(result) + ("\n\n" + report.seats_text(seats, sample).rstrip() if seats else ""))
    if out is not None:
        result.write(out)
        if sample_n:
            seats_sample.write(out, sample_n, seed, records)
        out.close()
        for path in out.written:
            _wrote(path)
    return EXIT_OK


def _play_table(args, v) -> int:
    from . import io, playvalue, report

    if args.cards or args.pone or args.dealer or args.play:
        raise UsageError("peg: --play-table takes no cards: it plays every pair of hands")
    if v.name != "six-card":
        raise UsageError(f"peg: the play tables are for the six-card game, not {v.name}")
    policy = args.play_table
    name = f"play_table_{policy}.parquet"
    out = io.OutputDir(args.out, [name]) if args.out is not None else None
    table = playvalue.compute_table(policy)
    print(report.play_table_text(table, policy))
    if out is not None:
        frame = playvalue.table_frame(table, policy)
        out.write_with(name, lambda fh: frame.to_parquet(fh, index=False, compression="zstd"),
                       f"crib-stats peg --play-table {policy} --out DIR",
                       f"the six-card play of every pair of 4-card rank multisets under the {policy} policy "
                       "(pone_index, dealer_index into rank_multisets(4); "
                       + ("pone_points, dealer_points)" if policy == "greedy" else "value = dealer - pone)"),
                       binary=True)
        out.close()
        for path in out.written:
            _wrote(path)
    return EXIT_OK


def _progress_bar(label: str, unit: str):
    def draw(done: int, total: int) -> None:
        bar = "#" * (30 * done // total)
        end = "\n" if done >= total else ""
        print(f"\r{label} [{bar:<30}] {done}/{total} {unit}", end=end, file=sys.stderr, flush=True)

    return draw


def _first_run_note() -> None:
    """Say once, on a terminal, that the kernels are being compiled (first run only)."""
    if sys.stderr.isatty():
        from .kernels import cache_is_cold

        if cache_is_cold():
            print("crib-stats: compiling the numba kernels (first run only, up to a minute)...",
                  file=sys.stderr, flush=True)


COMMANDS = {"score": _cmd_score, "enumerate": _cmd_enumerate, "discard": _cmd_discard, "peg": _cmd_peg,
            "sweep": _cmd_sweep, "claims": _cmd_claims, "crib-table": _cmd_crib_table}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_usage(sys.stderr)
            print(f"crib-stats: error: give a command ({', '.join(COMMANDS)}); "
                  "crib-stats --help lists them", file=sys.stderr)
            return EXIT_USAGE
        return COMMANDS[args.command](args)
    except CribStatsError as exc:  # UsageError, CardError, VariantError, OutputError, ...
        msg = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        print(f"crib-stats: error: {msg}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
