"""The solved discard game (fictitious play), Hessel's iteration, the card-removal
measurement, the committed solution's tables, and the per-seat models."""
