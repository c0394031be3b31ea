"""A hand of the per-machine keep table (:mod:`.keeps`) as bits: its cards, the pool's, the
must cards among them, a throw's positions, the kept multiset's row and its tied throws; the
small inline pieces both walks over the table (:func:`.keeps.keep_posterior_sparse` and
:func:`.keepshow.keep_show_posterior`) read a hand with."""

from __future__ import annotations

import numpy as np
from .jit import njit

from .constants import RANKS


@njit(cache=True, inline="always")
def must_kept(kset, counts, must_masks):
    """Whether a hand of rank counts ``counts`` that keeps the multiset ``kset`` surely keeps
    the must cards (1), surely throws one (0), or it depends on the suits thrown (-1)."""
    out = 1
    for r in range(RANKS):
        if must_masks[r] == 0:
            continue
        if kset[r] == 0:
            return 0
        if kset[r] < counts[r]:
            out = -1
    return out


@njit(cache=True, inline="always")
def card_bits(ranks, opts, pick, d):
    """The hand of one choice of suit subsets as a bit per card code."""
    out = 0
    for i in range(d):
        out |= opts[i, pick[i]] << (4 * ranks[i])
    return out


@njit(cache=True, inline="always")
def pool_bits(pool_masks):
    """Four-bit suit masks per rank as a bit per card code."""
    out = 0
    for r in range(RANKS):
        out |= pool_masks[r] << (4 * r)
    return out


@njit(cache=True, inline="always")
def mustmask_of(cards, must_masks):
    """Bit i set when ``cards[i]`` is a must card."""
    out = 0
    for i in range(cards.shape[0]):
        if (must_masks[cards[i] >> 2] >> (cards[i] & 3)) & 1:
            out |= 1 << i
    return out


@njit(cache=True, inline="always")
def thrown_bits(throws, q):
    """The positions throw ``q`` throws, as bits."""
    out = 0
    for i in range(throws.shape[1]):
        out |= 1 << throws[q, i]
    return out


@njit(cache=True, inline="always")
def kept_row(cards, thrown, keep_index):
    """The kept multiset row of ``cards`` less the positions ``thrown``."""
    key = 0
    for i in range(cards.shape[0]):
        if not (thrown >> i) & 1:
            key = key * RANKS + (cards[i] >> 2)
    return keep_index[key]


@njit(cache=True, inline="always")
def tie_mask_of(tie_at, tie_mask, at):
    """The tied throws of the hand at ``at`` of the table (one of ``tie_at``)."""
    return tie_mask[np.searchsorted(tie_at, at)]


@njit(cache=True, inline="always")
def row_decides(kr, counts, must_masks, keep_sets, ok_rows):
    """Whether a hand of rank counts ``counts`` whose tabled row is ``kr`` surely counts (1),
    surely not (0), or it depends on its cards (-1: a tie across rows, or the must cards kept
    or not depending on the suits thrown)."""
    if kr < 0:
        return -1
    if not ok_rows[kr]:
        return 0
    sure = must_kept(keep_sets[kr], counts, must_masks)
    return 1 if sure == 1 else 0 if sure == 0 else -1
