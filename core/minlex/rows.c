/*
 * rows.c - the row engine: breadth first over output rows, the fast path
 * for every grid that is not a valid solution grid (puzzles, partial grids,
 * clashing grids, full grids with clashing boxes), for the digit pass of
 * pattern mode, and for the bounded test behind sudoku_minlex_matches.
 *
 * All live nodes of a level share the same output prefix, the smallest
 * one so far. A node (row_node, internal.h) holds the transpose flag, the
 * source rows chosen, the digit labels, and the remaining column freedom
 * as an ordered partition: stack groups (consecutive output stack slots
 * whose source stacks are still interchangeable, with the same cell
 * structure) and, inside each slot, cells (consecutive output columns whose
 * source columns are still interchangeable). A candidate row is laid out
 * greedily: inside a cell, empty first, then known labels ascending, then
 * new digits, whose order is the only real choice (it fixes their labels)
 * and is branched on; equal values stay tied as a smaller cell. Inside a
 * stack group every order of the stacks is tried, except that adjacent
 * stacks with the same content in this row stay tied.
 *
 * Why it is exact. The partition is refined, never enumerated: columns
 * left in one cell are interchangeable for every row laid out so far, so
 * any order of them gives the same prefix and the choice can wait. Every
 * transform is therefore represented by exactly one node (or one weighted
 * representative of identical rows), and a child is dropped only when its
 * row is larger than the best row any node of the level reaches, after
 * the same prefix: nothing below it can win or tie. So the pruning is
 * global and the leaves also count the automorphisms. The shortcuts (the
 * row-0 key, the leading-empties bound) only drop rows that provably lay
 * out larger, and a row whose givens are all new digits, all different,
 * is laid out from its pattern alone (lay_new_row), giving the children
 * the generic layout keeps, in its order. A level with more than ROW_CAP
 * nodes (full grids: the first row alone ties 18 x 1296 column orders)
 * gives up, and the caller runs
 * the cell search (cells.c) instead; full grids with distinct rows and
 * columns start at level 2 from full_grid.c.
 */
#include "internal.h"

/* The row-0 key part of a line with nonzero-cell mask m: its empty cells
 * per stack, sorted, most first, as e0 * 16 + e1 * 4 + e2, and above it
 * (<< 8) its number of empty cells. A table of all 512 masks, written out
 * by the preprocessor. */
#define KEY_E(m, s) (!((m) >> (3 * (s)) & 1) + !((m) >> (3 * (s) + 1) & 1) + \
                    !((m) >> (3 * (s) + 2) & 1))
#define KEY_MAX3(a, b, c) ((a) > (b) ? ((a) > (c) ? (a) : (c)) : ((b) > (c) ? (b) : (c)))
#define KEY_MIN3(a, b, c) ((a) < (b) ? ((a) < (c) ? (a) : (c)) : ((b) < (c) ? (b) : (c)))
#define KEY_K3(a, b, c) (KEY_MAX3(a, b, c) * 16 + \
                        ((a) + (b) + (c) - KEY_MAX3(a, b, c) - KEY_MIN3(a, b, c)) * 4 + \
                        KEY_MIN3(a, b, c))
#define KEY_K(m) (KEY_K3(KEY_E(m, 0), KEY_E(m, 1), KEY_E(m, 2)) | \
                (KEY_E(m, 0) + KEY_E(m, 1) + KEY_E(m, 2)) << 8)
#define KEY_K4(m) KEY_K(m), KEY_K((m) + 1), KEY_K((m) + 2), KEY_K((m) + 3)
#define KEY_K16(m) KEY_K4(m), KEY_K4((m) + 4), KEY_K4((m) + 8), KEY_K4((m) + 12)
#define KEY_K64(m) KEY_K16(m), KEY_K16((m) + 16), KEY_K16((m) + 32), KEY_K16((m) + 48)
#define KEY_K256(m) KEY_K64(m), KEY_K64((m) + 64), KEY_K64((m) + 128), KEY_K64((m) + 192)
static const uint16_t row0_key_tab[512] = {KEY_K256(0), KEY_K256(256)};

typedef struct row_search {
    uint8_t g[2][81];
    uint16_t twins[2][9]; /* rows interchangeable with row r (as cells.c merges them) */
    const uint8_t *row;   /* the candidate source row being laid out */
    uint8_t out[9];       /* the row under construction */
    uint8_t best[9];      /* the best row of the level so far */
    row_node *next;       /* children of the level */
    int n, overflow, cap;
    int key0[2][9], bestkey[2];
    uint16_t root_direct[2]; /* lines level 0 takes straight to lay_new_row */
    int root_simple[2];      /* no other line of that orientation can be row 0 */
    uint8_t zeros[2][9];  /* empty cells per row */
    uint16_t given[2][9]; /* per row, bit c: column c holds a given */
    uint16_t digits[2][9]; /* per row, bit d: it holds digit d; bit 0 alone
                            * when it holds a digit twice */
    int lead;             /* leading empty cells of best (0 while none) */
    int fixedrows;        /* pattern mode's digit pass: rows come from R[] */
    int generic;          /* the tests' twin: no lay_new_row, no level-0 shortcut */
    const uint8_t *bound; /* equivalence test: the form to reach, else NULL */
} row_search;

/* The end of the cell starting at output column p (the next cell start or
 * stack boundary), and of the stack group starting at slot s. */
static inline int cell_end(unsigned cellstart, int p)
{
    return p + 1 + __builtin_ctz((cellstart | 0x248u) >> (p + 1));
}

static inline int group_end(unsigned groupstart, int s)
{
    return s + 1 + __builtin_ctz((groupstart | 8u) >> (s + 1));
}

/* minlex_cmp of two whole rows, the first eight bytes as one number (a row
 * that reaches emit_row usually ties the best one all along). */
static inline int cmp_row(const uint8_t *a, const uint8_t *b)
{
    uint64_t u, v;
    memcpy(&u, a, 8);
    memcpy(&v, b, 8);
    if (u != v) {
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__
        u = __builtin_bswap64(u);
        v = __builtin_bswap64(v);
#endif
        return u < v ? -1 : 1;
    }
    return (a[8] > b[8]) - (a[8] < b[8]);
}

