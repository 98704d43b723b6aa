/*
 * cells.c - the cell-by-cell branch and bound: slower than the row engine
 * (rows.c) but with no node budget, so it takes over whenever a level of
 * the row engine would overflow, and pattern mode's fallback runs it with
 * a required pattern.
 *
 * The output string is built cell by cell in row-major order. Output row i
 * is chosen when its first cell is reached, output column j when it is
 * first needed, and digits get labels in order of first appearance; a
 * branch dies as soon as its prefix exceeds the best string found so far.
 * Why it is exact: every surviving branch is a full group element, and a
 * branch is cut only when its prefix is already larger than a string some
 * element reaches (or, with a required pattern, breaks it), so the minimum
 * is never cut.
 *
 * Three things keep the tree small, each without losing exactness:
 *  - Lazy first row. When output row 0 comes from a source row whose digits
 *    are distinct (every valid puzzle row and every full-grid row), its best
 *    value is known without choosing columns: stacks sorted by their number
 *    of empty cells (most first), empty cells first inside each stack, digits
 *    labelled 1, 2, ... left to right. Exactly the column orders with that
 *    shape reach it, so columns stay unchosen and carry only a type (empty
 *    or digit) until a later row needs them. A digit of row 0 met later gets
 *    its label when its column is placed, trying the leftmost place first.
 *  - Identical lines. Two unused rows (columns) with the same content, in
 *    the same band (stack) or in bands (stacks) with the same rows, lead to
 *    the same subtree: only one is explored, with the other's count kept as
 *    a weight so that automorphisms are still counted exactly. This is what
 *    makes the empty grid and 1-clue grids instant.
 *  - A grid equal to its transpose is searched in one orientation only
 *    (with weight 2).
 * Rows with a repeated digit (clashing givens) take the eager path: row 0's
 * columns are then chosen one by one like every other cell.
 */
#include "internal.h"

typedef struct cell_search {
    uint8_t g[81];                 /* the source in the current orientation */
    uint8_t rowcls[9], colcls[9];  /* first identical row / column */
    uint8_t bandcls[3], stackcls[3];
    const uint8_t *req;            /* pattern that must be met, or NULL */

    int8_t R[9];                   /* output row -> source row */
    colmap cm;                     /* the columns */
    uint16_t rowused;
    uint8_t bandused;
    int8_t curband;
    uint8_t label[10], next;

    int lazy;                      /* row 0 from a distinct-digit row */
    uint8_t r0[9];                 /* row 0's source content */
    int8_t r0col[10];              /* digit -> its source column in row 0 */
    uint8_t type[9], rank[9], row0v[9], slotdots[3], stackdots[3];

    uint8_t cur[81], best[81];
    uint64_t ties;                 /* weighted leaves equal to best */
    int t;                         /* the orientation searched */
    sudoku_transform bt;           /* the transform of best */
} cell_search;

static int node(cell_search *x, int pos, int lt, uint64_t w);

/* A new best leaf: its transform, built now (new bests are rare). */
static void record(cell_search *x)
{
    minlex_transform_build(x->t, (const uint8_t *)x->R, (const uint8_t *)x->cm.C,
                           x->label, &x->bt);
}

static int emit(cell_search *x, int pos, uint8_t v, int lt, uint64_t w)
{
    if (x->req && (v != 0) != x->req[pos])
        return 0;
    if (!lt) {
        if (v > x->best[pos])
            return 0;
        lt = v < x->best[pos];
    }
    x->cur[pos] = v;
    if (pos == 80) {
        if (lt) {
            memcpy(x->best, x->cur, 81);
            x->ties = w;
            record(x);
            return 1;
        }
        x->ties += w;
        return 0;
    }
    return node(x, pos + 1, lt, w);
}

/* May source column c go to output column k? */
static int col_allowed(const cell_search *x, int k, int c)
{
    if (!colmap_allowed(&x->cm, k, c))
        return 0;
    /* lazy row 0: a slot's stack must have its empty count, a column its type */
    if (x->lazy && x->cm.sig[k / 3] < 0 && x->stackdots[c / 3] != x->slotdots[k / 3])
        return 0;
    if (x->lazy && x->type[k] != (x->r0[c] != 0))
        return 0;
    return 1;
}

