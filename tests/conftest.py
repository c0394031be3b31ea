import os
import sys

import pytest

# tests import the naive twins as `reference`
sys.path.insert(0, os.path.dirname(__file__))


@pytest.fixture
def cli(capsys):
    """Run ``crib-stats ARGS`` in-process: returns (exit code, stdout, stderr)."""
    from crib_stats.presentation.cli import main

    def run(*argv):
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run
