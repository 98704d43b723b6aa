/*
 * nested_lists.c - the implication lists of a nested level's reduced grid
 * (nested_state.h): per candidate, what its "on" turns off and what its
 * "off" turns on, on the grid at hand, made on first use. A candidate's
 * lists depend on its cell's candidates and its digit's places in its
 * three houses, nothing else; the grids of consecutive inner runs differ
 * in a few candidates, so the lists of the last grid stay unless one of
 * those changed.
 */
#include "nested_lists.h"

/* The "on -> off" lists of candidate k on the grid of the tables, made
 * on first use: the cell's other digits, then the digit's other places
 * in the box, the row and the column (the lines without the box's
 * cells), as se_on_to_off lists them; without the cell rule, the same
 * less the cell's digits. Most of them are never read by the searches
 * of a grid. */
void se_nested_make_on_off(struct se_nested *in, int k)
{
    const se_state *g = in->table_grid;
    int cell = k / 9, d = k % 9;
    unsigned cand = g->cand[cell];
    const uint8_t *hs = se_cell_house[cell], *at = se_cell_place[cell];
    uint16_t *with = in->on_off[1][k], *without = in->on_off[0][k];
    int n = 0, others;
    for (unsigned o = cand & ~(1u << d); o; o &= o - 1)
        with[n++] = (uint16_t)(cell * 9 + se_lowest(o));
    others = n;
    for (int t = 0; t < 3; t++) {
        unsigned places = g->pos[hs[t]][d + 1] & ~(1u << at[t]);
        if (t)
            places &= ~(unsigned)se_house_in[hs[t]][hs[0]];
        const uint8_t *hc = se_house_cell[hs[t]];
        for (; places; places &= places - 1)
            with[n++] = (uint16_t)(hc[se_lowest(places)] * 9 + d);
    }
    with[28] = (uint16_t)n;
    memcpy(without, with + others, sizeof(uint16_t) * (size_t)(n - others));
    without[28] = (uint16_t)(n - others);
    in->on_off_gen[k] = in->tables_gen;
}

/* The "off -> on" lists of candidate k on the grid of the tables, made
 * on first use: Y (the cell's other digit when it has two), then X (the
 * other place in each house where the digit has two, box, row, column,
 * each "on" once), as se_off_to_on_keys lists them; 0 ends a list. */
void se_nested_make_off_on(struct se_nested *in, int k)
{
    const se_state *g = in->table_grid;
    int cell = k / 9, d = k % 9;
    unsigned cand = g->cand[cell];
    const uint8_t *hs = se_cell_house[cell], *at = se_cell_place[cell];
    uint16_t *xy = in->off_on[2][k], *y = in->off_on[1][k], *x = in->off_on[0][k];
    int8_t *xyr = in->off_on_rule[2][k], *yr = in->off_on_rule[1][k], *xr = in->off_on_rule[0][k];
    memset(xy, 0, sizeof(uint16_t) * 4);
    memset(y, 0, sizeof(uint16_t) * 4);
    memset(x, 0, sizeof(uint16_t) * 4);
    int ny = 0, nx = 0;
    if (in->two[cell]) {
        xy[0] = y[0] = (uint16_t)(729 + cell * 9 + se_lowest(cand & ~(1u << d)));
        xyr[0] = yr[0] = -1;
        ny = 1;
    }
    for (int t = 0; t < 3; t++) {
        if (!(in->pair[hs[t]] >> d & 1))
            continue; /* not exactly two places */
        unsigned places = g->pos[hs[t]][d + 1];
        int key = 729 + se_house_cell[hs[t]][se_lowest(places & ~(1u << at[t]))] * 9 + d;
        int dup = 0;
        for (int i = 0; i < nx; i++)
            dup |= x[i] == key;
        if (dup)
            continue;
        x[nx] = xy[ny + nx] = (uint16_t)key;
        xr[nx] = xyr[ny + nx] = (int8_t)hs[t];
        nx++;
    }
    in->off_on_gen[k] = in->tables_gen;
}