/* Options opt[0..n) of one choice that are identical lines (same line
 * class, and same band/stack class when they lie in different ones) lead
 * to the same strings: only the first of them is explored, weighted by
 * how many there are, so automorphisms are still counted exactly.
 * Returns that weight for opt[a], or 0 when an earlier twin stands for it. */
static inline uint64_t tie_weight(const int8_t *opt, int n, int a,
                                  const uint8_t *linecls, const uint8_t *groupcls)
{
    int line = opt[a];
    uint64_t weight = 1;
    for (int b = 0; b < n; b++) {
        int e = opt[b];
        if (b == a || linecls[e] != linecls[line])
            continue;
        if (e / 3 != line / 3 && groupcls[e / 3] != groupcls[line / 3])
            continue;
        if (b < a)
            return 0;
        weight++;
    }
    return weight;
}

/* Places c at k (and labels its row-0 digit); returns what unplace()
 * needs. */
static int place(cell_search *x, int k, int c)
{
    int fresh = colmap_place(&x->cm, k, c);
    if (x->lazy && x->r0[c])
        x->label[x->r0[c]] = x->rank[k];
    return fresh;
}

static void unplace(cell_search *x, int k, int c, int fresh)
{
    colmap_unplace(&x->cm, k, c, fresh);
    if (x->lazy && x->r0[c])
        x->label[x->r0[c]] = 0;
}

/* The smallest value cell pos can take with R[i] and C[j] set, without
 * branching: an unplaced row-0 digit is put at its leftmost place. 0xFF
 * when the required pattern forbids it. */
static uint8_t value_of(const cell_search *x, int pos)
{
    int i = pos / 9, j = pos % 9;
    uint8_t d = x->g[x->R[i] * 9 + x->cm.C[j]], v;
    if (!d)
        v = 0;
    else if (x->label[d])
        v = x->label[d];
    else if (x->lazy && x->r0col[d] >= 0) {
        v = 0xFF;
        for (int k = 0; k < 9; k++)
            if (col_allowed(x, k, x->r0col[d])) {
                v = x->rank[k];
                break;
            }
    } else
        v = x->next;
    if (x->req && (v != 0) != x->req[pos])
        return 0xFF;
    return v;
}

static int at_value(cell_search *x, int pos, int lt, uint64_t w)
{
    int i = pos / 9, j = pos % 9;
    uint8_t d = x->g[x->R[i] * 9 + x->cm.C[j]];
    int any = 0;
    if (!d)
        return emit(x, pos, 0, lt, w);
    if (x->label[d])
        return emit(x, pos, x->label[d], lt, w);
    if (x->lazy && x->r0col[d] >= 0) {
        /* A digit of row 0 whose column is not placed yet: place it,
         * leftmost (smallest label) first. */
        int c = x->r0col[d];
        /* Leftmost free place first. Without a required pattern only that
         * one: any other gives a larger label here after the same prefix,
         * so it can neither win nor tie. With one, a larger label now may
         * be the only way to meet the pattern later. */
        for (int k = 0; k < 9; k++) {
            if (!col_allowed(x, k, c))
                continue;
            int fresh = place(x, k, c);
            if (emit(x, pos, x->label[d], lt, w)) {
                lt = 0;
                any = 1;
            }
            unplace(x, k, c, fresh);
            if (!x->req)
                break;
        }
        return any;
    }
    x->label[d] = x->next++;
    any = emit(x, pos, x->label[d], lt, w);
    x->label[d] = 0;
    x->next--;
    return any;
}

static int at_cell(cell_search *x, int pos, int lt, uint64_t w)
{
    int j = pos % 9, any = 0, n = 0;
    int8_t opt[16];
    if (x->lazy && pos < 9)
        return emit(x, pos, x->row0v[j], lt, w);
    if (x->cm.C[j] >= 0)
        return at_value(x, pos, lt, w);
    uint8_t val[16], vmin = 0xFF;
    for (int c = 0; c < 9; c++)
        if (col_allowed(x, j, c)) {
            int fresh = place(x, j, c);
            val[n] = value_of(x, pos);
            unplace(x, j, c, fresh);
            if (val[n] < vmin)
                vmin = val[n];
            opt[n++] = (int8_t)c;
        }
    /* Siblings emit at the same cell after the same prefix: only those
     * with the smallest value there can reach or tie the minimum (unless a
     * required pattern may kill them later; then emit() prunes). */
    if (vmin == 0xFF || (!lt && vmin > x->best[pos]))
        return 0;
    for (int a = 0; a < n; a++) {
        int c = opt[a];
        if (val[a] != vmin && !x->req)
            continue;
        uint64_t weight = tie_weight(opt, n, a, x->colcls, x->stackcls);
        if (!weight)
            continue;
        int fresh = place(x, j, c);
        if (at_value(x, pos, lt, w * weight)) {
            lt = 0;
            any = 1;
        }
        unplace(x, j, c, fresh);
    }
    return any;
}

