"""The game to 121 (61): the deal model (:mod:`.model`), the chance of winning from every
board position by backward induction (:mod:`.board`), each throw of a deal by that chance
(:mod:`.throws`, ``discard --score``), what throwing for the board is worth in whole games
(:mod:`.boardplay`) and what that measurement's cheaper board player gives up against
``discard --score`` itself (:mod:`.boardcost`, the committed figures; measured by the checkout's
``studies/``, which ``make data`` runs to regenerate every committed file of the game).
"""
