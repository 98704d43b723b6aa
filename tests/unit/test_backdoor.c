/*
 * The Singles backdoor (core/backdoor.h) against its definition, written
 * out plainly: a Singles propagator on an array of cells sharing nothing
 * with core/singles.inc, and every set of empty cells of size 0, 1, 2, ...
 * tried in turn. On unique puzzles dug from random grids (dense to
 * minimal), on random puzzles (mostly not unique: undefined), on fixed
 * cases and on the hardest real sets when ../shared/data is present.
 *
 * SUDOKU_LONG_TEST: with --long, many more puzzles of each kind.
 */
#include "backdoor.h"
#include "check.h"
#include "random_puzzle.h"
#include "cancel_asker.h"
#include "solver.h"
#include "te_depth.h"

/* Singles, plainly: a digit is possible in an empty cell when no peer
 * holds it; place naked singles (one possible digit) and hidden singles
 * (the one cell of a row, column or box where a digit is possible) until
 * nothing changes. Returns 1 when every cell is filled. */
static int plain_singles(uint8_t g[81])
{
    int changed = 1;
    while (changed) {
        changed = 0;
        uint16_t possible[81];
        for (int c = 0; c < 81; c++) {
            possible[c] = 0;
            if (g[c])
                continue;
            for (int d = 1; d <= 9; d++) {
                int seen = 0;
                for (int o = 0; o < 81 && !seen; o++)
                    if (o != c && g[o] == d &&
                        (o / 9 == c / 9 || o % 9 == c % 9 ||
                         (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3)))
                        seen = 1;
                if (!seen)
                    possible[c] |= (uint16_t)(1u << d);
            }
        }
        for (int c = 0; c < 81; c++)
            if (!g[c] && __builtin_popcount(possible[c]) == 1) {
                g[c] = (uint8_t)__builtin_ctz(possible[c]);
                changed = 1;
            }
        if (changed)
            continue; /* possibilities are stale now */
        for (int u = 0; u < 27 && !changed; u++)
            for (int d = 1; d <= 9 && !changed; d++) {
                int where = -1, n = 0;
                for (int k = 0; k < 9; k++) {
                    int c = u < 9 ? 9 * u + k : u < 18 ? 9 * k + (u - 9)
                          : 27 * ((u - 18) / 3) + 3 * ((u - 18) % 3) + 9 * (k / 3) + k % 3;
                    if (!g[c] && (possible[c] >> d & 1)) {
                        where = c;
                        n++;
                    }
                }
                if (n == 1) {
                    g[where] = (uint8_t)d;
                    changed = 1;
                }
            }
    }
    for (int c = 0; c < 81; c++)
        if (!g[c])
            return 0;
    return 1;
}

/* Whether some set of `left` more empty cells from index `from` of
 * empty[] completes a backdoor. */
static int plain_sets(const sudoku_grid *p, const sudoku_grid *s, const int *empty, int n,
                      int from, int left, uint8_t *chosen)
{
    if (left == 0) {
        uint8_t g[81];
        for (int c = 0; c < 81; c++)
            g[c] = chosen[c] ? s->cell[c] : p->cell[c];
        return plain_singles(g);
    }
    for (int i = from; i <= n - left; i++) {
        chosen[empty[i]] = 1;
        int ok = plain_sets(p, s, empty, n, i + 1, left - 1, chosen);
        chosen[empty[i]] = 0;
        if (ok)
            return 1;
    }
    return 0;
}

/* The twin: -1 when not unique, else the smallest size, searched up to
 * max_size (max_size + 1 when larger). */
static int plain_backdoor(const sudoku_grid *p, int max_size)
{
    sudoku_grid s;
    int empty[81], n = 0;
    uint8_t chosen[81] = {0};
    if (sudoku_count(p, 2, &s, NULL) != 1)
        return -1;
    for (int c = 0; c < 81; c++)
        if (!p->cell[c])
            empty[n++] = c;
    for (int k = 0; k <= max_size && k <= n; k++)
        if (plain_sets(p, &s, empty, n, 0, k, chosen))
            return k;
    return max_size + 1;
}

static int sizes[8];

/* A backdoor of size 3 (forum_hardest_1905_11plus): every pair is tried
 * first, so the hook is asked several times; stopped at any question the
 * call says cancelled, and a hook that never stops changes nothing. */
