"""The runners of ``crib-stats match`` (its grammar: :mod:`.grammar.match`): parse the numbers,
check the destination, play the match (:func:`crib_stats.match.play_match`), print its report,
write the records; and of ``crib-stats ladder``: the committed ladder
(:func:`crib_stats.match.ladder.ladder`), printed."""

from __future__ import annotations

import json

from crib_stats.core.errors import CribStatsError, UsageError
from crib_stats.presentation.console import EXIT_OK, bar_if_tty, first_run_note, say, wrote
from crib_stats.presentation.parser import whole_number

RECORDS = "games.jsonl"
SUMMARY = "summary.json"


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"match: --time-limit takes a number of seconds such as 10 or 0.5, got {str(text)[:12]!r}") from None
    if not value > 0 or value == float("inf"):
        raise UsageError(f"match: --time-limit must be a positive number of seconds, got {text}")
    return value


def run(args) -> int:
    from crib_stats.core import io
    from crib_stats.match import play_match
    from crib_stats.presentation.report import match as rm

    games = whole_number(args.games, "match: --games")
    seed = whole_number(args.seed, "match: --seed", 0)
    shards = whole_number(args.shards, "match: --shards", 1)
    workers = whole_number(args.workers, "match: --workers", 1)
    time_limit = _seconds(args.time_limit)
    if args.workers is not None and args.scheduler != "local":
        raise UsageError("match: --workers goes with --scheduler local")
    if args.force and args.out is None:
        raise UsageError("match: --force goes with --out DIR")
    from crib_stats.core.engine import check_scheduler
    from crib_stats.match.run import check
    from crib_stats.model.variants import variant as get_variant

    target = whole_number(args.target, "match: --target", 1)
    for flag, read in (("--variant", lambda: get_variant(args.variant)),
                       ("--target", lambda: get_variant(args.variant, target, True if args.muggins else None))):
        try:
            rules = read()
        except CribStatsError as exc:
            raise UsageError(f"match: {flag}: {exc}") from None
    players = [p.strip() for p in (args.a, args.b) + ((args.c,) if args.c is not None else ())]
    check(players, games, seed, rules, time_limit, shards)  # before any file or game
    check_scheduler(args.scheduler)
    # a second match into DIR does not replace the first's records without --force
    out = io.OutputDir(args.out, [RECORDS, SUMMARY], force=args.force, keep=[RECORDS, SUMMARY]) \
        if args.out is not None else None
    first_run_note()
    match = play_match(args.a, args.b, games, seed, rules, c=args.c, time_limit=time_limit, shards=shards,
                       scheduler=args.scheduler, workers=workers, fresh=args.fresh,
                       progress=bar_if_tty(f"match {' - '.join(players)}", "shards"))
    summary = match.summary()
    say(json.dumps(rm.match_json(summary, timing=not args.no_timing)) if args.json
        else rm.match_text(summary, timing=not args.no_timing))
    if out is not None:
        extra = ("" if rules.target == rules.targets[0] else f" --target {rules.target}") + (
            " --muggins" if rules.muggins else "")
        command = f"crib-stats match {' '.join(players)} --games {games} --seed {seed} --variant " \
                  f"{rules.name}{extra} --out DIR"
        order = (f"game 2k: deck k, {players[0]} (A) deals first, 2k + 1: the same deck, B first" if len(players) == 2
                 else "game 3k + r: deck k in rotation r (A deals first in rotation 0, C in 1, B in 2)")
        out.write_with(RECORDS, lambda fh: fh.writelines(line.decode() for line in match.lines()), command,
                       f"every game's record (crib-stats-game/{rules.version}), one a line; {order}")
        out.write(SUMMARY, json.dumps(rm.match_json(summary, timing=True), indent=1) + "\n", command,
                  "the match's figures, as --json prints them")
        out.close()
        for path in out.written:
            wrote(path)
    return EXIT_OK


MAX_BOOTS = 100_000


def ladder(args) -> int:
    from crib_stats.match.ladder import ladder as committed_ladder
    from crib_stats.presentation.report import match as rm

    boots = whole_number(args.boots, "ladder: --boots", 2)
    if boots > MAX_BOOTS:
        raise UsageError(f"ladder: --boots must be from 2 to {MAX_BOOTS:,}, got {args.boots}")
    seed = whole_number(args.seed, "ladder: --seed", 0)
    lad = committed_ladder(boots=boots, seed=seed)
    say(json.dumps(rm.ladder_json(lad)) if args.json else rm.ladder_text(lad))
    return EXIT_OK
