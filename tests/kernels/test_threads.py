"""The parallel kernels' figures do not depend on the number of threads.

Every ``@njit(parallel=True)`` kernel under ``crib_stats/kernels/`` splits a ``prange`` loop
among numba's threads; a race there (two threads writing one cell, a reduction gone wrong)
would change the figures with the thread count. The in-process tests of ``make test`` run on
one numba thread per pytest-xdist worker (the root conftest), so this module checks the
multi-threaded path explicitly: each computation below is run in this process on one thread
(inside :func:`crib_stats.kernels.jit.one_thread`) and in one fresh subprocess started with
``NUMBA_NUM_THREADS=2`` (inheriting the suite's ``NUMBA_CACHE_DIR`` and user caches), which
sends its arrays back through an ``.npz`` file; the results must be equal bit for bit (floats
too: the same bytes, not approximately).

Every parallel kernel is covered. Each case calls its kernel itself (its result is never read
back from a disk cache the other process may have filled), on inputs small enough for the
module to take seconds but with many iterations in each ``prange`` loop (the case's docstring
says how many), so that two threads really split the work; a kernel whose loop runs over a
fixed number of chunks (8 or 16) gets every chunk busy.
"""

from __future__ import annotations

import os
import subprocess
import sys
from functools import lru_cache

import numpy as np
import pytest

from crib_stats.core.cards import parse
from crib_stats.core.tables import rank_table
from crib_stats.kernels.combinatorics import combinations, rank_multisets
from crib_stats.kernels.jit import one_thread

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))
FULL = np.arange(13, dtype=np.int64)
PACK6 = (0, 2, 3, 4, 9, 10)  # A 3 4 5 10 J: a reduced pack with fifteens, runs, pairs and nobs
HAND = "5h 6h 7c jd qs kd"  # your six cards in the board-throw and whole-game cases
MINE, THEIRS = 100, 104  # the position there and in the advisor's (you the pone): many deals end the game


def _deals(n, dealt, seed, pack=range(52)):
    """``n`` random deals of ``dealt`` sorted card codes from ``pack``."""
    pack = np.array(list(pack), np.int64)
    rng = np.random.default_rng(seed)
    return np.sort(np.array([rng.choice(pack, dealt, replace=False) for _ in range(n)]), axis=1)


# ------------------------------------------------------------------------------------------
# inputs several cases share, built once a process
# ------------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _memo():
    """The six-card sweep's rank memo of the full pack."""
    from crib_stats.kernels import sweep as ks

    return ks.rank_memo(FULL, 6, 2, 2, rank_table(5), rank_table(5))


def _gm_in():
    """The game model's kernel inputs for objective discards (as :func:`crib_stats.game.model.kernel_inputs`)."""
    index, rank_hand, rank_crib = _memo()
    return (index, rank_hand, rank_crib, combinations(6, 2), rank_table(5), rank_table(5),
            np.full((2, 1), -1, np.int64))


@lru_cache(maxsize=None)
def _board():
    """The committed six-card board and its tables as the board-throw kernels read them."""
    from crib_stats.game import board as gb

    b = gb.committed("six-card")
    return b, gb.kernel_tables(b.values, b.se)


@lru_cache(maxsize=None)
def _deal_setup():
    """:func:`crib_stats.kernels.boardthrow.deal_setup` of :data:`HAND` at (MINE, THEIRS) as the
    pone, your cards, and the common arguments of the sampled walks (as ``score_throws`` builds them)."""
    from crib_stats.kernels import boardthrow as kt

    b, tab = _board()
    gm_in = _gm_in()
    codes = np.array(sorted(c.code for c in parse(HAND)), np.int64)
    unseen = np.array([c for c in range(52) if c not in set(codes.tolist())], np.int64)
    keeps = rank_multisets(4, FULL)  # every kept rank multiset of the opponent's
    out = kt.deal_setup(codes, gm_in[3], gm_in[4], keeps, 2, MINE, THEIRS, b.target, b.skunk, False, gm_in)
    mine_tab, rows, pre, done, _ = out
    common = (unseen, 2, b.target, b.skunk, gm_in, mine_tab, (keeps, rows, pre, done, MINE, THEIRS, False), tab)
    return out, codes, common


