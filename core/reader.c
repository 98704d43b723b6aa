#include "reader.h"

#include <stdio.h>
#include <string.h>

#include "cells81.inc"

/* Byte classes, as value + 1 so that the zero default of the designated
 * initialisers means "not a cell": 1 = empty cell, 2..10 = digit 1..9,
 * SKIP = whitespace or drawing (grid form only). */
enum { NOT_CELL = 0, SKIP = 11 };

#define DIGITS                                                               \
    ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7,        \
    ['7'] = 8, ['8'] = 9, ['9'] = 10

/* The line form: '-' is an empty cell. */
static const uint8_t line_class[256] = {
    DIGITS, ['.'] = 1, ['0'] = 1, ['-'] = 1, ['*'] = 1, ['_'] = 1,
};

/* The grid form: '-' draws, like '|' and '+'. */
static const uint8_t grid_class[256] = {
    DIGITS, ['.'] = 1, ['0'] = 1, ['*'] = 1, ['_'] = 1,
    [' '] = SKIP, ['\t'] = SKIP, ['\r'] = SKIP, ['\v'] = SKIP, ['\f'] = SKIP,
    ['|'] = SKIP, ['+'] = SKIP, ['-'] = SKIP,
};

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Characters trimmed from the start of a puzzle line's rest. */
static int is_rest_lead(unsigned char c)
{
    return is_space(c) || c == ';' || c == ',' || c == '|' || c == '#' || c == ':';
}

sudoku_line_kind sudoku_line_read(const char *text, size_t len,
                                  sudoku_read_format format, sudoku_line *out)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0, run = 0, cells = 0;

    out->fault = SUDOKU_FAULT_NONE;
    out->rest = out->rest_len = 0;
    while (i < len && is_space(s[i]))
        i++;
    if (i == len)
        return out->kind = SUDOKU_LINE_BLANK;
    if (s[i] == '#')
        return out->kind = SUDOKU_LINE_COMMENT;

    /* The line form: the leading run of cells. Most lines of a collection
     * are exactly this, so it is tried first and costs one table lookup a
     * byte. */
    {
        if (len - i >= SUDOKU_CELLS && cells81_read(s + i, out->cell))
            run = SUDOKU_CELLS; /* the commonest spelling, 16 bytes a step */
        while (i + run < len && run < SUDOKU_CELLS) {
            uint8_t c = line_class[s[i + run]];
            if (c == NOT_CELL)
                break;
            out->cell[run++] = (uint8_t)(c - 1);
        }
        if (run == SUDOKU_CELLS) {
            size_t j = i + run, end = len;
            if (j < len && line_class[s[j]] != NOT_CELL) {
                out->fault = SUDOKU_FAULT_82ND_CELL;
                out->column = j + 1;
                return out->kind = SUDOKU_LINE_BAD;
            }
            while (j < end && is_rest_lead(s[j]))
                j++;
            while (end > j && is_space(s[end - 1]))
                end--;
            out->rest = j;
            out->rest_len = end - j;
            return out->kind = SUDOKU_LINE_PUZZLE;
        }
    }

    /* The grid form (or the 81 cells spaced out on one line). */
    for (size_t j = i; j < len; j++) {
        uint8_t c = grid_class[s[j]];
        if (c == SKIP)
            continue;
        if (c == NOT_CELL) {
            /* A long run of cells is a puzzle line that is too short (or
             * has a stray byte inside): say that, not "bad character". */
            if (run > 9) {
                out->fault = SUDOKU_FAULT_RUN;
                out->cells = run;
            } else {
                out->fault = SUDOKU_FAULT_CHAR;
                out->column = j + 1;
                out->byte = s[j];
            }
            return out->kind = SUDOKU_LINE_BAD;
        }
        if (cells < SUDOKU_CELLS)
            out->cell[cells] = (uint8_t)(c - 1);
        cells++;
    }
    if (cells == SUDOKU_CELLS)
        return out->kind = SUDOKU_LINE_PUZZLE;
    if (format != SUDOKU_READ_LINE) {
        if (cells == 0)
            return out->kind = SUDOKU_LINE_RULE;
        if (cells == 9)
            return out->kind = SUDOKU_LINE_ROW;
    }
    out->fault = run > 9 ? SUDOKU_FAULT_RUN : SUDOKU_FAULT_CELLS;
    out->cells = run > 9 ? run : cells;
    return out->kind = SUDOKU_LINE_BAD;
}

