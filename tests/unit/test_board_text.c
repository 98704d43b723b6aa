/*
 * test_board_text - the text forms of boards of every order (board.h):
 * every style in every alphabet parses back to the same board at every
 * order; the alphabets read the spellings in use (a Sudoku16x16Explainer
 * A-P puzzle, its 1-9A-G, 0-9A-F and numbered forms give one board); the
 * 9x9 forms read as grid.h reads them; every error says what and where.
 */
#include "board.h"
#include "board_solver.h"
#include "check.h"
#include "rng.h"

/* monstersudoku's 16x16 puzzle as Sudoku16x16Explainer's README shows it */
static const char MONSTER[] =
    ".F..G..O.P.M.A..\nL..ACE...B.DF.O.\n.O...N.BF.......\n..JP..M...C..EBI\n"
    ".AC.PDO..JH...E.\nGMEN......B.OC..\n...F....LI..HNP.\nP.....N.D.K....J\n"
    "A....O.M.L.....P\n.CNM..HD....I...\n..PD.I......CHLK\n.I...CK..DPN.BJ.\n"
    "NKL..M...O..BJ..\n.......CI.M...N.\n.J.OI.F...LKP..G\n..M.O.L.H..J..C.";

static void random_board(sudoku_rng *rng, int order, uint8_t *cells)
{
    int n = order * order, total = sudoku_board_cells(order);
    for (int i = 0; i < total; i++)
        cells[i] = sudoku_rng_below(rng, 3) ? 0 : (uint8_t)(1 + sudoku_rng_below(rng, (uint32_t)n));
}

static void round_trips(void)
{
    sudoku_rng rng;
    uint8_t cells[SUDOKU_BOARD_MAX_CELLS], back[SUDOKU_BOARD_MAX_CELLS];
    char out[SUDOKU_BOARD_FORMAT_MAX];
    sudoku_rng_seed(&rng, 34);
    for (int order = 2; order <= 5; order++) {
        int total = sudoku_board_cells(order);
        for (int k = 0; k < 200; k++) {
            random_board(&rng, order, cells);
            if (k == 0)
                memset(cells, 0, (size_t)total);
            if (k == 1) {
                memset(back, 0, (size_t)total);
                CHECK(sudoku_board_solve_random(order, back, 9, cells, NULL) == 1);
            }
            for (int sym = 0; sym < SUDOKU_SYMBOLS_COUNT; sym++)
                for (int style = SUDOKU_BOARD_LINE; style <= SUDOKU_BOARD_GRID; style++) {
                    size_t len = sudoku_board_format(order, cells, (sudoku_board_style)style,
                                                     (sudoku_symbols)sym, out);
                    int o = 0;
                    sudoku_board_error err;
                    if (style == SUDOKU_BOARD_ZEROS && sym == SUDOKU_SYMBOLS_FROM_0) {
                        CHECK(len == 0 && out[0] == '\0');
                        continue;
                    }
                    CHECK(len > 0 && len == strlen(out) && len < SUDOKU_BOARD_FORMAT_MAX);
                    CHECK_MSG(sudoku_board_parse(out, len, (sudoku_symbols)sym, &o, back, &err) ==
                                  SUDOKU_BOARD_OK && o == order &&
                                  memcmp(back, cells, (size_t)total) == 0,
                              "order %d symbols %d style %d: %s", order, sym, style, out);
                    if (style == SUDOKU_BOARD_LINE && sym != SUDOKU_SYMBOLS_NUMBERS)
                        CHECK(len == (size_t)total);
                }
        }
    }
}

