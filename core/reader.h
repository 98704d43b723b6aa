/*
 * reader.h - lenient reading of puzzle files: one puzzle per line with
 * anything after it, or the 9-line grid form.
 *
 * The strict parser (grid.h) reads one value that must be a puzzle and
 * nothing else. Files are less tidy: forum lists put ratings and comments
 * after the puzzle, people write '-', '*' or '_' for an empty cell, and
 * competition files draw 9 rows of 9 digits with spaces, a byte-order mark
 * and CRLF line ends. The reader takes such a file line by line and gives
 * one row per puzzle, or per stretch of text that should have been one.
 *
 * Lines end in LF, CR LF or CR alone (old Mac files): each of the three
 * is one line end, so a file of CR-only line ends reads line by line and
 * its line numbers count them. Trailing whitespace and a UTF-8 byte-order
 * mark at the start of the file are ignored. Then:
 *   - blank lines and comment lines (first non-blank character '#') give
 *     no row; they still count for line numbers, and a blank line ends a
 *     grid;
 *   - the line form: after optional leading whitespace, 81 cells in a row,
 *     then the end of the line or any character that is not a cell (a
 *     separator: TAB, space, ';', ',', '#', '|', ...). Cells are '1'-'9'
 *     for a given and '.', '0', '-', '*', '_' for an empty cell. What
 *     follows the separator is the line's `rest` (ratings, comments), with
 *     leading whitespace and separators (; , | # :) and trailing
 *     whitespace trimmed. An 82nd cell right after the 81st is an error:
 *     the line cannot be split unambiguously;
 *   - the grid form: lines of 9 cells each, which may be separated by
 *     whitespace and drawn with '|', '+' and '-'; lines holding only
 *     drawing characters are skipped. Here '-' is drawing, never a cell
 *     (as in the strict parser and sudoku_format's grid style), so the
 *     empty-cell symbols are '.', '0', '*', '_'. Nine such rows make one
 *     puzzle (its row's line is the first row's); fewer rows followed by a
 *     blank line, a comment, a puzzle line, a bad line or the end of the
 *     file are one error row;
 *   - a line holding exactly 81 cells separated by spaces (the grid form
 *     on one line) is a puzzle too;
 *   - any other line is an error row saying what is wrong and where
 *     (columns count bytes from 1).
 *
 * Formats: SUDOKU_READ_AUTO reads both forms; SUDOKU_READ_LINE only the
 * line form (and the spaced 81-cell line): every line that is not blank or
 * a comment is a row of its own, and a 9-cell line is an error rather than
 * the start of a grid.
 *
 * The reader allocates nothing: the caller gives it a buffer; a line longer
 * than the buffer is an error row and is skipped. Rows refer to the buffer,
 * so a row's `rest` is valid until the next call. `rest` is the file's
 * bytes as they are: they need not be UTF-8 (the SQL glue returns such a
 * rest as a BLOB).
 *
 * Stopping (core/cancel.h): the reader asks the cancel hook before every
 * read() and once it has consumed 256 KiB or 4,096 lines since the last
 * ask (whichever comes first), also inside a row: among blank, comment
 * and drawing lines and in the dropped tail of a line too long for the
 * buffer. So input that makes no row for gigabytes still stops within a
 * millisecond or so of the hook saying stop. A read() that may wait (a
 * FIFO, a terminal) is the caller's to make responsive: it may return
 * SUDOKU_READ_CANCELLED. A cancelled call returns SUDOKU_CANCELLED between
 * two lines (or between two reads of one line), so calling it again
 * continues where it stopped.
 */
#ifndef SUDOKU_READER_H
#define SUDOKU_READER_H

#include <stddef.h>
#include <stdint.h>

#include "cancel.h"
#include "grid.h"

typedef enum sudoku_read_format {
    SUDOKU_READ_AUTO = 0,
    SUDOKU_READ_LINE
} sudoku_read_format;

/* What one line holds (sudoku_line_read). */
typedef enum sudoku_line_kind {
    SUDOKU_LINE_BLANK,   /* only whitespace */
    SUDOKU_LINE_COMMENT, /* first non-blank character '#' */
    SUDOKU_LINE_RULE,    /* only drawing characters and whitespace */
    SUDOKU_LINE_ROW,     /* one grid row: 9 cells */
    SUDOKU_LINE_PUZZLE,  /* 81 cells */
    SUDOKU_LINE_BAD      /* none of these; `fault` says why */
} sudoku_line_kind;

