"""The play: ``/api/peg`` (a count, or the play of two hands: ``crib-stats peg --json``) and
``/api/advise`` (which card to play now: ``crib-stats advise --json``, computed in the heavy pool)."""

from __future__ import annotations

import json
from typing import Literal

from fastapi import Query, Request

from crib_stats.core.errors import UsageError
from crib_stats.model.variants import variant as get_variant
from crib_stats.peg import pegging
from crib_stats.presentation import options, report
from crib_stats.presentation.parser import whole_number
from crib_stats.presentation.web import api, params, pool

router = api.router()


@router.get("/api/peg", summary="crib-stats peg: a count, or the play of two hands (--play, --best, --worst, --policy)")
async def peg(
    cards: str | None = Query(None, max_length=200, description="a single count, in the order played "
                                                                "(suits optional: 4 2 3 5 6)"),
    pone: str | None = Query(None, max_length=100, description="the pone's hand (4 cards; 3 five-card)"),
    dealer: str | None = Query(None, max_length=100, description="the dealer's hand"),
    play: str | None = Query(None, max_length=200, description="the whole play, in order (pone leads)"),
    best: Literal["pone", "dealer"] | None = Query(None, description="the most that side can peg"),
    worst: Literal["pone", "dealer"] | None = Query(None, description="the least that side can peg"),
    policy: Literal["greedy", "minimax"] | None = Query(None, description="play both hands out so"),
    variant: str = Query("six-card", max_length=40, description="six-card (default) or five-card"),
):
    v = get_variant(variant)
    if not v.two_player_play:
        raise UsageError(f"peg: the play is modelled for the two-player games (six-card, five-card), not {v.name}")
    count, pone_h, dealer_h, played = api.tokens(cards), api.tokens(pone), api.tokens(dealer), api.tokens(play)
    modes = [flag for flag, given in (("--best", best), ("--worst", worst), ("--policy", policy)) if given]
    if len(modes) > 1:  # argparse's mutually exclusive group, as the command line words it
        raise UsageError(f"peg: argument {modes[1]}: not allowed with argument {modes[0]}")
    hands_given = pone is not None or dealer is not None
    if hands_given or played or best or worst or policy:
        if not pone_h or not dealer_h:
            which = ("--best/--worst need both hands" if best or worst
                     else "--policy needs both hands" if policy else "give both hands")
            raise UsageError(f"peg: {which}: --pone CARDS --dealer CARDS")
        if count:
            raise UsageError(f"peg: unexpected cards {' '.join(count)[:20]!r}: with --pone/--dealer hands, "
                             "give the play with --play")
        if policy:
            if played:
                raise UsageError("peg: --policy plays the hands itself: leave out --play")
            result = pegging.policy_play(pone_h, dealer_h, policy, variant=v)
            return api.json_answer(report.play_json(result, "policy", None, policy))
        if best or worst:
            if played:
                raise UsageError("peg: --best/--worst search every play: leave out --play")
            side = best or worst
            result = pegging.best_play(pone_h, dealer_h, side, worst=bool(worst), variant=v)
            return api.json_answer(report.play_json(result, "best" if best else "worst", side, None))
        if not played:
            raise UsageError("peg: give the play with --play CARDS (or --best/--worst to search)")
        result = pegging.play(pone_h, dealer_h, played, variant=v)
        return api.json_answer(report.play_json(result, "play", None, None))
    if not count:
        raise UsageError("peg: give a count (crib-stats peg 4 2 3 5 6), --pone/--dealer hands, or --extremes")
    return api.json_answer(report.count_json(pegging.count_points(count), v.name))


def warm() -> None:
    six = get_variant("six-card")
    pegging.count_points(["4", "2", "3", "5", "6"])
    pegging.policy_play(["7c", "7d", "4h", "4s"], ["7h", "7s", "4c", "4d"], "minimax", variant=six)
    pegging.best_play(["5", "5", "4", "4"], ["5", "4", "4", "K"], "pone", variant=six)


