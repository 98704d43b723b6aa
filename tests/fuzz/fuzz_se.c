/* libFuzzer target: sudoku_se_rate. Oracle: INVALID exactly when the
 * puzzle has no unique solution or is full; a rated path places only the
 * solution's digits, fills every empty cell, never eliminates a solution
 * digit, and ER >= EP >= ED > 0 with ER the path's highest rating. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "se_rating.h"
#include "solver.h"

static sudoku_se_path path;

/* Nested chains take seconds a puzzle (over a minute under the fuzzing
 * instrumentation, past its 30 s unit timeout): the rating stops after
 * this many cancel polls (about 0.25 s of a release build; dynamic+ and
 * most nested level-2 paths finish well within it), and a stopped path
 * must still be right as far as it goes. */
static long polls;
static int stop_after_budget(void *arg)
{
    (void)arg;
    return ++polls > 200000;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_grid g, sol;
    fuzz_grid(data, size, &g);
    int unique = sudoku_grid_consistent(&g) && sudoku_count(&g, 2, &sol, NULL) == 1;
    int empty = SUDOKU_CELLS - sudoku_grid_givens(&g);
    polls = 0;
    sudoku_cancel budget = { stop_after_budget, NULL };
    sudoku_se_status st = sudoku_se_rate(&g, &path, &budget);
    if (st != SUDOKU_SE_CANCELLED && (st == SUDOKU_SE_INVALID) != (!unique || empty == 0))
        abort();
    if (st == SUDOKU_SE_INVALID || (st == SUDOKU_SE_CANCELLED && (!unique || empty == 0)))
        return 0;
    int placed = 0, top = 0;
    for (int i = 0; i < path.step_count; i++) {
        const sudoku_se_step *s = &path.step[i];
        if (s->rating > top)
            top = s->rating;
        if (s->cell >= 0) {
            if (sol.cell[s->cell] != s->digit || g.cell[s->cell])
                abort();
            placed++;
        }
        for (int e = s->elim_first; e < s->elim_first + s->elim_count; e++)
            if (sol.cell[path.elim[e] / 9] == path.elim[e] % 9 + 1)
                abort();
    }
    if (st == SUDOKU_SE_OK && (placed != empty || path.er != top || path.er < path.ep ||
                               path.ep < path.ed || path.ed <= 0))
        abort();
    if ((st == SUDOKU_SE_UNSUPPORTED || st == SUDOKU_SE_CANCELLED) && placed >= empty)
        abort();
    return 0;
}
