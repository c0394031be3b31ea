import os
import sys

import pytest

# tests import the naive twins as `reference`, and a module of another folder by its name (the tests are
# laid out like the package, one folder a subpackage: the names are unique across them)
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [_HERE] + sorted(os.path.join(_HERE, d) for d in os.listdir(_HERE)
                                if os.path.isdir(os.path.join(_HERE, d)) and not d.startswith((".", "_")))


@pytest.fixture
def cli(capsys):
    """Run ``crib-stats ARGS`` in-process: returns (exit code, stdout, stderr)."""
    from crib_stats.presentation.cli import main

    def run(*argv):
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run


# tests that must share one worker under pytest-xdist (make test: -n 2 --dist loadgroup): every
# module with a module- or session-scoped fixture, its own or one it imports from another test
# module (the browser modules use test_web_browser's server and Chromium), is a group of its own,
# so that fixture is built once, not in each worker (the wheel built in the checkout; a browser
# module's server and Chromium; the claims evaluated; the equilibrium opponent's C(46, 6) hands; a
# review's advisors)
_SHARED = ('scope="module"', 'scope="session"', "\nfrom test_")  # defined here, or imported from another test module


def _group(item, known: dict) -> str | None:
    path = item.path
    if path not in known:
        text = path.read_text(encoding="utf-8") if path.suffix == ".py" else ""
        known[path] = path.stem if any(s in text for s in _SHARED) else None
    return known[path]


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups into the test ids
def pytest_collection_modifyitems(config, items):
    """The modules that hold a slow test (the notebooks, the groups) run first, so that under xdist the
    two workers, which take the tests one by one in this order, end on short tests and finish
    together; each module keeps its own order. Adds the groups above."""
    def slow(item):
        return item.get_closest_marker("slow") is not None or type(item).__name__ == "NotebookItem"

    known: dict = {}
    groups = {item: _group(item, known) for item in items}
    heavy = {item.path for item in items if slow(item) or groups[item]}
    items.sort(key=lambda item: item.path not in heavy)  # stable: the collection order otherwise
    for item in items:
        if groups[item]:
            item.add_marker(pytest.mark.xdist_group(groups[item]))


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    """Under ``--dist loadgroup`` a grouped test's id ends in ``@GROUP`` (pytest-xdist adds it and
    schedules by it). pytest 9.2 keeps a node's id where pytest-xdist 3.8 cannot write it, and the
    groups silently did nothing (every group's fixtures built in both workers, the extremes
    searched twice): stop the run instead of running it ungrouped."""
    if not getattr(session.config.option, "loadgroup", False) or not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    lost = [item.nodeid for item in session.items
            if item.get_closest_marker("xdist_group") is not None and "@" not in item.nodeid]
    if lost:
        raise pytest.UsageError(f"pytest-xdist did not group {len(lost)} tests (first: {lost[0]}): "
                                "this pytest and pytest-xdist do not work together (pyproject.toml pins them)")