/* lt as in lay_cells: the row against the best if known (1 below, 0 equal),
 * -1 if not. */
static void emit_row(row_search *x, const row_node *c, int lt)
{
    int d = lt < 0 ? cmp_row(x->out, x->best) : -lt;
    if (d > 0)
        return;
    if (d < 0) {
        memcpy(x->best, x->out, 9);
        /* Leading empties of the new best, without a data-dependent loop. */
        unsigned given = minlex_nonzero_mask8(x->best) | (unsigned)(x->best[8] != 0) << 8;
        x->lead = __builtin_ctz(given | 0x200u);
        x->n = 0;
    }
    if (x->n >= x->cap) {
        x->overflow = 1;
        return;
    }
    x->next[x->n++] = *c;
}

static void lay_group(row_search *x, row_node *c, int slot, int lt);

/* The label digit d (0: empty, label 0) shows under c, a new digit taking
 * the next label; written without branches on d, which follow the row's
 * data and are poorly predicted. (label[0] stays 0: it is only ever
 * written back.) */
static inline uint8_t label_of(row_node *c, uint8_t d)
{
    uint8_t l = c->label[d];
    int fresh = d != 0 && l == 0;
    l = fresh ? c->next : l;
    c->label[d] = l;
    c->next = (uint8_t)(c->next + fresh);
    return l;
}

/* The k cells of a cell group, values under `label` (0 for empty) sorted
 * ascending with their columns: the greedy layout inside a cell. */
static inline void sort_cell(const uint8_t label[10], const uint8_t *ds,
                                const uint8_t *cols, int k, uint8_t *ov, uint8_t *oc)
{
    for (int a = 0; a < k; a++) {
        uint8_t w = ds[a] ? label[ds[a]] : 0;
        int b = a;
        while (b > 0 && ov[b - 1] > w) {
            ov[b] = ov[b - 1];
            oc[b] = oc[b - 1];
            b--;
        }
        ov[b] = w;
        oc[b] = cols[a];
    }
}

/* Lays out the cells from output column p to gend (the end of the current
 * stack group), then the next groups. Cells and groups without a choice are
 * laid out in place in a loop; only real choices recurse. */
static void lay_cells(row_search *x, row_node *c, int p, int gend, int lt)
{
    static const uint8_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    /* lt: whether out[0..p) is already below best (1), equal to it (0), or
     * not known (-1: the best may have changed since the caller compared;
     * it changes only when a row is emitted). */
    if (x->overflow)
        return;
    for (;;) {
        if (p == gend) {
            if (p == 9) {
                emit_row(x, c, lt);
                return;
            }
            int slot = p / 3, end = group_end(c->groupstart, slot);
            if (end - slot > 1) {
                lay_group(x, c, slot, lt);
                return;
            }
            gend = end * 3;
        }
        int e = cell_end(c->cellstart, p);
        int k = e - p, nn = 0;
        /* Fast paths without a choice: a one-column cell, and a cell whose
         * columns are all empty in this row (most cells of sparse rows):
         * the cell keeps its columns, only the values are new. */
        if (k == 1) {
            uint8_t v = label_of(c, x->row[c->col[p]]);
            x->out[p] = v;
            if (lt <= 0) {
                int cmp = lt < 0 ? minlex_cmp(x->out, x->best, e)
                                 : (v > x->best[p]) - (v < x->best[p]);
                if (cmp > 0)
                    return;
                lt = cmp < 0;
            }
            p = e;
            continue;
        }
        unsigned any = x->row[c->col[p]] | x->row[c->col[p + 1]];
        if (k == 3)
            any |= x->row[c->col[p + 2]];
        if (!any) {
            x->out[p] = x->out[p + 1] = 0;
            if (k == 3)
                x->out[p + 2] = 0;
            if (lt <= 0) {
                int cmp = lt < 0 ? minlex_cmp(x->out, x->best, e)
                                 : minlex_cmp(x->out + p, x->best + p, k);
                if (cmp > 0)
                    return;
                lt = cmp < 0;
            }
            p = e;
            continue;
        }
        uint8_t cols[3], ds[3], nd[3], oc[3], ov[3];
        /* The distinct new (unlabelled) digits of the cell: their order is
         * the choice; everything else is sorted. */
        for (int a = 0; a < k; a++) {
            uint8_t d = x->row[c->col[p + a]];
            cols[a] = c->col[p + a];
            ds[a] = d;
            if (d && !c->label[d]) {
                int seen = 0;
                for (int b = 0; b < nn; b++)
                    seen |= nd[b] == d;
                if (!seen)
                    nd[nn++] = d;
            }
        }
        if (nn <= 1) {
            /* One choice (the common case): lay out in place, no copy. */
            if (nn)
                c->label[nd[0]] = c->next++;
            sort_cell(c->label, ds, cols, k, ov, oc);
            /* k is 2 or 3 here; written out so that the compiler does not
             * turn these short copies into library calls. */
            x->out[p] = ov[0];
            x->out[p + 1] = ov[1];
            if (k == 3)
                x->out[p + 2] = ov[2];
            int d = lt < 0 ? minlex_cmp(x->out, x->best, e)
                           : lt ? -1 : minlex_cmp(x->out + p, x->best + p, k);
            if (d > 0)
                return;
            lt = d < 0;
            c->col[p] = oc[0];
            c->col[p + 1] = oc[1];
            c->cellstart |= (uint16_t)((ov[1] != ov[0]) << (p + 1));
            if (k == 3) {
                c->col[p + 2] = oc[2];
                c->cellstart |= (uint16_t)((ov[2] != ov[1]) << (p + 2));
            }
            p = e;
            continue;
        }
        int np = nn == 3 ? 6 : 2;
        for (int q = 0; q < np; q++) {
            row_node ch = *c;
            /* perms[0] and perms[2] order the first two the two ways. */
            const uint8_t *pm = perms[nn == 2 ? 2 * q : q];
            for (int b = 0; b < nn; b++)
                ch.label[nd[pm[b]]] = ch.next++;
            sort_cell(ch.label, ds, cols, k, ov, oc);
            ch.col[p] = oc[0];
            ch.col[p + 1] = oc[1];
            x->out[p] = ov[0];
            x->out[p + 1] = ov[1];
            ch.cellstart |= (uint16_t)((ov[1] != ov[0]) << (p + 1));
            if (k == 3) {
                ch.col[p + 2] = oc[2];
                x->out[p + 2] = ov[2];
                ch.cellstart |= (uint16_t)((ov[2] != ov[1]) << (p + 2));
            }
            int d = lt < 0 ? minlex_cmp(x->out, x->best, e)
                           : lt ? -1 : minlex_cmp(x->out + p, x->best + p, k);
            if (d > 0)
                continue;
            lay_cells(x, &ch, e, gend, d < 0);
            lt = -1;
            if (x->overflow)
                return;
        }
        return;
    }
}

