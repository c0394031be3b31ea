"""numba, set up once. Every kernel module imports ``njit``/``prange`` from here, so numba's
on-disk cache points at the directory keyed by the kernel sources (see
:func:`crib_stats.runtime.cache.configure_cache`) before the first kernel is decorated.

``njit`` is numba's, with one change in what a kernel calling another compiles: numba types a
constant argument (``walk(cards, 0, False)``) as a literal (``Literal[int](0)``) and compiles the
callee once more for it, beside the ``int64`` version that a call from Python or with a variable
needs; a walk compiled twice or three times is seconds of LLVM each, in every fresh cache. Here a
call from a kernel is typed with the constants' plain types first (``int64``, ``bool``), as
numba's own overload templates do, and with the literals only where the plain types do not type
(an index into a heterogeneous tuple); the values computed are the same.
"""

from __future__ import annotations

from contextlib import contextmanager

import numba
from numba import prange
from numba.core import errors, types

from crib_stats.runtime.cache import configure_cache

configure_cache()


def _plain_first(dispatcher):
    """Make ``dispatcher`` type (and compile) a call from another kernel with the arguments'
    plain types when that works, instead of one specialisation per literal passed."""
    literal_first = dispatcher.get_call_template

    def get_call_template(args, kws):
        plain = tuple(types.unliteral(a) for a in args)
        plain_kws = {k: types.unliteral(v) for k, v in kws.items()}
        if plain != tuple(args) or plain_kws != kws:
            try:
                return literal_first(plain, plain_kws)
            except errors.TypingError:
                pass
        return literal_first(args, kws)

    dispatcher.get_call_template = get_call_template
    return dispatcher


def njit(*args, **options):
    """``numba.njit`` (the same options), each kernel typed plain-first (see the module's doc)."""
    if args and callable(args[0]) and not options:  # bare @njit
        return _plain_first(numba.njit(args[0]))

    def decorate(fn):
        return _plain_first(numba.njit(*args, **options)(fn))

    return decorate


@contextmanager
def one_thread():
    """Run the parallel kernels called inside on the calling thread only. For a kernel whose
    whole call takes a fraction of a millisecond (one deal's 15 throws), waking a thread team
    costs more than the work, and far more when the other cores are busy: the team waits for a
    core (0.3 ms on one thread against 2 to 30 ms on two, on a loaded 2-core machine)."""
    old = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(old)


__all__ = ["njit", "one_thread", "prange"]
