/* Unit tests of the transform value (core/transform.c): apply, inverse,
 * compose, validity and the JSON text form. */
#include "check.h"
#include "rng.h"
#include "transform.h"

static const char *EXAMPLE = CHECK_EXAMPLE;

/* A random group element built the slow, obvious way. */
static void shuffle3(sudoku_rng *rng, uint8_t p[3])
{
    for (int i = 2; i > 0; i--) {
        int j = (int)sudoku_rng_below(rng, (uint32_t)i + 1);
        uint8_t x = p[i];
        p[i] = p[j];
        p[j] = x;
    }
}

static void random_lines(sudoku_rng *rng, uint8_t m[9])
{
    uint8_t bands[3] = {0, 1, 2};
    shuffle3(rng, bands);
    for (int b = 0; b < 3; b++) {
        uint8_t inner[3] = {0, 1, 2};
        shuffle3(rng, inner);
        for (int k = 0; k < 3; k++)
            m[b * 3 + k] = (uint8_t)(bands[b] * 3 + inner[k]);
    }
}

static void random_transform(sudoku_rng *rng, sudoku_transform *t)
{
    uint8_t d[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    t->transpose = (uint8_t)sudoku_rng_below(rng, 2);
    random_lines(rng, t->rows);
    random_lines(rng, t->cols);
    for (int i = 8; i > 0; i--) {
        int j = (int)sudoku_rng_below(rng, (uint32_t)i + 1);
        uint8_t x = d[i];
        d[i] = d[j];
        d[j] = x;
    }
    t->digits[0] = 0;
    memcpy(t->digits + 1, d, 9);
}

/* The definition, written out cell by cell. */
static void apply_slow(const sudoku_transform *t, const sudoku_grid *in, sudoku_grid *out)
{
    sudoku_grid src;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            src.cell[r * 9 + c] = t->transpose ? in->cell[c * 9 + r] : in->cell[r * 9 + c];
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++)
            out->cell[i * 9 + j] = t->digits[src.cell[t->rows[i] * 9 + t->cols[j]]];
}

