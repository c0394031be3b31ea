"""Kernel building blocks against itertools: combinations, rank multisets, suit classes, and
the digest-keyed numba cache."""

import os
import time
from collections import Counter
from itertools import combinations as it_combinations, combinations_with_replacement, permutations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from crib_stats import kernels, runtime
from crib_stats.core.tables import suit_classes
from crib_stats.kernels import combinatorics
from crib_stats.runtime import cache as kcache


@pytest.mark.parametrize("n, k", [(5, 0), (5, 1), (6, 3), (10, 4), (4, 4)])
def test_combinations_equal_itertools(n, k):
    assert combinatorics.combinations(n, k).tolist() == [list(c) for c in it_combinations(range(n), k)]


@pytest.mark.parametrize("size, ranks", [(2, (0, 1, 2)), (4, (0, 4, 9, 12)), (5, (3, 4))])
def test_rank_multisets_equal_itertools(size, ranks):
    got = combinatorics.rank_multisets(size, np.array(ranks, np.int64)).tolist()
    want = []
    for combo in combinations_with_replacement(ranks, size):
        counts = Counter(combo)
        if max(counts.values()) <= 4:
            want.append([counts.get(r, 0) for r in range(13)])
    assert got == want


def test_rank_multisets_of_four_cards_count():
    # multisets of 4 ranks from 13 with at most four of a rank: C(16, 4) = 1820 (no rank can
    # exceed four in a 4-card hand)
    assert len(combinatorics.rank_multisets(4, np.arange(13))) == comb(16, 4) == 1820


def _burnside(n_ranks: int, dealt: int) -> int:
    """Classes of `dealt`-card deals from n_ranks x 4 suits under the 24 suit permutations:
    the average number of deals a permutation fixes; a deal is fixed when it is a union of the
    permutation's cycles on the cards (each rank's suits cycle like the permutation's cycles)."""
    total = 0
    for perm in permutations(range(4)):
        seen, cycles = set(), []
        for s in range(4):
            if s not in seen:
                length, t = 0, s
                while t not in seen:
                    seen.add(t)
                    t = perm[t]
                    length += 1
                cycles.append(length)
        poly = [1] + [0] * dealt  # generating function of unions of cycles, over all ranks
        for _ in range(n_ranks):
            for length in cycles:
                poly = [poly[i] + (poly[i - length] if i >= length else 0) for i in range(dealt + 1)]
        total += poly[dealt]
    return total // 24


@pytest.mark.parametrize("dealt", [2, 5, 6])
def test_suit_classes_count_and_weights(dealt):
    deals, weights = suit_classes(dealt)
    assert len(deals) == _burnside(13, dealt)
    assert int(weights.sum()) == comb(52, dealt)


def test_six_card_classes_are_962988():
    # the figure the sweep issue quotes, by Burnside's lemma
    assert _burnside(13, 6) == 962_988


