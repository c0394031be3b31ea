"""The command line's machinery: the parser that raises instead of printing, the refusal of an
option given twice, the commands' options recorded and replayed on first look-up, the help
layout (80 columns) and the number options every command reads. The grammar itself (every
command's options, help and examples) is in the sibling modules, one per group of commands.

Parsing errors raise :class:`~crib_stats.core.errors.UsageError` instead of printing, so that
:func:`crib_stats.presentation.cli.main` reports every error the same way.
"""

from __future__ import annotations

import argparse

from crib_stats.core.errors import UsageError

VARIANT_HELP = "six-card (default), five-card, three-player or four-player"
CARDS_HELP = "cards: a rank (A 2-10 T J Q K) and a suit (C D H S or ♣ ♦ ♥ ♠): 5h 5♥ 10h Th"


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse API: raise instead of printing usage
        where = self.prog.removeprefix("crib-stats").strip()
        raise UsageError(f"{where}: {message}" if where else message)

    def parse_known_args(self, args=None, namespace=None):
        got = super().parse_known_args(args, namespace)
        if self.prog == "crib-stats":  # the top level: check the command's options once
            import sys

            argv = list(sys.argv[1:] if args is None else args)
            command = getattr(got[0], "command", None)
            if command is not None:
                sub = next(a for a in self._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
                _refuse_repeats(sub, argv[argv.index(command) + 1:] if command in argv else argv)
        return got


_REPEATABLE = (argparse._AppendAction, argparse._AppendConstAction, argparse._CountAction,
               argparse._HelpAction, argparse._VersionAction)


def _refuse_repeats(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """One value per setting: an option given twice (``--starter 4d --starter 5d``), or two
    options that set the same thing (``--table hand --crib``), is refused with one line instead
    of argparse's silent "the last one wins"."""
    seen: dict[str, tuple[str, str | None]] = {}
    options = parser._option_string_actions
    for i, token in enumerate(argv):
        if token == "--":
            break
        if not token.startswith("-") or token == "-" or token[1:2].isdigit():
            continue
        flag, eq, inline = token.partition("=")
        action = options.get(flag)
        if action is None:  # an abbreviation argparse accepted
            matches = {options[o] for o in options if o.startswith(flag) and o.startswith("--")}
            action = matches.pop() if len(matches) == 1 else None
        if action is None or isinstance(action, _REPEATABLE):
            continue
        value = inline if eq else (argv[i + 1] if action.nargs != 0 and i + 1 < len(argv) else None)
        name = next((o for o in action.option_strings if o.startswith("--")), flag)
        if action.dest in seen:
            first, first_value = seen[action.dest]
            where = parser.prog.removeprefix("crib-stats").strip()
            if first == name:
                shown = f" ({first_value}, then {value})" if value is not None and first_value is not None else ""
                raise UsageError(f"{where}: {name} given twice{shown}: give it once")
            raise UsageError(f"{where}: {first} and {name} set the same thing ({action.dest.replace('_', ' ')}): "
                             "give one of them")
        seen[action.dest] = (name, value)


def formatter(prog):
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=30, width=80)


def command(sub, name: str, help: str, description: str, examples: list[str], extra: str = "", usage: str | None = None):
    """The command's parser, and what the grammar below says of its options: recorded, and
    given to the parser when :class:`Commands` first hands it out."""
    epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples) + (f"\n\n{extra}" if extra else "")
    parser = sub.add_parser(name, help=help, description=description, epilog=epilog, formatter_class=formatter,
                            usage=usage)
    parser._later = _Later()
    return parser._later


class _Later:
    """Stands for a command's parser (or one of its groups) in the grammar modules: every
    ``add_argument`` and ``add_mutually_exclusive_group`` is recorded, in order, and replayed on
    the real parser by :meth:`replay`. A command line builds only its own command's options
    (the eleven commands' options cost 3 to 7 ms of every start, argparse being slow to add one)."""

    def __init__(self, calls: list | None = None, index: int = 0):
        self._calls = [] if calls is None else calls  # (target, method, args, kwargs, result)
        self._index = index

    def add_argument(self, *args, **kwargs) -> None:
        self._calls.append((self._index, "add_argument", args, kwargs, None))

    def add_mutually_exclusive_group(self, **kwargs) -> "_Later":
        group = _Later(self._calls, len(self._calls) + 1)
        self._calls.append((self._index, "add_mutually_exclusive_group", (), kwargs, group._index))
        return group

    def replay(self, parser: argparse.ArgumentParser) -> None:
        made = {0: parser}
        for target, method, args, kwargs, result in self._calls:
            value = getattr(made[target], method)(*args, **kwargs)
            if result is not None:
                made[result] = value


class Commands(dict):
    """The commands' parsers by name (argparse's ``choices`` of the subcommand action): each is
    given its options (:class:`_Later`) the first time it is looked up, by argparse or anyone."""

    def __getitem__(self, name: str) -> argparse.ArgumentParser:
        parser = super().__getitem__(name)
        later = parser.__dict__.pop("_later", None)
        if later is not None:
            later.replay(parser)
        return parser

    def get(self, name, default=None):
        return self[name] if name in self else default

    def values(self):
        return [self[name] for name in self]

    def items(self):
        return [(name, self[name]) for name in self]


def whole_number(text: str | None, flag: str, low: int | None = None) -> int | None:
    """A number option as every command reads it (None when not given), one line when it is
    not a whole number or is below ``low``.

    >>> whole_number("7", "--top", 1), whole_number(None, "--top")
    (7, None)
    """
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{flag} takes a whole number, got {str(text)[:12]!r}") from None
    if low is not None and value < low:
        raise UsageError(f"{flag} must be at least {low}, got {value}")
    return value
