"""Claims about the show: the distribution, the top hands and their odds, the dealer's maxima,
the pegging extremes, and the seeds' worked examples of the show."""

from __future__ import annotations

from fractions import Fraction

from crib_stats.core.exact import frac_text
from .core import (
    score_command,
    Context, Finding, S0, S1, S2, add, best_of, count_of, frac_decimal, framed, mean_of, model_finding, one_in,
    seat_finding,
    play_points, score_of, thousands, verdict_same,
)
from crib_stats.peg.pegging import play
from crib_stats.show.maxima import hands_scoring

# ---- the distribution and the top hands -----------------------------------------------------

add("hands-12994800", "There are 12,994,800 possible cribbage hands, including the cut card.", S0, "hand",
     "crib-stats enumerate --table hand",
     lambda ctx: verdict_same(ctx.hand.combinations, 12_994_800, thousands(ctx.hand.combinations),
                       "C(52,4) hands x 48 starters"), "12,994,800")


def _mean_check(ctx: Context) -> Finding:
    m = ctx.hand.mean
    return verdict_same(round(float(m), 2), 4.77, frac_decimal(m), f"a random crib (crib rules) averages {frac_decimal(ctx.crib.mean)}",
                 frac_text(m))


add("mean-4.77", "The average score is calculated as 4.77 points mathematically.", S0, "hand",
     "crib-stats enumerate --table hand", _mean_check, "4.77")
add("impossible-19-25-26-27", "Scores of 27, 26, 25 and 19 are impossible in hand point totals; "
     "a score of 19 is impossible, which is why \"nineteen\" is slang for a worthless hand.", (S0, S2), "hand",
     "crib-stats enumerate --table hand",
     lambda ctx: verdict_same(ctx.hand.impossible, (19, 25, 26, 27), ", ".join(map(str, ctx.hand.impossible)),
                       "the same for a crib: " + ", ".join(map(str, ctx.crib.impossible)), list(ctx.hand.impossible)),
     "19, 25, 26, 27")


def _top_patterns(points: int) -> list[tuple[str, int, str]]:
    return [(p.short, p.combinations, p.needs) for p in hands_scoring(points)]


def _hand29(ctx: Context) -> Finding:
    pats = _top_patterns(29)
    text = f"{ctx.hand.max_score}: " + ", ".join(f"{s} ({n} combinations, needs {need})" for s, n, need in pats)
    ok = ctx.hand.max_score == 29 and [(s, need) for s, _, need in pats] == [("5555J", "nobs")]
    return Finding(text, "reproduced" if ok else "wrong", "" if ok else f"the right value is {text}",
                   [ctx.hand.max_score, pats])


add("hand-29", "The highest score is 29 (555J in hand with the starter 5 of the same suit as the Jack).",
     (S0, S2), "hand", "crib-stats score 5h 5c 5s jd --starter 5d", _hand29, "29")


def _hand28(ctx: Context) -> Finding:
    pats = _top_patterns(28)
    second = max(s for s, c in enumerate(ctx.hand.counts) if c and s < ctx.hand.max_score)
    text = f"{second}: " + ", ".join(f"{s} ({n})" for s, n, _ in pats)
    ok = second == 28 and sorted(s for s, _, _ in pats) == ["5555J", "5555K", "5555Q", "5555T"]
    return Finding(text, "reproduced" if ok else "wrong", "5555J scores 28 unless the jack is the 5's suit (29)",
                   [second, pats])


add("hand-28", "The second highest score is 28 (any of 10,J,Q,K and 5555 in hand and starter excepting the above "
     "29 hand)", S0, "hand", "crib-stats score 5h 5c 5s 5d --starter kh", _hand28, "28")

SEED_24 = ("A7777", "33339", "36666", "44447", "44556", "44566", "45566", "67788", "77889")


