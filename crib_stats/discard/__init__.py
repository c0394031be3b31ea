"""The discard: ``analyse()`` of dealt cards, the crib models behind one interface (random
exact, tables), the crib tables, and the sweep over every deal of a variant."""