/* ---- the reader ---------------------------------------------------- */

/* How much consumed input (each line's bytes + LINE_WORK) between two asks
 * of the cancel hook: 4,096 blank lines or 256 KiB of long ones, well
 * under a millisecond of work either way. */
#define WORK_PER_ASK ((size_t)1 << 18)
#define LINE_WORK 64

static void reset(sudoku_reader *r, sudoku_read_format format)
{
    memset(r, 0, sizeof *r);
    r->format = format;
}

/* The offset of the first byte c in buf[from, end), or end. */
static size_t find_byte(const sudoku_reader *r, size_t from, int c)
{
    const char *p = memchr(r->buf + from, c, r->end - from);
    return p ? (size_t)(p - r->buf) : r->end;
}

/* The next LF and the next CR are each looked up once and kept until pos
 * passes them: a file without CR costs one memchr for CR per buffer, and
 * a CR-only file one memchr for LF per buffer, not one per line. */
static void find_line_ends(sudoku_reader *r)
{
    if (r->lf < r->pos)
        r->lf = find_byte(r, r->pos, '\n');
    if (r->cr < r->pos)
        r->cr = find_byte(r, r->pos, '\r');
}

void sudoku_reader_init_memory(sudoku_reader *r, const void *text, size_t len,
                               sudoku_read_format format)
{
    reset(r, format);
    /* Never written through: the memory reader only reads its buffer.
     * Empty input may come as NULL (SQLite's empty BLOB): point at "". */
    r->buf = (char *)(uintptr_t)(text ? text : "");
    r->cap = r->end = len;
    r->lf = find_byte(r, 0, '\n');
    r->cr = find_byte(r, 0, '\r');
    r->at_end = 1;
}

void sudoku_reader_init(sudoku_reader *r, sudoku_read_fn read, void *arg,
                        char *buf, size_t cap, sudoku_read_format format)
{
    reset(r, format);
    r->read = read;
    r->arg = arg;
    r->buf = buf;
    r->cap = cap;
}

/* The next line, without its line end (LF, CR LF or CR): 1 (in *s, *len),
 * 0 at the end, -1 on a read error, 2 for a line too long for the buffer
 * (its start in *s), SUDOKU_CANCELLED before a read when cancel says stop
 * (or when read() was cancelled). */
