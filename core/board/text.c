/*
 * text.c - the text forms of boards of every order (board.h).
 *
 * The order is known only once the cells are counted, and which bytes are
 * symbols depends on the order ('1' is a symbol of a 9x9 board but not of
 * a 16x16 one read as A-P). So a parse makes two passes over the text: the
 * first skips separators, counts cells and refuses bytes that are a cell
 * at no order of the alphabet; the second, with the order known, decodes
 * the cells and refuses those outside the order's alphabet. No offsets
 * are stored between the passes: the text is simply read again.
 */
#include "../board.h"

#include <stdio.h>
#include <string.h>

static const char *const SYMBOL_NAMES[SUDOKU_SYMBOLS_COUNT] = {
    "auto", "letters", "1-9A-G", "0-9A-F", "numbers"};

const char *sudoku_symbols_name(sudoku_symbols symbols)
{
    return (unsigned)symbols < SUDOKU_SYMBOLS_COUNT ? SYMBOL_NAMES[symbols] : "?";
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

int sudoku_symbols_from_name(const char *name)
{
    for (int k = 0; k < SUDOKU_SYMBOLS_COUNT; k++) {
        const char *a = SYMBOL_NAMES[k], *b = name;
        while (*a && lower((unsigned char)*a) == lower((unsigned char)*b))
            a++, b++;
        if (!*a && !*b)
            return k;
    }
    return -1;
}

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static int is_separator(unsigned char c, sudoku_symbols symbols)
{
    return is_space(c) || c == '|' || c == '+' || c == '-' ||
           (c == ',' && symbols == SUDOKU_SYMBOLS_NUMBERS);
}

/* The value of cell character c in a single-character alphabet at this
 * order: 1..N a symbol, 0 empty, -1 not a cell. */
static int char_value(int order, sudoku_symbols symbols, unsigned char c)
{
    int n = order * order, v = -1;
    if (c == '.')
        return 0;
    if (c >= 'a' && c <= 'z')
        c = (unsigned char)(c - 32);
    int digit = c >= '0' && c <= '9' ? c - '0' : -1;
    int letter = c >= 'A' && c <= 'Z' ? c - 'A' : -1;
    switch (symbols) {
    case SUDOKU_SYMBOLS_AUTO:
        if (digit == 0)
            return 0;
        v = order <= 3 ? (digit > 0 ? digit : -1) : (letter >= 0 ? letter + 1 : -1);
        break;
    case SUDOKU_SYMBOLS_LETTERS:
        if (digit == 0)
            return 0;
        v = letter >= 0 ? letter + 1 : -1;
        break;
    case SUDOKU_SYMBOLS_FROM_1:
        if (digit == 0)
            return 0;
        v = digit > 0 ? digit : letter >= 0 ? letter + 10 : -1;
        break;
    case SUDOKU_SYMBOLS_FROM_0:
        v = digit >= 0 ? digit + 1 : letter >= 0 ? letter + 11 : -1;
        break;
    default:
        return -1;
    }
    return v >= 1 && v <= n ? v : -1;
}

/* 1 when c is a cell at some order of the alphabet (the first pass). */
static int char_is_cell(sudoku_symbols symbols, unsigned char c)
{
    for (int order = SUDOKU_BOARD_MIN_ORDER; order <= SUDOKU_BOARD_MAX_ORDER; order++)
        if (char_value(order, symbols, c) >= 0)
            return 1;
    return 0;
}

static sudoku_board_status fail(sudoku_board_error *err, sudoku_board_status status,
                                const unsigned char *s, size_t at)
{
    err->status = status;
    err->offset = at;
    err->byte = s[at];
    return status;
}

/* NUMBERS: the cell starting at s[i] ('.' or a digit run); its length in
 * *n and its value (-1: more than 3 digits). */
static int number_at(const unsigned char *s, size_t len, size_t i, size_t *n)
{
    int value = 0;
    size_t k = i;
    if (s[i] == '.') {
        *n = 1;
        return 0;
    }
    while (k < len && s[k] >= '0' && s[k] <= '9') {
        if (k - i < 3)
            value = value * 10 + (s[k] - '0');
        k++;
    }
    *n = k - i;
    return k - i > 3 ? -1 : value;
}

static int is_cell_start(const unsigned char *s, sudoku_symbols symbols, size_t i)
{
    if (symbols == SUDOKU_SYMBOLS_NUMBERS)
        return s[i] == '.' || (s[i] >= '0' && s[i] <= '9');
    return char_is_cell(symbols, s[i]);
}

sudoku_board_status sudoku_board_parse(const void *text, size_t len,
                                       sudoku_symbols symbols, int *order,
                                       uint8_t *cells, sudoku_board_error *err)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t start = 0, count = 0, step;
    sudoku_board_error local;
    int numbers = symbols == SUDOKU_SYMBOLS_NUMBERS;
    if (!err)
        err = &local;
    memset(err, 0, sizeof *err);
    err->symbols = symbols;
    if ((unsigned)symbols >= SUDOKU_SYMBOLS_COUNT) {
        err->status = SUDOKU_BOARD_BAD_OPTION;
        return err->status;
    }
    if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
        start = 3;

    /* pass 1: count cells, refuse bytes that are never a cell */
    for (size_t i = start; i < len; i += step) {
        step = 1;
        if (is_separator(s[i], symbols))
            continue;
        if (!is_cell_start(s, symbols, i))
            return fail(err, SUDOKU_BOARD_BAD_CHAR, s, i);
        if (numbers && number_at(s, len, i, &step) < 0)
            return fail(err, SUDOKU_BOARD_BAD_NUMBER, s, i);
        count++;
    }
    err->cells = count;
    int n = sudoku_board_order_of(count);
    if (!n) {
        err->status = SUDOKU_BOARD_CELL_COUNT;
        return err->status;
    }

    /* pass 2: decode in the order's alphabet */
    size_t cell = 0;
    for (size_t i = start; i < len; i += step) {
        int v;
        step = 1;
        if (is_separator(s[i], symbols))
            continue;
        if (numbers) {
            v = number_at(s, len, i, &step);
            if (v > n * n) {
                err->value = (unsigned)v;
                err->order = n;
                return fail(err, SUDOKU_BOARD_BAD_NUMBER, s, i);
            }
        } else {
            v = char_value(n, symbols, s[i]);
            if (v < 0) {
                err->order = n;
                return fail(err, SUDOKU_BOARD_BAD_SYMBOL, s, i);
            }
        }
        cells[cell++] = (uint8_t)v;
    }
    *order = n;
    return SUDOKU_BOARD_OK;
}

