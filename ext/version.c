/* version.c - sudoku_version() and sudoku_debug(): what this module is and
 * how it was built. */
#include <stdio.h>

#include "ext.h"
#include "solver.h"
#include "version.h"
#include "build_info.h"

#if defined(__clang__)
#define COMPILER_NAME "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER_NAME "gcc " __VERSION__
#else
#define COMPILER_NAME "unknown"
#endif

#ifdef SQLITE_CORE
#define LINKAGE "static (SQLITE_CORE)"
#else
#define LINKAGE "loadable module"
#endif

/* The semantic version, e.g. '0.2.0'. Constant for a given module. */
void ext_version(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    (void)argv;
    sqlite3_result_text(ctx, SUDOKU_VERSION, -1, SQLITE_STATIC);
}

/* One 'key: value' line each: version, commit, compiler, build type, the
 * solver build this CPU runs, the linkage and the SQLite library in use.
 * Not deterministic (the CPU and the SQLite library are looked at when it
 * runs), so it is not registered as such. */
void ext_debug(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    (void)argv;
    char *text = sqlite3_mprintf("version: %s\n"
                                 "commit: %s\n"
                                 "compiler: %s\n"
                                 "build: %s\n"
                                 "solver: %s\n"
                                 "linkage: %s\n"
                                 "sqlite: %s",
                                 SUDOKU_VERSION, SUDOKU_BUILD_COMMIT, COMPILER_NAME,
                                 SUDOKU_BUILD_TYPE, sudoku_solver_build(), LINKAGE,
                                 sqlite3_libversion());
    if (!text) {
        sqlite3_result_error_nomem(ctx);
        return;
    }
    sqlite3_result_text(ctx, text, -1, sqlite3_free);
}
