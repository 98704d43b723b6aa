/*
 * Minimality and redundant givens (core/minimality.h) against a slow twin: a given is
 * redundant exactly when the plain counter of plain_count.h finds one
 * solution once it is removed. On random puzzles (mostly several or no
 * solutions), on unique puzzles dug from random grids and stopped at a
 * random point (so minimal and non-minimal ones both occur), on the
 * sparse extremes, and on the real sets when ../shared/data is present.
 *
 * SUDOKU_LONG_TEST: with --long, ten times the random rounds and more of
 * the real sets.
 */
#include "check.h"
#include "minimality.h"
#include "plain_count.h"
#include "random_puzzle.h"
#include "cancel_asker.h"
#include "solver.h"

/* The twin: -1 (not unique), else the number of redundant givens, marking
 * them in red[]. */
static int plain_redundant(const sudoku_grid *p, uint8_t red[81])
{
    sudoku_grid q = *p;
    int n = 0;
    if (plain_count(p, 2, NULL) != 1)
        return -1;
    for (int c = 0; c < 81; c++) {
        red[c] = 0;
        if (!p->cell[c])
            continue;
        q.cell[c] = 0;
        if (plain_count(&q, 2, NULL) == 1) {
            red[c] = 1;
            n++;
        }
        q.cell[c] = p->cell[c];
    }
    return n;
}

static void compare(const sudoku_grid *p)
{
    uint8_t fast[81], slow[81];
    char text[82];
    int nf = sudoku_redundant_clues(p, fast, NULL);
    int ns = plain_redundant(p, slow);
    int m = sudoku_is_minimal(p, NULL);
    CHECK_MSG(nf == ns, "redundant count %d vs plain %d for %s", nf, ns, check_line(p, text));
    if (nf == ns && ns >= 0)
        CHECK_MSG(memcmp(fast, slow, 81) == 0, "redundant cells differ for %s",
                  check_line(p, text));
    CHECK_MSG(m == (ns < 0 ? SUDOKU_MINIMAL_UNDEFINED : ns == 0), "is_minimal %d, plain %d for %s",
              m, ns, check_line(p, text));
    /* plain_count.h's own minimality test, now and then (it repeats the
     * twin's work) */
    if (ns >= 0 && p->cell[0] && p->cell[80])
        CHECK(plain_minimal_unique(p) == (ns == 0));
}

static void real_set(const char *relpath, int limit)
{
    FILE *f = check_open_data(relpath);
    char line[512];
    int n = 0;
    if (!f) {
        printf("skipped %s (no data)\n", relpath);
        return;
    }
    while (n < limit && check_next_line(f, line, sizeof line)) {
        sudoku_grid p;
        if (sudoku_grid_parse(line, 81, &p, NULL) != SUDOKU_PARSE_OK)
            continue;
        compare(&p);
        /* one given more (from the solution) is never minimal */
        sudoku_grid s, q = p;
        if (sudoku_solve(&p, &s, NULL))
            for (int c = 0; c < 81; c++)
                if (!q.cell[c]) {
                    q.cell[c] = s.cell[c];
                    compare(&q);
                    CHECK(sudoku_is_minimal(&q, NULL) == 0);
                    break;
                }
        n++;
    }
    fclose(f);
    printf("%s: %d puzzles\n", relpath, n);
}

/* No 16-clue puzzle has one solution (McGuire, Tugemann and Civario,
 * 2012), so every 17-clue puzzle is minimal: an outside answer for the
 * whole set, where the plain twin is too slow. */
static void known_minimal(int limit)
{
    FILE *f = check_open_data("puzzles/17_clue.txt");
    char line[512], text[82];
    int n = 0;
    if (!f)
        return;
    while (n < limit && check_next_line(f, line, sizeof line)) {
        sudoku_grid p;
        uint8_t red[81];
        if (sudoku_grid_parse(line, 81, &p, NULL) != SUDOKU_PARSE_OK)
            continue;
        CHECK_MSG(sudoku_is_minimal(&p, NULL) == 1 && sudoku_redundant_clues(&p, red, NULL) == 0,
                  "17-clue puzzle not minimal: %s", check_line(&p, text));
        n++;
    }
    fclose(f);
    printf("17_clue: %d puzzles minimal\n", n);
}

