/*
 * valid_grid.c - the minlex form of a valid solution grid (every row,
 * column and box holds nine distinct digits): only the top band is
 * searched.
 *
 * Why that is exact. Output row 0 is 123456789 under every transform, so a
 * digit's label is the output column of its source column in row 0. Once
 * the top band's three rows and the column order are chosen, nothing is
 * left to choose: column 0 holds nine distinct digits, so the lower rows
 * start with distinct labels, the next band must be the one holding the
 * smallest of them, and inside each band the rows go by their first cell.
 * So the minimum over (orientation, top rows, column order) is the minimum
 * over the group.
 *
 * Row 1 prunes almost all of those choices. For top rows (r0, r1) let
 * pi(c) be the row-0 column holding row 1's digit in column c; output
 * row 1 is k -> 1 + Cinv(pi(C(k))). The smallest row 1 starts 4 5 6 7 8 9
 * when every stack of row 1 draws from one stack of row 0 (a "pure" band:
 * then all its pairs are) and 4 5 7 otherwise; both are always reachable
 * and each fixes the column order up to at most 18 choices per pair
 * (row_pair below). A bound on the rest of row 1 that depends only on
 * pi's cycle type (row1_bound.h, proved by the unit test for all 12,096
 * maps) orders the 36 pairs, so most are skipped without being laid out.
 * Every candidate is a distinct transform, so counting those that reach
 * the minimum counts the automorphisms.
 */
#include "internal.h"
#include "row1_bound.h"

/* The hot functions below are marked hot, which puts them in .text.hot at
 * the front of the text: their place then no longer moves with the size
 * of the other engines. It matters: growing rows.c by 8 KB, with not one
 * instruction changed here, made grids through SQL 10% slower. */

typedef struct valid_search {
    uint8_t g[2][81];
    uint8_t best[81];
    uint32_t key1;           /* the best row 1 so far, positions 3-8 */
    uint64_t ties;
    sudoku_transform bt;
} valid_search;

__attribute__((hot)) int minlex_is_valid_grid(const sudoku_grid *in)
{
    for (int a = 0; a < 9; a++) {
        uint16_t row = 0, col = 0, box = 0;
        for (int b = 0; b < 9; b++) {
            uint8_t d = in->cell[a * 9 + b], e = in->cell[b * 9 + a];
            uint8_t f = in->cell[(a / 3 * 3 + b / 3) * 9 + a % 3 * 3 + b % 3];
            if (!d || (row >> d & 1) || (col >> e & 1) || (box >> f & 1))
                return 0;
            row |= (uint16_t)(1u << d);
            col |= (uint16_t)(1u << e);
            box |= (uint16_t)(1u << f);
        }
    }
    return 1;
}

/* Output row i from source row `row` under columns C and labels: 0 as
 * soon as the form so far is larger than the best, else 1, with *lt set
 * once it is smaller (then only written out). */
static inline int lay_row(const valid_search *s, const uint8_t label[10], const uint8_t *row,
                         const uint8_t C[9], int i, int *lt, uint8_t out[81])
{
    for (int k = 0; k < 9; k++) {
        uint8_t v = label[row[C[k]]];
        int pos = i * 9 + k;
        if (!*lt) {
            if (v > s->best[pos])
                return 0;
            *lt = v < s->best[pos];
        }
        out[pos] = v;
    }
    return 1;
}

/* One candidate: orientation t, top rows R[0..2] (source rows of band R[0]/3),
 * column order C. Compared with the best as it is built; early exit. */
