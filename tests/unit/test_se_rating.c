/*
 * test_se_rating.c - the Sudoku Explainer rater (core/se_rating.h) against
 * serate 1.2.1.3's own output.
 *
 * 1. Every row of ../shared/data/vectors/se_ratings.tsv (ER/EP/ED printed
 *    by serate): we must rate it and agree exactly (the rows of 10.0 and
 *    up, nested chains of levels 3 to 5 taking seconds each, only with
 *    --long). Counts per rating band are printed.
 * 2. Every path we produce replays: placements agree with the solution,
 *    no elimination removes a solution digit, the grid ends full.
 * 3. A puzzle per technique family, with serate's ER/EP/ED, whose path
 *    shows that technique (no data needed); 112 generated puzzles with
 *    serate's ER/EP/ED, one per set of techniques past the XYZ-wing; every
 *    path of 3,000 generated puzzles replays.
 * 4. The invalid cases: clashing givens, no solution, two solutions, a
 *    full grid; and a cancel hook that stops at once.
 */
#include "check.h"
#include "se_rating.h"
#include "solver.h"
#include "generate.h"

#define SE_TOP_IMPLEMENTED 200 /* every technique serate has, nested chains included */

static sudoku_se_path path; /* 7 KB: static, not on the stack */

static void format_ratings(const sudoku_se_path *p, char out[32])
{
    char a[8], b[8], c[8];
    snprintf(out, 32, "%s/%s/%s", sudoku_se_format_rating(p->er, a),
             sudoku_se_format_rating(p->ep, b), sudoku_se_format_rating(p->ed, c));
}

/* Applies the path to the puzzle: every placement must be the solution's
 * digit and every elimination a non-solution digit still present; a
 * complete path must fill the grid (an UNSUPPORTED one stops short). */
static int replays_path(const sudoku_grid *puzzle, const sudoku_se_path *p, int complete)
{
    sudoku_grid sol;
    if (sudoku_count(puzzle, 2, &sol, NULL) != 1)
        return 0;
    uint16_t cand[81];
    sudoku_grid g = *puzzle;
    for (int c = 0; c < 81; c++)
        cand[c] = g.cell[c] ? 0 : 0x1ff;
    for (int c = 0; c < 81; c++)
        if (!g.cell[c])
            for (int o = 0; o < 81; o++)
                if (g.cell[o] && (o / 9 == c / 9 || o % 9 == c % 9 ||
                                  (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3)))
                    cand[c] &= (uint16_t)~(1u << (g.cell[o] - 1));
    for (int i = 0; i < p->step_count; i++) {
        const sudoku_se_step *st = &p->step[i];
        if (st->elim_count == 0 && st->cell < 0)
            return 0;
        for (int e = st->elim_first; e < st->elim_first + st->elim_count; e++) {
            int c = p->elim[e] / 9, d = p->elim[e] % 9;
            if (!(cand[c] >> d & 1) || sol.cell[c] == d + 1)
                return 0;
            cand[c] &= (uint16_t)~(1u << d);
        }
        if (st->cell >= 0) {
            int c = st->cell;
            if (g.cell[c] || sol.cell[c] != st->digit || !(cand[c] >> (st->digit - 1) & 1))
                return 0;
            g.cell[c] = st->digit;
            cand[c] = 0;
            for (int o = 0; o < 81; o++)
                if (o / 9 == c / 9 || o % 9 == c % 9 ||
                    (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3))
                    cand[o] &= (uint16_t)~(1u << (st->digit - 1));
        }
    }
    return !complete || sudoku_grid_givens(&g) == 81;
}

static int replays(const sudoku_grid *puzzle, const sudoku_se_path *p)
{
    return replays_path(puzzle, p, 1);
}

static int parse_tenths(const char *s)
{
    int units = 0;
    while (*s >= '0' && *s <= '9')
        units = units * 10 + (*s++ - '0');
    return *s == '.' ? units * 10 + (s[1] - '0') : -1;
}

static int band_of(int er)
{
    return er <= 40 ? 0 : er < 70 ? 1 : er < 90 ? 2 : er < 100 ? 3 : 4;
}

/* Rows serate rates 10.0 and up take nested chains (levels 2 to 5), whose
 * searches take a second or more each: only with --long. */