/* Tries every order of the stacks of the group starting at `slot`; adjacent
 * stacks with the same content in this row (same digits per cell) stay
 * tied, in one order only. */
static void lay_group(row_search *x, row_node *c, int slot, int lt)
{
    int end = group_end(c->groupstart, slot);
    int m = end - slot;
    if (m == 1) {
        lay_cells(x, c, slot * 3, end * 3, lt);
        return;
    }
    /* Content key of each stack: its row digits sorted inside each cell
     * (so empty first, as the layout puts them), and its leading empties. */
    uint8_t key[3][3], cls[3], lz[3];
    for (int i = 0; i < m; i++) {
        int base = (slot + i) * 3;
        for (int a = 0; a < 3; a++) {
            uint8_t d = x->row[c->col[base + a]];
            int b = a;
            while (b > 0 && !(c->cellstart >> (base + b) & 1) && key[i][b - 1] > d) {
                key[i][b] = key[i][b - 1];
                b--;
            }
            key[i][b] = d;
        }
        lz[i] = (uint8_t)(key[i][0] ? 0 : key[i][1] ? 1 : key[i][2] ? 2 : 3);
        cls[i] = (uint8_t)i;
        for (int j = 0; j < i; j++)
            if (key[i][0] == key[j][0] && key[i][1] == key[j][1] && key[i][2] == key[j][2]) {
                cls[i] = (uint8_t)j;
                break;
            }
    }
    static const uint8_t p2[2][3] = {{0, 1, 2}, {1, 0, 2}};
    static const uint8_t p3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int np = m == 2 ? 2 : 6;
    for (int q = 0; q < np; q++) {
        const uint8_t *pm = m == 2 ? p2[q] : p3[q];
        int ok = 1;
        /* A stack starting with more empty cells than the one before it
         * would make this order larger than the one swapping them. */
        for (int i = 1; i < m; i++)
            if ((cls[pm[i]] == cls[pm[i - 1]] && pm[i] < pm[i - 1]) ||
                lz[pm[i]] > lz[pm[i - 1]])
                ok = 0;
        if (!ok)
            continue;
        row_node ch = *c;
        for (int i = 0; i < m; i++) {
            memcpy(ch.col + (slot + i) * 3, c->col + (slot + pm[i]) * 3, 3);
            if (i && cls[pm[i]] != cls[pm[i - 1]])
                ch.groupstart |= (uint8_t)(1u << (slot + i));
        }
        lay_cells(x, &ch, slot * 3, end * 3, lt);
        lt = -1;
        if (x->overflow)
            return;
    }
}

static uint64_t factorial3(int k)
{
    return k == 3 ? 6 : k == 2 ? 2 : 1;
}

/* Column orders a final node stands for: tied stacks and tied columns. */
static uint64_t column_weight(const row_node *c)
{
    uint64_t w = 1;
    for (int s = 0; s < 3;) {
        int end = group_end(c->groupstart, s);
        int m = end - s;
        w *= factorial3(m);
        for (int p = s * 3; p < s * 3 + 3;) {
            int e = cell_end(c->cellstart, p);
            for (int i = 0; i < m; i++)
                w *= factorial3(e - p);
            p = e;
        }
        s = end;
    }
    return w;
}
/* The row under a node whose columns are all fixed (the common case below
 * the top band): no choice left, one pass with early exit. The label of
 * each cell is found without branches on the digit (label_of), which pays
 * in the search, where the rows tried follow the data; pattern mode's
 * digit pass, whose rows are fixed, goes faster with the plain test
 * (predictable_labels). */
static inline __attribute__((always_inline)) void lay_fixed_with(row_search *x, row_node *c,
                                                                 int predictable_labels)
{
    const uint8_t *row = x->row;
    int lt = 0;
    for (int k = 0; k < 9; k++) {
        uint8_t d = row[c->col[k]], v;
        if (predictable_labels) {
            v = 0;
            if (d) {
                if (!c->label[d])
                    c->label[d] = c->next++;
                v = c->label[d];
            }
        } else {
            v = label_of(c, d);
        }
        if (!lt) {
            if (v > x->best[k])
                return;
            lt = v < x->best[k];
        }
        x->out[k] = v;
    }
    emit_row(x, c, lt);
}

static void lay_fixed(row_search *x, row_node *c)
{
    lay_fixed_with(x, c, 0);
}

static void lay_fixed_pattern(row_search *x, row_node *c)
{
    lay_fixed_with(x, c, 1);
}

/* Leading empty cells of one stack laid out (empties first in each cell),
 * indexed by its cell structure (bit 0: a cell starts at its second
 * column, bit 1: at its third) and its three given bits in output order
 * (bit 2 = first column). */
static const uint8_t stack_lead[4][8] = {
    {3, 2, 2, 1, 2, 1, 1, 0},
    {3, 2, 2, 1, 0, 0, 0, 0},
    {3, 2, 1, 1, 1, 1, 0, 0},
    {3, 2, 1, 1, 0, 0, 0, 0},
};

/* Per output stack slot of a node: where its source stack sits in a row's
 * given mask, the order of its columns, and its cell structure; computed
 * once per node for all the rows it tries. */
typedef struct node_slots {
    uint8_t shift[3];
    const uint8_t *bits[3];
    const uint8_t *lead[3];
} node_slots;

