"""The rules between a command's options, one home for the command line and the page.

A command's runner (:mod:`.commands`, :mod:`.game_cli`) and the page's route for the same
answer (:mod:`.web.routes`) both call these, in the same order, so an option the command
refuses is refused by the API with the same line. Each takes the options already read (numbers
as numbers, ``None`` for not given) and raises :class:`~crib_stats.core.errors.UsageError`.
"""

from __future__ import annotations

from crib_stats.core.errors import UsageError

WHOSE_CRIB = {"discard": "--dealer (yours) or --pone (an opponent's)",
              "advise": "--dealer (yours) or --pone (the opponent's)"}


def need_role(command: str, role: str | None) -> None:
    """``discard`` and ``advise`` need to know whose crib it is."""
    if role is None:
        raise UsageError(f"{command}: say whose crib it is: {WHOSE_CRIB[command]}")


def discard_seat(seat: str | None, score_given: bool, role: str | None) -> None:
    """``discard``'s seat goes with a score (three or four players: where you sit, for the board)
    and says whose crib it is; without one the role is needed (the command line and the page)."""
    if seat is not None and not score_given:
        raise UsageError("discard: --seat goes with --score (three or four players: where you sit, for the board)")
    if seat is None:  # a seat says whose crib it is (checked with the position)
        need_role("discard", role)


def discard_by_points(*, need: int | None, rank_by: str | None, pegging: str | None, peg_opponent: str | None,
                      seed, accuracy, target=None) -> None:
    """``discard`` without ``--score``: the options that need another."""
    if seed is not None or accuracy is not None:
        raise UsageError("discard: --seed and --accuracy go with --score MINE THEIRS")
    if target is not None:
        raise UsageError("discard: --target goes with --score MINE THEIRS (a throw's points do not depend on the "
                         "target)")
    if rank_by == "need" and need is None:
        raise UsageError("discard: --rank-by need needs --need N")
    if peg_opponent is not None and pegging is None:
        raise UsageError("discard: --peg-opponent needs --pegging POLICY (greedy or minimax)")


def discard_for_the_board(*, need, rank_by, pegging, peg_opponent, starter, crib_model: str) -> None:
    """``discard --score``: the options it refuses (the game model it plays the deal under has
    its own crib and play).

    >>> discard_for_the_board(need=None, rank_by=None, pegging="greedy", peg_opponent=None, starter=None,
    ...                       crib_model="hessel")
    Traceback (most recent call last):
    ...
    crib_stats.core.errors.UsageError: discard --score: --pegging, --crib-model cannot go with --score: the game model it plays the deal under has its own crib (the opponent's real throw) and play (greedy)
    """
    others = [flag for flag, given in (("--need", need), ("--rank-by", rank_by), ("--pegging", pegging),
                                       ("--peg-opponent", peg_opponent), ("--starter", starter))
              if given is not None]
    if crib_model != "random":
        others.append("--crib-model")
    if others:
        raise UsageError(f"discard --score: {', '.join(others)} cannot go with --score: the game model it plays "
                         "the deal under has its own crib (the opponent's real throw) and play (greedy)")


def game_position(variant: str, discard: str, at: tuple[int, int] | None, role: str | None,
                  target: int | None = None):
    """``game``'s variant, discard policy, target (None: the variant's default) and position
    (``--at MINE THEIRS`` with ``--dealer`` or ``--pone``), checked in the command's order;
    returns the variant played to the target."""
    from crib_stats.game import board as gb
    from crib_stats.game.model import check_policies

    v = gb.board_variant(variant, partners=True)
    check_policies(discard, "greedy", v.name)
    v = gb.board_variant(v.name, target, "game --target", partners=True)
    if role not in (None, "dealer", "pone"):
        raise UsageError(f"game --dealer: a seat ({str(role)[:12]}) goes with --variant three-player; with "
                         f"{v.name} --dealer alone says you (your side) deal next")
    if at is not None and len(at) != 2:
        raise UsageError(f"game --at: expected 2 arguments (MINE THEIRS) for {v.name}, got {len(at)}"
                         + ("; three scores are for --variant three-player" if len(at) == 3 else ""))
    if at is not None:
        gb.check_position(at[0], at[1], v.target, role or "dealer")
        if role is None:
            raise UsageError("game --at: say who deals next: --dealer (you) or --pone (the opponent)")
    elif role is not None:
        raise UsageError(f"game: --{role} needs --at MINE THEIRS")
    return v


def score_count(variant: str, n: int) -> None:
    """``discard --score``'s scores: two (MINE THEIRS), three with three players (MINE LEFT
    RIGHT); the command line and the page's ``score`` say the same line."""
    from crib_stats.model.variants import variant as get_variant

    three = get_variant(variant).players == 3
    if three and n != 3:
        raise UsageError("discard --score: three-player takes three scores: --score MINE LEFT RIGHT (yours, the "
                         f"player on your left's, on your right's), got {n}")
    if not three and n != 2:
        raise UsageError(f"discard --score: expected 2 scores (MINE THEIRS), got {n}"
                         + ("; three scores are for --variant three-player" if n == 3 else ""))
