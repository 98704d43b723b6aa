/*
 * minlex.c - the canonical form.
 *
 * Valid solution grids (every row, column and box complete) have their own
 * exact path: only the top band is searched, from a proved bound on row 1
 * ("Valid solution grids"). Everything else goes to two exact searches.
 * The fast one, row by row with the column freedom as an ordered
 * partition, is further down ("Row by row"); other complete grids whose
 * rows and columns hold distinct digits start it with rows 0-1 chosen
 * together ("Full grids"), and pattern mode runs it twice (rb_pattern).
 * When one of its levels would exceed its fixed node budget it gives up
 * and the cell-by-cell branch and bound below, slower but with no budget,
 * does the work.
 *
 * The cell-by-cell search:
 * The output string is built cell by cell in row-major order. Output row i
 * is chosen when its first cell is reached, output column j when it is
 * first needed, and digits get labels in order of first appearance; a
 * branch dies as soon as its prefix exceeds the best string found so far.
 * Every surviving branch is a full group element, so the minimum is exact.
 *
 * Three things keep the tree small:
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
 *  - A grid equal to its transpose is searched in one orientation only.
 * Rows with a repeated digit (clashing givens) take the eager path: row 0's
 * columns are then chosen one by one like every other cell.
 */
#include <string.h>

#include "minlex.h"
#include "minlex_row1.h"

/* Which source column each output column takes, built stack slot by stack
 * slot: an output stack slot S takes all three columns from one source
 * stack, sig[S], so a slot's first column fixes its stack. */
typedef struct colmap {
    int8_t C[9], Cinv[9], sig[3]; /* output -> source column, back, slot -> stack */
    uint8_t stackused;
} colmap;

static void colmap_clear(colmap *m)
{
    memset(m->C, -1, sizeof m->C);
    memset(m->Cinv, -1, sizeof m->Cinv);
    memset(m->sig, -1, sizeof m->sig);
    m->stackused = 0;
}

/* Whether source column c may go to output column k. */
static int colmap_allowed(const colmap *m, int k, int c)
{
    int S = k / 3;
    if (m->C[k] >= 0 || m->Cinv[c] >= 0)
        return 0;
    return m->sig[S] >= 0 ? m->sig[S] == c / 3 : !(m->stackused >> (c / 3) & 1);
}

/* Puts c at k; returns whether that fixed k's slot (for colmap_unplace). */
static int colmap_place(colmap *m, int k, int c)
{
    int S = k / 3, fresh = m->sig[S] < 0;
    m->C[k] = (int8_t)c;
    m->Cinv[c] = (int8_t)k;
    if (fresh) {
        m->sig[S] = (int8_t)(c / 3);
        m->stackused |= (uint8_t)(1u << (c / 3));
    }
    return fresh;
}

static void colmap_unplace(colmap *m, int k, int c, int fresh)
{
    m->C[k] = -1;
    m->Cinv[c] = -1;
    if (fresh) {
        m->stackused &= (uint8_t)~(1u << m->sig[k / 3]);
        m->sig[k / 3] = -1;
    }
}

typedef struct ml_state {
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
    int t;
    int bt_lazy;                   /* bt not built yet: t, R, C, label hold it */
    sudoku_transform bt;
} ml_state;

static int node(ml_state *x, int pos, int lt, uint64_t w);

static void record(ml_state *x)
{
    uint8_t used = 0;
    uint16_t seen = 0;
    x->bt.transpose = (uint8_t)x->t;
    for (int k = 0; k < 9; k++) {
        x->bt.rows[k] = (uint8_t)x->R[k];
        x->bt.cols[k] = (uint8_t)x->cm.C[k];
    }
    x->bt.digits[0] = 0;
    for (int d = 1; d <= 9; d++) {
        x->bt.digits[d] = x->label[d];
        if (x->label[d])
            seen |= (uint16_t)(1u << x->label[d]);
    }
    /* Digits absent from the grid take the unused labels. */
    for (int d = 1; d <= 9; d++) {
        if (x->label[d])
            continue;
        while (seen >> (++used) & 1)
            ;
        seen |= (uint16_t)(1u << used);
        x->bt.digits[d] = used;
    }
}

static int emit(ml_state *x, int pos, uint8_t v, int lt, uint64_t w)
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
static int col_allowed(const ml_state *x, int k, int c)
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
static int place(ml_state *x, int k, int c)
{
    int fresh = colmap_place(&x->cm, k, c);
    if (x->lazy && x->r0[c])
        x->label[x->r0[c]] = x->rank[k];
    return fresh;
}

static void unplace(ml_state *x, int k, int c, int fresh)
{
    colmap_unplace(&x->cm, k, c, fresh);
    if (x->lazy && x->r0[c])
        x->label[x->r0[c]] = 0;
}

