/* Unit tests of core/scramble.c: the fixed order of the geometric
 * transforms (against a slow odometer written from the header's formula),
 * stepping, the orbit sizes of grids with known automorphism counts, and
 * the uniformity of random scrambles (chi-square). */
#include <math.h>

#include "check.h"
#include "rng.h"
#include "scramble.h"
#include "transform.h"

/* Sanitizer builds run about three times slower: they skip the orbit of
 * the 3-automorphism grid and draw fewer random scrambles. */

static const char *GRID648 = CHECK_GRID648;
static const char *GRID3 = CHECK_GRID3;

/* The header's formula, spelt out with nested loops' worth of arithmetic:
 * the permutation list is regenerated here by brute force. */
static void slow_geometric(uint32_t index, sudoku_transform *t)
{
    uint8_t perms[6][3];
    int n = 0;
    unsigned place[9];
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            for (int c = 0; c < 3; c++)
                if (a != b && b != c && a != c) {
                    perms[n][0] = (uint8_t)a;
                    perms[n][1] = (uint8_t)b;
                    perms[n][2] = (uint8_t)c;
                    n++;
                }
    for (int p = 8; p >= 1; p--) {
        place[p] = index % 6;
        index /= 6;
    }
    place[0] = index;
    sudoku_transform_identity(t);
    t->transpose = (uint8_t)place[0];
    for (int b = 0; b < 3; b++)
        for (int k = 0; k < 3; k++) {
            t->rows[3 * b + k] = (uint8_t)(3 * perms[place[1]][b] + perms[place[2 + b]][k]);
            t->cols[3 * b + k] = (uint8_t)(3 * perms[place[5]][b] + perms[place[6 + b]][k]);
        }
}

static void fixed_order(void)
{
    sudoku_transform t, u, id;
    int bad_slow = 0, bad_step = 0, bad_index = 0, bad_valid = 0, bad_place = 0;
    sudoku_transform_identity(&id);
    sudoku_scramble_first(&t);
    CHECK(sudoku_transform_equal(&t, &id));
    for (uint32_t i = 0; i < SUDOKU_GEOMETRIC_TRANSFORMS; i++) {
        sudoku_scramble_geometric(i, &u);
        if (!sudoku_transform_equal(&t, &u))
            bad_step++;
        if ((i & (SANITIZED ? 63 : 7)) == 0) {
            sudoku_transform s;
            slow_geometric(i, &s);
            bad_slow += !sudoku_transform_equal(&s, &u);
            bad_valid += !sudoku_transform_valid(&u);
        }
        bad_index += sudoku_scramble_index(&u) != i;
        int place = sudoku_scramble_next(&t);
        /* The most significant changed place: i + 1 and i agree above it. */
        if (i + 1 < SUDOKU_GEOMETRIC_TRANSFORMS) {
            uint32_t a = i, b = i + 1;
            int expect = 8;
            while (a / 6 != b / 6 && expect > 0) {
                a /= 6;
                b /= 6;
                expect--;
            }
            bad_place += place != expect;
        } else {
            bad_place += place != -1;
        }
    }
    CHECK_MSG(bad_step == 0, "%d steps disagree with direct indexing", bad_step);
    CHECK_MSG(bad_slow == 0, "%d indices disagree with the slow formula", bad_slow);
    CHECK_MSG(bad_index == 0, "%d indices do not read back", bad_index);
    CHECK_MSG(bad_valid == 0, "%d transforms not in the group", bad_valid);
    CHECK_MSG(bad_place == 0, "%d wrong changed-place answers", bad_place);
    CHECK(sudoku_transform_equal(&t, &id)); /* wrapped around */

    /* The documented examples of the order. */
    sudoku_scramble_geometric(1, &t);
    CHECK(t.cols[6] == 6 && t.cols[7] == 8 && t.cols[8] == 7 && t.cols[5] == 5);
    sudoku_scramble_geometric(6, &t);
    CHECK(t.cols[3] == 3 && t.cols[4] == 5 && t.cols[5] == 4 && t.cols[8] == 8);
    sudoku_scramble_geometric(36, &t);
    CHECK(t.cols[0] == 0 && t.cols[1] == 2 && t.cols[2] == 1);
    sudoku_scramble_geometric(216, &t);
    CHECK(t.cols[3] == 6 && t.cols[6] == 3 && t.cols[0] == 0 && !t.transpose);
    sudoku_scramble_geometric(SUDOKU_GEOMETRIC_TRANSFORMS / 2 - 1, &t);
    CHECK(!t.transpose);
    sudoku_scramble_geometric(SUDOKU_GEOMETRIC_TRANSFORMS / 2, &t);
    CHECK(t.transpose && t.rows[4] == 4 && t.cols[8] == 8);
}