sudoku_board_status sudoku_board_read(const void *text, size_t len,
                                      sudoku_symbols symbols,
                                      sudoku_board *board,
                                      sudoku_board_error *err)
{
    return sudoku_board_parse(text, len, symbols, &board->order, board->cell, err);
}

char sudoku_board_symbol_char(int order, sudoku_symbols symbols, int v)
{
    if (!sudoku_board_cells(order) || v < 1 || v > order * order)
        return 0;
    switch (symbols) {
    case SUDOKU_SYMBOLS_AUTO:
        return (char)(order <= 3 ? '0' + v : 'A' + v - 1);
    case SUDOKU_SYMBOLS_LETTERS:
        return (char)('A' + v - 1);
    case SUDOKU_SYMBOLS_FROM_1:
        return (char)(v <= 9 ? '0' + v : 'A' + v - 10);
    case SUDOKU_SYMBOLS_FROM_0:
        return (char)(v <= 10 ? '0' + v - 1 : 'A' + v - 11);
    default:
        return 0;
    }
}

/* "A-P", "1-9A-G", ...: the symbols of an order, for messages. */
static void alphabet_text(int order, sudoku_symbols symbols, char *buf, size_t cap)
{
    int n = order * order;
    if (symbols == SUDOKU_SYMBOLS_NUMBERS) {
        snprintf(buf, cap, "the numbers 1-%d", n);
        return;
    }
    char first = sudoku_board_symbol_char(order, symbols, 1);
    char last = sudoku_board_symbol_char(order, symbols, n);
    int digits_then_letters = (symbols == SUDOKU_SYMBOLS_FROM_1 && n > 9) ||
                              (symbols == SUDOKU_SYMBOLS_FROM_0 && n > 10);
    if (digits_then_letters)
        snprintf(buf, cap, "%c-9A-%c", first, last);
    else
        snprintf(buf, cap, "%c-%c", first, last);
}

char *sudoku_board_error_message(const sudoku_board_error *err,
                                 const char *prefix, char *buf, size_t cap)
{
    char shown[16], alphabet[32];
    if (cap == 0)
        return buf;
    /* printable ASCII as itself, anything else as a byte value, so the
     * message stays valid UTF-8 whatever came in */
    if (err->byte >= 0x20 && err->byte < 0x7F && err->byte != '\'')
        snprintf(shown, sizeof shown, "'%c'", err->byte);
    else
        snprintf(shown, sizeof shown, "byte 0x%02X", err->byte);
    int n = err->order * err->order;
    switch (err->status) {
    case SUDOKU_BOARD_OK:
        snprintf(buf, cap, "%s: no error", prefix);
        break;
    case SUDOKU_BOARD_BAD_CHAR:
        snprintf(buf, cap, "%s: invalid %s%s at offset %zu", prefix,
                 err->byte >= 0x20 && err->byte < 0x7F && err->byte != '\''
                     ? "character " : "",
                 shown, err->offset);
        break;
    case SUDOKU_BOARD_CELL_COUNT:
        snprintf(buf, cap, "%s: expected 16, 81, 256 or 625 cells, found %zu",
                 prefix, err->cells);
        break;
    case SUDOKU_BOARD_BAD_SYMBOL:
        alphabet_text(err->order, err->symbols, alphabet, sizeof alphabet);
        snprintf(buf, cap, "%s: invalid symbol %s at offset %zu: a %dx%d board in "
                 "the %s alphabet uses %s%s", prefix, shown, err->offset, n, n,
                 sudoku_symbols_name(err->symbols), alphabet,
                 err->symbols == SUDOKU_SYMBOLS_AUTO && err->order > 3 &&
                         err->byte >= '1' && err->byte <= '9'
                     ? " (for digits choose 1-9A-G or 0-9A-F)" : "");
        break;
    case SUDOKU_BOARD_BAD_NUMBER:
        if (err->value == 0)
            snprintf(buf, cap, "%s: number too long at offset %zu", prefix,
                     err->offset);
        else
            snprintf(buf, cap, "%s: number %u at offset %zu is above %d, the "
                     "largest symbol of a %dx%d board", prefix, err->value,
                     err->offset, n, n, n);
        break;
    case SUDOKU_BOARD_BAD_OPTION:
        snprintf(buf, cap, "%s: unknown alphabet %d", prefix, (int)err->symbols);
        break;
    }
    return buf;
}