def _hand24(ctx: Context) -> Finding:
    pats = ctx.maxima["hands_scoring_24"]
    ours = sorted(p["short"] for p in pats)
    need = [p["short"] for p in pats if p["needs"]]
    counts = ", ".join(f"{p['short']} ({p['combinations']})" for p in pats)
    total = sum(p["combinations"] for p in pats)
    note = (f"complete: exactly these rank multisets score 24, {thousands(total)} combinations in all "
            f"(the histogram says {thousands(ctx.hand.counts[24])}); "
            + ("none needs a flush or nobs" if not need else "need a flush or nobs: " + ", ".join(need)))
    missing = sorted(set(ours) - set(SEED_24))
    if missing:
        note = "the seed's list misses " + ", ".join(missing) + "; " + note
    return verdict_same(ours, sorted(SEED_24), counts, note, ours)


add("hand-24-list", "The next highest is 24 (A7777, 33339, 36666, 44447, 44556, 44566, 45566, 67788, 77889).",
     S0, "hand", "", _hand24, ", ".join(SEED_24))


def _odds(ctx: Context, score: int, claimed: int) -> Finding:
    hand = ctx.hand
    values = [("a random hand", one_in(hand.combinations, hand.counts[score]))]
    for key, name in (("six-card-deal", "a six-card deal (best 4 kept)"), ("three-four-player-deal", "a deal of 5 (best 4 kept)")):
        comb_, counts = ctx.deal_counts(key)
        values.append((name, one_in(comb_, counts[score])))
    return framed(values, claimed)


add("odds-29", "The odds of getting a 29 Cribbage hand are 1 in 216,580.", S0, "six-card deal",
     "crib-stats enumerate", lambda ctx: _odds(ctx, 29, 216_580), "1 in 216,580")
add("odds-28", "The odds of getting a 28 Cribbage hand are 1 in 15,028.", S0, "six-card deal",
     "crib-stats enumerate", lambda ctx: _odds(ctx, 28, 15_028), "1 in 15,028")


def _best_keep_mean(ctx: Context) -> Fraction:
    return mean_of(*ctx.deal_counts("six-card-deal"))


def _around_five(ctx: Context) -> Finding:
    h, c, k = ctx.hand.mean, ctx.crib.mean, _best_keep_mean(ctx)
    text = f"random hand {float(h):.2f}, random crib {float(c):.2f}, best 4 of 6 kept for the starter {float(k):.2f}"
    near = [abs(v - 5) < Fraction(1, 2) for v in (h, c, k)]
    verdict = "reproduced" if all(near) else "depends on framing" if any(near) else "wrong"
    return Finding(text, verdict, "about five for a random hand or crib; a hand kept from six averages more "
                   "(the seeds' own 7.95 and 8.10)", [frac_text(v) for v in (h, c, k)])


add("average-around-five", "an average hand, or an average crib is typically somewhere around five points",
     S0, "hand", "crib-stats enumerate --table all", _around_five, "about 5")


def _bounds_note(ctx: Context) -> str:
    return (f"for scale: four cards kept at random average {float(ctx.hand.mean):.2f}; no discard can average "
            f"more than {float(_best_keep_mean(ctx)):.2f} (the best four of the six for each starter, chosen "
            "knowing it)")


add("real-hand-higher", "In the real hand statistics this number of points is higher, since cribbage players "
     "have some control over their hands through the discard", S0, "real play", "",
     lambda ctx: model_finding("real-hand-higher", _bounds_note(ctx)))
add("real-dealer-hand-7.95", "about 7.95 points for dealer [average hand]", S0, "real play",
    "crib-stats sweep --pegging greedy",
    lambda ctx: seat_finding(ctx, ("hand_dealer",), _bounds_note(ctx)), "7.95")
add("real-pone-hand-8.10", "about 8.10 points for pone [average hand]", S0, "real play",
    "crib-stats sweep --pegging greedy",
    lambda ctx: seat_finding(ctx, ("hand_pone",), _bounds_note(ctx)), "8.10")
add("real-crib-4.65", "the average crib score is about 4,65", S0, "real play", "crib-stats sweep --pegging greedy",
    lambda ctx: seat_finding(ctx, ("crib",), f"the model's crib has the pone throw two random cards (an additive "
                             f"estimate of both players' throws: {ctx.seats['model']['crib_additive']:.3f}); a crib "
                             f"of four random cards averages {float(ctx.crib.mean):.2f}"), "4.65")