/* ---- orbit sizes: a set of 128-bit fingerprints of relabelled grids ---- */

typedef struct fpset {
    uint64_t (*slot)[2];
    size_t mask, count;
} fpset;

static void fpset_init(fpset *s, unsigned bits)
{
    s->mask = ((size_t)1 << bits) - 1;
    s->count = 0;
    s->slot = calloc(s->mask + 1, sizeof *s->slot);
    if (!s->slot) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
}

static void fpset_add(fpset *s, uint64_t a, uint64_t b)
{
    if (a == 0 && b == 0)
        b = 1; /* (0, 0) marks an empty slot */
    for (size_t i = (size_t)a & s->mask;; i = (i + 1) & s->mask) {
        if (s->slot[i][0] == 0 && s->slot[i][1] == 0) {
            s->slot[i][0] = a;
            s->slot[i][1] = b;
            s->count++;
            return;
        }
        if (s->slot[i][0] == a && s->slot[i][1] == b)
            return;
    }
}

/* Digits renamed in order of first appearance (row-major). */
static void relabel(sudoku_grid *g)
{
    uint8_t name[10] = {0};
    uint8_t next = 1;
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        uint8_t d = g->cell[i];
        if (d && !name[d])
            name[d] = next++;
        g->cell[i] = name[d];
    }
}

/* Two independent 64-bit hashes of the 81 cells packed four bits each
 * into six words: a false merge needs both to collide. */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void fingerprint(const sudoku_grid *g, uint64_t *a, uint64_t *b)
{
    uint64_t w[6] = {0}, h1 = 0, h2 = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < SUDOKU_CELLS; i++)
        w[i / 16] |= (uint64_t)g->cell[i] << (4 * (i % 16));
    for (int k = 0; k < 6; k++) {
        h1 = mix64(h1 ^ w[k]) + (uint64_t)k;
        h2 = (h2 ^ w[k]) * 0xff51afd7ed558ccdull;
        h2 = (h2 << 31 | h2 >> 33) + 0xc4ceb9fe1a85ec53ull;
    }
    *a = h1;
    *b = mix64(h2);
}

static size_t orbit_size(const sudoku_grid *g)
{
    fpset set;
    sudoku_transform t;
    sudoku_grid x;
    size_t n;
    fpset_init(&set, 22); /* 4M slots of 16 bytes for at most 3.36M grids */
    sudoku_scramble_first(&t);
    do {
        uint64_t a, b;
        sudoku_transform_apply(&t, g, &x);
        relabel(&x);
        fingerprint(&x, &a, &b);
        fpset_add(&set, a, b);
    } while (sudoku_scramble_next(&t) >= 0);
    n = set.count;
    free(set.slot);
    return n;
}

