#include "transform.h"

#include <stdio.h>
#include <string.h>

#include "json.h"

void sudoku_transform_identity(sudoku_transform *t)
{
    t->transpose = 0;
    for (int i = 0; i < 9; i++) {
        t->rows[i] = (uint8_t)i;
        t->cols[i] = (uint8_t)i;
    }
    for (int d = 0; d < 10; d++)
        t->digits[d] = (uint8_t)d;
}

/* The input cell that output cell (i, j) is read from. */
static int source_cell(const sudoku_transform *t, int i, int j)
{
    int r = t->rows[i], c = t->cols[j];
    return t->transpose ? c * 9 + r : r * 9 + c;
}

void sudoku_transform_apply(const sudoku_transform *t, const sudoku_grid *in,
                            sudoku_grid *out)
{
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++)
            out->cell[i * 9 + j] = t->digits[in->cell[source_cell(t, i, j)]];
}

void sudoku_transform_inverse(const sudoku_transform *t, sudoku_transform *inv)
{
    uint8_t rinv[9], cinv[9];
    sudoku_transform r;
    for (int i = 0; i < 9; i++) {
        rinv[t->rows[i]] = (uint8_t)i;
        cinv[t->cols[i]] = (uint8_t)i;
    }
    /* Without transpose the row and column maps simply invert; with it,
     * they also trade places (out[i][j] = in[cols[j]][rows[i]]). */
    r.transpose = t->transpose;
    memcpy(r.rows, t->transpose ? cinv : rinv, 9);
    memcpy(r.cols, t->transpose ? rinv : cinv, 9);
    for (int d = 0; d < 10; d++)
        r.digits[t->digits[d]] = (uint8_t)d;
    *inv = r;
}

void sudoku_transform_compose(const sudoku_transform *a,
                              const sudoku_transform *b, sudoku_transform *out)
{
    /* Compose the cell maps, then read the result back as transpose + row
     * and column permutations (the group is closed, so this is exact). */
    int map[SUDOKU_CELLS];
    sudoku_transform r;
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) {
            int mid = source_cell(b, i, j);
            map[i * 9 + j] = source_cell(a, mid / 9, mid % 9);
        }
    r.transpose = (uint8_t)(map[0] / 9 != map[1] / 9);
    for (int i = 0; i < 9; i++) {
        int down = map[i * 9], across = map[i];
        r.rows[i] = (uint8_t)(r.transpose ? down % 9 : down / 9);
        r.cols[i] = (uint8_t)(r.transpose ? across / 9 : across % 9);
    }
    for (int d = 0; d < 10; d++)
        r.digits[d] = b->digits[a->digits[d]];
    *out = r;
}

/* A line map is in the group when it is a permutation and every aligned
 * triple of output lines comes from a single band (or stack). */
static int lines_valid(const uint8_t m[9])
{
    unsigned seen = 0;
    for (int i = 0; i < 9; i++) {
        if (m[i] > 8 || (seen & (1u << m[i])))
            return 0;
        seen |= 1u << m[i];
        if (m[i] / 3 != m[i - i % 3] / 3)
            return 0;
    }
    return 1;
}

int sudoku_transform_valid(const sudoku_transform *t)
{
    unsigned seen = 0;
    if (t->transpose > 1 || t->digits[0] != 0)
        return 0;
    for (int d = 1; d <= 9; d++) {
        if (t->digits[d] < 1 || t->digits[d] > 9 || (seen & (1u << t->digits[d])))
            return 0;
        seen |= 1u << t->digits[d];
    }
    return lines_valid(t->rows) && lines_valid(t->cols);
}

int sudoku_transform_equal(const sudoku_transform *a, const sudoku_transform *b)
{
    /* Compare as maps: the same element has a single representation, since
     * the transpose flag is determined by the cell map. */
    return a->transpose == b->transpose && memcmp(a->rows, b->rows, 9) == 0 &&
           memcmp(a->cols, b->cols, 9) == 0 &&
           memcmp(a->digits, b->digits, 10) == 0;
}

static size_t put_list(char *out, size_t n, const char *key, const uint8_t *v,
                       int add)
{
    n += (size_t)sprintf(out + n, ",\"%s\":[", key);
    for (int i = 0; i < 9; i++) {
        out[n++] = (char)('0' + v[i] + add);
        out[n++] = i == 8 ? ']' : ',';
    }
    return n;
}

size_t sudoku_transform_format(const sudoku_transform *t,
                               char out[SUDOKU_TRANSFORM_TEXT_MAX])
{
    size_t n = (size_t)sprintf(out, "{\"transpose\":%s",
                               t->transpose ? "true" : "false");
    n = put_list(out, n, "rows", t->rows, 1);
    n = put_list(out, n, "cols", t->cols, 1);
    n = put_list(out, n, "digits", t->digits + 1, 0);
    out[n++] = '}';
    out[n] = '\0';
    return n;
}

/* The parser's state: the scanner and where messages go. */
typedef struct reader {
    json_scan j;
    const char *prefix;
    char *msg;
    size_t cap;
} reader;

static int fail(reader *r, const char *what)
{
    if (r->cap)
        snprintf(r->msg, r->cap, "%s: invalid transform: %s", r->prefix, what);
    return 0;
}

static int fail_at(reader *r, const char *what)
{
    if (r->cap)
        snprintf(r->msg, r->cap, "%s: invalid transform: %s at offset %zu", r->prefix, what,
                 r->j.pos);
    return 0;
}

static int expect(reader *r, char c)
{
    if (!json_eat(&r->j, c)) {
        char what[32];
        snprintf(what, sizeof what, "expected '%c'", c);
        return fail_at(r, what);
    }
    return 1;
}

