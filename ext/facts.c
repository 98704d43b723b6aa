/*
 * facts.c - the collector's facts: sudoku_clues, sudoku_pattern,
 * sudoku_status, sudoku_is_solution, sudoku_symmetry, sudoku_is_minimal,
 * sudoku_redundant_clues and sudoku_backdoor. NULL in gives NULL out (the
 * NULL rule, ext.h); the puzzle goes through the one parser (ext_arg_grid).
 */
#include <stdio.h>
#include <string.h>

#include "ext.h"
#include "backdoor.h"
#include "facts.h"
#include "minimality.h"
#include "symmetry.h"

void ext_clues(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid grid;
    (void)argc;
    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    sqlite3_result_int(ctx, sudoku_grid_givens(&grid));
}

/* '1' for a given, '.' for an empty cell (facts.h says why). */
void ext_pattern(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid grid, pattern;
    (void)argc;
    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    sudoku_pattern(&grid, &pattern);
    ext_result_grid(ctx, &pattern);
}

void ext_status(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid grid;
    sudoku_cancel cancel;
    int status;
    (void)argc;
    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    ext_cancel_init(sqlite3_context_db_handle(ctx), &cancel);
    status = sudoku_status(&grid, &cancel);
    if (status == SUDOKU_CANCELLED) {
        ext_result_interrupted(ctx);
        return;
    }
    sqlite3_result_text(ctx, sudoku_status_names[status], -1, SQLITE_STATIC);
}

void ext_is_solution(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid puzzle, grid;
    (void)argc;
    if (ext_arg_grid(ctx, argv[0], 1, &puzzle) != EXT_OK ||
        ext_arg_grid(ctx, argv[1], 2, &grid) != EXT_OK)
        return;
    sqlite3_result_int(ctx, sudoku_is_solution_of(&puzzle, &grid));
}

/* A JSON array of the names of the pattern's symmetries, in the order of
 * symmetry.h: '[]' for none. JSON because one name is part of another
 * ("diagonal", "antidiagonal"): json_each() tests membership exactly. */
void ext_symmetry(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid grid;
    char out[128];
    size_t n = 0;
    unsigned has;
    (void)argc;
    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    has = sudoku_symmetries(&grid);
    out[n++] = '[';
    for (int s = SUDOKU_SYM_ROTATE180; s < SUDOKU_SYM_COUNT; s++)
        if (has >> s & 1)
            n += (size_t)snprintf(out + n, sizeof out - n, "%s\"%s\"",
                                  n > 1 ? "," : "", sudoku_symmetry_names[s]);
    out[n++] = ']';
    sqlite3_result_text(ctx, out, (int)n, SQLITE_TRANSIENT);
}

/* The two facts that are one INTEGER from a search that may run long:
 * NULL when the puzzle has no unique solution (the search's negative
 * answer), SQLite's "interrupted" when the statement is. */
static void result_search_int(sqlite3_context *ctx, sqlite3_value *arg,
                              int (*search)(const sudoku_grid *, const sudoku_cancel *))
{
    sudoku_grid grid;
    sudoku_cancel cancel;
    int r;
    if (ext_arg_grid(ctx, arg, 1, &grid) != EXT_OK)
        return;
    ext_cancel_init(sqlite3_context_db_handle(ctx), &cancel);
    r = search(&grid, &cancel);
    if (r == SUDOKU_CANCELLED)
        ext_result_interrupted(ctx);
    else if (r >= 0)
        sqlite3_result_int(ctx, r);
}

void ext_is_minimal(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    result_search_int(ctx, argv[0], sudoku_is_minimal);
}

/* A JSON array of the redundant givens in r1c1 notation, in row-major
 * order: '[]' for a minimal puzzle. */
void ext_redundant_clues(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid grid;
    sudoku_cancel cancel;
    uint8_t redundant[SUDOKU_CELLS];
    char out[SUDOKU_CELLS * 7 + 3]; /* "r1c1", per cell at most */
    size_t n = 0;
    int r;
    (void)argc;
    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    ext_cancel_init(sqlite3_context_db_handle(ctx), &cancel);
    r = sudoku_redundant_clues(&grid, redundant, &cancel);
    if (r == SUDOKU_CANCELLED) {
        ext_result_interrupted(ctx);
        return;
    }
    if (r < 0)
        return;
    out[n++] = '[';
    for (int c = 0; c < SUDOKU_CELLS; c++)
        if (redundant[c]) {
            if (n > 1)
                out[n++] = ',';
            out[n++] = '"';
            out[n++] = 'r';
            out[n++] = (char)('1' + c / 9);
            out[n++] = 'c';
            out[n++] = (char)('1' + c % 9);
            out[n++] = '"';
        }
    out[n++] = ']';
    sqlite3_result_text(ctx, out, (int)n, SQLITE_TRANSIENT);
}

static int backdoor_size(const sudoku_grid *puzzle, const sudoku_cancel *cancel)
{
    return sudoku_backdoor(puzzle, NULL, cancel);
}

void ext_backdoor(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    result_search_int(ctx, argv[0], backdoor_size);
}
