/*
 * board.h - boards of every order: 4x4, 9x9, 16x16 and 25x25, their text
 * forms (parse and format).
 *
 * A board of order n (2..5) has N = n*n rows, columns, boxes of n x n
 * cells and symbols 1..N, and N*N cells (16, 81, 256, 625) in row-major
 * order, 0 for an empty cell. The algorithms for these orders take
 * `int order` and `const uint8_t *cells` so that they need no struct;
 * sudoku_board below is a convenience that holds both. Order 3 is allowed
 * everywhere for uniformity (the 9x9 code of grid.h and solver.h serves
 * it). A board may hold clashing givens: that is a well-formed
 * (unsolvable) board, not a parse error.
 *
 * Text (TEXT or BLOB bytes, not NUL-terminated, any length):
 *   - a UTF-8 byte-order mark at the start, whitespace (space, TAB, CR,
 *     LF, VT, FF) and the drawing characters '|', '+', '-' are skipped
 *     (in the numbers alphabet ',' too);
 *   - every other byte is part of a cell; the number of cells gives the
 *     order: 16, 81, 256 or 625, anything else is an error;
 *   - the cells are read in the chosen alphabet (sudoku_symbols) of that
 *     order. '.' is always an empty cell, '0' too where 0 is not a symbol.
 *     Letters may be upper or lower case on input; output is upper case.
 *
 * Alphabets (symbol 1, 2, ..., N; "4x4 / 9x9 / 16x16 / 25x25"):
 *   AUTO     the default: 1-4 / 1-9 / A-P / A-Y. A-P is the convention of
 *            Sudoku16x16Explainer and the forum for 16x16. Digits in a
 *            16x16 or 25x25 board are an error here (they could mean
 *            1-9A-G or 0-9A-F): choose that alphabet explicitly.
 *   LETTERS  A-D / A-I / A-P / A-Y.
 *   FROM_1   1-9 then letters: 1-4 / 1-9 / 1-9A-G / 1-9A-P.
 *   FROM_0   0-9 then letters, 0 the first symbol: 0-3 / 0-8 / 0-9A-F
 *            (hexadecimal) / 0-9A-O; only '.' is empty.
 *   NUMBERS  decimal numbers 1..N (leading zeros allowed, at most 3
 *            digits) separated by whitespace, ',' or the drawing
 *            characters; '0' and '.' are empty cells; a '.' needs no
 *            separator ("1..16" is 1, empty, empty, 16).
 * So the one-line form, the 0-padded line, rows separated by spaces and
 * line breaks, and every output of sudoku_board_format() parse.
 *
 * Everything here is reentrant: no global state, no heap.
 */
#ifndef SUDOKU_BOARD_H
#define SUDOKU_BOARD_H

#include <stddef.h>
#include <stdint.h>

#define SUDOKU_BOARD_MIN_ORDER 2
#define SUDOKU_BOARD_MAX_ORDER 5
#define SUDOKU_BOARD_MAX_SIZE 25    /* symbols, row length */
#define SUDOKU_BOARD_MAX_CELLS 625

typedef struct sudoku_board {
    int order;                            /* 2..5 */
    uint8_t cell[SUDOKU_BOARD_MAX_CELLS]; /* order^4 used: 0 or 1..order^2 */
} sudoku_board;

/* Cells of a board of this order (16, 81, 256, 625), 0 for any order
 * outside 2..5. */
static inline int sudoku_board_cells(int order)
{
    return order >= SUDOKU_BOARD_MIN_ORDER && order <= SUDOKU_BOARD_MAX_ORDER
               ? order * order * order * order
               : 0;
}

/* The order of a board of `cells` cells, 0 when there is none. */
static inline int sudoku_board_order_of(size_t cells)
{
    for (int n = SUDOKU_BOARD_MIN_ORDER; n <= SUDOKU_BOARD_MAX_ORDER; n++)
        if ((size_t)sudoku_board_cells(n) == cells)
            return n;
    return 0;
}

typedef enum sudoku_symbols {
    SUDOKU_SYMBOLS_AUTO = 0,
    SUDOKU_SYMBOLS_LETTERS,
    SUDOKU_SYMBOLS_FROM_1,
    SUDOKU_SYMBOLS_FROM_0,
    SUDOKU_SYMBOLS_NUMBERS
} sudoku_symbols;
#define SUDOKU_SYMBOLS_COUNT 5

/* The option names of the alphabets, for the SQL layer: "auto",
 * "letters", "1-9A-G", "0-9A-F", "numbers" (the 16x16 spellings name the
 * rule at every order). sudoku_symbols_from_name() returns -1 for an
 * unknown name (compared without regard to case). */
