"""The top layer: the command line's grammar and commands, text/CSV/JSON reports, plots.
Nothing below imports it."""