/* One row of a grid, or (dashes) its separator line: the cells separated
 * by spaces, "| " before each box but the first; in the separator every
 * character becomes '-' and every '|' a '+'. Returns the length. */
static size_t grid_row(int order, const uint8_t *row, sudoku_symbols symbols,
                       int dashes, char *out)
{
    int n = order * order, width = symbols == SUDOKU_SYMBOLS_NUMBERS && n > 9 ? 2 : 1;
    size_t k = 0;
    for (int c = 0; c < n; c++) {
        if (c && c % order == 0) {
            out[k++] = dashes ? '+' : '|';
            out[k++] = dashes ? '-' : ' ';
        }
        int v = row[c];
        char text[4];
        if (v == 0)
            snprintf(text, sizeof text, "%*s", width, ".");
        else if (symbols == SUDOKU_SYMBOLS_NUMBERS)
            snprintf(text, sizeof text, "%*d", width, v);
        else
            snprintf(text, sizeof text, "%c", sudoku_board_symbol_char(order, symbols, v));
        for (int i = 0; i < width; i++)
            out[k++] = dashes ? '-' : text[i];
        out[k++] = dashes ? '-' : ' ';
    }
    return k - 1; /* no space after the last cell */
}

size_t sudoku_board_format(int order, const uint8_t *cells,
                           sudoku_board_style style, sudoku_symbols symbols,
                           char *out)
{
    int total = sudoku_board_cells(order), n = order * order;
    size_t k = 0;
    out[0] = '\0';
    if (!total || (unsigned)symbols >= SUDOKU_SYMBOLS_COUNT ||
        (unsigned)style > SUDOKU_BOARD_GRID ||
        (style == SUDOKU_BOARD_ZEROS && symbols == SUDOKU_SYMBOLS_FROM_0))
        return 0;
    for (int i = 0; i < total; i++)
        if (cells[i] > n)
            return 0;
    if (style == SUDOKU_BOARD_GRID) {
        for (int r = 0; r < n; r++) {
            if (r && r % order == 0) {
                k += grid_row(order, cells, symbols, 1, out + k);
                out[k++] = '\n';
            }
            k += grid_row(order, cells + r * n, symbols, 0, out + k);
            out[k++] = '\n';
        }
        out[--k] = '\0';
        return k;
    }
    char empty = style == SUDOKU_BOARD_ZEROS ? '0' : '.';
    for (int i = 0; i < total; i++) {
        int v = cells[i];
        if (symbols == SUDOKU_SYMBOLS_NUMBERS) {
            if (i)
                out[k++] = ' ';
            if (v == 0)
                out[k++] = empty;
            else
                k += (size_t)snprintf(out + k, 4, "%d", v);
        } else {
            out[k++] = v ? sudoku_board_symbol_char(order, symbols, v) : empty;
        }
    }
    out[k] = '\0';
    return k;
}

int sudoku_board_givens(int order, const uint8_t *cells)
{
    int total = sudoku_board_cells(order), count = 0;
    if (!total)
        return -1;
    for (int i = 0; i < total; i++)
        count += cells[i] != 0;
    return count;
}

int sudoku_board_consistent(int order, const uint8_t *cells)
{
    int total = sudoku_board_cells(order), n = order * order;
    uint32_t row[SUDOKU_BOARD_MAX_SIZE] = {0}, col[SUDOKU_BOARD_MAX_SIZE] = {0},
             box[SUDOKU_BOARD_MAX_SIZE] = {0};
    if (!total)
        return 0;
    for (int i = 0; i < total; i++) {
        int v = cells[i];
        if (v == 0)
            continue;
        if (v > n)
            return 0;
        uint32_t bit = 1u << v;
        int r = i / n, c = i % n, b = r / order * order + c / order;
        if ((row[r] | col[c] | box[b]) & bit)
            return 0;
        row[r] |= bit;
        col[c] |= bit;
        box[b] |= bit;
    }
    return 1;
}

int sudoku_board_is_solution(int order, const uint8_t *cells)
{
    return sudoku_board_givens(order, cells) == sudoku_board_cells(order) &&
           sudoku_board_consistent(order, cells);
}
