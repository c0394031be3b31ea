"""The crib-stats command: parse, call one library function, hand the result to
:mod:`crib_stats.presentation.report`, map failures to exit codes.

Heavy modules (numba, pandas, matplotlib) are imported inside the commands, so ``--help`` is
instant. Every error is one line ``crib-stats: error: ...`` on stderr and exit 2; nothing is
printed or written before the inputs and destinations are checked. Ctrl-C exits with 130.
"""

from __future__ import annotations

import sys
from typing import Sequence

from crib_stats.core.errors import CribStatsError
from crib_stats.presentation import console
from crib_stats.presentation.commands import COMMANDS
from crib_stats.presentation.console import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE
from crib_stats.presentation.parser import build_parser


INTERRUPTED = "crib-stats: interrupted (no file is left half-written; a resumable run keeps its finished work)"
STOPPED = {"serve": "crib-stats: the server has stopped"}  # commands that write no files: what Ctrl-C did


def main(argv: Sequence[str] | None = None) -> int:
    console.reset()
    parser = build_parser()
    args = None
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_usage(sys.stderr)
            print(f"crib-stats: error: give a command ({', '.join(COMMANDS)}); "
                  "crib-stats --help lists them", file=sys.stderr)
            return EXIT_USAGE
        from crib_stats.runtime.interrupt import command_guard

        with command_guard():  # a Ctrl-C is never raised inside numba's own code
            code = COMMANDS[args.command](args)
        console.end_line()
        return code
    except CribStatsError as exc:  # UsageError, CardError, VariantError, OutputError, ...
        console.end_line()
        msg = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        print(f"crib-stats: error: {msg}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        console.drop_line()
        said = STOPPED.get(getattr(args, "command", None), INTERRUPTED)
        print(("\n" if sys.stderr.isatty() else "") + said, file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # stdout closed outside console.say: every file was written before it
        console.drop_stdout()
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
