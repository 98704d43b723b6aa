/* test_reader: the lenient file reader (core/reader.c) against a slow twin
 * that follows reader.h's rules literally (strings split, characters looked
 * up with strchr, grids assembled from a list of classified lines), on
 * thousands of random and adversarial texts, through the memory reader and
 * through the buffered reader with small buffers and reads cut at random
 * places; then the real files of ../shared/data when present. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cancel_asker.h"
#include "check.h"
#include "reader.h"
#include "rng.h"

/* ---- the slow twin ---------------------------------------------------- */

typedef struct twin_row {
    uint64_t line;
    int ok;
    char puzzle[82];
    char rest[4096];
    size_t rest_len;   /* 0 when none */
} twin_row;

enum { T_BLANK, T_COMMENT, T_RULE, T_ROW, T_PUZZLE, T_BAD };

static const char *WS = " \t\r\v\f";

static int in(const char *set, char c) { return c != '\0' && strchr(set, c) != NULL; }

static char cell_char(char c) { return c >= '1' && c <= '9' ? c : '.'; }

/* Classifies one line (raw bytes, len of them) the way reader.h describes. */
static int twin_classify(const char *s, size_t len, int line_format, char *cells,
                         char *rest, size_t *rest_len)
{
    size_t i = 0, n = 0;
    *rest_len = 0;
    while (i < len && in(WS, s[i]))
        i++;
    if (i == len)
        return T_BLANK;
    if (s[i] == '#')
        return T_COMMENT;
    /* the line form */
    while (i + n < len && in("123456789.0-*_", s[i + n]))
        n++;
    if (n >= 81) {
        if (n > 81)
            return T_BAD;
        for (int k = 0; k < 81; k++)
            cells[k] = cell_char(s[i + k]);
        size_t a = i + 81, b = len;
        while (a < b && (in(WS, s[a]) || in(";,|#:", s[a])))
            a++;
        while (b > a && in(WS, s[b - 1]))
            b--;
        memcpy(rest, s + a, b - a);
        *rest_len = b - a;
        return T_PUZZLE;
    }
    /* the grid form */
    n = 0;
    for (size_t j = i; j < len; j++) {
        if (in("123456789.0*_", s[j])) {
            if (n < 81)
                cells[n] = cell_char(s[j]);
            n++;
        } else if (!in(WS, s[j]) && !in("|+-", s[j])) {
            return T_BAD;
        }
    }
    if (n == 81)
        return T_PUZZLE;
    if (!line_format && n == 0)
        return T_RULE;
    if (!line_format && n == 9)
        return T_ROW;
    return T_BAD;
}

/* All rows of text; cap > 0: lines of cap or more bytes are too long. */
static size_t twin_read(const char *text, size_t len, int line_format, size_t cap,
                        twin_row *out, size_t max)
{
    size_t nrows = 0, start = 0;
    uint64_t line_no = 0, grid_line = 0;
    int rows = 0;
    char grid[82], cells[82], rest[4096];
    size_t rest_len = 0;
    while (start < len) {
        /* a line ends at LF, CR LF or CR */
        size_t end = start;
        while (end < len && text[end] != '\n' && text[end] != '\r')
            end++;
        const char *s = text + start;
        size_t n = end - start;
        int kind;
        start = end + 1;
        if (end + 1 < len && text[end] == '\r' && text[end + 1] == '\n')
            start++;
        line_no++;
        if (cap && n >= cap) {
            kind = T_BAD;
        } else {
            if (line_no == 1 && n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) {
                s += 3;
                n -= 3;
            }
            kind = twin_classify(s, n, line_format, cells, rest, &rest_len);
        }
        if (kind == T_RULE)
            continue;
        if (kind == T_ROW) {
            if (rows == 0)
                grid_line = line_no;
            memcpy(grid + 9 * rows, cells, 9);
            if (++rows == 9) {
                twin_row *r = &out[nrows++];
                r->line = grid_line;
                r->ok = 1;
                memcpy(r->puzzle, grid, 81);
                r->puzzle[81] = '\0';
                r->rest_len = 0;
                rows = 0;
            }
            continue;
        }
        /* anything else ends a grid in progress */
        if (rows > 0) {
            twin_row *r = &out[nrows++];
            r->line = grid_line;
            r->ok = 0;
            r->rest_len = 0;
            rows = 0;
        }
        if (kind == T_PUZZLE || kind == T_BAD) {
            twin_row *r = &out[nrows++];
            r->line = line_no;
            r->ok = kind == T_PUZZLE;
            if (r->ok) {
                memcpy(r->puzzle, cells, 81);
                r->puzzle[81] = '\0';
            }
            r->rest_len = kind == T_PUZZLE ? rest_len : 0;
            memcpy(r->rest, rest, r->rest_len);
        }
        if (nrows + 2 > max)
            break;
    }
    if (rows > 0) {
        twin_row *r = &out[nrows++];
        r->line = grid_line;
        r->ok = 0;
        r->rest_len = 0;
    }
    return nrows;
}