static int next_line(sudoku_reader *r, const char **s, size_t *len,
                     const sudoku_cancel *cancel)
{
    for (;;) {
        size_t eol = r->lf < r->cr ? r->lf : r->cr;
        if (eol < r->end) {
            size_t next = eol + 1;
            *s = r->buf + r->pos;
            *len = eol - r->pos;
            if (r->buf[eol] == '\r') {
                /* CR LF is one line end; when the buffer ends at the CR,
                 * the byte after it is looked at once it is read */
                if (next < r->end)
                    next += r->buf[next] == '\n';
                else
                    r->after_cr = !r->at_end;
            }
            r->pos = next;
            find_line_ends(r);
            if (!r->skipping)
                return 1;
            r->skipping = 0; /* the tail of a line reported as too long */
            r->work += *len + LINE_WORK;
            continue;
        }
        if (r->at_end) {
            if (r->pos == r->end)
                return 0;
            *s = r->buf + r->pos;
            *len = r->end - r->pos;
            r->pos = r->end;
            if (r->skipping) {
                r->skipping = 0;
                return 0;
            }
            return 1;
        }
        /* Keep the partial line, read more behind it. */
        if (r->pos > 0) {
            size_t shift = r->pos;
            memmove(r->buf, r->buf + shift, r->end - shift);
            r->end -= shift;
            r->lf -= shift;
            r->cr -= shift;
            r->pos = 0;
        }
        if (r->end == r->cap) {
            /* A whole buffer without a line end: report the line once,
             * then drop bytes until its end. */
            int first = !r->skipping;
            r->work += r->end;
            r->end = r->lf = r->cr = 0;
            r->skipping = 1;
            if (first) {
                *s = r->buf;
                *len = r->cap;
                return 2;
            }
        }
        /* Each read may bring up to a buffer of input, or wait. */
        if (sudoku_cancelled(cancel))
            return SUDOKU_CANCELLED;
        size_t old_end = r->end;
        size_t got = r->read(r->arg, r->buf + r->end, r->cap - r->end);
        if (got == SUDOKU_READ_CANCELLED)
            return SUDOKU_CANCELLED;
        if (got == SUDOKU_READ_ERROR)
            return -1;
        if (got == 0)
            r->at_end = 1;
        r->end += got;
        /* the ends not found before old_end may be in the new bytes */
        if (r->lf == old_end)
            r->lf = find_byte(r, old_end, '\n');
        if (r->cr == old_end)
            r->cr = find_byte(r, old_end, '\r');
        if (r->after_cr) {
            /* the last line ended in the buffer's last byte, a CR: an LF
             * right after it belongs to that line end */
            r->after_cr = 0;
            if (got > 0 && r->buf[r->pos] == '\n') {
                r->pos++;
                find_line_ends(r);
            }
        }
    }
}

static void format_fault(const sudoku_line *l, sudoku_read_format format,
                         char *buf, size_t cap)
{
    switch (l->fault) {
    case SUDOKU_FAULT_CHAR:
        if (l->byte >= 0x20 && l->byte < 0x7F && l->byte != '\'')
            snprintf(buf, cap, "invalid character '%c' at column %zu", l->byte,
                     l->column);
        else
            snprintf(buf, cap, "invalid byte 0x%02X at column %zu", l->byte,
                     l->column);
        break;
    case SUDOKU_FAULT_82ND_CELL:
        snprintf(buf, cap,
                 "an 82nd cell at column %zu: a puzzle line holds 81 cells, "
                 "then a separator (space, TAB, ';', ...)", l->column);
        break;
    case SUDOKU_FAULT_RUN:
        snprintf(buf, cap, "a puzzle line holds 81 cells, this one %zu", l->cells);
        break;
    case SUDOKU_FAULT_CELLS:
        if (format == SUDOKU_READ_LINE)
            snprintf(buf, cap, "%zu cells: a puzzle line holds 81", l->cells);
        else
            snprintf(buf, cap, "%zu cells: a puzzle line holds 81, a grid row 9",
                     l->cells);
        break;
    case SUDOKU_FAULT_TOO_LONG:
        snprintf(buf, cap, "line longer than %zu bytes", l->column);
        break;
    case SUDOKU_FAULT_NONE:
        snprintf(buf, cap, "no puzzle");
        break;
    }
}

/* The row for a puzzle line or a bad line. */
static void line_row(sudoku_reader *r, uint64_t line_no, const char *text,
                     const sudoku_line *l, sudoku_read_row *row)
{
    row->line = line_no;
    row->rest = NULL;
    row->rest_len = 0;
    if (l->kind == SUDOKU_LINE_PUZZLE) {
        row->ok = 1;
        memcpy(row->grid.cell, l->cell, SUDOKU_CELLS);
        if (l->rest_len) {
            row->rest = text + l->rest;
            row->rest_len = l->rest_len;
        }
        row->error[0] = '\0';
    } else {
        row->ok = 0;
        format_fault(l, r->format, row->error, sizeof row->error);
    }
}

