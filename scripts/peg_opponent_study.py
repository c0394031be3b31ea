#!/usr/bin/env python
"""What the equilibrium opponent model of `discard --pegging POLICY --peg-opponent equilibrium`
changes, measured on random six-card deals (both roles, both play policies):

1. purification: E[peg] of every keep with the opponent throwing the purified strategy (each
   rank multiset's most probable throw, exact) against the same sum with the committed average
   probabilities of fictitious play (every throw with its probability; floats);
2. the best throw of `discard --pegging POLICY` (show with the random crib model + E[peg]) with
   the random opponent keep and with the equilibrium opponent: how often it changes (and how
   often purification alone changes it);
3. the time of one warm analysis with and without --peg-opponent equilibrium.

Usage: python scripts/peg_opponent_study.py [--deals N] [--seed S] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from itertools import combinations
from math import comb

import numpy as np

from crib_stats.peg import opponent as peg_opponent, tables as playvalue
from crib_stats.peg import value as peg_value
from crib_stats.core.cards import Card
from crib_stats.discard.analysis import analyse

WAYS = np.array([[comb(u, y) for y in range(7)] for u in range(5)], np.int64)  # C(u, y)


def mixed_peg_evs(dealt, keeps, role, policy, strategy):
    """E[peg] of each keep (floats) when the opponent, dealt six of the unseen cards, throws by
    the average (unpurified) strategy of their role: sum over the file's (hand, throw) rows of
    w(hand) * p(throw) * value(mine, kept), over sum of w(hand) * p(throw)."""
    hands, hand, kept, p_dealer, p_pone = strategy
    unseen = np.full(13, 4, np.int64)
    for c in dealt:
        unseen[c // 4] -= 1
    w = np.prod(WAYS[unseen[None, :], hands], axis=1).astype(np.float64)  # ways to hold each hand
    p = p_pone if role == "dealer" else p_dealer  # the opponent's role
    mass = np.bincount(kept, weights=w[hand] * p, minlength=len(playvalue.multisets()))
    values = playvalue.value_matrix(policy).astype(np.float64)
    out = []
    for keep in keeps:
        mine = playvalue.multiset_row([c // 4 for c in keep])
        margin = values[:, mine] if role == "dealer" else -values[mine, :]
        live = mass > 0
        out.append(float(np.dot(mass[live], margin[live]) / mass.sum()))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    strategy = peg_opponent.strategy_rows()
    hands, hand, kept, p_dealer, p_pone = strategy
    onehot = []
    for p in (p_dealer, p_pone):
        chosen = peg_opponent.purified_keeps(hand, np.arange(len(hand)), p, len(hands))  # row of each hand's throw
        q = np.zeros(len(hand))
        q[chosen] = 1.0
        onehot.append(q)
    check = [16, 17, 24, 40, 45, 51]
    for role in playvalue.ROLES:
        for policy in playvalue.POLICIES:
            pure = peg_value.peg_evs(check, [check[:4]], role, policy, opponent="equilibrium")[0]
            again = mixed_peg_evs(check, [check[:4]], role, policy, (hands, hand, kept, *onehot))[0]
            assert abs(float(pure) - again) < 1e-12, (role, policy, pure, again)
    rng = random.Random(args.seed)
    deals = [sorted(rng.sample(range(52), 6)) for _ in range(args.deals)]
    diffs = {p: [] for p in playvalue.POLICIES}
    changed = {p: {r: 0 for r in playvalue.ROLES} for p in playvalue.POLICIES}
    changed_by_purifying = {p: 0 for p in playvalue.POLICIES}
    peg_shift = {p: [] for p in playvalue.POLICIES}
    regret = {p: [] for p in playvalue.POLICIES}  # net lost (equilibrium model) by the random model's throw
    regret_purifying = {p: [] for p in playvalue.POLICIES}
    for dealt in deals:
        text = " ".join(str(Card.from_code(c)) for c in dealt)
        keeps = [list(k) for k in combinations(dealt, 4)]
        for role in playvalue.ROLES:
            show = {frozenset(c.code for c in r.keep): r.net_ev for r in analyse(text, role=role).throws}
            for policy in playvalue.POLICIES:
                pure = peg_value.peg_evs(dealt, keeps, role, policy, opponent="equilibrium")
                mixed = mixed_peg_evs(dealt, keeps, role, policy, strategy)
                rnd = peg_value.peg_evs(dealt, keeps, role, policy)
                diffs[policy] += [abs(float(a) - b) for a, b in zip(pure, mixed)]
                peg_shift[policy] += [abs(float(a - b)) for a, b in zip(pure, rnd)]
                # the best throw of `discard --pegging POLICY [--peg-opponent equilibrium]`
                b_rnd = frozenset(c.code for c in analyse(text, role=role, pegging=policy).best.keep)
                b_pure = frozenset(c.code for c in analyse(text, role=role, pegging=policy,
                                                           peg_opponent="equilibrium").best.keep)
                net_pure = {frozenset(k): show[frozenset(k)] + e for k, e in zip(keeps, pure)}
                net_mixed = {frozenset(k): float(show[frozenset(k)]) + e for k, e in zip(keeps, mixed)}
                if b_rnd != b_pure:  # (a keep of equal net would be a tie broken the same way by both)
                    assert net_pure[b_pure] > net_pure[b_rnd]
                    changed[policy][role] += 1
                    regret[policy].append(float(net_pure[b_pure] - net_pure[b_rnd]))
                # with the average strategy's E[peg]: does some keep beat the purified model's best
                # (beyond float rounding; keeps of the same ranks and show value tie exactly)?
                top = max(net_mixed.values())
                if net_mixed[b_pure] < top - 1e-9:
                    changed_by_purifying[policy] += 1
                    regret_purifying[policy].append(top - net_mixed[b_pure])

    cases = 2 * len(deals)
    summary = {"deals": len(deals), "seed": args.seed, "policies": {}}
    for policy in playvalue.POLICIES:
        d = np.array(diffs[policy])
        s = np.array(peg_shift[policy])
        summary["policies"][policy] = {
            "purification_max_abs_diff": float(d.max()), "purification_mean_abs_diff": float(d.mean()),
            "equilibrium_vs_random_max_abs_diff": float(s.max()),
            "equilibrium_vs_random_mean_abs_diff": float(s.mean()),
            "best_throw_changes": {role: changed[policy][role] for role in playvalue.ROLES},
            "best_throw_changes_total": sum(changed[policy].values()), "cases": cases,
            "best_throw_changes_net_lost_mean": float(np.mean(regret[policy])) if regret[policy] else 0.0,
            "best_throw_changes_net_lost_max": max(regret[policy], default=0.0),
            "best_throw_changes_by_purifying": changed_by_purifying[policy],
            "best_throw_changes_by_purifying_net_lost_max": max(regret_purifying[policy], default=0.0),
        }

    # timing: one warm analysis of a six-card deal and the 15 keeps' E[peg] alone; the fastest
    # of many single calls (the crib kernel runs threads, so a loaded machine spreads the rest)
    deal = [16, 17, 24, 40, 45, 51]  # 5♣ 5♦ 7♣ J♣ Q♦ K♠
    text = " ".join(str(Card.from_code(c)) for c in deal)
    keeps = [list(k) for k in combinations(deal, 4)]
    calls = {"analyse, show only": lambda: analyse(text, role="dealer")}
    for policy in playvalue.POLICIES:
        for opp in peg_opponent.OPPONENTS:
            calls[f"analyse, --pegging {policy} --peg-opponent {opp}"] = \
                lambda policy=policy, opp=opp: analyse(text, role="dealer", pegging=policy, peg_opponent=opp)
    for opp in peg_opponent.OPPONENTS:
        calls[f"peg_evs of 15 keeps, {opp}"] = lambda opp=opp: peg_value.peg_evs(deal, keeps, "dealer", "greedy",
                                                                                   opponent=opp)
    seconds = {name: float("inf") for name in calls}
    for _ in range(300):
        for name, call in calls.items():
            t = time.perf_counter()
            call()
            seconds[name] = min(seconds[name], time.perf_counter() - t)
    summary["seconds_fastest_call"] = seconds

    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    print(f"{len(deals)} random deals (seed {args.seed}) x both roles; E[peg] over the 15 keeps of each")
    for policy, s in summary["policies"].items():
        print(f"{policy}: |purified - average strategy| E[peg]: max {s['purification_max_abs_diff']:.4f}, "
              f"mean {s['purification_mean_abs_diff']:.5f}")
        print(f"  |equilibrium - random opponent| E[peg]: max {s['equilibrium_vs_random_max_abs_diff']:.3f}, "
              f"mean {s['equilibrium_vs_random_mean_abs_diff']:.3f}")
        ch = s["best_throw_changes"]
        print(f"  best throw changes, random -> equilibrium opponent: {s['best_throw_changes_total']} of {cases} "
              f"(dealer {ch['dealer']}, pone {ch['pone']}); the random model's throw loses "
              f"{s['best_throw_changes_net_lost_mean']:.3f} on average (at most "
              f"{s['best_throw_changes_net_lost_max']:.3f}) under the equilibrium model")
        print(f"  best throw changes, purified -> average strategy: {s['best_throw_changes_by_purifying']} of "
              f"{cases} (net lost at most {s['best_throw_changes_by_purifying_net_lost_max']:.4f})")
    for name, t in summary["seconds_fastest_call"].items():
        print(f"{name}: {t * 1e3:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