@lru_cache(maxsize=None)
def _advise():
    """The advisor's inputs on :data:`PACK6` (as its tests use a reduced pack): the opponent's
    policy as the dealer, the keep table of every hand (its arrays built here) and a query with
    the show at the start of the play, you the pone holding 3 4 5 5 with 4♠ turned."""
    from crib_stats.game.advise import SCALE
    from crib_stats.game.advise_tables import kernel_tables, policy
    from crib_stats.kernels import keeps
    from crib_stats.kernels.posterior import Query

    k = kernel_tables("six-card", "objective", PACK6)
    pol = policy("six-card", "objective", 1, PACK6)
    multisets = rank_multisets(6, np.array(PACK6, np.int64))
    masks = np.zeros(13, np.int64)
    masks[list(PACK6)] = 15
    arrays = keeps.keep_arrays(multisets, masks, pol)
    kt = keeps.keep_table_of(multisets, masks, k["keep_sets"], arrays)
    kept, thrown, starter = parse("3c 4d 5h 5s"), parse("10c jh"), parse("4s")[0]
    seen = {c.code for c in (*kept, *thrown, starter)}
    pool = np.array([c for c in range(52) if c >> 2 in PACK6 and c not in seen], np.int64)
    ok = np.ones(k["keep_sets"].shape[0], np.bool_)
    qry = Query(ok, SCALE, True, starter.code, np.array(sorted(c.code for c in thrown), np.int64), k["hand_table"],
                k["crib_table"])
    return dict(k=k, pol=pol, arrays=arrays, kt=kt, pool=pool, kept=kept, starter=starter, qry=qry)


def _pools(a, must=()):
    """The opponent's pool of :func:`_advise` as the table walks read it, holding ``must``."""
    from crib_stats.kernels import keeps

    return keeps.Pool(keeps.masks_of(a["pool"]), keeps.masks_of(must))


@lru_cache(maxsize=None)
def _suit_classes():
    """The suit classes of every six-card deal from :data:`PACK6`."""
    from crib_stats.kernels import deals as kd

    return kd.suit_classes(np.array(PACK6, np.int64), 6, *kd.suit_permutation_tables())


def _discard_rows():
    """60 (keep, throw) rows, each of its own six of twelve known cards, and the 40 cards
    unseen by all of them (the crib kernels tally each row on its own)."""
    known = _deals(1, 12, 5)[0]
    unseen = np.array([c for c in range(52) if c not in set(known.tolist())], np.int64)
    rng = np.random.default_rng(6)
    six = np.array([rng.choice(known, 6, replace=False) for _ in range(60)])
    return np.sort(six[:, :4], axis=1), np.sort(six[:, 4:], axis=1), unseen


def _game(deck):
    """The rank-level game of ``deck`` and two strategies: a seeded mixed one and a pure one."""
    from crib_stats.strategy import equilibrium as eq

    g = eq.game(deck)
    mixed = np.where(g.valid, np.random.default_rng(7).random(g.tkeys.shape), 0.0)
    mixed /= mixed.sum(axis=1, keepdims=True)
    return g, np.stack([mixed, eq.best_response(g, g.hand_ev)])


def _small_multisets():
    """Every four-card rank multiset of :data:`PACK6` (126)."""
    return rank_multisets(4, np.array(PACK6, np.int64))


# ------------------------------------------------------------------------------------------
# the cases: plain functions returning arrays (or tuples of them), run alike in both processes
# ------------------------------------------------------------------------------------------


def case_board_walk():
    """advise.board_walk: P(win) of each of your three ranks at (MINE, THEIRS) against the
    posterior with the show (keep_show_posterior's, all 126 kept rows in 8 chunks)."""
    from crib_stats.game.advise import committed_board
    from crib_stats.kernels import advise as ka, keepshow
    from crib_stats.show.scoring import score

    a = _advise()
    weight, rows, _ = keepshow.keep_show_posterior(_pools(a), a["kt"], a["pol"], a["qry"], 16)
    mine = np.bincount([c.rank for c in a["kept"]], minlength=13).astype(np.int64)
    none = np.zeros(1, np.int64)  # no card played yet: you, the pone, lead
    _, _, who, pts, n_ev = ka.card_values(mine, a["k"]["keep_sets"], 0, none, none, 0, False,
                                          np.flatnonzero(mine).astype(np.int64), ka.GREEDY)
    b = committed_board("six-card", "objective")
    win, se = b.values[b.row("win")], b.se[b.row("win")]
    skunks = np.stack([b.values[b.row("skunk_win")], b.values[b.row("skunk_loss")]])
    board = ka.Board(win, np.clip(win + se, 0, 1), skunks, int(b.target), int(b.skunk))
    my_hand = score(a["kept"], a["starter"]).total
    return ka.board_walk(weight, rows, ka.Rest(who, pts, n_ev), board, MINE, THEIRS, 0, my_hand)


