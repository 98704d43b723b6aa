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
#include "internal.h"

int se_find_fish(const se_state *s, se_hint *h, int degree)
{
    static const int rating[5] = { 0, 0, 32, 38, 52 };
    static const int technique[5] = { 0, 0, SE_X_WING, SE_SWORDFISH, SE_JELLYFISH };
    int placed[10] = { 0 };
    for (int c = 0; c < 81; c++)
        placed[s->value[c]]++;
    const int base_start[2] = { SE_COL(0), SE_ROW(0) };
    const int cover_start[2] = { SE_ROW(0), SE_COL(0) };
    for (int t = 0; t < 2; t++)
        for (int k = 0; k < se_subset_count[degree]; k++) {
            unsigned base = se_subsets[degree][k];
            for (int d = 1; d <= 9; d++) {
                if (placed[d] + 2 * degree > 9)
                    continue;
                unsigned cover = 0;
                int ok = 1;
                for (int i = 0; i < 9 && ok; i++)
                    if (base >> i & 1) {
                        unsigned pos = se_positions(s, base_start[t] + i, d);
                        if (se_at_most_one_bit(pos))
                            ok = 0;
                        cover |= pos;
                    }
                if (!ok || se_popcount(cover) != degree)
                    continue;
                se_hint_clear(h, technique[degree], rating[degree]);
                for (int j = 0; j < 9; j++) {
                    if (!(cover >> j & 1))
                        continue;
                    int line = cover_start[t] + j;
                    for (int i = 0; i < 9; i++) {
                        int c = se_house_cell[line][i];
                        if (!(base >> i & 1) && (s->cand[c] >> (d - 1) & 1))
                            h->elim[c] |= 1u << (d - 1);
                    }
                }
                if (se_hint_has_elims(h))
                    return 1;
            }
        }
    return 0;
}
