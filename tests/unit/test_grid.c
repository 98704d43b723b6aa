/* Unit tests of the one parser and the formatter (core/grid.c). */
#include "check.h"
#include "grid.h"

static const char *EXAMPLE = CHECK_EXAMPLE;

static sudoku_parse_status parse(const char *s, sudoku_grid *g,
                                 sudoku_parse_error *err)
{
    return sudoku_grid_parse(s, strlen(s), g, err);
}

static void accepted_forms(void)
{
    sudoku_grid a, b;
    char out[SUDOKU_FORMAT_MAX], zeros[82], line[82];
    CHECK(parse(EXAMPLE, &a, NULL) == SUDOKU_PARSE_OK);
    CHECK(a.cell[0] == 1 && a.cell[1] == 0 && a.cell[80] == 5);

    /* '0'-padded */
    for (int i = 0; i < 81; i++)
        zeros[i] = EXAMPLE[i] == '.' ? '0' : EXAMPLE[i];
    zeros[81] = '\0';
    CHECK(parse(zeros, &b, NULL) == SUDOKU_PARSE_OK && memcmp(&a, &b, sizeof a) == 0);

    /* the pretty-printed form parses back to the same grid */
    sudoku_grid_format(&a, SUDOKU_FORMAT_GRID, out);
    CHECK(parse(out, &b, NULL) == SUDOKU_PARSE_OK && memcmp(&a, &b, sizeof a) == 0);

    /* BOM, CRLF, digits separated by spaces, trailing spaces */
    char spaced[400];
    size_t n = 0;
    memcpy(spaced, "\xEF\xBB\xBF", 3);
    n = 3;
    for (int i = 0; i < 81; i++) {
        spaced[n++] = zeros[i];
        spaced[n++] = ' ';
        if (i % 9 == 8) {
            spaced[n++] = '\r';
            spaced[n++] = '\n';
        }
    }
    spaced[n] = '\0';
    CHECK(parse(spaced, &b, NULL) == SUDOKU_PARSE_OK && memcmp(&a, &b, sizeof a) == 0);

    /* line and zeros output */
    CHECK(sudoku_grid_format(&a, SUDOKU_FORMAT_LINE, out) == 81 && strcmp(out, EXAMPLE) == 0);
    CHECK(sudoku_grid_format(&a, SUDOKU_FORMAT_ZEROS, out) == 81 && strcmp(out, zeros) == 0);
    CHECK(strcmp(check_line(&a, line), EXAMPLE) == 0);
}

/* sudoku_grid_to_line works eight cells at a time: every value in every
 * position, against the obvious per-cell form. */
static void line_every_value(void)
{
    sudoku_grid g;
    char line[SUDOKU_CELLS];
    for (int shift = 0; shift < 10; shift++) {
        for (int i = 0; i < SUDOKU_CELLS; i++)
            g.cell[i] = (uint8_t)((i * 7 + shift) % 10);
        sudoku_grid_to_line(&g, line);
        int ok = 1;
        for (int i = 0; i < SUDOKU_CELLS; i++)
            ok &= line[i] == (g.cell[i] ? '0' + g.cell[i] : '.');
        CHECK_MSG(ok, "to_line, shift %d", shift);
    }
}

static void grid_style(void)
{
    sudoku_grid a;
    char out[SUDOKU_FORMAT_MAX];
    parse(EXAMPLE, &a, NULL);
    size_t n = sudoku_grid_format(&a, SUDOKU_FORMAT_GRID, out);
    CHECK(n == strlen(out));
    CHECK(strncmp(out, "1 . . | 4 5 6 | . . .\n4 . . | . . . | . 2 .\n", 44) == 0);
    CHECK(strstr(out, "\n------+-------+------\n") != NULL);
    CHECK(out[n - 1] == '5'); /* no trailing newline */
    int lines = 1;
    for (size_t i = 0; i < n; i++)
        lines += out[i] == '\n';
    CHECK(lines == 11);
}

