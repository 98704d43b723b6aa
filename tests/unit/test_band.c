/* Unit tests of core/band.c: the 2,612,736 bands with row 1 = 123456789
 * (all valid, all distinct), their 44 classes recomputed from scratch
 * (class of every band, bands per class, smallest band, key), the class
 * table's total against the published number of grids, completion counts
 * recomputed for some classes (all 44 with --long, SUDOKU_LONG_TEST), and
 * the band arrangement count against two slow twins: a plain backtracking
 * filler and the solver's sudoku_count on the 54-clue puzzle of bands 1-2.
 *
 * `test_band --print` prints the class table (core/band_classes.inc). */
#include <stdint.h>

#include "band.h"
#include "check.h"
#include "rng.h"
#include "solver.h"

/* 6,670,903,752,021,072,936,960 (Felgenhauer & Jarvis 2005). */
static unsigned __int128 published_total(void)
{
    return (unsigned __int128)6670903752ull * 1000000000000ull + 21072936960ull;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Rows 2 and 3 as 18 base-9 digits: a one-to-one code of a row-1 band. */
static uint64_t band_code(const uint8_t band[27])
{
    uint64_t code = 0;
    for (int i = 9; i < 27; i++)
        code = code * 9 + (uint64_t)(band[i] - 1);
    return code;
}

/* Open addressing: raw key -> class slot. */
#define MAP_BITS 21
typedef struct {
    uint64_t key; /* raw key + 1; 0 = empty */
    int cls;
} map_entry;

typedef struct {
    uint64_t key;
    uint32_t bands;
    uint8_t band[27];
} found_class;

static int classes_from_scratch(found_class *found, int *nfound, size_t *distinct_raw)
{
    map_entry *map = calloc((size_t)1 << MAP_BITS, sizeof *map);
    uint64_t *codes = malloc(sizeof(uint64_t) * SUDOKU_BANDS_ROW1);
    uint8_t band[27];
    int ok = 1;
    *nfound = 0;
    *distinct_raw = 0;
    for (uint32_t i = 0; i < SUDOKU_BANDS_ROW1; i++) {
        uint64_t raw;
        size_t h;
        sudoku_band_from_index(i, band);
        if (!sudoku_band_valid(band))
            ok = 0;
        codes[i] = band_code(band);
        raw = sudoku_band_raw_key(band);
        h = (size_t)((raw * 0x9E3779B97F4A7C15ull) >> (64 - MAP_BITS));
        while (map[h].key && map[h].key != raw + 1)
            h = (h + 1) & (((size_t)1 << MAP_BITS) - 1);
        if (!map[h].key) {
            uint64_t key = sudoku_band_key(band);
            int c;
            for (c = 0; c < *nfound && found[c].key != key; c++)
                ;
            if (c == *nfound) {
                if (c == 64) {
                    ok = 0;
                    break;
                }
                found[c].key = key;
                found[c].bands = 0;
                memcpy(found[c].band, band, 27);
                (*nfound)++;
            }
            map[h].key = raw + 1;
            map[h].cls = c;
            (*distinct_raw)++;
        }
        found[map[h].cls].bands++;
        if (memcmp(band, found[map[h].cls].band, 27) < 0)
            memcpy(found[map[h].cls].band, band, 27);
    }
    qsort(codes, SUDOKU_BANDS_ROW1, sizeof *codes, cmp_u64);
    for (uint32_t i = 1; i < SUDOKU_BANDS_ROW1; i++)
        if (codes[i] == codes[i - 1])
            ok = 0;
    /* number the classes in order of their smallest band */
    for (int a = 1; a < *nfound; a++)
        for (int b = a; b > 0 && memcmp(found[b].band, found[b - 1].band, 27) < 0; b--) {
            found_class t = found[b];
            found[b] = found[b - 1];
            found[b - 1] = t;
        }
    free(map);
    free(codes);
    return ok;
}

static void text_to_band(const char *text, uint8_t band[27])
{
    for (int i = 0; i < 27; i++)
        band[i] = (uint8_t)(text[i] - '0');
}

/* ---- slow twin of sudoku_band_arrangements: fill a band cell by cell ---- */

static uint64_t slow_fill(uint8_t band[27], int cell, const uint16_t colset[9])
{
    uint64_t n = 0;
    if (cell == 27)
        return 1;
    int r = cell / 9, c = cell % 9;
    for (int d = 1; d <= 9; d++) {
        int ok = (colset[c] >> d) & 1;
        for (int j = 0; ok && j < cell; j++) {
            int rj = j / 9, cj = j % 9;
            if (band[j] == d && (rj == r || cj == c || cj / 3 == c / 3))
                ok = 0;
        }
        if (ok) {
            band[cell] = (uint8_t)d;
            n += slow_fill(band, cell + 1, colset);
        }
    }
    return n;
}

/* the arrangement count of the bands whose columns hold the digits of
 * `band`'s columns, by both routes */
static void twin_arrangements(const uint8_t band[27], uint64_t *fast, uint64_t *slow)
{
    uint8_t col[9][3], work[27];
    uint16_t colset[9] = {0};
    for (int i = 0; i < 27; i++) {
        col[band[i] - 1][(i % 9) / 3] = (uint8_t)(i % 3);
        colset[i % 9] |= (uint16_t)(1u << band[i]);
    }
    *fast = sudoku_band_arrangements(col);
    *slow = slow_fill(work, 0, colset);
}

int main(int argc, char **argv)
{
    const sudoku_band_class *table = sudoku_band_classes();
    int is_long = check_long(argc, argv);
    int print = argc > 1 && strcmp(argv[1], "--print") == 0;
    found_class found[64];
    int nfound;
    size_t distinct_raw;
    sudoku_rng rng;
    /* SUDOKU_LONG_TEST: --long recomputes all 44 completion counts */

    /* every row-1 band valid and distinct, and the classes from scratch
     * (sanitizer builds, several times slower, check a sample of bands
     * against the table instead) */
    if (SANITIZED && !print) {
        for (uint32_t i = 0; i < SUDOKU_BANDS_ROW1; i += 997) {
            uint8_t band[27];
            sudoku_band_from_index(i, band);
            CHECK(sudoku_band_valid(band) && sudoku_band_class_of(band) >= 1);
        }
        CHECK(sudoku_band_total_grids() == published_total());
        return check_done();
    }
    CHECK(classes_from_scratch(found, &nfound, &distinct_raw));
    CHECK(nfound == SUDOKU_BAND_CLASSES);
    if (print) {
        for (int c = 0; c < nfound; c++) {
            char text[28];
            for (int i = 0; i < 27; i++)
                text[i] = (char)('0' + found[c].band[i]);
            text[27] = 0;
            printf("    {%d, \"%s\", %u, %lluull, 0x%llxull},\n", c + 1, text,
                   found[c].bands,
                   (unsigned long long)sudoku_band_completions(found[c].band),
                   (unsigned long long)found[c].key);
            fflush(stdout);
        }
        return 0;
    }
    printf("%zu distinct gangsters among the row-1 bands, %d classes\n", distinct_raw, nfound);
    {
        uint64_t sum = 0;
        for (int c = 0; c < nfound && c < SUDOKU_BAND_CLASSES; c++) {
            CHECK(table[c].number == c + 1);
            CHECK(table[c].bands == found[c].bands);
            CHECK(table[c].key == found[c].key);
            CHECK_MSG(memcmp(table[c].band, "123456789", 9) == 0 &&
                      strlen(table[c].band) == 27, "class %d band", c + 1);
            {
                uint8_t band[27];
                text_to_band(table[c].band, band);
                CHECK(memcmp(band, found[c].band, 27) == 0);
                CHECK(sudoku_band_class_of(band) == c + 1);
            }
            sum += table[c].bands;
        }
        CHECK(sum == SUDOKU_BANDS_ROW1);
    }

    /* the table's total is the published number of grids */
    CHECK(sudoku_band_total_grids() == published_total());
    /* and it is not so by accident: one class's count off by one changes it */
    CHECK(sudoku_band_total_grids() - (unsigned __int128)SUDOKU_RELABELLINGS * table[0].bands !=
          published_total());

    /* completion counts recomputed: the first, the last and a middle class
     * in the default run, every class with --long */
    for (int c = 0; c < SUDOKU_BAND_CLASSES; c++) {
        uint8_t band[27];
        if (!is_long && c != 0 && c != 21 && c != SUDOKU_BAND_CLASSES - 1)
            continue;
        text_to_band(table[c].band, band);
        CHECK_MSG(sudoku_band_completions(band) == table[c].completions,
                  "class %d completions", c + 1);
    }
    /* a relabelled, column- and stack-permuted band: same class, same key */
    {
        uint8_t band[27], moved[27];
        static const int cols[9] = {5, 3, 4, 8, 6, 7, 1, 2, 0};
        static const uint8_t relabel[10] = {0, 4, 9, 1, 7, 2, 8, 3, 6, 5};
        text_to_band(table[30].band, band);
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 9; c++)
                moved[9 * ((r + 1) % 3) + c] = relabel[band[9 * r + cols[c]]];
        CHECK(sudoku_band_class_of(moved) == 31);
        CHECK(sudoku_band_key(moved) == sudoku_band_key(band));
        moved[0] = moved[1];
        CHECK(sudoku_band_class_of(moved) == 0);
    }

    /* arrangements: fast count against the backtracking filler and the
     * solver, on the bottom bands of random grids and on random bands */
    sudoku_rng_seed(&rng, 14);
    {
        int rounds = SANITIZED ? 100 : (is_long ? 20000 : 2000);
        for (int i = 0; i < rounds; i++) {
            sudoku_grid empty = {{0}}, grid;
            uint64_t fast, slow, solver;
            uint8_t band[27];
            sudoku_solve_random(&empty, sudoku_rng_next(&rng), &grid, NULL);
            /* band 3 of the grid: completions of bands 1-2 */
            memcpy(band, grid.cell + 54, 27);
            twin_arrangements(band, &fast, &slow);
            memset(grid.cell + 54, 0, 27);
            solver = sudoku_count(&grid, 1000000, NULL, NULL);
            CHECK_MSG(fast == slow && fast == solver,
                      "round %d: fast %llu slow %llu solver %llu", i,
                      (unsigned long long)fast, (unsigned long long)slow,
                      (unsigned long long)solver);
            /* a random row-1 band's own column sets */
            sudoku_band_from_index(sudoku_rng_below(&rng, SUDOKU_BANDS_ROW1), band);
            twin_arrangements(band, &fast, &slow);
            CHECK_MSG(fast == slow && fast > 0, "random band %d", i);
        }
    }
    /* column sets no band has: a column of four digits */
    {
        uint8_t col[9][3] = {{0}};
        CHECK(sudoku_band_arrangements(col) == 0);
    }
    return check_done();
}