def case_induction_many():
    """board.induction_many: the committed five-card board solved again with its jackknife (the
    whole model and its 20 leave-one-group-out models: 21 prange rows)."""
    from crib_stats.game import board as gb
    from crib_stats.game.model import committed_path, load

    model, _ = load(committed_path("five-card"))
    b = gb.solve(model)
    return b.values, b.se, b.length


def case_board_games():
    """boardgames.board_games: 48 paired whole games (48 prange rows), the board player's
    decisions (from 100 points) on 16 sampled hands each."""
    from crib_stats.game.boardplay import BANDS
    from crib_stats.kernels import boardgames as kbg, boardthrow as kt

    b, tab = _board()
    keeps = rank_multisets(4, FULL)
    return kbg.board_games(2, 0, 48, 6, 16, 2.5, 100, np.array(BANDS, np.int64), _gm_in(), keeps, kt.keep_rows(keeps),
                           tab, b.target, b.skunk, False)


def case_games_from():
    """boardgames.games_from: 512 whole games (prange rows) from (MINE, THEIRS) after one throw
    of :data:`HAND`: the wins and skunks."""
    from crib_stats.kernels import boardgames as kbg

    b, _ = _board()
    _, codes, _ = _deal_setup()
    return np.array(kbg.games_from(4, 512, codes, 3, 2, MINE, THEIRS, _gm_in(), b.target, b.skunk, False))


def case_deal_setup():
    """boardthrow.deal_setup: the play prefixes of every kept multiset of the opponent's (1,820
    prange rows), with your tables and throw."""
    out, _, _ = _deal_setup()
    return out


def case_sampled_values():
    """boardthrow.sampled_values: 2,048 random opponent hands (32 blocks of 64)."""
    from crib_stats.kernels import boardthrow as kt

    _, _, common = _deal_setup()
    return kt.sampled_values(3, 0, 2048, *common)


def case_stratum_values():
    """boardthrow.stratum_values: one suit draw of 2,048 of the opponent's rank multisets (32 blocks)."""
    from crib_stats.game.throws import strata
    from crib_stats.kernels import boardthrow as kt

    _, _, common = _deal_setup()
    unseen = common[0]
    ms, _ = strata(6, unseen)
    by_rank = np.zeros((13, 4), np.int64)
    n_by_rank = np.zeros(13, np.int64)
    for c in unseen:
        by_rank[c >> 2, n_by_rank[c >> 2]] = c
        n_by_rank[c >> 2] += 1
    rows = np.linspace(0, len(ms) - 1, 2048).astype(np.int64)
    return kt.stratum_values(3, 1, ms, rows, by_rank, n_by_rank, *common)


def case_discard_random():
    """crib.discard_random: 60 throws (prange rows), two other crib cards, and three when one
    card is thrown."""
    from crib_stats.kernels import crib

    keeps, throws, unseen = _discard_rows()
    one_card = np.ascontiguousarray(throws[:, :1])
    return (crib.discard_random(keeps, throws, unseen, 2, -1, rank_table(5), rank_table(5), 1),
            crib.discard_random(keeps, one_card, unseen, 3, -1, rank_table(5), rank_table(5), -1))


def case_discard_random_pairs():
    """crib.discard_random_pairs: the same 60 throws (prange rows) by rank classes, every
    starter and one."""
    from crib_stats.kernels import crib

    keeps, throws, unseen = _discard_rows()
    return (crib.discard_random_pairs(keeps, throws, unseen, -1, rank_table(5), rank_table(5), 1),
            crib.discard_random_pairs(keeps, throws, unseen, int(unseen[7]), rank_table(5), rank_table(5), -1))


def case_suit_classes():
    """deals.suit_classes: every six-card deal from the 24 cards of :data:`PACK6`, by its lowest
    two cards (C(24, 2) = 276 prange rows, twice): 6,907 classes."""
    return _suit_classes()


def case_best_keep_hist():
    """deals.best_keep_hist: the best keep for every starter of those 6,907 classes (64 chunks)."""
    from crib_stats.kernels import deals as kd

    deals, weights = _suit_classes()
    table = rank_table(5)
    index, rows, with_card = kd.best_keep_rank_rows(table, 6, 4)
    return kd.best_keep_hist(table, np.array(PACK6, np.int64), deals, weights, 4, index, rows, with_card)


