/*
 * Tests of sudoku_te_depth (core/te_depth.c):
 *   - the published depths (vectors/te_depth_published.tsv, and the
 *     cross-checked magictour depths);
 *   - a literal, unoptimised implementation of Berthier's definition below
 *     (cell arrays, whole-state copies, T&E(n) recomputed from the givens
 *     for every n), compared with the fast one on samples of every set;
 *   - undefined puzzles and max_depth.
 * SUDOKU_LONG_TEST: with --long, every published row and much larger
 * differential samples.
 */
#include <stdint.h>
#include <time.h>

#include "check.h"
#include "solver.h"
#include "te_depth.h"


/* ---- the plain twin: the definition, word for word ---- */

typedef struct plain {
    uint8_t val[81];   /* decided digit or 0 */
    uint16_t cand[81]; /* candidates of undecided cells, bit 1..9 */
} plain;

enum { P_STUCK, P_SOLVED, P_CONTRA };

static int unit_cell(int u, int i)
{
    if (u < 9)
        return u * 9 + i;                       /* row */
    if (u < 18)
        return i * 9 + (u - 9);                 /* column */
    u -= 18;                                    /* box */
    return (u / 3) * 27 + (u % 3) * 3 + (i / 3) * 9 + i % 3;
}

static int peers(int a, int b)
{
    return a != b && (sudoku_row(a) == sudoku_row(b) ||
                      sudoku_col(a) == sudoku_col(b) ||
                      sudoku_box(a) == sudoku_box(b));
}

/* Decide cell c = v, with the direct eliminations. */
static void p_decide(plain *s, int c, int v)
{
    s->val[c] = (uint8_t)v;
    s->cand[c] = 0;
    for (int i = 0; i < 81; i++)
        if (peers(c, i))
            s->cand[i] &= (uint16_t)~(1u << v);
}

static int p_contradiction(const plain *s)
{
    for (int c = 0; c < 81; c++)
        if (!s->val[c] && !s->cand[c])
            return 1;
    for (int u = 0; u < 27; u++)
        for (int v = 1; v <= 9; v++) {
            int places = 0;
            for (int i = 0; i < 9; i++) {
                int c = unit_cell(u, i);
                if (s->val[c] == v || (s->cand[c] >> v & 1))
                    places++;
            }
            if (!places)
                return 1;
        }
    return 0;
}

static int p_solved(const plain *s)
{
    for (int c = 0; c < 81; c++)
        if (!s->val[c])
            return 0;
    return 1;
}

/* One naked or hidden single, or 0 when there is none. */
static int p_one_single(plain *s)
{
    for (int c = 0; c < 81; c++)
        if (!s->val[c] && s->cand[c] && !(s->cand[c] & (s->cand[c] - 1))) {
            p_decide(s, c, __builtin_ctz(s->cand[c]));
            return 1;
        }
    for (int u = 0; u < 27; u++)
        for (int v = 1; v <= 9; v++) {
            int places = 0, where = -1, decided = 0;
            for (int i = 0; i < 9; i++) {
                int c = unit_cell(u, i);
                if (s->val[c] == v)
                    decided = 1;
                if (s->cand[c] >> v & 1) {
                    places++;
                    where = c;
                }
            }
            if (!decided && places == 1) {
                p_decide(s, where, v);
                return 1;
            }
        }
    return 0;
}

static int p_singles(plain *s)
{
    for (;;) {
        if (p_contradiction(s))
            return P_CONTRA;
        if (p_solved(s))
            return P_SOLVED;
        if (!p_one_single(s))
            return P_STUCK;
    }
}

static int p_te(plain *s, int n)
{
    int r;
    if (n == 0)
        return p_singles(s);
    r = p_te(s, n - 1);
    if (r != P_STUCK)
        return r;
    for (;;) {
        int deleted = 0;
        for (int c = 0; c < 81; c++)
            for (int v = 1; v <= 9; v++) {
                plain copy;
                if (s->val[c] || !(s->cand[c] >> v & 1))
                    continue;
                copy = *s;
                p_decide(&copy, c, v);
                if (p_te(&copy, n - 1) == P_CONTRA) {
                    s->cand[c] &= (uint16_t)~(1u << v);
                    deleted = 1;
                    r = p_te(s, n - 1);
                    if (r != P_STUCK)
                        return r;
                }
            }
        if (!deleted)
            return P_STUCK;
    }
}

