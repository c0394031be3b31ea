"""Claims about the play and the rules: counts card by card, goes and leads, the rules of the
show and the variants."""

from __future__ import annotations

from .core import (
    score_command,
    Context, Finding, S0, S1, S2, add, count_of, not_in_code, play_points, score_of, variant_of, verdict_rule,
    verdict_same,
)
from crib_stats.kernels.constants import pip_value as pip
from crib_stats.model.variants import HEELS
from crib_stats.peg.pegging import PegError, count_points, play


# ---- the play: counts card by card ----------------------------------------------------------


def _counted(cards: str, claimed: list[int], note: str = ""):
    return lambda ctx: verdict_same(count_of(cards), claimed, " ".join(map(str, count_of(cards))), note)


for _cid, _quote, _files, _cards, _claimed in (
    ("play-run-4-2-3-5-6", "cards are played in the following order: 4-2-3-5-6. The player of the 3 scores 3 for a "
     "run, then the player of the 5 scores 4, and the player of the 6 scores 5.", S0, "4 2 3 5 6", [0, 0, 3, 4, 5]),
    ("play-run-4-2-3-4-3", "4-2-3-4-3. The player of the first 3 scores 3 ... Then the player of the second 4 score 3 "
     "... The player of the second 3 scores nothing", S0, "4 2 3 4 3", [0, 0, 3, 3, 0]),
    ("play-run-4-2-6-5-3", "4-2-6-5-3. The final 3 scores 5 points for a 5-card run. Nothing is scored before then",
     S0, "4 2 6 5 3", [0, 0, 0, 0, 5]),
    ("play-run-2-4-5-3-7-6-a", "2-4-5-3-7-6. Can the person that put the 6 count 6 points? Indeed she can! And if her "
     "opponent held an Ace, he could play it for another 7 points.", S1, "2 4 5 3 7 6 A", [0, 0, 0, 4, 0, 6, 7]),
    ("play-run-3-5-4-2-3-4", "3, 5, 4 ... completes a run of 3 ... a 2, that completes a run of 4 ... 3,5,4,2,3 ... "
     "only completes a run of 4 ... If the next card is a 4, that completes a run of 3 (2-3-4)", S1, "3 5 4 2 3 4",
     [0, 0, 3, 4, 4, 3]),
    ("play-pair-no-run", "2-3-4-4 would score 2 points for the pair, but it does not complete any runs ... Laying a 5 "
     "on this does not complete a run", S1, "2 3 4 4 5", [0, 0, 3, 2, 0]),
    ("play-run-7-9-6-8", "if the play goes 7-9-6, you can then play an 8 to score 4 for a run of 4.", S1, "7 9 6 8",
     [0, 0, 0, 4]),
    ("play-run-3-4-5-6", "3-4-5 makes a run of 3 and so scores 3 for the player laying down the 5. If the opponent then "
     "plays a 6 (or a 2) ... she scores 4", S1, "3 4 5 6", [0, 0, 3, 4]),
    ("play-4-6-5", "Never play a 6 to a led 4 ... your opponent slaps down a 5, for five points (4-6-5 run and 15).",
     S1, "4 6 5", [0, 0, 5]),
    ("play-run-4-2-3", "If the cards played are 4, 2, 3, the player of the 3 scores 3 for the run", S2, "4 2 3",
     [0, 0, 3]),
    ("play-pairs-2-6-12", "a pair ... 2 points; a third card of that rank scores 6; a fourth scores 12 (pair royal, "
     "double pair royal)", (S0, S1, S2), "7 7 7 7", [0, 2, 6, 12]),
    ("play-ten-queen-no-pair", "a 10 and a queen do NOT make a pair even though they are both worth 10 points", S0,
     "10 Q", [0, 0]),
    ("play-fifteen-2", "If you play a card which brings the total to 15 you score two points ('Fifteen two')",
     (S0, S1, S2), "K 5", [0, 2]),
    ("play-thirty-one-2", "if you play a card which brings the total to exactly 31 you score 2 points", (S0, S1, S2),
     "K Q A K", [0, 0, 0, 2]),
    ("ace-low", "aces are always counted as one point ... A-2-3 is a run, but Q-K-A is not", (S0, S1), "Q K A 2 3",
     [0, 0, 0, 0, 3]),
):
    add(_cid, _quote, _files, "play", f"crib-stats peg {_cards}", _counted(_cards, _claimed),
         " ".join(map(str, _claimed)))


