/* Unit tests of core/random_grid.c:
 *  - the bound of step 2 (random_grid.h): over EVERY configuration of stack
 *    3 (top-band columns, band-2 rows, band-3 rows) the placements number
 *    at most RANDOM_GRID_MAX_FILLS, and the fast placement count agrees
 *    with a brute force over all 6^6 column orders;
 *  - the numbering of a stack's lower parts is one to one onto the parts
 *    that fit the top band (for some random bands: all 2,612,736 indices
 *    give valid, distinct parts);
 *  - every drawn grid is a valid solution grid; same seed, same grid;
 *  - uniformity: a chi-square test of the top band's class against the
 *    class table's probabilities (bands * completions / total), and the
 *    same statistic rejecting a biased sampler (the solver's random grids,
 *    documented as not uniform). --long (SUDOKU_LONG_TEST) draws 200,000. */
#include <math.h>
#include <stdint.h>

#include "band.h"
#include "check.h"
#include "internal.h"
#include "random_grid.h"
#include "rng.h"
#include "solver.h"

static int grid_valid(const uint8_t g[81])
{
    for (int i = 0; i < 9; i++) {
        unsigned row = 0, col = 0, box = 0;
        for (int j = 0; j < 9; j++) {
            row |= 1u << g[9 * i + j];
            col |= 1u << g[9 * j + i];
            box |= 1u << g[9 * (3 * (i / 3) + j / 3) + 3 * (i % 3) + j % 3];
        }
        if (row != 0x3FE || col != 0x3FE || box != 0x3FE)
            return 0;
    }
    return 1;
}

