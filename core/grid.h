/*
 * grid.h - the one puzzle parser and formatter of the library.
 *
 * A grid is 81 cells in row-major order; each cell holds 0 (empty) or a
 * digit 1..9. Puzzles and full solution grids share this type. A grid may
 * hold clashing givens: that is a well-formed (unsolvable) puzzle, not a
 * parse error.
 *
 * Accepted text (TEXT or BLOB bytes, not NUL-terminated, any length):
 *   - '1'..'9' is a given, '.' or '0' is an empty cell;
 *   - whitespace (space, tab, CR, LF, VT, FF), a leading UTF-8 byte-order
 *     mark, and the drawing characters '|', '+', '-' are skipped;
 *   - anything else is an error, and so is any cell count other than 81.
 * So the 81-character line, the 0-padded line, nine lines of digits
 * separated by spaces, and the pretty-printed form of sudoku_grid_format()
 * all parse.
 *
 * Everything here is reentrant: no global state.
 */
#ifndef SUDOKU_GRID_H
#define SUDOKU_GRID_H

#include <stddef.h>
#include <stdint.h>

#define SUDOKU_CELLS 81

typedef struct sudoku_grid {
    uint8_t cell[SUDOKU_CELLS]; /* 0 = empty, 1..9 = digit */
} sudoku_grid;

/* Why a parse failed; see sudoku_parse_error_message(). */
typedef enum sudoku_parse_status {
    SUDOKU_PARSE_OK = 0,
    SUDOKU_PARSE_BAD_CHAR,   /* byte not allowed, at `offset` */
    SUDOKU_PARSE_CELL_COUNT  /* not exactly 81 cells; `cells` says how many */
} sudoku_parse_status;

typedef struct sudoku_parse_error {
    sudoku_parse_status status;
    size_t offset;        /* byte offset (0-based) of the bad byte */
    unsigned char byte;   /* the bad byte */
    size_t cells;         /* cells found: in all for SUDOKU_PARSE_CELL_COUNT,
                             before the bad byte for SUDOKU_PARSE_BAD_CHAR
                             (so it is the cell the byte stands in) */
    size_t extra_offset;  /* more than 81 cells: byte offset of the 82nd */
} sudoku_parse_error;

/* Parses `len` bytes of `text` into `grid`. Returns SUDOKU_PARSE_OK or the
 * failure, with details in `*err` (which may be NULL). */
sudoku_parse_status sudoku_grid_parse(const void *text, size_t len,
                                      sudoku_grid *grid,
                                      sudoku_parse_error *err);

/* Writes "<prefix>: <problem>" into buf (always NUL-terminated, truncated
 * to cap), e.g. "sudoku_format: expected 81 cells, found 80" or
 * "sudoku_format: invalid character 'x' at offset 40 (r5c5)": a bad byte's
 * place is its byte offset and the cell it stands in (sudoku_cell_position).
 * With more than 81 cells it also says where the 82nd is (often the start
 * of a rating or comment after the puzzle, which the lenient reader.h
 * accepts). Returns buf. */
char *sudoku_parse_error_message(const sudoku_parse_error *err,
                                 const char *prefix, char *buf, size_t cap);

/* How every error message of the library places a position in a grid or
 * a clue pattern, after its byte offset: " (r5c7)" for cell 42 (row and
 * column counted from 1, r1c1 the first cell, row-major), " (after the
 * 81st cell)" from cell 81 on. Writes it into buf and returns buf. */
#define SUDOKU_CELL_POSITION_MAX 24
char *sudoku_cell_position(size_t cell, char buf[SUDOKU_CELL_POSITION_MAX]);

/* Output styles of sudoku_grid_format(). */
typedef enum sudoku_format_style {
    SUDOKU_FORMAT_LINE,  /* 81 characters, '.' for empty */
    SUDOKU_FORMAT_ZEROS, /* 81 characters, '0' for empty */
    SUDOKU_FORMAT_GRID   /* 11 lines with box separators, for reading */
} sudoku_format_style;

/* Largest output of sudoku_grid_format() including the terminating NUL. */
#define SUDOKU_FORMAT_MAX 256

/* Writes the grid as text into out (NUL-terminated); returns its length
 * without the NUL. out must hold SUDOKU_FORMAT_MAX bytes. */
size_t sudoku_grid_format(const sudoku_grid *grid, sudoku_format_style style,
                          char out[SUDOKU_FORMAT_MAX]);

/* The 81-character line form with '.' for empty cells, without a NUL. */
void sudoku_grid_to_line(const sudoku_grid *grid, char out[SUDOKU_CELLS]);

/* Number of non-empty cells. */
int sudoku_grid_givens(const sudoku_grid *grid);

/* 1 when no digit occurs twice in a row, column or box; 0 otherwise. */
int sudoku_grid_consistent(const sudoku_grid *grid);

/* 1 when every cell is filled and the grid is consistent. */
int sudoku_grid_is_solution(const sudoku_grid *grid);

/* Cell geometry, for readers of the other headers. */
static inline int sudoku_row(int cell) { return cell / 9; }
static inline int sudoku_col(int cell) { return cell % 9; }
static inline int sudoku_box(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

#endif