/* The smallest value cell pos can take with R[i] and C[j] set, without
 * branching: an unplaced row-0 digit is put at its leftmost place. 0xFF
 * when the required pattern forbids it. */
static uint8_t value_of(const ml_state *x, int pos)
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

static int at_value(ml_state *x, int pos, int lt, uint64_t w)
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

static int at_cell(ml_state *x, int pos, int lt, uint64_t w)
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

static __attribute__((noinline)) int node(ml_state *x, int pos, int lt, uint64_t w)
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
static void classes(ml_state *x)
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
static void first_row(ml_state *x, int r)
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

static void search(ml_state *x, const sudoku_grid *in, const uint8_t *req)
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
    x->bt_lazy = 0;
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

/* Bit k: byte k of the 8 at p is nonzero. Cells hold 0..9, so adding 0x7F
 * to a byte sets its top bit exactly when it is nonzero, with no carry
 * into the next byte; the multiply gathers the eight top bits. */
static inline unsigned rb_nz8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    uint64_t h = ((v + 0x7F7F7F7F7F7F7F7FULL) & 0x8080808080808080ULL) >> 7;
    return (unsigned)(h * 0x0102040810204080ULL >> 56);
}

/* The row-0 key part of a line with nonzero-cell mask m: its empty cells
 * per stack, sorted, most first, as e0 * 16 + e1 * 4 + e2, and above it
 * (<< 8) its number of empty cells. A table of all 512 masks, written out
 * by the preprocessor. */
#define RB_E(m, s) (!((m) >> (3 * (s)) & 1) + !((m) >> (3 * (s) + 1) & 1) + \
                    !((m) >> (3 * (s) + 2) & 1))
#define RB_MAX3(a, b, c) ((a) > (b) ? ((a) > (c) ? (a) : (c)) : ((b) > (c) ? (b) : (c)))
#define RB_MIN3(a, b, c) ((a) < (b) ? ((a) < (c) ? (a) : (c)) : ((b) < (c) ? (b) : (c)))
#define RB_K3(a, b, c) (RB_MAX3(a, b, c) * 16 + \
                        ((a) + (b) + (c) - RB_MAX3(a, b, c) - RB_MIN3(a, b, c)) * 4 + \
                        RB_MIN3(a, b, c))
#define RB_K(m) (RB_K3(RB_E(m, 0), RB_E(m, 1), RB_E(m, 2)) | \
                (RB_E(m, 0) + RB_E(m, 1) + RB_E(m, 2)) << 8)
#define RB_K4(m) RB_K(m), RB_K((m) + 1), RB_K((m) + 2), RB_K((m) + 3)
#define RB_K16(m) RB_K4(m), RB_K4((m) + 4), RB_K4((m) + 8), RB_K4((m) + 12)
#define RB_K64(m) RB_K16(m), RB_K16((m) + 16), RB_K16((m) + 32), RB_K16((m) + 48)
#define RB_K256(m) RB_K64(m), RB_K64((m) + 64), RB_K64((m) + 128), RB_K64((m) + 192)
static const uint16_t rb_key_tab[512] = {RB_K256(0), RB_K256(256)};

/* ---- Row by row (the fast path) ----
 *
 * Breadth first over output rows. All live nodes of a level share the same
 * output prefix (the minimal one so far); each node holds the transpose
 * flag, the source rows chosen, the digit labels, and the remaining column
 * freedom as an ordered partition: stack groups (consecutive output stack
 * slots whose source stacks are still interchangeable, with the same cell
 * structure) and, inside each slot, cells (consecutive output columns whose
 * source columns are still interchangeable). A candidate row is laid out
 * greedily: inside a cell, empty first, then known labels ascending, then
 * new digits, whose order is the only real choice (it fixes their labels)
 * and is branched on; equal values stay tied as a smaller cell. Inside a
 * stack group every order of the stacks is tried, except that adjacent
 * stacks with the same content in this row stay tied. Children whose row
 * is larger than the best row of the level are dropped, so the pruning is
 * global. Every transform is represented by exactly one node (or one
 * weighted representative of identical rows), so the leaves also count the
 * automorphisms. A level with more than RB_CAP nodes (full grids: the first
 * row alone ties 18 x 1296 column orders) falls back to the cell search. */

#define RB_CAP 768

typedef struct rb_node {
    uint64_t w;
    uint16_t rowused, cellstart; /* cellstart: bit p = a cell starts at p */
    uint8_t t, band, groupstart, next; /* groupstart: bit S = group at slot S */
    uint8_t R[9], col[9], label[10];
} rb_node;

