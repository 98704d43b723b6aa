/* Unit tests of core/equiv.c and of sudoku_automorphisms (core/minlex.h)
 * against brute force over all 3,359,232 geometric transforms: the
 * published examples (bwinf files read as they are, vectors/equiv.tsv),
 * random scrambles, near misses, and automorphism counts.
 *
 * SUDOKU_LONG_TEST: --long checks many more near misses by brute force. */
#include "check.h"
#include "equiv.h"
#include "minlex.h"
#include "rng.h"
#include "scramble.h"
#include "transform.h"


static const char *GRID648 = CHECK_GRID648;
static const char *GRID3 = CHECK_GRID3;
static const char *EXAMPLE = CHECK_EXAMPLE;

/* ---- the slow, obviously right twins ---- */

/* 1 when geometric transform g followed by some relabelling maps a onto
 * b; the relabelling (extended to a full permutation) goes into g. */
static int maps_onto(sudoku_transform *g, const sudoku_grid *a, const sudoku_grid *b)
{
    uint8_t to[10] = {0}, from[10] = {0};
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) {
            int r = g->rows[i], c = g->cols[j];
            uint8_t x = a->cell[g->transpose ? c * 9 + r : r * 9 + c];
            uint8_t y = b->cell[i * 9 + j];
            if ((x == 0) != (y == 0))
                return 0;
            if (x == 0)
                continue;
            if (to[x] == 0 && from[y] == 0) {
                to[x] = y;
                from[y] = x;
            } else if (to[x] != y) {
                return 0;
            }
        }
    /* Digits absent from a go to the digits absent from b, in order. */
    for (int x = 1, y = 1; x <= 9; x++) {
        if (to[x])
            continue;
        while (from[y])
            y++;
        to[x] = (uint8_t)y;
        from[y] = (uint8_t)x;
    }
    memcpy(g->digits + 1, to + 1, 9);
    g->digits[0] = 0;
    return 1;
}

static int brute_equiv(const sudoku_grid *a, const sudoku_grid *b)
{
    sudoku_transform g;
    sudoku_scramble_first(&g);
    do {
        sudoku_transform h = g;
        if (maps_onto(&h, a, b))
            return 1;
    } while (sudoku_scramble_next(&g) >= 0);
    return 0;
}

static uint32_t brute_automorphisms(const sudoku_grid *a)
{
    sudoku_transform g, h;
    uint32_t n = 0;
    sudoku_scramble_first(&g);
    do {
        h = g; /* maps_onto writes the relabelling into its argument */
        n += (uint32_t)maps_onto(&h, a, a);
    } while (sudoku_scramble_next(&g) >= 0);
    return n;
}

static int applies(const sudoku_transform *t, const sudoku_grid *a, const sudoku_grid *b)
{
    sudoku_grid x;
    sudoku_transform_apply(t, a, &x);
    return memcmp(&x, b, sizeof x) == 0;
}

/* ---- bwinf: two boards per file, as the file is ---- */

static int read_file(const char *rel, char *buf, size_t cap, size_t *len)
{
    FILE *f = check_open_data(rel);
    if (!f)
        return 0;
    *len = fread(buf, 1, cap, f);
    fclose(f);
    return 1;
}

/* Splits at the first blank line (only spaces, tabs and CR) that follows
 * text; returns the offset where the second board starts, *end1 where
 * the first ends. */
static size_t split_boards(const char *s, size_t len, size_t *end1)
{
    size_t line = 0;
    int seen_text = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || s[i] == '\n') {
            int blank = 1;
            for (size_t k = line; k < i; k++)
                if (s[k] != ' ' && s[k] != '\t' && s[k] != '\r')
                    blank = 0;
            if (blank && seen_text) {
                *end1 = line;
                return i < len ? i + 1 : len;
            }
            if (!blank)
                seen_text = 1;
            line = i + 1;
        }
    }
    *end1 = len;
    return len;
}

static void bwinf(void)
{
    int found = 0;
    for (int k = 0; k < 3; k++) {
        char rel[64], buf[4096];
        size_t len, end1, start2;
        sudoku_grid a, b;
        sudoku_transform t;
        snprintf(rel, sizeof rel, "bwinf/sudoku%d.txt", k);
        if (!read_file(rel, buf, sizeof buf, &len))
            continue;
        found++;
        start2 = split_boards(buf, len, &end1);
        CHECK_MSG(sudoku_grid_parse(buf, end1, &a, NULL) == SUDOKU_PARSE_OK,
                  "%s: first board does not parse as is", rel);
        CHECK_MSG(sudoku_grid_parse(buf + start2, len - start2, &b, NULL) == SUDOKU_PARSE_OK,
                  "%s: second board does not parse as is", rel);
        CHECK_MSG(sudoku_equiv(&a, &b) == 1, "%s: not equivalent", rel);
        CHECK_MSG(sudoku_equiv_transform(&a, &b, &t) == 1 && sudoku_transform_valid(&t) &&
                      applies(&t, &a, &b),
                  "%s: the witness does not map the first board onto the second", rel);
        CHECK(sudoku_equiv_transform(&b, &a, &t) == 1 && applies(&t, &b, &a));
        CHECK(brute_equiv(&a, &b) == 1);
    }
    if (!found)
        printf("bwinf: data absent, skipped\n");
}