typedef enum sudoku_line_fault {
    SUDOKU_FAULT_NONE,
    SUDOKU_FAULT_CHAR,       /* byte that is no cell, space or drawing, at `column` */
    SUDOKU_FAULT_82ND_CELL,  /* a cell right after the 81st, at `column` */
    SUDOKU_FAULT_CELLS,      /* `cells` cells: neither 9 nor 81 */
    SUDOKU_FAULT_RUN,        /* a run of `cells` cells (10..80) starting the line */
    SUDOKU_FAULT_TOO_LONG    /* the line does not fit the reader's buffer */
} sudoku_line_fault;

typedef struct sudoku_line {
    sudoku_line_kind kind;
    sudoku_line_fault fault;  /* SUDOKU_LINE_BAD only */
    size_t column;            /* 1-based byte column of the fault */
    unsigned char byte;       /* the bad byte (SUDOKU_FAULT_CHAR) */
    size_t cells;             /* cell count (SUDOKU_FAULT_CELLS, _RUN) */
    size_t rest, rest_len;    /* PUZZLE: the trimmed rest, offset in the line */
    uint8_t cell[SUDOKU_CELLS]; /* PUZZLE: 81 cells; ROW: the first 9 */
} sudoku_line;

/* Classifies one line of `len` bytes, without its line end (a CR or LF in
 * it is read as whitespace). */
sudoku_line_kind sudoku_line_read(const char *s, size_t len,
                                  sudoku_read_format format, sudoku_line *out);

/* A row of the reader's output. */
typedef struct sudoku_read_row {
    uint64_t line;        /* 1-based line where the puzzle (or fault) starts */
    int ok;               /* 1: `grid` is the puzzle; 0: `error` says why not */
    sudoku_grid grid;
    const char *rest;     /* text after the puzzle on its line, or NULL */
    size_t rest_len;
    char error[160];      /* NUL-terminated, when !ok */
} sudoku_read_row;

/* Fills buf with up to n bytes; returns how many (0 at the end),
 * SUDOKU_READ_ERROR on a read error (errno says which), or
 * SUDOKU_READ_CANCELLED when it stopped waiting for input because the
 * caller's cancel hook said stop (nothing was read). */
typedef size_t (*sudoku_read_fn)(void *arg, char *buf, size_t n);
#define SUDOKU_READ_ERROR ((size_t)-1)
#define SUDOKU_READ_CANCELLED ((size_t)-2)

typedef struct sudoku_reader {
    sudoku_read_format format;
    sudoku_read_fn read;  /* NULL: the whole input is already in buf */
    void *arg;
    char *buf;
    size_t cap, pos, end; /* unread bytes are buf[pos, end) */
    size_t lf, cr;        /* the first LF, CR in buf[pos, end), or end */
    int at_end;           /* read() reported the end */
    int skipping;         /* inside a line too long for the buffer */
    int after_cr;         /* a line ended in the buffer's last byte, a CR */
    size_t work;          /* bytes consumed since the hook was last asked */
    uint64_t line_no;     /* lines consumed so far */
    /* the grid being assembled */
    int rows;
    uint64_t grid_line, grid_last;
    uint8_t cell[SUDOKU_CELLS];
    /* a line that ended an incomplete grid, given after the grid's error */
    int pending;
    uint64_t pending_line;
    sudoku_line pending_parsed;
    const char *pending_text;
} sudoku_reader;

/* A reader over `len` bytes in memory (not copied; must outlive it). */
void sudoku_reader_init_memory(sudoku_reader *r, const void *text, size_t len,
                               sudoku_read_format format);

/* A reader that pulls its input through `read` into buf[0, cap). Lines
 * longer than cap - 1 bytes are error rows. */
void sudoku_reader_init(sudoku_reader *r, sudoku_read_fn read, void *arg,
                        char *buf, size_t cap, sudoku_read_format format);

/* The next row: 1 (in *row), 0 at the end, -1 when read() failed,
 * SUDOKU_CANCELLED when `cancel` said stop (NULL: never; see above). */
int sudoku_reader_next(sudoku_reader *r, sudoku_read_row *row, const sudoku_cancel *cancel);

/* Parses `len` bytes that hold exactly one puzzle in any form the reader
 * accepts (a line with its rest, a 9-line grid; comments and blank lines
 * around it are fine). Returns 1 and the grid, 0 when the text holds no
 * puzzle, several, or a line that is not one, or SUDOKU_CANCELLED when
 * `cancel` said stop (a value of many blank lines can take seconds). */
int sudoku_parse_lenient(const void *text, size_t len, sudoku_read_format format, sudoku_grid *grid,
                         const sudoku_cancel *cancel);

/* The forms of 0.2 (sudoku_reader_next(r, row), sudoku_parse_lenient
 * without a cancel hook), deprecated and removed at 1.0. */
#ifndef SUDOKU_NO_COMPAT
#include "compat.h"
#endif

#endif
