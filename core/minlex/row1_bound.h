/*
 * row1_bound.h - internal to valid_grid.c (and its unit test): the
 * smallest row 1 a pair of rows of a valid band can reach.
 *
 * For top rows (r0, r1) of a band let pi(c) be the column of row 0 that
 * holds row 1's digit in column c: a permutation of the 9 columns that
 * never maps a column into its own stack. Under column order C, output
 * row 1 is k -> Cinv(pi(C(k))) (0-based labels), so the smallest row 1 of
 * the pair is the smallest conjugate of pi under the 1296 column orders,
 * and it depends only on pi's conjugacy class. The cycle type of pi is a
 * conjugacy invariant, so the smallest row 1 over all pi of a cycle type
 * is a lower bound for each of them. Those bounds, found by trying all
 * 12,096 such pi against all 1296 orders (the unit test does it again):
 * positions 3-8 of row 1 packed 4 bits each, 0-based, for "pure" bands
 * (every stack of row 1 drawn from one stack of row 0: row 1 starts
 * 3 4 5 6 7 8) and "mixed" ones (row 1 starts 3 4 6). For pure bands and
 * five of the eight mixed cycle types the bound is exact.
 */
#ifndef SUDOKU_MINLEX_ROW1_BOUND_H
#define SUDOKU_MINLEX_ROW1_BOUND_H

#include <stdint.h>

/* The cycle type of pi (no fixed points): sum of 1 << 3(len - 2). */
static inline uint32_t minlex_cycle_code(const uint8_t pi[9])
{
    uint32_t code = 0;
    unsigned seen = 0;
    for (int s = 0; s < 9; s++) {
        if (seen >> s & 1)
            continue;
        int n = 0, x = s;
        do {
            seen |= 1u << x;
            x = pi[x];
            n++;
        } while (x != s);
        code += 1u << (3 * (n - 2));
    }
    return code;
}

/* The bound for a cycle code; 0 (no bound) for a code that cannot occur. */
static inline uint32_t minlex_row1_bound(uint32_t code, int pure)
{
    if (pure)
        switch (code) {
        case 3u << 3:              return 0x678012; /* 3 3 3 */
        case 1u << 3 | 1u << 12:   return 0x678021; /* 3 6 */
        case 1u << 21:             return 0x678120; /* 9 */
        default:                   return 0;
        }
    switch (code) {
    case 2u | 1u << 9:             return 0x078125; /* 2 2 5 */
    case 1u | 1u << 15:            return 0x078152; /* 2 7 */
    case 3u | 1u << 3:             return 0x078215; /* 2 2 2 3 */
    case 1u | 1u << 3 | 1u << 6:   return 0x078512; /* 2 3 4 */
    case 1u << 21:                 return 0x178052; /* 9 */
    case 1u << 6 | 1u << 9:        return 0x178502; /* 4 5 */
    case 1u << 3 | 1u << 12:       return 0x278510; /* 3 6 */
    case 3u << 3:                  return 0x782501; /* 3 3 3 */
    default:                       return 0;
    }
}

#endif
