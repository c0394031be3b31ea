"""The commands: each parses nothing (the grammar is :mod:`.parser`), calls one library
function, prints its report and writes its files; :mod:`.cli` maps failures to exit codes."""

from __future__ import annotations

import sys

from crib_stats.core.errors import UsageError
from crib_stats.presentation.console import (
    EXIT_OK, bar_if_tty, clock, dumps, first_run_note, print_throws, progress_bar, say, wrote,
)
from crib_stats.presentation import options
from crib_stats.presentation.parser import whole_number


def _cmd_score(args) -> int:
    from crib_stats.presentation import report
    from crib_stats.model.variants import variant as get_variant
    from crib_stats.show.scoring import score

    v = get_variant(args.variant)
    b = score(args.cards, args.starter, crib=args.crib, variant=v)
    say(dumps(report.score_json(b, v.name), ensure_ascii=False) if args.json else report.score_text(b))
    return EXIT_OK


def _cmd_enumerate(args) -> int:
    from crib_stats.show import deals, enumeration as en
    from crib_stats.core import io
    from crib_stats.presentation import report

    tables = list(en.TABLES) if args.table == "all" else [args.table]
    names = [f"{t}.csv" for t in tables] + ["odds.csv"]
    io.check_png(args.plot, args.force)
    out = io.OutputDir(args.out, names) if args.out is not None else None
    first_run_note()
    summaries = [en.summary(t, args.method) for t in tables]
    odds = report.odds_for(tables, deals.odds(deals=not args.no_deals))
    if args.json:
        say(dumps(report.enumerate_json(summaries, odds, args.method)))
    elif args.csv:
        say(report.enumerate_csv(summaries, odds))
    else:
        say(report.enumerate_text(summaries, odds, args.method))
    if out is not None:
        for s in summaries:
            out.write(f"{s.table}.csv", report.table_csv(s), f"crib-stats enumerate --table {s.table} --out DIR",
                      f"{s.description}: score, count, probability, p_at_least over {s.combinations:,} combinations")
        command = f"crib-stats enumerate --table {args.table} --out DIR" + (" --no-deals" if args.no_deals else "")
        out.write("odds.csv", report.odds_csv(odds), command,
                  "the top-hand odds of every framing shown: framing, score, count, combinations, one_in")
        out.close()
        for path in out.written:
            wrote(path)
    if args.plot:
        from crib_stats.presentation.plots import distribution_figure

        wrote(io.save_figure(args.plot, distribution_figure(summaries)))
    return EXIT_OK


def _cmd_discard(args) -> int:
    from crib_stats.discard import analysis as discard
    from crib_stats.core import io
    from crib_stats.presentation import report

    args.cards = list(args.cards or []) + list(getattr(args, "cards_after_score", None) or [])
    if not args.cards:
        raise UsageError("discard: give the dealt cards (6; 5 in the other variants), e.g. discard 5h 6h 7c jd qs kd "
                         "--dealer")
    options.discard_seat(args.seat, args.score is not None, args.role)
    if args.score is not None:
        from crib_stats.presentation import game_cli

        return game_cli.discard_for_the_board(args)
    need = whole_number(args.need, "--need")
    top = whole_number(args.top, "--top", 1)
    options.discard_by_points(need=need, rank_by=args.rank_by, pegging=args.pegging, peg_opponent=args.peg_opponent,
                              seed=args.seed, accuracy=args.accuracy, target=args.target)
    io.check_png(args.plot, args.force)
    analysis = discard.analyse(args.cards, role=args.role, variant=args.variant, crib_model=args.crib_model,
                               starter=args.starter, need=need, rank_by=args.rank_by, pegging=args.pegging,
                               peg_opponent=args.peg_opponent)
    shown = print_throws(args, analysis.top(top), report.discard_json, report.discard_csv, report.discard_text)
    if args.plot:
        from crib_stats.presentation.plots import discard_figure

        wrote(io.save_figure(args.plot, discard_figure(shown)))
    return EXIT_OK