add("real-pegging-3.5-2.1", "the dealer pegs an average of 3.5 points per hand, while pone pegs an average of "
     "only 2.1 points", S0, "real play", "crib-stats sweep --pegging greedy",
    lambda ctx: seat_finding(ctx, ("peg_dealer", "peg_pone"), "dealer / pone, both playing greedy"), "3.5 / 2.1")
add("real-per-deal-16-10", "The dealer can expect to score about 16 points on each hand (including crib and "
     "pegging), and pone can expect to score approximately 10 points", S0, "real play",
    "crib-stats sweep --pegging greedy",
    lambda ctx: seat_finding(ctx, ("total_dealer", "total_pone"), "dealer / pone: play + hand (+ crib + his heels "
                             "2/13 for the dealer)"), "16 / 10")

# ---- the dealer's maxima and the pegging extremes -------------------------------------------


def _show53(ctx: Context) -> Finding:
    m, mh = ctx.maxima["dealer_show"]["without_heels"], ctx.maxima["dealer_show"]["with_heels"]
    hand, crib = score_of("jc 5d 5h 5s", "5c").total, score_of("4c 4d 6c 6d", "5c", crib=True).total
    note = (f"{thousands(m['combinations'])} (hand, crib, starter) combinations, all of the ranks "
            + " or ".join(p.replace(" | ", " / ") for p in m["patterns"]) + " (hand / crib / starter); "
            f"the seed's example: hand J555 {hand} + crib 4466 {crib} = {hand + crib}; with his heels the most is "
            f"still {mh['points']} (a jack turned: at most {ctx.maxima['jack_starter']['show']['points']} with the 2)")
    return verdict_same(m["points"], 53, str(m["points"]), note, m["points"])


add("dealer-show-53", "The highest score (excluding pegging) for a dealer is 53. The starter must be a 5, and one "
     "hand must have J555 while the other has 4466.", S0, "search", "", _show53, "53")


def _total78(ctx: Context) -> Finding:
    m, mh = ctx.maxima["dealer_total"]["without_heels"], ctx.maxima["dealer_total"]["with_heels"]
    hand = score_of("3c 3d 4c 4d", "5h").total
    crib = score_of("jh 5c 5d 5s", "5h", crib=True).total
    peg = best_of("3 3 4 4", "3 3 4 4", "dealer").points["dealer"]
    note = (f"{thousands(m['deals'])} deals reach it, all " + " or ".join(p.replace(" | ", " / ") for p in m["patterns"])
            + " (dealer / pone / crib / starter); the seed's example: hand 3344 "
            f"{hand} + crib J555 {crib} + pegging {peg} = {hand + crib + peg}; with his heels the most is still "
            f"{mh['points']} (a jack turned: at most {ctx.maxima['jack_starter']['total']['points']} with the 2)")
    return verdict_same(m["points"], 78, str(m["points"]), note, m["points"])


add("dealer-total-78", "The highest combined count of the dealer's hand, pegging, and crib is 78 according to Joe "
     "O'Brien. Dealer hand 3,3,4,4; Pone hand 3,3,4,4 and Crib: J,5,5,5. The turn card is 5 of the same suit as the "
     "Jack in crib.", S0, "search", "", _total78, "78")
def _least_dealer(ctx: Context) -> Finding:
    six, five = ctx.extremes["least_dealer"], ctx.extremes_five["least_dealer"]
    text = f"six-card play: {six['points']}; five-card play: {five['points']}"
    note = (f"{thousands(six['pairs_reaching_it'])} pairs of hands peg the dealer exactly {six['points']} in the six-card play; "
            f"the five-card play stops at the first go, so e.g. pone {' '.join(five['pone'])} against dealer "
            f"{' '.join(five['dealer'])} can leave the dealer {five['points']}")
    if six["points"] == 1 and five["points"] == 1:
        return Finding(text, "reproduced", note, [six["points"], five["points"]])
    if 1 in (six["points"], five["points"]):
        return Finding(text, "depends on framing", "right for the six-card game; " + note, [six["points"], five["points"]])
    return Finding(text, "wrong", note, [six["points"], five["points"]])