/* ---- random and adversarial texts -------------------------------------- */

static const char *const PIECES[] = {
    "1", "9", "5", ".", "0", "-", "*", "_", " ", "\t", "\r", ";", ",", "#",
    "|", "+", ":", "x", "\xC3\xA9", "\0", "\v", "=", "7.1", "ED=", "\xEF\xBB\xBF",
};

/* One line (no LF) into buf; returns its length. */
static size_t random_line(sudoku_rng *rng, char *buf)
{
    size_t n = 0;
    uint32_t kind = sudoku_rng_below(rng, 12);
    const char *cells = "1234567890.-*_";
    const char *grid_cells = "123456789.0*_";
    if (kind < 4) {
        /* a run of about 81 cells, then maybe a separator and a rest */
        size_t run = kind == 0 ? 81 : 78 + sudoku_rng_below(rng, 6);
        if (sudoku_rng_below(rng, 4) == 0)
            while (sudoku_rng_below(rng, 2))
                buf[n++] = ' ';
        /* Half of them in the commonest spelling only ('.', '0'-'9'),
         * which the reader takes 16 bytes at a time, sometimes with one
         * byte anywhere replaced by any byte: the fast path must hand
         * every such line to the general loop unchanged. */
        uint32_t symbols = sudoku_rng_below(rng, 2) ? 11 : 14;
        size_t first = n;
        for (size_t k = 0; k < run; k++)
            buf[n++] = cells[sudoku_rng_below(rng, symbols)];
        if (symbols == 11 && sudoku_rng_below(rng, 2))
            buf[first + sudoku_rng_below(rng, (uint32_t)run)] = (char)sudoku_rng_below(rng, 256);
        for (uint32_t k = sudoku_rng_below(rng, 8); k > 0; k--) {
            const char *p = PIECES[sudoku_rng_below(rng, sizeof PIECES / sizeof *PIECES)];
            size_t m = p[0] ? strlen(p) : 1;
            memcpy(buf + n, p, m);
            n += m;
        }
    } else if (kind < 8) {
        /* a grid row: 9 cells with spaces and drawing, sometimes 8 or 10 */
        int want = 9 + (sudoku_rng_below(rng, 8) == 0 ? (int)sudoku_rng_below(rng, 3) - 1 : 0);
        for (int k = 0; k < want; k++) {
            buf[n++] = grid_cells[sudoku_rng_below(rng, 13)];
            if (sudoku_rng_below(rng, 2))
                buf[n++] = " |+-\t"[sudoku_rng_below(rng, 5)];
        }
        if (sudoku_rng_below(rng, 3) == 0)
            buf[n++] = '\r';
    } else if (kind == 8) {
        memcpy(buf, "------+-------+------", 21);
        n = 21;
    } else if (kind == 9) {
        if (sudoku_rng_below(rng, 2))
            buf[n++] = '#';
        if (sudoku_rng_below(rng, 2))
            buf[n++] = ' ';
    } else {
        /* random pieces */
        for (uint32_t k = sudoku_rng_below(rng, 30); k > 0; k--) {
            const char *p = PIECES[sudoku_rng_below(rng, sizeof PIECES / sizeof *PIECES)];
            size_t m = p[0] ? strlen(p) : 1;
            memcpy(buf + n, p, m);
            n += m;
        }
    }
    return n;
}

