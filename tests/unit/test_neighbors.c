/* test_neighbors.c - the {-m+k} vicinity search against a brute-force
 * twin: every removal set and every addition set in the documented order,
 * each result counted by the plain backtracking counter (plain_count.h).
 * The rows must be the same, in the same order. SUDOKU_LONG_TEST adds
 * puzzles of forum_hardest_1905_11plus. */
#include <string.h>

#include "check.h"
#include "generate.h"
#include "neighbors.h"
#include "plain_count.h"

#define MAX_ROWS 20000

typedef struct twin_row {
    sudoku_grid puzzle;
    uint8_t removed[81], added[81][2];
} twin_row;

static twin_row rows[MAX_ROWS];
static int nrows;

typedef struct twin {
    sudoku_grid p, q;
    int minus, plus, nempty;
    uint8_t empty[81], removed[81], added[81][2];
} twin;

/* Additions: pair index i = empty[i / 9] with digit i % 9 + 1, chosen in
 * increasing order, never two in one cell. */
static void twin_add(twin *t, int from, int k)
{
    if (k == t->plus) {
        if (plain_count(&t->q, 2, NULL) == 1 && nrows < MAX_ROWS) {
            rows[nrows].puzzle = t->q;
            memcpy(rows[nrows].removed, t->removed, sizeof t->removed);
            memcpy(rows[nrows].added, t->added, sizeof t->added);
            nrows++;
        }
        return;
    }
    for (int i = from; i < 9 * t->nempty; i++) {
        int cell = t->empty[i / 9];
        if (t->q.cell[cell])
            continue;
        t->q.cell[cell] = (uint8_t)(i % 9 + 1);
        t->added[k][0] = (uint8_t)cell;
        t->added[k][1] = (uint8_t)(i % 9 + 1);
        twin_add(t, i + 1, k + 1);
        t->q.cell[cell] = 0;
    }
}

static void twin_remove(twin *t, int from, int k)
{
    if (k == t->minus) {
        twin_add(t, 0, 0);
        return;
    }
    for (int c = from; c < 81; c++)
        if (t->p.cell[c]) {
            t->q.cell[c] = 0;
            t->removed[k] = (uint8_t)c;
            twin_remove(t, c + 1, k + 1);
            t->q.cell[c] = t->p.cell[c];
        }
}

static void compare(const sudoku_grid *p, int minus, int plus)
{
    static twin t;
    static sudoku_neighbors nb;
    char text[82];
    int i = 0, r;
    memset(&t, 0, sizeof t);
    t.p = t.q = *p;
    t.minus = minus;
    t.plus = plus;
    for (int c = 0; c < 81; c++)
        if (!p->cell[c])
            t.empty[t.nempty++] = (uint8_t)c;
    nrows = 0;
    if (minus <= 81 - t.nempty && plus <= t.nempty) /* else no rows at all */
        twin_remove(&t, 0, 0);
    sudoku_neighbors_start(&nb, p, minus, plus);
    while ((r = sudoku_neighbors_next(&nb, NULL)) == 1) {
        int same = i < nrows && memcmp(&nb.puzzle, &rows[i].puzzle, sizeof nb.puzzle) == 0;
        for (int k = 0; same && k < minus; k++)
            same = nb.clue[nb.rem[k]] == rows[i].removed[k];
        for (int k = 0; same && k < plus; k++)
            same = sudoku_neighbors_added_cell(&nb, k) == rows[i].added[k][0] &&
                   sudoku_neighbors_added_digit(&nb, k) == rows[i].added[k][1];
        CHECK_MSG(same && nrows < MAX_ROWS, "{-%d+%d} row %d differs for %s", minus, plus, i,
                  check_line(p, text));
        CHECK(sudoku_grid_is_solution(&nb.solution));
        if (!same)
            return;
        i++;
    }
    CHECK(r == 0);
    CHECK(sudoku_neighbors_next(&nb, NULL) == 0); /* stays finished */
    if (getenv("NB_TRACE"))
        fprintf(stderr, "{-%d+%d} %d rows\n", minus, plus, nrows);
    CHECK_MSG(i == nrows, "{-%d+%d}: %d rows, twin %d for %s", minus, plus, i, nrows,
              check_line(p, text));
}

int main(int argc, char **argv)
{
    sudoku_generate_options o;
    sudoku_grid p, s;
    int total = 0;
    sudoku_generate_defaults(&o);
    /* minimal puzzles: {-1+1}, {-1+0} (none: minimal), {-0+1} */
    for (int i = 0; i < (SANITIZED ? 1 : 3); i++) {
        CHECK(sudoku_generate(&o, 21, (uint64_t)i, &p, &s, NULL) == 1);
        compare(&p, 1, 1);
        total += nrows;
        compare(&p, 1, 0);
        CHECK(nrows == 0);
        compare(&p, 0, 1);
    }
    CHECK(total > 0);
    /* a puzzle with many clues: {-2+0}, {-0+2} (multi-place odometers) */
    o.minimal = 0;
    o.clues_min = o.clues_max = 40;
    CHECK(sudoku_generate(&o, 22, 0, &p, &s, NULL) == 1);
    compare(&p, 2, 0);
    CHECK(nrows > 0);
    compare(&p, 0, 2);
    /* degenerate: {-0+0} is p itself when unique; too many removals: none */
    compare(&p, 0, 0);
    CHECK(nrows == 1);
    compare(&p, 41, 0);
    CHECK(nrows == 0);
    /* a puzzle with several solutions and one with clashes */
    p.cell[0] = p.cell[1] = p.cell[2] = 0;
    compare(&p, 1, 1);
    p = check_grid(CHECK_EXAMPLE);
    p.cell[80] = p.cell[0];
    p.cell[72] = p.cell[0];
    compare(&p, 1, 1);
    if (check_long(argc, argv)) { /* SUDOKU_LONG_TEST: hard puzzles */
        FILE *f = check_open_data("puzzles/forum_hardest_1905_11plus.txt");
        char line[256];
        int n = 0;
        if (f) {
            while (n < 3 && check_next_line(f, line, sizeof line)) {
                p = check_grid(line);
                compare(&p, 1, 1);
                n++;
            }
            fclose(f);
        }
    }
    return check_done();
}