add("dealer-pegs-at-least-1", "The dealer will always peg at least one point during the pegging stage. If pone is able "
     "to play at each turn then dealer must score at least one for 'last', if not, then dealer scores at least one for "
     "'go'.", S0, "search", "crib-stats peg --extremes", _least_dealer, "1")


def _dealer_card_points(pone: str, dealer: str, seq: str) -> list[int]:
    """The dealer's points card by card, a go / last-card point added to the card before it."""
    out: list[int] = []
    for e in play(pone, dealer, seq).events:
        if e.player == "dealer" and e.kind == "card":
            out.append(e.points)
        elif e.player == "dealer" and e.kind in ("go", "last"):
            out[-1] += e.points
    return out


def _peg30(ctx: Context) -> Finding:
    most = ctx.extremes["most_dealer"]["points"]
    cards = _dealer_card_points("7 7 4 4", "7 7 4 4", "7 7 7 7 4 4 4 4")
    ok = most == 30 and cards == [2, 13, 2, 13]
    return Finding(f"{most}; the example pegs {' + '.join(map(str, cards))} = {sum(cards)}",
                   "reproduced" if ok else "wrong", "", most)


add("dealer-peg-30", "dealer can score 30 points ... Dealer hand 7,7,4,4; Pone hand 7,7,4,4 ... Dealer Points "
     "2 13 2 13, Dealer Totals 2 15 17 30", S0, "search",
     "crib-stats peg --pone 7 7 4 4 --dealer 7 7 4 4 --best dealer", _peg30, "30")


def _peg26(ctx: Context) -> Finding:
    peg = best_of("4 8 10 K", "4 4 4 7", "dealer").points["dealer"]
    most = ctx.extremes["most_dealer"]["points"]
    text = f"that deal: {peg} pegged + 2 for his heels = {peg + 2}; the most the dealer can peg is {most}"
    return Finding(text, "wrong" if most != 26 else "reproduced",
                   f"as a maximum the right value is {most} ({most + 2} with his heels); the seed retracts it", most)


add("dealer-peg-26-old", "not 26 points as we stated before with a dealer's hand 4,4,4,7, pone's hand 4,8,10,K, "
     "and the jack as a starter", S0, "search", "crib-stats peg --pone 4 8 10 K --dealer 4 4 4 7 --best dealer",
     _peg26, "26")


def _pone_max(ctx: Context, claimed: int, example: str = "") -> Finding:
    most = ctx.extremes["most_pone"]["points"]
    return verdict_same(most, claimed, str(most), example + f"{ctx.extremes['most_pone']['pairs_reaching_it']} pairs of "
                 "hands reach the most", most)


add("pone-peg-18", "other articles, that states max pone score is 18 points", S0, "search",
     "crib-stats peg --extremes", lambda ctx: _pone_max(ctx, 18), "18")


def _graham(ctx: Context) -> Finding:
    pts = play_points("A A 3 3", "A 3 3 K", "A A A 3 3 3 3 K")["pone"]
    most = ctx.extremes["most_pone"]["points"]
    return verdict_same(pts, 22, str(pts), f"the dealer's NA card taken as a K; a true example, but the most is {most}", pts)


add("pone-peg-22-graham", "Kyle Graham showed, that pone can score 22 points ... Pone's hand: A, A, 3, 3; "
     "Dealer's hand A, 3, 3, NA. The sequence of play is A, A, A, 3, 3, 3, 3, NA; Pone gets 6+2+14 = 22 points.",
     S0, "play", "crib-stats peg --pone A A 3 3 --dealer A 3 3 K --play A A A 3 3 3 3 K", _graham, "22")


