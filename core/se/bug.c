/*
 * bug.c - the bivalue universal grave (BUG), types 1 to 4.
 *
 * A BUG is a state where every empty cell has two candidates and every
 * digit has two places in every house it is missing from: such a grid has
 * 0 or 2 solutions. When removing a few "BUG digits" from a few "BUG
 * cells" would leave exactly that state, a puzzle with one solution must
 * keep one of them true:
 *   type 1 (5.6): one BUG cell: it keeps only its BUG digits;
 *   type 2 (5.7): one BUG digit in several cells: it goes from every cell
 *                 seeing all of them;
 *   type 3 (5.7 + 0.1 per digit of the set beyond one): the BUG digits act
 *                 as one pseudo-cell that forms a naked set with cells of
 *                 a house all BUG cells share: the set's digits go from the
 *                 rest of the house;
 *   type 4 (5.7): two BUG cells sharing a house and one other common digit
 *                 v: each loses its candidates other than its BUG digits
 *                 and v.
 *
 * How the reference finds the BUG cells: houses as boxes, rows, columns,
 * digits 1..9; a digit with a number of places other than 0 and 2 whose
 * places include exactly one cell with three or more candidates names
 * that cell a BUG cell and the digit one of its BUG digits (none such:
 * no BUG; two or more: undecided here, another house decides). It gives up
 * early when two BUG cells with two BUG digits see no cell in common. The
 * candidates left once the BUG digits are removed must form a BUG. Then
 * type 1 if one cell; else type 2 (then type 4) if one digit; else type 4
 * then type 3. The first hint it finds is the step.
 */
#include "finders.h"

/* Type 3: the cells of `house` in the order the reference visits them:
 * the order of the first BUG cell's house cells (its box, then the rest of
 * its row, then the rest of its column), so within a row or column the
 * cells in that cell's box come first. BUG cells are left out. */
static int house_order(int house, int first_bug, const uint8_t *is_bug, int out[9])
{
    int n = 0, box = se_cell_house[first_bug][0];
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < 9; i++) {
            int c = se_house_cell[house][i];
            if ((se_cell_house[c][0] == box) == (pass == 0) && !is_bug[c])
                out[n++] = c;
        }
    return n;
}

/* The next larger set with as many bits (Gosper's hack). */
static unsigned next_subset(unsigned x)
{
    unsigned low = x & -x, ripple = x + low;
    return ripple | (((x ^ ripple) >> 2) / low);
}

static int type3(const se_state *s, se_hint *h, const int *bug, int bugs,
                 const uint8_t *is_bug, unsigned all_bug)
{
    for (int t = 0; t < 3; t++) {
        int house = se_cell_house[bug[0]][t];
        int shared = 1;
        for (int i = 1; i < bugs && shared; i++)
            shared = se_cell_house[bug[i]][t] == house;
        if (!shared)
            continue;
        /* every cell of a house the BUG cells share sees them all, filled
         * cells included (the reference counts those too) */
        int cells[9];
        int n = house_order(house, bug[0], is_bug, cells);
        for (int degree = 2; degree <= 6; degree++) {
            if (n < degree)
                continue;
            /* (degree - 1)-subsets of the n cells in increasing order */
            for (unsigned set = (1u << (degree - 1)) - 1; !(set >> n); set = next_subset(set)) {
                unsigned digits = 0;
                int ok = 1;
                for (int i = 0; i < n; i++)
                    if (set >> i & 1) {
                        digits |= s->cand[cells[i]];
                        if (se_at_most_one_bit(s->cand[cells[i]]))
                            ok = 0;
                    }
                if (se_popcount(digits) != degree || !ok ||
                    se_at_most_one_bit(all_bug) || se_popcount(digits | all_bug) != degree)
                    continue;
                se_hint_clear(h, SE_BUG_3, (int)((5.7 + (degree - 1) * 0.1 + 0.05) * 10));
                for (int i = 0; i < n; i++)
                    if (!(set >> i & 1))
                        h->elim[cells[i]] = s->cand[cells[i]] & (uint16_t)digits;
                if (se_hint_has_elims(h))
                    return 1;
            }
        }
    }
    return 0;
}

