"""The play (pegging): counting a play, whole plays under the rules, the best and worst plays,
policy plays, the extremes over every pair of hands, the play tables, the opponent models of
E[peg], and E[peg] of a keep.

The subpackage is ``peg`` (the CLI's ``crib-stats peg``), not ``play``: ``crib_stats.play`` is
the public function that plays two hands out."""