def _anderson(ctx: Context) -> Finding:
    a = best_of("5 4 4 4", "6 4 9 9", "pone").points["pone"]
    b = best_of("6 4 4 4", "5 4 9 9", "pone").points["pone"]
    most = ctx.extremes["most_pone"]["points"]
    text = f"the example pegs {a} (pone 5 4 4 4, dealer 6 4 9 9) or {b} (6 4 4 4 against 5 4 9 9); the most is {most}"
    return verdict_same(most, 23, text, "5 + 6 + 12 misses the pone's point for the go after the fourth 4 "
                 "(count 27; the dealer's 9s cannot be played)", [a, b, most])


add("pone-peg-23-anderson", "the maximum cribbage scoring for Pone pegging is 23. Pone's hand: 5 (or 6) 4 4 4; "
     "Dealer's hand: 5 (or 6) 4 9 9 ... Total Pone points: 5+6+12 = 23", S0, "search",
     "crib-stats peg --pone 5 4 4 4 --dealer 6 4 9 9 --best pone", _anderson, "23")


def _obrien24(ctx: Context) -> Finding:
    ex = best_of("5 5 4 4", "5 4 4 K", "pone").points["pone"]
    most = ctx.extremes["most_pone"]["points"]
    return verdict_same((ex, most), (24, 24), f"the example pegs {ex}; the most is {most}", "the dealer's (na/) card taken "
                 "as a K", [ex, most])


add("pone-peg-24-obrien", "there is a hand that will give the pone a total of 24 in pegging. The Pone holding "
     "5 5 4 4, and the Dealer holding 5 4 4 (na/).", S0, "search",
     "crib-stats peg --pone 5 5 4 4 --dealer 5 4 4 K --best pone", _obrien24, "24")

# ---- worked examples of the show ------------------------------------------------------------


def _parts(b) -> tuple[int, ...]:
    return (b.fifteens, b.pairs, b.runs, b.flush, b.nobs, b.total)


def _parts_text(b) -> str:
    names = ("fifteens", "pairs", "runs", "flush", "nobs")
    return ", ".join(f"{n} {v}" for n, v in zip(names, _parts(b)) if v) + f"; total {b.total}"


def _example(hand: str, starter: str, claimed: dict, variant: str = "six-card", crib: bool = False, note: str = ""):
    """A worked show: the named parts of the breakdown must equal the seed's."""
    def check(ctx: Context) -> Finding:
        b = score_of(hand, starter, crib=crib, variant=variant)
        ours = {k: getattr(b, k) for k in claimed}
        return verdict_same(ours, claimed, _parts_text(b), note, ours)
    return check


add("show-29-breakdown", "The Jack makes 15 with each of the 5s, that's 4 15s. Also, there are 4 ways of choosing "
     "three different 5s ... 8 in total, for 16 points. Then pairs: 6 different pairs of 5s, for another 12 points. "
     "... the Jack of nobs gives us a final point for 29.", S1, "example", score_command("5h 5c 5s jd", "5d"),
     _example("5h 5c 5s jd", "5d", {"fifteens": 16, "pairs": 12, "nobs": 1, "total": 29}), "16 + 12 + 1 = 29")


def _five_five_ten_jack(ctx: Context) -> Finding:
    plain, nobs = score_of("5h 5c 10d jd", "5s"), score_of("5h 5c 10d js", "5s")
    ours = (plain.fifteens, plain.pairs)
    note = (f"the right value is {plain.fifteens} for {plain.fifteens // 2} fifteens (10 + 5 and J + 5 with each of "
            f"the three 5s, and 5 + 5 + 5), {plain.pairs} for the 5s: {plain.total}, or {nobs.total} with nobs")
    return Finding(_parts_text(plain), "reproduced" if ours == (8, 6) else "wrong", note, [plain.total, nobs.total])


add("show-5-5-10-j", "A hand of 5-5-10-J plus a 5 starter scores 8 for four fifteens, 6 for the three 5s and "
     "possibly 1 for nobs.", S2, "example", score_command("5h 5c 10d js", "5s"), _five_five_ten_jack, "8 + 6 (+1)")
add("show-5555-twenty", "'fifteen-two, fifteen-four, fifteen-six, fifteen-eight and a double pair royal for twelve "
     "makes a total of twenty'", S0, "example", score_command("5c 5d 5h", "5s", " --variant five-card"),
     _example("5c 5d 5h", "5s", {"fifteens": 8, "pairs": 12, "total": 20}, "five-card",
              note="four 5s: the four ways to pick three of them"), "8 + 12 = 20")