static __attribute__((hot)) void try_order(valid_search *s, int t, const uint8_t R[3],
                                           const uint8_t C[9])
{
    const uint8_t *g = s->g[t];
    uint8_t label[10], out[81];
    int lt = 0;
    for (int k = 0; k < 9; k++)
        label[g[R[0] * 9 + C[k]]] = (uint8_t)(k + 1);
    for (int i = 1; i < 3; i++)
        if (!lay_row(s, label, g + R[i] * 9, C, i, &lt, out))
            return;
    /* The lower bands: by their smallest first cell, rows by first cell. */
    int b = R[0] / 3, bA = b == 0 ? 1 : 0, bB = b == 2 ? 1 : 2;
    uint8_t f[9], rows[9];
    for (int r = bA * 3; r < bA * 3 + 3; r++)
        f[r] = label[g[r * 9 + C[0]]];
    for (int r = bB * 3; r < bB * 3 + 3; r++)
        f[r] = label[g[r * 9 + C[0]]];
    int mA = f[bA * 3], mB = f[bB * 3];
    for (int k = 1; k < 3; k++) {
        if (f[bA * 3 + k] < mA) mA = f[bA * 3 + k];
        if (f[bB * 3 + k] < mB) mB = f[bB * 3 + k];
    }
    if (mB < mA) {
        int tmp = bA;
        bA = bB;
        bB = tmp;
    }
    for (int h = 0; h < 2; h++) {
        int bb = h ? bB : bA;
        uint8_t *o = rows + 3 + h * 3;
        o[0] = (uint8_t)(bb * 3);
        o[1] = (uint8_t)(bb * 3 + 1);
        o[2] = (uint8_t)(bb * 3 + 2);
        for (int p = 1; p < 3; p++)
            for (int q = p; q > 0 && f[o[q]] < f[o[q - 1]]; q--) {
                uint8_t tmp = o[q];
                o[q] = o[q - 1];
                o[q - 1] = tmp;
            }
    }
    for (int i = 3; i < 9; i++)
        if (!lay_row(s, label, g + rows[i] * 9, C, i, &lt, out))
            return;
    /* A tie with no transform yet happens only against a preset bound
     * (sudoku_minlex_matches): it is the first witness. */
    if (!lt && s->ties++)
        return;
    if (lt) {
        memcpy(s->best + 9, out + 9, 72);
        s->ties = 1;
    }
    s->bt.transpose = (uint8_t)t;
    for (int k = 0; k < 9; k++) {
        s->bt.rows[k] = k < 3 ? R[k] : rows[k];
        s->bt.cols[k] = C[k];
    }
    s->bt.digits[0] = 0;
    memcpy(s->bt.digits + 1, label + 1, 9);
}

/* Row 1 alone decides most candidates: its positions 3-8 packed in a
 * word are compared first, and only orders that reach or beat the best
 * row 1 so far are laid out in full. */
static inline void try_candidate(valid_search *s, int t, const uint8_t R[3], const uint8_t pi[9],
                           const uint8_t C[9])
{
    uint8_t ci[9];
    uint32_t key = 0;
    for (int k = 0; k < 9; k++)
        ci[C[k]] = (uint8_t)k;
    for (int k = 3; k < 9; k++)
        key = key << 4 | ci[pi[C[k]]];
    if (key > s->key1)
        return;
    s->key1 = key;
    try_order(s, t, R, C);
}

/* Every column order giving rows (R[0], R[1]) of orientation t their
 * smallest row 1 prefix (4 5 6 7 8 9 for a pure band, 4 5 7 else). */
static __attribute__((hot)) void row_pair(valid_search *s, int t, const uint8_t R[3],
                                          const uint8_t pi[9], int pure)
{
    static const uint8_t p3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    uint8_t C[9];
    for (int X = 0; X < 3; X++) {
        int a = X * 3;
        if (pure) {
            /* Stack X first; the next stacks follow pi. */
            for (int q = 0; q < 6; q++) {
                for (int i = 0; i < 3; i++) {
                    C[i] = (uint8_t)(a + p3[q][i]);
                    C[3 + i] = pi[C[i]];
                    C[6 + i] = pi[C[3 + i]];
                }
                try_candidate(s, t, R, pi, C);
            }
            continue;
        }
        /* Mixed: the two columns of X drawing from one stack Y come first,
         * Y follows with their sources first, then the stack Z of the third
         * column's source, that source first. */
        int xa, xb, x3;
        if (pi[a] / 3 == pi[a + 1] / 3) {
            xa = a; xb = a + 1; x3 = a + 2;
        } else if (pi[a] / 3 == pi[a + 2] / 3) {
            xa = a; xb = a + 2; x3 = a + 1;
        } else {
            xa = a + 1; xb = a + 2; x3 = a;
        }
        int Y = pi[xa] / 3, Z = pi[x3] / 3;
        int yr = Y * 3 + Y * 3 + 1 + Y * 3 + 2 - pi[xa] - pi[xb];
        int z1 = -1, z2 = -1;
        for (int c = Z * 3; c < Z * 3 + 3; c++)
            if (c != pi[x3]) {
                if (z1 < 0) z1 = c; else z2 = c;
            }
        for (int o = 0; o < 2; o++) {
            C[0] = (uint8_t)(o ? xb : xa);
            C[1] = (uint8_t)(o ? xa : xb);
            C[2] = (uint8_t)x3;
            C[3] = pi[C[0]];
            C[4] = pi[C[1]];
            C[5] = (uint8_t)yr;
            C[6] = pi[x3];
            for (int z = 0; z < 2; z++) {
                C[7] = (uint8_t)(z ? z2 : z1);
                C[8] = (uint8_t)(z ? z1 : z2);
                try_candidate(s, t, R, pi, C);
            }
        }
    }
}