/* Same result codes as sudoku_te_depth. */
static int plain_depth(const sudoku_grid *g, int max_depth)
{
    if (!sudoku_grid_consistent(g) || sudoku_count(g, 2, NULL, NULL) != 1)
        return SUDOKU_TE_UNDEFINED;
    for (int n = 0; max_depth < 0 || n <= max_depth; n++) {
        plain s;
        for (int c = 0; c < 81; c++) {
            s.val[c] = 0;
            s.cand[c] = 0x3FE;
        }
        for (int c = 0; c < 81; c++)
            if (g->cell[c])
                p_decide(&s, c, g->cell[c]);
        if (p_te(&s, n) == P_SOLVED)
            return n;
    }
    return SUDOKU_TE_TOO_DEEP;
}

/* ---- tests ---- */

static const char *DEPTH0 =
    "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361";

static int vectors(const char *relpath, int sample_every, int *counts)
{
    char line[512], buf[82];
    FILE *f = check_open_data(relpath);
    int row = 0, done = 0;
    if (!f)
        return -1;
    while (check_next_line(f, line, sizeof line)) {
        char *tab = strchr(line, '\t');
        int want, got;
        sudoku_grid g;
        if (!tab)
            continue;
        *tab = '\0';
        want = atoi(tab + 1);
        if (row++ % sample_every)
            continue;
        g = check_grid(line);
        got = sudoku_te_depth(&g, SUDOKU_TE_UNLIMITED, NULL);
        CHECK_MSG(got == want, "%s: %s depth %d, expected %d", relpath,
                  check_line(&g, buf), got, want);
        if (want >= 0 && want < 4)
            counts[want]++;
        /* the climb's grade agrees on depth 0, 1 and "2 or more" */
        {
            sudoku_te_profile prof;
            int pr = sudoku_te_profile_of(&g, NULL, &prof, NULL);
            CHECK_MSG(pr == (want >= 0 ? 0 : SUDOKU_TE_UNDEFINED), "%s: profile %d", relpath, pr);
            if (pr == 0)
                CHECK_MSG(prof.depth == (want < 2 ? want : 2) &&
                              (prof.rounds == 0) == (want == 0) &&
                              (want != 1 || prof.first > 0),
                          "%s: %s profile depth %d rounds %d, depth %d", relpath,
                          check_line(&g, buf), prof.depth, prof.rounds, want);
        }
        /* max_depth just below and at the depth */
        if (want > 0)
            CHECK(sudoku_te_depth(&g, want - 1, NULL) == SUDOKU_TE_TOO_DEEP);
        if (sample_every == 1 || done % 4 == 0)
            CHECK(sudoku_te_depth(&g, want, NULL) == want);
        done++;
    }
    fclose(f);
    return done;
}

/* Compares the fast and the plain implementation on every `every`-th
 * puzzle of a set, at most `limit` of them; max_depth bounds the plain
 * twin's work (deeper puzzles compare as TOO_DEEP). */
static int differential(const char *relpath, int every, int limit,
                        int max_depth, int lo, int hi)
{
    char line[512], buf[82];
    FILE *f = check_open_data(relpath);
    int row = 0, done = 0, depths[5] = {0};
    clock_t start = clock();
    if (!f)
        return -1;
    while (done < limit && check_next_line(f, line, sizeof line)) {
        sudoku_grid g;
        int fast, slow;
        char *tab = strchr(line, '\t');
        if (tab) {
            int published = atoi(tab + 1);
            *tab = '\0';
            if (published < lo || published > hi)
                continue;
        }
        if (row++ % every)
            continue;
        if (sudoku_grid_parse(line, strlen(line), &g, NULL) != SUDOKU_PARSE_OK)
            continue;
        fast = sudoku_te_depth(&g, max_depth, NULL);
        slow = plain_depth(&g, max_depth);
        CHECK_MSG(fast == slow, "%s: %s fast %d plain %d (max_depth %d)",
                  relpath, check_line(&g, buf), fast, slow, max_depth);
        depths[fast >= 0 && fast < 4 ? fast : 4]++;
        done++;
    }
    fclose(f);
    printf("differential %s: %d puzzles (every %d-th, max_depth %d, rows of depth %d..%d), depths "
           "0/1/2/3/other %d/%d/%d/%d/%d, %.1f s\n", relpath, done, every,
           max_depth, lo, hi, depths[0], depths[1], depths[2], depths[3], depths[4],
           (double)(clock() - start) / CLOCKS_PER_SEC);
    return done;
}

/* Random minimal puzzles: a grid of grids/random_100k.txt with givens
 * removed in a seeded random order while the puzzle stays unique; every
 * removal that breaks uniqueness is also checked to be undefined. */
