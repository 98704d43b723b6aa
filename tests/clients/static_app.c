/*
 * static_app.c - an application with the extension linked in statically
 * (the ext/ sources built with -DSQLITE_CORE, target sudoku_static): it
 * registers the entry point with sqlite3_auto_extension, so every
 * connection it opens has the sudoku functions without loading anything.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

int sqlite3_sudoku_init(sqlite3 *db, char **errmsg, const void *api);

int main(void)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    int failed = 0;
    const char *want =
        "100456000400000020009120006010005000005007290800600004300000902000060000008200075";

    sqlite3_auto_extension((void (*)(void))sqlite3_sudoku_init);
    if (sqlite3_open(":memory:", &db) != SQLITE_OK)
        return 1;
    sqlite3_prepare_v2(db,
                       "SELECT "
                       "sudoku_format('1..456...4......2...912...6.1...5.....5..729.8..6....43....."
                       "9.2....6......82...75', 'zeros')",
                       -1, &st, NULL);
    if (!st || sqlite3_step(st) != SQLITE_ROW ||
        strcmp((const char *)sqlite3_column_text(st, 0), want) != 0) {
        fprintf(stderr, "FAILED: sudoku_format through the static build: %s\n",
                sqlite3_errmsg(db));
        failed++;
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    sqlite3_reset_auto_extension();
    printf("%d passed, %d failed\n", 1 - failed, failed);
    return failed;
}