def _cmd_peg(args) -> int:
    from crib_stats.peg import extremes, pegging
    from crib_stats.core import io
    from crib_stats.presentation import report
    from crib_stats.model.variants import variant as get_variant

    v = get_variant(args.variant)
    if not v.two_player_play:
        raise UsageError(f"peg: the play is modelled for the two-player games (six-card, five-card), not {v.name}")
    hands_given = args.pone is not None or args.dealer is not None
    if args.recompute and not args.extremes:
        raise UsageError("peg: --recompute is for --extremes (the play tables are always computed)")
    if args.extremes:
        if args.cards or hands_given or args.play:
            raise UsageError("peg: --extremes takes no cards: it is over every pair of hands")
        if args.out is not None and not args.recompute:
            raise UsageError("peg: --out writes a new search: add --recompute (the committed one is "
                             f"data/{extremes.data_name(v)})")
        name = extremes.data_name(v)
        out = io.OutputDir(args.out, [name]) if args.out is not None else None
        if args.recompute:
            progress = bar_if_tty(f"{v.name} extremes", "pone hands")
            result = extremes.extremes(v, progress=progress, blocks=160)  # short calls: Ctrl-C stops within a second
        else:
            result = extremes.committed(v)
        say(dumps(report.extremes_json(result), ensure_ascii=False) if args.json else report.extremes_text(result))
        if out is not None:
            out.write(name, dumps(result.as_dict(), indent=1, ensure_ascii=False) + "\n",
                      f"crib-stats peg --extremes --recompute --variant {v.name} --out DIR",
                      f"{v.name} play: extremes over all {result.hand_pairs:,} pairs of hands, each with an example play")
            out.close()
            for path in out.written:
                wrote(path)
        return EXIT_OK
    if args.play_table:
        return _play_table(args, v)
    if args.out is not None:
        raise UsageError("peg: --out is for --extremes --recompute and --play-table")
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
        say(dumps(report.play_json(result, mode, side, policy), ensure_ascii=False) if args.json
              else report.play_text(result, title))
        return EXIT_OK
    if not args.cards:
        if args.best or args.worst:
            raise UsageError("peg: --best/--worst need both hands: --pone CARDS --dealer CARDS")
        raise UsageError("peg: give a count (crib-stats peg 4 2 3 5 6), --pone/--dealer hands, or --extremes")
    events = pegging.count_points(args.cards)
    say(dumps(report.count_json(events, v.name), ensure_ascii=False) if args.json else report.count_text(events))
    return EXIT_OK


def _cmd_claims(args) -> int:
    from crib_stats import claims
    from crib_stats.core import io
    from crib_stats.presentation import claims as claims_report, report

    io.check_file(args.markdown, "--markdown", args.force)
    out = io.OutputDir(args.out, [claims.MAXIMA_FILE]) if args.out is not None else None
    if args.id:
        for claim_id in args.id:
            claims.get(claim_id)  # an unknown id is one line and exit 2, before any work
    ctx = claims.Context(from_data=()) if args.recompute else claims.Context()
    if out is not None:
        if sys.stderr.isatty():
            print("claims: searching the dealer's maxima for --out (about a minute)...", file=sys.stderr, flush=True)
        results = claims.maxima_results()
        out.write(claims.MAXIMA_FILE, claims.maxima_json(results), "crib-stats claims --out DIR",
                  "the dealer's largest show and hand + crib + pegging (with and without heels, and with a jack "
                  "turned) and the hands scoring 24, by exhaustive search")
        out.close()
    entries = claims.evaluate(args.id, ctx, progress=bar_if_tty("claims", "claims"))
    if args.json:
        say(dumps(report.header("claims", None) | claims_report.as_dict(entries), ensure_ascii=False))
    else:
        say(claims_report.render_text(entries))
    if args.markdown:
        wrote(io.write_markdown(args.markdown, claims_report.render_markdown(entries)))
    if out is not None:
        for path in out.written:
            wrote(path)
    return EXIT_OK


def _cmd_crib_table(args) -> int:
    from crib_stats.discard.crib_tables import render_csv
    from crib_stats.discard.model_tables import model_table
    from crib_stats.presentation.report.crib import render_grid

    solve_only = [flag for flag, given in (("--out", args.out is not None), ("--scheduler", args.scheduler),
                                           ("--workers", args.workers), ("--shards", args.shards),
                                           ("--fresh", args.fresh)) if given]
    if args.solve:
        return _solve(args)
    if solve_only:
        raise UsageError(f"crib-table: {solve_only[0]} goes with --solve")
    table = model_table(args.crib_model)
    say((render_csv(table) if args.csv else render_grid(table)).rstrip("\n"))
    return EXIT_OK


def _solve(args) -> int:
    from crib_stats.core import io
    from crib_stats.strategy import solution
    from crib_stats.core.engine import check_scheduler

    if args.out is None:
        raise UsageError("crib-table: --solve writes its files; give --out DIR")
    if args.csv:
        raise UsageError("crib-table: --solve writes its tables into --out; drop --csv")
    shards = whole_number(args.shards, "--shards", 1) or 1
    workers = whole_number(args.workers, "--workers", 1)
    if workers and args.scheduler != "local":
        raise UsageError("crib-table: --workers goes with --scheduler local")
    check_scheduler(args.scheduler)
    out = io.OutputDir(args.out, list(solution.FILES))
    first_run_note()
    progress = None
    if sys.stderr.isatty():
        import time

        from crib_stats.strategy import equilibrium

        t0, bars = time.monotonic(), []

        def progress(text: str) -> None:  # a step's line, then a bar for the next step's crib values
            print(f"\r{text} [{clock(time.monotonic() - t0)} so far]\033[K", file=sys.stderr, flush=True)
            bars.clear()

        def rows(done: int, total: int) -> None:
            if not bars or done <= equilibrium.CRIB_ROWS_PER_CALL:
                bars[:] = [progress_bar("  crib values of the next step", "hands")]
            bars[0](done, total)

        equilibrium.ROWS_PROGRESS = rows
    try:
        s = solution.solve_and_write(out, scheduler=args.scheduler, workers=workers, shards=shards,
                                     fresh=args.fresh, progress=progress)
    finally:
        if progress is not None:
            equilibrium.ROWS_PROGRESS = None
    out.close()
    cr = s["card_removal"]
    say(f"discard game solved in {s['iterations']} iterations "
          f"({s['seconds_per_iteration']:.2f} s each, resumed from {s['resumed_from_iteration']})\n"
          f"value (dealer's show - pone's, per deal): {s['value']:.4f}\n"
          f"exploitability: {s['exploitability']:.5f} (purified {s['purified']['exploitability']:.2g})\n"
          f"mean kept hand: dealer {s['mean_hand_dealer']:.3f}, pone {s['mean_hand_pone']:.3f}; "
          f"mean crib {s['mean_crib']:.3f}\n"
          f"card removal, mean |error| in E[crib]: dealer {cr['dealer']['mean_abs_error']:.4f}, "
          f"pone {cr['pone']['mean_abs_error']:.4f}")
    for path in out.written:
        wrote(path)
    return EXIT_OK