static inline void node_slots_of(const row_node *c, node_slots *sl)
{
    for (int s = 0; s < 3; s++) {
        const uint8_t *col = c->col + 3 * s;
        unsigned base = col[0] / 3u * 3u;
        sl->shift[s] = (uint8_t)base;
        sl->bits[s] =
            minlex_stack_bits[(col[0] - base) | (col[1] - base) << 2 | (col[2] - base) << 4];
        sl->lead[s] = stack_lead[(c->cellstart >> (3 * s + 1)) & 3];
    }
}

/* The most leading empty cells a source row with given mask m can have
 * under node c's column freedom: whole empty stacks of the first stack
 * group go first, then the stack of the group with the longest empty
 * start; a group all of whose stacks are empty passes on to the next one.
 * Each cell puts its empty cells first. */
static int most_leading_empties(const row_node *c, const node_slots *sl, unsigned m)
{
    int lead = 0;
    for (int s = 0; s < 3;) {
        int end = group_end(c->groupstart, s), full = 0, bestz = 0;
        for (int t = s; t < end; t++) {
            unsigned raw = sl->bits[t][(m >> sl->shift[t]) & 7];
            int z = sl->lead[t][raw];
            /* Without branches: which stacks are empty follows the row. */
            int partial = z == 3 ? 0 : z;
            full += z == 3;
            bestz = partial > bestz ? partial : bestz;
        }
        lead += full * 3;
        if (full < end - s)
            return lead + bestz;
        s = end;
    }
    return lead;
}

/* The smallest label any digit of source row `row` (givens in mask m)
 * takes under node c: its label, or c->next for a digit not met yet. */
static inline unsigned least_label(const row_node *c, const uint8_t *row, unsigned m)
{
    unsigned least = c->next;
    for (; m; m &= m - 1) {
        unsigned l = c->label[row[__builtin_ctz(m)]];
        if (l && l < least)
            least = l;
    }
    return least;
}

/* For the first eight cells of a row pattern b (bit 7 = column 0): byte k
 * (in memory order) is the rank of column k among the givens (1 for the
 * first) if it holds one, else 0. All 256 patterns, by the preprocessor. */
#define RK_POP8(b) (((b) & 1) + ((b) >> 1 & 1) + ((b) >> 2 & 1) + ((b) >> 3 & 1) + \
                    ((b) >> 4 & 1) + ((b) >> 5 & 1) + ((b) >> 6 & 1) + ((b) >> 7 & 1))
#define RK_BYTE(b, k) \
    ((uint64_t)((((b) >> (7 - (k))) & 1) * RK_POP8((b) >> (7 - (k)))) << (8 * (k)))
#define RK(b) (RK_BYTE(b, 0) | RK_BYTE(b, 1) | RK_BYTE(b, 2) | RK_BYTE(b, 3) | \
               RK_BYTE(b, 4) | RK_BYTE(b, 5) | RK_BYTE(b, 6) | RK_BYTE(b, 7))
#define RK4(b) RK(b), RK((b) + 1), RK((b) + 2), RK((b) + 3)
#define RK16(b) RK4(b), RK4((b) + 4), RK4((b) + 8), RK4((b) + 12)
#define RK64(b) RK16(b), RK16((b) + 16), RK16((b) + 32), RK16((b) + 48)
static const uint64_t given_rank[256] = {RK64(0), RK64(64), RK64(128), RK64(192)};

/* Which digits hold a label under c (bit d: digit d), and bit 0 always,
 * to meet row_search's mark for rows with a repeated digit. */
static inline unsigned labelled_digits(const row_node *c)
{
    return (minlex_nonzero_mask8(c->label + 1) | (unsigned)(c->label[9] != 0) << 8) << 1 | 1u;
}

/* A row whose givens are all new under c (no label yet) and all
 * different, given mask m, laid out directly: the children lay_group and
 * lay_cells would keep, in their order. Most rows of the top band of a
 * sparse puzzle are such rows. Why it is the same: the givens take the
 * labels c->next, c->next + 1, ... in output order whatever the layout,
 * so the row's value depends only on where its givens go, and of two
 * layouts the smaller is the one with the smaller pattern (givens as
 * ones). The smallest pattern is found as in pattern.c: empties first in
 * each cell (minlex_stack_layout), stacks of a group in ascending order
 * of their laid-out value. If that row is larger than the level's best,
 * every layout is and nothing survives (lay_cells would keep nothing);
 * otherwise the layouts reaching it are the children lay_cells keeps at
 * the end of the level (the larger ones it may emit first are dropped by
 * the first smaller row, which emit_row sees). Those layouts are: the
 * stack orders of each group with non-decreasing values (two stacks
 * empty in this row have the same content, so lay_group keeps them in
 * one order), times every order of the givens of a cell (each fixes
 * their labels; lay_cells tries them in its perms order). They are
 * emitted as lay_cells' recursion does, the leftmost choice outermost. */