/* The error row of a grid that stopped short of 9 rows. */
static void short_grid_row(sudoku_reader *r, sudoku_read_row *row)
{
    row->line = r->grid_line;
    row->ok = 0;
    row->rest = NULL;
    row->rest_len = 0;
    snprintf(row->error, sizeof row->error,
             "a grid of %d row%s (lines %llu-%llu): a grid holds 9 rows of 9 cells",
             r->rows, r->rows == 1 ? "" : "s", (unsigned long long)r->grid_line,
             (unsigned long long)r->grid_last);
    r->rows = 0;
}

int sudoku_reader_next(sudoku_reader *r, sudoku_read_row *row, const sudoku_cancel *cancel)
{
    if (r->pending) {
        r->pending = 0;
        line_row(r, r->pending_line, r->pending_text, &r->pending_parsed, row);
        return 1;
    }
    for (;;) {
        const char *s;
        size_t len;
        sudoku_line l;
        /* Between two lines: a cancelled call resumes from here. */
        if (r->work >= WORK_PER_ASK) {
            r->work = 0;
            if (sudoku_cancelled(cancel))
                return SUDOKU_CANCELLED;
        }
        int got = next_line(r, &s, &len, cancel);
        if (got == SUDOKU_CANCELLED)
            return got;
        if (got <= 0) {
            if (got == 0 && r->rows > 0) {
                short_grid_row(r, row);
                return 1;
            }
            return got;
        }
        r->work += len + LINE_WORK;
        r->line_no++;
        if (r->line_no == 1 && len >= 3 && (unsigned char)s[0] == 0xEF &&
            (unsigned char)s[1] == 0xBB && (unsigned char)s[2] == 0xBF) {
            s += 3;
            len -= 3;
        }
        if (got == 2) {
            l.kind = SUDOKU_LINE_BAD;
            l.fault = SUDOKU_FAULT_TOO_LONG;
            l.column = r->cap - 1; /* the limit, for the message */
        } else {
            sudoku_line_read(s, len, r->format, &l);
        }
        switch (l.kind) {
        case SUDOKU_LINE_RULE:
            continue;
        case SUDOKU_LINE_BLANK:
        case SUDOKU_LINE_COMMENT:
            if (r->rows > 0) {
                short_grid_row(r, row);
                return 1;
            }
            continue;
        case SUDOKU_LINE_ROW:
            if (r->rows == 0)
                r->grid_line = r->line_no;
            r->grid_last = r->line_no;
            memcpy(r->cell + 9 * r->rows, l.cell, 9);
            if (++r->rows < 9)
                continue;
            r->rows = 0;
            row->line = r->grid_line;
            row->ok = 1;
            memcpy(row->grid.cell, r->cell, SUDOKU_CELLS);
            row->rest = NULL;
            row->rest_len = 0;
            row->error[0] = '\0';
            return 1;
        case SUDOKU_LINE_PUZZLE:
        case SUDOKU_LINE_BAD:
            if (r->rows > 0) {
                r->pending = 1;
                r->pending_line = r->line_no;
                r->pending_parsed = l;
                r->pending_text = s;
                short_grid_row(r, row);
                return 1;
            }
            line_row(r, r->line_no, s, &l, row);
            return 1;
        }
    }
}

int sudoku_parse_lenient(const void *text, size_t len, sudoku_read_format format, sudoku_grid *grid,
                         const sudoku_cancel *cancel)
{
    sudoku_reader r;
    sudoku_read_row row;
    int got;
    sudoku_reader_init_memory(&r, text, len, format);
    got = sudoku_reader_next(&r, &row, cancel);
    if (got != 1)
        return got == SUDOKU_CANCELLED ? got : 0;
    if (!row.ok)
        return 0;
    /* The text must hold nothing more: read on to the end. */
    got = sudoku_reader_next(&r, &row, cancel);
    if (got == SUDOKU_CANCELLED)
        return got;
    if (got != 0)
        return 0;
    *grid = row.grid;
    return 1;
}
