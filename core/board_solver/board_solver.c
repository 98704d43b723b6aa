/*
 * board_solver.c - solving and counting boards of orders 2, 4 and 5
 * (board_solver.h); order 3 goes to the 9x9 solver (solver.c), which is
 * built for that one size and stays as it is.
 *
 * order_search.inc holds the search; it is compiled once per order so
 * that the sizes are constants and every array is fixed.
 */
#include "../board_solver.h"

#include <string.h>

#include "../board.h"
#include "../grid.h"
#include "../rng.h"
#include "../solver.h"

/* Without -mpopcnt __builtin_popcount is a library call; these masks have
 * at most 25 bits. */
static inline int board_popcount(uint32_t x)
{
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* Nodes between two questions to the cancel hook: a node of order 5 costs
 * up to some tens of microseconds, so a question comes every few
 * milliseconds at most; smaller orders have cheaper nodes. */
#define BOARD_POLL_NODES(order) ((order) >= 5 ? 256u : 1024u)

/* The guesses of the first search before a restart (order_search.inc):
 * above what the hardest minimal 16x16 puzzles need (about 10,000), so
 * that a unique puzzle is nearly always decided by one search. */
#ifndef RESTART_NODES /* tests/unit/test_board_restarts.c sets a tiny one */
#define RESTART_NODES(order) ((order) <= 2 ? 0u : 16384u)
#endif

#define ORDER 2
#define MASK uint16_t
#define NAME(x) x##_o2
#include "order_search.inc"
#undef ORDER
#undef MASK
#undef NAME

#define ORDER 4
#define MASK uint16_t
#define NAME(x) x##_o4
#include "order_search.inc"
#undef ORDER
#undef MASK
#undef NAME

#define ORDER 5
#define MASK uint32_t
#define NAME(x) x##_o5
#include "order_search.inc"
#undef ORDER
#undef MASK
#undef NAME

/* Order 3 through solver.h; it has no node count. */
static uint64_t count_o3(const uint8_t *puzzle, uint64_t limit, uint8_t *solution,
                         sudoku_rng *rng, const sudoku_cancel *cancel,
                         uint64_t *nodes, int *cancelled)
{
    sudoku_grid p, s;
    uint64_t n;
    memcpy(p.cell, puzzle, SUDOKU_CELLS);
    if (nodes)
        *nodes = 0;
    for (int i = 0; i < SUDOKU_CELLS; i++)
        if (p.cell[i] > 9)
            return 0;
    if (rng) {
        /* solve_random: one solution, the guess order from the seed */
        int r = sudoku_solve_random(&p, sudoku_rng_next(rng), &s, cancel);
        if (r == SUDOKU_CANCELLED) {
            *cancelled = 1;
            return 0;
        }
        n = (uint64_t)r;
    } else {
        n = sudoku_count(&p, limit, &s, cancel);
        if (n == SUDOKU_COUNT_CANCELLED) {
            *cancelled = 1;
            return 0;
        }
    }
    if (n && solution)
        memcpy(solution, s.cell, SUDOKU_CELLS);
    return n;
}

typedef uint64_t (*count_fn)(const uint8_t *, uint64_t, uint8_t *, sudoku_rng *,
                             const sudoku_cancel *, uint64_t *, int *);

static count_fn count_for(int order)
{
    switch (order) {
    case 2: return count_o2;
    case 3: return count_o3;
    case 4: return count_o4;
    case 5: return count_o5;
    default: return NULL;
    }
}

uint64_t sudoku_board_count_nodes(int order, const uint8_t *puzzle,
                                  uint64_t limit, uint8_t *solution,
                                  const sudoku_cancel *cancel, uint64_t *nodes)
{
    count_fn f = count_for(order);
    int cancelled = 0;
    if (nodes)
        *nodes = 0;
    if (!f)
        return SUDOKU_BOARD_COUNT_BAD_ORDER;
    if (order != 3 && (limit == 0 || limit > 2) && solution) {
        /* Only searches for at most two solutions restart, so a longer
         * count can meet another solution first: the solution written is
         * solve's, from a search of its own. */
        uint64_t n = f(puzzle, limit, NULL, NULL, cancel, nodes, &cancelled);
        if (n && !cancelled)
            f(puzzle, 1, solution, NULL, cancel, NULL, &cancelled);
        return cancelled ? SUDOKU_COUNT_CANCELLED : n;
    }
    uint64_t n = f(puzzle, limit, solution, NULL, cancel, nodes, &cancelled);
    return cancelled ? SUDOKU_COUNT_CANCELLED : n;
}

uint64_t sudoku_board_count(int order, const uint8_t *puzzle, uint64_t limit,
                            uint8_t *solution, const sudoku_cancel *cancel)
{
    return sudoku_board_count_nodes(order, puzzle, limit, solution, cancel, NULL);
}

int sudoku_board_solve(int order, const uint8_t *puzzle, uint8_t *solution,
                       const sudoku_cancel *cancel)
{
    uint64_t n = sudoku_board_count(order, puzzle, 1, solution, cancel);
    if (n == SUDOKU_BOARD_COUNT_BAD_ORDER)
        return SUDOKU_BOARD_BAD_ORDER;
    return n == SUDOKU_COUNT_CANCELLED ? SUDOKU_CANCELLED : (int)n;
}

int sudoku_board_solve_random(int order, const uint8_t *puzzle, uint64_t seed,
                              uint8_t *solution, const sudoku_cancel *cancel)
{
    count_fn f = count_for(order);
    sudoku_rng rng;
    int cancelled = 0;
    if (!f)
        return SUDOKU_BOARD_BAD_ORDER;
    sudoku_rng_seed(&rng, seed);
    uint64_t n = f(puzzle, 1, solution, &rng, cancel, NULL, &cancelled);
    return cancelled ? SUDOKU_CANCELLED : (int)n;
}
