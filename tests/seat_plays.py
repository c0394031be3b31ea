"""A helper of the players' tests (test_engine_player, test_points_player): a game's first deals
played out, every play decision of one seat checked."""

from __future__ import annotations

import pytest

from crib_stats.game import advise


def check_seat_plays(g, players: dict, seat: str, deals: int, monkeypatch, check) -> tuple[int, int]:
    """Play the first ``deals`` deals of ``g`` (a referee Game) with ``players`` ({seat: player}).
    At each play decision of ``seat``: a card that alone fits must be played without asking the
    advisor (it is made to fail if asked) with the note "the only card that fits"; any other is
    passed to ``check(view, answer)``. Returns (the decisions checked, the lone cards)."""
    asked = alone = 0
    while (turn := g.to_act()) is not None and g.deal.index < deals:
        view = g.view(turn.seat)
        if turn.seat == seat and turn.kind == "play" and len(view.legal) == 1:
            with monkeypatch.context() as m:
                m.setattr(advise, "advise_view", lambda *a, **k: pytest.fail("the advisor was asked"))
                answer = players[seat].play(view)
            assert answer.choice == view.legal[0] and answer.note == "the only card that fits"
            alone += 1
        elif turn.seat == seat and turn.kind == "play":
            answer = players[seat].play(view)
            check(view, answer)
            asked += 1
        else:
            p = players[turn.seat]
            answer = p.discard(view) if turn.kind == "discard" else p.play(view)
        g.apply(turn.seat, getattr(answer, "choice", answer))
    return asked, alone