/* Reads "[a,b,...]" of exactly nine integers 1..9 into v (1-based kept).
 * A number is read whole as JSON writes it (a fraction or an exponent, a
 * leading zero, any length) and shown as written when it is refused. */
static int read_nine(reader *r, const char *key, uint8_t v[9])
{
    json_scan *j = &r->j;
    char what[112];
    if (!expect(r, '['))
        return 0;
    for (int i = 0; i < 9; i++) {
        if (i && json_eat(j, ']')) {
            snprintf(what, sizeof what, "\"%s\" must hold exactly 9 values", key);
            return fail(r, what);
        }
        if (i && !expect(r, ','))
            return 0;
        json_skip_ws(j);
        if (json_byte(j) < '0' || json_byte(j) > '9') {
            snprintf(what, sizeof what, "\"%s\" needs 9 integers 1-9", key);
            return json_byte(j) == ']' ? fail(r, what) : fail_at(r, what);
        }
        size_t start = j->pos, digits = json_digits(j);
        /* the rest of a JSON number: fraction, exponent */
        size_t end = json_number_end(j);
        if (end > j->pos || digits != 1 || j->s[start] == '0') {
            /* the number as written, up to 24 characters */
            int shown = end - start > 24 ? 24 : (int)(end - start);
            const char *more = end - start > 24 ? "..." : "";
            const char *rule = end > j->pos ? "must be integers 1-9"
                               : digits > 1 && j->s[start] == '0'
                                   ? "must be 1-9 without leading zeros"
                                   : "must be 1-9";
            snprintf(what, sizeof what, "\"%s\" values %s, found %.*s%s", key, rule, shown,
                     (const char *)j->s + start, more);
            j->pos = start;
            return fail_at(r, what);
        }
        v[i] = (uint8_t)(j->s[start] - '0');
    }
    if (!json_eat(j, ']')) {
        snprintf(what, sizeof what, "\"%s\" must hold exactly 9 values", key);
        return fail(r, what);
    }
    return 1;
}

static int check_lines(reader *r, const char *key, const uint8_t v[9],
                       const char *group)
{
    char what[96];
    unsigned seen = 0;
    for (int i = 0; i < 9; i++) {
        if (seen & (1u << v[i])) {
            snprintf(what, sizeof what, "\"%s\" is not a permutation of 1-9",
                     key);
            return fail(r, what);
        }
        seen |= 1u << v[i];
    }
    for (int i = 0; i < 9; i++)
        if ((v[i] - 1) / 3 != (v[i - i % 3] - 1) / 3) {
            snprintf(what, sizeof what,
                     "\"%s\" positions %d-%d must come from one %s", key,
                     i - i % 3 + 1, i - i % 3 + 3, group);
            return fail(r, what);
        }
    return 1;
}

int sudoku_transform_parse(const void *text, size_t len, sudoku_transform *t,
                           const char *prefix, char *msg, size_t cap)
{
    reader r = {{NULL, 0, 0}, prefix, msg, cap};
    json_scan *j = &r.j;
    uint8_t rows[9], cols[9], digits[9];
    unsigned have = 0; /* bit per key seen */
    static const char *const keys[4] = {"transpose", "rows", "cols", "digits"};
    int state = 0, step;

    json_init(j, text, len);
    if (cap)
        msg[0] = '\0';
    sudoku_transform_identity(t);
    while ((step = json_next_member(j, &state)) == JSON_MEMBER) {
        char key[16];
        size_t key_at = j->pos;
        int k = 0;
        if (json_byte(j) != '"')
            return expect(&r, '"');
        /* anything but the four names (also a string that does not read)
         * is an unknown key, reported where its text starts */
        const char *bad = json_string(j, key, sizeof key);
        while (!bad && k < 4 && strcmp(key, keys[k]) != 0)
            k++;
        if (bad || k == 4) {
            j->pos = key_at + 1;
            return fail_at(&r, "unknown key (expected \"transpose\", "
                               "\"rows\", \"cols\" or \"digits\")");
        }
        if (have & (1u << k)) {
            char what[48];
            snprintf(what, sizeof what, "duplicate key \"%s\"", keys[k]);
            return fail(&r, what);
        }
        have |= 1u << k;
        if (!expect(&r, ':'))
            return 0;
        json_skip_ws(j);
        if (k == 0) {
            if (json_word(j, "true"))
                t->transpose = 1;
            else if (json_word(j, "false"))
                t->transpose = 0;
            else
                return fail_at(&r, "\"transpose\" must be true or false");
        } else if (!read_nine(&r, keys[k], k == 1 ? rows : k == 2 ? cols : digits)) {
            return 0;
        }
    }
    if (step != JSON_DONE)
        return fail_at(&r, step == JSON_NO_OBJECT ? "expected '{'"
                           : step == JSON_NO_NEXT ? "expected '}'"
                                                  : "unexpected text after the object");

    if (have & 2) {
        if (!check_lines(&r, "rows", rows, "band"))
            return 0;
        for (int i = 0; i < 9; i++)
            t->rows[i] = (uint8_t)(rows[i] - 1);
    }
    if (have & 4) {
        if (!check_lines(&r, "cols", cols, "stack"))
            return 0;
        for (int i = 0; i < 9; i++)
            t->cols[i] = (uint8_t)(cols[i] - 1);
    }
    if (have & 8) {
        unsigned seen = 0;
        for (int i = 0; i < 9; i++) {
            if (seen & (1u << digits[i]))
                return fail(&r, "\"digits\" is not a permutation of 1-9");
            seen |= 1u << digits[i];
            t->digits[i + 1] = digits[i];
        }
    }
    return 1;
}
