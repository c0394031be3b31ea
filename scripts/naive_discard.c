/* The naive baseline of scripts/bench.py's discard rows (scripts/bench_discard.py): one six-card
 * discard analysed the obvious way in C.
 *
 * For each of the 15 throws, every starter among the 46 unseen cards and every pair of the
 * opponent's crib cards among the 45 left: score the kept hand with the starter and the crib
 * with the starter, each by trying every subset for fifteens, every pair, the longest runs by
 * brute force, the flush and nobs. Sums the points (integer), so the compiler cannot skip work.
 *
 * usage: naive_discard c1 c2 c3 c4 c5 c6   (card codes rank * 4 + suit; the first two thrown
 *        by the dealer's first throw, but every throw is scored) -> prints hand and crib sums
 */
#include <stdio.h>
#include <stdlib.h>

static int pip(int rank) { return rank < 9 ? rank + 1 : 10; }

static int show(const int *cards, int n, int crib) {
    /* cards[n - 1] is the starter */
    int points = 0;
    for (int mask = 1; mask < (1 << n); mask++) {
        int sum = 0;
        for (int i = 0; i < n; i++)
            if (mask >> i & 1) sum += pip(cards[i] >> 2);
        if (sum == 15) points += 2;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (cards[i] >> 2 == cards[j] >> 2) points += 2;
    for (int len = n; len >= 3; len--) {
        int found = 0;
        for (int mask = 1; mask < (1 << n); mask++) {
            if (__builtin_popcount(mask) != len) continue;
            int seen[13] = {0}, dup = 0, lo = 13, hi = -1;
            for (int i = 0; i < n; i++)
                if (mask >> i & 1) {
                    int r = cards[i] >> 2;
                    if (seen[r]) dup = 1;
                    seen[r] = 1;
                    if (r < lo) lo = r;
                    if (r > hi) hi = r;
                }
            if (!dup && hi - lo == len - 1) found++;
        }
        if (found) { points += found * len; break; }
    }
    int suit = cards[0] & 3, same = 1;
    for (int i = 1; i < n - 1; i++)
        if ((cards[i] & 3) != suit) same = 0;
    if (same) {
        int with_starter = (cards[n - 1] & 3) == suit;
        if (crib) points += with_starter ? n : 0;
        else points += (n - 1) + with_starter;
    }
    for (int i = 0; i < n - 1; i++)
        if (cards[i] >> 2 == 10 && (cards[i] & 3) == (cards[n - 1] & 3)) points += 1;
    return points;
}

int main(int argc, char **argv) {
    if (argc != 7) { fprintf(stderr, "usage: naive_discard c1 .. c6\n"); return 2; }
    int dealt[6], used[52] = {0};
    for (int i = 0; i < 6; i++) { dealt[i] = atoi(argv[i + 1]); used[dealt[i]] = 1; }
    long hand_sum = 0, crib_sum = 0;
    for (int a = 0; a < 6; a++)
        for (int b = a + 1; b < 6; b++) {
            int keep[5], crib[5], k = 0;
            for (int i = 0; i < 6; i++)
                if (i != a && i != b) keep[k++] = dealt[i];
            crib[0] = dealt[a];
            crib[1] = dealt[b];
            for (int s = 0; s < 52; s++) {
                if (used[s]) continue;
                keep[4] = s;
                hand_sum += show(keep, 5, 0);
                for (int x = 0; x < 52; x++) {
                    if (used[x] || x == s) continue;
                    for (int y = x + 1; y < 52; y++) {
                        if (used[y] || y == s) continue;
                        crib[2] = x;
                        crib[3] = y;
                        crib[4] = s;
                        crib_sum += show(crib, 5, 1);
                    }
                }
            }
        }
    printf("%ld %ld\n", hand_sum, crib_sum);
    return 0;
}
