/* test_compat.c - the deprecated forms of 0.2 (core/compat.h) give what
 * their replacements give, on puzzles of every kind: unique, several
 * solutions, none, clashing, depth 0 to 3. Built without the deprecation
 * warnings (it calls nothing else); tests/check_compat.sh checks that a
 * user does get them. */
#define SUDOKU_NO_DEPRECATION_WARNINGS
#include <string.h>

#include "check.h"
#include "sudoku.h"

static const char *const SAMPLES[] = {
    "1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75",
    "...3165..8..5..1...1.89724.9.1.85.2....9.1....4.263..1.5.....1.1..4.9..2..61.8...",
    "1.....7.9......2..68.......2.183..5..356.1.2.86..25......5.2...51..683.....31....",
    "..34...8.......1.37.....5.42...9....5.71..4...6...7....7...2.....58....19...6....",
    "1.3.56....571.9...69.37......1.93..75.96.73.....51.......96..........4....5...86.",
    "11...............................................................................",
    ".................................................................................",
};

static int never(void *arg)
{
    (void)arg;
    return 0;
}

int main(void)
{
    sudoku_cancel c = {never, NULL};
    /* the names are the new functions */
    uint64_t (*count)(const sudoku_grid *, uint64_t, sudoku_grid *,
                      const sudoku_cancel *) = sudoku_count;
    int (*solve)(const sudoku_grid *, sudoku_grid *, const sudoku_cancel *) = sudoku_solve;
    int (*depth)(const sudoku_grid *, int, const sudoku_cancel *) = sudoku_te_depth;
    for (size_t i = 0; i < sizeof SAMPLES / sizeof *SAMPLES; i++) {
        sudoku_grid p, a, b;
        sudoku_te_profile pa, pb;
        CHECK(sudoku_grid_parse(SAMPLES[i], 81, &p, NULL) == SUDOKU_PARSE_OK);
        uint64_t limit = i == 6 ? 50 : 0;
        CHECK(sudoku_count(&p, limit ? limit : 2) == count(&p, limit ? limit : 2, NULL, NULL));
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        CHECK(sudoku_count_solve(&p, 5, &a) == sudoku_count(&p, 5, &b, NULL));
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        CHECK(sudoku_count_cancel(&p, 5, &a, &c) == sudoku_count(&p, 5, &b, &c));
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        CHECK(sudoku_solve(&p, &a) == solve(&p, &b, NULL));
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        CHECK(sudoku_solve_random(&p, 9, &a) == sudoku_solve_random(&p, 9, &b, NULL));
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        CHECK(sudoku_solve_random_cancel(&p, 9, &a, &c) == sudoku_solve_random(&p, 9, &b, &c));
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        CHECK(sudoku_te_depth(&p, -1) == depth(&p, -1, NULL));
        CHECK(sudoku_te_depth(&p, 1) == sudoku_te_depth(&p, 1, NULL));
        CHECK(sudoku_te_depth_cancel(&p, 2, &c) == sudoku_te_depth(&p, 2, &c));
        memset(&pa, 0, sizeof pa);
        memset(&pb, 0, sizeof pb);
        CHECK(sudoku_te_profile_cancel(&p, NULL, &pa, &c) ==
              sudoku_te_profile_of(&p, NULL, &pb, &c));
        CHECK(memcmp(&pa, &pb, sizeof pa) == 0);
    }
    /* the reader: a line with a rest, a bad line, a 9-line grid */
    static const char text[] =
        "1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75 # x\n"
        "not a puzzle\n"
        "123456789\n456789123\n789123456\n231564897\n564897231\n897231564\n"
        "312645978\n645978312\n978312645\n";
    sudoku_reader ra, rb;
    sudoku_read_row a, b;
    int ga, gb;
    sudoku_reader_init_memory(&ra, text, sizeof text - 1, SUDOKU_READ_AUTO);
    sudoku_reader_init_memory(&rb, text, sizeof text - 1, SUDOKU_READ_AUTO);
    int rows = 0;
    do {
        ga = sudoku_reader_next(&ra, &a);
        gb = sudoku_reader_next(&rb, &b, &c);
        CHECK(ga == gb && (ga != 1 || (a.ok == b.ok && a.line == b.line)));
        rows += ga == 1;
    } while (ga == 1 && gb == 1);
    CHECK(rows == 3);
    sudoku_grid ga_grid, gb_grid;
    CHECK(sudoku_parse_lenient(SAMPLES[0], 81, SUDOKU_READ_AUTO, &ga_grid) == 1);
    CHECK(sudoku_parse_lenient(SAMPLES[0], 81, SUDOKU_READ_AUTO, &gb_grid, NULL) == 1);
    CHECK(memcmp(&ga_grid, &gb_grid, sizeof ga_grid) == 0);
    CHECK(sudoku_parse_lenient("x", 1, SUDOKU_READ_AUTO, &ga_grid) == 0);
    return check_done();
}
