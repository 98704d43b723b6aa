#include "grid.h"

#include <stdio.h>
#include <string.h>
#include "cells81.inc"

sudoku_parse_status sudoku_grid_parse(const void *text, size_t len,
                                      sudoku_grid *grid,
                                      sudoku_parse_error *err)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0, cells = 0;
    sudoku_parse_error local;
    if (!err)
        err = &local;
    memset(err, 0, sizeof *err);

    /* The common form first (cells81.inc says why). */
    if (len == SUDOKU_CELLS && cells81_read(s, grid->cell))
        return SUDOKU_PARSE_OK;

    if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
        i = 3;
    for (; i < len; i++) {
        unsigned char c = s[i];
        int value;
        if (c >= '1' && c <= '9')
            value = c - '0';
        else if (c == '.' || c == '0')
            value = 0;
        else if (c == ' ' || c == '\t' || c == '\r' || c == '\n' ||
                 c == '\v' || c == '\f' || c == '|' || c == '+' || c == '-')
            continue;
        else {
            err->status = SUDOKU_PARSE_BAD_CHAR;
            err->offset = i;
            err->byte = c;
            err->cells = cells;
            return err->status;
        }
        /* Keep counting past 81 so the message can say how many there were. */
        if (cells < SUDOKU_CELLS)
            grid->cell[cells] = (uint8_t)value;
        else if (cells == SUDOKU_CELLS)
            err->extra_offset = i;
        cells++;
    }
    if (cells != SUDOKU_CELLS) {
        err->status = SUDOKU_PARSE_CELL_COUNT;
        err->cells = cells;
        return err->status;
    }
    return SUDOKU_PARSE_OK;
}

char *sudoku_cell_position(size_t cell, char buf[SUDOKU_CELL_POSITION_MAX])
{
    if (cell < SUDOKU_CELLS)
        snprintf(buf, SUDOKU_CELL_POSITION_MAX, " (r%dc%d)", sudoku_row((int)cell) + 1,
                 sudoku_col((int)cell) + 1);
    else
        snprintf(buf, SUDOKU_CELL_POSITION_MAX, " (after the 81st cell)");
    return buf;
}

char *sudoku_parse_error_message(const sudoku_parse_error *err,
                                 const char *prefix, char *buf, size_t cap)
{
    char where[SUDOKU_CELL_POSITION_MAX];
    if (cap == 0)
        return buf;
    switch (err->status) {
    case SUDOKU_PARSE_OK:
        snprintf(buf, cap, "%s: no error", prefix);
        break;
    case SUDOKU_PARSE_CELL_COUNT:
        if (err->cells > SUDOKU_CELLS)
            snprintf(buf, cap,
                     "%s: expected 81 cells, found %zu: the 82nd at offset %zu "
                     "(for a puzzle followed by other text use sudoku_parse)",
                     prefix, err->cells, err->extra_offset);
        else
            snprintf(buf, cap, "%s: expected 81 cells, found %zu", prefix,
                     err->cells);
        break;
    case SUDOKU_PARSE_BAD_CHAR:
        /* Printable ASCII is shown as itself, anything else as a byte
         * value, so the message stays valid UTF-8 whatever came in. */
        sudoku_cell_position(err->cells, where);
        if (err->byte >= 0x20 && err->byte < 0x7F && err->byte != '\'')
            snprintf(buf, cap, "%s: invalid character '%c' at offset %zu%s", prefix, err->byte,
                     err->offset, where);
        else
            snprintf(buf, cap, "%s: invalid byte 0x%02X at offset %zu%s", prefix, err->byte,
                     err->offset, where);
        break;
    }
    return buf;
}

void sudoku_grid_to_line(const sudoku_grid *grid, char out[SUDOKU_CELLS])
{
    for (int i = 0; i < SUDOKU_CELLS; i++)
        out[i] = grid->cell[i] ? (char)('0' + grid->cell[i]) : '.';
}

size_t sudoku_grid_format(const sudoku_grid *grid, sudoku_format_style style,
                          char out[SUDOKU_FORMAT_MAX])
{
    size_t n = 0;
    if (style != SUDOKU_FORMAT_GRID) {
        char empty = style == SUDOKU_FORMAT_ZEROS ? '0' : '.';
        for (int i = 0; i < SUDOKU_CELLS; i++)
            out[i] = grid->cell[i] ? (char)('0' + grid->cell[i]) : empty;
        out[SUDOKU_CELLS] = '\0';
        return SUDOKU_CELLS;
    }
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6) {
            memcpy(out + n, "------+-------+------\n", 22);
            n += 22;
        }
        for (int c = 0; c < 9; c++) {
            uint8_t v = grid->cell[r * 9 + c];
            if (c == 3 || c == 6) {
                out[n++] = '|';
                out[n++] = ' ';
            }
            out[n++] = v ? (char)('0' + v) : '.';
            out[n++] = c == 8 ? '\n' : ' ';
        }
    }
    n--; /* no newline after the last row */
    out[n] = '\0';
    return n;
}

int sudoku_grid_givens(const sudoku_grid *grid)
{
    int n = 0;
    for (int i = 0; i < SUDOKU_CELLS; i++)
        n += grid->cell[i] != 0;
    return n;
}

int sudoku_grid_consistent(const sudoku_grid *grid)
{
    uint16_t row[9] = {0}, col[9] = {0}, box[9] = {0};
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        int v = grid->cell[i];
        if (v == 0)
            continue;
        uint16_t bit = (uint16_t)(1u << v);
        int r = sudoku_row(i), c = sudoku_col(i), b = sudoku_box(i);
        if ((row[r] | col[c] | box[b]) & bit)
            return 0;
        row[r] |= bit;
        col[c] |= bit;
        box[b] |= bit;
    }
    return 1;
}

int sudoku_grid_is_solution(const sudoku_grid *grid)
{
    return sudoku_grid_givens(grid) == SUDOKU_CELLS &&
           sudoku_grid_consistent(grid);
}
