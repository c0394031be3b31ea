"""The studies: what runs from the checkout and never for a user, so the wheel does not ship it
and no module of ``crib_stats`` imports it. :mod:`.web_load` is the load client of ``crib-stats
serve`` (``scripts/bench_web.py`` and the page's tests)."""