static void vectors(int lng)
{
    FILE *f = check_open_data("vectors/se_ratings.tsv");
    if (!f) {
        printf("se_ratings.tsv: not found (../shared/data absent), vectors skipped\n");
        return;
    }
    static const char *band_name[5] = { "up to 4.0", "4.1-6.9", "7.0-8.9 (chains)",
                                        "9.0-9.9", "10.0 and up" };
    int rows[5] = { 0 }, rated[5] = { 0 }, match[5] = { 0 };
    char line[512];
    while (check_next_line(f, line, sizeof line)) {
        char *tab = strchr(line, '\t');
        if (!tab)
            continue;
        *tab = 0;
        const char *want = tab + 1;
        int want_er = parse_tenths(want);
        if (want_er >= 100 && !lng)
            continue;
        sudoku_grid g = check_grid(line);
        sudoku_se_status st = sudoku_se_rate(&g, &path, NULL);
        int b = band_of(want_er);
        rows[b]++;
        if (want_er <= SE_TOP_IMPLEMENTED)
            CHECK_MSG(st == SUDOKU_SE_OK, "%s: expected %s, status %d", line, want, st);
        if (st == SUDOKU_SE_OK) {
            char got[32];
            format_ratings(&path, got);
            rated[b]++;
            if (strcmp(got, want) == 0)
                match[b]++;
            CHECK_MSG(strcmp(got, want) == 0, "%s: serate %s, we %s", line, want, got);
            CHECK_MSG(replays(&g, &path), "%s: path does not replay", line);
        } else {
            CHECK_MSG(st == SUDOKU_SE_UNSUPPORTED, "%s: status %d", line, st);
            CHECK_MSG(replays_path(&g, &path, 0), "%s: path prefix does not replay", line);
        }
    }
    fclose(f);
    for (int b = 0; b < 5; b++)
        if (b < 4 || lng)
            printf("se_ratings.tsv %-18s %4d rows, %4d rated, %4d match serate\n",
                   band_name[b], rows[b], rated[b], match[b]);
        else
            printf("se_ratings.tsv %-18s skipped (--long)\n", band_name[b]);
}

static const struct {
    const char *puzzle, *serate;
    sudoku_se_technique shows;
} family[] = {
#include "se_rating_families.inc"
};

static void families(void)
{
    for (size_t i = 0; i < sizeof family / sizeof family[0]; i++) {
        sudoku_grid g = check_grid(family[i].puzzle);
        sudoku_se_status st = sudoku_se_rate(&g, &path, NULL);
        /* a family that only shows in puzzles rated beyond this version:
         * the steps up to the first chain (checked against serate's path
         * by hand) must show it */
        int beyond = parse_tenths(family[i].serate) > SE_TOP_IMPLEMENTED;
        CHECK_MSG(beyond ? st == SUDOKU_SE_UNSUPPORTED || st == SUDOKU_SE_OK : st == SUDOKU_SE_OK,
                  "%s: status %d", family[i].puzzle, st);
        if (st != SUDOKU_SE_OK && st != SUDOKU_SE_UNSUPPORTED)
            continue;
        char got[32];
        format_ratings(&path, got);
        CHECK_MSG(st != SUDOKU_SE_OK || strcmp(got, family[i].serate) == 0, "%s: serate %s, we %s",
                  family[i].puzzle, family[i].serate, got);
        int seen = 0;
        for (int s = 0; s < path.step_count; s++)
            seen |= path.step[s].technique == family[i].shows;
        CHECK_MSG(seen, "%s: no %s step", family[i].puzzle,
                  sudoku_se_technique_name(family[i].shows));
        CHECK(replays_path(&g, &path, st == SUDOKU_SE_OK));
    }
}

/* Random minimal puzzles (sudoku_generate, a fixed seed): every path, the
 * rated ones and the prefixes of the others, replays, and the families
 * past the XYZ-wing all occur (so this cannot pass vacuously). The paths
 * of these puzzles were compared with serate's hint by hint (README). */
