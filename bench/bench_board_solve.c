/*
 * bench_board_solve - the solver of the other orders (board_solver.h) on
 * 16x16 and 25x25 sets: per set and mode, puzzles/s and the median and
 * worst time of one puzzle, one core, core library only (the SQL glue
 * for these orders is not there yet):
 *   first   the first solution (sudoku_board_solve)
 *   count2  the uniqueness check (sudoku_board_count(..., 2, ...))
 *
 *   bench_board_solve [--write DIR] [--quick] [--files-only] [FILE ...]
 *
 * The built-in sets are made here from fixed seeds, so every run and
 * every machine times the same puzzles:
 *   o4_minimal   16x16 minimal puzzles: a random grid, cells removed in
 *                random order while the solution stays unique;
 *   o4_unique45  16x16 unique puzzles from a grid with 45% of its cells
 *                kept, more removed while unique (about 100 tries);
 *   o4_multi     16x16 grids with 40% of the cells kept (many solutions);
 *   o4_wrong     16x16 puzzles of o4_unique45 with one given changed
 *                (no solution: the whole tree is searched);
 *   o5_unique    25x25 unique puzzles (55% kept, 150 tries to remove);
 *   o5_hard      25x25 puzzles removed while unique down from 50% kept
 *                (200 tries; a check that needs more than 10,240 search
 *                nodes keeps its clue, so that making the set stays
 *                bounded): the
 *                hard region of 25x25, about 46% givens;
 *   o5_multi     25x25 grids with 45% kept.
 * FILE: one board per line in any alphabet the auto reading takes (A-P,
 * A-Y, ...), e.g. puzzles of Sudoku16x16Explainer's generator; its set
 * is named after the file. --write DIR writes the built-in sets there as
 * A-P / A-Y lines, to time other solvers on the same puzzles. --quick
 * makes the sets smaller; --files-only times the files alone. Each puzzle is timed alone (best of 3 runs, so
 * a time slice lost to another process does not count); the machine
 * should be quiet, the process pinned: taskset -c 1 bench_board_solve.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "board_solver.h"
#include "rng.h"

typedef struct set {
    char name[64];
    int n;
    sudoku_board *board;
} set;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void add(set *s, int order, const uint8_t *cells)
{
    s->board = realloc(s->board, sizeof *s->board * (size_t)(s->n + 1));
    s->board[s->n].order = order;
    memcpy(s->board[s->n].cell, cells, (size_t)sudoku_board_cells(order));
    s->n++;
}

/* The budget of a check while making a set: a count of the solver's
 * questions to the cancel hook (a fixed number of search nodes), not a
 * time, so that every machine makes the same sets. */
static int over_budget(void *questions)
{
    return --*(int *)questions < 0;
}

/* A random grid with `keep` percent of its cells (cells of the grid put
 * back while that is not unique, unless tries is 0), then up to `tries`
 * more cells removed at random while the solution stays unique (tries <
 * 0: every cell tried once, which gives a minimal puzzle). */
static void make(sudoku_rng *rng, int order, int keep, int tries, uint8_t *p)
{
    uint8_t empty[SUDOKU_BOARD_MAX_CELLS] = {0};
    int total = sudoku_board_cells(order), ord[SUDOKU_BOARD_MAX_CELLS];
    uint8_t grid[SUDOKU_BOARD_MAX_CELLS];
    sudoku_board_solve_random(order, empty, sudoku_rng_next(rng), grid, NULL);
    memcpy(p, grid, (size_t)total);
    for (int i = 0; i < total; i++) {
        ord[i] = i;
        if ((int)sudoku_rng_below(rng, 100) >= keep)
            p[i] = 0;
    }
    if (tries == 0)
        return;
    for (int i = total - 1; i > 0; i--) {
        int j = (int)sudoku_rng_below(rng, (uint32_t)i + 1), t = ord[i];
        ord[i] = ord[j];
        ord[j] = t;
    }
    /* not unique yet: add cells of the grid back, in random order and
     * 1% of the board at a time, until it is (a check over budget counts
     * as not unique) */
    for (int i = 0; i < total;) {
        int questions = 40;
        sudoku_cancel cancel = {over_budget, &questions};
        if (sudoku_board_count(order, p, 2, NULL, &cancel) == 1)
            break;
        for (int k = 0; k < total / 100 + 1 && i < total; k++, i++)
            p[ord[i]] = grid[ord[i]];
    }
    for (int i = 0, done = 0; i < total && (tries < 0 || done < tries); i++) {
        int c = ord[i], v = p[c];
        if (!v)
            continue;
        done++;
        p[c] = 0;
        int questions = 40; /* 10,240 nodes at order 5, about 0.2 s */
        sudoku_cancel cancel = {over_budget, &questions};
        if (sudoku_board_count(order, p, 2, NULL, &cancel) != 1)
            p[c] = (uint8_t)v;
    }
}

