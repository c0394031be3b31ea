"""The foundation every other layer stands on: user errors, the rules (the variant table), cards
parsed once at the boundary, the data locator, atomic file writing, the cache root, derived
tables and the compute engine. Nothing here imports a layer above it."""
