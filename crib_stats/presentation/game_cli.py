"""The runners of the commands built on :mod:`crib_stats.game`: ``crib-stats game``,
``crib-stats advise`` and ``crib-stats discard --score`` (their grammar is in :mod:`.parser`,
like every command's; ``cli.py`` maps failures to exit codes)."""

from __future__ import annotations

import json
import sys

from crib_stats.core.errors import CribStatsError, UsageError
from crib_stats.presentation.console import EXIT_OK, bar_if_tty, dumps, print_throws, say, wrote
from crib_stats.presentation.parser import whole_number


def _whole(text, flag: str, low: int | None = None) -> int | None:
    return whole_number(text, f"game: {flag}", low)


def _board_play(args) -> int:
    """``game --board-play [GAMES]``: the committed measurement, or GAMES new games."""
    from crib_stats.core import io
    from crib_stats.game import boardplay as bp
    from crib_stats.presentation.report import boardthrow as rb

    others = [f for f, given in (("--at", args.at), ("--dealer/--pone", args.role), ("--deals", args.deals),
                                 ("--plot", args.plot), ("--csv", args.csv or None)) if given is not None]
    if args.variant != "six-card" or args.discard != "objective":
        others.append("--variant/--discard")
    if others:
        raise UsageError(f"game --board-play: {', '.join(others)} cannot go with --board-play (six-card games, "
                         "objective discards)")
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
        if args.out is not None:
            io.OutputDir(args.out, [bp.DATA_JSON, bp.DATA_GAMES])  # checked before the games are played
            for path in bp.write_committed(args.out, games, seed, shards,
                                           progress=bar_if_tty("board play", "shards")):
                wrote(path)
            summary = json.loads((__import__("pathlib").Path(args.out) / bp.DATA_JSON).read_text())
        else:
            summary, _ = bp.measure(games, seed, shards, scheduler=args.scheduler, workers=workers, fresh=args.fresh,
                                    progress=bar_if_tty("board play", "shards"))
    print(json.dumps(rb.board_play_json(summary)) if args.json else rb.board_play_text(summary))
    return 0


def run(args) -> int:
    """Run ``crib-stats game`` (``args`` from :func:`add_parser`'s subcommand). Raises
    :class:`~crib_stats.core.errors.CribStatsError` on bad input, before any output."""
    from crib_stats.core import io
    from crib_stats.game import board as gb
    from crib_stats.game.model import check_policies, check_variant, data_name
    from crib_stats.presentation.report import game as rg

    if args.board_play is not None:
        return _board_play(args)
    v = check_variant(args.variant)
    check_policies(args.discard, "greedy", v.name)
    target = gb.rules(v.name)["target"]
    at = None
    if args.at is not None:
        at = tuple(_whole(x, "--at") for x in args.at)
        gb.check_position(at[0], at[1], target, args.role or "dealer")
        if args.role is None:
            raise UsageError("game --at: say who deals next: --dealer (you) or --pone (the opponent)")
    elif args.role is not None:
        raise UsageError(f"game: --{args.role} needs --at MINE THEIRS")
    deals = _whole(args.deals, "--deals", 40)
    seed = _whole(args.seed, "--seed", 0)
    workers = _whole(args.workers, "--workers", 1)
    shards = _whole(args.shards, "--shards", 1)
    if deals is None and (args.scheduler or args.workers or args.shards or args.fresh or args.seed != "0"):
        raise UsageError("game: --seed, --scheduler, --workers, --shards and --fresh go with --deals N")
    io.check_png(args.plot)
    table = f"game_table_{v.name}.csv" if args.discard == "objective" else f"game_table_{v.name}_{args.discard}.csv"
    names = [table] + ([data_name(v.name, args.discard)] if deals is not None else [])
    out = io.OutputDir(args.out, names) if args.out is not None else None
    if deals is None:
        board = gb.committed(v.name, args.discard)
        model = None
    else:
        from crib_stats.game.model import deal_model

        model = deal_model(v, deals, seed, discard=args.discard, scheduler=args.scheduler, workers=workers,
                           parts=shards or 1, fresh=args.fresh,
                           progress=bar_if_tty(f"{v.name} deals", "shards"))
        board = gb.solve(model)
    if at is not None:
        pos = board.position(at[0], at[1], args.role)
        text = json.dumps(rg.position_json(board, pos)) if args.json else None
        if args.csv:
            text = ",".join(rg.CSV_COLUMNS) + "\n" + ",".join(str(pos[c]) for c in rg.CSV_COLUMNS)
        print(text if text is not None else rg.position_text(board, pos))
    elif args.json:
        print(json.dumps(rg.headline_json(board)))
    elif args.csv:
        sys.stdout.write(rg.table_csv(board))
    else:
        print(rg.headline_text(board))
    if out is not None:
        command = (f"crib-stats game --variant {v.name}" + (f" --discard {args.discard}" if args.discard != "objective"
                   else "") + (f" --deals {deals} --seed {seed}" if deals else ""))
        out.write(table, rg.table_csv(board), command + " --out DIR",
                  f"every {v.name} position: P(win), skunks, game points, deals left, each with its error")
        if model is not None:
            import numpy as np

            from crib_stats.game.model import file_arrays

            out.write_with(data_name(v.name, args.discard),
                           lambda fh: np.savez_compressed(fh, **file_arrays(model, gb.board_arrays(board))),
                           command + " --out DIR",
                           f"the {v.name} deal model ({deals:,} deals, seed {seed}) and its solved board", binary=True)
        out.close()
        for path in out.written:
            wrote(path)
    if args.plot:
        wrote(io.save_figure(args.plot, rg.board_figure(board)))
    return 0


