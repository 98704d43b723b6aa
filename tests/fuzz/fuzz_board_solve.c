/* libFuzzer target: the solver of every order (board_solver.h). The first
 * byte chooses the order (2..5) and the limit, the next bytes are text
 * that parses as a board or else become the cells (empty below 0xA0, else
 * a symbol), and the last 8 a seed. A cancel hook stops any call after
 * 200 questions (about 50,000 search nodes), so that hard boards end the
 * call cancelled instead of timing the fuzzer out: that path is fuzzed
 * too. Oracle: counts respect the limit and agree with solve and
 * solve_random; every solution is a grid holding the givens; a board with
 * clashing givens has none; a hook that never stops changes nothing. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "board_solver.h"

typedef struct budget {
    int questions, stop_at;
} budget;

static int ask(void *arg)
{
    budget *b = arg;
    return ++b->questions >= b->stop_at;
}

static void check_solution(int order, const uint8_t *p, const uint8_t *s)
{
    int total = sudoku_board_cells(order);
    if (!sudoku_board_is_solution(order, s))
        abort();
    for (int i = 0; i < total; i++)
        if (p[i] && p[i] != s[i])
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t p[SUDOKU_BOARD_MAX_CELLS], s[SUDOKU_BOARD_MAX_CELLS], t[SUDOKU_BOARD_MAX_CELLS];
    if (size < 1)
        return 0;
    int order = 2 + data[0] % 4, parsed_order = 0;
    uint64_t limit = 1 + (data[0] >> 2) % 4, seed = 0;
    int total = sudoku_board_cells(order), n = order * order;
    if (sudoku_board_parse(data + 1, size - 1, SUDOKU_SYMBOLS_AUTO, &parsed_order, p, NULL) ==
        SUDOKU_BOARD_OK) {
        order = parsed_order;
        total = sudoku_board_cells(order);
        n = order * order;
    } else {
        memset(p, 0, sizeof p);
        for (size_t i = 1; i < size && (int)i <= total; i++)
            p[i - 1] = data[i] < 0xA0 ? 0 : (uint8_t)(1 + data[i] % n);
    }
    for (size_t i = size > 8 ? size - 8 : 0; i < size; i++)
        seed = seed << 8 | data[i];

    budget b1 = {0, 200}, b2 = {0, 200}, b3 = {0, 200};
    sudoku_cancel c1 = {ask, &b1}, c2 = {ask, &b2}, c3 = {ask, &b3};
    uint64_t count = sudoku_board_count(order, p, limit, s, &c1);
    if (count == SUDOKU_COUNT_CANCELLED)
        return 0; /* too hard for the budget: the cancel path worked */
    if (count > limit || (count && !sudoku_board_consistent(order, p)))
        abort();
    if (count)
        check_solution(order, p, s);
    int solved = sudoku_board_solve(order, p, t, &c2);
    if (solved != SUDOKU_CANCELLED) {
        if (solved != (count > 0) || (solved && memcmp(s, t, (size_t)total) != 0))
            abort();
    }
    int r = sudoku_board_solve_random(order, p, seed, t, &c3);
    if (r != SUDOKU_CANCELLED) {
        if (r != (count > 0))
            abort();
        if (r)
            check_solution(order, p, t);
    }
    return 0;
}