def _limit(ctx: Context) -> Finding:
    after = _count_events("8 8 8")[-1].count
    try:
        count_of("8 8 8 8")
        fourth = "allowed"
    except PegError:
        fourth = "refused"
    highest = max(pip(r) for r in range(13) if after + pip(r) <= 31)
    ours = (after, fourth, highest)
    return verdict_rule(ours, (24, "refused", 7), f"three 8s count {after}; a fourth 8 is {fourth}; the highest card "
                 f"playable is a {highest}")


def _count_events(cards: str):
    return count_points(cards)


add("play-31-limit", "the total pip value of the cards played by both players must not exceed 31 ... 4 successive 8s "
     "could not be played. After the third 8 (making the count 24), the next player would have to play a 7 or lower",
     (S0, S1, S2), "rule", "crib-stats peg 8 8 8 8", _limit, "31; 24; 7")


def _go_points(ctx: Context) -> Finding:
    at31 = play_points("K J 2", "K A 3", "K K J A", "five-card")
    below = play_points("K Q 9", "K Q 8", "K K Q", "five-card")
    ours = (at31["dealer"], below["pone"])
    # the seed's rule: 31 on a pair pegs 2 + 2 and no go point; a play ending at 30 pegs 1 for last card
    return verdict_rule(ours, (4, 1), f"K K J A (five-card): the dealer pegs {at31['dealer']} for the pair and the 31 "
                 f"(2 + 2, no go point); K K Q ends at 30: the pone pegs {below['pone']} for last card")


add("play-go-1-or-31-2", "If the play ends with a total lower than 31, whichever player was the last to play a card "
     "pegs 1 point for 'last card'. If the play ends at exactly 31 ... 2 points instead of 1 point. It is not possible "
     "to make both these scores at once.", (S0, S1, S2), "rule", "crib-stats peg --variant five-card --pone K J 2 "
     "--dealer K A 3 --play K K J A", _go_points, "1 / 2, never both")


def _next_leader(pone: str, dealer: str, seq: str) -> tuple[str, str]:
    """(who scored the first go, who leads the next count)."""
    events = play(pone, dealer, seq).events
    i = next(k for k, e in enumerate(events) if e.kind == "go")
    return events[i].player, next(e.player for e in events[i + 1:] if e.kind == "card")


def _leader(claimed_same: bool):
    def check(ctx: Context) -> Finding:
        scorer, leader = _next_leader("7 7 4 4", "7 7 4 4", "7 7 7 7 4 4 4 4")
        ours = leader == scorer
        text = f"after the {scorer}'s go at 28 in 7 7 7 7 | 4 4 4 4 the {leader} leads"
        return verdict_rule(ours, claimed_same, text, "the opponent of the player who played last leads the next count")
    return check


add("restart-led-by-last-scorer", "a new count begins at zero, with the last scoring player laying the first card.",
     S1, "rule", "crib-stats peg --pone 7 7 4 4 --dealer 7 7 4 4 --play 7 7 7 7 4 4 4 4", _leader(True),
     "the last scorer leads")
add("restart-led-by-opponent", "The count then restarts at zero with the cards left, led by the opponent of the "
     "player who played last, until all eight cards are played.", S2, "rule",
     "crib-stats peg --pone 7 7 4 4 --dealer 7 7 4 4 --play 7 7 7 7 4 4 4 4", _leader(False), "the opponent leads")


def _five_card_once(ctx: Context) -> Finding:
    r = play("K Q J", "K Q J", "K K Q", "five-card")
    unplayed = 6 - len(r.sequence)
    return verdict_rule(unplayed > 0, True, f"K K Q: the five-card play stops at the first go (count 30) with {unplayed} "
                 "cards unplayed")


add("five-card-play-once", "Five Card Cribbage is different: you only play up to 31 once and one or both players "
     "may have unplayed cards at the end of the play.", S0, "rule",
     "crib-stats peg --variant five-card --pone K Q J --dealer K Q J --play K K Q", _five_card_once, "once")

# ---- rules of the show ----------------------------------------------------------------------


def _pips() -> tuple[int, ...]:
    return tuple(int(pip(r)) for r in range(13))


def _shows(*cases) -> tuple[int, ...]:
    """One part of several shows: (hand, starter, part, crib, variant) each."""
    return tuple(getattr(score_of(h, s, crib=c, variant=v), part) for h, s, part, c, v in cases)


add("pips", "Ace = 1; 2 to 10 = face value; jack = 10; queen = 10; king = 10.", (S0, S1, S2), "rule", "",
     lambda ctx: verdict_rule(_pips(), (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), "A..9: 1..9; 10 J Q K: 10"),
     "1 .. 10, 10, 10, 10")