static size_t random_text(sudoku_rng *rng, char *buf, size_t max_lines)
{
    size_t n = 0, lines = sudoku_rng_below(rng, (uint32_t)max_lines + 1);
    if (sudoku_rng_below(rng, 4) == 0) {
        memcpy(buf, "\xEF\xBB\xBF", 3);
        n = 3;
    }
    /* Most texts keep one kind of line end, as files do; some mix them. */
    static const char *const ends[] = {"\n", "\r\n", "\r"};
    uint32_t kind = sudoku_rng_below(rng, 4);
    for (size_t i = 0; i < lines; i++) {
        n += random_line(rng, buf + n);
        if (i + 1 < lines || sudoku_rng_below(rng, 2)) {
            const char *e = ends[kind < 3 ? kind : sudoku_rng_below(rng, 3)];
            memcpy(buf + n, e, strlen(e));
            n += strlen(e);
        }
    }
    return n;
}

/* ---- the reader through a chunked read() ------------------------------- */

typedef struct chunked {
    const char *text;
    size_t len, pos;
    sudoku_rng *rng;
} chunked;

static size_t chunked_read(void *arg, char *buf, size_t n)
{
    chunked *c = arg;
    size_t left = c->len - c->pos;
    size_t k = 1 + sudoku_rng_below(c->rng, 200);
    if (k > n)
        k = n;
    if (k > left)
        k = left;
    memcpy(buf, c->text + c->pos, k);
    c->pos += k;
    return k;
}

static twin_row expected[4096];

static void compare(sudoku_reader *r, const char *text, size_t len, int line_format,
                    size_t cap, int round)
{
    size_t n = twin_read(text, len, line_format, cap, expected, 4096);
    sudoku_read_row row;
    size_t got = 0;
    int rc;
    while ((rc = sudoku_reader_next(r, &row, NULL)) == 1) {
        char line[82];
        if (got >= n) {
            got++;
            continue;
        }
        twin_row *e = &expected[got++];
        sudoku_grid_to_line(&row.grid, line);
        line[81] = '\0';
        CHECK_MSG(row.line == e->line && row.ok == e->ok,
                  "round %d row %zu: line %llu ok %d, twin line %llu ok %d (%s)", round,
                  got, (unsigned long long)row.line, row.ok,
                  (unsigned long long)e->line, e->ok, row.ok ? "" : row.error);
        if (row.ok && e->ok) {
            CHECK_MSG(strcmp(line, e->puzzle) == 0, "round %d row %zu: %s, twin %s",
                      round, got, line, e->puzzle);
            CHECK_MSG(row.rest_len == e->rest_len &&
                          (row.rest_len == 0 || memcmp(row.rest, e->rest, row.rest_len) == 0),
                      "round %d row %zu: rest differs", round, got);
            CHECK(row.rest_len > 0 || row.rest == NULL);
        } else if (!row.ok) {
            CHECK(row.error[0] != '\0' && strlen(row.error) < sizeof row.error);
        }
    }
    CHECK_MSG(rc == 0 && got == n, "round %d: %zu rows (rc %d), twin %zu", round, got,
              rc, n);
}

static void test_differential(void)
{
    static char text[1 << 17], buf[512];
    sudoku_rng rng;
    int rounds = SANITIZED ? 1500 : 6000;
    sudoku_rng_seed(&rng, 16);
    for (int round = 0; round < rounds; round++) {
        size_t len = random_text(&rng, text, 40);
        int line_format = (int)sudoku_rng_below(&rng, 2);
        sudoku_reader r;
        sudoku_reader_init_memory(&r, text, len, (sudoku_read_format)line_format);
        compare(&r, text, len, line_format, 0, round);

        /* buffered, with a buffer that some lines overflow */
        size_t cap = 60 + sudoku_rng_below(&rng, 400);
        chunked c = {text, len, 0, &rng};
        sudoku_reader_init(&r, chunked_read, &c, buf, cap, (sudoku_read_format)line_format);
        compare(&r, text, len, line_format, cap, round);
    }
}

