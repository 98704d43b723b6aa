/*
 * unique_loops.c - unique rectangles and unique loops, types 1 to 4.
 *
 * A loop: an even cycle of cells that all hold the same two digits {a, b}
 * and in which every house it touches holds exactly two of its cells, one
 * at an even and one at an odd position. If every loop cell had only a and
 * b, the puzzle would have two solutions (swap a and b around the loop); a
 * puzzle with one solution must therefore keep some extra digit:
 *   type 1: one loop cell has extra digits: a and b go from it;
 *   type 2: the cells with extras share one single extra digit x: x goes
 *           from every cell that sees all of them;
 *   type 3: two cells with extras, sharing a house: their extras act as one
 *           pseudo-cell that forms a naked set (or, with a and b, a hidden
 *           set) with other cells of the house;
 *   type 4: two cells with extras, sharing a house where a (or b) has no
 *           other place: the other loop digit goes from both.
 *
 * How the reference finds them (this decides which step comes first, so it
 * is followed exactly):
 * - Start cells are the cells with exactly two candidates, row-major. From
 *   each, a depth-first search extends the path through the cells holding
 *   both digits: from the path's last cell it looks through its box, row,
 *   column (skipping the house type of the link it arrived by), each house
 *   cell by cell; reaching the start again with 4 or more cells closes a
 *   loop (each closure is a result, in the order met).
 * - The search keeps a set of "extra digits" that a branch may add: at most
 *   two cells with extras, or more when all extras seen are one single
 *   digit. The set grows with every candidate cell looked at from a path
 *   cell, including siblings whose branches were already explored (the
 *   reference never takes their digits out again). That makes some loops
 *   unreachable from some start cells; we keep the same set to find the
 *   same loops.
 * - Each closed path that passes the parity test above gives hints: one
 *   extra cell: type 1; more than two: type 2; exactly two: type 2 when
 *   their extras are one digit, else type 3 (naked sets then hidden sets,
 *   by degree from the number of extra digits, house type box, row, column,
 *   subsets in increasing order), then type 4.
 * - ALL hints of all loops are collected, then sorted by rating, then by
 *   type; the sort is stable, so the first found wins ties. Ratings are
 *   the reference's doubles (4.5 + 0.1 differs from 4.6 - 0.0 in the last
 *   bit, and the sort sees that), computed the same way here.
 * Since only the first hint after sorting is applied, we keep the first
 * hint with the smallest (rating, type) and stop early at the first type 1
 * rectangle, the smallest key possible.
 */
#include <string.h>
#include "finders.h"

typedef struct loop_search {
    const se_state *s;
    unsigned both;            /* the two loop digits, as a mask */
    int digit1, digit2;       /* 1-based, digit1 < digit2 */
    int path[81], length;
    uint8_t on_path[81];
    /* path cells per house and position parity: a loop whose house holds
     * two cells of one parity fails the loop test, so no extension of such
     * a path can give a hint; the search skips it (the reference walks it,
     * finds nothing, and nothing else it does depends on that walk) */
    uint8_t in_house[27][2];
    /* the best hint so far */
    int found;
    double best_rating;
    int best_type;
    se_hint *h;
    int done;                 /* a type 1 rectangle: nothing can beat it */
} loop_search;

/* The reference's rating of a loop of `cells` cells, as a double. */
static double loop_rating(int cells)
{
    double r = 4.5;
    if (cells >= 10)
        r += 0.3;
    if (cells >= 8)
        r += 0.2;
    else if (cells >= 6)
        r += 0.1;
    return r;
}

static int tenths(double r)
{
    return (int)((r + 0.05) * 10);
}

static int sees(int a, int b)
{
    const uint8_t *ha = se_cell_house[a], *hb = se_cell_house[b];
    return a != b && (ha[0] == hb[0] || ha[1] == hb[1] || ha[2] == hb[2]);
}

/* Offers a candidate hint (eliminations in `elim`); keeps it when it has
 * eliminations and beats the best so far strictly. */
static void offer(loop_search *ls, int type, double rating, const uint16_t elim[81])
{
    int any = 0;
    for (int c = 0; c < 81 && !any; c++)
        any = (elim[c] & ls->s->cand[c]) != 0;
    if (!any)
        return;
    if (ls->found && !(rating < ls->best_rating ||
                       (rating == ls->best_rating && type < ls->best_type)))
        return;
    ls->found = 1;
    ls->best_rating = rating;
    ls->best_type = type;
    int technique = (ls->length == 4 ? SE_UNIQUE_RECTANGLE_1 : SE_UNIQUE_LOOP_1) + type - 1;
    se_hint_clear(ls->h, technique, tenths(rating));
    for (int c = 0; c < 81; c++)
        ls->h->elim[c] = elim[c] & ls->s->cand[c];
    if (type == 1 && ls->length == 4)
        ls->done = 1;
}