/* Brute force: all 6^6 orders of the six rows' digits into the columns. */
static int slow_fills(const uint8_t col3[9], const uint16_t rows[6])
{
    uint8_t digit[6][3];
    int n = 0;
    for (int r = 0; r < 6; r++) {
        int k = 0;
        for (int d = 0; d < 9; d++)
            if (rows[r] >> d & 1)
                digit[r][k++] = (uint8_t)d;
    }
    for (unsigned code = 0; code < 46656; code++) {
        uint8_t where[9][2], cnt[9] = {0};
        unsigned c = code;
        int ok = 1;
        for (int r = 0; r < 6; r++, c /= 6)
            for (int i = 0; i < 3; i++) {
                uint8_t d = digit[r][i];
                where[d][cnt[d]++] = sudoku_perm3[c % 6][i];
            }
        /* each digit: two different columns, neither its top-band one */
        for (int d = 0; d < 9 && ok; d++)
            ok = cnt[d] == 2 && where[d][0] != where[d][1] && where[d][0] != col3[d] &&
                 where[d][1] != col3[d];
        n += ok;
    }
    return n;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Every ordered partition of the nine digits into three triples (1680). */
static int partitions(uint16_t out[1680][3])
{
    int n = 0;
    for (unsigned a = 0; a < 512; a++) {
        if (__builtin_popcount(a) != 3)
            continue;
        for (unsigned b = 0; b < 512; b++) {
            if (__builtin_popcount(b) != 3 || (a & b))
                continue;
            out[n][0] = (uint16_t)a;
            out[n][1] = (uint16_t)b;
            out[n][2] = (uint16_t)(0x1FF & ~(a | b));
            n++;
        }
    }
    return n;
}

/* The chi-square statistic of class counts against probabilities p,
 * pooling the classes whose expected count is below 5 into one bin; *df
 * gets bins - 1. */
static double chi_square(const uint64_t count[SUDOKU_BAND_CLASSES],
                         const double p[SUDOKU_BAND_CLASSES], uint64_t n, int *df)
{
    double stat = 0, pool_e = 0, pool_o = 0;
    int bins = 0;
    for (int c = 0; c < SUDOKU_BAND_CLASSES; c++) {
        double e = p[c] * (double)n;
        if (e < 5) {
            pool_e += e;
            pool_o += (double)count[c];
            continue;
        }
        stat += ((double)count[c] - e) * ((double)count[c] - e) / e;
        bins++;
    }
    if (pool_e > 0) {
        stat += (pool_o - pool_e) * (pool_o - pool_e) / pool_e;
        bins++;
    }
    *df = bins - 1;
    return stat;
}

/* The upper 0.001 point of chi-square with df degrees of freedom, by the
 * Wilson-Hilferty cube approximation (z = 3.0902 is the normal 0.999
 * point); for df = 43 it gives 77.50 (tables: 77.42). */
static double critical_001(int df)
{
    double k = df, v = 2.0 / (9.0 * k);
    double x = 1.0 - v + 3.0902 * sqrt(v);
    return k * x * x * x;
}

int main(int argc, char **argv)
{
    int is_long = check_long(argc, argv);
    const sudoku_band_class *table = sudoku_band_classes();
    double p[SUDOKU_BAND_CLASSES];
    sudoku_rng rng;
    /* SUDOKU_LONG_TEST: --long runs the chi-square on 200,000 grids */

    /* ---- the placement bound over every configuration ---- */
    {
        static uint16_t part[1680][3];
        static const uint8_t col3[9] = {0, 0, 0, 1, 1, 1, 2, 2, 2};
        int np = partitions(part), max = 0, checked = 0, configs = 0;
        long hist[RANDOM_GRID_MAX_FILLS + 2] = {0};
        uint8_t cols[RANDOM_GRID_MAX_FILLS + 1][6][3];
        CHECK(np == 1680);
        /* Any top band is a relabelling of one whose stack 3 columns hold
         * digits 1-3, 4-6, 7-9 (col3 above), and relabelling does not
         * change the count: so these are all configurations. */
        /* (sanitizer builds: every 7th band-2 partition) */
        for (int a = 0; a < np; a += SANITIZED ? 7 : 1)
            for (int b = 0; b < np; b++) {
                uint16_t rows[6] = {part[a][0], part[a][1], part[a][2],
                                    part[b][0], part[b][1], part[b][2]};
                int m = sudoku_random_grid_stack3_fills(col3, rows, cols);
                configs++;
                if (m > max)
                    max = m;
                hist[m > RANDOM_GRID_MAX_FILLS ? RANDOM_GRID_MAX_FILLS + 1 : m]++;
                /* the brute force on a sample (46656 orders each) */
                if ((a * 1680 + b) % (SANITIZED ? 40009 : 4001) == 0) {
                    CHECK_MSG(m == slow_fills(col3, rows), "fills %d %d", a, b);
                    checked++;
                }
            }
        CHECK(max <= RANDOM_GRID_MAX_FILLS);
        printf("stack-3 placements: max %d over %d configurations (%d brute-forced);"
               " histogram", max, configs, checked);
        for (int m = 0; m <= RANDOM_GRID_MAX_FILLS; m++)
            printf(" %d:%ld", m, hist[m]);
        printf("\n");
    }

    /* ---- lower parts: one to one onto the parts that fit ---- */
    sudoku_rng_seed(&rng, 1414);
    for (int round = 0; round < (is_long ? 3 : 1); round++) {
        uint8_t g[81];
        uint32_t n = SUDOKU_BANDS_ROW1;
        uint64_t *codes = malloc(sizeof(uint64_t) * n);
        int ok = 1, s = round % 3;
        sudoku_band_from_index(sudoku_rng_below(&rng, n), g);
        for (uint32_t i = 0; i < n && ok; i++) {
            uint16_t rows[6];
            uint64_t code = 0;
            sudoku_random_grid_lower(g, s, i, rows);
            for (int c = 0; c < 3; c++) {
                unsigned col = 0;
                for (int r = 0; r < 9; r++)
                    col |= 1u << g[9 * r + 3 * s + c];
                ok &= col == 0x3FE;
            }
            for (int b = 1; b < 3; b++) {
                unsigned box = 0;
                for (int r = 0; r < 3; r++)
                    for (int c = 0; c < 3; c++)
                        box |= 1u << g[9 * (3 * b + r) + 3 * s + c];
                ok &= box == 0x3FE;
            }
            for (int r = 3; r < 9; r++)
                for (int c = 0; c < 3; c++)
                    code = code * 9 + (uint64_t)(g[9 * r + 3 * s + c] - 1);
            codes[i] = code;
        }
        CHECK_MSG(ok, "lower parts of stack %d fit", s);
        qsort(codes, n, sizeof *codes, cmp_u64);
        ok = 1;
        for (uint32_t i = 1; i < n; i++)
            ok &= codes[i] != codes[i - 1];
        CHECK_MSG(ok, "lower parts of stack %d distinct", s);
        free(codes);
    }

    /* ---- drawn grids: valid, reproducible ---- */
    {
        sudoku_grid a, b;
        uint64_t attempts = 0;
        int n = SANITIZED ? 200 : 2000, same = 0;
        sudoku_rng_seed(&rng, 7);
        for (int i = 0; i < n; i++) {
            attempts += sudoku_random_grid(&rng, &a);
            CHECK_MSG(grid_valid(a.cell), "grid %d valid", i);
        }
        printf("%.0f attempts per grid (expected about 7,800)\n", (double)attempts / n);
        sudoku_random_grid_seed(42, &a);
        sudoku_random_grid_seed(42, &b);
        CHECK(memcmp(a.cell, b.cell, 81) == 0);
        for (uint64_t seed = 43; seed < 93; seed++) {
            sudoku_random_grid_seed(seed, &b);
            same += memcmp(a.cell, b.cell, 81) == 0;
        }
        CHECK(same == 0);
    }

    /* ---- uniformity: the top band's class ---- */
    {
        double total = 0;
        uint64_t n = is_long ? 200000 : (SANITIZED ? 3000 : 20000);
        uint64_t count[SUDOKU_BAND_CLASSES] = {0}, biased[SUDOKU_BAND_CLASSES] = {0},
                 solver[SUDOKU_BAND_CLASSES] = {0};
        double stat, stat_band, stat_solver;
        int df, df2, df3;
        for (int c = 0; c < SUDOKU_BAND_CLASSES; c++)
            total += (double)table[c].bands * (double)table[c].completions;
        for (int c = 0; c < SUDOKU_BAND_CLASSES; c++)
            p[c] = (double)table[c].bands * (double)table[c].completions / total;
        sudoku_rng_seed(&rng, 20051);
        for (uint64_t i = 0; i < n; i++) {
            sudoku_grid g, empty = {{0}};
            uint8_t band[27];
            int c;
            sudoku_random_grid(&rng, &g);
            c = sudoku_band_class_of(g.cell);
            CHECK_MSG(c >= 1, "class of grid %llu", (unsigned long long)i);
            if (c >= 1)
                count[c - 1]++;
            /* biased 1, for information only: the top band uniform, as if
             * every band had equally many completions (the counts differ
             * by at most 14%, too little to show at this size) */
            sudoku_band_from_index(sudoku_rng_below(&rng, SUDOKU_BANDS_ROW1), band);
            biased[sudoku_band_class_of(band) - 1]++;
            /* biased 2: the solver's random grids (documented as not uniform) */
            if (i < n / 2) {
                sudoku_solve_random(&empty, sudoku_rng_next(&rng), &g, NULL);
                solver[sudoku_band_class_of(g.cell) - 1]++;
            }
        }
        stat = chi_square(count, p, n, &df);
        stat_band = chi_square(biased, p, n, &df2);
        stat_solver = chi_square(solver, p, n / 2, &df3);
        printf("chi-square over %llu grids: %.2f (df %d, 0.001 critical %.2f); uniform top"
               " band %.2f (df %d); solver %.2f over %llu (df %d)\n",
               (unsigned long long)n, stat, df, critical_001(df), stat_band, df2,
               stat_solver, (unsigned long long)(n / 2), df3);
        CHECK(stat < critical_001(df));
        if (is_long)
            CHECK(df == 43);
        if (!SANITIZED) {
            CHECK(stat_solver > critical_001(df3));
        }
    }
    CHECK(fabs(critical_001(43) - 77.42) < 0.2);
    /* the bounds step 3 uses are the table's extremes */
    {
        uint64_t lo = UINT64_MAX, hi = 0;
        for (int c = 0; c < SUDOKU_BAND_CLASSES; c++) {
            if (table[c].completions < lo)
                lo = table[c].completions;
            if (table[c].completions > hi)
                hi = table[c].completions;
        }
        CHECK(lo == RANDOM_GRID_MIN_COMPLETIONS && hi == RANDOM_GRID_MAX_COMPLETIONS);
    }
    return check_done();
}