/* The lenient single-value parse agrees with the reader. */
static void test_parse_lenient(void)
{
    static char text[1 << 16];
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 17);
    for (int round = 0; round < 3000; round++) {
        size_t len = random_text(&rng, text, 12);
        sudoku_grid g;
        size_t n = twin_read(text, len, 0, 0, expected, 4096);
        int ok = sudoku_parse_lenient(text, len, SUDOKU_READ_AUTO, &g, NULL);
        char line[82];
        sudoku_grid_to_line(&g, line);
        line[81] = '\0';
        CHECK_MSG(ok == (n == 1 && expected[0].ok), "round %d: parse %d, twin rows %zu",
                  round, ok, n);
        if (ok && n == 1)
            CHECK(strcmp(line, expected[0].puzzle) == 0);
    }
    /* the issue's lines */
    const char *cases[] = {
        CHECK_EXAMPLE "\t# ED=7.1", CHECK_EXAMPLE ";7.1", CHECK_EXAMPLE " # comment",
        "1--456---4------2---912---6-1---5-----5--729-8--6----43-----9-2----6------82---75",
        "1**456***4******2***912***6*1***5*****5**729*8**6****43*****9*2****6******82***75",
        "1__456___4______2___912___6_1___5_____5__729_8__6____43_____9_2____6______82___75",
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        sudoku_grid g;
        char line[82];
        CHECK(sudoku_parse_lenient(cases[i], strlen(cases[i]), SUDOKU_READ_AUTO, &g, NULL));
        CHECK(strcmp(check_line(&g, line), CHECK_EXAMPLE) == 0);
    }
}

/* Messages say what and where. */
static void test_messages(void)
{
    struct { const char *text; const char *error; } cases[] = {
        {"not a puzzle", "invalid character 'n' at column 1"},
        {"12 \xC3\xA9", "invalid byte 0xC3 at column 4"},
        {CHECK_EXAMPLE "7", "an 82nd cell at column 82: a puzzle line holds 81 cells, "
                            "then a separator (space, TAB, ';', ...)"},
        {"1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...7;x",
         "a puzzle line holds 81 cells, this one 80"},
        {"1 2 3 4", "4 cells: a puzzle line holds 81, a grid row 9"},
        {"123456789\n", "a grid of 1 row (lines 1-1): a grid holds 9 rows of 9 cells"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        sudoku_reader r;
        sudoku_read_row row;
        sudoku_reader_init_memory(&r, cases[i].text, strlen(cases[i].text), SUDOKU_READ_AUTO);
        CHECK(sudoku_reader_next(&r, &row, NULL) == 1 && !row.ok);
        CHECK_MSG(strcmp(row.error, cases[i].error) == 0, "'%s' != '%s'", row.error,
                  cases[i].error);
    }
    /* too long for the buffer: one error row, then the next line */
    static char text[3000], buf[1000];
    memset(text, '1', 2500);
    text[2500] = '\n';
    memcpy(text + 2501, CHECK_EXAMPLE, 81);
    chunked c;
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 3);
    c = (chunked){text, 2582, 0, &rng};
    sudoku_reader r;
    sudoku_read_row row;
    sudoku_reader_init(&r, chunked_read, &c, buf, sizeof buf, SUDOKU_READ_AUTO);
    CHECK(sudoku_reader_next(&r, &row, NULL) == 1 && !row.ok && row.line == 1 &&
          strcmp(row.error, "line longer than 999 bytes") == 0);
    CHECK(sudoku_reader_next(&r, &row, NULL) == 1 && row.ok && row.line == 2);
    CHECK(sudoku_reader_next(&r, &row, NULL) == 0);
}

/* ---- line ends ------------------------------------------------------------ */

/* Two reads (or more when the buffer is smaller), the first ending at
 * `cut`, 0 < cut < len (a read of nothing is the end). */
typedef struct split {
    const char *text;
    size_t len, pos, cut;
} split;

static size_t split_read(void *arg, char *buf, size_t n)
{
    split *c = arg;
    size_t end = c->pos < c->cut ? c->cut : c->len;
    size_t k = end - c->pos < n ? end - c->pos : n;
    memcpy(buf, c->text + c->pos, k);
    c->pos += k;
    return k;
}

/* One byte a read: every CR LF is split between two reads. */
static size_t byte_read(void *arg, char *buf, size_t n)
{
    split *c = arg;
    if (n == 0 || c->pos == c->len)
        return 0;
    buf[0] = c->text[c->pos++];
    return 1;
}

/* CR, LF and CR LF each end one line, through the memory reader, through
 * reads of random sizes, of one byte, and through two reads split at every
 * offset (so each CR LF is split between two reads at least twice, by
 * construction rather than by chance). */