/* ---- vectors/equiv.tsv ---- */

/* "T=0;rows=213456798;cols=312564987;digits=123456789" ("-": digit absent) */
static int parse_witness(const char *w, sudoku_transform *t)
{
    const char *r = strstr(w, "rows="), *c = strstr(w, "cols="), *d = strstr(w, "digits=");
    if (strncmp(w, "T=", 2) != 0 || !r || !c || !d)
        return 0;
    sudoku_transform_identity(t);
    t->transpose = (uint8_t)(w[2] == '1');
    for (int i = 0; i < 9; i++) {
        t->rows[i] = (uint8_t)(r[5 + i] - '1');
        t->cols[i] = (uint8_t)(c[5 + i] - '1');
        if (d[7 + i] != '-')
            t->digits[i + 1] = (uint8_t)(d[7 + i] - '0');
    }
    return 1;
}

static void vectors(void)
{
    FILE *f = check_open_data("vectors/equiv.tsv");
    char line[4096];
    int rows = 0;
    if (!f) {
        printf("equiv.tsv: data absent, skipped\n");
        return;
    }
    while (check_next_line(f, line, sizeof line)) {
        char *field[4] = {line, NULL, NULL, NULL};
        sudoku_grid a, b;
        sudoku_transform t, published;
        for (int k = 1; k < 4; k++) {
            field[k] = strchr(field[k - 1], '\t');
            if (!field[k])
                break;
            *field[k]++ = '\0';
        }
        if (!field[3])
            continue;
        char *tab = strchr(field[3], '\t');
        if (tab)
            *tab = '\0';
        rows++;
        a = check_grid(field[0]);
        b = check_grid(field[1]);
        int want = atoi(field[2]);
        CHECK_MSG(sudoku_equiv(&a, &b) == want, "equiv.tsv row %d: want %d", rows, want);
        CHECK(brute_equiv(&a, &b) == want);
        if (want) {
            CHECK_MSG(sudoku_equiv_transform(&a, &b, &t) && applies(&t, &a, &b),
                      "equiv.tsv row %d: the witness does not apply", rows);
            CHECK_MSG(parse_witness(field[3], &published) && applies(&published, &a, &b),
                      "equiv.tsv row %d: the published witness reads differently", rows);
        } else {
            CHECK(sudoku_equiv_transform(&a, &b, &t) == 0);
        }
    }
    fclose(f);
    CHECK_MSG(rows == 6, "equiv.tsv: %d rows, want 6", rows);
}

/* ---- automorphisms ---- */

static void automorphisms(void)
{
    sudoku_grid g648 = check_grid(GRID648), g3 = check_grid(GRID3), empty, one;
    memset(&empty, 0, sizeof empty);
    one = empty;
    one.cell[40] = 5;
    CHECK(sudoku_automorphisms(&g648) == 648);
    CHECK(sudoku_automorphisms(&g3) == 3);
    CHECK(brute_automorphisms(&g648) == 648);
    CHECK(brute_automorphisms(&g3) == 3);
    /* The empty grid is fixed by everything; one clue by the transforms
     * that keep its cell: 3,359,232 / 81. */
    CHECK(sudoku_automorphisms(&empty) == SUDOKU_GEOMETRIC_TRANSFORMS);
    CHECK(brute_automorphisms(&empty) == SUDOKU_GEOMETRIC_TRANSFORMS);
    CHECK(sudoku_automorphisms(&one) == SUDOKU_GEOMETRIC_TRANSFORMS / 81);
    CHECK(brute_automorphisms(&one) == SUDOKU_GEOMETRIC_TRANSFORMS / 81);

    /* 17-clue samples: 1 each, and the brute force agrees. Scrambling
     * does not change the count. */
    FILE *f = check_open_data("puzzles/17_clue.txt");
    if (f) {
        char line[256];
        int n = SANITIZED ? 2 : 6;
        for (int k = 0; k < n && check_next_line(f, line, sizeof line); k++) {
            sudoku_grid p = check_grid(line), q;
            sudoku_rng rng;
            sudoku_transform t;
            uint32_t fast = sudoku_automorphisms(&p), slow = brute_automorphisms(&p);
            CHECK_MSG(fast == slow, "17-clue %d: %u automorphisms, brute force %u", k, fast, slow);
            CHECK(fast == 1);
            sudoku_rng_seed(&rng, (uint64_t)k);
            sudoku_scramble_random(&rng, &t);
            sudoku_transform_apply(&t, &p, &q);
            CHECK(sudoku_automorphisms(&q) == fast);
        }
        fclose(f);
    }
}