/* The minimum and automorphism count of a valid solution grid. With a
 * bound (a valid grid's form), the search starts from it as the best so
 * far: afterwards a->best is still the bound and a->ties > 0 exactly when
 * the grid's minlex form is the bound. */
__attribute__((hot)) void minlex_valid_grid(minlex_answer *a, const sudoku_grid *in,
                                            const uint8_t *bound)
{
    valid_search s;
    int pure[2][3], anypure = 0;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            s.g[0][r * 9 + c] = in->cell[r * 9 + c];
            s.g[1][r * 9 + c] = in->cell[c * 9 + r];
        }
    for (int t = 0; t < 2; t++)
        for (int b = 0; b < 3; b++) {
            const uint8_t *r0 = s.g[t] + b * 27, *r1 = r0 + 9;
            uint8_t where[10];
            for (int c = 0; c < 9; c++)
                where[r0[c]] = (uint8_t)c;
            pure[t][b] = where[r1[0]] / 3 == where[r1[1]] / 3 &&
                         where[r1[0]] / 3 == where[r1[2]] / 3;
            anypure |= pure[t][b];
        }
    for (int k = 0; k < 9; k++)
        s.best[k] = (uint8_t)(k + 1);
    memset(s.best + 9, 0xFF, 72);
    s.key1 = UINT32_MAX;
    if (bound) {
        memcpy(s.best + 9, bound + 9, 72);
        s.key1 = 0;
        for (int k = 3; k < 9; k++)
            s.key1 = s.key1 << 4 | (uint32_t)(bound[9 + k] - 1);
    }
    s.ties = 0;
    /* Each row pair's bound on row 1 (row1_bound.h) first: the pairs with
     * the smallest bound are laid out, then only the others whose bound
     * does not exceed the best row 1 found (in practice almost none). */
    uint8_t pt[36], pR[36][3], ppi[36][9];
    uint32_t lb[36], minlb = UINT32_MAX;
    int np = 0;
    for (int t = 0; t < 2; t++)
        for (int b = 0; b < 3; b++) {
            if (pure[t][b] != anypure)
                continue;
            int base = np;
            for (int i = 0; i < 3; i++) {
                const uint8_t *r0 = s.g[t] + (b * 3 + i) * 9;
                uint8_t where[10];
                for (int c = 0; c < 9; c++)
                    where[r0[c]] = (uint8_t)c;
                for (int j = 0; j < 3; j++) {
                    if (i == j)
                        continue;
                    const uint8_t *r1 = s.g[t] + (b * 3 + j) * 9;
                    pt[np] = (uint8_t)t;
                    pR[np][0] = (uint8_t)(b * 3 + i);
                    pR[np][1] = (uint8_t)(b * 3 + j);
                    pR[np][2] = (uint8_t)(b * 3 + 3 - i - j);
                    for (int c = 0; c < 9; c++)
                        ppi[np][c] = where[r1[c]];
                    /* The pair read the other way round maps by pi's
                     * inverse: same cycle type, same bound. */
                    lb[np] = j < i ? lb[base + j * 2 + i - 1]
                                   : minlex_row1_bound(minlex_cycle_code(ppi[np]), anypure);
                    if (lb[np] < minlb)
                        minlb = lb[np];
                    np++;
                }
            }
        }
    for (int q = 0; q < np; q++)
        if (lb[q] == minlb)
            row_pair(&s, pt[q], pR[q], ppi[q], anypure);
    for (int q = 0; q < np; q++)
        if (lb[q] != minlb && lb[q] <= s.key1)
            row_pair(&s, pt[q], pR[q], ppi[q], anypure);
    memcpy(a->best, s.best, 81);
    a->ties = s.ties;
    a->bt = s.bt;
    a->pending = 0;
}
