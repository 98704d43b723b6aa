/*
 * full_grid.c - rows 0 and 1 together, for the row engine (rows.c), on a
 * full grid whose rows and columns each hold nine distinct digits but
 * whose boxes clash (valid grids take valid_grid.c instead).
 *
 * Why it is needed. In such a grid row 0 is 123456789 under every column
 * order, so the row engine would tie all 1296 of them on each of its 18
 * lines and overflow. Why it is exact. A digit's label is the output
 * position of its column in row 0, so once rows 0-1 are chosen, row 1 is
 * determined by the column order alone. The columns are placed by branch
 * and bound on row 1: when row 1 reaches a digit whose row-0 column is not
 * placed yet, that column goes to the leftmost place it may take; any
 * other place gives a larger value at this position after the same prefix,
 * so it can neither win nor tie. Every (orientation, row pair, column
 * order) reaching the smallest rows 0-1 becomes a level-2 node, all of
 * whose columns are fixed, and the row engine goes on from there.
 */
#include "internal.h"

typedef struct top_search {
    const uint8_t *r1;        /* source row 1 */
    uint8_t pi[9];            /* column c of row 1 -> column of its digit in row 0 */
    colmap cm;                /* the columns */
    uint8_t v[9];
    uint8_t best[9];
    row_node proto;           /* t, R, rowused, band, w */
    const uint8_t *r0;
    row_node *out;
    int n, cap, overflow;
} top_search;

static void place_position(top_search *f, int j);

/* C[j] is placed: gives position j its value (placing pi(C[j]) leftmost
 * if needed), then goes on. */
static void value_at(top_search *f, int j)
{
    int c = f->pi[f->cm.C[j]];
    if (f->cm.Cinv[c] >= 0) {
        f->v[j] = (uint8_t)(f->cm.Cinv[c] + 1);
        if (minlex_cmp(f->v, f->best, j + 1) <= 0)
            place_position(f, j + 1);
        return;
    }
    for (int k = j + 1; k < 9; k++)
        if (colmap_allowed(&f->cm, k, c)) {
            f->v[j] = (uint8_t)(k + 1);
            if (minlex_cmp(f->v, f->best, j + 1) > 0)
                return;
            int fresh = colmap_place(&f->cm, k, c);
            place_position(f, j + 1);
            colmap_unplace(&f->cm, k, c, fresh);
            return;
        }
}

static void place_position(top_search *f, int j)
{
    if (f->overflow)
        return;
    if (j == 9) {
        int d = minlex_cmp(f->v, f->best, 9);
        if (d < 0) {
            memcpy(f->best, f->v, 9);
            f->n = 0;
        }
        if (f->n >= f->cap) {
            f->overflow = 1;
            return;
        }
        row_node *o = &f->out[f->n++];
        *o = f->proto;
        for (int k = 0; k < 9; k++) {
            o->col[k] = (uint8_t)f->cm.C[k];
            o->label[f->r0[f->cm.C[k]]] = (uint8_t)(k + 1);
        }
        return;
    }
    if (f->cm.C[j] >= 0) {
        value_at(f, j);
        return;
    }
    for (int c = 0; c < 9; c++)
        if (colmap_allowed(&f->cm, j, c)) {
            int fresh = colmap_place(&f->cm, j, c);
            value_at(f, j);
            colmap_unplace(&f->cm, j, c, fresh);
        }
}

/* Fills out[] with the level-2 nodes; returns their count, -1 on overflow.
 * best01 receives rows 0 and 1. */
int minlex_full_grid_top(const uint8_t g[2][81], int sym, row_node *out, int cap,
                         uint8_t best01[18])
{
    top_search f;
    f.out = out;
    f.cap = cap;
    f.n = 0;
    f.overflow = 0;
    memset(f.best, 0xFF, 9);
    /* When no row 1 shares a digit with its row 0 inside a box (every
     * valid grid), row 1 starts with three values from row-0 stacks other
     * than its own: 4 5 6 exactly when one of its stacks draws all three
     * digits from one stack of row 0, else at best 4 5 7. Pairs without
     * such a stack are then skipped when another pair has one. */
    uint8_t combo[36][3], ncombo = 0;
    int ckey[36], boxclean = 1;
    for (int t = 0; t < (sym ? 1 : 2); t++)
        for (int r0 = 0; r0 < 9; r0++)
            for (int r1 = r0 / 3 * 3; r1 < r0 / 3 * 3 + 3; r1++) {
                if (r1 == r0)
                    continue;
                const uint8_t *a = g[t] + r0 * 9, *b = g[t] + r1 * 9;
                int8_t where[10];
                int key = 0;
                for (int c = 0; c < 9; c++)
                    where[a[c]] = (int8_t)c;
                for (int c = 0; c < 9; c++)
                    if (where[b[c]] / 3 == c / 3)
                        boxclean = 0;
                for (int st = 0; st < 3; st++) {
                    int s0 = where[b[st * 3]] / 3, s1 = where[b[st * 3 + 1]] / 3,
                        s2 = where[b[st * 3 + 2]] / 3;
                    if (s0 == s1 && s1 == s2)
                        key = 1;
                }
                int k = ncombo++;
                while (k > 0 && ckey[k - 1] < key) {
                    ckey[k] = ckey[k - 1];
                    memcpy(combo[k], combo[k - 1], 3);
                    k--;
                }
                ckey[k] = key;
                combo[k][0] = (uint8_t)t;
                combo[k][1] = (uint8_t)r0;
                combo[k][2] = (uint8_t)r1;
            }
    for (int q = 0; q < ncombo; q++) {
        if (boxclean && ckey[q] < ckey[0])
            break;
        int t = combo[q][0], r0 = combo[q][1], r1 = combo[q][2];
        const uint8_t *a = g[t] + r0 * 9, *b = g[t] + r1 * 9;
        int8_t where[10];
        memset(where, -1, sizeof where);
        for (int c = 0; c < 9; c++)
            where[a[c]] = (int8_t)c;
        for (int c = 0; c < 9; c++)
            f.pi[c] = (uint8_t)where[b[c]];
        memset(&f.proto, 0, sizeof f.proto);
        f.proto.w = sym ? 2 : 1;
        f.proto.t = (uint8_t)t;
        f.proto.R[0] = (uint8_t)r0;
        f.proto.R[1] = (uint8_t)r1;
        f.proto.rowused = (uint16_t)(1u << r0 | 1u << r1);
        f.proto.band = (uint8_t)(r0 / 3);
        f.proto.cellstart = 0x1FF;
        f.proto.groupstart = 7;
        f.proto.next = 10;
        f.r0 = a;
        colmap_clear(&f.cm);
        place_position(&f, 0);
        if (f.overflow)
            return -1;
    }
    for (int k = 0; k < 9; k++)
        best01[k] = (uint8_t)(k + 1);
    memcpy(best01 + 9, f.best, 9);
    return f.n;
}

/* A full grid whose rows and columns each hold nine distinct digits: both
 * orientations then start 123456789. (Distinct rows alone are not enough:
 * a column with a repeated digit makes the transposed row 0 smaller, and
 * its digits are then missing from the row-0 map.) */
int minlex_full_grid_applies(const sudoku_grid *in)
{
    for (int r = 0; r < 9; r++) {
        uint16_t row = 0, col = 0;
        for (int c = 0; c < 9; c++) {
            uint8_t d = in->cell[r * 9 + c], e = in->cell[c * 9 + r];
            if (!d || (row >> d & 1) || (col >> e & 1))
                return 0;
            row |= (uint16_t)(1u << d);
            col |= (uint16_t)(1u << e);
        }
    }
    return 1;
}