def case_enumerate_hands():
    """distributions.enumerate_hands: every four-card hand and starter, by
    :func:`crib_stats.show.enumeration.histograms` (64 chunks of the 270,725 hands)."""
    from crib_stats.show.enumeration import histograms

    return histograms(4, "brute")


def case_crib_values():
    """equilibrium.crib_values: every hand of the game on :data:`PACK6` (426, in 27 blocks of
    16) against a mixed and a pure strategy."""
    from math import comb

    from crib_stats.kernels import equilibrium as ke

    g, sigma = _game(PACK6)
    return ke.crib_values(g.counts, g.hr, g.hc, g.hn, g.tkeys, g.nt, sigma, g.avail, rank_table(5),
                          comb(4 * len(PACK6) - 6, 6), 0, len(g.weights))


def case_exact_cribs():
    """equilibrium.exact_cribs: 48 six-card deals (prange rows) of the 2 5 9 J K pack, every
    opponent hand of each, against the same two kinds of strategy."""
    from crib_stats.kernels import equilibrium as ke

    deck = (1, 4, 8, 10, 12)
    g, sigma = _game(deck)
    pack = np.array([r * 4 + s for r in deck for s in range(4)], np.int64)
    return ke.exact_cribs(_deals(48, 6, 8, pack), pack, ke.rank_rows(g.counts), g.tkeys, g.nt, sigma, rank_table(5))


def case_deal_model_rows():
    """game.deal_model_rows: deals 1,000 to 2,599 of seed 5 played out (16 chunks of 100)."""
    from crib_stats.kernels import game as kg

    return kg.deal_model_rows(5, 1000, 2600, 2, 6, False, *_gm_in())


def case_keep_table():
    """keeps.keep_table: every hand's keep on :data:`PACK6` (a prange row per rank multiset:
    426), with the arrays keep_arrays derives from it."""
    return _advise()["arrays"]


def case_keep_posterior_sparse():
    """keeps.keep_posterior_sparse: the opponent's kept multisets from the table (8 chunks of
    the 426 rank multisets), with none of their cards played and with one."""
    from crib_stats.kernels import keeps
    from crib_stats.kernels.posterior import no_show

    a = _advise()
    qry = no_show(a["qry"].ok_rows, a["qry"].scale)
    return tuple(keeps.keep_posterior_sparse(_pools(a, must), a["kt"], a["pol"], qry) for must in ([], a["pool"][5:6]))


def case_keep_show_posterior():
    """keepshow.keep_show_posterior: the posterior with the show in 16 slabs (prange rows), and by
    ``keep_show`` in one slab a thread (one here, two in the subprocess)."""
    from crib_stats.kernels import keepshow

    a = _advise()
    return (keepshow.keep_show_posterior(_pools(a), a["kt"], a["pol"], a["qry"], 16),
            keepshow.keep_show(_pools(a), a["kt"], a["pol"], a["qry"]))


def case_peg_max_rows():
    """maxima.peg_max_rows: 48 dealer rows (prange rows) of the full pack's kept multisets
    against the 126 of :data:`PACK6`."""
    from crib_stats.kernels import maxima

    dealers = np.ascontiguousarray(rank_multisets(4, FULL)[::38][:48])
    return maxima.peg_max_rows(dealers, _small_multisets())


def case_peg_extremes_rows():
    """playsearch.peg_extremes_rows: every pair of the 126 kept multisets of :data:`PACK6` (126 prange rows)."""
    from crib_stats.kernels import playsearch

    ms = _small_multisets()
    return playsearch.peg_extremes_rows(ms, 0, len(ms), False)


def case_play_table_rows():
    """policies.play_table_rows: greedy and minimax, pone rows 6 to 101 (96 prange rows) of the
    126 kept multisets of :data:`PACK6`."""
    from crib_stats.kernels import policies

    ms = _small_multisets()
    return tuple(policies.play_table_rows(ms, 6, 102, p) for p in (policies.GREEDY, policies.MINIMAX))


def case_keep_posterior():
    """posterior.keep_posterior: the posterior with the show by the walk over every hand of the
    pool holding one played card of the opponent's (8 chunks), by the policy and uniform."""
    from crib_stats.kernels import posterior

    a = _advise()
    return tuple(posterior.keep_posterior(a["pool"], a["pool"][5:6], a["pol"], a["qry"], uniform)
                 for uniform in (False, True))