static void test_line_ends(void)
{
    static const char *const ends[] = {"\n", "\r\n", "\r"};
    char text[1024], buf[256];
    for (int e = 0; e < 3; e++) {
        /* puzzle, blank, comment, puzzle with a rest, puzzle, no final end */
        size_t n = 0, m = strlen(ends[e]);
        const char *lines[] = {CHECK_EXAMPLE, "", "# comment", CHECK_EXAMPLE " 7.1",
                               CHECK_EXAMPLE};
        for (int i = 0; i < 5; i++) {
            memcpy(text + n, lines[i], strlen(lines[i]));
            n += strlen(lines[i]);
            if (i < 4) {
                memcpy(text + n, ends[e], m);
                n += m;
            }
        }
        /* mode 0: memory, 1: random reads, 2: one byte a read, 2 + k: two
         * reads, the first of k bytes (0 < k < n) */
        for (size_t mode = 0; mode < 2 + n; mode++) {
            sudoku_reader r;
            sudoku_read_row row;
            sudoku_rng rng;
            sudoku_rng_seed(&rng, 5);
            chunked c = {text, n, 0, &rng};
            split sp = {text, n, 0, mode >= 3 ? mode - 2 : 0};
            if (mode == 0)
                sudoku_reader_init_memory(&r, text, n, SUDOKU_READ_AUTO);
            else if (mode == 1)
                sudoku_reader_init(&r, chunked_read, &c, buf, sizeof buf, SUDOKU_READ_AUTO);
            else
                sudoku_reader_init(&r, mode == 2 ? byte_read : split_read, &sp, buf,
                                   sizeof buf, SUDOKU_READ_AUTO);
            CHECK_MSG(sudoku_reader_next(&r, &row, NULL) == 1 && row.ok && row.line == 1 &&
                          !row.rest, "end %d, mode %zu: first row", e, mode);
            CHECK_MSG(sudoku_reader_next(&r, &row, NULL) == 1 && row.ok && row.line == 4 &&
                          row.rest_len == 3 && memcmp(row.rest, "7.1", 3) == 0,
                      "end %d, mode %zu: second row at line %llu", e, mode,
                      (unsigned long long)row.line);
            CHECK_MSG(sudoku_reader_next(&r, &row, NULL) == 1 && row.ok && row.line == 5 &&
                          !row.rest, "end %d, mode %zu: third row", e, mode);
            CHECK_MSG(sudoku_reader_next(&r, &row, NULL) == 0 && r.line_no == 5,
                      "end %d, mode %zu: the end", e, mode);
        }
    }
    /* a CR-only grid and two puzzles joined by one CR are not one value */
    const char *grid = "1..456...\r4......2.\r..912...6\r.1...5...\r..5..729.\r"
                       "8..6....4\r3.....9.2\r....6....\r..82...75\r";
    sudoku_grid g;
    CHECK(sudoku_parse_lenient(grid, strlen(grid), SUDOKU_READ_AUTO, &g, NULL) == 1);
    CHECK(sudoku_parse_lenient(CHECK_EXAMPLE "\r" CHECK_EXAMPLE, 163, SUDOKU_READ_AUTO, &g, NULL) ==
          0);
    /* CR CR is two line ends (a blank line between), LF CR too */
    sudoku_reader r;
    sudoku_read_row row;
    const char *two = CHECK_EXAMPLE "\r\r" CHECK_EXAMPLE "\n\r" CHECK_EXAMPLE;
    sudoku_reader_init_memory(&r, two, strlen(two), SUDOKU_READ_AUTO);
    CHECK(sudoku_reader_next(&r, &row, NULL) == 1 && row.line == 1);
    CHECK(sudoku_reader_next(&r, &row, NULL) == 1 && row.line == 3);
    CHECK(sudoku_reader_next(&r, &row, NULL) == 1 && row.line == 5);
    CHECK(sudoku_reader_next(&r, &row, NULL) == 0);
}

/* ---- stopping ---------------------------------------------------------------- */

/* An endless input of one byte, in reads of up to 64 KiB: counts bytes
 * and, as a cancel hook, the asks between the bytes, saying stop once
 * `limit` bytes were given. */
