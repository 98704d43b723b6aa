/*
 * solver_tables.h - the band lookup tables of solver.c, built by the
 * preprocessor from their definitions (no generator script to keep in
 * step). tests/unit/test_solver.c recomputes every entry the slow way.
 */
#ifndef SUDOKU_SOLVER_TABLES_H
#define SUDOKU_SOLVER_TABLES_H

#include <stdint.h>

/* f(0), f(1), ..., f(511) */
#define SOLVER_E4(f, x) f(x), f((x) + 1), f((x) + 2), f((x) + 3)
#define SOLVER_E16(f, x) SOLVER_E4(f, x), SOLVER_E4(f, (x) + 4), \
    SOLVER_E4(f, (x) + 8), SOLVER_E4(f, (x) + 12)
#define SOLVER_E64(f, x) SOLVER_E16(f, x), SOLVER_E16(f, (x) + 16), \
    SOLVER_E16(f, (x) + 32), SOLVER_E16(f, (x) + 48)
#define SOLVER_E512(f) SOLVER_E64(f, 0), SOLVER_E64(f, 64), \
    SOLVER_E64(f, 128), SOLVER_E64(f, 192), SOLVER_E64(f, 256), \
    SOLVER_E64(f, 320), SOLVER_E64(f, 384), SOLVER_E64(f, 448)

/* One 9-bit row of a digit in a band: bits 0..2 the boxes (triads) it
 * reaches, bit 3 set when it holds a single cell. */
#define SOLVER_ROW_INFO(x) \
    ((((x) & 7) != 0) | (((x) & 070) != 0) << 1 | (((x) & 0700) != 0) << 2 | \
     ((x) != 0 && ((x) & ((x) - 1)) == 0) << 3)
/* The same placed for row r of the band, so that ORing the three rows
 * gives the band's nine triad bits (bit 3*r + box) and its single rows
 * (bit 9 + r) with no shifting. */
#define SOLVER_ROWI(x, r) \
    (((SOLVER_ROW_INFO(x) & 7) << (3 * (r))) | ((SOLVER_ROW_INFO(x) >> 3) << (9 + (r))))
#define SOLVER_RI0(x) SOLVER_ROWI(x, 0)
#define SOLVER_RI1(x) SOLVER_ROWI(x, 1)
#define SOLVER_RI2(x) SOLVER_ROWI(x, 2)
static const uint16_t solver_row_tri[3][512] = {
    {SOLVER_E512(SOLVER_RI0)},
    {SOLVER_E512(SOLVER_RI1)},
    {SOLVER_E512(SOLVER_RI2)},
};

/* 9 triad bits t of a digit in a band (bit 3*r + c: row r may hold it in
 * box c). The digit sits once in each row and once in each box, so its
 * triads form a permutation: keep every triad on a permutation inside t,
 * as 27 cell bits (band_keep), or for a stack (bands for rows, columns
 * for boxes) as bit 9*band + column in the stack (stack_keep), the layout
 * solver.c uses for the columns of a digit. 0: no room at all. */
#define SOLVER_ON(t, a, b, c) \
    (((t) >> (a)) & ((t) >> (3 + (b))) & ((t) >> (6 + (c))) & 1)
#define SOLVER_PK(t, a, b, c) \
    (SOLVER_ON(t, a, b, c) ? (07u << (3 * (a)) | 07u << (9 + 3 * (b)) | \
                              07u << (18 + 3 * (c))) : 0u)
#define SOLVER_PT(t, a, b, c) \
    (SOLVER_ON(t, a, b, c) ? (1u << (a) | 1u << (9 + (b)) | 1u << (18 + (c))) : 0u)
#define SOLVER_BAND_KEEP(t) \
    (SOLVER_PK(t, 0, 1, 2) | SOLVER_PK(t, 0, 2, 1) | SOLVER_PK(t, 1, 0, 2) | \
     SOLVER_PK(t, 1, 2, 0) | SOLVER_PK(t, 2, 0, 1) | SOLVER_PK(t, 2, 1, 0))
#define SOLVER_STACK_KEEP(t) \
    (SOLVER_PT(t, 0, 1, 2) | SOLVER_PT(t, 0, 2, 1) | SOLVER_PT(t, 1, 0, 2) | \
     SOLVER_PT(t, 1, 2, 0) | SOLVER_PT(t, 2, 0, 1) | SOLVER_PT(t, 2, 1, 0))
static const uint32_t solver_band_keep[512] = {SOLVER_E512(SOLVER_BAND_KEEP)};
static const uint32_t solver_stack_keep[512] = {SOLVER_E512(SOLVER_STACK_KEEP)};

#endif