static void orbits(int long_run)
{
    sudoku_grid g648 = check_grid(GRID648), g3 = check_grid(GRID3);
    size_t n648 = orbit_size(&g648);
    CHECK_MSG(n648 == 5184, "648-automorphism grid: %zu distinct grids, want 5,184", n648);
    if (!SANITIZED) { /* the large set adds nothing a sanitizer would see */
        size_t n3 = orbit_size(&g3);
        CHECK_MSG(n3 == 1119744, "3-automorphism grid: %zu distinct grids, want 1,119,744", n3);
    }

    /* Grids without symmetry (--long): every one of the transforms gives
     * a different grid, so the enumeration has no repeats. */
    FILE *f = long_run ? check_open_data("grids/solutions_17_clue.txt") : NULL;
    if (f) {
        char line[256];
        for (int k = 0; k < 3 && check_next_line(f, line, sizeof line); k++) {
            sudoku_grid g = check_grid(line);
            size_t n = orbit_size(&g);
            CHECK_MSG(n == SUDOKU_GEOMETRIC_TRANSFORMS,
                      "asymmetric grid: %zu distinct grids, want 3,359,232", n);
        }
        fclose(f);
    }
}

/* ---- uniformity of random scrambles ---- */

/* Chi-square statistic of observed counts against equal expectations. */
static double chi_square(const unsigned *count, int bins, unsigned draws)
{
    double expected = (double)draws / bins, sum = 0;
    for (int i = 0; i < bins; i++) {
        double d = count[i] - expected;
        sum += d * d / expected;
    }
    return sum;
}

/* A bound the statistic stays below unless the draw is biased: the mean
 * (df) plus about six standard deviations, sqrt(2 df). With a fixed seed
 * the test is deterministic; the bound only says how far off is "off". */
static double chi_bound(int df)
{
    return df + 6.0 * sqrt(2.0 * df);
}

/* A source of transforms: a generator state and how to draw from it. */
typedef struct source {
    void (*draw)(struct source *, sudoku_transform *);
    sudoku_rng rng;
    uint64_t seed, row;
} source;

/* The generator itself, one stream. */
static void from_stream(source *s, sudoku_transform *t)
{
    sudoku_scramble_random(&s->rng, t);
}

/* The table's random mode: row n draws from its own stream. */
static void from_rows(source *s, sudoku_transform *t)
{
    sudoku_rng rng;
    sudoku_scramble_seed(&rng, s->seed, s->row++);
    sudoku_scramble_random(&rng, t);
}

/* Draws n transforms and tallies: where cell 0 lands (81 bins), where the
 * ordered pair of cells 0 and 1 lands (324 possible pairs: same box, same
 * row or same column), and digit d -> image (81 bins). Returns the
 * largest statistic relative to its bound. */
static double uniformity(void (*draw)(source *, sudoku_transform *), uint64_t seed,
                         unsigned n, int verbose)
{
    unsigned cell[81] = {0}, pair[81 * 81] = {0}, digit[81] = {0};
    unsigned pair_bins[324];
    source src = {draw, {{0}}, seed, 0};
    sudoku_transform t;
    sudoku_grid marked, x;
    double worst = 0, s;
    int k = 0;
    memset(&marked, 0, sizeof marked);
    marked.cell[0] = 1;
    marked.cell[1] = 2;
    sudoku_rng_seed(&src.rng, seed);
    for (unsigned i = 0; i < n; i++) {
        int a = -1, b = -1;
        draw(&src, &t);
        sudoku_transform_apply(&t, &marked, &x);
        for (int c = 0; c < 81; c++) {
            if (x.cell[c] == t.digits[1])
                a = c;
            else if (x.cell[c] == t.digits[2])
                b = c;
        }
        cell[a]++;
        pair[a * 81 + b]++;
        for (int d = 1; d <= 9; d++)
            digit[(d - 1) * 9 + t.digits[d] - 1]++;
    }
    /* Gather the pair tallies over the 324 reachable pairs only; a count
     * anywhere else is a bug in itself. */
    for (int a = 0; a < 81; a++)
        for (int b = 0; b < 81; b++) {
            int reachable = a != b && sudoku_box(a) == sudoku_box(b) &&
                            (sudoku_row(a) == sudoku_row(b) || sudoku_col(a) == sudoku_col(b));
            if (reachable)
                pair_bins[k++] = pair[a * 81 + b];
            else
                CHECK(pair[a * 81 + b] == 0);
        }
    CHECK(k == 324);
    s = chi_square(cell, 81, n);
    if (verbose)
        printf("cell landing: chi2 %.1f (df 80, bound %.1f)\n", s, chi_bound(80));
    worst = fmax(worst, s / chi_bound(80));
    s = chi_square(pair_bins, 324, n);
    if (verbose)
        printf("pair landing: chi2 %.1f (df 323, bound %.1f)\n", s, chi_bound(323));
    worst = fmax(worst, s / chi_bound(323));
    /* Each digit's image is uniform: n draws per row of the 9x9 table. */
    s = 0;
    for (int d = 0; d < 9; d++)
        s += chi_square(digit + 9 * d, 9, n);
    if (verbose)
        printf("relabelling: chi2 %.1f (df 72, bound %.1f)\n", s, chi_bound(72));
    worst = fmax(worst, s / chi_bound(72));
    return worst;
}