/* ---- properties on random scrambles and near misses ---- */

static int load_set(const char *rel, sudoku_grid *out, int cap)
{
    FILE *f = check_open_data(rel);
    char line[256];
    int n = 0;
    if (!f)
        return 0;
    while (n < cap && check_next_line(f, line, sizeof line))
        out[n++] = check_grid(line);
    fclose(f);
    return n;
}

/* One clue moved to an empty cell, or one clue's digit changed (the only
 * kind for full grids). */
static void near_miss(sudoku_rng *rng, const sudoku_grid *a, sudoku_grid *b)
{
    int from, to;
    *b = *a;
    do
        from = (int)sudoku_rng_below(rng, 81);
    while (!a->cell[from]);
    if (sudoku_grid_givens(a) < 81 && sudoku_rng_below(rng, 2)) {
        do
            to = (int)sudoku_rng_below(rng, 81);
        while (a->cell[to]);
        b->cell[to] = b->cell[from];
        b->cell[from] = 0;
    } else {
        uint8_t d;
        do
            d = (uint8_t)(1 + sudoku_rng_below(rng, 9));
        while (d == a->cell[from]);
        b->cell[from] = d;
    }
}

static void properties(int long_run)
{
    static sudoku_grid set[600];
    int n = 0, brute_checks = long_run ? 400 : SANITIZED ? 4 : 20;
    int near_equivalent = 0, brute_done = 0;
    sudoku_rng rng;
    n += load_set("puzzles/17_clue.txt", set, 200);
    n += load_set("puzzles/forum_hardest_1106.txt", set + n, 200);
    n += load_set("grids/random_100k.txt", set + n, 100);
    if (n == 0) {
        /* Without the data: the example and the two special grids. */
        set[n++] = check_grid(EXAMPLE);
        set[n++] = check_grid(GRID648);
        set[n++] = check_grid(GRID3);
    }
    {
        /* A puzzle with clashing givens is still a puzzle. */
        sudoku_grid c = check_grid(EXAMPLE);
        c.cell[1] = 1;
        set[n++] = c;
    }
    sudoku_rng_seed(&rng, 2024);
    for (int round = 0; round < (SANITIZED ? 2 : 5); round++)
        for (int i = 0; i < n; i++) {
            const sudoku_grid *a = &set[i];
            sudoku_grid b, c;
            sudoku_transform t, w, id;
            sudoku_equiv_key ka, kb;
            sudoku_scramble_random(&rng, &t);
            sudoku_transform_apply(&t, a, &b);
            sudoku_equiv_key_of(a, &ka);
            sudoku_equiv_key_of(&b, &kb);
            CHECK_MSG(sudoku_equiv_key_match(&ka, &kb), "invariants differ on a scramble (%d)", i);
            CHECK(sudoku_equiv(a, &b) == 1);
            CHECK_MSG(sudoku_equiv_transform(a, &b, &w) && sudoku_transform_valid(&w) &&
                          applies(&w, a, &b),
                      "witness does not apply (%d)", i);
            CHECK(sudoku_equiv_transform(a, a, &w) && applies(&w, a, a));
            sudoku_transform_identity(&id);
            CHECK(sudoku_transform_equal(&w, &id));

            /* Near miss: "equivalent" must come with a witness that
             * applies (it happens: a few 17-clue puzzles have a clue
             * whose move gives a copy of the puzzle); "not equivalent" is
             * confirmed by brute force on a sample. */
            near_miss(&rng, &b, &c);
            if (sudoku_equiv_transform(a, &c, &w)) {
                near_equivalent++;
                CHECK_MSG(applies(&w, a, &c), "near miss called equivalent without a witness");
            } else if (brute_done < brute_checks) {
                brute_done++;
                CHECK_MSG(!brute_equiv(a, &c), "near miss %d is equivalent after all", i);
            }
            CHECK(sudoku_equiv(a, &c) == sudoku_equiv(&c, a));
        }
    /* Two different puzzles of a collection: sampled against brute force. */
    for (int k = 0; k + 1 < n && k < (SANITIZED ? 2 : 10); k++) {
        int e = sudoku_equiv(&set[k], &set[k + 1]);
        CHECK(e == brute_equiv(&set[k], &set[k + 1]));
    }
    printf("%d near misses equivalent (each with a witness), %d confirmed by brute force\n",
           near_equivalent, brute_done);
}

int main(int argc, char **argv)
{
    int long_run = check_long(argc, argv);
    bwinf();
    vectors();
    automorphisms();
    properties(long_run);
    return check_done();
}