typedef struct endless {
    char byte;
    uint64_t given, limit, last;
    unsigned asks, max_gap;
} endless;

static int stop_at_limit(void *arg)
{
    endless *e = arg;
    e->asks++;
    if (e->given - e->last > e->max_gap)
        e->max_gap = (unsigned)(e->given - e->last);
    e->last = e->given;
    return e->given >= e->limit;
}

static size_t endless_read(void *arg, char *buf, size_t n)
{
    endless *e = arg;
    if (n > 65536)
        n = 65536;
    memset(buf, e->byte, n);
    e->given += n;
    return n;
}

/* A read that waits for nothing: stops when told to, like a FIFO. */
static size_t cancelled_read(void *arg, char *buf, size_t n)
{
    (void)buf;
    (void)n;
    return ++*(int *)arg % 3 ? SUDOKU_READ_CANCELLED : 0;
}

static void test_cancel(void)
{
    static char text[1 << 17], buf[512];
    sudoku_rng rng;
    long all_stops = 0;
    sudoku_rng_seed(&rng, 39);
    /* A reader stopped on every few asks and called again gives the rows
     * of one that never stops. */
    for (int round = 0; round < (SANITIZED ? 300 : 1500); round++) {
        size_t len = random_text(&rng, text, 40);
        int line_format = (int)sudoku_rng_below(&rng, 2);
        size_t cap = 60 + sudoku_rng_below(&rng, 400);
        long every = 2 + sudoku_rng_below(&rng, 3); /* 1 would never read */
        asker st = {0, every};
        sudoku_cancel cancel = {ask, &st};
        size_t n = twin_read(text, len, line_format, cap, expected, 4096), got = 0;
        int rc, stops = 0, bad = 0;
        chunked c = {text, len, 0, &rng};
        sudoku_reader r;
        sudoku_read_row row;
        sudoku_reader_init(&r, chunked_read, &c, buf, cap, (sudoku_read_format)line_format);
        while ((rc = sudoku_reader_next(&r, &row, &cancel)) != 0) {
            if (rc == SUDOKU_CANCELLED) {
                stops++;
                st.stop_at = st.questions + every;
                continue;
            }
            if (rc != 1 || got >= n || row.line != expected[got].line ||
                row.ok != expected[got].ok)
                bad++;
            got++;
        }
        CHECK_MSG(!bad && got == n && stops == (int)(st.questions / every),
                  "round %d: %zu rows of %zu, %d wrong, %d stops", round, got, n, bad, stops);
        all_stops += stops;
    }
    CHECK_MSG(all_stops > 1000, "%ld stops in all", all_stops);

    /* Asked often enough on input that makes no row: blank lines (LF,
     * CR), one endless line of NUL bytes or of '-' (its tail dropped). */
    static const char fill[] = {'\n', '\0', '-', '\r'};
    for (int k = 0; k < 4; k++) {
        static char big[1 << 16];
        endless e = {fill[k], 0, 16u << 20, 0, 0, 0};
        sudoku_cancel cancel = {stop_at_limit, &e};
        sudoku_reader r;
        sudoku_read_row row;
        int rows = 0, rc;
        sudoku_reader_init(&r, endless_read, &e, big, sizeof big, SUDOKU_READ_AUTO);
        while ((rc = sudoku_reader_next(&r, &row, &cancel)) == 1)
            rows++;
        /* stopped, with an ask at least every 256 KiB of input (one read
         * brings 64 KiB) */
        CHECK_MSG(rc == SUDOKU_CANCELLED && e.max_gap <= (256u << 10) + 65536 && rows <= 1,
                  "fill 0x%02X: rc %d, %u asks for %llu bytes, at most %u bytes apart, "
                  "%d rows", fill[k], rc, e.asks, (unsigned long long)e.given, e.max_gap, rows);
    }
    /* The memory reader (sudoku_parse) asks too: 8 MiB of blank lines. */
    {
        static char blank[8 << 20];
        asker st = {0, 0};
        sudoku_cancel cancel = {ask, &st};
        sudoku_grid g;
        memset(blank, '\n', sizeof blank);
        CHECK(sudoku_parse_lenient(blank, sizeof blank, SUDOKU_READ_AUTO, &g, &cancel) == 0);
        CHECK_MSG(st.questions >= (long)(sizeof blank / 4096), "%ld asks", st.questions);
        st.stop_at = st.questions + 1;
        CHECK(sudoku_parse_lenient(blank, sizeof blank, SUDOKU_READ_AUTO, &g, &cancel) ==
              SUDOKU_CANCELLED);
        CHECK(sudoku_parse_lenient(blank, sizeof blank, SUDOKU_READ_AUTO, &g, NULL) == 0);
    }
    /* A read() that stops waiting makes the call return SUDOKU_CANCELLED,
     * and the next call reads on. */
    {
        int calls = 0;
        sudoku_reader r;
        sudoku_read_row row;
        sudoku_reader_init(&r, cancelled_read, &calls, buf, sizeof buf, SUDOKU_READ_AUTO);
        CHECK(sudoku_reader_next(&r, &row, NULL) == SUDOKU_CANCELLED);
        CHECK(sudoku_reader_next(&r, &row, NULL) == SUDOKU_CANCELLED);
        CHECK(sudoku_reader_next(&r, &row, NULL) == 0 && calls == 3);
    }
}