static void errors(void)
{
    sudoku_grid g;
    sudoku_parse_error err;
    char msg[128], buf[200];

    /* too few and too many cells */
    CHECK(sudoku_grid_parse(EXAMPLE, 80, &g, &err) == SUDOKU_PARSE_CELL_COUNT && err.cells == 80);
    sudoku_parse_error_message(&err, "sudoku_format", msg, sizeof msg);
    CHECK(strcmp(msg, "sudoku_format: expected 81 cells, found 80") == 0);
    snprintf(buf, sizeof buf, "%s1", EXAMPLE);
    CHECK(parse(buf, &g, &err) == SUDOKU_PARSE_CELL_COUNT && err.cells == 82);
    CHECK(parse("", &g, &err) == SUDOKU_PARSE_CELL_COUNT && err.cells == 0);

    /* a bad character, with its byte offset */
    snprintf(buf, sizeof buf, "%s", EXAMPLE);
    buf[40] = 'x';
    CHECK(parse(buf, &g, &err) == SUDOKU_PARSE_BAD_CHAR && err.offset == 40);
    sudoku_parse_error_message(&err, "sudoku_format", msg, sizeof msg);
    CHECK(strcmp(msg, "sudoku_format: invalid character 'x' at offset 40 (r5c5)") == 0);

    /* non-ASCII and NUL bytes are named by value */
    buf[40] = '\0';
    CHECK(sudoku_grid_parse(buf, 81, &g, &err) == SUDOKU_PARSE_BAD_CHAR && err.offset == 40);
    sudoku_parse_error_message(&err, "f", msg, sizeof msg);
    CHECK(strcmp(msg, "f: invalid byte 0x00 at offset 40 (r5c5)") == 0);
    buf[40] = (char)0xC3;
    CHECK(parse(buf, &g, &err) == SUDOKU_PARSE_BAD_CHAR && err.byte == 0xC3);

    /* the cell a bad byte stands in, counted without what is skipped: in
     * the pretty form byte 20 is the ninth cell's place, r1c9; past the
     * last cell there is no cell to name */
    char pretty[SUDOKU_FORMAT_MAX];
    parse(EXAMPLE, &g, NULL);
    sudoku_grid_format(&g, SUDOKU_FORMAT_GRID, pretty);
    CHECK(pretty[20] == '.' && pretty[21] == '\n');
    pretty[20] = 'x';
    CHECK(parse(pretty, &g, &err) == SUDOKU_PARSE_BAD_CHAR && err.cells == 8);
    sudoku_parse_error_message(&err, "f", msg, sizeof msg);
    CHECK(strcmp(msg, "f: invalid character 'x' at offset 20 (r1c9)") == 0);
    snprintf(buf, sizeof buf, "%s?", EXAMPLE);
    CHECK(parse(buf, &g, &err) == SUDOKU_PARSE_BAD_CHAR && err.cells == 81);
    sudoku_parse_error_message(&err, "f", msg, sizeof msg);
    CHECK(strcmp(msg, "f: invalid character '?' at offset 81 (after the 81st cell)") == 0);
    char where[SUDOKU_CELL_POSITION_MAX];
    CHECK(strcmp(sudoku_cell_position(0, where), " (r1c1)") == 0);
    CHECK(strcmp(sudoku_cell_position(80, where), " (r9c9)") == 0);
    CHECK(strcmp(sudoku_cell_position(42, where), " (r5c7)") == 0);

    /* a BOM is only skipped at the start */
    snprintf(buf, sizeof buf, "1\xEF\xBB\xBF%s", EXAMPLE + 1);
    CHECK(parse(buf, &g, &err) == SUDOKU_PARSE_BAD_CHAR && err.offset == 1);

    /* a truncated message stays terminated */
    err.status = SUDOKU_PARSE_CELL_COUNT;
    err.cells = 5;
    sudoku_parse_error_message(&err, "sudoku_format", msg, 10);
    CHECK(strlen(msg) == 9);
}

static void consistency(void)
{
    sudoku_grid g;
    parse("123456789456789123789123456231564897564897231897231564312645978645978312978312645", &g,
          NULL);
    CHECK(sudoku_grid_is_solution(&g));
    CHECK(sudoku_grid_givens(&g) == 81);
    g.cell[1] = 1; /* row clash */
    CHECK(!sudoku_grid_consistent(&g));
    parse(EXAMPLE, &g, NULL);
    CHECK(sudoku_grid_consistent(&g) && !sudoku_grid_is_solution(&g));
    CHECK(sudoku_grid_givens(&g) == 27);
    g.cell[9 * 8] = 1; /* column clash with cell 0 */
    CHECK(!sudoku_grid_consistent(&g));
    parse(EXAMPLE, &g, NULL);
    g.cell[10] = 1; /* box clash with cell 0 */
    CHECK(!sudoku_grid_consistent(&g));
}

/* The 81-byte fast path (16 bytes at a time with SSE2) against its slow
 * twin, the general loop, which the same text followed by a newline
 * takes: same status, same cells, same error offset and byte, for
 * random lines over the digits, '.', and bytes just outside them (a bad
 * byte at every position, in every 16-byte block, the last cell alone). */
static void fast_path_twin(void)
{
    static const unsigned char alphabet[] = "..0123456789/:-x \x80\xff";
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int round = 0; round < 20000; round++) {
        unsigned char line[82];
        for (int k = 0; k < 81; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            /* mostly good bytes, a bad one now and then */
            line[k] = (x >> 40) % 8 ? alphabet[(x >> 20) % 12] : alphabet[(x >> 20) % 20];
        }
        if (round < 81 * 3) { /* each position once with each kind of bad byte */
            memset(line, '5', 81);
            line[round % 81] = "/:\xff"[round / 81];
        }
        line[81] = '\n';
        sudoku_grid fast, slow;
        sudoku_parse_error ef, es;
        memset(&fast, 0xAA, sizeof fast);
        memset(&slow, 0xAA, sizeof slow);
        sudoku_parse_status sf = sudoku_grid_parse(line, 81, &fast, &ef);
        sudoku_parse_status ss = sudoku_grid_parse(line, 82, &slow, &es);
        CHECK_MSG(sf == ss, "round %d: status %d against %d", round, (int)sf, (int)ss);
        if (sf == SUDOKU_PARSE_OK)
            CHECK_MSG(memcmp(fast.cell, slow.cell, 81) == 0, "round %d: cells differ", round);
        else
            CHECK_MSG(ef.offset == es.offset && ef.byte == es.byte, "round %d: error differs",
                      round);
    }
}

int main(void)
{
    fast_path_twin();
    accepted_forms();
    grid_style();
    line_every_value();
    errors();
    consistency();
    return check_done();
}
