/*
 * generate_options.c - the options of sudoku_generate in their JSON text
 * form (generate.h: sudoku_generate_options_parse), read with the scanner
 * of json.h, and the rules every options struct must meet
 * (sudoku_generate_options_check), which sudoku_generate checks too.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "generate.h"
#include "json.h"

#define GRID_PROBLEM "grid must be a complete valid solution grid"

const char *sudoku_generate_options_check(const sudoku_generate_options *opt)
{
    int unconstrained = opt->symmetry == SUDOKU_SYM_NONE && !opt->have_pattern && !opt->have_grid;
    if (opt->have_grid && !sudoku_grid_is_solution(&opt->grid))
        return GRID_PROBLEM;
    if (opt->climb == 1 && !(unconstrained && opt->depth == 2))
        return "search climb needs depth 2 and takes no symmetry, pattern or grid";
    return NULL;
}

/* The parser's state: the scanner and where messages go. */
typedef struct opt_reader {
    json_scan j;
    const char *prefix;
    char *msg;
    size_t cap;
} opt_reader;

/* printf-style "<prefix>: options: <message>"; returns 0. */
static int fail(opt_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(opt_reader *r, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (!r->cap)
        return 0;
    n = snprintf(r->msg, r->cap, "%s: options: ", r->prefix);
    if (n < 0 || (size_t)n >= r->cap)
        return 0;
    va_start(ap, fmt);
    vsnprintf(r->msg + n, r->cap - (size_t)n, fmt, ap);
    va_end(ap);
    return 0;
}

/* "<what> at offset <pos>". */
static int fail_at(opt_reader *r, const char *what)
{
    return fail(r, "%s at offset %zu", what, r->j.pos);
}

static int read_string(opt_reader *r, char *buf, size_t cap)
{
    const char *bad = json_string(&r->j, buf, cap);
    return bad ? fail_at(r, bad) : 1;
}

/* JSON writes no leading zeros ("026" is not a number there): a text
 * SQLite's json_valid() rejects is rejected here too, rather than read
 * as another number than the writer may have meant. */
static int leading_zero_ok(opt_reader *r, size_t start, int digits, const char *what)
{
    if (digits > 1 && r->j.s[start] == '0') {
        r->j.pos = start;
        return fail_at(r, what);
    }
    return 1;
}

static int read_int(opt_reader *r, long long *out)
{
    json_scan *j = &r->j;
    uint64_t v;
    int neg = json_byte(j) == '-', digits, c;
    j->pos += (size_t)neg;
    size_t start = j->pos;
    if (!json_uint(j, 100000000000ull, &v, &digits))
        return fail_at(r, "number out of range");
    if (!digits)
        return fail_at(r, "expected an integer");
    if (!leading_zero_ok(r, start, digits, "a number must not start with 0"))
        return 0;
    c = json_byte(j);
    if (c == '.' || c == 'e' || c == 'E')
        return fail_at(r, "expected an integer, not a fraction");
    *out = neg ? -(long long)v : (long long)v;
    return 1;
}

/* An integer within lo..hi; else "<rule>, got <value>". */
static int read_int_within(opt_reader *r, long long lo, long long hi, const char *rule,
                           long long *v)
{
    if (!read_int(r, v))
        return 0;
    if (*v < lo || *v > hi)
        return fail(r, "%s, got %lld", rule, *v);
    return 1;
}

/* A non-negative decimal number (no exponent) as a rating in tenths,
 * rounded down (*floor) and up (*ceil): 2.05 gives 20 and 21, 2.1 gives
 * 21 and 21. Ratings are in tenths, so a bound between two of them is
 * rounded inwards by the caller. */
static int read_tenths(opt_reader *r, long long *floor, long long *ceil)
{
    json_scan *j = &r->j;
    uint64_t v;
    int digits, rest = 0;
    if (json_byte(j) == '-')
        return fail_at(r, "se: a rating must not be negative");
    size_t start = j->pos;
    if (!json_uint(j, 100000000ull, &v, &digits))
        return fail_at(r, "se: number out of range");
    if (!digits)
        return fail_at(r, "se: expected a number");
    if (!leading_zero_ok(r, start, digits, "se: a number must not start with 0"))
        return 0;
    v *= 10;
    if (json_byte(j) == '.') {
        size_t frac = ++j->pos;
        if (!json_digits(j))
            return fail_at(r, "se: expected digits after '.'");
        v += (uint64_t)(j->s[frac] - '0');
        while (++frac < j->pos)
            rest |= j->s[frac] != '0';
    }
    if (json_byte(j) == 'e' || json_byte(j) == 'E')
        return fail_at(r, "se: write the rating without an exponent");
    *floor = (long long)v;
    *ceil = (long long)v + rest;
    return 1;
}

/* A number or a [min, max] pair of them, read by `one`; a single number
 * is both bounds. `what` names the option in the message. */
static int read_range(opt_reader *r, const char *what,
                      int (*one)(opt_reader *, long long *, long long *), long long lo[2],
                      long long hi[2])
{
    json_scan *j = &r->j;
    char expected[40];
    if (json_byte(j) != '[') {
        if (!one(r, &lo[0], &lo[1]))
            return 0;
        hi[0] = lo[0];
        hi[1] = lo[1];
        return 1;
    }
    snprintf(expected, sizeof expected, "%s: expected [min, max]", what);
    j->pos++;
    json_skip_ws(j);
    if (!one(r, &lo[0], &lo[1]))
        return 0;
    if (!json_eat(j, ','))
        return fail_at(r, expected);
    json_skip_ws(j);
    if (!one(r, &hi[0], &hi[1]))
        return 0;
    if (!json_eat(j, ']'))
        return fail_at(r, expected);
    return 1;
}

/* read_int in read_range's shape (an integer is its own floor and ceil). */
static int read_int_pair(opt_reader *r, long long *v, long long *same)
{
    if (!read_int(r, v))
        return 0;
    *same = *v;
    return 1;
}

/* An 81-cell clue mask: '.'/'0' empty; '1'-'9', 'x', 'X', '*' a clue. */
static int read_pattern(opt_reader *r, const char *text, uint8_t mask[SUDOKU_CELLS])
{
    int cells = 0;
    for (size_t i = 0; text[i]; i++) {
        char ch = text[i];
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n')
            continue;
        if (!(ch == '.' || (ch >= '0' && ch <= '9') || ch == 'x' || ch == 'X' || ch == '*')) {
            char where[40];
            return fail(r, "pattern has invalid character '%c' at offset %zu%s", ch, i,
                        sudoku_cell_position(cells, where));
        }
        if (cells < SUDOKU_CELLS)
            mask[cells] = ch != '.' && ch != '0';
        cells++;
    }
    if (cells != SUDOKU_CELLS)
        return fail(r, "pattern must have 81 cells, found %d", cells);
    return 1;
}

/* The options, by their place in option_names. */
enum {
    OPT_SYMMETRY,
    OPT_CLUES,
    OPT_PATTERN,
    OPT_GRID,
    OPT_DEPTH,
    OPT_SE,
    OPT_MINIMAL,
    OPT_SEARCH,
    OPT_TRIES,
    OPT_COUNT
};
static const char *const option_names[OPT_COUNT] = {
    "symmetry", "clues", "pattern", "grid", "depth", "se", "minimal", "search", "tries",
};

/* Reads the value of `option` at pos into opt. */
static int read_value(opt_reader *r, int option, const char *key, sudoku_generate_options *opt)
{
    json_scan *j = &r->j;
    char str[512];
    long long lo[2], hi[2], v;
    switch (option) {
    case OPT_SYMMETRY: {
        if (!read_string(r, str, sizeof str))
            return 0;
        int sym = sudoku_symmetry_from_name(str);
        if (sym < 0)
            return fail(r,
                        "unknown symmetry '%.40s' (expected none, rotate180, rotate90, "
                        "diagonal, antidiagonal, horizontal or vertical)",
                        str);
        opt->symmetry = (sudoku_symmetry)sym;
        return 1;
    }
    case OPT_CLUES:
        if (!read_range(r, "clues", read_int_pair, lo, hi))
            return 0;
        if (lo[0] < 17 || hi[0] > SUDOKU_CELLS || lo[0] > hi[0])
            return fail(r, "clues must be within 17..81 with min <= max, got [%lld, %lld]", lo[0],
                        hi[0]);
        opt->clues_min = (int)lo[0];
        opt->clues_max = (int)hi[0];
        return 1;
    case OPT_PATTERN:
        if (!read_string(r, str, sizeof str) || !read_pattern(r, str, opt->pattern))
            return 0;
        opt->have_pattern = 1;
        return 1;
    case OPT_GRID: {
        sudoku_parse_error err;
        if (!read_string(r, str, sizeof str))
            return 0;
        if (sudoku_grid_parse(str, strlen(str), &opt->grid, &err) != SUDOKU_PARSE_OK) {
            char prefix[200];
            snprintf(prefix, sizeof prefix, "%s: options: grid", r->prefix);
            if (r->cap)
                sudoku_parse_error_message(&err, prefix, r->msg, r->cap);
            return 0;
        }
        /* said here, not only by the check at the end: errors come in the
         * order of the text */
        if (!sudoku_grid_is_solution(&opt->grid))
            return fail(r, GRID_PROBLEM);
        opt->have_grid = 1;
        return 1;
    }
    case OPT_DEPTH:
        if (!read_int_within(r, 0, 3, "depth must be 0, 1, 2 or 3", &v))
            return 0;
        opt->depth = (int)v;
        return 1;
    case OPT_SE:
        /* lo and hi: each bound rounded down [0] and up [1] to tenths */
        if (!read_range(r, "se", read_tenths, lo, hi))
            return 0;
        if (lo[0] < 10 || hi[1] > 200 || lo[1] > hi[1])
            return fail(r, "se must be a rating or [min, max] within 1.0..20.0 with "
                           "min <= max");
        /* inwards to the tenths ratings are made of */
        if (lo[1] > hi[0])
            return fail(r, "se range holds no rating (ratings are in tenths, like 2.3)");
        opt->se_min = (int)lo[1];
        opt->se_max = (int)hi[0];
        return 1;
    case OPT_MINIMAL:
        if (json_word(j, "true"))
            opt->minimal = 1;
        else if (json_word(j, "false"))
            opt->minimal = 0;
        else
            return fail_at(r, "minimal must be true or false");
        return 1;
    case OPT_SEARCH:
        if (!read_string(r, str, sizeof str))
            return 0;
        if (strcmp(str, "random") == 0)
            opt->climb = 0;
        else if (strcmp(str, "climb") == 0)
            opt->climb = 1;
        else
            return fail(r, "unknown search '%.40s' (expected random or climb)", str);
        return 1;
    case OPT_TRIES:
        if (!read_int_within(r, 1, 1000000, "tries must be within 1..1000000", &v))
            return 0;
        opt->tries = (uint32_t)v;
        return 1;
    default:
        return fail(r,
                    "unknown option '%.40s' (expected symmetry, clues, pattern, grid, "
                    "depth, se, minimal, search or tries)",
                    key);
    }
}

int sudoku_generate_options_parse(const void *text, size_t len, sudoku_generate_options *opt,
                                  const char *prefix, char *msg, size_t cap)
{
    opt_reader r = {{NULL, 0, 0}, prefix, msg, cap};
    json_scan *j = &r.j;
    unsigned seen = 0; /* bit i: option i was given */
    int state = 0, step;
    const char *problem;

    json_init(j, text, len);
    if (cap)
        msg[0] = '\0';
    sudoku_generate_defaults(opt);
    while ((step = json_next_member(j, &state)) == JSON_MEMBER) {
        char key[64];
        size_t key_at = j->pos;
        int option = 0;
        if (!read_string(&r, key, sizeof key))
            return 0;
        while (option < OPT_COUNT && strcmp(key, option_names[option]) != 0)
            option++;
        /* a key given twice is an error, not "the last one wins": SQLite's
         * json_extract() and json_set() take the first, so a caller who
         * edits the options with them would be ignored */
        if (option < OPT_COUNT && (seen >> option & 1))
            return fail(&r, "duplicate option '%s' at offset %zu", key, key_at);
        seen |= 1u << option;
        if (!json_eat(j, ':'))
            return fail_at(&r, "expected ':'");
        json_skip_ws(j);
        if (!read_value(&r, option, key, opt))
            return 0;
    }
    if (step != JSON_DONE)
        return fail_at(&r, step == JSON_NO_OBJECT ? "expected a JSON object"
                           : step == JSON_NO_NEXT ? "expected ',' or '}'"
                                                  : "text after the object");
    if (opt->have_pattern && (seen >> OPT_CLUES & 1 || opt->symmetry != SUDOKU_SYM_NONE))
        return fail(&r, "pattern fixes the clues; it cannot be combined with clues or "
                        "symmetry");
    if ((problem = sudoku_generate_options_check(opt)))
        return fail(&r, "%s", problem);
    return 1;
}