static void random_minimal(int count, uint64_t seed)
{
    char line[512], buf[82];
    FILE *f = check_open_data("grids/random_100k.txt");
    int done = 0, depths[5] = {0}, multi = 0;
    clock_t start = clock();
    if (!f)
        return;
    while (done < count && check_next_line(f, line, sizeof line)) {
        sudoku_grid g = check_grid(line);
        int order[81], fast, slow;
        for (int i = 0; i < 81; i++)
            order[i] = i;
        for (int i = 80; i > 0; i--) { /* xorshift shuffle */
            int j, t;
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            j = (int)(seed % (uint64_t)(i + 1));
            t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (int i = 0; i < 81; i++) {
            int c = order[i], v = g.cell[c];
            g.cell[c] = 0;
            if (sudoku_count(&g, 2, NULL, NULL) != 1) {
                if (multi++ % 16 == 0)
                    CHECK(sudoku_te_depth(&g, SUDOKU_TE_UNLIMITED, NULL) == SUDOKU_TE_UNDEFINED);
                g.cell[c] = (uint8_t)v;
            }
        }
        fast = sudoku_te_depth(&g, SUDOKU_TE_UNLIMITED, NULL);
        slow = plain_depth(&g, SUDOKU_TE_UNLIMITED);
        CHECK_MSG(fast == slow && fast >= 0, "random minimal %s: fast %d plain %d",
                  check_line(&g, buf), fast, slow);
        depths[fast >= 0 && fast < 4 ? fast : 4]++;
        done++;
    }
    fclose(f);
    printf("differential random minimal puzzles: %d, depths 0/1/2/3/other "
           "%d/%d/%d/%d/%d, %.1f s\n", done, depths[0], depths[1], depths[2],
           depths[3], depths[4], (double)(clock() - start) / CLOCKS_PER_SEC);
}

/* The vectors of solve.tsv: unique puzzles get a depth (checked against
 * the plain twin), all others (several solutions, none, clashing givens)
 * are undefined. */
static void solve_vectors(void)
{
    char line[512], buf[82];
    FILE *f = check_open_data("vectors/solve.tsv");
    int unique = 0, other = 0;
    if (!f)
        return;
    while (check_next_line(f, line, sizeof line)) {
        char *kind = line;
        sudoku_grid g;
        int fast;
        for (int i = 0; i < 3 && kind; i++) {
            kind = strchr(kind, '\t');
            if (kind)
                kind++;
        }
        if (!kind)
            continue;
        line[81] = '\0';
        g = check_grid(line);
        fast = sudoku_te_depth(&g, SUDOKU_TE_UNLIMITED, NULL);
        if (strncmp(kind, "unique", 6) == 0) {
            int slow = plain_depth(&g, fast > 2 ? 2 : SUDOKU_TE_UNLIMITED);
            CHECK_MSG(fast >= 0 && (fast == slow || (fast > 2 && slow == SUDOKU_TE_TOO_DEEP)),
                      "solve.tsv %s: fast %d plain %d", check_line(&g, buf), fast, slow);
            unique++;
        } else {
            CHECK_MSG(fast == SUDOKU_TE_UNDEFINED, "solve.tsv %s: %d, expected undefined",
                      check_line(&g, buf), fast);
            CHECK(sudoku_te_depth(&g, 0, NULL) == SUDOKU_TE_UNDEFINED);
            other++;
        }
    }
    fclose(f);
    printf("solve.tsv: %d unique puzzles rated, %d others undefined\n", unique, other);
}

static void undefined_and_limits(void)
{
    sudoku_grid g = check_grid(DEPTH0);
    sudoku_grid empty, clash, nosol, multi;

    CHECK(sudoku_te_depth(&g, SUDOKU_TE_UNLIMITED, NULL) == 0);
    CHECK(sudoku_te_depth(&g, 0, NULL) == 0);
    CHECK(sudoku_te_depth(&g, -5, NULL) == 0);
    CHECK(plain_depth(&g, -1) == 0);

    memset(&empty, 0, sizeof empty);
    CHECK(sudoku_te_depth(&empty, SUDOKU_TE_UNLIMITED, NULL) == SUDOKU_TE_UNDEFINED);
    CHECK(sudoku_te_depth(&empty, 0, NULL) == SUDOKU_TE_UNDEFINED);

    clash = g;
    clash.cell[0] = clash.cell[3]; /* 4 twice in row 1 */
    CHECK(sudoku_te_depth(&clash, SUDOKU_TE_UNLIMITED, NULL) == SUDOKU_TE_UNDEFINED);

    /* consistent givens without a solution: 1..8 in row 1, 9 in column 9 */
    nosol = check_grid(
        "12345678........9................................................................");
    CHECK(sudoku_te_depth(&nosol, SUDOKU_TE_UNLIMITED, NULL) == SUDOKU_TE_UNDEFINED);
    CHECK(plain_depth(&nosol, -1) == SUDOKU_TE_UNDEFINED);

    /* several solutions: a depth-0 puzzle with a given removed until it
     * has two; here: drop the givens of a full deadly pattern's cells */
    multi = check_grid(
        "12345678945678912378912345621436589736589721489721436553164297864297853197853164.");
    CHECK(sudoku_te_depth(&multi, SUDOKU_TE_UNLIMITED, NULL) == 0);
    multi.cell[0] = multi.cell[1] = multi.cell[9] = multi.cell[10] = 0;
    /* 1 2 / 4 5: no rectangle; remove a true deadly pattern instead */
    multi = check_grid(
        "..3456789..6789123789123456214365897365897214897214365531642978642978531978531642");
    /* cells r1c1,r1c2,r2c1,r2c2 = 1 2 / 4 5 are not swappable, but the
     * solver decides: only count matters here */
    if (sudoku_count(&multi, 2, NULL, NULL) == 2)
        CHECK(sudoku_te_depth(&multi, SUDOKU_TE_UNLIMITED, NULL) == SUDOKU_TE_UNDEFINED);
    else
        CHECK(sudoku_te_depth(&multi, SUDOKU_TE_UNLIMITED, NULL) >= 0);

    /* a full grid, and a full grid minus one cell: depth 0 */
    g = check_grid(
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642");
    CHECK(sudoku_te_depth(&g, 0, NULL) == 0);
    CHECK(plain_depth(&g, 0) == 0);
}

int main(int argc, char **argv)
{
    int lng = check_long(argc, argv);
    int counts[4] = {0}, n;
    /* Defaults sized to tens of seconds in release, less under ASan. */
    /* sizes: release default / under sanitizers / --long */
#define SIZE(dflt, san, lng_) (lng ? (lng_) : SANITIZED ? (san) : (dflt))

    undefined_and_limits();
    solve_vectors();

    n = vectors("vectors/te_depth_published.tsv", SIZE(1, 16, 1), counts);
    if (n < 0) {
        check_done();
        return CHECK_SKIP;
    }
    printf("published: %d puzzles (every %d-th row), depths 0/1/2/3: %d/%d/%d/%d\n",
           n, SIZE(1, 16, 1), counts[0], counts[1], counts[2], counts[3]);
    memset(counts, 0, sizeof counts);
    n = vectors("vectors/te_depth_magictour_top1465.tsv", SIZE(1, 16, 1), counts);
    printf("magictour: %d puzzles (every %d-th row), depths 0/1/2/3: %d/%d/%d/%d\n",
           n, SIZE(1, 16, 1), counts[0], counts[1], counts[2], counts[3]);

    /* The plain twin takes ~1 ms at depth 0-1, ~50 ms at depth 2 and
     * ~3 s at depth 3 in release. */
    differential("puzzles/17_clue.txt", 41, SIZE(200, 40, 49158), -1, 0, 9);
    differential("puzzles/magictour_top1465.txt", SIZE(13, 29, 1), SIZE(100, 20, 1465), -1, 0, 9);
    differential("puzzles/forum_hardest_1106.txt", SIZE(17, 37, 1), SIZE(20, 5, 375), -1, 0, 9);
    differential("puzzles/forum_hardest_1905_11plus.txt", SIZE(2437, 9749, 97),
                 SIZE(20, 5, 500), -1, 0, 9);
    differential("vectors/te_depth_published.tsv", SIZE(17, 61, 1), SIZE(60, 15, 1045), -1, 0, 2);
    differential("vectors/te_depth_published.tsv", SIZE(47, 1, 4), SIZE(1, 0, 36), -1, 3, 3);
    /* max_depth bounds the plain twin too: depth-3 puzzles at max_depth 2 */
    differential("vectors/te_depth_published.tsv", SIZE(29, 47, 1), SIZE(3, 0, 141), 2, 3, 3);
    differential("vectors/te_depth_published.tsv", SIZE(7, 29, 1), SIZE(30, 8, 1045), 1, 0, 2);
    differential("vectors/te_depth_published.tsv", SIZE(7, 29, 1), SIZE(30, 8, 1045), 0, 0, 2);
    random_minimal(SIZE(200, 20, 2000), 0x9E3779B97F4A7C15ull);
    return check_done();
}