def discard_for_the_board(args) -> int:
    """``discard --score MINE THEIRS``: every throw by P(win the game) (:mod:`crib_stats.game.throws`)."""
    from crib_stats.game import throws as board_throws
    from crib_stats.presentation import report

    others = [flag for flag, given in (("--need", args.need), ("--rank-by", args.rank_by), ("--pegging", args.pegging),
                                       ("--peg-opponent", args.peg_opponent), ("--starter", args.starter),
                                       ("--plot", args.plot)) if given is not None]
    if args.crib_model != "random":
        others.append("--crib-model")
    if others:
        raise UsageError(f"discard --score: {', '.join(others)} cannot go with --score: the game model it plays "
                         "the deal under has its own crib (the opponent's real throw) and play (greedy)")
    mine, theirs = (whole_number(x, "--score") for x in args.score)
    seed = whole_number(args.seed, "--seed", 0)
    accuracy = board_throws.DEFAULT_ACCURACY
    if args.accuracy is not None:
        try:
            accuracy = float(args.accuracy)
        except ValueError:
            raise UsageError(f"--accuracy takes a number such as 0.002, got {str(args.accuracy)[:12]!r}") from None
    top = whole_number(args.top, "--top", 1)
    analysis = board_throws.score_throws(args.cards, args.role, mine, theirs, args.variant,
                                         seed=board_throws.DEFAULT_SEED if seed is None else seed, accuracy=accuracy)
    print_throws(args, analysis.top(top), report.board_json, report.board_csv, report.board_text)
    return EXIT_OK


def advise(args) -> int:
    """``crib-stats advise``: every legal card of the play by its exact value (:mod:`crib_stats.game.advise`)."""
    from crib_stats.game.advise import advise as advise_play
    from crib_stats.presentation import report

    if args.role is None:
        raise UsageError("advise: say whose crib it is: --dealer (yours) or --pone (the opponent's)")
    score = None
    if args.score is not None:
        score = (whole_number(args.score[0], "advise --score MINE"), whole_number(args.score[1], "advise --score THEIRS"))
    a = advise_play(args.cards, args.throw, args.starter, args.role, args.played, discard_policy=args.discard_policy,
                    score=score, variant=args.variant)
    say(dumps(report.advise_json(a), ensure_ascii=False) if args.json else report.advise_text(a))
    return EXIT_OK