/* Every house the loop touches holds one even- and one odd-position cell. */
static int valid_loop(const loop_search *ls)
{
    uint32_t seen[2] = { 0, 0 };
    for (int i = 0; i < ls->length; i++) {
        const uint8_t *hs = se_cell_house[ls->path[i]];
        for (int k = 0; k < 3; k++) {
            uint32_t bit = 1u << hs[k];
            if (seen[i & 1] & bit)
                return 0;
            seen[i & 1] |= bit;
        }
    }
    return seen[0] == seen[1];
}

/* Index of `cell` within `house`. */
static int index_in(int house, int cell)
{
    for (int i = 0; i < 9; i++)
        if (se_house_cell[house][i] == cell)
            return i;
    return -1;
}

static void type2(loop_search *ls, const int *extra_cells, int n, double rating)
{
    const se_state *s = ls->s;
    int x = se_lowest(s->cand[extra_cells[0]] & ~ls->both);
    uint16_t elim[81] = { 0 };
    for (int c = 0; c < 81; c++) {
        int all = 1;
        for (int i = 0; i < n && all; i++)
            all = sees(c, extra_cells[i]);
        if (all)
            elim[c] = (uint16_t)(1u << x);
    }
    offer(ls, 2, rating, elim);
}

static void type3(loop_search *ls, int c1, int c2, double rating)
{
    const se_state *s = ls->s;
    unsigned extra = (s->cand[c1] | s->cand[c2]) & ~ls->both;
    int extra_count = se_popcount(extra);
    for (int degree = extra_count; degree <= 7; degree++)
        for (int k = 0; k < 3; k++) {
            int house = se_cell_house[c1][k];
            if (!se_in_house(c2, house))
                continue;
            int empty = se_empty_count(s, house);
            int i1 = index_in(house, c1), i2 = index_in(house, c2);
            if (degree * 2 <= empty && degree <= 4) {
                /* naked: c1 stands for the pseudo-cell `extra`; c2 is left out */
                for (int j = 0; j < se_subset_count[degree]; j++) {
                    unsigned set = se_subsets[degree][j];
                    if (!(set >> i1 & 1) || (set >> i2 & 1))
                        continue;
                    unsigned naked = extra & s->cand[c1] & s->cand[c2], all = extra;
                    int ok = 1;
                    for (int i = 0; i < 9; i++)
                        if (i != i1 && (set >> i & 1)) {
                            unsigned p = s->cand[se_house_cell[house][i]];
                            naked |= p;
                            all |= p;
                            if (se_at_most_one_bit(p))
                                ok = 0;
                        }
                    /* the reference asks both: the digits common to c1 and
                     * c2 with the others, and all extras with the others */
                    if (se_popcount(naked) != degree || !ok || se_popcount(all) != degree)
                        continue;
                    uint16_t elim[81] = { 0 };
                    for (int i = 0; i < 9; i++) {
                        int c = se_house_cell[house][i];
                        if (!(set >> i & 1) && c != c2)
                            elim[c] = (uint16_t)all;
                    }
                    offer(ls, 3, rating + (degree - 1) * 0.1, elim);
                }
            }
            if (degree * 2 < empty) {
                /* hidden: the two loop digits and degree - 2 digits outside
                 * the loop and the extras, in the house without c2 */
                int rest[9], rest_count = 0;
                for (int d = 0; d < 9; d++)
                    if (!((ls->both | extra) >> d & 1))
                        rest[rest_count++] = d;
                if (degree - 2 > rest_count)
                    continue;
                for (int j = 0; j < se_subset_count[degree - 2]; j++) {
                    unsigned pick = se_subsets[degree - 2][j];
                    if (pick >> rest_count)
                        break; /* subsets in increasing order: no more within rest */
                    unsigned digits = ls->both, places = 0;
                    for (int i = 0; i < rest_count; i++)
                        if (pick >> i & 1)
                            digits |= 1u << rest[i];
                    int ok = 1;
                    for (unsigned m = digits; m; m &= m - 1) {
                        unsigned p = se_positions(s, house, se_lowest(m) + 1) & ~(1u << i2);
                        if (!p)
                            ok = 0;
                        places |= p;
                    }
                    if (!ok || se_popcount(places) != degree)
                        continue;
                    places &= ~(1u << i1);
                    uint16_t elim[81] = { 0 };
                    for (int i = 0; i < 9; i++)
                        if (places >> i & 1) {
                            int c = se_house_cell[house][i];
                            elim[c] = (uint16_t)~digits & 0x1ff;
                        }
                    offer(ls, 3, rating + (se_popcount(places) - 1) * 0.1, elim);
                }
            }
        }
}