def _ten_cut(ctx: Context) -> Finding:
    four, cut = score_of("5c 5d 5h", "5s", variant="five-card"), score_of("5c 5d 5h 5s", "kh")
    extra = cut.fifteens - four.fifteens
    return Finding(f"{extra // 2} more fifteens (+{extra}): {cut.total}", "reproduced" if extra == 2 else "wrong",
                   f"read as one more fifteen: a ten-card makes fifteen with each 5, +{extra} for {cut.total} "
                   "(the seed's own 28 hand)", cut.total)


add("show-5555-ten-cut", "Of course, if you cut a ten-point card to go with that, that gives you another.", S0,
     "example", score_command("5c 5d 5h 5s", "kh"), _ten_cut, "another [fifteen]")
add("show-k-j-5-5", "king, jack, five, five would count 8 points (four fifteens as the king and the jack can each "
     "be paired with either five)", S0, "example", score_command("kc jd 5h", "5s", " --variant five-card"),
     _example("kc jd 5h", "5s", {"fifteens": 8}, "five-card", note="8 for the fifteens; the pair of 5s adds 2"), "8")
add("show-6-7-7-8", "A hand such as 6-7-7-8 contains two runs of 3 (as well as two fifteens and a pair) and so would "
     "score 12 altogether.", S0, "example", score_command("6c 7d 7h", "8s", " --variant five-card"),
     _example("6c 7d 7h", "8s", {"fifteens": 4, "pairs": 2, "runs": 6, "total": 12}, "five-card"), "12")
add("show-7-8-8-9", "if your hand is 7 8 8 and the start card is a 9 you score 'fifteen 2, fifteen 4, and a pair is "
     "6, and a run is 9 and a run is 12' - 12 points", S0, "example", score_command("7c 8d 8h", "9s", " --variant five-card"),
     _example("7c 8d 8h", "9s", {"fifteens": 4, "pairs": 2, "runs": 6, "total": 12}, "five-card"), "12")
add("show-run-of-four", "A run of four cards, such as 9-10-J-Q scores 4 points ... The runs of 3 within it don't "
     "count", (S0, S1), "example", score_command("9c 10d jh", "qs", " --variant five-card"),
     _example("9c 10d jh", "qs", {"runs": 4}, "five-card"), "4")
add("show-3-4-5-6", "If you have 3,4,5,6 in your hand ... The 4-5-6 makes 15, so that's 2 points, and there is a "
     "run of 4, so that's 6 points altogether.", S1, "example", score_command("3c 4d 5h", "6s", " --variant five-card"),
     _example("3c 4d 5h", "6s", {"fifteens": 2, "runs": 4, "total": 6}, "five-card",
              note="the four cards alone (a starter would add to it)"), "6")
add("show-8-7-7-a", "8-7-7-A can make 15 three ways ... Consequently it scores 6 points (for 15s, and a further 2 for "
     "the pair of 7s).", S1, "example", score_command("8c 7d 7h", "as", " --variant five-card"),
     _example("8c 7d 7h", "as", {"fifteens": 6, "pairs": 2}, "five-card", note="the four cards alone"), "6 + 2")


def _three_four_four_five(ctx: Context) -> Finding:
    play = count_of("3 4 4 5")
    show = score_of("3c 4d 4h", "5s", variant="five-card").runs
    verdict = "depends on framing" if play[-1] == 0 and show > 0 else "reproduced" if show == 0 else "wrong"
    return Finding(f"in the play the 5 on 3-4-4 scores {play[-1]}; in the show 3-4-4-5 scores {show} for runs",
                   verdict, "right for the play only: in the show 3-4-4-5 is a double run of three", [play, show])


add("run-3-4-4-5", "Runs need not be in numerical order (eg 3-5-6-4) but they must be consecutive (3-4-4-5 does not "
     "score).", S1, "play", "crib-stats peg 3 4 4 5", _three_four_four_five, "0")
