"""The show: scoring one hand or crib, every hand and crib enumerated, the odds of the top
hands in every framing of a deal, and the dealer's maxima."""
