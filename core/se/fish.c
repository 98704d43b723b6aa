/*
 * fish.c - X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2).
 *
 * k base lines where a digit has two or more places each, all of them in
 * exactly k cover lines: the digit goes from the rest of the cover lines.
 * The reference tries columns as base lines first, then rows; within that,
 * the k-subsets of lines in increasing bitmask order, and for each subset
 * the digits 1..9. A digit is only tried while it is placed at most
 * 9 - 2k times.
 */
#include "finders.h"

int se_find_fish(const se_state *s, se_hint *h, int degree)
{
    static const int rating[5] = { 0, 0, 32, 38, 52 };
    static const int technique[5] = { 0, 0, SE_X_WING, SE_SWORDFISH, SE_JELLYFISH };
    int placed[10] = { 0 };
    for (int c = 0; c < 81; c++)
        placed[s->value[c]]++;
    const int base_start[2] = { SE_COL(0), SE_ROW(0) };
    const int cover_start[2] = { SE_ROW(0), SE_COL(0) };
    for (int t = 0; t < 2; t++) {
        /* The reference walks base subsets in increasing order, and digits
         * 1..9 within each: its first fish is the one with the smallest
         * (subset, digit). Each digit's first fish is searched among the
         * lines where it has 2..degree places only (the others cannot be
         * in one), then the smallest pair wins. */
        unsigned best_base = 0;
        int best_digit = 0;
        unsigned best_cover = 0;
        for (int d = 1; d <= 9; d++) {
            if (placed[d] + 2 * degree > 9)
                continue;
            unsigned usable = 0, pos[9];
            for (int i = 0; i < 9; i++) {
                pos[i] = se_positions(s, base_start[t] + i, d);
                int n = se_popcount(pos[i]);
                if (n >= 2 && n <= degree)
                    usable |= 1u << i;
            }
            se_subset_walk walk;
            for (unsigned base = se_subset_first(&walk, usable, degree); base;
                 base = se_subset_next(&walk)) {
                if (best_digit && base >= best_base)
                    break; /* cannot come before the best so far */
                unsigned cover = 0;
                for (unsigned m = base; m; m &= m - 1)
                    cover |= pos[se_lowest(m)];
                if (se_popcount(cover) != degree)
                    continue;
                /* worth it when a cover line has the digit outside the base */
                int worth = 0;
                for (unsigned m = cover; m && !worth; m &= m - 1)
                    worth = (se_positions(s, cover_start[t] + se_lowest(m), d) & ~base) != 0;
                if (!worth)
                    continue;
                best_base = base;
                best_digit = d;
                best_cover = cover;
                break;
            }
        }
        if (!best_digit)
            continue;
        int d = best_digit;
        se_hint_clear(h, technique[degree], rating[degree]);
        for (int j = 0; j < 9; j++) {
            if (!(best_cover >> j & 1))
                continue;
            int line = cover_start[t] + j;
            for (int i = 0; i < 9; i++) {
                int c = se_house_cell[line][i];
                if (!(best_base >> i & 1) && (s->cand[c] >> (d - 1) & 1))
                    h->elim[c] |= 1u << (d - 1);
            }
        }
        return 1;
    }
    return 0;
}
