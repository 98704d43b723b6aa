#!/bin/sh
# Checks an installed tree of sudoku for SQLite (what `cmake --install` or
# the .deb put under PREFIX, possibly below a temporary ROOT):
#   - the files of the layout in cmake/packaging.cmake,
#   - `.load sudoku` in the sqlite3 shell WITHOUT a path (the loader's
#     search; LD_LIBRARY_PATH points into a temporary root),
#   - a C program against the core library via `pkg-config sudoku`,
#   - a C program with the extension linked in via find_package(sudoku).
#   check_installed.sh PREFIX [LIBDIR_RELATIVE_TO_PREFIX]
# Prints "N passed, M failed"; exits 1 on any failure, 77 when a tool it
# needs is missing.
set -u
prefix=$1
libdir=${2:-}
if [ -z "$libdir" ]; then
    libdir=$(cd "$prefix" && ls -d lib/*-linux-gnu* lib 2>/dev/null | while read d; do
        [ -f "$d/sudoku.so" ] && { echo "$d"; break; }; done)
fi
for tool in sqlite3 cc pkg-config cmake; do
    command -v $tool >/dev/null || { echo "no $tool: skipped"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAILED: $1"; }
check_file() { [ -f "$prefix/$1" ] && ok || bad "no $prefix/$1"; }

check_file "$libdir/sudoku.so"
check_file "$libdir/libsudoku_core.a"
check_file "$libdir/libsudoku_static.a"
check_file "$libdir/pkgconfig/sudoku.pc"
check_file "$libdir/cmake/sudoku/sudokuConfig.cmake"
check_file "$libdir/cmake/sudoku/sudokuConfigVersion.cmake"
check_file include/sudoku/sudoku.h
check_file include/sudoku/version.h
for private in solver_tables.h utf8.h; do
    [ ! -e "$prefix/include/sudoku/$private" ] && ok || bad "private header $private installed"
done

# `.load sudoku`, no path, no suffix: the entry point comes from the name.
version=$(LD_LIBRARY_PATH="$prefix/$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
          sqlite3 :memory: '.load sudoku' 'SELECT sudoku_version()' 2>&1)
expected=$(sed -n 's/^#define SUDOKU_VERSION "\(.*\)"$/\1/p' "$prefix/include/sudoku/version.h")
[ -n "$expected" ] && [ "$version" = "$expected" ] && ok ||
    bad ".load sudoku answered '$version', expected '$expected'"

# pkg-config: the core C library.
cat > "$work/core_app.c" <<'APP'
#include <sudoku/sudoku.h>
#include <stdio.h>
int main(void)
{
    sudoku_grid g, s;
    const char *p = "1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75";
    if (sudoku_grid_parse(p, 81, &g, NULL) != SUDOKU_PARSE_OK || !sudoku_solve(&g, &s))
        return 1;
    printf("%s\n", SUDOKU_VERSION);
    return sudoku_grid_is_solution(&s) ? 0 : 1;
}
APP
pcdir="$prefix/$libdir/pkgconfig"
if flags=$(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs sudoku) &&
   cc "$work/core_app.c" $flags -o "$work/core_app" 2>"$work/cc.log" &&
   [ "$("$work/core_app")" = "$expected" ]; then
    ok
else
    bad "C program via pkg-config ($flags)"; cat "$work/cc.log"
fi
[ "$(PKG_CONFIG_PATH="$pcdir" pkg-config --modversion sudoku)" = "$expected" ] && ok ||
    bad "pkg-config --modversion sudoku"

# find_package(sudoku): the extension linked into an application.
mkdir -p "$work/cmake_app"
cat > "$work/cmake_app/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.20)
project(app C)
find_package(sudoku 0.2 REQUIRED)
add_executable(static_ext_app app.c)
target_link_libraries(static_ext_app PRIVATE sudoku::static)
CM
cat > "$work/cmake_app/app.c" <<'APP'
#include <sqlite3.h>
#include <stdio.h>
#include <sudoku/sudoku.h>
int sqlite3_sudoku_init(sqlite3 *db, char **errmsg, const void *api);
int main(void)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    int ok;
    sqlite3_auto_extension((void (*)(void))sqlite3_sudoku_init);
    if (sqlite3_open(":memory:", &db) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT sudoku_version(), sudoku_count("
                           "'1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75')",
                           -1, &st, NULL) != SQLITE_OK || sqlite3_step(st) != SQLITE_ROW)
        return 1;
    printf("%s\n", (const char *)sqlite3_column_text(st, 0));
    ok = sqlite3_column_int(st, 1) == 1;
    sqlite3_finalize(st);
    sqlite3_close(db);
    return ok ? 0 : 1;
}
APP
if cmake -S "$work/cmake_app" -B "$work/cmake_app/build" -DCMAKE_PREFIX_PATH="$prefix" \
         >"$work/cmake.log" 2>&1 &&
   cmake --build "$work/cmake_app/build" >>"$work/cmake.log" 2>&1 &&
   [ "$("$work/cmake_app/build/static_ext_app")" = "$expected" ]; then
    ok
else
    bad "C program via find_package(sudoku)"; cat "$work/cmake.log"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
