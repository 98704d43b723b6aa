/*
 * test_cancel - the cancel hook of core/cancel.h in the solver and T&E:
 * a hook that never says stop changes no answer; one that says stop after
 * k questions gets exactly k questions and the "cancelled" result; the
 * questions come often enough (in CPU time: at most 20 ms between two,
 * far above the ~1 ms aimed at, so that a slow sanitizer build does not
 * make the test flaky; the figures are printed).
 */
#include "check.h"
#include "solver.h"
#include "te_depth.h"
#include "timed_asker.h"


static const char *const SAMPLES[] = {
    "...3165..8..5..1...1.89724.9.1.85.2....9.1....4.263..1.5.....1.1..4.9..2..61.8...",
    ".......8...6.8.1..7....3..4.47..5...5..34............53....4..7......9...1.9...6.",
    "1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75",
    "1.....7.9......2..68.......2.183..5..356.1.2.86..25......5.2...51..683.....31....",
    "1.3.56....571.9...69.37......1.93..75.96.73.....51.......96..........4....5...86.",
    "..34...8.......1.37.....5.42...9....5.71..4...6...7....7...2.....58....19...6....",
    "11...............................................................................",
};

int main(void)
{
    sudoku_grid p, a, b;
    sudoku_parse_error err;
    int n = (int)(sizeof SAMPLES / sizeof *SAMPLES);

    /* a hook that never stops: the same answers as without one */
    for (int i = 0; i < n; i++) {
        asker never = {0, 0, 0, 0};
        sudoku_cancel c = {ask, &never};
        CHECK(sudoku_grid_parse(SAMPLES[i], 81, &p, &err) == SUDOKU_PARSE_OK);
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        CHECK(sudoku_count(&p, 0, &a, &c) == sudoku_count(&p, 0, &b, NULL));
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        CHECK(sudoku_count(&p, 2, NULL, &c) == sudoku_count(&p, 2, NULL, NULL));
        CHECK(sudoku_solve(&p, &a, &c) == sudoku_solve(&p, &b, NULL));
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        CHECK(sudoku_solve_random(&p, 7, &a, &c) == sudoku_solve_random(&p, 7, &b, NULL));
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        CHECK(sudoku_te_depth(&p, -1, &c) == sudoku_te_depth(&p, -1, NULL));
        CHECK(sudoku_te_depth(&p, 1, &c) == sudoku_te_depth(&p, 1, NULL));
    }

    /* counting the empty grid: stopped at the 5th question, after 4 times
     * 4096 nodes; the largest gap between questions stays small */
    {
        asker five = {0, 5, 0, 0};
        sudoku_cancel c = {ask, &five};
        double start = cpu_now();
        memset(&p, 0, sizeof p);
        CHECK(sudoku_count(&p, 0, &a, &c) == SUDOKU_COUNT_CANCELLED);
        CHECK(five.questions == 5);
        printf("solver: 5 questions in %.2f ms CPU, largest gap %.2f ms\n",
               (cpu_now() - start) * 1e3, five.gap * 1e3);
        CHECK_MSG(five.gap < 0.02, "solver asks every %.1f ms", five.gap * 1e3);
        five.questions = 0;
        CHECK(sudoku_solve_random(&p, 1, &a, &c) == 1); /* quick */
        CHECK(five.questions == 0);
        /* a limit reached before the 5th question is not a cancel */
        five.questions = 0;
        CHECK(sudoku_count(&p, 1000, &a, &c) == 1000);
    }

    /* T&E: the slowest depth-3 sample asks many times; stopped at the 3rd
     * question it says cancelled, at any question */
    {
        asker count = {0, 0, 0, 0};
        sudoku_cancel c = {ask, &count};
        double start = cpu_now();
        CHECK(sudoku_grid_parse(SAMPLES[3], 81, &p, &err) == SUDOKU_PARSE_OK);
        CHECK(sudoku_te_depth(&p, -1, &c) == 3);
        printf("T&E: %ld questions in %.2f ms CPU, largest gap %.2f ms\n", count.questions,
               (cpu_now() - start) * 1e3, count.gap * 1e3);
        CHECK(count.questions >= 20);
        CHECK_MSG(count.gap < 0.02, "T&E asks every %.1f ms", count.gap * 1e3);
        for (long k = 1; k <= count.questions; k += 1 + k / 3) {
            asker stop = {0, k, 0, 0};
            sudoku_cancel s = {ask, &stop};
            CHECK_MSG(sudoku_te_depth(&p, -1, &s) == SUDOKU_CANCELLED,
                      "T&E not cancelled at question %ld", k);
            CHECK(stop.questions == k);
        }
    }
    return check_done();
}
