"""Numba kernels: integer arrays and ints in, integer arrays out, one module per concern.

- :mod:`.jit`           numba set up once: the cache directory (:mod:`crib_stats.runtime.cache`), then
                        ``njit``/``prange``
- :mod:`.constants`     shared constants (plain Python), the pip rule, output column indices
- :mod:`.pips`          the pip value compiled
- :mod:`.combinatorics` combination and multiset steppers, ``combinations``, ``rank_multisets``
- :mod:`.show`          the one scorer (``score_one``/``score_batch``) and the rank tables
- :mod:`.distributions` exhaustive score histograms: brute force and rank multisets
- :mod:`.deals`         the canonical-suit walk over deals; best keep over every deal
- :mod:`.crib`          discard tallies under the random crib model
- :mod:`.crib_np`       its two-other-card tally in plain numpy, for a process without numba
- :mod:`.play`          the play rules as one stepper; the search over every legal play
- :mod:`.policies`      the play under the greedy and minimax policies; the play tables
- :mod:`.pegvalue`      E[peg] of a keep against a modelled opponent keep (weighted sums)
- :mod:`.maxima`        the dealer's largest show and hand + crib + pegging (exhaustive)
- :mod:`.equilibrium`   the rank-level discard game: hands, values, crib values, exact cribs
- :mod:`.sweep`         every deal's best throw per objective: rank memo + suit terms per class
- :mod:`.game`          the deal model's deals played out; :mod:`.board` the induction over positions
- :mod:`.game3`         the three-player deal model; :mod:`.board3` its inductions (exact, product form)
- :mod:`.boardthrow`    each throw's P(win) over the opponent's hands; :mod:`.boardtable` over the other
                        seats' hands at a table of four in partnership (:mod:`.boardthrow3`: three
                        players); :mod:`.boardgames` whole games
- :mod:`.playn`         the play of two to four players as one stepper (the whole games')
- :mod:`.wholegames`    greedy in every seat, whole games of every variant card by card (their decisions and
                        points as arrays: the referee writes their records)
- :mod:`.posterior`, :mod:`.keeps`, :mod:`.advise`  the play advisor: the opponent's hands, each card

Nothing here validates user input or raises user-facing errors; the public modules do that.
Cards are codes ``rank * 4 + suit`` (rank 0 = ace, 10 = jack, 12 = king).

Importing this package imports neither its submodules nor numba (a command loads only the
kernels it uses); :func:`warmup` compiles deliberately; nothing compiles at import. The disk
caches' machinery (the digests that key numba's cache directory) is the floor below,
:mod:`crib_stats.runtime`.
"""

from __future__ import annotations

__all__ = ["warmup"]


def warmup() -> None:
    """Compile (or load from the cache) every kernel on the smallest inputs."""
    from . import (  # lazy: numba only when used
        advise, board, board3, boardgames, boardtable, boardthrow, boardthrow3, crib, deals, distributions, equilibrium,
        game, game3, ismcts, keeps, keepshow, maxima, pegvalue, play, playn, playsearch, policies, posterior, show, sweep,
        wholegames,
    )

    show.warmup()
    distributions.warmup()
    deals.warmup()
    crib.warmup()
    play.warmup()
    playn.warmup()
    playsearch.warmup()
    policies.warmup()
    pegvalue.warmup()
    maxima.warmup()
    equilibrium.warmup()
    sweep.warmup()
    game.warmup()
    board.warmup()
    game3.warmup()
    board3.warmup()
    posterior.warmup()
    keeps.warmup()
    keepshow.warmup()
    advise.warmup()
    boardthrow.warmup()
    boardtable.warmup()
    boardthrow3.warmup()
    boardgames.warmup()
    wholegames.warmup()
    ismcts.warmup()
