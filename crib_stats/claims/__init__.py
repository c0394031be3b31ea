"""The seeds' quantitative claims, each with the value the code computes and a verdict.

Every entry of :func:`registry` is a :class:`Claim`: an id, a short quote of the claim and the
seed file(s) it comes from, the framing under which it is computed, the ``crib-stats`` command
that reproduces it, and a ``check`` that computes our value and the verdict *from that value*
(the seed's figure is quoted in the check; ours never is). Checks run lazily: listing the
registry is instant, :func:`evaluate` computes.

Verdicts: ``reproduced``; ``wrong`` (the note gives the right value); ``depends on framing``
(right in one framing, not in another, both given); ``model-dependent`` (averages of real play,
which need discard and pegging policies: "not modelled yet" until a model is plugged in with
:func:`register_model`); ``rule`` (a rule of the game, checked against the variant table and
the scorer when the code encodes it); for a rule of thumb of the play measured with the
advisor (:mod:`.peg_rules`), ``holds``, ``mostly holds``, ``depends`` or ``wrong`` by the
thresholds of :data:`crib_stats.game.peg_rules.VERDICT_TEXT`.

>>> c = get("hands-12994800")
>>> c.framing, c.command
('hand', 'crib-stats enumerate --table hand')
>>> f = c.check(Context())
>>> f.ours, f.verdict
('12,994,800', 'reproduced')
>>> get("show-5-5-10-j").check(Context()).verdict
'wrong'
"""

from __future__ import annotations

from typing import Iterable

from . import show, play  # noqa: F401,I001  (importing them registers their claims, in report order)
from . import game  # noqa: F401,I001  (the game to 121: crib-stats game's board)
from . import peg_rules  # noqa: F401,I001  (the play's rules of thumb, measured with crib-stats advise)
from .core import (
    FRAMINGS, MAXIMA_FILE, REGISTRY, VERDICTS, Claim, ClaimError, Context, Entry, Finding, maxima_results,
    register_model, maxima_json,
)


def registry() -> tuple[Claim, ...]:
    """Every claim, in the order of the report (lists fast: nothing is computed)."""
    return tuple(REGISTRY)


def get(claim_id: str) -> Claim:
    """The claim of that id; :class:`ClaimError` (its message lists some ids) when there is none.

    >>> get("odds-29").command
    'crib-stats enumerate'
    """
    for c in REGISTRY:
        if c.id == claim_id:
            return c
    some = ", ".join(c.id for c in REGISTRY[:4])
    raise ClaimError(f"no claim {str(claim_id)[:40]!r}; crib-stats claims lists all {len(REGISTRY)} ids ({some}, ...)")


def evaluate(ids: Iterable[str] | None = None, ctx: Context | None = None, progress=None) -> list[Entry]:
    """Compute the findings of the given claims (all by default); ``progress(done, total)``
    after each claim."""
    ctx = ctx or Context()
    claims = REGISTRY if ids is None else [get(i) for i in ids]
    entries = []
    for c in claims:
        ctx.read_files = set()  # the committed files this claim's figures are read from
        finding = c.check(ctx)
        entries.append(Entry(c, finding, tuple(sorted(ctx.read_files))))
        if progress is not None:
            progress(len(entries), len(claims))
    return entries


__all__ = ["MAXIMA_FILE", "Claim", "ClaimError", "Context", "Entry", "Finding", "FRAMINGS", "VERDICTS", "evaluate", "get",
           "maxima_json", "maxima_results", "register_model", "registry"]