def test_suit_classes_are_the_orbits_on_a_reduced_deck():
    # every 4-card deal from the 12 cards of A, 5, J: its orbit under the 24 renamings, with
    # the smallest sorted member as representative
    ranks = (0, 4, 10)
    deck = [r * 4 + s for r in ranks for s in range(4)]
    orbits = set()
    for deal in it_combinations(deck, 4):
        images = {tuple(sorted((c // 4) * 4 + p[c % 4] for c in deal)) for p in permutations(range(4))}
        orbits.add((min(images), len(images)))
    deals, weights = suit_classes(4, ranks)
    got = [(tuple(int(c) for c in d), int(w)) for d, w in zip(deals, weights)]
    assert len(got) == len(set(got)) and set(got) == orbits
    assert sum(size for _, size in orbits) == comb(12, 4)


def test_cache_directory_is_keyed_by_the_kernel_sources(tmp_path):
    digest = runtime.source_digest()
    assert runtime.cache_dir().name == f"kernels-{digest}" and digest == runtime.digest_of(kcache._HERE)
    # a change in any kernel file changes the digest, so another directory is used
    fake = tmp_path / "kernels"
    fake.mkdir()
    for path in kcache._HERE.glob("*.py"):
        (fake / path.name).write_bytes(path.read_bytes())
    assert runtime.digest_of(fake) == digest
    (fake / "show.py").write_text((fake / "show.py").read_text() + "\n# edited\n")
    assert runtime.digest_of(fake) != digest


@pytest.fixture
def private_memo(tmp_path, monkeypatch):
    """The digest memo in tmp_path, empty, as a new process would start."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "memo"))
    monkeypatch.setattr(kcache, "_memo_entries", None)
    return tmp_path / "memo" / kcache._MEMO_NAME


def _kernels_copy(folder):
    folder.mkdir()
    for path in kcache._HERE.glob("*.py"):
        (folder / path.name).write_bytes(path.read_bytes())
    return folder


def test_kernel_digest_memo_is_read_by_the_next_process_and_an_edit_misses_it(tmp_path, private_memo, monkeypatch):
    fake = _kernels_copy(tmp_path / "kernels")
    monkeypatch.setattr(kcache, "_SETTLED_NS", -10**12)  # the copies count as settled at once
    digest = runtime.digest_of(fake)
    assert digest == runtime.source_digest() and private_memo.is_file()
    # the next process answers from the memo: it reads no kernel source
    monkeypatch.setattr(kcache, "_memo_entries", None)
    real_read = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail(f"read {self}") if self.parent == fake
                        else real_read(self))
    assert runtime.digest_of(fake) == digest
    monkeypatch.setattr(Path, "read_bytes", real_read)
    # an edit changes the file's stamp: the memo is missed and the new bytes are hashed
    (fake / "show.py").write_text((fake / "show.py").read_text() + "\n# edited\n")
    monkeypatch.setattr(kcache, "_memo_entries", None)
    edited = runtime.digest_of(fake)
    assert edited != digest
    monkeypatch.setattr(kcache, "_memo_entries", None)
    assert runtime.digest_of(fake) == edited  # the edited sources' digest, remembered in turn


def test_kernel_digest_memo_skips_files_changed_just_now(tmp_path, private_memo, monkeypatch):
    """A file changed within the last _SETTLED_NS is hashed every time: a second write in the
    same clock tick, same size, mtime put back, could leave its stamp unchanged."""
    fake = _kernels_copy(tmp_path / "kernels")
    digest = runtime.digest_of(fake)
    st = (fake / "show.py").stat()
    text = (fake / "show.py").read_text()
    (fake / "show.py").write_text(text.replace("def ", "def  ", 1)[:-1])  # same size
    os.utime(fake / "show.py", ns=(st.st_atime_ns, st.st_mtime_ns))
    monkeypatch.setattr(kcache, "_memo_entries", None)
    assert runtime.digest_of(fake) != digest
    assert not private_memo.exists() or str(fake) not in private_memo.read_text()


def test_python_pip_equals_the_kernel_pip():
    from crib_stats.core.cards import Card
    from crib_stats.kernels.pips import pip

    # A = 1, 2..10 face value, J Q K = 10: the rule book, typed out
    assert [Card(r, 0).pip for r in range(13)] == [pip(r) for r in range(13)] == list(range(1, 11)) + [10, 10, 10]


# ------------------------------------------------------------------------ disk caches keyed by content


def _edited_copy(module, folder):
    """A copy of ``module``'s source in ``folder`` with one comment line added (an edit that
    changes the code's bytes), as a path; the digest's per-process memo is cleared, as a new
    process would start without it."""
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / Path(module.__file__).name
    copy.write_text(Path(module.__file__).read_text() + "\n# edited\n")
    kcache._source_bytes_digest.cache_clear()
    return copy


def test_content_digest_covers_module_sources_and_input_bytes(tmp_path):
    from crib_stats.peg import opponent as peg_opponent

    base = runtime.content_digest([peg_opponent], [b"abc"])
    assert runtime.content_digest([peg_opponent.__file__], [b"abc"]) == base
    same = tmp_path / "same"
    same.mkdir()
    name = Path(peg_opponent.__file__).name
    (same / name).write_bytes(Path(peg_opponent.__file__).read_bytes())
    assert runtime.content_digest([same / name], [b"abc"]) == base  # bytes, not paths or mtimes
    assert runtime.content_digest([_edited_copy(peg_opponent, tmp_path / "e")], [b"abc"]) != base
    assert runtime.content_digest([peg_opponent], [b"abd"]) != base
    data = tmp_path / "input.bin"
    data.write_bytes(b"abc")
    assert runtime.content_digest([peg_opponent], [data]) == base
    st = data.stat()
    data.write_bytes(b"abd")  # same size; the mtime put back as cp -p or rsync -t would
    os.utime(data, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert runtime.content_digest([peg_opponent], [data]) != base


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    """disk_cached writes under tmp_path (cache_dir() reads NUMBA_CACHE_DIR at every call)."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    yield tmp_path / "numba" / runtime.cache_dir().name / "tables"
    kcache._source_bytes_digest.cache_clear()


def test_play_table_cache_recomputed_when_playvalue_changes(private_cache, tmp_path, monkeypatch):
    from crib_stats.peg import tables as playvalue

    reads = []
    real = playvalue.read_table
    monkeypatch.setattr(playvalue, "read_table", lambda policy: reads.append(policy) or real(policy))
    first = playvalue.play_table.__wrapped__("greedy")  # bypass the per-process memo
    again = playvalue.play_table.__wrapped__("greedy")
    assert reads == ["greedy"] and (first == again).all()  # the second answer came from disk
    # edit the module that turns the file into the array (read_table / frame_table)
    monkeypatch.setattr(playvalue, "__file__", str(_edited_copy(playvalue, tmp_path / "edit")))
    edited = playvalue.play_table.__wrapped__("greedy")
    assert reads == ["greedy", "greedy"] and (edited == first).all()
    assert len(list(private_cache.glob("play_table_greedy-*.npy"))) == 2  # one entry per content


@pytest.mark.slow  # over 2 s on 2 cores
def test_purified_keeps_cache_recomputed_when_peg_opponent_changes(private_cache, tmp_path, monkeypatch):
    from crib_stats.peg import opponent as peg_opponent

    reads = []
    real = peg_opponent.strategy_rows
    monkeypatch.setattr(peg_opponent, "strategy_rows", lambda: reads.append(1) or real())
    first = peg_opponent._equilibrium_tables.__wrapped__()
    peg_opponent._equilibrium_tables.__wrapped__()
    assert len(reads) == 1
    # the purification and its tie rule live in peg_opponent.py: an edit there recomputes
    monkeypatch.setattr(peg_opponent, "__file__", str(_edited_copy(peg_opponent, tmp_path / "edit")))
    edited = peg_opponent._equilibrium_tables.__wrapped__()
    assert len(reads) == 2 and all((a == b).all() for a, b in zip(first, edited))


def test_disk_cached_is_keyed_by_its_inputs_bytes(private_cache, tmp_path):
    from crib_stats.runtime.disk import disk_cached

    data = tmp_path / "in.bin"
    data.write_bytes(b"\x01\x02")
    calls = []

    def compute():
        calls.append(1)
        return (np.frombuffer(data.read_bytes(), np.uint8).copy(),)

    assert disk_cached("t", compute, inputs=[data])[0].tolist() == [1, 2]
    assert disk_cached("t", compute, inputs=[data])[0].tolist() == [1, 2] and len(calls) == 1
    st = data.stat()
    data.write_bytes(b"\x03\x04")  # same size, the old mtime put back
    os.utime(data, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert disk_cached("t", compute, inputs=[data])[0].tolist() == [3, 4] and len(calls) == 2


def test_a_table_wanted_by_two_at_once_is_built_once(private_cache):
    """Two builders at once (two threads here: each opens the lock file itself, so they exclude
    each other as two processes do): one computes, the other waits and reads its file."""
    import threading

    from crib_stats.runtime.disk import disk_cached

    calls, got = [], []
    started = threading.Barrier(2)

    def compute():
        calls.append(1)
        time.sleep(0.5)  # long enough that the other is surely waiting
        return (np.arange(5),)

    def want():
        started.wait()
        got.append(disk_cached("twice", compute)[0].tolist())

    threads = [threading.Thread(target=want) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert calls == [1] and got == [[0, 1, 2, 3, 4]] * 2
    assert len(list(private_cache.glob("twice-*.npy"))) == 1


def test_sweep_and_solver_keys_follow_the_code(tmp_path, monkeypatch):
    from crib_stats.core import engine
    from crib_stats.model.variants import variant
    from crib_stats.discard import shards
    from crib_stats.strategy import equilibrium

    key = shards.cache_key(variant("six-card"), "random", (3, 4, 10), 2)
    assert "version" not in key
    monkeypatch.setattr(shards, "__file__", str(_edited_copy(shards, tmp_path / "e")))
    edited = shards.cache_key(variant("six-card"), "random", (3, 4, 10), 2)
    assert edited != key
    assert engine.ShardCache(tmp_path / "s", key).dir != engine.ShardCache(tmp_path / "s", edited).dir
    before = equilibrium.Checkpoint((0, 3), root=tmp_path / "q").dir
    monkeypatch.setattr(equilibrium, "__file__", str(_edited_copy(equilibrium, tmp_path / "q2")))
    assert equilibrium.Checkpoint((0, 3), root=tmp_path / "q").dir != before


def _aged(path, days):
    t = time.time() - days * 86400
    os.utime(path, (t, t))


def test_prune_removes_only_entries_unused_for_30_days(tmp_path):
    for name in ("kernels-old", "kernels-recent", "kernels-live", "other-old"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "f").write_text("x")
    for name, days in (("kernels-old", 31), ("kernels-recent", 29), ("kernels-live", 400), ("other-old", 400)):
        _aged(tmp_path / name, days)
    removed = runtime.prune_stale(tmp_path, "kernels-*", keep=[tmp_path / "kernels-live"])
    assert [p.name for p in removed] == ["kernels-old"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [".prune.lock", "kernels-live", "kernels-recent",
                                                         "other-old"]


def test_prune_waits_for_the_lock(tmp_path):
    # another process holding the lock: pruning waits for it (here: gives up after the holder exits)
    import subprocess
    import sys

    (tmp_path / "kernels-old").mkdir()
    _aged(tmp_path / "kernels-old", 40)
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, sys, time\n"
        f"f = open({str(tmp_path / '.prune.lock')!r}, 'a'); fcntl.flock(f, fcntl.LOCK_EX)\n"
        "print('held', flush=True); sys.stdin.readline()\n")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "held\n"
    import threading

    done = []
    t = threading.Thread(target=lambda: done.append(runtime.prune_stale(tmp_path, "kernels-*")))
    t.start()
    t.join(0.5)
    assert not done and (tmp_path / "kernels-old").exists()  # blocked while the other holds it
    holder.stdin.write("\n")
    holder.stdin.flush()
    holder.wait()
    t.join()
    assert [p.name for p in done[0]] == ["kernels-old"]


def test_configuring_the_cache_keeps_other_installs_caches(tmp_path, monkeypatch):
    # another install's kernels (other sources) used recently survive our first run; one unused
    # for 31 days goes; ours is touched
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)
    monkeypatch.setattr(kcache, "_COLD", kcache._COLD)
    monkeypatch.setattr(kcache, "_CONFIGURED", False)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    for name, days in (("kernels-0123456789abcdef", 2), ("kernels-fedcba9876543210", 31)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "x.nbi").write_text("compiled")
        _aged(tmp_path / name, days)
    runtime.configure_cache()
    assert (tmp_path / "kernels-0123456789abcdef" / "x.nbi").exists()
    assert not (tmp_path / "kernels-fedcba9876543210").exists()
    assert runtime.cache_dir().is_dir() and time.time() - runtime.cache_dir().stat().st_mtime < 60


@pytest.mark.slow  # over 2 s on 2 cores
def test_the_same_kernels_installed_elsewhere_read_the_compiled_ones(tmp_path):
    """Two copies of the kernel sources at different paths (a checkout and its wheel, two
    venvs) share one cache folder: the second loads what the first compiled, compiling nothing."""
    import shutil
    import subprocess
    import sys

    src = Path(kernels.__file__).resolve().parent
    script = ("import numpy as np\nfrom crib_stats.kernels import combinatorics as c\n"
              "c.combinations(5, 2)\nprint(c.__file__)\n"
              "print(sum(c.combinations.stats.cache_hits.values()), sum(c.combinations.stats.cache_misses.values()))\n")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    seen = []
    for copy in ("one", "two"):
        (tmp_path / copy / "crib_stats").mkdir(parents=True)
        shutil.copy(src.parent / "__init__.py", tmp_path / copy / "crib_stats")
        for sub in ("kernels", "runtime"):  # the kernels and the floor they stand on
            shutil.copytree(src.parent / sub, tmp_path / copy / "crib_stats" / sub,
                            ignore=shutil.ignore_patterns("__pycache__"),
                            copy_function=shutil.copy)  # new modification times: numba's stamp hashes the bytes
        out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path / copy, capture_output=True, text=True,
                             env=dict(env, PYTHONPATH=str(tmp_path / copy)), check=True).stdout.split("\n")
        assert out[0].startswith(str(tmp_path / copy)), out
        seen.append(out[1])
    assert seen == ["0 1", "1 0"]  # compiled by the first copy, loaded by the second
    (folder,) = (p for p in (tmp_path / "numba").iterdir() if p.is_dir())
    assert folder.name == runtime.cache_dir().name and any(folder.glob("combinatorics.combinations-*.nbi"))


def test_a_constant_passed_by_a_kernel_compiles_no_second_version():
    """jit.njit types a call from a kernel with the constants' plain types: one version of the
    callee (int64, bool) serves a call from Python and a call with literals, where numba's own
    njit compiled a second one for Literal[int](0) and Literal[bool](False)."""
    import numba

    from crib_stats.kernels.jit import njit

    def step(x, k, flip):
        return -(x + k) if flip else x + k

    def outer(x):
        return inner(x, 0, False) + inner(x, 2, True)

    for make, versions in ((njit, 1), (numba.njit, 3)):  # numba's: int64, then the two literal calls
        inner = make(step)
        caller = make(outer)
        assert inner(5, 1, True) == -6 and caller(5) == 5 - 7
        assert len(inner.signatures) == versions, (make, inner.signatures)


def test_a_call_that_needs_its_literal_still_gets_it():
    """An argument only a literal types (an index into a tuple of mixed types) falls back to the
    literal, as numba's own overload templates do."""
    from crib_stats.kernels.jit import njit

    @njit
    def pick(pair, i):
        return pair[i]

    @njit
    def caller():
        return pick((1, 2.5), 1) + pick((1, 2.5), 0)

    assert caller() == 3.5
    assert [str(s[1]) for s in pick.signatures] == ["Literal[int](1)", "Literal[int](0)"]


def test_no_kernel_takes_more_than_fifteen_parameters():
    """A kernel's signature stays short: past fifteen inputs they are grouped (a named tuple of
    arrays, as keeps.Pool, posterior.Query and the table a walk reads)."""
    import ast

    long = []
    for path in sorted(Path(kernels.__file__).resolve().parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and len(node.args.args) + len(node.args.kwonlyargs) > 15:
                long.append(f"{path.name}:{node.name}")
    assert not long, long
