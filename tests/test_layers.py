"""The package's import graph: no cycle at any depth and no import from a lower layer to a higher
one, counting every ``import``/``from`` anywhere in a module (inside functions too), read from
the source with :mod:`ast`. The checkout's studies (``studies/``, above the whole package) may
import it; nothing in the package imports them. Also: importing a module that runs no kernel
imports no numba."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "crib_stats"
STUDIES = PKG.parent / "studies"  # the measurements that regenerate committed data: not in the wheel

# lowest first; a module may import its own layer and the layers below it
LAYERS = ["runtime", "kernels", "core", "model", "peg", "show", "discard", "strategy", "referee", "game", "players", "match", "claims",
          "presentation"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules(root: Path = PKG) -> dict[str, Path]:
    return {module_name(p): p for p in root.rglob("*.py")}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Every package module ``name`` imports, wherever the statement stands."""
    is_pkg = path.name == "__init__.py"
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_pkg else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                root = ".".join(base + ([node.module] if node.module else []))
            else:
                root = node.module or ""
            targets = [root] + [f"{root}.{a.name}" for a in node.names]
        for t in targets:
            # the deepest known module named (``a.b.c`` may be a name in module ``a.b``)
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name and not name.startswith(t + "."):  # a package's own __init__ is not an edge
                out.add(t)
    return out


def graph(*roots: Path) -> dict[str, set[str]]:
    """Every module's imports of the others, over the package (and ``roots``: the studies)."""
    mods = {m: p for root in (PKG, *roots) for m, p in modules(root).items()}
    known = set(mods)
    return {m: imports_of(m, p, known) for m, p in mods.items()}


def layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if state.get(w) == 1:
                return stack[stack.index(w):] + [w]
            if w not in state:
                found = visit(w)
                if found:
                    return found
        stack.pop()
        state[v] = 2
        return None

    for v in sorted(edges):
        if v not in state:
            found = visit(v)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle_and_passes_a_tree():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_reader_sees_imports_inside_functions(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("def f():\n    from crib_stats.core import cards\n    import crib_stats.show.scoring as s\n")
    got = imports_of("crib_stats.x", src, {"crib_stats.core", "crib_stats.core.cards", "crib_stats.show.scoring"})
    assert got == {"crib_stats.core", "crib_stats.core.cards", "crib_stats.show.scoring"}  # a package runs its __init__


def test_no_import_cycle_at_any_depth():
    cycle = find_cycle(graph(STUDIES))
    assert cycle is None, " -> ".join(cycle)


def named_imports(path: Path) -> set[str]:
    """Every absolute module name a file's ``import``/``from`` statements name, anywhere in it."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module)
    return out


def test_the_package_never_imports_the_studies():
    """The studies stand on the package, which the wheel ships without them: a module of it that
    imported one would fail for every user (tests/test_wheel.py runs the commands from the wheel)."""
    assert modules(STUDIES), "no studies found"  # the check below can fail
    bad = sorted(f"{m} imports {t}" for m, p in modules().items() for t in named_imports(p)
                 if t == "studies" or t.startswith("studies."))
    assert not bad, "\n".join(bad)


def test_the_studies_import_only_the_package_and_each_other():
    g = graph(STUDIES)
    studies = [m for m in g if m == "studies" or m.startswith("studies.")]
    assert {"studies.advise_value", "studies.boardcost"} <= set(studies)
    assert any(t.startswith("crib_stats.") for m in studies for t in g[m])  # they do stand on the package
    for m in studies:
        assert all(t.startswith(("crib_stats", "studies")) for t in g[m]), (m, g[m])


def test_the_reader_sees_an_import_of_the_studies(tmp_path):  # the check above can fail
    src = tmp_path / "m.py"
    src.write_text("def f():\n    from studies import boardcost\n    import studies.matches\n")
    assert named_imports(src) == {"studies", "studies.matches"}


def test_layers_only_import_downwards():
    bad = []
    for m, targets in graph().items():
        lm = layer(m)
        for t in targets:
            lt = layer(t)
            if lm is not None and lt is not None and lt > lm:
                bad.append(f"{m} ({LAYERS[lm]}) imports {t} ({LAYERS[lt]})")
    assert not bad, "\n".join(sorted(bad))


def test_every_module_is_in_a_layer():
    loose = [m for m in modules() if m.count(".") >= 1 and layer(m) is None and m != "crib_stats.__main__"]
    assert not loose, loose


def test_the_numba_modules_import_nothing_but_kernels_and_the_runtime():
    g = graph()
    for m, targets in g.items():
        if m.startswith("crib_stats.kernels."):
            assert all(t.startswith(("crib_stats.kernels", "crib_stats.runtime")) for t in targets), (m, targets)


def test_the_runtime_imports_nothing_of_the_package_above_it():
    """The process plumbing (caches, Ctrl-C) is the lowest floor: the kernels' cache directory
    must be known before the first kernel is decorated."""
    for m, targets in graph().items():
        if m.startswith("crib_stats.runtime"):
            assert all(t.startswith("crib_stats.runtime") for t in targets), (m, targets)


@pytest.mark.parametrize("module", ["crib_stats", "crib_stats.show.scoring", "crib_stats.core.cards",
                                    "crib_stats.discard.analysis", "crib_stats.peg.pegging",
                                    "crib_stats.presentation.cli", "crib_stats.kernels", "crib_stats.referee", "crib_stats.runtime",
                                    "crib_stats.players",
                                    "crib_stats.kernels.constants", "crib_stats.kernels.crib_np"])
def test_importing_a_module_that_runs_no_kernel_imports_no_numba(module):
    code = f"import sys, {module}; print('numba' in sys.modules, 'pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"], out


def test_a_kernel_module_still_brings_numba():  # the check above can fail
    code = "import sys, crib_stats.kernels.show; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "True"


_SHOW_MODULES = "; print('MODULES', ' '.join(sorted(sys.modules)))"


def warm_modules(argv: list[str]) -> set[str]:
    """Every module a warm ``crib-stats ARGV`` process has imported when it ends: the command
    runs once first (it writes the disk-cached tables and the digest memo), then again."""
    run = f"from crib_stats.presentation.cli import main; main({argv!r})"
    subprocess.run([sys.executable, "-c", run], capture_output=True, check=True)
    out = subprocess.run([sys.executable, "-c", "import sys; " + run + _SHOW_MODULES], capture_output=True,
                         text=True, check=True).stdout
    return set(out.split("MODULES", 1)[1].split())


def test_a_warm_score_command_imports_only_what_it_uses():
    """#18 item 4 (start-up), without timing anything: once warm, a ``crib-stats score`` process
    imports, beyond what numpy imports, none of what its start-up once paid for: numba and
    pandas (its table is read from disk), hashlib and shutil (the kernel digest is remembered
    under the sources' stamps), zipfile (the table is .npy records), json (no --json),
    fractions, threading, tempfile, and no other command's modules."""
    loaded = warm_modules(["score", "5h", "5c", "5s", "jd", "--starter", "5d"])
    numpy_alone = subprocess.run([sys.executable, "-c", "import sys, numpy" + _SHOW_MODULES], capture_output=True,
                                 text=True, check=True).stdout
    avoided = {"numba", "pandas", "hashlib", "shutil", "zipfile", "json", "fractions", "threading", "tempfile",
               "crib_stats.show.deals", "crib_stats.show.enumeration", "crib_stats.discard"}
    avoided -= set(numpy_alone.split("MODULES", 1)[1].split())  # what numpy imports is not ours to avoid
    assert not avoided & loaded, sorted(avoided & loaded)


@pytest.mark.parametrize("argv", [
    ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone"],
    ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--starter", "4c", "--json"],
    ["discard", "7h", "8h", "8d", "jc", "2c", "--pone", "--variant", "five-card", "--need", "8"],
])
def test_a_warm_discard_command_never_loads_numba(argv):
    """#18 item 4: numba's first kernel call alone costs a process more than the 1.7x target, so
    a warm two-player ``crib-stats discard`` tallies its deal in numpy (kernels.crib_np) and
    reads its rank tables from disk: numba and llvmlite are never imported."""
    loaded = warm_modules(argv)
    assert "crib_stats.kernels.crib_np" in loaded  # the tally ran (the check below can fail)
    assert not {"numba", "llvmlite"} & loaded, sorted({"numba", "llvmlite"} & loaded)


def test_every_face_exports_what_its_all_names():
    """``from crib_stats.X import *`` works for the package and every subpackage: each name of a
    face's ``__all__`` is there (claims once listed names that had moved to presentation)."""
    import importlib

    faces = ["crib_stats"] + sorted(m for m in modules() if m.count(".") == 1 and (PKG / m.split(".")[1]).is_dir())
    missing = []
    for name in faces:
        module = importlib.import_module(name)
        missing += [f"{name}.{n}" for n in getattr(module, "__all__", ()) if not hasattr(module, n)]
    assert not missing, missing
