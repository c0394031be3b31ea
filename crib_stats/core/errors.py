"""The one base class of every user-facing input error; the CLI maps it to exit code 2."""


class CribStatsError(ValueError):
    """Bad input from a user: the message is one line naming what was wrong and what is accepted."""


class UsageError(CribStatsError):
    """A command line that cannot be run as given (a missing or contradictory option)."""