add("show-pairs-6-12", "Three cards of the same rank contain 3 different pairs and thus score a total of 6 points for "
     "'pair Royal'. Four of a kind contain 6 pairs and so score 12 points.", (S0, S1, S2), "rule",
     score_command("7c 7d 7h 7s", "2c"),
     lambda ctx: verdict_rule(_shows(("7c 7d 2h 9s", "kc", "pairs", False, "six-card"),
                              ("7c 7d 7h 9s", "kc", "pairs", False, "six-card"),
                              ("7c 7d 7h 7s", "kc", "pairs", False, "six-card")), (2, 6, 12), "2, 6, 12"), "2 / 6 / 12")
add("flush-hand", "If the four cards in your hand are of the same suit, you score four for a flush ... If the starter "
     "card is also of the same suit, you score five.", (S1, S2), "rule", score_command("2c 4c 6c 8c", "kd"),
     lambda ctx: verdict_rule(_shows(("2c 4c 6c 8c", "kd", "flush", False, "six-card"),
                              ("2c 4c 6c 8c", "kc", "flush", False, "six-card")), (4, 5), "4, 5"), "4 / 5")
add("flush-crib", "in the crib you cannot score a four-card flush; all five must be the same suit ... the flush "
     "scores 5 points", (S0, S1, S2), "rule", score_command("2c 4c 6c 8c", "kd", " --crib"),
     lambda ctx: verdict_rule(_shows(("2c 4c 6c 8c", "kd", "flush", True, "six-card"),
                              ("2c 4c 6c 8c", "kc", "flush", True, "six-card")), (0, 5), "0 without the starter, 5"),
     "0 / 5")
add("flush-five-card", "If all three cards of the hand are the same suit, 3 points are scored for flush. If the start "
     "card is the same suit as well, the flush is worth 4 points. There is no score for having 2 hand cards and the "
     "starter all the same suit.", S0, "rule", score_command("2c 4c 6c", "kd", " --variant five-card"),
     lambda ctx: verdict_rule(_shows(("2c 4c 6c", "kd", "flush", False, "five-card"), ("2c 4c 6c", "kc", "flush", False, "five-card"),
                              ("2c 4c 6d", "kc", "flush", False, "five-card")), (3, 4, 0), "3, 4, 0"), "3 / 4 / 0")
add("crib-run-of-five", "it is now possible to have a run of five cards, which scores just 5 points.", S0, "rule",
     score_command("3c 4d 5h 6s", "7c", " --crib"),
     lambda ctx: verdict_rule(_shows(("3c 4d 5h 6s", "7c", "runs", True, "six-card")), (5,), "5"), "5")
add("nobs-1", "If the hand contains the jack of the same suit as the start card, score 1 extra point ... (a jack "
     "turned as the starter is his heels, not nobs)", (S0, S1, S2), "rule", score_command("jc 2d 4h 6s", "8c"),
     lambda ctx: verdict_rule(_shows(("jc 2d 4h 6s", "8c", "nobs", False, "six-card"), ("jc 2d 4h 6s", "8d", "nobs", False, "six-card"),
                              ("5c 2d 4h 6s", "jc", "nobs", False, "six-card")), (1, 0, 0), "1; 0 off suit; 0 for a jack turned"),
     "1")


def _heels(ctx: Context) -> Finding:
    return verdict_rule(HEELS, 2, str(HEELS), "pegged by the dealer at once, never part of a hand score "
                 "(the maxima above report it separately)")


add("heels-2", "If the start card is a jack, the dealer immediately pegs 2 points - this is called 'two for his "
     "heels'.", (S0, S2), "rule", "", _heels, "2")

# ---- the variants ---------------------------------------------------------------------------


def _v(name: str, fields: tuple[str, ...], claimed: tuple, note: str = ""):
    def check(ctx: Context) -> Finding:
        v = variant_of(name)
        crib = v.players * v.throw + v.crib_from_deck  # the crib as the table builds it
        ours = tuple(crib if f == "crib" else getattr(v, f) for f in fields)
        text = ", ".join(f"{f} {x}" for f, x in zip(fields, ours))
        return verdict_rule(ours, claimed, f"{name}: {text}", note)
    return check


add("six-card-deal", "The dealer gives six cards to each player ... Each keeps four and gives two to the crib.", S2,
     "rule", "", _v("six-card", ("dealt", "throw", "kept", "crib"), (6, 2, 4, 4)), "6 / 2 / 4 / 4")