static void alphabets(void)
{
    uint8_t a[SUDOKU_BOARD_MAX_CELLS], b[SUDOKU_BOARD_MAX_CELLS];
    char out[SUDOKU_BOARD_FORMAT_MAX];
    int order = 0, o2 = 0;
    sudoku_board board;

    CHECK(sudoku_board_parse(MONSTER, strlen(MONSTER), SUDOKU_SYMBOLS_AUTO, &order, a, NULL) ==
          SUDOKU_BOARD_OK);
    CHECK(order == 4 && a[1] == 6 && a[4] == 7 && a[16] == 12);
    /* the same board in lower case, in LETTERS, and back out as A-P */
    {
        char lower[sizeof MONSTER];
        for (size_t i = 0; i < sizeof MONSTER; i++)
            lower[i] = (char)(MONSTER[i] >= 'A' && MONSTER[i] <= 'Z' ? MONSTER[i] + 32 : MONSTER[i]);
        CHECK(sudoku_board_parse(lower, strlen(lower), SUDOKU_SYMBOLS_LETTERS, &o2, b, NULL) ==
              SUDOKU_BOARD_OK && o2 == 4 && memcmp(a, b, 256) == 0);
    }
    sudoku_board_format(4, a, SUDOKU_BOARD_LINE, SUDOKU_SYMBOLS_AUTO, out);
    CHECK(strncmp(out, ".F..G..O.P.M.A..L..ACE", 22) == 0);
    /* 1-9A-G and 0-9A-F spell the same board differently */
    sudoku_board_format(4, a, SUDOKU_BOARD_LINE, SUDOKU_SYMBOLS_FROM_1, out);
    CHECK(strncmp(out, ".6..7..F.G.D.1..C..135...2", 26) == 0);
    CHECK(sudoku_board_parse(out, strlen(out), SUDOKU_SYMBOLS_FROM_1, &o2, b, NULL) ==
          SUDOKU_BOARD_OK && memcmp(a, b, 256) == 0);
    sudoku_board_format(4, a, SUDOKU_BOARD_LINE, SUDOKU_SYMBOLS_FROM_0, out);
    CHECK(strncmp(out, ".5..6..E.F.C.0..B..024...1", 26) == 0);
    CHECK(sudoku_board_parse(out, strlen(out), SUDOKU_SYMBOLS_FROM_0, &o2, b, NULL) ==
          SUDOKU_BOARD_OK && memcmp(a, b, 256) == 0);
    /* numbers: spaces, commas, leading zeros, '.' and 0 for empty */
    sudoku_board_format(4, a, SUDOKU_BOARD_LINE, SUDOKU_SYMBOLS_NUMBERS, out);
    CHECK(strncmp(out, ". 6 . . 7 . . 15 . 16 . 13 . 1 . . 12", 37) == 0);
    for (char *p = out; *p; p++)
        if (*p == ' ')
            *p = ',';
    CHECK(sudoku_board_parse(out, strlen(out), SUDOKU_SYMBOLS_NUMBERS, &o2, b, NULL) ==
          SUDOKU_BOARD_OK && memcmp(a, b, 256) == 0);
    {
        static const char row[] = "01 2 .0 ";
        char text[16 * sizeof row];
        text[0] = '\0';
        for (int i = 0; i < 4; i++)
            strcat(text, row);
        CHECK(sudoku_board_parse(text, strlen(text), SUDOKU_SYMBOLS_NUMBERS, &o2, b, NULL) ==
              SUDOKU_BOARD_OK && o2 == 2 && b[0] == 1 && b[1] == 2 && b[2] == 0 &&
              b[3] == 0);
    }
    /* the 9x9 forms read as grid.h reads them */
    {
        sudoku_grid g;
        CHECK(sudoku_board_read(CHECK_EXAMPLE, 81, SUDOKU_SYMBOLS_AUTO, &board, NULL) ==
              SUDOKU_BOARD_OK && board.order == 3);
        g = check_grid(CHECK_EXAMPLE);
        CHECK(memcmp(g.cell, board.cell, 81) == 0);
        char pretty[SUDOKU_FORMAT_MAX];
        sudoku_grid_format(&g, SUDOKU_FORMAT_GRID, pretty);
        sudoku_board_format(3, board.cell, SUDOKU_BOARD_GRID, SUDOKU_SYMBOLS_AUTO, out);
        CHECK_MSG(strcmp(pretty, out) == 0, "%s\nvs\n%s", pretty, out);
        static const char bom[] = "\xEF\xBB\xBF" CHECK_EXAMPLE;
        CHECK(sudoku_board_read(bom, strlen(bom), SUDOKU_SYMBOLS_AUTO, &board, NULL) ==
              SUDOKU_BOARD_OK && memcmp(g.cell, board.cell, 81) == 0);
    }
    /* a 16x16 grid drawn with separators, 25x25 letters */
    sudoku_board_format(4, a, SUDOKU_BOARD_GRID, SUDOKU_SYMBOLS_AUTO, out);
    CHECK(strncmp(out, ". F . . | G . . O | . P . M | . A . .\n", 38) == 0);
    CHECK(strstr(out, "--------+---------+---------+--------\n") != NULL);
    memset(a, 0, sizeof a);
    a[0] = 25;
    a[624] = 1;
    CHECK(sudoku_board_format(5, a, SUDOKU_BOARD_ZEROS, SUDOKU_SYMBOLS_AUTO, out) == 625);
    CHECK(out[0] == 'Y' && out[1] == '0' && out[624] == 'A');
    CHECK(sudoku_board_format(5, a, SUDOKU_BOARD_LINE, SUDOKU_SYMBOLS_FROM_1, out) == 625 &&
          out[0] == 'P');
    CHECK(sudoku_board_format(5, a, SUDOKU_BOARD_LINE, SUDOKU_SYMBOLS_FROM_0, out) == 625 &&
          out[0] == 'O' && out[624] == '0');
    /* out-of-range input formats to nothing */
    a[3] = 26;
    CHECK(sudoku_board_format(5, a, SUDOKU_BOARD_LINE, SUDOKU_SYMBOLS_AUTO, out) == 0);
    CHECK(sudoku_board_format(6, a, SUDOKU_BOARD_LINE, SUDOKU_SYMBOLS_AUTO, out) == 0);
    CHECK(sudoku_board_format(4, a, (sudoku_board_style)7, SUDOKU_SYMBOLS_AUTO, out) == 0);
    /* names */
    for (int k = 0; k < SUDOKU_SYMBOLS_COUNT; k++)
        CHECK(sudoku_symbols_from_name(sudoku_symbols_name((sudoku_symbols)k)) == k);
    CHECK(sudoku_symbols_from_name("0-9a-f") == SUDOKU_SYMBOLS_FROM_0);
    CHECK(sudoku_symbols_from_name("hex") == -1 && sudoku_symbols_from_name("") == -1);
    /* orders and facts */
    CHECK(sudoku_board_order_of(256) == 4 && sudoku_board_order_of(80) == 0);
    CHECK(sudoku_board_cells(1) == 0 && sudoku_board_cells(6) == 0);
    CHECK(sudoku_board_givens(7, a) == -1 && !sudoku_board_consistent(7, a));
}