typedef struct rb_ctx {
    uint8_t g[2][81];
    uint16_t twins[2][9]; /* rows interchangeable with row r (tie_weight) */
    const uint8_t *row;   /* the candidate source row being laid out */
    uint8_t out[9];       /* the row under construction */
    uint8_t best[9];      /* the best row of the level so far */
    rb_node *next;        /* children of the level */
    int n, overflow, cap;
    int key0[2][9], bestkey[2];
    uint8_t zeros[2][9];  /* empty cells per row */
    int lead;             /* leading empty cells of best (0 while none) */
    int notwins;          /* pattern mode, first phase: every row choice kept */
    int fixedrows;        /* pattern mode, second phase: rows come from R[] */
    const uint8_t *bound; /* equivalence test: the form to reach, else NULL */
    ml_state *ms;
} rb_ctx;

/* The end of the cell starting at output column p (the next cell start or
 * stack boundary), and of the stack group starting at slot s. */
static inline int rb_cell_end(unsigned cellstart, int p)
{
    return p + 1 + __builtin_ctz((cellstart | 0x248u) >> (p + 1));
}

static inline int rb_group_end(unsigned groupstart, int s)
{
    return s + 1 + __builtin_ctz((groupstart | 8u) >> (s + 1));
}

/* memcmp of short prefixes, inlined. */
static inline int rb_cmp(const uint8_t *a, const uint8_t *b, int n)
{
    for (int k = 0; k < n; k++)
        if (a[k] != b[k])
            return a[k] < b[k] ? -1 : 1;
    return 0;
}

/* rb_cmp of two whole rows, the first eight bytes as one number (a row
 * that reaches rb_emit usually ties the best one all along). */
static inline int rb_cmp9(const uint8_t *a, const uint8_t *b)
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

/* lt as in rb_cells: the row against the best if known (1 below, 0 equal),
 * -1 if not. */
static void rb_emit(rb_ctx *x, const rb_node *c, int lt)
{
    int d = lt < 0 ? rb_cmp9(x->out, x->best) : -lt;
    if (d > 0)
        return;
    if (d < 0) {
        memcpy(x->best, x->out, 9);
        int lead = 0;
        while (lead < 9 && x->best[lead] == 0)
            lead++;
        x->lead = lead;
        x->n = 0;
    }
    if (x->n >= x->cap) {
        x->overflow = 1;
        return;
    }
    x->next[x->n++] = *c;
}

static void rb_group(rb_ctx *x, rb_node *c, int slot, int lt);

/* The k cells of a cell group, values under `label` (0 for empty) sorted
 * ascending with their columns: the greedy layout inside a cell. */