add("game-121", "The first player to reach 121 points wins, whether by pegging during play, counting a hand, or "
     "scoring two for heels.", S2, "rule", "", _v("six-card", ("target",), (121,)), "121")
add("five-card-deal", "dealer deals 5 cards to each player ... Each player must choose two cards to discard face down "
     "to form the 'crib'. These four cards ...", S0, "rule", "", _v("five-card", ("dealt", "throw", "kept", "crib"), (5, 2, 3, 4)),
     "5 / 2 / 3 / 4")
add("five-card-game-61", "To be the first to score 61 points ... Five-card Cribbage. The older British game: five "
     "cards each, two to the crib, played to 61.", (S0, S2), "rule", "", _v("five-card", ("target",), (61,)), "61")
add("five-card-last-3", "The player cutting the lower card deals, and the other player immediately pegs 3 points for "
     "'last' as compensation. This is scored on the first deal only.", S0, "rule", "",
     _v("five-card", ("first_deal_last",), (3,)), "3")
add("four-players", "Two partnerships, five cards each, everyone gives one card to the crib.", S2, "rule", "",
     _v("four-player", ("dealt", "throw", "partners", "crib"), (5, 1, True, 4)), "5 / 1 / 4")
add("three-players", "Five cards each plus one dealt straight to the crib; each player discards one.", S2, "rule", "",
     _v("three-player", ("dealt", "throw", "crib_from_deck", "crib"), (5, 1, 1, 4)), "5 / 1 / 1 / 4")


def _lead_low(ctx: Context) -> Finding:
    risky = sorted({pip(r) for r in range(13) if any(pip(r) + pip(s) == 15 for s in range(13))})
    return verdict_rule(min(risky), 5, f"one card makes 15 on a lead of {min(risky)}..{max(risky)}; "
                 f"on 5 with any of the {sum(4 for r in range(13) if pip(4) + pip(r) == 15)} ten-count cards",
                 "so a lead of 4 or lower is safe from a fifteen, and a 5 makes 15 with every ten-count card")


add("lead-4-or-lower", "Lead a 4 or lower: your opponent cannot make 15 in one card. Avoid leading a 5 ... fives make "
     "fifteens with every ten-count card.", S2, "rule", "", _lead_low, "4 or lower")
def _target(target: int):
    def check(ctx: Context) -> Finding:
        v = variant_of("six-card")
        return verdict_rule(target if target in v.targets else None, target,
                            f"six-card: played to {', '.join(map(str, v.targets))} (crib-stats match --target {target})",
                            "the referee plays the six-card game to it, the skunk lines "
                            f"{v.playing(target).skunk} and {v.playing(target).double_skunk or 'none'}")
    return check


def _muggins(ctx: Context) -> Finding:
    """A muggins game played to its first show: the owner claims 0, the seat on its left calls
    every point, and pegs what the owner missed."""
    from crib_stats.model.variants import variant as get_variant
    from crib_stats.players import make_player
    from crib_stats.referee import Game, decide

    g, greedy = Game(get_variant("six-card", muggins=True), seed=1, deck=0), make_player("greedy", 0)
    while (turn := g.to_act()).kind in ("discard", "play"):
        g.apply(turn.seat, decide(greedy, g.view(turn.seat)).choice)
    owner = turn.seat
    true = g.deal.asking["show"].breakdown.total
    g.apply(owner, 0)  # the claim: nothing
    caller = g.to_act().seat
    before = g.scores[caller]
    g.apply(caller, 29)  # the call: everything missed
    return verdict_rule(g.scores[caller] - before, true, f"the {owner}'s {true}-point hand claimed as 0: the {caller} "
                        f"(on its left) pegs {g.scores[caller] - before}", "the referee's muggins (crib-stats match "
                        "--muggins)")


add("game-61-short", "A shorter game is played to 61.", S2, "rule", "", _target(61), "61")
add("game-91", "91-point game. Common around Manchester: once up, down and up a 30-hole board.", S2, "rule", "",
     _target(91), "91")
add("skunk-91", "Skunk. If the loser has not reached 91 (Bicycle: 61), the winner records a double game.", S2, "rule",
     "crib-stats game", _v("six-card", ("skunk",), (91,), "the Bicycle line of 61 is not modelled"), "91 (Bicycle: 61)")
add("muggins", "Muggins. If a player undercounts their hand, the opponent may call \"muggins\" and peg the missed "
     "points.", (S0, S2), "rule", "", _muggins, "the missed points")
