"""The command line's grammar: :mod:`.base` the machinery, one module per group of commands
(:mod:`.hands`, :mod:`.play`, :mod:`.tables`, :mod:`.game`, :mod:`.match`, :mod:`.review`,
:mod:`.serve`), each with an ``add(sub)`` that adds its commands;
:func:`crib_stats.presentation.parser.build_parser` calls them in order."""
