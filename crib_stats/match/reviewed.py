"""A game's review as figures (:mod:`.review` computes them): one decision against the engine's
best (:class:`DecisionReview`), a seat's decisions (:class:`SeatReview`), a game's
(:class:`GameReview`), their totals and the costliest; the same objects for ``crib-stats review``
and the page (which keeps each decision's :meth:`DecisionReview.as_dict` in its store and reads
it back with :meth:`DecisionReview.from_dict`)."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

COSTLIEST = 3
VERSION = 2  # what a review computes: a store keyed by it computes again a review of another version
EVS = ("ev_made", "ev_best", "ev_made_exact", "ev_best_exact")  # a play's E[points], in its JSON only


@dataclass(frozen=True)
class DecisionReview:
    """One decision against the engine's best (how it is valued: :mod:`.review`). ``deal`` and
    ``index`` place it in the record (``deals[deal].decisions[index]``); ``scores`` (the seat's,
    the opponent's) and ``dealer`` are its position's; ``made`` and ``best`` the cards (a
    throw's two, a play's one), as the record writes them."""

    deal: int
    index: int
    seat: str
    kind: str  # "discard" | "play" | (muggins) "count" | "muggins"
    dealer: bool
    scores: tuple[int, int]
    count: int  # the count before a play (0 for a throw)
    sequence: tuple[str, ...]  # the cards of the current count, before a play (empty for a throw)
    hand: tuple[str, ...]  # the cards the seat held when it decided
    made: tuple[str, ...]
    best: tuple[str, ...]  # the made when nothing is better, or when not valued (forced, refused)
    p_win_made: float | None  # None: not valued (a forced play with value_forced False, or refused)
    p_win_best: float | None
    p_win_made_se: float  # sampling error (0 for a play: exact under the model)
    p_win_best_se: float
    given_up: float
    given_up_se: float
    se_bound: bool  # given_up_se is the bound sd(a) + sd(b), not the paired error
    p_win_error_bound: float  # a play's board error, carried one way (0 for a throw)
    forced: bool  # every card that fitted had one rank (the only card, or suits apart)
    rank: int  # the made decision's place by P(win), from 1 (equal P(win)s share one; 1 when not valued)
    choices: int  # the choices ranked (1 when not valued)
    ev_made: float | None  # a play's E[your play points - theirs] (advise), made and best; None for a throw
    ev_best: float | None
    ev_made_exact: str | None  # the same as exact fractions "p/q"
    ev_best_exact: str | None
    refused: str | None  # the advisor's one-line refusal: nothing valued, counted in no total
    method: str  # how the values were found (score_throws' sample and seed; advise)
    posterior: str | None  # a play's: the advisor's posterior used
    note: str  # the decision's own note in the record (the player's), if any
    seconds: float  # the review's time for this decision
    points_missed: int | None = None  # muggins: the points a claim or a call left (made and best: the points)

    @property
    def differs(self) -> bool:
        return set(self.made) != set(self.best)

    @property
    def counted(self) -> bool:
        """A decision with a choice that was valued by P(win): it counts in the totals' decisions."""
        return not self.forced and self.refused is None and self.p_win_made is not None

    def as_dict(self) -> dict:
        d = asdict(self)
        d["scores"] = {"you": self.scores[0], "opponent": self.scores[1]}
        for k in ("made", "best", "sequence", "hand"):
            d[k] = list(d[k])
        d["differs"] = self.differs
        d["milliseconds"] = int(round(1000 * d.pop("seconds")))
        if self.ev_made is None:  # a throw, or a play not valued: no E[points]
            for k in EVS:
                del d[k]
        if self.points_missed is None:
            del d["points_missed"]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "DecisionReview":
        """The review :meth:`as_dict` wrote (a store keeps it so)."""
        kw = dict.fromkeys(EVS) | {k: v for k, v in d.items() if k in cls.__dataclass_fields__ and k != "seconds"}
        kw["scores"] = (d["scores"]["you"], d["scores"]["opponent"])
        for k in ("made", "best", "sequence", "hand"):
            kw[k] = tuple(kw[k])
        return cls(**kw, seconds=d["milliseconds"] / 1000)


def totals(reviews) -> dict:
    """The P(win) given up by ``reviews`` (:class:`DecisionReview`): all, the throws', the
    cards'; the decisions counted (with a choice, valued), the throws and cards among them, the
    forced, the refused, and how many were the engine's best (rank 1)."""
    reviews = list(reviews)
    counted = [r for r in reviews if r.counted]
    throws = [r for r in counted if r.kind == "discard"]
    cards = [r for r in counted if r.kind == "play"]
    return {"p_win_lost": float(sum(r.given_up for r in counted)), "decisions": len(counted),
            "throws_lost": float(sum(r.given_up for r in throws)), "throws": len(throws),
            "cards_lost": float(sum(r.given_up for r in cards)), "cards": len(cards),
            "forced": sum(r.forced for r in reviews), "refused": sum(r.refused is not None for r in reviews),
            "best": sum(r.rank == 1 for r in counted), **_counting(reviews)}


def _counting(reviews) -> dict:
    """Muggins: the claims and calls reviewed, those right, the points they missed (empty without)."""
    counts = [r for r in reviews if r.points_missed is not None]
    if not counts:
        return {}
    return {"counts": len(counts), "counts_right": sum(r.points_missed == 0 for r in counts),
            "points_missed": sum(r.points_missed for r in counts)}


def costliest(reviews, n: int = COSTLIEST) -> list:
    """The (up to) ``n`` reviews that gave up most, costliest first (ties: the earlier)."""
    return sorted((r for r in reviews if r.counted and r.given_up > 0),
                  key=lambda r: (-r.given_up, r.deal, r.index))[:n]


@dataclass(frozen=True)
class SeatReview:
    """Every reviewed decision of one seat, the P(win) given up in all and the costliest."""

    seat: str
    player: str
    won: bool | None  # None while the game goes on
    decisions: tuple[DecisionReview, ...]

    @property
    def given_up(self) -> float:
        return float(sum(d.given_up for d in self.decisions))

    @property
    def given_up_se(self) -> float:
        return math.sqrt(sum(d.given_up_se ** 2 for d in self.decisions))

    @property
    def se_bound(self) -> bool:
        return any(d.se_bound for d in self.decisions)

    @property
    def costliest(self) -> tuple[DecisionReview, ...]:
        """The (up to) three decisions that gave up most, costliest first (ties: the earlier)."""
        return tuple(costliest(self.decisions))

    def as_dict(self) -> dict:
        return {"seat": self.seat, "player": self.player, "won": self.won, "given_up": self.given_up,
                "given_up_se": self.given_up_se, "given_up_se_is_bound": self.se_bound,
                "differs": sum(d.differs for d in self.decisions),
                "decisions": [d.as_dict() for d in self.decisions],
                "costliest": [{"deal": d.deal, "index": d.index} for d in self.costliest]}


@dataclass(frozen=True)
class GameReview:
    """A game's review: each asked seat's :class:`SeatReview`."""

    game: int | None  # the record's place in its file (from 0), if read from one
    variant: str
    seed: int | None  # the record's packs
    deck: int | None
    players: dict
    result: dict | None
    review_seed: int
    seats: tuple[SeatReview, ...]
    seconds: float

    def as_dict(self) -> dict:
        return {"game": self.game, "seed": self.seed, "deck": self.deck, "players": dict(self.players),
                "result": self.result, "review_seed": self.review_seed, "model": MODEL,
                "seats": [s.as_dict() for s in self.seats], "milliseconds": int(round(1000 * self.seconds))}


MODEL = {
    "discards": "discard --score: P(win) of every throw at the decision's scores, this deal played out with the "
               "opponent dealt from the unseen cards and throwing by the game model's objective, both playing "
               "greedy, later deals on the committed board; sampled (± one standard error; the seed a digest of "
               "the review's seed and the position)",
    "plays": "advise --score: P(win) of every legal card, exact over the opponent hands consistent with their "
            "objective throw and the play so far (widened to every hand consistent with the play when none is), "
            "both playing greedy after the card, then the shows and the committed board",
    "given_up": "the best's P(win) minus the decision's; a game's total is the sum over the seat's decisions",
}


__all__ = ["DecisionReview", "SeatReview", "GameReview", "MODEL", "VERSION", "COSTLIEST", "EVS", "totals",
           "costliest"]