/* A deliberately broken generator: never transposes and never moves
 * digit 9. The same statistics must catch it. */
static void biased(source *s, sudoku_transform *t)
{
    sudoku_scramble_random(&s->rng, t);
    t->transpose = 0;
    for (int d = 1; d <= 9; d++)
        if (t->digits[d] == 9) {
            t->digits[d] = t->digits[9];
            t->digits[9] = 9;
        }
}

static void random_draws(unsigned n)
{
    sudoku_rng r1, r2;
    sudoku_transform a, b;
    int same = 1, valid = 1;
    CHECK_MSG(uniformity(from_stream, 1, n, 1) < 1.0,
              "random scrambles are not uniform");
    CHECK_MSG(uniformity(from_stream, 2, n, 0) < 1.0,
              "random scrambles are not uniform (seed 2)");
    CHECK_MSG(uniformity(from_rows, 3, n, 1) < 1.0,
              "the table's rows are not uniform");
    CHECK_MSG(uniformity(biased, 1, n, 0) > 1.0, "the uniformity check has no power");

    /* Same seed, same sequence; another seed, another sequence. */
    sudoku_rng_seed(&r1, 42);
    sudoku_rng_seed(&r2, 42);
    for (int i = 0; i < 1000; i++) {
        sudoku_scramble_random(&r1, &a);
        sudoku_scramble_random(&r2, &b);
        same &= sudoku_transform_equal(&a, &b);
        valid &= sudoku_transform_valid(&a);
    }
    CHECK(same && valid);
    sudoku_rng_seed(&r1, 42);
    sudoku_rng_seed(&r2, 43);
    same = 1;
    for (int i = 0; i < 10; i++) {
        sudoku_scramble_random(&r1, &a);
        sudoku_scramble_random(&r2, &b);
        same &= sudoku_transform_equal(&a, &b);
    }
    CHECK(!same);

    /* Rows of one seed have different streams; (seed, n) fixes the row. */
    for (uint64_t row = 0; row < 1000; row++) {
        sudoku_scramble_seed(&r1, 5, row);
        sudoku_scramble_seed(&r2, 5, row + 1);
        CHECK(memcmp(&r1, &r2, sizeof r1) != 0);
        sudoku_scramble_seed(&r2, 6, row);
        CHECK(memcmp(&r1, &r2, sizeof r1) != 0);
        sudoku_scramble_seed(&r2, 5, row);
        CHECK(memcmp(&r1, &r2, sizeof r1) == 0);
    }
}

/* SUDOKU_LONG_TEST: with --long, three asymmetric grids' orbits and five
 * times the random draws. */
int main(int argc, char **argv)
{
    int long_run = check_long(argc, argv);
    fixed_order();
    orbits(long_run);
    random_draws(long_run ? 1000000 : SANITIZED ? 50000 : 200000);
    return check_done();
}
