"""Why a play history is impossible (crib_stats.game.situation): one line for every reason, each
worked by hand from the rules (the six-card game restarts the count after a go from both; the
five-card game has one count: a go lets the other player play on, then the play stops)."""

import pytest

SIX = "5h 6h 7c jd qs kd", "qs kd", "4c"  # kept 5♥ 6♥ 7♣ J♦
FIVE = "5h 6h 7c jd qs", "5h 6h", "4c"  # kept 7♣ J♦ Q♠
FIVE_LOW = "ah 2h 3c 4d 5s", "4d 5s", "9c"  # kept A♥ 2♥ 3♣
FIVE_TENS = "kh qh jc 10d 9s", "9s 10d", "2c"  # kept K♥ Q♥ J♣


def refused(cli, deal, role, played, variant="six-card"):
    dealt, throw, starter = deal
    code, out, err = cli("advise", *dealt.split(), "--throw", *throw.split(), "--starter", starter, f"--{role}",
                         "--variant", variant, *(["--played", *played.split()] if played else []))
    assert code == 2 and out == "" and err.count("\n") == 1, err
    return " ".join(err.split())


@pytest.mark.parametrize("deal, role, played, variant, words", [
    # you (pone) 7♣ 7, they K♥ 17, you J♦ 27: your 5♥ 6♥ do not fit; if no card of theirs does
    # either, the go ends the count and they lead the next (you played last): their turn anyway,
    # though they need not hold a card that fits (#30: it said they must)
    (SIX, "pone", "7c kh jd", "six-card",
     "the opponent's turn after --played: a card of theirs fits at 27, or, if none does, neither of you can play, "
     "the go ends the count and they lead the next"),
    # they lead 10♠, you 5♥: 15; any card fits at 15 and they hold three
    (SIX, "dealer", "10s 5h", "six-card", "whatever hand they hold, a card of theirs fits at 15"),
    (SIX, "dealer", "", "six-card", "with nothing played the pone leads, and the pone is the opponent"),
    # you J♦ 10, they K♥ 20, you 5♥ 25 and 6♥ 31 (they said go at 25), they lead 9♠ 9, you 7♣ 16,
    # they 9♦ 25: your four are played, they have one left
    (SIX, "pone", "jd kh 5h 6h 9s 7c 9d", "six-card", "you have played all your cards, and they play out theirs"),
    # they K♠ 10, you J♦ 20, they Q♥ 30: your 7♣ Q♠ do not fit, you say go, they play on: A♥ 31
    # ends the five-card game's only count (#30 called the A♥ a card after the play had stopped:
    # the rules let the other player play on after a go)
    (FIVE, "dealer", "ks jd qh ah", "five-card",
     "the play is over after --played: you said go at 30 and they played on: A♥ made 31, the end of the "
     "five-card game's one count"),
    # you K♥ 10, they 6♠ 16, you Q♥ 26, they 5♠ 31
    (FIVE_TENS, "pone", "kh 6s qh 5s", "five-card", "the play is over after --played: 5♠ made 31"),
    # Q♠ A♥ Q♣ 2♥ 3♥ 3♣: 10 11 21 23 26 29, your three and their three
    (FIVE_LOW, "dealer", "qs ah qc 2h 3h 3c", "five-card", "the play is over after --played: every card has been "
                                                            "played"),
    # Q♠ 10, 2♥ 12, 7♣ 19, 3♣ 22, A♥ 23: your two in a row mean they said go at 22, so their last
    # card is a ten; you have none left: neither can play at 23 and there is no second count
    (FIVE_LOW, "dealer", "qs 2h 7c 3c ah", "five-card", "the play is over after --played: neither of you can play "
                                                         "at 23, and the five-card game has one count"),
    # 6♦ 6, K♥ 16, K♣ 26: your Q♥ J♣ do not fit, you say go; they play on if a card of theirs
    # fits (5 or less), else the play is over
    (FIVE_TENS, "dealer", "6d kh kc", "five-card", "it is the opponent's turn, or the play is over if they cannot "
                                                    "play at 26"),
    # they lead 10♠, then K♠ again: at 10 all four of yours fit
    (SIX, "dealer", "10s ks", "six-card", "card 2 (K♠) is the opponent's, but it was your turn and you could play"),
    (SIX, "pone", "2h", "six-card", "card 1 (2♥) is the opponent's, but it was your turn and you could play (you "
                                   "are the pone: you lead)"),
    (SIX, "dealer", "5h", "six-card", "card 1 (5♥) cannot be yours: the pone leads, and the pone is the opponent"),
    # 8♥ 8, 6♥ 14, 9♠ 23, J♦ 33: your 5♥ fitted at 23, so the count cannot have restarted
    (SIX, "dealer", "8h 6h 9s jd", "six-card", "card 4 (J♦) takes the count from 23 past 31 while a card still "
                                               "fitted"),
    # 7♣ 7, 10♥ 17, J♦ 27, then 5♦ 32: no restart in the five-card game
    (FIVE, "pone", "7c 10h jd 5d", "five-card", "card 4 (5♦) takes the count from 27 past 31, and the five-card "
                                                "game has one count"),
    # 4♠ 4, 5♥ 9, 6♥ 15: yours twice in a row, so they said go at 9, holding three cards that all fit
    (SIX, "dealer", "4s 5h 6h", "six-card", "no hand the opponent can hold lets card 3 (6♥) be yours: they would "
                                            "have had to play before it"),
    # 7♥ 7, J♦ 17, A♠ 18, 6♥ 24, K♣ 34: a king does not fit 24; a restart needs both to be unable,
    # and with no card of theirs that fits it was your turn and your 5♥ fitted
    (SIX, "dealer", "7h jd as 6h kc", "six-card", "no hand the opponent can hold plays --played card 5 (K♣) at a "
                                                  "count of 24 under the rules"),
])
def test_every_reason_for_an_impossible_history(cli, deal, role, played, variant, words):
    assert words in refused(cli, deal, role, played, variant)


def test_the_wrong_reasons_are_gone(cli):
    assert "must still hold a card that fits" not in refused(cli, SIX, "pone", "7c kh jd")
    assert "nothing left to play" not in refused(cli, SIX, "dealer", "10s 5h")


@pytest.mark.parametrize("argv, words", [
    (["5h", "5h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd"], "duplicate card 5♥ (given twice)"),
    (["5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "qs"], "duplicate card Q♠ (given twice)"),
    (["5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "2c"], "must be 2 different cards of the dealt"),
    (["5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--played", "5h", "5h"], "duplicate card 5♥"),
    (["5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--played", "qs"], "one you threw to the crib"),
    (["5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--played", "4c"], "the starter, which nobody "
                                                                                    "plays"),
    (["5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--played", "10s", "9s", "8s", "2s", "3d"],
     "more than 4 cards that are not yours"),
    (["5h", "6h", "7c", "jd", "qs", "--throw", "qs", "jd", "--variant", "three-player"], "two-player games"),
])
def test_every_refusal_of_the_situation(cli, argv, words):
    starter = [] if "--starter" in argv else ["--starter", "4c"]
    code, out, err = cli("advise", *argv, *starter, "--pone")
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err
    code, out, err = cli("advise", *SIX[0].split(), "--throw", "qs", "kd", "--starter", "5h", "--pone")
    assert code == 2 and "the starter 5♥ is one of your dealt cards" in err