static void lay_new_row(row_search *x, const row_node *c, unsigned m)
{
    static const uint8_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    unsigned code[3], v[3], gs = c->groupstart;
    for (int s = 0; s < 3; s++) {
        const uint8_t *col = c->col + 3 * s;
        unsigned base = col[0] / 3u * 3u;
        unsigned raw = minlex_stack_bits[(col[0] - base) | (col[1] - base) << 2 |
                                         (col[2] - base) << 4][(m >> base) & 7];
        code[s] = minlex_stack_layout[(c->cellstart >> (3 * s + 1)) & 3][raw];
        v[s] = code[s] & 7;
    }
    /* The smallest pattern: a stable sort by value inside each stack
     * group (groups are 0-1-2, 0-1|2, 0|1-2 or 0|1|2). */
    uint8_t ord[3] = {0, 1, 2};
    if (!(gs & 2) && v[1] < v[0]) {
        ord[0] = 1;
        ord[1] = 0;
    }
    if (!(gs & 4) && v[2] < v[ord[1]]) {
        ord[2] = ord[1];
        ord[1] = 2;
        if (!(gs & 2) && v[2] < v[ord[0]]) {
            ord[1] = ord[0];
            ord[0] = 2;
        }
    }
    unsigned sv[3] = {v[ord[0]], v[ord[1]], v[ord[2]]};
    unsigned pat = sv[0] << 6 | sv[1] << 3 | sv[2];
    /* The row: givens take c->next, c->next + 1, ... in order. */
    uint64_t rank = given_rank[pat >> 1 & 0xFF];
    uint64_t ones = ((rank + 0x7F7F7F7F7F7F7F7FULL) & 0x8080808080808080ULL) >> 7;
    uint64_t out8 = rank + ones * (uint64_t)(c->next - 1u);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    out8 = __builtin_bswap64(out8);
#endif
    memcpy(x->out, &out8, 8);
    /* (Its givens: nine less its empties, from the row-0 key table, which
     * counts them whatever the order; no popcount instruction here.) */
    unsigned givens = 9u - (row0_key_tab[pat] >> 8);
    x->out[8] = (uint8_t)((pat & 1) * (c->next - 1u + givens));
    int d = cmp_row(x->out, x->best);
    if (d > 0)
        return;
    int lt = d < 0;
    /* The structure after the row, the same for every layout kept: cells
     * split after their empties and between givens; stacks of a group
     * part unless both are empty here (equal content). */
    unsigned cs = c->cellstart, ngs = gs;
    for (int i = 0; i < 3; i++) {
        unsigned split1 = (sv[i] >> 2 | sv[i] >> 1) & 1, split2 = (sv[i] >> 1 | sv[i]) & 1;
        cs |= split1 << (3 * i + 1) | split2 << (3 * i + 2);
        if (i && sv[i])
            ngs |= 1u << i;
    }
    /* The choices, in output order: a group with stacks of equal nonzero
     * values (every order of them, in lay_group's order), and a cell with
     * two or three givens (every order of them, in lay_cells' order). */
    uint8_t gord[3][6][3], cp_n[6], cp_at[6], cp_cell[6];
    int ncp = 0;
    for (int s = 0; s < 3;) {
        int end = group_end(gs, s), mg = end - s, ties = 0;
        for (int i = s + 1; i < end; i++)
            ties |= sv[i] && sv[i] == sv[i - 1];
        if (ties) {
            int n = 0;
            for (int q = 0; q < (mg == 3 ? 6 : 2); q++) {
                const uint8_t *pm = perms[mg == 3 ? q : 2 * q];
                int ok = 1;
                /* (lay_group's rule for two empty stacks never applies:
                 * with two equal nonzero values at most one is empty.) */
                for (int i = 1; i < mg; i++)
                    if (v[s + pm[i - 1]] > v[s + pm[i]])
                        ok = 0;
                if (ok) {
                    for (int i = 0; i < mg; i++)
                        gord[s][n][i] = (uint8_t)(s + pm[i]);
                    n++;
                }
            }
            cp_n[ncp] = (uint8_t)n;
            cp_cell[ncp] = 0;
            cp_at[ncp++] = (uint8_t)s;
        }
        for (int i = s; i < end; i++) {
            /* Givens are last in each cell: a cell holds two or more of
             * them when they reach back over its start. */
            unsigned st = (c->cellstart >> (3 * i + 1)) & 3, vs = sv[i];
            int k = 0, at = 0;
            if (st == 0 && (vs & (vs - 1))) {
                k = (int)((vs & 1) + (vs >> 1 & 1) + (vs >> 2));
                at = 3 - k;
            } else if (st == 1 && (vs & 3) == 3) {
                k = 2;
                at = 1;
            } else if (st == 2 && (vs & 6) == 6) {
                k = 2;
                at = 0;
            }
            if (k) {
                cp_n[ncp] = k == 3 ? 6 : 2;
                cp_cell[ncp] = (uint8_t)k;
                cp_at[ncp++] = (uint8_t)(3 * i + at);
            }
        }
        s = end;
    }
    /* Each stack's columns laid out (empties first), and the row's
     * columns in the first order kept. */
    uint8_t lay[3][3], cols[9];
    for (int s = 0; s < 3; s++) {
        unsigned e = code[s];
        const uint8_t *from = c->col + 3 * s;
        lay[s][0] = from[e >> 5 & 3];
        lay[s][1] = from[e >> 7 & 3];
        lay[s][2] = from[e >> 9 & 3];
    }
    for (int j = 0; j < 3; j++)
        memcpy(cols + 3 * j, lay[ord[j]], 3);
    const uint8_t *row = x->row;
    uint8_t sel[6] = {0};
    for (;;) {
        row_node ch = *c;
        ch.cellstart = (uint16_t)cs;
        ch.groupstart = (uint8_t)ngs;
        memcpy(ch.col, cols, 9);
        for (int k = 0; k < ncp; k++) {
            if (!sel[k])
                continue;
            if (!cp_cell[k]) {
                int s = cp_at[k];
                const uint8_t *po = gord[s][sel[k]];
                for (int j = s; j < group_end(gs, s); j++)
                    memcpy(ch.col + 3 * j, lay[po[j - s]], 3);
                continue;
            }
            int p = cp_at[k], kk = cp_cell[k];
            const uint8_t *pm = perms[kk == 2 ? 2 * sel[k] : sel[k]];
            uint8_t tmp[3] = {ch.col[p], ch.col[p + 1], kk == 3 ? ch.col[p + 2] : 0};
            for (int b = 0; b < kk; b++)
                ch.col[p + b] = tmp[pm[b]];
        }
        uint8_t nl = c->next;
        for (unsigned q = pat; q;) {
            int b = 31 - __builtin_clz(q);
            ch.label[row[ch.col[8 - b]]] = nl++;
            q ^= 1u << b;
        }
        ch.next = nl;
        emit_row(x, &ch, lt);
        lt = 0;
        if (x->overflow)
            return;
        int k = ncp - 1;
        while (k >= 0 && ++sel[k] == cp_n[k])
            sel[k--] = 0;
        if (k < 0)
            return;
    }
}

