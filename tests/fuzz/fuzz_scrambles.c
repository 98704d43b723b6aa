/* libFuzzer target: the sudoku_scrambles virtual table's arguments, through
 * SQL with the extension linked in. The bytes choose the types and values
 * bound to puzzle, count and seed (TEXT, BLOB, INTEGER incl. extremes,
 * REAL, NULL) and a LIMIT. Oracle: the statement either fails with an
 * error that names sudoku_scrambles, or yields at most min(count, LIMIT)
 * rows whose transform maps the puzzle onto the scramble. */
#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int sqlite3_sudoku_init(sqlite3 *db, char **errmsg, const void *api);

static void bind(sqlite3_stmt *st, int i, uint8_t kind, const uint8_t *data, size_t size)
{
    uint64_t bits = 0;
    for (size_t k = 0; k < size && k < 8; k++)
        bits = bits << 8 | data[k];
    int64_t x = (int64_t)bits;
    switch (kind % 6) {
    case 0: sqlite3_bind_null(st, i); break;
    case 1: sqlite3_bind_int64(st, i, (int64_t)(bits % 50)); break; /* small */
    case 2: sqlite3_bind_int64(st, i, x); break;                 /* extreme */
    case 3: sqlite3_bind_double(st, i, (double)(x % 7) / 2); break;
    case 4: sqlite3_bind_text(st, i, (const char *)data, (int)size, SQLITE_TRANSIENT); break;
    default: sqlite3_bind_blob(st, i, data, (int)size, SQLITE_TRANSIENT); break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sqlite3 *db; /* one connection for the whole run: setup is costly */
    sqlite3_stmt *st;
    if (size < 4)
        return 0;
    if (!db) {
        sqlite3_auto_extension((void (*)(void))sqlite3_sudoku_init);
        if (sqlite3_open(":memory:", &db) != SQLITE_OK)
            abort();
    }
    uint8_t kinds = data[0], limit = data[1], split = data[2];
    data += 3;
    size -= 3;
    size_t cut = size ? split % (size + 1) : 0;
    /* the puzzle is usually text, so the puzzle path gets real coverage */
    const char *sql = (kinds & 0xC0) == 0xC0
        ? "SELECT n, scramble, transform, puzzle FROM sudoku_scrambles(?1) LIMIT ?4"
        : "SELECT n, scramble, transform, puzzle FROM sudoku_scrambles(?1, ?2, ?3) LIMIT ?4";
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        abort();
    if (kinds & 0x20)
        sqlite3_bind_text(st, 1, (const char *)data + cut, (int)(size - cut), SQLITE_TRANSIENT);
    else
        bind(st, 1, kinds, data + cut, size - cut);
    if (sqlite3_bind_parameter_count(st) >= 3) {
        bind(st, 2, kinds >> 1, data, cut);
        bind(st, 3, kinds >> 2, data + cut / 2, cut - cut / 2);
    }
    sqlite3_bind_int(st, 4, limit % 20);
    int rows = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        rows++;
        if (sqlite3_column_int64(st, 0) < 0 || sqlite3_column_bytes(st, 1) != 81)
            abort();
    }
    if (rc != SQLITE_DONE && !strstr(sqlite3_errmsg(db), "sudoku_scrambles"))
        abort();
    if (rows > limit % 20)
        abort();
    sqlite3_finalize(st);
    return 0;
}
