"""The runners of the commands built on :mod:`crib_stats.game`: ``crib-stats game``,
``crib-stats advise`` and ``crib-stats discard --score`` (their grammar is in :mod:`.parser`,
like every command's; ``cli.py`` maps failures to exit codes)."""

from __future__ import annotations

import json

from crib_stats.core.errors import CribStatsError, UsageError
from crib_stats.presentation.console import (EXIT_OK, bar_if_tty, dumps, first_run_note, print_throws, say, warn,
                                             wrote)
from crib_stats.presentation import options
from crib_stats.presentation.parser import whole_number


def _whole(text, flag: str, low: int | None = None) -> int | None:
    return whole_number(text, f"game: {flag}", low)


def _board_play(args) -> int:
    """``game --board-play [GAMES]``: the committed measurement, or GAMES new games."""
    from crib_stats.core import io
    from crib_stats.core.engine import check_scheduler
    from crib_stats.game import boardplay as bp
    from crib_stats.presentation.report import boardthrow as rb

    if args.csv or args.plot is not None:
        raise UsageError(f"game --board-play: {'--csv' if args.csv else '--plot'} cannot go with --board-play: it "
                         "prints a summary of whole games, not a table of positions (--json prints it for machines)")
    others = [f for f, given in (("--at", args.at), ("--dealer/--pone", args.role), ("--deals", args.deals))
              if given is not None]
    if others:
        raise UsageError(f"game --board-play: {', '.join(others)} cannot go with --board-play: its games are played "
                         "from the start, deal after deal, under the committed model")
    if args.variant != "six-card" or args.discard != "objective" or args.target is not None:
        raise UsageError("game --board-play: --variant, --target and --discard cannot go with --board-play: it is "
                         "measured in the six-card game to 121 with objective discards")
    if args.board_play == "committed":
        if args.seed != "0" or args.shards or args.scheduler or args.fresh or args.out:
            raise UsageError("game --board-play: --seed, --shards, --scheduler, --fresh and --out go with "
                             "--board-play GAMES")
        summary = bp.committed()
    else:
        games = _whole(args.board_play, "--board-play", 2)
        seed = _whole(args.seed, "--seed", 0)
        shards = _whole(args.shards, "--shards", 1) or min(bp.SHARDS, games)
        workers = _whole(args.workers, "--workers", 1)
        measurement = bp.BoardPlay(games, seed, shards)
        engine = dict(scheduler=args.scheduler, workers=workers, fresh=args.fresh,
                      progress=bar_if_tty("board play", "shards"))
        check_scheduler(args.scheduler)
        if args.out is not None:
            io.OutputDir(args.out, measurement.files)  # checked before anything is printed
        first_run_note("game --board-play")
        if args.out is not None:
            for path in measurement.write_committed(args.out, **engine):
                wrote(path)
            summary = json.loads((__import__("pathlib").Path(args.out) / bp.DATA_JSON).read_text())
        else:
            summary, _ = measurement.run(**engine)
    say(json.dumps(rb.board_play_json(summary)) if args.json else rb.board_play_text(summary))
    return 0


def out_names(variant: str, discard: str, deals: int | None, seed: int, target: int | None = None) -> tuple[str, str]:
    """The names ``game --out`` writes (the table, the deal model): the committed model's
    (``game_table_six-card.csv``, ``game_six-card.npz``) for the committed deals and seed, else
    names that say which deals made them (``game_table_six-card_20000-deals_seed-3.csv``); a
    target other than the variant's default is named too (``game_table_six-card_to-61.csv``)."""
    from crib_stats.game.model import COMMITTED_DEALS, DEFAULT_SEED, data_name

    stem = data_name(variant, discard).removesuffix(".npz")
    if deals is not None and (deals, seed) != (COMMITTED_DEALS, DEFAULT_SEED):
        stem += f"_{deals}-deals_seed-{seed}"
    if target is not None:
        stem += f"_to-{target}"
    return f"game_table_{stem.removeprefix('game_')}.csv", f"{stem}.npz"


def _sample(args) -> tuple[int | None, int | None, int | None, int | None]:
    """``game``'s new deal model: (--deals, --seed, --workers, --shards) as whole numbers; the
    options of a sample are refused without ``--deals N``."""
    deals = _whole(args.deals, "--deals", 40)
    seed = _whole(args.seed, "--seed", 0)
    workers = _whole(args.workers, "--workers", 1)
    shards = _whole(args.shards, "--shards", 1)
    if deals is None and (args.scheduler or args.workers or args.shards or args.fresh or args.seed != "0"):
        raise UsageError("game: --seed, --scheduler, --workers, --shards and --fresh go with --deals N")
    return deals, seed, workers, shards