/* Which digits of house h have exactly two places on grid g. */
static uint16_t pairs_of(const se_state *g, int h)
{
    unsigned pair = 0;
    for (int d = 1; d <= 9; d++) {
        unsigned places = g->pos[h][d];
        if (places && se_one_bit(places & (places - 1)))
            pair |= 1u << (d - 1);
    }
    return (uint16_t)pair;
}

/*
 * The tables of grid g: which cells have two candidates and which digits
 * two places in each house; the lists on demand. A candidate's lists
 * depend on its cell's candidates and its digit's places in its three
 * houses, nothing else; the grids of consecutive inner runs differ in a
 * few candidates (a fifth to a third of the lists change), so the lists
 * of the last grid stay unless one of those changed.
 */
static void make_tables(struct se_nested *in, const se_state *g)
{
    in->table_grid = g;
    if (!in->tables_known || in->plain) { /* (the twin makes every list anew) */
        if (++in->tables_gen == 0) {
            memset(in->on_off_gen, 0, sizeof in->on_off_gen);
            memset(in->off_on_gen, 0, sizeof in->off_on_gen);
            in->tables_gen = 1;
        }
        for (int cell = 0; cell < 81; cell++) {
            unsigned cand = g->cand[cell];
            in->two[cell] = (uint8_t)(cand && se_one_bit(cand & (cand - 1)));
        }
        for (int h = 0; h < 27; h++)
            in->pair[h] = pairs_of(g, h);
        memcpy(in->tables_cand, g->cand, sizeof in->tables_cand);
        in->tables_known = 1;
        return;
    }
    uint16_t digits[27] = { 0 }; /* per house, the digits whose places changed */
    for (int cell = 0; cell < 81; cell++) {
        unsigned cand = g->cand[cell], changed = cand ^ in->tables_cand[cell];
        if (!changed)
            continue;
        in->tables_cand[cell] = (uint16_t)cand;
        in->two[cell] = (uint8_t)(cand && se_one_bit(cand & (cand - 1)));
        for (int d = 0; d < 9; d++) /* the cell's own lists */
            in->on_off_gen[cell * 9 + d] = in->off_on_gen[cell * 9 + d] = 0;
        for (int t = 0; t < 3; t++)
            digits[se_cell_house[cell][t]] |= (uint16_t)changed;
    }
    for (int h = 0; h < 27; h++) {
        if (!digits[h])
            continue;
        in->pair[h] = pairs_of(g, h);
        const uint8_t *hc = se_house_cell[h];
        for (int i = 0; i < 9; i++)
            for (unsigned m = digits[h]; m; m &= m - 1) {
                int k = hc[i] * 9 + se_lowest(m);
                in->on_off_gen[k] = in->off_on_gen[k] = 0;
            }
    }
}

/* The implication lists of grid cur, which the searches read (a
 * narrowed plan needs no graph: no node numbers). */
void se_nested_prepare_tables(struct se_nested *in, const se_state *cur)
{
    if (!in->tabled) {
        make_tables(in, cur);
        in->tabled = 1;
    }
}

/* The tables and the graph's nodes for grid cur: every "off", then every
 * "on", in key order. */
void se_nested_prepare(struct se_nested *in, const se_state *cur)
{
    se_nested_prepare_tables(in, cur);
    se_reach *r = &in->reach;
    int half = 0;
    for (int c = 0; c < 81; c++)
        half += se_popcount(cur->cand[c]);
    memset(in->node_of, -1, sizeof in->node_of);
    /* the "on"s in the same order as the "off"s, after them */
    for (int c = 0, n = 0; c < 81; c++)
        for (unsigned m = cur->cand[c]; m; m &= m - 1, n++) {
            int k = c * 9 + se_lowest(m);
            in->node_of[k] = (int16_t)n;
            in->node_of[k + 729] = (int16_t)(n + half);
            in->key_of[n] = (uint16_t)k;
            in->key_of[n + half] = (uint16_t)(k + 729);
        }
    r->n = 2 * half;
    in->prepared = 1;
}