/* Each search asks the solver's hook; a sparse puzzle with several
 * solutions far apart (the first search, counting to two, runs long)
 * stops at once, and a hook that never stops changes nothing. */
static void cancelling(void)
{
    sudoku_grid p = check_grid(
        "....8....2............3...............7...2..823....7.....23........8.......7....");
    asker never = {0, 0}, first = {0, 1};
    sudoku_cancel c = {ask, &never}, s = {ask, &first};
    uint8_t a[81], b[81];
    sudoku_grid q = check_grid(
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6");
    CHECK(sudoku_redundant_clues(&q, a, &c) == sudoku_redundant_clues(&q, b, NULL) &&
          !memcmp(a, b, 81));
    CHECK(sudoku_is_minimal(&q, &c) == sudoku_is_minimal(&q, NULL));
    /* the empty grid: counting to two takes a few nodes, no question */
    memset(&p, 0, sizeof p);
    CHECK(sudoku_is_minimal(&p, &s) == SUDOKU_MINIMAL_UNDEFINED);
    /* a puzzle whose uniqueness check is long enough to ask */
    p = check_grid(
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1");
    first.questions = 0;
    int r = sudoku_is_minimal(&p, &s);
    CHECK_MSG(r == SUDOKU_CANCELLED || first.questions == 0, "r %d after %ld questions", r,
              first.questions);
}

int main(int argc, char **argv)
{
    int lng = check_long(argc, argv);
    int rounds = SANITIZED ? 150 : lng ? 20000 : 2000;
    int digs = SANITIZED ? 50 : lng ? 10000 : 400;
    sudoku_rng rng;
    sudoku_grid p;
    sudoku_rng_seed(&rng, 1515);

    /* random puzzles: mostly not unique, or clashing */
    for (int i = 0; i < rounds; i++) {
        random_puzzle(&rng, i, &p);
        compare(&p);
    }
    /* unique puzzles, minimal (tries 81) and not */
    int minimal = 0, other = 0;
    for (int i = 0; i < digs; i++) {
        random_unique_puzzle(&rng, i % 3 ? 81 : 40 + (int)sudoku_rng_below(&rng, 41), &p);
        compare(&p);
        if (sudoku_is_minimal(&p, NULL) == 1)
            minimal++;
        else
            other++;
    }
    CHECK_MSG(minimal > digs / 2 && other > digs / 10, "minimal %d, other %d", minimal, other);

    /* fixed cases: clashing givens, no solution, the empty grid, a full
     * grid (every given redundant but... none: removing one keeps it
     * unique, so all 81 are) */
    sudoku_grid g = check_grid(CHECK_GRID648);
    uint8_t red[81];
    CHECK(sudoku_redundant_clues(&g, red, NULL) == 81);
    CHECK(sudoku_is_minimal(&g, NULL) == 0);
    memset(&p, 0, sizeof p);
    CHECK(sudoku_is_minimal(&p, NULL) == SUDOKU_MINIMAL_UNDEFINED);
    p.cell[0] = p.cell[1] = 5;
    CHECK(sudoku_redundant_clues(&p, red, NULL) == SUDOKU_MINIMAL_UNDEFINED);
    /* a 17 (minimal) and the example of data/README (not unique? checked
     * by compare) */
    p = check_grid(
        "...........1..2.3...4.5.6.......7.1..3.8.4.9.......2..1.5.8...4....9....7.6......");
    compare(&p);
    p = check_grid(CHECK_EXAMPLE);
    compare(&p);

    /* the plain counter needs half a second per 17-clue puzzle */
    cancelling();
    real_set("puzzles/17_clue.txt", SANITIZED ? 1 : lng ? 200 : 3);
    known_minimal(SANITIZED ? 200 : lng ? 49158 : 5000);
    real_set("puzzles/forum_hardest_1905_11plus.txt", SANITIZED ? 10 : lng ? 3000 : 100);
    real_set("puzzles/magictour_top1465.txt", SANITIZED ? 10 : lng ? 1465 : 100);
    return check_done();
}