static inline void rb_sort_cell(const uint8_t label[10], const uint8_t *ds,
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
static void rb_cells(rb_ctx *x, rb_node *c, int p, int gend, int lt)
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
                rb_emit(x, c, lt);
                return;
            }
            int slot = p / 3, end = rb_group_end(c->groupstart, slot);
            if (end - slot > 1) {
                rb_group(x, c, slot, lt);
                return;
            }
            gend = end * 3;
        }
        int e = rb_cell_end(c->cellstart, p);
        int k = e - p, nn = 0;
        /* Fast paths without a choice: a one-column cell, and a cell whose
         * columns are all empty in this row (most cells of sparse rows):
         * the cell keeps its columns, only the values are new. */
        if (k == 1) {
            uint8_t d = x->row[c->col[p]], v = 0;
            if (d) {
                if (!c->label[d])
                    c->label[d] = c->next++;
                v = c->label[d];
            }
            x->out[p] = v;
            if (lt <= 0) {
                int cmp = lt < 0 ? rb_cmp(x->out, x->best, e)
                                 : (v > x->best[p]) - (v < x->best[p]);
                if (cmp > 0)
                    return;
                lt = cmp < 0;
            }
            p = e;
            continue;
        }
        if (!x->row[c->col[p]] && !x->row[c->col[p + 1]] &&
            (k == 2 || !x->row[c->col[p + 2]])) {
            x->out[p] = x->out[p + 1] = 0;
            if (k == 3)
                x->out[p + 2] = 0;
            if (lt <= 0) {
                int cmp = lt < 0 ? rb_cmp(x->out, x->best, e)
                                 : rb_cmp(x->out + p, x->best + p, k);
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
            rb_sort_cell(c->label, ds, cols, k, ov, oc);
            /* k is 2 or 3 here; written out so that the compiler does not
             * turn these short copies into library calls. */
            x->out[p] = ov[0];
            x->out[p + 1] = ov[1];
            if (k == 3)
                x->out[p + 2] = ov[2];
            int d = lt < 0 ? rb_cmp(x->out, x->best, e)
                           : lt ? -1 : rb_cmp(x->out + p, x->best + p, k);
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
            rb_node ch = *c;
            /* perms[0] and perms[2] order the first two the two ways. */
            const uint8_t *pm = perms[nn == 2 ? 2 * q : q];
            for (int b = 0; b < nn; b++)
                ch.label[nd[pm[b]]] = ch.next++;
            rb_sort_cell(ch.label, ds, cols, k, ov, oc);
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
            int d = lt < 0 ? rb_cmp(x->out, x->best, e)
                           : lt ? -1 : rb_cmp(x->out + p, x->best + p, k);
            if (d > 0)
                continue;
            rb_cells(x, &ch, e, gend, d < 0);
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
static void rb_group(rb_ctx *x, rb_node *c, int slot, int lt)
{
    int end = rb_group_end(c->groupstart, slot);
    int m = end - slot;
    if (m == 1) {
        rb_cells(x, c, slot * 3, end * 3, lt);
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
        rb_node ch = *c;
        for (int i = 0; i < m; i++) {
            memcpy(ch.col + (slot + i) * 3, c->col + (slot + pm[i]) * 3, 3);
            if (i && cls[pm[i]] != cls[pm[i - 1]])
                ch.groupstart |= (uint8_t)(1u << (slot + i));
        }
        rb_cells(x, &ch, slot * 3, end * 3, lt);
        lt = -1;
        if (x->overflow)
            return;
    }
}

static uint64_t rb_fact(int k)
{
    return k == 3 ? 6 : k == 2 ? 2 : 1;
}

/* Column orders a final node stands for: tied stacks and tied columns. */
static uint64_t rb_colweight(const rb_node *c)
{
    uint64_t w = 1;
    for (int s = 0; s < 3;) {
        int end = rb_group_end(c->groupstart, s);
        int m = end - s;
        w *= rb_fact(m);
        for (int p = s * 3; p < s * 3 + 3;) {
            int e = rb_cell_end(c->cellstart, p);
            for (int i = 0; i < m; i++)
                w *= rb_fact(e - p);
            p = e;
        }
        s = end;
    }
    return w;
}

/* ---- Full grids: rows 0 and 1 together ----
 *
 * (Valid solution grids take the faster sg_search path further down; this one
 * serves complete grids with distinct rows and columns but clashing boxes.)
 * In a grid whose rows hold distinct digits, row 0 is 123456789 under
 * every column order, so the breadth-first search would tie all 1296 of
 * them on each of its 18 lines. Instead rows 0 and 1 are chosen together,
 * the columns by branch and bound on row 1: a digit's label is the output
 * position of its column in row 0, and when row 1 reaches a digit whose
 * row-0 column is not placed yet, that column goes to the leftmost place
 * it may take (any other place gives a larger value here, so it cannot
 * win or tie). Every column order reaching the smallest rows 0-1 becomes
 * a node of level 2 (all columns placed). */
typedef struct fg_ctx {
    const uint8_t *r1;        /* source row 1 */
    uint8_t pi[9];            /* column c of row 1 -> column of its digit in row 0 */
    colmap cm;                /* the columns */
    uint8_t v[9];
    uint8_t best[9];
    rb_node proto;            /* t, R, rowused, band, w */
    const uint8_t *r0;
    rb_node *out;
    int n, cap, overflow;
} fg_ctx;

static void fg_pos(fg_ctx *f, int j);

/* C[j] is placed: gives position j its value (placing pi(C[j]) leftmost
 * if needed), then goes on. */
static void fg_value(fg_ctx *f, int j)
{
    int c = f->pi[f->cm.C[j]];
    if (f->cm.Cinv[c] >= 0) {
        f->v[j] = (uint8_t)(f->cm.Cinv[c] + 1);
        if (rb_cmp(f->v, f->best, j + 1) <= 0)
            fg_pos(f, j + 1);
        return;
    }
    for (int k = j + 1; k < 9; k++)
        if (colmap_allowed(&f->cm, k, c)) {
            f->v[j] = (uint8_t)(k + 1);
            if (rb_cmp(f->v, f->best, j + 1) > 0)
                return;
            int fresh = colmap_place(&f->cm, k, c);
            fg_pos(f, j + 1);
            colmap_unplace(&f->cm, k, c, fresh);
            return;
        }
}

static void fg_pos(fg_ctx *f, int j)
{
    if (f->overflow)
        return;
    if (j == 9) {
        int d = rb_cmp(f->v, f->best, 9);
        if (d < 0) {
            memcpy(f->best, f->v, 9);
            f->n = 0;
        }
        if (f->n >= f->cap) {
            f->overflow = 1;
            return;
        }
        rb_node *o = &f->out[f->n++];
        *o = f->proto;
        for (int k = 0; k < 9; k++) {
            o->col[k] = (uint8_t)f->cm.C[k];
            o->label[f->r0[f->cm.C[k]]] = (uint8_t)(k + 1);
        }
        return;
    }
    if (f->cm.C[j] >= 0) {
        fg_value(f, j);
        return;
    }
    for (int c = 0; c < 9; c++)
        if (colmap_allowed(&f->cm, j, c)) {
            int fresh = colmap_place(&f->cm, j, c);
            fg_value(f, j);
            colmap_unplace(&f->cm, j, c, fresh);
        }
}

/* Fills out[] with the level-2 nodes; returns their count, -1 on overflow.
 * best01 receives rows 0 and 1. */
static int fg_top(const rb_ctx *cx, int sym, rb_node *out, int cap, uint8_t best01[18])
{
    fg_ctx f;
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
                const uint8_t *a = cx->g[t] + r0 * 9, *b = cx->g[t] + r1 * 9;
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
                const uint8_t *a = cx->g[t] + r0 * 9, *b = cx->g[t] + r1 * 9;
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
                fg_pos(&f, 0);
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
static int fg_applies(const sudoku_grid *in)
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

/* Returns 1 and fills best/ties/bt when done, 0 on overflow. */
/* The row under a node whose columns are all fixed (the common case below
 * the top band): no choice left, one pass with early exit. */
static void rb_fixed(rb_ctx *x, rb_node *c)
{
    const uint8_t *row = x->row;
    int lt = 0;
    for (int k = 0; k < 9; k++) {
        uint8_t d = row[c->col[k]], v = 0;
        if (d) {
            if (!c->label[d])
                c->label[d] = c->next++;
            v = c->label[d];
        }
        if (!lt) {
            if (v > x->best[k])
                return;
            lt = v < x->best[k];
        }
        x->out[k] = v;
    }
    rb_emit(x, c, lt);
}

/* The most leading empty cells source row `row` can have under node c's
 * column freedom: whole empty stacks of the first stack group go first,
 * then the stack of the group with the longest empty start; a group all
 * of whose stacks are empty passes on to the next one. Each cell puts its
 * empty cells first. */
static int rb_lead0(const rb_node *c, const uint8_t *row)
{
    int lead = 0;
    for (int s = 0; s < 3;) {
        int end = rb_group_end(c->groupstart, s), full = 0, bestz = 0;
        for (int t = s; t < end; t++) {
            int z = 0, p = t * 3;
            while (p < t * 3 + 3) {
                int e = rb_cell_end(c->cellstart, p), zc = 0;
                for (int q = p; q < e; q++)
                    zc += !row[c->col[q]];
                z += zc;
                if (zc < e - p)
                    break;
                p = e;
            }
            if (z == 3)
                full++;
            else if (z > bestz)
                bestz = z;
        }
        lead += full * 3;
        if (full < end - s)
            return lead + bestz;
        s = end;
    }
    return lead;
}

/* Lays out every allowed candidate row for output row i below node c. */
static void rb_expand(rb_ctx *cx, const rb_node *c, int i)
{
    unsigned avail = i % 3 == 0 ? 0x1FFu : 7u << (c->band * 3);
    avail &= ~(unsigned)c->rowused;
    if (cx->fixedrows)
        avail = 1u << c->R[i];
    const uint8_t *g = cx->g[c->t];
    const uint16_t *twins = cx->twins[c->t];
    const int *key0 = cx->key0[c->t];
    const uint8_t *zeros = cx->zeros[c->t];
    int fixedcols = c->cellstart == 0x1FF && c->groupstart == 7;
    int filter = !cx->fixedrows, merge = filter && !cx->notwins;
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
            if (cx->lead && !fixedcols &&
                (zeros[r] < cx->lead || rb_lead0(c, g + r * 9) < cx->lead))
                continue;
        }
        rb_node ch = *c;
        ch.w *= weight;
        ch.R[i] = (uint8_t)r;
        ch.rowused |= (uint16_t)(1u << r);
        ch.band = (uint8_t)(r / 3);
        cx->row = g + r * 9;
        if (fixedcols)
            rb_fixed(cx, &ch);
        else
            rb_cells(cx, &ch, 0, 0, 0);
        if (cx->overflow)
            return;
    }
}

/* ---- Valid solution grids: the top band decides ----
 *
 * In a complete grid whose rows, columns and boxes all hold nine distinct
 * digits, output row 0 is 123456789 under every transform, so a digit's
 * label is the output position of its column in row 0. Once the top band's
 * rows and the column order are fixed, the rest is forced: the six lower
 * rows start with distinct labels (column 0 holds distinct digits), so the
 * next band is the one holding the smallest of them and each band's rows
 * go in the order of their first cell. Only the top band is searched.
 *
 * For top rows (r0, r1) let pi(c) be the column of row 0 holding row 1's
 * digit in column c; output row 1 is then k -> 1 + Cinv(pi(C(k))), never
 * drawing from its own stack. The smallest row 1 starts 4 5 6 7 8 9 when
 * every stack of row 1 takes its digits from a single stack of row 0 (a
 * "pure" band; then all its row pairs are), else 4 5 7. Both prefixes are
 * always reachable, and each fixes the column order up to a few choices
 * (see sg_pair): at most 18 column orders per row pair, 36 row pairs. Each
 * is a distinct transform, so counting the orders that reach the minimum
 * counts the automorphisms. */
typedef struct sg_ctx {
    uint8_t g[2][81];
    uint8_t best[81];
    uint32_t key1;           /* the best row 1 so far, positions 3-8 */
    uint64_t ties;
    sudoku_transform bt;
} sg_ctx;

static int sg_valid(const sudoku_grid *in)
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

/* One candidate: orientation t, top rows R[0..2] (source rows of band R[0]/3),
 * column order C. Compared with the best as it is built; early exit. */
/* Output row i from source row `row` under columns C and labels: 0 as
 * soon as the form so far is larger than the best, else 1, with *lt set
 * once it is smaller (then only written out). */
static inline int sg_row(const sg_ctx *s, const uint8_t label[10], const uint8_t *row,
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

static void sg_try(sg_ctx *s, int t, const uint8_t R[3], const uint8_t C[9])
{
    const uint8_t *g = s->g[t];
    uint8_t label[10], out[81];
    int lt = 0;
    for (int k = 0; k < 9; k++)
        label[g[R[0] * 9 + C[k]]] = (uint8_t)(k + 1);
    for (int i = 1; i < 3; i++)
        if (!sg_row(s, label, g + R[i] * 9, C, i, &lt, out))
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
        if (!sg_row(s, label, g + rows[i] * 9, C, i, &lt, out))
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
static inline void sg_cand(sg_ctx *s, int t, const uint8_t R[3], const uint8_t pi[9],
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
    sg_try(s, t, R, C);
}

/* Every column order giving rows (R[0], R[1]) of orientation t their
 * smallest row 1 prefix (4 5 6 7 8 9 for a pure band, 4 5 7 else). */
static void sg_pair(sg_ctx *s, int t, const uint8_t R[3], const uint8_t pi[9], int pure)
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
                sg_cand(s, t, R, pi, C);
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
                sg_cand(s, t, R, pi, C);
            }
        }
    }
}