static void type4(loop_search *ls, int c1, int c2, double rating)
{
    const se_state *s = ls->s;
    int lock1 = 0, lock2 = 0;
    for (int k = 0; k < 3; k++) {
        int house = se_cell_house[c1][k];
        if (!se_in_house(c2, house))
            continue;
        unsigned pair = 1u << index_in(house, c1) | 1u << index_in(house, c2);
        if (!(se_positions(s, house, ls->digit1) & ~pair))
            lock1 = 1;
        if (!(se_positions(s, house, ls->digit2) & ~pair))
            lock2 = 1;
    }
    if (!lock1 && !lock2)
        return;
    uint16_t elim[81] = { 0 };
    int gone = lock1 ? ls->digit2 : ls->digit1;
    elim[c1] = elim[c2] = (uint16_t)(1u << (gone - 1));
    offer(ls, 4, rating, elim);
}

static void loop_closed(loop_search *ls)
{
    if (!valid_loop(ls))
        return;
    const se_state *s = ls->s;
    int extra_cells[81], n = 0;
    for (int i = 0; i < ls->length; i++)
        if (se_popcount(s->cand[ls->path[i]]) > 2)
            extra_cells[n++] = ls->path[i];
    double rating = loop_rating(ls->length);
    if (n == 1) {
        uint16_t elim[81] = { 0 };
        elim[extra_cells[0]] = (uint16_t)ls->both;
        offer(ls, 1, rating, elim);
    } else if (n > 2) {
        type2(ls, extra_cells, n, rating);
    } else if (n == 2) {
        int c1 = extra_cells[0], c2 = extra_cells[1];
        unsigned extra = (s->cand[c1] | s->cand[c2]) & ~ls->both;
        if (se_one_bit(extra))
            type2(ls, extra_cells, n, rating);
        else if (extra)
            type3(ls, c1, c2, rating);
        type4(ls, c1, c2, rating);
    }
}

static void extend(loop_search *ls, int cell, int allowed_extra, unsigned extra, int last_type)
{
    const se_state *s = ls->s;
    const uint8_t *hc = se_cell_house[cell];
    int parity = ls->length & 1;
    ls->path[ls->length++] = cell;
    ls->on_path[cell] = 1;
    ls->in_house[hc[0]][parity]++;
    ls->in_house[hc[1]][parity]++;
    ls->in_house[hc[2]][parity]++;
    for (int t = 0; t < 3 && !ls->done; t++) {
        if (t == last_type)
            continue;
        int house = se_cell_house[cell][t];
        /* only the house's cells with both digits matter (the start is one) */
        unsigned both = se_positions(s, house, ls->digit1) & se_positions(s, house, ls->digit2);
        for (; both && !ls->done; both &= both - 1) {
            int next = se_house_cell[house][se_lowest(both)];
            if (next == ls->path[0] && ls->length >= 4) {
                loop_closed(ls);
            } else if (!ls->on_path[next]) {
                /* never cleared for the next sibling: see the top comment */
                extra |= s->cand[next] & ~ls->both;
                int big = se_popcount(s->cand[next]) > 2;
                const uint8_t *hn = se_cell_house[next];
                int p = ls->length & 1;
                if (ls->in_house[hn[0]][p] | ls->in_house[hn[1]][p] | ls->in_house[hn[2]][p])
                    continue; /* no valid loop through here (see in_house) */
                if (!big || se_one_bit(extra) || allowed_extra > 0)
                    extend(ls, next, allowed_extra - big, extra, t);
            }
        }
    }
    ls->on_path[cell] = 0;
    ls->length--;
    ls->in_house[hc[0]][parity]--;
    ls->in_house[hc[1]][parity]--;
    ls->in_house[hc[2]][parity]--;
}

int se_find_unique_loop(const se_state *s, se_hint *h)
{
    loop_search ls;
    memset(&ls, 0, sizeof ls);
    ls.s = s;
    ls.h = h;
    for (int c = 0; c < 81 && !ls.done; c++) {
        if (se_popcount(s->cand[c]) != 2)
            continue;
        ls.both = s->cand[c];
        ls.digit1 = se_lowest(ls.both) + 1;
        ls.digit2 = se_lowest(ls.both & (ls.both - 1)) + 1;
        extend(&ls, c, 2, 0, -1);
    }
    return ls.found;
}
