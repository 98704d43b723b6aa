/* libFuzzer target: sudoku_te_depth with a small max_depth, so every run
 * is bounded. Oracle: the answer is a depth within the bound, "too deep",
 * or "undefined" exactly when the puzzle has no unique solution; depths
 * are monotone in the bound. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "solver.h"
#include "te_depth.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_grid g;
    fuzz_grid(data, size, &g);
    int unique = sudoku_count(&g, 2, NULL, NULL) == 1;
    int d0 = sudoku_te_depth(&g, 0, NULL);
    int d1 = sudoku_te_depth(&g, 1, NULL);
    if (!unique)
        return d0 == SUDOKU_TE_UNDEFINED && d1 == SUDOKU_TE_UNDEFINED ? 0 : (abort(), 0);
    if (d0 != 0 && d0 != SUDOKU_TE_TOO_DEEP)
        abort();
    if (d0 == 0 && d1 != 0)
        abort();
    if (d0 == SUDOKU_TE_TOO_DEEP && d1 != 1 && d1 != SUDOKU_TE_TOO_DEEP)
        abort();
    return 0;
}