/* The minimum and automorphism count of a valid solution grid. */
/* With a bound (a valid grid's form), the search starts from it as the
 * best so far: afterwards x->best is still the bound and x->ties > 0
 * exactly when the grid's minlex form is the bound. */
static void sg_search(ml_state *x, const sudoku_grid *in, const uint8_t *bound)
{
    sg_ctx s;
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
    /* Each row pair's bound on row 1 (minlex_row1.h) first: the pairs with
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
    for (int a = 0; a < np; a++)
        if (lb[a] == minlb)
            sg_pair(&s, pt[a], pR[a], ppi[a], anypure);
    for (int a = 0; a < np; a++)
        if (lb[a] != minlb && lb[a] <= s.key1)
            sg_pair(&s, pt[a], pR[a], ppi[a], anypure);
    memcpy(x->best, s.best, 81);
    x->ties = s.ties;
    x->bt = s.bt;
    x->bt_lazy = 0;
}

static void rb_record(ml_state *x, const rb_node *c)
{
    x->t = c->t;
    for (int k = 0; k < 9; k++) {
        x->R[k] = (int8_t)c->R[k];
        x->cm.C[k] = (int8_t)c->col[k];
    }
    memcpy(x->label, c->label, sizeof x->label);
    /* The transform itself only when the caller asks for it (finish). */
    x->bt_lazy = 1;
}