static void cancelling(void)
{
    sudoku_grid p = check_grid(
        "98.76....75....8....6......6....4.3.4...2...1..89..4....75..6......1...4.....3.2.");
    asker never = {0, 0};
    sudoku_cancel c = {ask, &never};
    int cells[81], cells2[81];
    CHECK(sudoku_backdoor(&p, cells, &c) == 3);
    CHECK(sudoku_backdoor(&p, cells2, NULL) == 3 && !memcmp(cells, cells2, 3 * sizeof *cells));
    CHECK_MSG(never.questions >= 4, "%ld questions", never.questions);
    for (long k = 1; k <= never.questions; k++) {
        asker stop = {0, k};
        sudoku_cancel s = {ask, &stop};
        CHECK_MSG(sudoku_backdoor(&p, NULL, &s) == SUDOKU_CANCELLED, "not cancelled at %ld", k);
        CHECK(stop.questions == k);
    }
}

static void compare(const sudoku_grid *p, int max_size)
{
    char text[82];
    int cells[81];
    int fast = sudoku_backdoor(p, cells, NULL);
    int slow = plain_backdoor(p, fast < 0 ? 0 : fast > max_size ? max_size : fast);
    if (fast > max_size && slow == max_size + 1)
        slow = fast; /* the twin confirmed no smaller one within its reach */
    CHECK_MSG(fast == slow, "backdoor %d vs plain %d for %s", fast, slow, check_line(p, text));
    sizes[fast < 0 ? 7 : fast > 6 ? 6 : fast]++;
    if (fast > 0) {
        /* the cells returned are a backdoor, and empty */
        sudoku_grid s;
        uint8_t g[81];
        sudoku_solve(p, &s, NULL);
        memcpy(g, p->cell, 81);
        for (int j = 0; j < fast; j++) {
            CHECK(cells[j] >= 0 && cells[j] < 81 && !p->cell[cells[j]]);
            g[cells[j]] = s.cell[cells[j]];
        }
        CHECK_MSG(plain_singles(g), "returned cells are no backdoor for %s", check_line(p, text));
    }
    /* depth 0 exactly when the backdoor is empty */
    if (fast >= 0)
        CHECK((sudoku_te_depth(p, 0, NULL) == 0) == (fast == 0));
}

static void real_set(const char *relpath, int limit, int max_size)
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
        compare(&p, max_size);
        n++;
    }
    fclose(f);
    printf("%s: %d puzzles\n", relpath, n);
}

int main(int argc, char **argv)
{
    int lng = check_long(argc, argv);
    int rounds = SANITIZED ? 40 : lng ? 20000 : 1500;
    sudoku_rng rng;
    sudoku_grid p;
    sudoku_rng_seed(&rng, 1517);

    for (int i = 0; i < rounds; i++) {
        random_puzzle(&rng, i, &p);
        compare(&p, 3);
    }
    /* dense to minimal unique puzzles: 30 to 81 cells looked at */
    for (int i = 0; i < rounds; i++) {
        random_unique_puzzle(&rng, i % 2 ? 81 : 30 + (int)sudoku_rng_below(&rng, 52), &p);
        compare(&p, 3);
    }
    printf("sizes 0..6+, undefined:");
    for (int k = 0; k < 8; k++)
        printf(" %d", sizes[k]);
    printf("\n");
    /* sizes 0 to 2 and undefined all met, or the test proves little (size
     * 2 is one dug puzzle in about a thousand: not in the sanitizers' 40;
     * the seed is one whose 3,000 puzzles hold two, the grids coming from
     * sudoku_solve_random, whose guess order can change between versions) */
    CHECK(sizes[0] > 0 && sizes[1] > 0 && sizes[7] > 0 && (SANITIZED || sizes[2] > 0));

    /* fixed cases: depth 0, 1, 2 (Berthier's examples), a full grid,
     * clashing givens, the empty grid */
    p = check_grid(
        "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361");
    CHECK(sudoku_backdoor(&p, NULL, NULL) == 0);
    p = check_grid(
        ".23....8.......12.7.91.........97.46...3....29..6......6.9..5.457.....98.....4...");
    compare(&p, 3);
    p = check_grid(
        "..34...8.......1.37.....5.42...9....5.71..4...6...7....7...2.....58....19...6....");
    compare(&p, 3);
    p = check_grid(CHECK_GRID648);
    CHECK(sudoku_backdoor(&p, NULL, NULL) == 0);
    p.cell[1] = p.cell[0];
    CHECK(sudoku_backdoor(&p, NULL, NULL) == SUDOKU_BACKDOOR_UNDEFINED);
    memset(&p, 0, sizeof p);
    CHECK(sudoku_backdoor(&p, NULL, NULL) == SUDOKU_BACKDOOR_UNDEFINED);

    cancelling();
    /* the plain twin tries every triple (seconds) only with --long */
    real_set("puzzles/forum_hardest_1905_11plus.txt", SANITIZED ? 3 : lng ? 500 : 40, lng ? 3 : 2);
    real_set("puzzles/17_clue.txt", SANITIZED ? 3 : lng ? 2000 : 40, 3);
    return check_done();
}
