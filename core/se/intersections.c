/*
 * intersections.c - pointing and claiming, plain and direct.
 *
 * A digit whose places in house A all lie in house B (A, B a box and a
 * line crossing it) is removed from the rest of B. A box as A is
 * "pointing" (2.6), a line as A is "claiming" (2.8). The reference walks
 * (A, B) pairs as: (box, column), (box, row), (column, box), (row, box);
 * A by number, B by number, digit 1..9; A must have two or more places.
 *
 * Direct variant (1.7 pointing, 1.9 claiming): the same pattern counts
 * only when it leaves a hidden single right away: another house C of A's
 * type crossing B, with two or more places for the digit, keeps exactly
 * one place outside B. The step only places the digit there (a placement
 * for EP); the reference does NOT apply the pattern's eliminations, so a
 * later plain pointing/claiming may still make them. The first such C in
 * number order is taken.
 */
#include "finders.h"

static const int pair_types[4][2] = {
    { SE_BOX(0), SE_COL(0) }, { SE_BOX(0), SE_ROW(0) },
    { SE_COL(0), SE_BOX(0) }, { SE_ROW(0), SE_BOX(0) },
};


static void fill_locking(const se_state *s, se_hint *h, int a, int b, int d)
{
    for (int i = 0; i < 9; i++) {
        int c = se_house_cell[b][i];
        if (!se_in_house(c, a) && (s->cand[c] >> (d - 1) & 1))
            h->elim[c] |= 1u << (d - 1);
    }
}

/* The j-th (0..2) house of type `tb` (a house type's first number)
 * crossing house `a`, in number order. */
static inline int crossing(int a, int tb, int j)
{
    return se_crossing[a][tb / 9][j];
}

int se_find_intersection(const se_state *s, se_hint *h, int direct)
{
    for (int p = 0; p < 4; p++) {
        int ta = pair_types[p][0], tb = pair_types[p][1];
        int a_is_box = ta == SE_BOX(0);
        for (int a = ta; a < ta + 9; a++) {
            /* which crossing house (0..2) holds all of each digit's two or
             * more places in a, if one does; then the reference's order */
            unsigned any = 0, part[3], digits[3] = { 0, 0, 0 };
            for (int jb = 0; jb < 3; jb++)
                part[jb] = se_house_in[a][crossing(a, tb, jb)];
            for (int d = 1; d <= 9; d++) {
                unsigned pos = se_positions(s, a, d);
                if (se_at_most_one_bit(pos))
                    continue;
                for (int jb = 0; jb < 3; jb++)
                    if (!(pos & ~part[jb])) {
                        digits[jb] |= 1u << d;
                        any = 1;
                    }
            }
            if (!any)
                continue;
            for (int jb = 0; jb < 3; jb++) {
                int b = crossing(a, tb, jb);
                for (unsigned dm = digits[jb]; dm; dm &= dm - 1) {
                    int d = se_lowest(dm);
                    if (!direct) {
                        /* worth it only when b has the digit outside a */
                        if (!(se_positions(s, b, d) & ~se_house_in[b][a]))
                            continue;
                        se_hint_clear(h, a_is_box ? SE_POINTING : SE_CLAIMING,
                                      a_is_box ? 26 : 28);
                        fill_locking(s, h, a, b, d);
                        return 1;
                    }
                    /* the other houses of a's type crossing b, in number order */
                    for (int j3 = 0; j3 < 3; j3++) {
                        int c3 = crossing(b, ta, j3);
                        if (c3 == a)
                            continue;
                        unsigned pos3 = se_positions(s, c3, d);
                        if (se_at_most_one_bit(pos3))
                            continue;
                        unsigned outside = pos3 & ~se_house_in[c3][b];
                        if (!se_one_bit(outside))
                            continue;
                        se_hint_clear(h, a_is_box ? SE_DIRECT_POINTING : SE_DIRECT_CLAIMING,
                                      a_is_box ? 17 : 19);
                        h->cell = se_house_cell[c3][se_lowest(outside)];
                        h->digit = d;
                        return 1;
                    }
                }
            }
        }
    }
    return 0;
}
