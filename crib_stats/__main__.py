"""``python -m crib_stats``: the command line."""

import sys

from crib_stats.presentation.cli import main

sys.exit(main())
