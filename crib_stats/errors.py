"""The one base class of every user-facing input error; the CLI maps it to exit code 2."""


class CribStatsError(ValueError):
    """Bad input from a user: the message is one line naming what was wrong and what is accepted."""