static __attribute__((noinline)) int node(cell_search *x, int pos, int lt, uint64_t w)
{
    int i = pos / 9, any = 0, n = 0;
    int8_t opt[16];
    if (pos % 9 != 0)
        return at_cell(x, pos, lt, w);
    if (i >= 9)
        return 0; /* unreachable; tells the compiler R[i] is in bounds */
    if (i % 3 == 0) {
        for (int r = 0; r < 9; r++)
            if (!(x->bandused >> (r / 3) & 1))
                opt[n++] = (int8_t)r;
    } else {
        for (int r = x->curband * 3; r < x->curband * 3 + 3; r++)
            if (!(x->rowused >> r & 1))
                opt[n++] = (int8_t)r;
    }
    /* As for columns: only rows giving the smallest first cell. */
    uint8_t val[16], vmin = 0xFF;
    for (int a = 0; a < n; a++) {
        if (a >= 9)
            break; /* never; silences a false gcc -Wstringop-overflow */
        x->R[i] = opt[a];
        val[a] = 0xFF;
        if (x->cm.C[0] >= 0)
            val[a] = value_of(x, pos);
        else
            for (int c = 0; c < 9; c++)
                if (col_allowed(x, 0, c)) {
                    int fresh = place(x, 0, c);
                    uint8_t v = value_of(x, pos);
                    unplace(x, 0, c, fresh);
                    if (v < val[a])
                        val[a] = v;
                }
        if (val[a] < vmin)
            vmin = val[a];
    }
    x->R[i] = -1;
    if (vmin == 0xFF || (!lt && vmin > x->best[pos]))
        return 0;
    for (int a = 0; a < n; a++) {
        int r = opt[a];
        if (val[a] != vmin && !x->req)
            continue;
        uint64_t weight = tie_weight(opt, n, a, x->rowcls, x->bandcls);
        if (!weight)
            continue;
        int8_t oldband = x->curband;
        x->R[i] = (int8_t)r;
        x->rowused |= (uint16_t)(1u << r);
        if (i % 3 == 0) {
            x->curband = (int8_t)(r / 3);
            x->bandused |= (uint8_t)(1u << (r / 3));
        }
        if (at_cell(x, pos, lt, w * weight)) {
            lt = 0;
            any = 1;
        }
        if (i % 3 == 0)
            x->bandused &= (uint8_t)~(1u << (r / 3));
        x->curband = oldband;
        x->rowused &= (uint16_t)~(1u << r);
        x->R[i] = -1;
    }
    return any;
}

/* Class of each line: the first line with the same content. */
static void classes(cell_search *x)
{
    uint8_t colv[9][9];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            colv[c][r] = x->g[r * 9 + c];
    for (int a = 0; a < 9; a++) {
        x->rowcls[a] = x->colcls[a] = (uint8_t)a;
        for (int b = 0; b < a; b++)
            if (memcmp(x->g + a * 9, x->g + b * 9, 9) == 0) {
                x->rowcls[a] = (uint8_t)b;
                break;
            }
        for (int b = 0; b < a; b++)
            if (memcmp(colv[a], colv[b], 9) == 0) {
                x->colcls[a] = (uint8_t)b;
                break;
            }
    }
    /* A band's class: the sorted classes of its rows, so that bands holding
     * the same rows in any order are interchangeable. */
    unsigned bkey[3], skey[3];
    for (int b = 0; b < 3; b++) {
        uint8_t r[3], c[3];
        for (int k = 0; k < 3; k++) {
            r[k] = x->rowcls[b * 3 + k];
            c[k] = x->colcls[b * 3 + k];
        }
        for (int p = 0; p < 3; p++)
            for (int q = p + 1; q < 3; q++) {
                if (r[q] < r[p]) { uint8_t s = r[p]; r[p] = r[q]; r[q] = s; }
                if (c[q] < c[p]) { uint8_t s = c[p]; c[p] = c[q]; c[q] = s; }
            }
        bkey[b] = (unsigned)(r[0] * 100 + r[1] * 10 + r[2]);
        skey[b] = (unsigned)(c[0] * 100 + c[1] * 10 + c[2]);
    }
    for (int b = 0; b < 3; b++) {
        x->bandcls[b] = x->stackcls[b] = (uint8_t)b;
        for (int e = 0; e < b; e++)
            if (bkey[e] == bkey[b]) { x->bandcls[b] = (uint8_t)e; break; }
        for (int e = 0; e < b; e++)
            if (skey[e] == skey[b]) { x->stackcls[b] = (uint8_t)e; break; }
    }
}