/* Lays out every allowed candidate row for output row i below node c. */
static void expand(row_search *cx, const row_node *c, int i)
{
    const uint8_t *g = cx->g[c->t];
    if (i == 0 && !cx->fixedrows && !cx->generic && cx->root_simple[c->t]) {
        /* Level 0 with only lines of distinct digits left: the same
         * children as the loop below, without its filters. */
        for (unsigned left = cx->root_direct[c->t]; left; left &= left - 1) {
            int r = __builtin_ctz(left);
            row_node ch = *c;
            ch.R[0] = (uint8_t)r;
            ch.rowused = (uint16_t)(1u << r);
            ch.band = (uint8_t)(r / 3);
            cx->row = g + r * 9;
            lay_new_row(cx, &ch, cx->given[c->t][r]);
            if (cx->overflow)
                return;
        }
        return;
    }
    unsigned avail = i % 3 == 0 ? 0x1FFu : 7u << (c->band * 3);
    avail &= ~(unsigned)c->rowused;
    if (cx->fixedrows)
        avail = 1u << c->R[i];
    const uint16_t *twins = cx->twins[c->t];
    const int *key0 = cx->key0[c->t];
    const uint8_t *zeros = cx->zeros[c->t];
    int fixedcols = c->cellstart == 0x1FF && c->groupstart == 7;
    int filter = !cx->fixedrows, merge = filter;
    node_slots slots;
    int have_slots = 0;
    /* Which rows lay_new_row takes: all bits set turns it off (the
     * tests' generic level 0, fixed columns, pattern mode's digits). */
    unsigned labelled = ~0u;
    if (filter && !fixedcols && !cx->generic)
        labelled = labelled_digits(c);
    for (unsigned left = avail; left; left &= left - 1) {
        int r = __builtin_ctz(left);
        uint64_t weight = 1;
        if (filter) {
            /* Identical rows still available: only the first is laid out,
             * the others count as its weight. */
            unsigned tw = merge ? twins[r] & avail : 0;
            if (tw) {
                if (tw & ((1u << r) - 1))
                    continue;
                for (; tw; tw &= tw - 1)
                    weight++;
            }
            if (i == 0 && key0[r] >= 0 && key0[r] % 64 < cx->bestkey[key0[r] / 64])
                continue;
            /* A row that cannot start with as many empty cells as the best
             * row of the level so far is larger: a cheap test that spares
             * laying out most losing rows of sparse puzzles. Fewer empty
             * cells than that in all is the cheapest case of it. */
            if (cx->lead && !fixedcols) {
                if (zeros[r] < cx->lead)
                    continue;
                if (!have_slots) {
                    node_slots_of(c, &slots);
                    have_slots = 1;
                }
                int most = most_leading_empties(c, &slots, cx->given[c->t][r]);
                if (most < cx->lead)
                    continue;
                /* As many leading empties as the best row at most: the
                 * cell after them holds one of the row's digits, so the
                 * smallest label the row can show (a new digit gets
                 * c->next) is a bound on it. */
                if (most == cx->lead && cx->lead < 9 &&
                    least_label(c, g + r * 9, cx->given[c->t][r]) > cx->best[cx->lead])
                    continue;
            }
        }
        row_node ch = *c;
        ch.w *= weight;
        ch.R[i] = (uint8_t)r;
        ch.rowused |= (uint16_t)(1u << r);
        ch.band = (uint8_t)(r / 3);
        cx->row = g + r * 9;
        if (fixedcols && cx->fixedrows)
            lay_fixed_pattern(cx, &ch);
        else if (fixedcols)
            lay_fixed(cx, &ch);
        else if (filter && !(cx->digits[c->t][r] & labelled))
            lay_new_row(cx, &ch, cx->given[c->t][r]);
        else
            lay_cells(cx, &ch, 0, 0, 0);
        if (cx->overflow)
            return;
    }
}

static void record_node(minlex_answer *x, const row_node *c)
{
    x->t = c->t;
    memcpy(x->R, c->R, 9);
    memcpy(x->C, c->col, 9);
    memcpy(x->label, c->label, sizeof x->label);
    /* The transform itself only when the caller asks for it (finish). */
    x->pending = 1;
}

/* Runs levels i0..8 from the n nodes at cur, ping-ponging between the two
 * buffers (level i writes buf[(i + par) & 1]; cur must not be that one).
 * Returns the final count and sets *out, or -1 on overflow. With a bound
 * (a form to reach), each level starts from the bound's row as its best:
 * only rows equal to it survive, and -2 says none did or a smaller one
 * exists, i.e. the minlex form is not the bound. */
static int run_levels(row_search *cx, minlex_answer *x, const row_node *cur, int n,
                     row_node buf[2][ROW_CAP], int i0, int par, const row_node **out)
{
    cx->overflow = 0;
    cx->cap = ROW_CAP;
    for (int i = i0; i < 9; i++) {
        cx->next = buf[(i + par) & 1];
        cx->n = 0;
        if (cx->bound) {
            memcpy(cx->best, cx->bound + i * 9, 9);
            cx->lead = 0;
            while (cx->lead < 9 && cx->best[cx->lead] == 0)
                cx->lead++;
        } else {
            memset(cx->best, 0xFF, 9);
            cx->lead = 0;
        }
        for (int a = 0; a < n; a++) {
            expand(cx, &cur[a], i);
            if (cx->overflow)
                return -1;
        }
        if (cx->bound && (cx->n == 0 || minlex_cmp(cx->best, cx->bound + i * 9, 9) != 0))
            return -2;
        memcpy(x->best + i * 9, cx->best, 9);
        cur = cx->next;
        n = cx->n;
    }
    *out = cur;
    return n;
}

/* Both orientations of `in` into cx->g and, with_keys, what the row
 * filters of expand() need: each row's row-0 key, empty count and twins
 * (the rows with the same content in the same band or in a band holding
 * the same rows, as classes() in cells.c defines them). The digit pass of
 * pattern mode, whose rows are fixed, needs only the digits. */