def _cmd_sweep(args) -> int:
    from crib_stats.core import io
    from crib_stats.presentation import report
    from crib_stats.discard import sweep
    from crib_stats.model.variants import variant as get_variant

    v = get_variant(args.variant)
    shards = whole_number(args.shards, "--shards", 1)
    sample_n = whole_number(args.sample, "--sample", 1)
    seed = whole_number(args.seed, "--seed", 0)
    if args.pegging and v.name != "six-card":
        raise UsageError(f"sweep: --pegging is modelled for the six-card game, not {v.name}")
    if sample_n and not (args.pegging and args.out is not None):
        raise UsageError("sweep: --sample needs --pegging and --out (it writes the measured deals)")
    out = None
    if args.out is not None:
        names = [f"sweep_{v.name}_{t}.parquet" for t in ("throws", "keeps", "hand_bins")] + [sweep.SweepResult.SUMMARY]
        if sample_n:
            from crib_stats.strategy.seats import SAMPLE, SUMMARY

            names += [SAMPLE, SUMMARY]
        out = io.OutputDir(args.out, names)
    first_run_note()
    progress = bar_if_tty(f"{v.name} sweep", "shards")
    result = sweep.run_sweep(v, args.crib_model, scheduler=args.scheduler, fresh=args.fresh, progress=progress,
                             **({"shards": shards} if shards else {}))
    seats = sample = None
    if args.pegging:
        from crib_stats.strategy import seats_sample
        from crib_stats.strategy.seats import figures_from_sweep, per_seat

        seats = per_seat(args.crib_model, args.pegging, figures=figures_from_sweep(result))
        if sample_n:
            records = seats_sample.sample_records(sample_n, seed, progress=bar_if_tty("sample", "deals"))
            sample = seats_sample.summarise(records, args.pegging, args.crib_model, seed)
        else:
            sample = seats_sample.committed_sample_result(args.pegging)
    if args.json:
        say(dumps(report.sweep_json(result) | (report.seats_json(seats, sample) if seats else {})))
    else:
        say(report.sweep_text(result) + ("\n\n" + report.seats_text(seats, sample).rstrip() if seats else ""))
    if out is not None:
        result.write(out)
        if sample_n:
            seats_sample.write(out, sample_n, seed, records)
        out.close()
        for path in out.written:
            wrote(path)
    return EXIT_OK


def _play_table(args, v) -> int:
    from crib_stats.core import io
    from crib_stats.peg import tables as playvalue
    from crib_stats.presentation import report

    if args.cards or args.pone or args.dealer or args.play:
        raise UsageError("peg: --play-table takes no cards: it plays every pair of hands")
    if v.name != "six-card":
        raise UsageError(f"peg: the play tables are for the six-card game, not {v.name}")
    policy = args.play_table
    name = f"play_table_{policy}.parquet"
    out = io.OutputDir(args.out, [name]) if args.out is not None else None
    table = playvalue.compute_table(policy, blocks=160,  # short calls: Ctrl-C stops within a second
                                    progress=bar_if_tty(f"{policy} play table", "pone hands"))
    say(report.play_table_text(table, policy))
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
            wrote(path)
    return EXIT_OK


def _cmd_advise(args) -> int:
    from crib_stats.presentation import game_cli

    return game_cli.advise(args)


def _cmd_game(args) -> int:
    from crib_stats.presentation import game_cli

    return game_cli.run(args)


def _cmd_match(args) -> int:
    from crib_stats.presentation import match_cli

    return match_cli.run(args)


def _cmd_ladder(args) -> int:
    from crib_stats.presentation import match_cli

    return match_cli.ladder(args)


def _cmd_review(args) -> int:
    from crib_stats.presentation import review_cli

    return review_cli.run(args)


def _cmd_serve(args) -> int:
    from crib_stats.presentation.web.command import run

    return run(args)


COMMANDS = {"score": _cmd_score, "enumerate": _cmd_enumerate, "discard": _cmd_discard, "peg": _cmd_peg,
            "advise": _cmd_advise, "sweep": _cmd_sweep, "claims": _cmd_claims, "crib-table": _cmd_crib_table, "game": _cmd_game,
            "match": _cmd_match, "ladder": _cmd_ladder, "review": _cmd_review, "serve": _cmd_serve}
