/* libFuzzer target: the collector's facts (facts.h, minimality.h,
 * backdoor.h) on any grid. Oracles: the status agrees with the solver's
 * count; the pattern parses back and is its own pattern; a solution found
 * passes the solution check; rotate90 implies rotate180; minimality and
 * the redundant givens agree, and are defined exactly for unique puzzles;
 * the backdoor's cells, given their solution digits, let Singles (T&E
 * depth 0) solve the puzzle, and size 0 means depth 0. The long calls run
 * under a cancel hook that stops after a bounded number of questions, so
 * every input finishes quickly; a cancelled call must say so. */
#include <stdlib.h>

#include "backdoor.h"
#include "facts.h"
#include "fuzz_input.h"
#include "minimality.h"
#include "solver.h"
#include "symmetry.h"
#include "te_depth.h"

static int ask(void *arg)
{
    long *left = arg;
    return --*left < 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_grid g, pat, back, sol;
    char line[SUDOKU_CELLS];
    long left = 40;
    sudoku_cancel cancel = {ask, &left};
    fuzz_grid(data, size, &g);

    int status = sudoku_status(&g, &cancel);
    if (status == SUDOKU_CANCELLED)
        return 0;
    uint64_t n = sudoku_count(&g, 2, NULL, NULL);
    int consistent = sudoku_grid_consistent(&g);
    int expect = !consistent ? SUDOKU_STATUS_CLASH
               : sudoku_grid_givens(&g) == SUDOKU_CELLS ? SUDOKU_STATUS_SOLVED
               : n == 0 ? SUDOKU_STATUS_NONE : n == 1 ? SUDOKU_STATUS_UNIQUE
               : SUDOKU_STATUS_MULTIPLE;
    if (status != expect)
        abort();

    sudoku_pattern(&g, &pat);
    sudoku_grid_to_line(&pat, line);
    if (sudoku_grid_parse(line, SUDOKU_CELLS, &back, NULL) != SUDOKU_PARSE_OK ||
        memcmp(&back, &pat, sizeof back) != 0 ||
        sudoku_grid_givens(&pat) != sudoku_grid_givens(&g))
        abort();
    if (n > 0 && sudoku_solve(&g, &sol, NULL) && !sudoku_is_solution_of(&g, &sol))
        abort();
    unsigned sym = sudoku_symmetries(&g);
    if ((sym >> SUDOKU_SYM_ROTATE90 & 1) && !(sym >> SUDOKU_SYM_ROTATE180 & 1))
        abort();
    if (sym != sudoku_symmetries(&pat))
        abort();

    int unique = consistent && n == 1;
    uint8_t red[SUDOKU_CELLS];
    left = 40;
    int m = sudoku_is_minimal(&g, &cancel);
    left = 40;
    int r = sudoku_redundant_clues(&g, red, &cancel);
    if (m != SUDOKU_CANCELLED && r != SUDOKU_CANCELLED) {
        if (!unique && (m != SUDOKU_MINIMAL_UNDEFINED || r != SUDOKU_MINIMAL_UNDEFINED))
            abort();
        if (unique && (m != (r == 0) || r < 0))
            abort();
        for (int c = 0, k = 0; unique && c < SUDOKU_CELLS; c++) {
            if (red[c] && !g.cell[c])
                abort();
            k += red[c];
            if (c == SUDOKU_CELLS - 1 && k != r)
                abort();
        }
    }

    int cells[SUDOKU_CELLS];
    left = 40;
    int b = sudoku_backdoor(&g, cells, &cancel);
    if (b == SUDOKU_CANCELLED)
        return 0;
    if (!unique)
        return b == SUDOKU_BACKDOOR_UNDEFINED ? 0 : (abort(), 0);
    if (b < 0 || (b == 0) != (sudoku_te_depth(&g, 0, NULL) == 0))
        abort();
    sudoku_solve(&g, &sol, NULL);
    back = g;
    for (int j = 0; j < b; j++) {
        if (cells[j] < 0 || cells[j] >= SUDOKU_CELLS || g.cell[cells[j]])
            abort();
        back.cell[cells[j]] = sol.cell[cells[j]];
    }
    if (sudoku_te_depth(&back, 0, NULL) != 0)
        abort();
    return 0;
}