static void load_grid(row_search *cx, const sudoku_grid *in, int with_keys)
{
    /* Per line of each orientation: its nonzero cells as a mask, which is
     * all the row-0 key and the twin test need besides the digits of the
     * (few) given cells. */
    uint16_t nz[2][9] = {{0}};
    memcpy(cx->g[0], in->cell, 81);
    if (!with_keys) {
        for (int c = 0; c < 9; c++)
            for (int r = 0; r < 9; r++)
                cx->g[1][c * 9 + r] = in->cell[r * 9 + c];
        return;
    }
    /* The transpose, the column masks and the repeated digits per row and
     * column, from the givens alone (a puzzle has few). */
    memset(cx->g[1], 0, 81);
    uint16_t seen[2][9] = {{0}}, dup[2][9] = {{0}};
    for (int r = 0; r < 9; r++) {
        const uint8_t *row = in->cell + r * 9;
        nz[0][r] = (uint16_t)(minlex_nonzero_mask8(row) | (unsigned)(row[8] != 0) << 8);
        for (unsigned q = nz[0][r]; q; q &= q - 1) {
            int c = __builtin_ctz(q);
            cx->g[1][c * 9 + r] = row[c];
            nz[1][c] |= (uint16_t)(1u << r);
            uint16_t bit = (uint16_t)(1u << row[c]);
            dup[0][r] |= seen[0][r] & bit;
            seen[0][r] |= bit;
            dup[1][c] |= seen[1][c] & bit;
            seen[1][c] |= bit;
        }
    }
    memcpy(cx->given, nz, sizeof nz);
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++)
            cx->digits[t][r] = dup[t][r] ? 1 : seen[t][r];
    /* Per row: its key for row 0 (see make_roots): the empty-cell key, in
     * the family of distinct-digit rows (0) or one-digit rows (1), or -1
     * for other rows; and per family and orientation the lines with the
     * family's best key. */
    uint16_t bestmask[2][2] = {{0}}, other[2] = {0}, empty[2] = {0};
    unsigned anydup = 0;
    cx->bestkey[0] = cx->bestkey[1] = -1;
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            unsigned k = row0_key_tab[nz[t][r]];
            int key = (int)(k & 0xFF), fam = 0;
            cx->zeros[t][r] = (uint8_t)(k >> 8);
            empty[t] |= (uint16_t)((nz[t][r] == 0) << r);
            if (dup[t][r]) {
                unsigned sn = seen[t][r];
                anydup = 1;
                fam = (sn & (sn - 1)) == 0 ? 1 : -1;
            }
            if (fam < 0) {
                cx->key0[t][r] = -1;
                other[t] |= (uint16_t)(1u << r);
                continue;
            }
            cx->key0[t][r] = fam * 64 + key;
            if (key > cx->bestkey[fam]) {
                cx->bestkey[fam] = key;
                bestmask[fam][0] = bestmask[fam][1] = 0;
            }
            if (key == cx->bestkey[fam])
                bestmask[fam][t] |= (uint16_t)(1u << r);
        }
    for (int t = 0; t < 2; t++) {
        uint8_t cls[9];
        int dup = 0;
        memset(cx->twins[t], 0, sizeof cx->twins[t]);
        /* Level 0 (expand) can go straight to the lines of distinct
         * digits with the best key when every other line is one its
         * filters drop, i.e. no line outside both families, none of the
         * one-digit family at its best key, and no twins. */
        cx->root_direct[t] = bestmask[0][t];
        cx->root_simple[t] = !other[t] && !bestmask[1][t];
        /* Twins are equal lines: with no repeated digit in any row or
         * column two equal lines are empty (a given would repeat across
         * them), so one empty line or none means no twins. */
        if (!anydup && (empty[t] & (empty[t] - 1)) == 0 && !cx->generic)
            continue;
        /* Twins have the same nonzero cells: without two equal masks
         * (the usual case) there are none. */
        uint64_t ms[8] = {0};
        unsigned twin = 0;
        for (int a = 0; a < 9; a++) {
            unsigned m = nz[t][a];
            twin |= (unsigned)(ms[m >> 6] >> (m & 63)) & 1;
            ms[m >> 6] |= 1ULL << (m & 63);
        }
        if (!twin)
            continue;
        for (int a = 0; a < 9; a++) {
            cls[a] = (uint8_t)a;
            for (int b = 0; b < a; b++)
                if (nz[t][a] == nz[t][b] &&
                    memcmp(cx->g[t] + a * 9, cx->g[t] + b * 9, 9) == 0) {
                    cls[a] = (uint8_t)b;
                    dup = 1;
                    break;
                }
        }
        if (!dup)
            continue; /* the usual case: no twins */
        cx->root_simple[t] = 0;
        unsigned bkey[3];
        uint8_t bcls[3];
        for (int b = 0; b < 3; b++) {
            uint8_t r[3] = {cls[b * 3], cls[b * 3 + 1], cls[b * 3 + 2]};
            for (int p = 0; p < 3; p++)
                for (int q = p + 1; q < 3; q++)
                    if (r[q] < r[p]) { uint8_t v = r[p]; r[p] = r[q]; r[q] = v; }
            bkey[b] = (unsigned)(r[0] * 100 + r[1] * 10 + r[2]);
            bcls[b] = (uint8_t)b;
            for (int e = 0; e < b; e++)
                if (bkey[e] == bkey[b]) {
                    bcls[b] = (uint8_t)e;
                    break;
                }
        }
        for (int r = 0; r < 9; r++)
            for (int e = 0; e < 9; e++)
                if (e != r && cls[e] == cls[r] &&
                    (e / 3 == r / 3 || bcls[e / 3] == bcls[r / 3]))
                    cx->twins[t][r] |= (uint16_t)(1u << e);
    }
}

/* The root nodes: one orientation, counted twice, for a grid equal to its
 * transpose. Returns the root count. */
