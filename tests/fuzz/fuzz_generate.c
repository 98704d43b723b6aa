/* libFuzzer target: the arguments of sudoku_generate (its JSON options
 * above all) and sudoku_neighbors, through SQL with the extension linked
 * in. The first byte picks the function; the rest is the options text (or
 * the puzzle), with small counts and tries so each input stays quick.
 * Oracle: the statement fails with an error naming the function, or every
 * row is an 81-character puzzle with exactly one solution, and when the
 * options hold one "se" key its rating (or [min, max]) holds for the row
 * by sudoku_se_rating (the generator rounds bounds inwards to tenths). */
#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int sqlite3_sudoku_init(sqlite3 *db, char **errmsg, const void *api);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sqlite3 *db;
    sqlite3_stmt *st;
    const char *name;
    int rc;
    if (size < 2)
        return 0;
    if (!db) {
        sqlite3_auto_extension((void (*)(void))sqlite3_sudoku_init);
        if (sqlite3_open(":memory:", &db) != SQLITE_OK)
            abort();
    }
    uint8_t pick = data[0];
    data++;
    size--;
    if (pick & 1) {
        name = "sudoku_neighbors";
        /* plus and minus up to 1: the vicinity grows fast beyond */
        if (sqlite3_prepare_v2(db,
                               "SELECT puzzle, removed, sudoku_count(puzzle, 2), added, minimal "
                               "FROM sudoku_neighbors(?1, ?2, ?3) LIMIT 3",
                               -1, &st, NULL) != SQLITE_OK)
            abort();
        sqlite3_bind_text(st, 1, (const char *)data, (int)size, SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 2, (pick >> 1) & 1);
        sqlite3_bind_int(st, 3, (pick >> 2) & 1);
    } else {
        name = "sudoku_generate";
        /* the options with a small tries cap set when SQLite's JSON reads
         * them: the generator refuses whatever json_valid() refuses (a
         * leading zero got through once, with the default tries: a 35 s
         * unit) and a key given twice (json_set would cap only the first) */
        if (sqlite3_prepare_v2(db,
                               "SELECT puzzle, minimal, sudoku_count(puzzle, 2), "
                               "CASE WHEN NOT json_valid(?3) OR json_type(?3) <> 'object' OR "
                               "(SELECT count(*) FROM json_each(?3) WHERE key = 'se') <> 1 THEN 1 "
                               "WHEN json_type(?3, '$.se') IN ('integer', 'real') THEN "
                               "sudoku_se_rating(puzzle) = json_extract(?3, '$.se') "
                               "ELSE sudoku_se_rating(puzzle) BETWEEN json_extract(?3, '$.se[0]') "
                               "AND json_extract(?3, '$.se[1]') END FROM "
                               "sudoku_generate(?1, ?2, CASE WHEN json_valid(?3) AND "
                               "json_type(?3) = 'object' THEN json_set(?3, '$.tries', 2) "
                               "ELSE ?3 END)",
                               -1, &st, NULL) != SQLITE_OK)
            abort();
        sqlite3_bind_int(st, 1, (pick >> 1) & 3);
        sqlite3_bind_int(st, 2, pick >> 3);
        sqlite3_bind_text(st, 3, (const char *)data, (int)size, SQLITE_TRANSIENT);
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (sqlite3_column_bytes(st, 0) != 81 || sqlite3_column_int(st, 2) != 1)
            abort();
        if (!(pick & 1) && sqlite3_column_int(st, 3) != 1)
            abort(); /* an "se" target missed */
    }
    if (rc != SQLITE_DONE && !strstr(sqlite3_errmsg(db), name))
        abort();
    sqlite3_finalize(st);
    return 0;
}
