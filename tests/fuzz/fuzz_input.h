/* fuzz_input.h - turning fuzzer bytes into a grid. Text that parses is
 * used as is; otherwise each of the first 81 bytes becomes a cell (empty
 * for bytes below 0x90, else a digit), so sparse puzzles, clashes and
 * dense grids are all reachable. */
#ifndef SUDOKU_FUZZ_INPUT_H
#define SUDOKU_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "grid.h"

static inline void fuzz_grid(const uint8_t *data, size_t size, sudoku_grid *g)
{
    if (sudoku_grid_parse(data, size, g, NULL) == SUDOKU_PARSE_OK)
        return;
    memset(g, 0, sizeof *g);
    for (size_t i = 0; i < size && i < SUDOKU_CELLS; i++)
        g->cell[i] = data[i] < 0x90 ? 0 : (uint8_t)(data[i] % 9 + 1);
}

/* A 64-bit number from the bytes after the first 81 (for seeds). */
static inline uint64_t fuzz_tail(const uint8_t *data, size_t size)
{
    uint64_t x = 0;
    for (size_t i = SUDOKU_CELLS; i < size && i < SUDOKU_CELLS + 8; i++)
        x = x << 8 | data[i];
    return x;
}

#endif
