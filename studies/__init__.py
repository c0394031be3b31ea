"""The studies: measurements that only regenerate committed data (``make data``), and the load
on the page (``scripts/bench_web.py`` and the page's tests). They run from the checkout (the
scripts, the tests and the notebooks import them from here); the wheel does not ship them, and
no module of ``crib_stats`` imports them: what a user's command reads of their results (the
committed files, their readers, their constants) is in the library.

Every measurement is one protocol, :class:`crib_stats.core.measurement.Measurement` (its parts,
its cache key, its result, its committed files):

- :mod:`.game_models`: the committed deal models and their solved boards (``data/game_*.npz``; the
  three-player boards a file of their own, ``data/board_three-player.npz``);
- :class:`crib_stats.game.boardplay.BoardPlay` at its committed size: what playing to the board
  is worth (``data/board_play*``; a library measurement: ``crib-stats game --board-play GAMES``
  runs it too);
- :mod:`.boardcost`: what that measurement's board player gives up against ``discard --score``
  (``data/board_cost*``);
- :mod:`.advise_value`: what the play advisor is worth (``data/advise_gain.npz``);
- :mod:`.peg_rules`: the play's rules of thumb at their committed budgets
  (``data/pegging_rules.npz``; ``crib-stats claims --recompute`` runs a reduced one);
- :mod:`.matches`: the committed matches (``data/match_*``);

and :mod:`.web_load`, the load client of ``crib-stats serve``, and :mod:`.board3_check`, the
three-player board's checks the manual quotes (``python -m studies.board3_check``; it writes
nothing).
"""

from __future__ import annotations

from pathlib import Path


def committed() -> list:
    """Every committed measurement, in the order ``make data`` runs them (later ones read what
    earlier ones wrote: the board games play on the board just solved, the board cost replays
    those games)."""
    from crib_stats.game.boardplay import BoardPlay

    from .advise_value import AdviseGain
    from .boardcost import BoardCost
    from .game_models import committed_models
    from .peg_rules import CommittedPegRules

    # the deal models and their boards (2-3 minutes); whole games of a player who throws for the board
    # against one who throws by points (about 10 minutes); what that board player gives up against
    # discard --score (3 to 11 minutes: about 515 calls of score_throws); what the play advisor is worth
    # (about 15 minutes); the play's rules of thumb (under 10 minutes)
    return [*committed_models(), BoardPlay(), BoardCost(), AdviseGain(), CommittedPegRules()]


def regenerate(data_dir) -> list[Path]:
    """Run every committed measurement afresh into ``data_dir`` (``make data``: crib_stats/data/),
    then the committed matches (:mod:`.matches`: minutes for greedy's, hours for the engine's;
    every shard cached, so a stopped run resumes). Returns the paths written."""
    from .game_models import three_player_boards
    from .matches import regenerate as matches

    written: list[Path] = []
    for m in committed():
        written += m.write_committed(data_dir, **_engine(m))
    written += three_player_boards(data_dir)  # before the matches: the engine throws by them
    return written + matches(data_dir)


def _engine(m) -> dict:
    """Where ``make data`` runs a measurement: the rules of thumb on a local cluster (as they
    always were: two workers make them ten minutes), the others in this process."""
    from .peg_rules import CommittedPegRules

    return {"scheduler": "local"} if isinstance(m, CommittedPegRules) else {}