static void generated(void)
{
    sudoku_generate_options opt;
    sudoku_generate_defaults(&opt);
    int rounds = SANITIZED ? 400 : 3000, rated = 0;
    int used[SE_TECHNIQUE_COUNT] = { 0 };
    for (int n = 0; n < rounds; n++) {
        sudoku_grid puzzle, solution;
        if (sudoku_generate(&opt, 20261124, (uint64_t)n, &puzzle, &solution, NULL) != 1)
            continue;
        sudoku_se_status st = sudoku_se_rate(&puzzle, &path, NULL);
        CHECK_MSG(st == SUDOKU_SE_OK || st == SUDOKU_SE_UNSUPPORTED, "row %d: status %d", n, st);
        CHECK_MSG(replays_path(&puzzle, &path, st == SUDOKU_SE_OK), "row %d: path does not replay",
                  n);
        rated += st == SUDOKU_SE_OK;
        for (int i = 0; i < path.step_count; i++)
            used[path.step[i].technique]++;
    }
    int urs = 0, bugs = 0;
    for (int t = SE_UNIQUE_RECTANGLE_1; t <= SE_UNIQUE_LOOP_4; t++)
        urs += used[t];
    for (int t = SE_BUG_1; t <= SE_BUG_4; t++)
        bugs += used[t];
    CHECK_MSG(urs > 0 && bugs > 0 && used[SE_ALIGNED_PAIR_EXCLUSION] > 0,
              "unique loops %d, BUG %d", urs, bugs);
    printf("generated: %d puzzles, %d rated; steps: unique rectangles/loops %d, BUG %d, "
           "quads/jellyfish %d, aligned pair exclusion %d\n", rounds, rated, urs, bugs,
           used[SE_NAKED_QUAD] + used[SE_JELLYFISH] + used[SE_HIDDEN_QUAD],
           used[SE_ALIGNED_PAIR_EXCLUSION]);
}

static const struct {
    const char *puzzle, *serate;
} oracle[] = {
#include "se_rating_oracle.inc"
};

static void oracle_sample(void)
{
    for (size_t i = 0; i < sizeof oracle / sizeof oracle[0]; i++) {
        sudoku_grid g = check_grid(oracle[i].puzzle);
        sudoku_se_status st = sudoku_se_rate(&g, &path, NULL);
        char got[32] = "unrated";
        if (st == SUDOKU_SE_OK)
            format_ratings(&path, got);
        CHECK_MSG(strcmp(got, oracle[i].serate) == 0, "%s: serate %s, we %s",
                  oracle[i].puzzle, oracle[i].serate, got);
        CHECK(replays(&g, &path));
    }
}

/* magictour_top1465 puzzles whose serate path takes dynamic+ (9.0 +
 * length, "(+)") steps, with serate 1.2.1.3's ER/EP/ED: they must match,
 * and their paths show dynamic+ steps (serate's path has a region and a
 * double "(+)" step in the first). */
static const struct {
    const char *puzzle, *serate;
} dynamic_plus[] = {
    {"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
     "9.5/1.2/1.2"},
    {"7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
     "9.6/1.2/1.2"},
    {"7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
     "9.8/1.2/1.2"},
};

static void dynamic_plus_rated(void)
{
    for (size_t i = 0; i < sizeof dynamic_plus / sizeof dynamic_plus[0]; i++) {
        sudoku_grid g = check_grid(dynamic_plus[i].puzzle);
        sudoku_se_status st = sudoku_se_rate(&g, &path, NULL);
        CHECK_MSG(st == SUDOKU_SE_OK, "%s: status %d", dynamic_plus[i].puzzle, st);
        if (st != SUDOKU_SE_OK)
            continue;
        int plus = 0;
        for (int s = 0; s < path.step_count; s++)
            plus += path.step[s].technique >= SE_DYNAMIC_PLUS_CONTRADICTION &&
                    path.step[s].technique <= SE_DYNAMIC_PLUS_REGION;
        CHECK_MSG(plus > 0, "%s: no dynamic+ step", dynamic_plus[i].puzzle);
        char got[32];
        format_ratings(&path, got);
        CHECK_MSG(strcmp(got, dynamic_plus[i].serate) == 0, "%s: serate %s, we %s",
                  dynamic_plus[i].puzzle, dynamic_plus[i].serate, got);
        CHECK(replays(&g, &path));
    }
}

/* Puzzles whose serate path takes a nested level-2 step ("(+ Forcing
 * Chains)", 9.5 + length), with serate 1.2.1.3's ER/EP/ED (serate's path,
 * printed step by step, has the same ratings at every step). */
