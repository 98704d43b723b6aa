/*
 * internal.h - what the minlex engines share (not installed).
 *
 * The canonical form (core/minlex.h) is computed by exact engines, a file
 * each in this folder; minlex.c picks them per input:
 *   valid_grid.c  valid solution grids: only the top band is searched;
 *   rows.c        everything else: breadth first, row by row (the fast
 *                 path), also pattern mode and the bounded test behind
 *                 sudoku_minlex_matches;
 *   full_grid.c   rows 0 and 1 together for the row engine, when every row
 *                 and column of a full grid holds nine distinct digits;
 *   pattern.c     pattern mode's first pass: the transforms reaching the
 *                 smallest clue pattern, as row engine nodes, on row masks;
 *   cells.c       cell by cell branch and bound, with no node budget: the
 *                 fallback when a level of the row engine would overflow.
 * Each engine leaves its result in a minlex_answer.
 */
#ifndef SUDOKU_MINLEX_INTERNAL_H
#define SUDOKU_MINLEX_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "../minlex.h"

/* An engine's result: the form, how many transforms reach it (weighted
 * leaves; the automorphism count when the engine was asked to count), and
 * one transform reaching it. The row engine leaves that transform as its
 * pieces (pending) and it is built only when a caller wants it. */
typedef struct minlex_answer {
    uint8_t best[81];
    uint64_t ties;
    sudoku_transform bt;  /* valid when !pending */
    int pending;          /* bt not built yet: t, R, C, label hold it */
    uint8_t t, R[9], C[9], label[10];
} minlex_answer;

/* The transform from its pieces: transpose flag, output -> source rows and
 * columns, digit -> label (0: absent from the grid; absent digits take the
 * unused labels in order). */
static inline void minlex_transform_build(int t, const uint8_t R[9], const uint8_t C[9],
                                          const uint8_t label[10], sudoku_transform *bt)
{
    uint8_t used = 0;
    uint16_t seen = 0;
    bt->transpose = (uint8_t)t;
    for (int k = 0; k < 9; k++) {
        bt->rows[k] = R[k];
        bt->cols[k] = C[k];
    }
    bt->digits[0] = 0;
    for (int d = 1; d <= 9; d++) {
        bt->digits[d] = label[d];
        if (label[d])
            seen |= (uint16_t)(1u << label[d]);
    }
    /* Digits absent from the grid take the unused labels. */
    for (int d = 1; d <= 9; d++) {
        if (label[d])
            continue;
        while (seen >> (++used) & 1)
            ;
        seen |= (uint16_t)(1u << used);
        bt->digits[d] = used;
    }
}

/* Which source column each output column takes, built stack slot by stack
 * slot: an output stack slot S takes all three columns from one source
 * stack, sig[S], so a slot's first column fixes its stack. Used by the
 * cell search and by full_grid.c. */
typedef struct colmap {
    int8_t C[9], Cinv[9], sig[3]; /* output -> source column, back, slot -> stack */
    uint8_t stackused;
} colmap;

static inline void colmap_clear(colmap *m)
{
    memset(m->C, -1, sizeof m->C);
    memset(m->Cinv, -1, sizeof m->Cinv);
    memset(m->sig, -1, sizeof m->sig);
    m->stackused = 0;
}

/* Whether source column c may go to output column k. */
static inline int colmap_allowed(const colmap *m, int k, int c)
{
    int S = k / 3;
    if (m->C[k] >= 0 || m->Cinv[c] >= 0)
        return 0;
    return m->sig[S] >= 0 ? m->sig[S] == c / 3 : !(m->stackused >> (c / 3) & 1);
}

/* Puts c at k; returns whether that fixed k's slot (for colmap_unplace). */
static inline int colmap_place(colmap *m, int k, int c)
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

static inline void colmap_unplace(colmap *m, int k, int c, int fresh)
{
    m->C[k] = -1;
    m->Cinv[c] = -1;
    if (fresh) {
        m->stackused &= (uint8_t)~(1u << m->sig[k / 3]);
        m->sig[k / 3] = -1;
    }
}

/* Bit k: byte k of the 8 at p is nonzero. Cells hold 0..9, so adding 0x7F
 * to a byte sets its top bit exactly when it is nonzero, with no carry
 * into the next byte; the multiply gathers the eight top bits. */
static inline unsigned minlex_nonzero_mask8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    uint64_t h = ((v + 0x7F7F7F7F7F7F7F7FULL) & 0x8080808080808080ULL) >> 7;
    return (unsigned)(h * 0x0102040810204080ULL >> 56);
}