def case_score_batch():
    """show.score_batch: 6,400 random shows (64 chunks of 100), hand and crib rules."""
    from crib_stats.kernels import show

    cards = np.random.default_rng(1).permuted(np.tile(np.arange(52), (6400, 1)), axis=1)[:, :5].copy()
    return show.score_batch(cards, False), show.score_batch(cards, True)


def case_rank_memo():
    """sweep.rank_memo: the full pack's six-card memo (a prange row per rank multiset: 18,395)."""
    return _memo()


def case_sweep_chunks():
    """sweep.sweep_chunks: the sweep's tallies of the 6,907 suit classes of :data:`PACK6` (64 chunks)."""
    from crib_stats.discard.shards import memo
    from crib_stats.kernels import sweep as ks

    deals, weights = _suit_classes()
    m = memo("six-card", PACK6)
    return ks.sweep_chunks(deals, weights, m["index"], m["rank_hand"], m["rank_crib"], 2, len(PACK6), True, 2,
                           m["keep_index"], m["keep_sets"].shape[0], m["n_keys"])


CASES = [
    ("advise.board_walk", case_board_walk),
    ("board.induction_many", case_induction_many),
    ("boardgames.board_games", case_board_games),
    ("boardgames.games_from", case_games_from),
    ("boardthrow.deal_setup", case_deal_setup),
    ("boardthrow.sampled_values", case_sampled_values),
    ("boardthrow.stratum_values", case_stratum_values),
    ("crib.discard_random", case_discard_random),
    ("crib.discard_random_pairs", case_discard_random_pairs),
    ("deals.suit_classes", case_suit_classes),
    ("deals.best_keep_hist", case_best_keep_hist),
    ("distributions.enumerate_hands", case_enumerate_hands),
    ("equilibrium.crib_values", case_crib_values),
    ("equilibrium.exact_cribs", case_exact_cribs),
    ("game.deal_model_rows", case_deal_model_rows),
    ("keeps.keep_table", case_keep_table),
    ("keeps.keep_posterior_sparse", case_keep_posterior_sparse),
    ("keepshow.keep_show_posterior", case_keep_show_posterior),
    ("maxima.peg_max_rows", case_peg_max_rows),
    ("playsearch.peg_extremes_rows", case_peg_extremes_rows),
    ("policies.play_table_rows", case_play_table_rows),
    ("posterior.keep_posterior", case_keep_posterior),
    ("show.score_batch", case_score_batch),
    ("sweep.rank_memo", case_rank_memo),
    ("sweep.sweep_chunks", case_sweep_chunks),
]


def arrays(result) -> list[np.ndarray]:
    """A case's result as a flat list of arrays (tuples, named ones too, are opened in order)."""
    if isinstance(result, (tuple, list)):
        return [x for part in result for x in arrays(part)]
    return [np.asarray(result)]


def run_all(path) -> None:
    """Every case into the .npz file ``path`` (``NAME/i``: the i-th array of case NAME), with
    the number of threads numba ran them on: what the subprocess runs."""
    import numba

    out = {"threads": np.array(numba.get_num_threads())}
    for name, case in CASES:
        out.update({f"{name}/{i}": x for i, x in enumerate(arrays(case()))})
    np.savez(path, **out)


SCRIPT = f"""import sys
sys.path.insert(0, {TESTS_DIR!r})
import test_threads
test_threads.run_all(sys.argv[1])
"""


@pytest.fixture(scope="module")
def two_threads(tmp_path_factory) -> dict:
    """Every case's arrays computed in a fresh process on two threads."""
    path = tmp_path_factory.mktemp("threads") / "two.npz"
    env = dict(os.environ, NUMBA_NUM_THREADS="2")
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(path)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


@pytest.mark.slow  # over 2 s on 2 cores
def test_the_subprocess_ran_on_two_threads(two_threads):
    assert int(two_threads["threads"]) == 2


@pytest.mark.parametrize("name, case", CASES, ids=[name for name, _ in CASES])
def test_one_thread_gives_the_figures_of_two(name, case, two_threads):
    with one_thread():
        got = arrays(case())
    want = [two_threads[f"{name}/{i}"] for i in range(sum(k.startswith(name + "/") for k in two_threads))]
    assert len(got) == len(want)
    for i, (a, b) in enumerate(zip(got, want)):
        assert (a.dtype, a.shape) == (b.dtype, b.shape), f"{name}: array {i}"
        assert a.tobytes() == b.tobytes(), f"{name}: array {i} differs on two threads"