/* Sets up output row 0 from source row r: lazy when its digits are
 * distinct, eager otherwise. */
static void first_row(cell_search *x, int r)
{
    uint16_t seen = 0;
    int distinct = 1, ndig = 0;
    memset(x->label, 0, sizeof x->label);
    memset(x->r0col, -1, sizeof x->r0col);
    for (int c = 0; c < 9; c++) {
        uint8_t d = x->g[r * 9 + c];
        x->r0[c] = d;
        if (d) {
            if (seen >> d & 1)
                distinct = 0;
            seen |= (uint16_t)(1u << d);
            x->r0col[d] = (int8_t)c;
            ndig++;
        }
    }
    x->lazy = distinct;
    if (!distinct) {
        memset(x->r0col, -1, sizeof x->r0col);
        x->next = 1;
        return;
    }
    uint8_t dots[3];
    for (int s = 0; s < 3; s++) {
        x->stackdots[s] = (uint8_t)((x->r0[s * 3] == 0) + (x->r0[s * 3 + 1] == 0) +
                                    (x->r0[s * 3 + 2] == 0));
        dots[s] = x->stackdots[s];
    }
    for (int p = 0; p < 3; p++)
        for (int q = p + 1; q < 3; q++)
            if (dots[q] > dots[p]) { uint8_t s = dots[p]; dots[p] = dots[q]; dots[q] = s; }
    uint8_t rank = 0;
    for (int S = 0; S < 3; S++) {
        x->slotdots[S] = dots[S];
        for (int k = 0; k < 3; k++) {
            int pos = S * 3 + k;
            x->type[pos] = k >= dots[S];
            x->rank[pos] = x->type[pos] ? ++rank : 0;
            x->row0v[pos] = x->rank[pos];
        }
    }
    x->next = (uint8_t)(ndig + 1);
}

static void search(cell_search *x, const sudoku_grid *in, const uint8_t *req)
{
    int sym = 1;
    for (int r = 0; r < 9 && sym; r++)
        for (int c = r + 1; c < 9; c++)
            if (in->cell[r * 9 + c] != in->cell[c * 9 + r]) {
                sym = 0;
                break;
            }
    x->req = req;
    x->ties = 0;
    memset(x->best, 0xFF, sizeof x->best);
    for (int t = 0; t < (sym ? 1 : 2); t++) {
        x->t = t;
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                x->g[r * 9 + c] = t ? in->cell[c * 9 + r] : in->cell[r * 9 + c];
        classes(x);
        memset(x->R, -1, sizeof x->R);
        colmap_clear(&x->cm);
        for (int r = 0; r < 9; r++) {
            uint64_t weight = 1;
            int skip = 0;
            for (int e = 0; e < 9; e++) {
                if (e == r || x->rowcls[e] != x->rowcls[r])
                    continue;
                if (e / 3 != r / 3 && x->bandcls[e / 3] != x->bandcls[r / 3])
                    continue;
                if (e < r) {
                    skip = 1;
                    break;
                }
                weight++;
            }
            if (skip)
                continue;
            if (sym)
                weight *= 2;
            x->R[0] = (int8_t)r;
            x->rowused = (uint16_t)(1u << r);
            x->curband = (int8_t)(r / 3);
            x->bandused = (uint8_t)(1u << (r / 3));
            first_row(x, r);
            at_cell(x, 0, 0, weight);
            x->R[0] = -1;
        }
    }
}

void minlex_cells(minlex_answer *a, const sudoku_grid *in, const uint8_t *req)
{
    cell_search x;
    search(&x, in, req);
    memcpy(a->best, x.best, 81);
    a->ties = x.ties;
    a->bt = x.bt;
    a->pending = 0;
}