@pool.job
def advice(dealt: tuple, throw: tuple, starter: str, role: str, played: tuple, discard_policy: str,
           score: tuple | None, variant: str, when_no_hand: str = "refuse", rest: str = "greedy",
           target: int | None = None) -> str:
    """``crib-stats advise ... --json`` as it prints it."""
    from crib_stats.game.advise import advise as advise_play

    a = advise_play(list(dealt), list(throw), starter, role, list(played), discard_policy=discard_policy,
                    score=score, variant=variant, when_no_hand=when_no_hand, rest=rest, target=target)
    return json.dumps(report.advise_json(a), ensure_ascii=False)


@router.get("/api/advise", responses=api.HEAVY_ERRORS,
            summary="crib-stats advise DEALT --throw C C --starter S --dealer|--pone [--played ...] [--score M T] "
                    "--json: every card you may play now")
async def advise(
    request: Request,
    dealt: str = Query(..., max_length=200, description=api.CARDS_DOC + ": your dealt cards (6; 5 five-card)"),
    throw: str = Query(..., max_length=100, description="the cards you threw to the crib (2)"),
    starter: str = Query(..., max_length=20, description="the starter"),
    role: Literal["dealer", "pone"] | None = Query(None, description="dealer: the crib is yours; pone: the "
                                                                     "opponent's (--dealer, --pone)"),
    played: str | None = Query(None, max_length=200, description="the cards played so far, in order, both "
                               "players' (the pone led the first); yours are recognised as yours"),
    score: str | None = Query(None, max_length=40, description="MINE,THEIRS: the score now (pegged points "
                              "included): add each card's P(win) of the game (--score MINE THEIRS)"),
    variant: str = Query("six-card", max_length=40, description="six-card (default) or five-card"),
    discard_policy: str = Query("objective", max_length=40, description="how the opponent threw: objective "
                                "(default) or equilibrium (six-card)"),
    when_no_hand: Literal["refuse", "widen"] = Query("refuse", description="when no hand the opponent could "
                                                     "hold, throwing by the policy, fits the play: refuse "
                                                     "(default) or widen to every hand consistent with it "
                                                     "(--when-no-hand)"),
    target: int | None = Query(None, description="with score: the game's target (--target; six-card 121, the "
                                                 "default, 91 or 61; five-card 61)"),
    rest: Literal["greedy", "minimax"] = Query("greedy", description="how both play after your card: greedy "
                                               "(default) or minimax, the rest played optimally by both with "
                                               "both hands visible (--rest)"),
):
    options.need_role("advise", role)
    board = params.score_pair(score, request.url.path)
    target = whole_number(None if target is None else str(target), "advise --target", 1)
    from crib_stats.game.advise import check_inputs

    # what advise would refuse is refused here, at once, not after a wait for the heavy pool
    check_inputs(api.tokens(dealt), api.tokens(throw), starter, role, api.tokens(played),
                 discard_policy=discard_policy, score=board, variant=variant, when_no_hand=when_no_hand, rest=rest,
                 target=target)
    return await api.heavy_answer(request, advice, dealt=tuple(api.tokens(dealt)), throw=tuple(api.tokens(throw)),
                                  starter=starter, role=role, played=tuple(api.tokens(played)),
                                  discard_policy=discard_policy, score=board, variant=variant,
                                  when_no_hand=when_no_hand, rest=rest, target=target)


def warm_heavy() -> None:
    """In each heavy worker: the advisor's kernels and its per-machine tables, both seats."""
    advice(("5h", "6h", "7c", "jd", "qs", "kd"), ("qs", "kd"), "4c", "dealer", ("10s",), "objective", (112, 115),
           "six-card")
    advice(("5h", "6h", "7c", "jd", "qs", "kd"), ("qs", "kd"), "4c", "pone", (), "objective", None, "six-card")