static const struct {
    const char *puzzle, *serate;
} nested2[] = {
    {"........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
     "10.3/1.2/1.2"},
};

/* A vector row whose serate path takes nested steps of levels 2 and 3
 * ("(+ Multiple Forcing Chains)", its hardest at 11.1): the fastest of the
 * 15 rows of 10.0 and up (about 1.5 s). */
static const struct {
    const char *puzzle, *serate;
} nested_deep[] = {
    {"...4...8...7..92..........5..9.1.....1..926..8..3.....5.......3..1.6......2..71..",
     "11.1/11.1/9.7"},
};

static int count_steps(int first, int last)
{
    int n = 0;
    for (int s = 0; s < path.step_count; s++)
        n += path.step[s].technique >= first && path.step[s].technique <= last;
    return n;
}

static void nested_levels(void)
{
    for (size_t i = 0; i < sizeof nested_deep / sizeof nested_deep[0]; i++) {
        sudoku_grid g = check_grid(nested_deep[i].puzzle);
        sudoku_se_status st = sudoku_se_rate(&g, &path, NULL);
        CHECK_MSG(st == SUDOKU_SE_OK, "%s: status %d", nested_deep[i].puzzle, st);
        if (st != SUDOKU_SE_OK)
            continue;
        CHECK_MSG(count_steps(SE_NESTED_MFC_CONTRADICTION, SE_NESTED_DFC2_REGION) > 0,
                  "%s: no step of level 3 or more", nested_deep[i].puzzle);
        char got[32];
        format_ratings(&path, got);
        CHECK_MSG(strcmp(got, nested_deep[i].serate) == 0, "%s: serate %s, we %s",
                  nested_deep[i].puzzle, nested_deep[i].serate, got);
        CHECK(replays(&g, &path));
    }
}

static void nested_level2(void)
{
    for (size_t i = 0; i < sizeof nested2 / sizeof nested2[0]; i++) {
        sudoku_grid g = check_grid(nested2[i].puzzle);
        sudoku_se_status st = sudoku_se_rate(&g, &path, NULL);
        CHECK_MSG(st == SUDOKU_SE_OK, "%s: status %d", nested2[i].puzzle, st);
        if (st != SUDOKU_SE_OK)
            continue;
        int nested = count_steps(SE_NESTED_FC_CONTRADICTION, SE_NESTED_FC_REGION);
        CHECK_MSG(nested > 0, "%s: no nested step", nested2[i].puzzle);
        char got[32];
        format_ratings(&path, got);
        CHECK_MSG(strcmp(got, nested2[i].serate) == 0, "%s: serate %s, we %s",
                  nested2[i].puzzle, nested2[i].serate, got);
        CHECK(replays(&g, &path));
    }
}

static int stop_now(void *arg)
{
    (void)arg;
    return 1;
}

static void invalid(void)
{
    /* a cancel hook that says stop: CANCELLED, whatever the solver does */
    sudoku_cancel stop = { stop_now, NULL };
    sudoku_grid easy = check_grid(CHECK_EXAMPLE);
    CHECK(sudoku_se_rate(&easy, &path, &stop) == SUDOKU_SE_CANCELLED);

    sudoku_grid g = check_grid(CHECK_EXAMPLE);
    g.cell[1] = g.cell[0]; /* clash in row 1 */
    CHECK(sudoku_se_rate(&g, &path, NULL) == SUDOKU_SE_INVALID);
    sudoku_grid empty;
    memset(&empty, 0, sizeof empty);
    CHECK(sudoku_se_rate(&empty, &path, NULL) == SUDOKU_SE_INVALID);
    /* no solution though no clash: row 1 lacks only 9, column 9 holds it */
    sudoku_grid none;
    memset(&none, 0, sizeof none);
    for (int c = 0; c < 8; c++)
        none.cell[c] = (uint8_t)(c + 1);
    none.cell[17] = 9;
    CHECK(sudoku_se_rate(&none, &path, NULL) == SUDOKU_SE_INVALID);
    sudoku_grid full = check_grid(CHECK_GRID648);
    CHECK(sudoku_se_rate(&full, &path, NULL) == SUDOKU_SE_INVALID);
    char out[8];
    CHECK(strcmp(sudoku_se_format_rating(23, out), "2.3") == 0);
    CHECK(strcmp(sudoku_se_format_rating(110, out), "11.0") == 0);
    CHECK(strcmp(sudoku_se_technique_name(SE_XYZ_WING), "XYZ-Wing") == 0);
}