/* memcmp of short prefixes, inlined. */
static inline int minlex_cmp(const uint8_t *a, const uint8_t *b, int n)
{
    for (int k = 0; k < n; k++)
        if (a[k] != b[k])
            return a[k] < b[k] ? -1 : 1;
    return 0;
}

/* A node of the row engine: one output prefix's worth of transforms. The
 * transpose flag, the source rows chosen, the digit labels, and the column
 * freedom left as an ordered partition: stack groups (consecutive output
 * stack slots whose source stacks are still interchangeable) and, inside
 * each slot, cells (consecutive output columns whose source columns are
 * still interchangeable). w: how many identical-row choices it stands for. */
typedef struct row_node {
    uint64_t w;
    uint16_t rowused, cellstart; /* cellstart: bit p = a cell starts at p */
    uint8_t t, band, groupstart, next; /* groupstart: bit S = group at slot S */
    uint8_t R[9], col[9], label[10];
} row_node;

/* Most nodes a level of the row engine holds before it gives up. */
#define ROW_CAP 768

/* ---- valid_grid.c ---- */

/* Whether every row, column and box of `in` holds nine distinct digits. */
int minlex_is_valid_grid(const sudoku_grid *in);

/* The form, automorphism count and a transform of a valid grid. With a
 * bound (a valid grid's form) the search starts from it as the best so
 * far: a->best stays the bound and a->ties > 0 exactly when the grid's
 * form is the bound. */
void minlex_valid_grid(minlex_answer *a, const sudoku_grid *in, const uint8_t *bound);

/* ---- full_grid.c ---- */

/* Whether every row and column of `in` holds nine distinct digits. */
int minlex_full_grid_applies(const sudoku_grid *in);

/* For such a grid (g: both orientations, sym: it equals its transpose),
 * the row engine's level-2 nodes: every choice of rows 0-1 and column order
 * reaching the smallest rows 0-1, into out[0..cap); returns their count or
 * -1 on overflow. best01 receives rows 0 and 1. */
int minlex_full_grid_top(const uint8_t g[2][81], int sym, row_node *out, int cap,
                         uint8_t best01[18]);

/* ---- rows.c ---- (each returns 0 on overflow; cells.c then does it) */

/* The form of a grid that is not a valid grid; with count, a->ties is the
 * automorphism count. */
int minlex_rows(minlex_answer *a, const sudoku_grid *in, int count);

/* Pattern mode: the smallest pattern, then the smallest digits among the
 * transforms reaching it. */
int minlex_rows_pattern(minlex_answer *a, const sudoku_grid *in);

/* 1 when the form of `in` (a puzzle: no full-grid start) is `form`, with
 * the transform left pending in a; 0 when not; -1 on overflow. */
int minlex_rows_matches(minlex_answer *a, const sudoku_grid *in, const uint8_t form[81]);

/* Level 0 of the row engine alone, for the tests: its nodes and row 0,
 * with the shortcuts or (generic) without them; -1 on overflow. */
int minlex_rows_level0(const sudoku_grid *in, int generic, row_node *out, int cap,
                       uint8_t row0[9]);

/* The whole search for the tests: the final nodes of minlex_rows and the
 * form, with the shortcuts or (generic) without those that lay rows out
 * directly; -1 on overflow. */
int minlex_rows_final(const sudoku_grid *in, int generic, row_node *out, int cap,
                      uint8_t form[81]);

/* ---- pattern.c ---- */

/* Pattern mode's first pass: every transform reaching the smallest clue
 * pattern of `in`, as the row engine's final nodes (labels and weights
 * not set), written to buf[1]; returns their count or -1 on overflow. */
int minlex_pattern_nodes(const sudoku_grid *in, row_node buf[2][ROW_CAP]);

/* A stack's three given bits x (bit q = its column q) in the order of
 * the output columns q0, q1, q2, indexed by q0 | q1 << 2 | q2 << 4 and x:
 * bit 2 of the entry is column q0. All 64 packings (those that are no
 * order of 0, 1, 2 are never read). */
extern const uint8_t minlex_stack_bits[64][8];

/* One stack laid out with its givens as ones, empties first in each
 * cell, indexed by its cell structure (bit 0: a cell starts at its second
 * column, bit 1: at its third) and its minlex_stack_bits value. Bits 0-2:
 * the value (bit 2 = first column); bits 3-4: the cell structure after
 * (a cell splits where its empties end); bits 5-6, 7-8, 9-10: which of
 * the three columns goes first, second, third (empties, then givens,
 * each in their old order). */
extern const uint16_t minlex_stack_layout[4][8];

/* ---- cells.c ---- */

/* The form, ties and transform by the cell search; with req, only strings
 * whose nonzero cells are exactly req's are considered. */
void minlex_cells(minlex_answer *a, const sudoku_grid *in, const uint8_t *req);

#endif
