/*
 * singles.c - hidden singles (with the full house) and naked singles.
 *
 * Hidden single: a digit with one place left in a house. The reference
 * first looks for full houses (the house has one empty cell: 1.0), in
 * boxes, then columns, then rows; then for the other hidden singles in the
 * same house order: 1.2 in a box, 1.5 in a row or column. Within a house
 * type: house by house, digit 1..9.
 * Naked single: a cell with one candidate, 2.3, cells in row-major order.
 */
#include "finders.h"

static const int house_type_start[3] = { SE_BOX(0), SE_COL(0), SE_ROW(0) };

int se_find_hidden_single(const se_state *s, se_hint *h)
{
    for (int alone = 1; alone >= 0; alone--)
        for (int t = 0; t < 3; t++)
            for (int house = house_type_start[t]; house < house_type_start[t] + 9; house++) {
                int is_alone = se_empty_count(s, house) == 1;
                if (is_alone != alone)
                    continue;
                for (int d = 1; d <= 9; d++) {
                    unsigned pos = se_positions(s, house, d);
                    if (!se_one_bit(pos))
                        continue;
                    if (alone)
                        se_hint_clear(h, SE_FULL_HOUSE, 10);
                    else if (t == 0)
                        se_hint_clear(h, SE_HIDDEN_SINGLE_BOX, 12);
                    else
                        se_hint_clear(h, SE_HIDDEN_SINGLE_LINE, 15);
                    h->cell = se_house_cell[house][se_lowest(pos)];
                    h->digit = d;
                    return 1;
                }
            }
    return 0;
}

int se_find_naked_single(const se_state *s, se_hint *h)
{
    for (int c = 0; c < 81; c++)
        if (s->cand[c] && se_one_bit(s->cand[c])) {
            se_hint_clear(h, SE_NAKED_SINGLE, 23);
            h->cell = c;
            h->digit = se_lowest(s->cand[c]) + 1;
            return 1;
        }
    return 0;
}