const char *sudoku_symbols_name(sudoku_symbols symbols);
int sudoku_symbols_from_name(const char *name);

/* Why a parse failed; see sudoku_board_error_message(). */
typedef enum sudoku_board_status {
    SUDOKU_BOARD_OK = 0,
    SUDOKU_BOARD_BAD_CHAR,    /* a byte no cell or separator of this
                               * alphabet can be, at `offset` */
    SUDOKU_BOARD_CELL_COUNT,  /* not 16, 81, 256 or 625 cells: `cells` */
    SUDOKU_BOARD_BAD_SYMBOL,  /* a cell not in the alphabet of the order
                               * the cell count gave, at `offset` */
    SUDOKU_BOARD_BAD_NUMBER,  /* NUMBERS: a number above N or longer than
                               * 3 digits, starting at `offset` */
    SUDOKU_BOARD_BAD_OPTION   /* symbols is not a sudoku_symbols value */
} sudoku_board_status;

typedef struct sudoku_board_error {
    sudoku_board_status status;
    size_t offset;          /* byte offset (0-based) of the bad cell */
    unsigned char byte;     /* its first byte */
    unsigned value;         /* BAD_NUMBER: the number (0 when too long) */
    size_t cells;           /* cells found (every status but BAD_CHAR) */
    int order;              /* BAD_SYMBOL, BAD_NUMBER: the order */
    sudoku_symbols symbols; /* the alphabet read */
} sudoku_board_error;

/* Parses `len` bytes of `text` in alphabet `symbols`: writes the order
 * and order^4 cells (cells must hold SUDOKU_BOARD_MAX_CELLS). Returns
 * SUDOKU_BOARD_OK or the failure, with details in `*err` (may be NULL);
 * on failure *order and cells are unspecified. */
sudoku_board_status sudoku_board_parse(const void *text, size_t len,
                                       sudoku_symbols symbols, int *order,
                                       uint8_t *cells,
                                       sudoku_board_error *err);

/* The same into a struct. */
sudoku_board_status sudoku_board_read(const void *text, size_t len,
                                      sudoku_symbols symbols,
                                      sudoku_board *board,
                                      sudoku_board_error *err);

/* Writes "<prefix>: <problem>" into buf (always NUL-terminated, truncated
 * to cap), e.g. "sudoku_parse: expected 16, 81, 256 or 625 cells, found
 * 255" or "sudoku_parse: invalid symbol '7' at offset 12: a 16x16 board
 * in the auto alphabet uses A-P (for digits choose 1-9A-G or 0-9A-F)".
 * Bytes outside printable ASCII are shown as 0xNN. Returns buf. */
char *sudoku_board_error_message(const sudoku_board_error *err,
                                 const char *prefix, char *buf, size_t cap);

/* Output styles of sudoku_board_format(). */
typedef enum sudoku_board_style {
    SUDOKU_BOARD_LINE,  /* one line; empty '.' */
    SUDOKU_BOARD_ZEROS, /* one line; empty '0' (not with FROM_0) */
    SUDOKU_BOARD_GRID   /* one line per row, box separators, for reading */
} sudoku_board_style;

/* Largest output of sudoku_board_format() including the NUL. */
#define SUDOKU_BOARD_FORMAT_MAX 4096

/* Writes the board as text into out (NUL-terminated, out holds
 * SUDOKU_BOARD_FORMAT_MAX bytes); returns its length without the NUL, or
 * 0 (out = "") when the order, a cell value, the style or the alphabet is
 * out of range (ZEROS with FROM_0, where 0 is a symbol). Single-character
 * alphabets write a line as order^4 characters and a grid with the
 * symbols separated by spaces; NUMBERS separates the numbers of a line by
 * one space and right-aligns them in a grid. AUTO writes 1-4, 1-9, A-P,
 * A-Y. Every output parses back to the same board in the same alphabet. */
size_t sudoku_board_format(int order, const uint8_t *cells,
                           sudoku_board_style style, sudoku_symbols symbols,
                           char *out);

/* The character of symbol v (1..N) in a single-character alphabet, or 0
 * when there is none (NUMBERS, or v out of range). */
char sudoku_board_symbol_char(int order, sudoku_symbols symbols, int v);

/* Number of non-empty cells; -1 for an order outside 2..5. */
int sudoku_board_givens(int order, const uint8_t *cells);

/* 1 when every cell is 0..N and no symbol occurs twice in a row, column
 * or box; 0 otherwise (also for an order outside 2..5). */
int sudoku_board_consistent(int order, const uint8_t *cells);

/* 1 when every cell is filled and the board is consistent. */
int sudoku_board_is_solution(int order, const uint8_t *cells);

#endif