def run(args) -> int:
    """Run ``crib-stats game`` (``args`` from :func:`add_parser`'s subcommand). Raises
    :class:`~crib_stats.core.errors.CribStatsError` on bad input, before any output."""
    from crib_stats.core import io
    from crib_stats.game import board as gb
    from crib_stats.presentation.report import game as rg

    if args.board_play is not None:
        return _board_play(args)
    from crib_stats.model.variants import variant as get_variant

    if get_variant(args.variant).name == "three-player":
        return _three_player(args)
    if args.third is not None:
        raise UsageError("game --third: the slice's third score goes with --variant three-player --plot")
    at = None if args.at is None else tuple(_whole(x, "--at") for x in args.at)
    target = _whole(args.target, "--target", 1)
    v = options.game_position(args.variant, args.discard, at, args.role, target)
    other = v.target if v.target != v.targets[0] else None  # a target the committed file has no board of
    deals, seed, workers, shards = _sample(args)
    io.check_png(args.plot, args.force)
    table, data = out_names(v.name, args.discard, deals, seed, other)
    names = [table] + ([data] if deals is not None else [])
    out = io.OutputDir(args.out, names) if args.out is not None else None
    if deals is None:
        board = gb.committed(v.name, args.discard, v.target)
        model = None
    else:
        from crib_stats.game.model import deal_model

        first_run_note("game --deals")
        model = deal_model(v, deals, seed, discard=args.discard, scheduler=args.scheduler, workers=workers,
                           parts=shards or 1, fresh=args.fresh,
                           progress=bar_if_tty(f"{v.name} deals", "shards"))
        board = gb.solve(model, target=v.target)
    if at is not None:
        pos = board.position(at[0], at[1], args.role)
        text = json.dumps(rg.position_json(board, pos)) if args.json else None
        if args.csv:
            text = rg.csv_text(board, [pos]).rstrip("\n")
        say(text if text is not None else rg.position_text(board, pos))
    elif args.json:
        say(json.dumps(rg.headline_json(board)))
    elif args.csv:
        say(rg.table_csv(board), end="")
    else:
        say(rg.headline_text(board))
    if out is not None:
        command = (f"crib-stats game --variant {v.name}" + (f" --target {other}" if other else "")
                   + (f" --discard {args.discard}" if args.discard != "objective" else "")
                   + (f" --deals {deals} --seed {seed}" if deals else ""))
        made = (f"{board.meta['deals']:,} deals, seed {board.meta['seed']}, {args.discard} discards, greedy play"
                + ("; the committed model" if deals is None else ""))
        out.write(table, rg.table_csv(board), command + " --out DIR",
                  f"every {v.name} position: P(win), {gb.skunk_name(v.name, plural=True)}, "
                  f"game points, deals left, each with its error ({made})")
        if model is not None:
            import numpy as np

            from crib_stats.game.model import file_arrays

            out.write_with(data,
                           lambda fh: np.savez_compressed(fh, **file_arrays(model, gb.board_arrays(board))),
                           command + " --out DIR",
                           f"the {v.name} deal model ({deals:,} deals, seed {seed}) and its solved board", binary=True)
        out.close()
        for path in out.written:
            wrote(path)
    if args.plot:
        wrote(io.save_figure(args.plot, rg.board_figure(board)))
    return 0


def _three_player(args) -> int:
    """``game --variant three-player``: the three-player board (:mod:`crib_stats.game.board3`),
    every check before any output."""
    from crib_stats.core import io
    from crib_stats.game import board3 as gb3
    from crib_stats.presentation.report import game3 as rg3

    others = [f for f, given in (("--discard", args.discard != "objective"), ("--pone", args.role == "pone"))
              if given]
    if others:
        raise UsageError(f"game --variant three-player: {', '.join(others)} cannot go with three players: their "
                         "deal model throws by the objective, and who deals is --dealer K")
    deals, seed, workers, shards = _sample(args)
    if args.out is not None:
        if deals is not None:
            raise UsageError("game --variant three-player --out: --deals cannot go with --out: it writes the boards "
                             "of the committed deal model (make data)")
        return _three_player_out(args)
    target = _whole(args.target, "--target", 1)
    rl = gb3.rules3(target)
    T = rl["target"]
    at = dealer = None
    if args.at is not None:
        at = tuple(_whole(x, "--at") for x in args.at)
        gb3.check_position3(at, 0, T)  # the scores first, then who deals
        if args.role is None or args.role == "dealer":
            raise UsageError("game --at: say who deals next with --dealer K: 0 first_dealer, 1 first_left, "
                             "2 first_right")
        dealer = gb3.check_position3(at, args.role, T)
    elif args.role is not None:
        raise UsageError("game: --dealer K needs --at A B C (the three seats' scores)")
    third = 0
    if args.third is not None:
        if args.plot is None:
            raise UsageError("game --third: the slice's third score goes with --plot")
        third = _whole(args.third, "--third")
        if third >= T:
            raise UsageError(f"game --third: first_right's score must be below {T}, got {third}")
    io.check_png(args.plot, args.force)
    first_run_note("game --variant three-player")
    if deals is None:
        board = gb3.committed3(T)
    else:  # a new deal model of N deals, its board solved to the target (minutes to 121, seconds to 61)
        from crib_stats.game.model3 import deal_model3

        model = deal_model3(deals, seed, scheduler=args.scheduler, workers=workers, parts=shards or 1,
                            fresh=args.fresh, progress=bar_if_tty("three-player deals", "shards"))
        board = gb3.solve3(model, T)
    if at is not None:
        pos = board.position(at, dealer)
        if args.json:
            say(json.dumps(rg3.position_json(board, pos)))
        elif args.csv:
            say(rg3.csv_text(board, [pos]), end="")
        else:
            say(rg3.position_text(board, pos))
    elif args.json:
        say(json.dumps(rg3.headline_json(board)))
    elif args.csv:
        import sys

        rg3.table_csv(board, sys.stdout)
    else:
        say(rg3.headline_text(board))
    if args.plot:
        wrote(io.save_figure(args.plot, rg3.board_figure(board, third)))
    return 0