static int type4(const se_state *s, se_hint *h, const int *bug, const uint16_t *bug_digits,
                 unsigned all_bug)
{
    int c1 = bug[0], c2 = bug[1];
    unsigned common = s->cand[c1] & s->cand[c2] & ~all_bug;
    if (!se_one_bit(common))
        return 0;
    for (int t = 0; t < 3; t++)
        if (se_cell_house[c1][t] == se_cell_house[c2][t]) {
            se_hint_clear(h, SE_BUG_4, 57);
            h->elim[c1] = s->cand[c1] & (uint16_t)~(bug_digits[c1] | common);
            h->elim[c2] = s->cand[c2] & (uint16_t)~(bug_digits[c2] | common);
            return 1;
        }
    return 0;
}

/* Bit set of the cells seeing `c` (not c itself), as three 27-bit words. */
static void peers_of(int c, uint32_t out[3])
{
    out[0] = out[1] = out[2] = 0;
    for (int i = 0; i < 20; i++) {
        int p = se_peer[c][i];
        out[p / 27] |= 1u << (p % 27);
    }
}

int se_find_bug(const se_state *s, se_hint *h)
{
    uint16_t rest[81];        /* the candidates without the BUG digits */
    uint16_t bug_digits[81] = { 0 };
    uint8_t is_bug[81] = { 0 };
    int bug[81], bugs = 0;
    unsigned all_bug = 0;
    uint32_t common[3] = { 0, 0, 0 }; /* cells seeing every BUG cell, not BUG cells */
    int have_common = 0;
    for (int c = 0; c < 81; c++)
        rest[c] = s->cand[c];
    for (int house = 0; house < 27; house++)
        for (int d = 1; d <= 9; d++) {
            unsigned pos = se_positions(s, house, d);
            int n = se_popcount(pos);
            if (n == 0 || n == 2)
                continue;
            int found = -1, count = 0;
            for (unsigned m = pos; m; m &= m - 1) {
                int c = se_house_cell[house][se_lowest(m)];
                if (se_popcount(s->cand[c]) >= 3) {
                    found = c;
                    count++;
                }
            }
            if (count == 0)
                return 0;
            if (count > 1)
                continue;
            if (!is_bug[found]) {
                is_bug[found] = 1;
                bug[bugs++] = found;
            }
            bug_digits[found] |= (uint16_t)(1u << (d - 1));
            all_bug |= 1u << (d - 1);
            rest[found] &= (uint16_t)~(1u << (d - 1));
            uint32_t p[3];
            peers_of(found, p);
            for (int w = 0; w < 3; w++)
                common[w] = have_common ? common[w] & p[w] : p[w];
            have_common = 1;
            for (int i = 0; i < bugs; i++)
                common[bug[i] / 27] &= ~(1u << (bug[i] % 27));
            if (bugs > 1 && !se_at_most_one_bit(all_bug) && !(common[0] | common[1] | common[2]))
                return 0;
        }
    /* what is left must be a BUG: two candidates per empty cell, two
     * places per digit in every house where it is missing */
    for (int c = 0; c < 81; c++)
        if (!s->value[c] && se_popcount(rest[c]) != 2)
            return 0;
    for (int house = 0; house < 27; house++) {
        unsigned count[9] = { 0 };
        for (int i = 0; i < 9; i++)
            for (unsigned m = rest[se_house_cell[house][i]]; m; m &= m - 1)
                count[se_lowest(m)]++;
        for (int d = 0; d < 9; d++)
            if (count[d] != 0 && count[d] != 2)
                return 0;
    }
    int any_common = have_common && (common[0] | common[1] | common[2]);
    if (bugs == 1) {
        se_hint_clear(h, SE_BUG_1, 56);
        h->elim[bug[0]] = s->cand[bug[0]] & (uint16_t)~all_bug;
        return 1;
    }
    if (se_one_bit(all_bug)) {
        if (any_common) {
            se_hint_clear(h, SE_BUG_2, 57);
            for (int c = 0; c < 81; c++)
                if (common[c / 27] >> (c % 27) & 1)
                    h->elim[c] = s->cand[c] & (uint16_t)all_bug;
            if (se_hint_has_elims(h))
                return 1;
        }
        return bugs == 2 && type4(s, h, bug, bug_digits, all_bug);
    }
    if (any_common) {
        if (bugs == 2 && type4(s, h, bug, bug_digits, all_bug))
            return 1;
        return type3(s, h, bug, bugs, is_bug, all_bug);
    }
    return 0;
}