/* ---- the real files ------------------------------------------------------ */

static size_t file_read(void *arg, char *buf, size_t n)
{
    return fread(buf, 1, n, (FILE *)arg);
}

/* Every board of a line file comes out, equal to the strict parse, in
 * order; returns 0 when the file is absent. */
static int check_line_file(const char *relpath, size_t expected_rows)
{
    FILE *f = check_open_data(relpath), *g = check_open_data(relpath);
    static char buf[1 << 16];
    char line[1024];
    sudoku_reader r;
    sudoku_read_row row;
    size_t n = 0, same = 0;
    if (!f || !g) {
        if (f)
            fclose(f);
        if (g)
            fclose(g);
        return 0;
    }
    sudoku_reader_init(&r, file_read, f, buf, sizeof buf, SUDOKU_READ_AUTO);
    while (sudoku_reader_next(&r, &row, NULL) == 1) {
        n++;
        if (row.ok && check_next_line(g, line, sizeof line)) {
            sudoku_grid strict = check_grid(line);
            same += memcmp(&strict, &row.grid, sizeof strict) == 0;
        }
    }
    CHECK_MSG(n == expected_rows && same == n, "%s: %zu rows, %zu as parsed strictly",
              relpath, n, same);
    fclose(f);
    fclose(g);
    return 1;
}

static int test_data(void)
{
    int found = 0;
    found += check_line_file("puzzles/17_clue.txt", 49158);
    found += check_line_file("puzzles/magictour_top1465.txt", 1465);
    found += check_line_file("puzzles/forum_hardest_1905_11plus.txt", 48766);
    /* bwinf: two grids per file, with BOM, CRLF and trailing spaces; each
     * block also parses strictly */
    for (int i = 0; i < 3; i++) {
        char rel[64], text[2048];
        snprintf(rel, sizeof rel, "bwinf/sudoku%d.txt", i);
        FILE *f = check_open_data(rel);
        if (!f)
            continue;
        size_t len = fread(text, 1, sizeof text, f);
        fclose(f);
        found++;
        sudoku_reader r;
        sudoku_read_row rows[3];
        int n = 0;
        sudoku_reader_init_memory(&r, text, len, SUDOKU_READ_AUTO);
        while (n < 3 && sudoku_reader_next(&r, &rows[n], NULL) == 1)
            n++;
        CHECK_MSG(n == 2 && rows[0].ok && rows[1].ok && rows[0].line == 1,
                  "%s: %d rows", rel, n);
        /* the first block is the text up to the blank line */
        const char *blank = strstr(text, "\n\r\n") ? strstr(text, "\n\r\n") : strstr(text, "\n\n");
        sudoku_grid strict;
        CHECK(blank && sudoku_grid_parse(text, (size_t)(blank - text), &strict, NULL) ==
                           SUDOKU_PARSE_OK &&
              memcmp(&strict, &rows[0].grid, sizeof strict) == 0);
    }
    return found;
}

int main(void)
{
    test_messages();
    test_line_ends();
    test_cancel();
    test_parse_lenient();
    test_differential();
    if (!test_data())
        fprintf(stderr, "../shared/data absent: the real files were skipped\n");
    return check_done();
}
