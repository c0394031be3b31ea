"""The runner of ``crib-stats review`` (its grammar: :mod:`.grammar.review`): read the numbers,
review the game (:func:`crib_stats.match.review.review_file`), print its report."""

from __future__ import annotations

import json

from crib_stats.presentation.console import EXIT_OK, bar_if_tty, first_run_note, say
from crib_stats.presentation.parser import whole_number


def run(args) -> int:
    from crib_stats.match.review import read_game, review_game
    from crib_stats.presentation.report import review as rr

    game = whole_number(args.game, "review: --game", 0)
    seed = whole_number(args.seed, "review: --seed", 0)
    record = read_game(args.record, game)  # every refusal before any work
    first_run_note()
    rv = review_game(record, args.seat, seed, game=game, progress=bar_if_tty("review", "decisions"))
    say(json.dumps(rr.review_json(rv, timing=not args.no_timing)) if args.json
        else rr.review_text(rv, args.record, timing=not args.no_timing))
    return EXIT_OK