def _three_player_out(args) -> int:
    """``game --variant three-player --out DIR``: both committed boards (to 121 and to 61) solved
    again from the committed deal model and written rounded (:mod:`crib_stats.game.board3_data`;
    ``make data``), minutes of work; nothing else goes with it."""
    from crib_stats.core import io
    from crib_stats.game import board3 as gb3
    from crib_stats.game import board3_data

    others = [f for f, given in (("--target", args.target is not None), ("--at", args.at is not None),
                                 ("--dealer", args.role is not None), ("--json", args.json), ("--csv", args.csv),
                                 ("--plot", args.plot is not None), ("--third", args.third is not None)) if given]
    if others:
        raise UsageError(f"game --variant three-player --out: {', '.join(others)} cannot go with --out: it writes "
                         f"both boards ({' and '.join(map(str, board3_data.TARGETS))}) and prints nothing else")
    out = io.OutputDir(args.out, [board3_data.FILE], force=args.force)
    first_run_note("game --variant three-player")
    gb3.write_boards(out)
    out.close()
    for p in out.written:
        wrote(p)
    return 0


def discard_for_the_board(args) -> int:
    """``discard --score MINE THEIRS``: every throw by P(win the game) (:mod:`crib_stats.game.throws`)."""
    from crib_stats.game import throws as board_throws
    from crib_stats.presentation import report

    if args.plot is not None:
        raise UsageError("discard --score: --plot cannot go with --score: the chart draws the points of each throw "
                         "(hand, crib, net), not P(win); --csv or --json give the board's figures")
    options.discard_for_the_board(need=args.need, rank_by=args.rank_by, pegging=args.pegging,
                                  peg_opponent=args.peg_opponent, starter=args.starter, crib_model=args.crib_model)
    options.score_count(args.variant, len(args.score))
    mine, theirs, *rest = (whole_number(x, "--score") for x in args.score)
    right = rest[0] if rest else None
    seed = whole_number(args.seed, "--seed", 0)
    accuracy = board_throws.DEFAULT_ACCURACY
    if args.accuracy is not None:
        try:
            accuracy = float(args.accuracy)
        except ValueError:
            raise UsageError(f"--accuracy takes a number such as 0.002, got {str(args.accuracy)[:12]!r}") from None
    top = whole_number(args.top, "--top", 1)
    target = whole_number(args.target, "--target", 1)
    first_run_note("discard --score")
    analysis = board_throws.score_throws(args.cards, args.role, mine, theirs, args.variant,
                                         seed=board_throws.DEFAULT_SEED if seed is None else seed, accuracy=accuracy,
                                         target=target, seat=args.seat, right=right)
    if analysis.capped:
        warn(f"--accuracy {accuracy:g} not reached: {analysis.capped} stopped the sampling at a largest standard "
             f"error of P(win) of {analysis.reached_se:.2g}")
    print_throws(args, analysis.top(top), report.board_json, report.board_csv, report.board_text)
    return EXIT_OK


def advise(args) -> int:
    """``crib-stats advise``: every legal card of the play by its exact value (:mod:`crib_stats.game.advise`)."""
    from crib_stats.game.advise import advise as advise_play
    from crib_stats.presentation import report

    options.need_role("advise", args.role)
    score = None
    if args.score is not None:
        score = (whole_number(args.score[0], "advise --score MINE"), whole_number(args.score[1], "advise --score THEIRS"))
    target = whole_number(args.target, "advise --target", 1)
    first_run_note("advise --score" if score is not None else "advise")
    a = advise_play(args.cards, args.throw, args.starter, args.role, args.played, discard_policy=args.discard_policy,
                    score=score, variant=args.variant, when_no_hand=args.when_no_hand, target=target, rest=args.rest)
    say(dumps(report.advise_json(a), ensure_ascii=False) if args.json else report.advise_text(a))
    return EXIT_OK