/* Runs levels i0..8 from the n nodes at cur, ping-ponging between the two
 * buffers (level i writes buf[(i + par) & 1]; cur must not be that one).
 * Returns the final count and sets *out, or -1 on overflow. With a bound
 * (a form to reach), each level starts from the bound's row as its best:
 * only rows equal to it survive, and -2 says none did or a smaller one
 * exists, i.e. the minlex form is not the bound. */
static int rb_levels(rb_ctx *cx, ml_state *x, const rb_node *cur, int n,
                     rb_node buf[2][RB_CAP], int i0, int par, const rb_node **out)
{
    cx->overflow = 0;
    cx->cap = RB_CAP;
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
            rb_expand(cx, &cur[a], i);
            if (cx->overflow)
                return -1;
        }
        if (cx->bound && (cx->n == 0 || rb_cmp(cx->best, cx->bound + i * 9, 9) != 0))
            return -2;
        memcpy(x->best + i * 9, cx->best, 9);
        cur = cx->next;
        n = cx->n;
    }
    *out = cur;
    return n;
}

/* Both orientations of `in` into cx->g and, with_twins, each row's twins:
 * the rows with the same content in the same band or in a band holding
 * the same rows (as classes() defines them for the cell search). */
static void rb_load(rb_ctx *cx, const sudoku_grid *in, int with_twins)
{
    /* Per line of each orientation: its nonzero cells as a mask, which is
     * all the row-0 key and the twin test need besides the digits of the
     * (few) given cells. */
    uint16_t nz[2][9];
    memcpy(cx->g[0], in->cell, 81);
    for (int c = 0; c < 9; c++)
        for (int r = 0; r < 9; r++)
            cx->g[1][c * 9 + r] = in->cell[r * 9 + c];
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            const uint8_t *row = cx->g[t] + r * 9;
            nz[t][r] = (uint16_t)(rb_nz8(row) | (unsigned)(row[8] != 0) << 8);
        }
    /* Repeated digits per row and column, from the givens alone. */
    uint16_t seen[2][9] = {{0}}, dup[2][9] = {{0}};
    for (int r = 0; r < 9; r++)
        for (unsigned q = nz[0][r]; q; q &= q - 1) {
            int c = __builtin_ctz(q);
            uint16_t bit = (uint16_t)(1u << in->cell[r * 9 + c]);
            dup[0][r] |= seen[0][r] & bit;
            seen[0][r] |= bit;
            dup[1][c] |= seen[1][c] & bit;
            seen[1][c] |= bit;
        }
    /* Per row: its key for row 0 (see rb_roots): the empty-cell key, in
     * the family of distinct-digit rows (0) or one-digit rows (1), or -1
     * for other rows. */
    cx->bestkey[0] = cx->bestkey[1] = -1;
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            unsigned sn = seen[t][r];
            int fam = !dup[t][r] ? 0 : (sn & (sn - 1)) == 0 ? 1 : -1;
            unsigned k = rb_key_tab[nz[t][r]];
            int key = (int)(k & 0xFF);
            cx->key0[t][r] = fam < 0 ? -1 : fam * 64 + key;
            cx->zeros[t][r] = (uint8_t)(k >> 8);
            if (fam >= 0 && key > cx->bestkey[fam])
                cx->bestkey[fam] = key;
        }
    if (!with_twins)
        return;
    for (int t = 0; t < 2; t++) {
        uint8_t cls[9];
        int dup = 0;
        memset(cx->twins[t], 0, sizeof cx->twins[t]);
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

/* The root nodes. With notwins (pattern mode) both
 * orientations are kept even for a symmetric grid. Returns the root count. */
static int rb_roots(const sudoku_grid *in, rb_node root[2], int notwins)
{
    int sym = !notwins, n = 0;
    for (int r = 0; r < 9 && sym; r++)
        for (int c = r + 1; c < 9; c++)
            if (in->cell[r * 9 + c] != in->cell[c * 9 + r]) {
                sym = 0;
                break;
            }
    for (int t = 0; t < (sym ? 1 : 2); t++) {
        rb_node *c = &root[n++];
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
     * row), and so does row 0 from a line holding one digit several times
     * (the pattern grids of pattern mode): lines below the best key of
     * their family cannot win. Other lines are always laid out.
     * (rb_load finds the best keys: a symmetric grid's two orientations
     * have the same keys, so taking both in changes nothing.) */
    return n;
}

/* With ties, x->ties gets the automorphism count (sudoku_automorphisms);
 * the canonical form alone does not need it. */
static int rb_search(ml_state *x, const sudoku_grid *in, int ties)
{
    rb_ctx cx;
    int n;
    if (sg_valid(in)) {
        sg_search(x, in, NULL);
        return 1;
    }
    rb_load(&cx, in, 1);
    rb_node root[2];
    n = rb_roots(in, root, 0);
    cx.ms = x;
    cx.notwins = cx.fixedrows = 0;
    cx.bound = NULL;
    rb_node buf[2][RB_CAP];
    const rb_node *cur = root;
    int i0 = 0;
    if (fg_applies(in)) {
        int sym = n == 1;
        n = fg_top(&cx, sym, buf[0], RB_CAP, x->best);
        if (n < 0)
            return 0;
        cur = buf[0];
        i0 = 2;
    }
    n = rb_levels(&cx, x, cur, n, buf, i0, 1, &cur);
    if (n < 0)
        return 0;
    x->ties = 0;
    for (int a = 0; ties && a < n; a++)
        x->ties += cur[a].w * rb_colweight(&cur[a]);
    rb_record(x, &cur[0]);
    return 1;
}

/* Pattern mode with the row engine, in two passes. First the smallest
 * pattern over the pattern grid (every given a 1), keeping every row
 * choice (no identical-row merging, both orientations): each final node
 * is then a set of transforms reaching that pattern, its tied columns
 * being columns identical in the pattern, and together they are all of
 * them. Then the digits: the same nodes, relabelled from scratch, run
 * again over the real grid with their rows fixed. Every column order
 * still free keeps the pattern, so the level-wide pruning by digits is
 * exact here. Returns 0 on overflow. */
static int rb_pattern(ml_state *x, const sudoku_grid *in)
{
    rb_ctx cx;
    sudoku_grid pat;
    for (int k = 0; k < 81; k++)
        pat.cell[k] = in->cell[k] ? 1 : 0;
    rb_load(&cx, &pat, 0);
    rb_node root[2], buf[2][RB_CAP];
    int n = rb_roots(&pat, root, 1);
    const rb_node *cur;
    cx.ms = x;
    cx.notwins = 1;
    cx.fixedrows = 0;
    cx.bound = NULL;
    n = rb_levels(&cx, x, root, n, buf, 0, 1, &cur);
    if (n < 0)
        return 0;
    /* cur is buf[1] (level 8 wrote it): relabel in place, then level 0
     * of the digit pass writes buf[0]. */
    rb_node *start = buf[1];
    for (int a = 0; a < n; a++) {
        memset(start[a].label, 0, sizeof start[a].label);
        start[a].next = 1;
        start[a].w = 1;
    }
    rb_load(&cx, in, 0);
    cx.notwins = 0;
    cx.fixedrows = 1;
    n = rb_levels(&cx, x, start, n, buf, 0, 0, &cur);
    if (n < 0)
        return 0;
    rb_record(x, &cur[0]);
    return 1;
}

/* The row engine against a known form (puzzles; full grids have their own
 * paths): 1 when minlex(in) is `form`, with the transform reaching it
 * recorded (as finish() builds it), 0 when it is not, -1 on overflow. */
static int rb_matches(ml_state *x, const sudoku_grid *in, const uint8_t form[81])
{
    rb_ctx cx;
    rb_node root[2], buf[2][RB_CAP];
    const rb_node *cur;
    rb_load(&cx, in, 1);
    int n = rb_roots(in, root, 0);
    cx.ms = x;
    cx.notwins = cx.fixedrows = 0;
    cx.bound = form;
    n = rb_levels(&cx, x, root, n, buf, 0, 1, &cur);
    if (n == -2)
        return 0;
    if (n < 0)
        return -1;
    rb_record(x, &cur[0]);
    return 1;
}

static void finish(ml_state *x, sudoku_grid *out, sudoku_transform *t)
{
    memcpy(out->cell, x->best, 81);
    if (t) {
        if (x->bt_lazy)
            record(x);
        *t = x->bt;
    }
}

void sudoku_minlex(const sudoku_grid *in, sudoku_grid *out,
                   sudoku_transform *t)
{
    ml_state x;
    /* A full grid ties its first row over every column order: the cell
     * search handles it without overflowing first. */
    if (!rb_search(&x, in, 0))
        search(&x, in, NULL);
    finish(&x, out, t);
}

void sudoku_minlex_pattern(const sudoku_grid *in, sudoku_grid *out,
                           sudoku_transform *t)
{
    ml_state x;
    sudoku_grid pat;
    uint8_t req[81];
    /* A full grid has one pattern: both forms are the same. */
    if (sudoku_grid_givens(in) == 81) {
        sudoku_minlex(in, out, t);
        return;
    }
    /* First the smallest pattern: the minlex form of the grid with every
     * given made a 1 is exactly that pattern. Then the digits, among the
     * transforms that reach it. The row engine does both (rb_pattern);
     * when it overflows, the searches below do. */
    if (rb_pattern(&x, in)) {
        finish(&x, out, t);
        return;
    }
    for (int k = 0; k < 81; k++)
        pat.cell[k] = in->cell[k] ? 1 : 0;
    if (!rb_search(&x, &pat, 0))
        search(&x, &pat, NULL);
    for (int k = 0; k < 81; k++)
        req[k] = x.best[k] != 0;
    /* The digits: the cell search with the required pattern (the row
     * engine's level-wide pruning on the real grid alone would be wrong:
     * a row that is smaller now may fail the required pattern later;
     * rb_pattern avoids that by starting from the pattern's transforms). */
    search(&x, in, req);
    finish(&x, out, t);
}

int sudoku_minlex_matches(const sudoku_grid *in, const sudoku_grid *form,
                          sudoku_transform *t)
{
    ml_state x;
    sudoku_grid m;
    if (sg_valid(in)) {
        /* A valid grid's form starts 123456789 and is itself valid. */
        for (int k = 0; k < 9; k++)
            if (form->cell[k] != k + 1)
                return 0;
        if (!sg_valid(form))
            return 0;
        sg_search(&x, in, form->cell);
        if (!x.ties || memcmp(x.best, form->cell, 81) != 0)
            return 0;
        if (t)
            *t = x.bt;
        return 1;
    }
    if (!fg_applies(in)) {
        int r = rb_matches(&x, in, form->cell);
        if (r >= 0) {
            if (r && t) {
                record(&x);
                *t = x.bt;
            }
            return r;
        }
    }
    sudoku_minlex(in, &m, t);
    return memcmp(m.cell, form->cell, 81) == 0;
}

uint32_t sudoku_automorphisms(const sudoku_grid *g)
{
    ml_state x;
    if (!rb_search(&x, g, 1))
        search(&x, g, NULL);
    return (uint32_t)x.ties;
}
