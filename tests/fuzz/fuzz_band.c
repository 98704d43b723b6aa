/* libFuzzer target: the top-band class of arbitrary bytes (core) and the
 * SQL functions sudoku_band_class(p) and sudoku_random_grid(seed).
 * Oracles: sudoku_band_class_of is non-zero exactly for a valid band, and
 * then the class's key is the band's key; through SQL, either a result
 * (a class 1..44 or NULL; an 81-digit valid grid) or an error naming the
 * function. */
#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "band.h"

int sqlite3_sudoku_init(sqlite3 *db, char **errmsg, const void *api);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sqlite3 *db;
    sqlite3_stmt *st;
    uint8_t band[27];
    int c;
    if (size < 27)
        return 0;
    /* core: bytes as cells, digits 0..9 mostly (byte % 10), sometimes raw */
    for (int i = 0; i < 27; i++)
        band[i] = (data[0] & 1) ? data[i] : (uint8_t)(data[i] % 10);
    c = sudoku_band_class_of(band);
    if ((c != 0) != sudoku_band_valid(band))
        abort();
    if (c && sudoku_band_classes()[c - 1].key != sudoku_band_key(band))
        abort();

    if (!db) {
        sqlite3_auto_extension((void (*)(void))sqlite3_sudoku_init);
        if (sqlite3_open(":memory:", &db) != SQLITE_OK)
            abort();
    }
    if (sqlite3_prepare_v2(db, "SELECT sudoku_band_class(?1), sudoku_random_grid(?2)", -1, &st,
                           NULL) != SQLITE_OK)
        abort();
    if (data[1] & 1)
        sqlite3_bind_blob(st, 1, data + 2, (int)(size - 2), SQLITE_TRANSIENT);
    else
        sqlite3_bind_text(st, 1, (const char *)data + 2, (int)(size - 2), SQLITE_TRANSIENT);
    {
        uint64_t bits = 0;
        for (int k = 0; k < 8; k++)
            bits = bits << 8 | data[2 + k];
        switch (data[1] >> 1 & 3) {
        case 0: sqlite3_bind_int64(st, 2, (int64_t)bits); break;
        case 1: sqlite3_bind_null(st, 2); break;
        case 2: sqlite3_bind_double(st, 2, (double)(bits % 1000)); break;
        default: sqlite3_bind_text(st, 2, (const char *)data + 2, 8, SQLITE_TRANSIENT); break;
        }
    }
    if (sqlite3_step(st) == SQLITE_ROW) {
        if (sqlite3_column_type(st, 0) == SQLITE_INTEGER) {
            int k = sqlite3_column_int(st, 0);
            if (k < 1 || k > SUDOKU_BAND_CLASSES)
                abort();
        }
        if (sqlite3_column_type(st, 1) == SQLITE_TEXT) {
            const unsigned char *g = sqlite3_column_text(st, 1);
            if (sqlite3_column_bytes(st, 1) != 81)
                abort();
            for (int i = 0; i < 81; i++)
                if (g[i] < '1' || g[i] > '9')
                    abort();
        }
    } else {
        const char *msg = sqlite3_errmsg(db);
        if (!strstr(msg, "sudoku_band_class") && !strstr(msg, "sudoku_random_grid"))
            abort();
    }
    sqlite3_finalize(st);
    return 0;
}