static void builtin(set *sets, int *nsets, int quick)
{
    static const struct {
        const char *name;
        int order, keep, tries, count, wrong;
    } SPEC[] = {
        {"o4_minimal", 4, 100, -1, 50, 0},  {"o4_unique45", 4, 45, 100, 200, 0},
        {"o4_multi", 4, 40, 0, 200, 0},      {"o4_wrong", 4, 45, 100, 200, 1},
        {"o5_unique", 5, 55, 150, 30, 0},    {"o5_hard", 5, 50, 200, 12, 0},
        {"o5_multi", 5, 45, 0, 50, 0},
    };
    for (size_t k = 0; k < sizeof SPEC / sizeof *SPEC; k++) {
        set *s = &sets[(*nsets)++];
        sudoku_rng rng;
        uint8_t p[SUDOKU_BOARD_MAX_CELLS];
        double start = now();
        memset(s, 0, sizeof *s);
        snprintf(s->name, sizeof s->name, "%s", SPEC[k].name);
        sudoku_rng_seed(&rng, 34000 + k);
        int count = quick ? SPEC[k].count / 5 : SPEC[k].count;
        for (int i = 0; i < count; i++) {
            make(&rng, SPEC[k].order, SPEC[k].keep, SPEC[k].tries, p);
            if (SPEC[k].wrong) {
                int total = sudoku_board_cells(SPEC[k].order), n = SPEC[k].order * SPEC[k].order;
                int c;
                do
                    c = (int)sudoku_rng_below(&rng, (uint32_t)total);
                while (!p[c]);
                p[c] = (uint8_t)(1 + (p[c] + sudoku_rng_below(&rng, (uint32_t)n - 1)) % n);
            }
            add(s, SPEC[k].order, p);
        }
        fprintf(stderr, "made %s: %d puzzles in %.1f s\n", s->name, s->n, now() - start);
    }
}

static int load(const char *path, set *s)
{
    FILE *f = fopen(path, "rb");
    static char line[1 << 16];
    if (!f)
        return 0;
    memset(s, 0, sizeof *s);
    const char *base = strrchr(path, '/');
    snprintf(s->name, sizeof s->name, "%s", base ? base + 1 : path);
    while (fgets(line, sizeof line, f)) {
        sudoku_board b;
        size_t len = strcspn(line, "\r\n\t");
        if (len && line[0] != '#' &&
            sudoku_board_read(line, len, SUDOKU_SYMBOLS_AUTO, &b, NULL) == SUDOKU_BOARD_OK)
            add(s, b.order, b.cell);
    }
    fclose(f);
    return s->n > 0;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static volatile uint64_t sink;

static void run(const set *s, int count2)
{
    double *t = malloc(sizeof *t * (size_t)s->n), total = 0;
    uint8_t out[SUDOKU_BOARD_MAX_CELLS];
    int solved = 0;
    for (int i = 0; i < s->n; i++) {
        double best = 1e30;
        for (int r = 0; r < 3; r++) {
            double a = now();
            uint64_t c = count2 ? sudoku_board_count(s->board[i].order, s->board[i].cell, 2, out, NULL)
                                : (uint64_t)sudoku_board_solve(s->board[i].order, s->board[i].cell, out, NULL);
            a = now() - a;
            sink += c;
            if (r == 0)
                solved += count2 ? c == 1 : c == 1;
            if (a < best)
                best = a;
        }
        t[i] = best;
        total += best;
    }
    qsort(t, (size_t)s->n, sizeof *t, cmp);
    printf("%-20s %-14s %-7s core %5d items %10.0f/s  median %9.3f ms  worst %9.3f ms  (%s %d)\n",
           count2 ? "sudoku_board_count" : "sudoku_board_solve", s->name, count2 ? "count2" : "first",
           s->n, s->n / total, t[s->n / 2] * 1e3, t[s->n - 1] * 1e3, count2 ? "unique" : "solved",
           solved);
    fflush(stdout);
    free(t);
}

int main(int argc, char **argv)
{
    set sets[64];
    int nsets = 0, quick = 0, files_only = 0;
    const char *write_dir = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--write") == 0 && i + 1 < argc)
            write_dir = argv[++i];
        else if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--files-only") == 0)
            files_only = 1;
    }
    if (!files_only)
        builtin(sets, &nsets, quick);
    for (int i = 1; i < argc && nsets < 64; i++) {
        if (strcmp(argv[i], "--write") == 0) {
            i++;
            continue;
        }
        if (argv[i][0] == '-')
            continue;
        if (!load(argv[i], &sets[nsets]))
            printf("skipped %s (absent or no boards)\n", argv[i]);
        else
            nsets++;
    }
    if (write_dir) {
        for (int k = 0; k < nsets; k++) {
            char path[1024], out[SUDOKU_BOARD_FORMAT_MAX];
            snprintf(path, sizeof path, "%.900s/%.63s.txt", write_dir, sets[k].name);
            FILE *f = fopen(path, "w");
            if (!f)
                continue;
            for (int i = 0; i < sets[k].n; i++) {
                sudoku_board_format(sets[k].board[i].order, sets[k].board[i].cell, SUDOKU_BOARD_LINE,
                                    SUDOKU_SYMBOLS_AUTO, out);
                fprintf(f, "%s\n", out);
            }
            fclose(f);
        }
    }
    for (int k = 0; k < nsets; k++) {
        run(&sets[k], 0);
        run(&sets[k], 1);
        free(sets[k].board);
    }
    return 0;
}