static int make_roots(const sudoku_grid *in, row_node root[2])
{
    int sym = 1, n = 0;
    for (int r = 0; r < 9 && sym; r++)
        for (int c = r + 1; c < 9; c++)
            if (in->cell[r * 9 + c] != in->cell[c * 9 + r]) {
                sym = 0;
                break;
            }
    for (int t = 0; t < (sym ? 1 : 2); t++) {
        row_node *c = &root[n++];
        memset(c, 0, sizeof *c);
        c->w = sym ? 2 : 1;
        c->t = (uint8_t)t;
        c->next = 1;
        c->groupstart = 1;
        c->cellstart = 1u | 1u << 3 | 1u << 6;
        for (int k = 0; k < 9; k++)
            c->col[k] = (uint8_t)k;
    }
    /* Row 0 from a line with distinct digits depends only on its empty
     * counts per stack (sorted, most first; a larger key is a smaller
     * row), and so does row 0 from a line holding one digit several times:
     * lines below the best key of
     * their family cannot win. Other lines are always laid out.
     * (load_grid finds the best keys: a symmetric grid's two orientations
     * have the same keys, so taking both in changes nothing.) */
    return n;
}

/* With count, x->ties gets the automorphism count (sudoku_automorphisms);
 * the canonical form alone does not need it. */
/* The search of minlex_rows up to its final nodes (at *out, count
 * returned, -1 on overflow), the form in x->best; with generic, none of
 * the shortcuts that lay rows out directly (the tests' twin). */
static int rows_search(row_search *cx, minlex_answer *x, const sudoku_grid *in, int generic,
                       row_node buf[2][ROW_CAP], const row_node **out)
{
    row_node root[2];
    cx->generic = generic;
    load_grid(cx, in, 1);
    int n = make_roots(in, root);
    cx->fixedrows = 0;
    cx->bound = NULL;
    const row_node *cur = root;
    int i0 = 0;
    if (minlex_full_grid_applies(in)) {
        int sym = n == 1;
        n = minlex_full_grid_top((const uint8_t (*)[81])cx->g, sym, buf[0], ROW_CAP, x->best);
        if (n < 0)
            return -1;
        cur = buf[0];
        i0 = 2;
    }
    return run_levels(cx, x, cur, n, buf, i0, 1, out);
}

int minlex_rows(minlex_answer *x, const sudoku_grid *in, int count)
{
    row_search cx;
    row_node buf[2][ROW_CAP];
    const row_node *cur;
    int n = rows_search(&cx, x, in, 0, buf, &cur);
    if (n < 0)
        return 0;
    x->ties = 0;
    for (int a = 0; count && a < n; a++)
        x->ties += cur[a].w * column_weight(&cur[a]);
    record_node(x, &cur[0]);
    return 1;
}

int minlex_rows_final(const sudoku_grid *in, int generic, row_node *out, int cap,
                      uint8_t form[81])
{
    row_search cx;
    minlex_answer x;
    row_node buf[2][ROW_CAP];
    const row_node *cur;
    int n = rows_search(&cx, &x, in, generic, buf, &cur);
    if (n < 0 || n > cap)
        return -1;
    memcpy(out, cur, (size_t)n * sizeof *out);
    memcpy(form, x.best, 81);
    return n;
}

/* Pattern mode, in two passes. First the smallest pattern (pattern.c),
 * keeping every row choice (no identical-row merging, both orientations):
 * each final node is then a set of transforms reaching that pattern, its
 * tied columns being columns identical in the pattern, and together they
 * are all of them. Then the digits: the same nodes, relabelled from
 * scratch, run through the row engine over the real grid with their rows
 * fixed. Every column order
 * still free keeps the pattern, so the level-wide pruning by digits is
 * exact here. Returns 0 on overflow. */
int minlex_rows_pattern(minlex_answer *x, const sudoku_grid *in)
{
    row_search cx;
    row_node buf[2][ROW_CAP];
    const row_node *cur;
    /* The pattern pass, on row masks (pattern.c): the same nodes the
     * engine below would give on the pattern grid keeping every row
     * choice. */
    int n = minlex_pattern_nodes(in, buf);
    if (n < 0)
        return 0;
    /* cur is buf[1] (level 8 wrote it): relabel in place, then level 0
     * of the digit pass writes buf[0]. */
    row_node *start = buf[1];
    for (int a = 0; a < n; a++) {
        memset(start[a].label, 0, sizeof start[a].label);
        start[a].next = 1;
        start[a].w = 1;
    }
    cx.generic = 0;
    load_grid(&cx, in, 0);
    cx.fixedrows = 1;
    cx.bound = NULL;
    n = run_levels(&cx, x, start, n, buf, 0, 0, &cur);
    if (n < 0)
        return 0;
    record_node(x, &cur[0]);
    return 1;
}

/* The row engine against a known form (puzzles; full grids have their own
 * paths): 1 when minlex(in) is `form`, with the transform reaching it
 * left pending in x, 0 when it is not, -1 on overflow. */
int minlex_rows_matches(minlex_answer *x, const sudoku_grid *in, const uint8_t form[81])
{
    row_search cx;
    row_node root[2], buf[2][ROW_CAP];
    const row_node *cur;
    cx.generic = 0;
    load_grid(&cx, in, 1);
    int n = make_roots(in, root);
    cx.fixedrows = 0;
    cx.bound = form;
    n = run_levels(&cx, x, root, n, buf, 0, 1, &cur);
    if (n == -2)
        return 0;
    if (n < 0)
        return -1;
    record_node(x, &cur[0]);
    return 1;
}

/* Level 0 alone (tests/unit/test_minlex.c): the children of the roots of
 * `in` and row 0, with or without the shortcuts (lay_new_row, the level 0
 * lines found by load_grid, the twin search skipped). Returns the count,
 * -1 on overflow. */
int minlex_rows_level0(const sudoku_grid *in, int generic, row_node *out, int cap,
                       uint8_t row0[9])
{
    row_search cx;
    row_node root[2];
    cx.generic = generic;
    load_grid(&cx, in, 1);
    int n = make_roots(in, root);
    cx.fixedrows = 0;
    cx.bound = NULL;
    cx.overflow = 0;
    cx.cap = cap;
    cx.next = out;
    cx.n = 0;
    memset(cx.best, 0xFF, 9);
    cx.lead = 0;
    for (int a = 0; a < n && !cx.overflow; a++)
        expand(&cx, &root[a], 0);
    memcpy(row0, cx.best, 9);
    return cx.overflow ? -1 : cx.n;
}