static int same(const sudoku_grid *a, const sudoku_grid *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static void algebra(void)
{
    sudoku_rng rng;
    sudoku_grid g = check_grid(EXAMPLE), x, y, z;
    sudoku_transform id, t, u, inv, both;
    sudoku_rng_seed(&rng, 7);
    sudoku_transform_identity(&id);
    sudoku_transform_apply(&id, &g, &x);
    CHECK(same(&g, &x));
    CHECK(sudoku_transform_valid(&id));
    for (int round = 0; round < 2000; round++) {
        random_transform(&rng, &t);
        random_transform(&rng, &u);
        CHECK(sudoku_transform_valid(&t));
        sudoku_transform_apply(&t, &g, &x);
        apply_slow(&t, &g, &y);
        CHECK(same(&x, &y));
        CHECK(sudoku_grid_givens(&x) == sudoku_grid_givens(&g));
        sudoku_transform_inverse(&t, &inv);
        CHECK(sudoku_transform_valid(&inv));
        sudoku_transform_apply(&inv, &x, &y);
        CHECK_MSG(same(&y, &g), "inverse does not undo (round %d)", round);
        /* compose: first t then u */
        sudoku_transform_compose(&t, &u, &both);
        CHECK(sudoku_transform_valid(&both));
        sudoku_transform_apply(&u, &x, &y);
        sudoku_transform_apply(&both, &g, &z);
        CHECK_MSG(same(&y, &z), "compose disagrees (round %d)", round);
        /* t then its inverse is the identity element */
        sudoku_transform_compose(&t, &inv, &both);
        CHECK(sudoku_transform_equal(&both, &id));
        /* aliasing output and input is allowed */
        both = t;
        sudoku_transform_compose(&both, &u, &both);
        sudoku_transform_apply(&both, &g, &z);
        CHECK(same(&y, &z));
    }
}

static void text_form(void)
{
    sudoku_rng rng;
    sudoku_transform t, back;
    char text[SUDOKU_TRANSFORM_TEXT_MAX], msg[200];
    sudoku_transform_identity(&t);
    sudoku_transform_format(&t, text);
    CHECK(strcmp(text, "{\"transpose\":false,\"rows\":[1,2,3,4,5,6,7,8,9],"
                       "\"cols\":[1,2,3,4,5,6,7,8,9],\"digits\":[1,2,3,4,5,6,7,8,9]}") == 0);
    sudoku_rng_seed(&rng, 11);
    for (int i = 0; i < 500; i++) {
        random_transform(&rng, &t);
        size_t n = sudoku_transform_format(&t, text);
        CHECK(n == strlen(text) && n < SUDOKU_TRANSFORM_TEXT_MAX);
        CHECK(sudoku_transform_parse(text, n, &back, "f", msg, sizeof msg));
        CHECK(sudoku_transform_equal(&t, &back));
    }
    /* whitespace, other key order, missing keys mean identity */
    const char *loose = " { \"digits\" : [2,1,3,4,5,6,7,8,9] ,\n \"transpose\": true } ";
    CHECK(sudoku_transform_parse(loose, strlen(loose), &t, "f", msg, sizeof msg));
    CHECK(t.transpose == 1 && t.digits[1] == 2 && t.digits[2] == 1 && t.rows[4] == 4);
    CHECK(sudoku_transform_parse("{}", 2, &t, "f", msg, sizeof msg) && t.transpose == 0);
}

static void expect_error(const char *text, const char *fragment)
{
    sudoku_transform t;
    char msg[200];
    int ok = sudoku_transform_parse(text, strlen(text), &t, "sudoku_transform", msg, sizeof msg);
    CHECK_MSG(!ok && strstr(msg, fragment) && strncmp(msg, "sudoku_transform: ", 18) == 0,
              "'%s' gave '%s', wanted '%s'", text, ok ? "(accepted)" : msg, fragment);
}

static void text_errors(void)
{
    expect_error("", "expected '{'");
    expect_error("[1,2]", "expected '{'");
    expect_error("{\"rows\":[2,1,3,4,5,6,7,8,9]", "expected '}'");
    expect_error("{\"rows\":[1,2,3,4,5,6,7,8]}", "exactly 9 values");
    expect_error("{\"rows\":[1,2,3,4,5,6,7,8,9,1]}", "exactly 9 values");
    expect_error("{\"rows\":[1,1,3,4,5,6,7,8,9]}", "not a permutation");
    expect_error("{\"rows\":[1,2,4,3,5,6,7,8,9]}", "positions 1-3 must come from one band");
    expect_error("{\"cols\":[1,2,3,4,5,7,6,8,9]}", "positions 4-6 must come from one stack");
    expect_error("{\"digits\":[1,2,3,4,5,6,7,8,8]}", "\"digits\" is not a permutation");
    expect_error("{\"digits\":[0,2,3,4,5,6,7,8,9]}", "values must be 1-9");
    expect_error("{\"digits\":[10,2,3,4,5,6,7,8,9]}", "values must be 1-9");
    expect_error("{\"transpose\":1}", "must be true or false");
    expect_error("{\"flip\":true}", "unknown key");
    expect_error("{\"rows\":[1,2,3,4,5,6,7,8,9],\"rows\":[1,2,3,4,5,6,7,8,9]}", "duplicate key");
    expect_error("{} x", "unexpected text");
    expect_error("{\"rows\":[1,2,3,4,5,6,7,8,-9]}", "needs 9 integers");
}

static void validity(void)
{
    sudoku_transform t;
    sudoku_transform_identity(&t);
    t.rows[0] = 3;
    t.rows[3] = 0;
    CHECK(!sudoku_transform_valid(&t)); /* breaks two bands apart */
    sudoku_transform_identity(&t);
    t.digits[0] = 1;
    CHECK(!sudoku_transform_valid(&t));
    sudoku_transform_identity(&t);
    t.transpose = 2;
    CHECK(!sudoku_transform_valid(&t));
}

int main(void)
{
    algebra();
    text_form();
    text_errors();
    validity();
    return check_done();
}