/* A cancel hook that says stop at its n-th question. */
static int stop_at(void *arg)
{
    int *left = arg;
    return --*left <= 0;
}

static int same_path(const sudoku_se_path *a, const sudoku_se_path *b)
{
    if (a->er != b->er || a->ep != b->ep || a->ed != b->ed || a->step_count != b->step_count ||
        a->elim_count != b->elim_count)
        return 0;
    return memcmp(a->step, b->step, sizeof a->step[0] * (size_t)a->step_count) == 0 &&
           memcmp(a->elim, b->elim, sizeof a->elim[0] * (size_t)a->elim_count) == 0;
}

/* One rater for many puzzles (sudoku_se_rate_with): every path the same as
 * sudoku_se_rate's, after puzzles of every family, in two orders, and
 * after ratings cancelled halfway (their work areas left as they were). */
static void rater_reused(void)
{
    enum { N = sizeof family / sizeof family[0] + 2 };
    const char *puzzles[N];
    int n = 0;
    for (size_t i = 0; i < sizeof family / sizeof family[0]; i++)
        puzzles[n++] = family[i].puzzle;
    puzzles[n++] = nested2[0].puzzle;
    puzzles[n++] = nested_deep[0].puzzle;
    sudoku_se_path *fresh = malloc(sizeof *fresh * N);
    sudoku_se_status status[N];
    sudoku_se_rater *rater = sudoku_se_rater_new();
    CHECK(fresh && rater);
    if (!fresh || !rater) {
        free(fresh);
        sudoku_se_rater_free(rater);
        return;
    }
    int asked[N]; /* how often each rating asks its cancel hook */
    for (int i = 0; i < n; i++) {
        sudoku_grid g = check_grid(puzzles[i]);
        int left = 1 << 30;
        sudoku_cancel count = { stop_at, &left };
        status[i] = sudoku_se_rate(&g, &fresh[i], &count);
        asked[i] = (1 << 30) - left;
    }
    int compared = 0, cancelled = 0;
    for (int round = 0; round < 2; round++)
        for (int k = 0; k < n; k++) {
            int i = round ? n - 1 - k : k;
            sudoku_grid g = check_grid(puzzles[i]);
            if (k % 7 == 3 || i >= n - 2) {
                /* stopped at half of its questions: for the nested
                 * puzzles, in the middle of the chains */
                int left = asked[i] / 2 + 1;
                sudoku_cancel stop = { stop_at, &left };
                cancelled += sudoku_se_rate_with(rater, &g, &path, &stop) == SUDOKU_SE_CANCELLED;
            }
            sudoku_se_status st = sudoku_se_rate_with(rater, &g, &path, NULL);
            CHECK_MSG(st == status[i] && (st != SUDOKU_SE_OK || same_path(&path, &fresh[i])),
                      "%s: the reused rater's path differs (status %d, fresh %d)", puzzles[i], st,
                      status[i]);
            compared++;
        }
    /* a rater that never needed chains, and a NULL one */
    sudoku_se_rater_free(rater);
    rater = sudoku_se_rater_new();
    sudoku_grid easy = check_grid(family[0].puzzle);
    CHECK(sudoku_se_rate_with(rater, &easy, &path, NULL) == status[0]);
    CHECK(sudoku_se_rate_with(NULL, &easy, &path, NULL) == status[0]);
    sudoku_se_rater_free(rater);
    sudoku_se_rater_free(NULL);
    free(fresh);
    CHECK(cancelled >= 2);
    printf("rater reused: %d paths compared, %d ratings cancelled in between\n", compared,
           cancelled);
}

int main(int argc, char **argv)
{
    /* SUDOKU_LONG_TEST: --long also rates the vector rows of 10.0 and up */
    int lng = check_long(argc, argv);
    invalid();
    families();
    oracle_sample();
    dynamic_plus_rated();
    nested_level2();
    nested_levels();
    rater_reused();
    generated();
    vectors(lng);
    return check_done();
}