/* The message of a failed parse. */
static const char *message(const char *text, sudoku_symbols symbols, char *buf, size_t cap)
{
    int order;
    uint8_t cells[SUDOKU_BOARD_MAX_CELLS];
    sudoku_board_error err;
    if (sudoku_board_parse(text, strlen(text), symbols, &order, cells, &err) == SUDOKU_BOARD_OK)
        return "ok";
    return sudoku_board_error_message(&err, "sudoku_parse", buf, cap);
}

#define EXPECT(text, symbols, want)                                              \
    do {                                                                         \
        char buf_[512];                                                          \
        const char *got_ = message(text, symbols, buf_, sizeof buf_);            \
        CHECK_MSG(strcmp(got_, want) == 0, "got \"%s\"\nwant \"%s\"", got_, want); \
    } while (0)

static void errors(void)
{
    char text[1024];
    EXPECT("", SUDOKU_SYMBOLS_AUTO, "sudoku_parse: expected 16, 81, 256 or 625 cells, found 0");
    EXPECT("1234", SUDOKU_SYMBOLS_AUTO, "sudoku_parse: expected 16, 81, 256 or 625 cells, found 4");
    EXPECT("12#4", SUDOKU_SYMBOLS_AUTO, "sudoku_parse: invalid character '#' at offset 2");
    EXPECT("12'4", SUDOKU_SYMBOLS_AUTO, "sudoku_parse: invalid byte 0x27 at offset 2");
    EXPECT("1\xC3\xA9", SUDOKU_SYMBOLS_AUTO, "sudoku_parse: invalid byte 0xC3 at offset 1");
    EXPECT("Z", SUDOKU_SYMBOLS_AUTO, "sudoku_parse: invalid character 'Z' at offset 0");
    EXPECT("Q", SUDOKU_SYMBOLS_FROM_1, "sudoku_parse: invalid character 'Q' at offset 0");
    EXPECT("a", SUDOKU_SYMBOLS_NUMBERS, "sudoku_parse: invalid character 'a' at offset 0");
    EXPECT("1 2 1000", SUDOKU_SYMBOLS_NUMBERS, "sudoku_parse: number too long at offset 4");
    /* symbols outside the order's alphabet */
    memset(text, '.', 256);
    text[256] = '\0';
    text[12] = '7';
    EXPECT(text, SUDOKU_SYMBOLS_AUTO,
           "sudoku_parse: invalid symbol '7' at offset 12: a 16x16 board in the auto alphabet "
           "uses A-P (for digits choose 1-9A-G or 0-9A-F)");
    text[12] = 'Q';
    EXPECT(text, SUDOKU_SYMBOLS_AUTO,
           "sudoku_parse: invalid symbol 'Q' at offset 12: a 16x16 board in the auto alphabet "
           "uses A-P");
    text[12] = 'H';
    EXPECT(text, SUDOKU_SYMBOLS_FROM_1,
           "sudoku_parse: invalid symbol 'H' at offset 12: a 16x16 board in the 1-9A-G "
           "alphabet uses 1-9A-G");
    text[12] = 'G';
    EXPECT(text, SUDOKU_SYMBOLS_FROM_0,
           "sudoku_parse: invalid symbol 'G' at offset 12: a 16x16 board in the 0-9A-F "
           "alphabet uses 0-9A-F");
    text[12] = '0';
    EXPECT(text, SUDOKU_SYMBOLS_FROM_0, "ok");
    text[12] = 'A';
    text[81] = '\0';
    EXPECT(text, SUDOKU_SYMBOLS_AUTO,
           "sudoku_parse: invalid symbol 'A' at offset 12: a 9x9 board in the auto alphabet "
           "uses 1-9");
    text[16] = '\0';
    text[12] = '5';
    EXPECT(text, SUDOKU_SYMBOLS_AUTO,
           "sudoku_parse: invalid symbol '5' at offset 12: a 4x4 board in the auto alphabet "
           "uses 1-4");
    EXPECT(text, SUDOKU_SYMBOLS_LETTERS, "sudoku_parse: invalid character '5' at offset 12");
    text[12] = 'E';
    EXPECT(text, SUDOKU_SYMBOLS_LETTERS,
           "sudoku_parse: invalid symbol 'E' at offset 12: a 4x4 board in the letters alphabet "
           "uses A-D");
    strcpy(text, "01 2 ..16 . . . . . . . . . . .");
    EXPECT(text, SUDOKU_SYMBOLS_NUMBERS,
           "sudoku_parse: number 16 at offset 7 is above 4, the largest symbol of a 4x4 board");
    strcpy(text, "1 2 3 4 5 . . . . . . . . . . .");
    EXPECT(text, SUDOKU_SYMBOLS_NUMBERS,
           "sudoku_parse: number 5 at offset 8 is above 4, the largest symbol of a 4x4 board");
    {
        int order;
        uint8_t cells[SUDOKU_BOARD_MAX_CELLS];
        sudoku_board_error err;
        char buf[256];
        CHECK(sudoku_board_parse("1", 1, (sudoku_symbols)9, &order, cells, &err) ==
              SUDOKU_BOARD_BAD_OPTION);
        CHECK(strcmp(sudoku_board_error_message(&err, "f", buf, sizeof buf),
                     "f: unknown alphabet 9") == 0);
        /* a message cut to the buffer, and a zero-size buffer left alone */
        CHECK(sudoku_board_parse("", 0, SUDOKU_SYMBOLS_AUTO, &order, cells, &err) ==
              SUDOKU_BOARD_CELL_COUNT && err.cells == 0);
        sudoku_board_error_message(&err, "sudoku_parse", buf, 10);
        CHECK(strcmp(buf, "sudoku_pa") == 0);
        buf[0] = 'x';
        sudoku_board_error_message(&err, "sudoku_parse", buf, 0);
        CHECK(buf[0] == 'x');
        err.status = SUDOKU_BOARD_OK;
        CHECK(strcmp(sudoku_board_error_message(&err, "f", buf, sizeof buf), "f: no error") == 0);
    }
}

int main(void)
{
    round_trips();
    alphabets();
    errors();
    return check_done();
}
