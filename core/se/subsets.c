/*
 * subsets.c - naked and hidden pairs, triples, quads, and the direct
 * hidden pair and triple.
 *
 * Both walk houses as boxes, then columns, then rows, and within a house
 * the k-subsets of 0..8 in increasing order of their bitmask (so {0,1}
 * before {0,2} before {1,2} before {0,3}).
 *
 * Naked set (k cells whose candidates, two or more each, number exactly
 * k in union): removes those digits from the rest of the house. Only
 * tried in a house with at least 2k empty cells. 3.0 / 3.6 / 5.0.
 *
 * Hidden set (k digits, each with two or more places, whose places number
 * exactly k in union): removes the other digits from those cells. Only
 * tried in a house with more than 2k empty cells. 3.4 / 4.0 / 5.4.
 *
 * Direct hidden set (k = 2: 2.0, k = 3: 2.5): the same pattern, tried in a
 * house with more than k empty cells, counts only when, after it, another
 * digit of the house (two or more places before) has exactly one place
 * left outside the set's cells: the first such digit (1..9) is placed
 * there. Only the placement is applied: the reference leaves the set's
 * eliminations for a later plain hidden set.
 */
#include <string.h>
#include "finders.h"

static const int house_type_start[3] = { SE_BOX(0), SE_COL(0), SE_ROW(0) };

int se_find_hidden_set(const se_state *s, se_hint *h, int degree, int direct)
{
    for (int t = 0; t < 3; t++)
        for (int house = house_type_start[t]; house < house_type_start[t] + 9; house++) {
            int empty = se_empty_count(s, house);
            if (!(empty > 2 * degree || (direct && empty > degree)))
                continue;
            /* digits with two to `degree` places: only they can be in a set
             * whose places number exactly `degree` */
            unsigned pos[10], usable = 0;
            for (int d = 1; d <= 9; d++) {
                pos[d] = se_positions(s, house, d);
                int n = se_popcount(pos[d]);
                if (n >= 2 && n <= degree)
                    usable |= 1u << (d - 1);
            }
            se_subset_walk walk;
            for (unsigned set = se_subset_first(&walk, usable, degree); set;
                 set = se_subset_next(&walk)) {
                unsigned cells = 0;
                for (unsigned m = set; m; m &= m - 1)
                    cells |= pos[se_lowest(m) + 1];
                if (se_popcount(cells) != degree)
                    continue;
                int technique = direct ? (degree == 2 ? SE_DIRECT_HIDDEN_PAIR : SE_DIRECT_HIDDEN_TRIPLE)
                                       : (degree == 2 ? SE_HIDDEN_PAIR
                                          : degree == 3 ? SE_HIDDEN_TRIPLE : SE_HIDDEN_QUAD);
                int rating = direct ? (degree == 2 ? 20 : 25)
                                    : (degree == 2 ? 34 : degree == 3 ? 40 : 54);
                se_hint_clear(h, technique, rating);
                for (int i = 0; i < 9; i++)
                    if (cells >> i & 1) {
                        int c = se_house_cell[house][i];
                        h->elim[c] = s->cand[c] & (uint16_t)~set;
                    }
                if (!direct) {
                    if (se_hint_has_elims(h))
                        return 1;
                    continue;
                }
                for (int d = 1; d <= 9; d++) {
                    if ((set >> (d - 1) & 1) || se_at_most_one_bit(pos[d]))
                        continue;
                    unsigned rest = pos[d] & ~cells;
                    if (se_one_bit(rest)) {
                        memset(h->elim, 0, sizeof h->elim); /* not applied */
                        h->cell = se_house_cell[house][se_lowest(rest)];
                        h->digit = d;
                        return 1;
                    }
                }
            }
        }
    return 0;
}

int se_find_naked_set(const se_state *s, se_hint *h, int degree)
{
    static const int rating[5] = { 0, 0, 30, 36, 50 };
    static const int technique[5] = { 0, 0, SE_NAKED_PAIR, SE_NAKED_TRIPLE, SE_NAKED_QUAD };
    for (int t = 0; t < 3; t++)
        for (int house = house_type_start[t]; house < house_type_start[t] + 9; house++) {
            if (se_empty_count(s, house) < 2 * degree)
                continue;
            /* cells with two to `degree` candidates: only they can be in a
             * set whose candidates number exactly `degree` */
            unsigned usable = 0;
            for (int i = 0; i < 9; i++) {
                int n = se_popcount(s->cand[se_house_cell[house][i]]);
                if (n >= 2 && n <= degree)
                    usable |= 1u << i;
            }
            se_subset_walk walk;
            for (unsigned set = se_subset_first(&walk, usable, degree); set;
                 set = se_subset_next(&walk)) {
                unsigned digits = 0;
                for (unsigned m = set; m; m &= m - 1)
                    digits |= s->cand[se_house_cell[house][se_lowest(m)]];
                if (se_popcount(digits) != degree)
                    continue;
                se_hint_clear(h, technique[degree], rating[degree]);
                for (int i = 0; i < 9; i++) {
                    int c = se_house_cell[house][i];
                    if (!(set >> i & 1))
                        h->elim[c] = s->cand[c] & (uint16_t)digits;
                }
                if (se_hint_has_elims(h))
                    return 1;
            }
        }
    return 0;
}
