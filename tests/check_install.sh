#!/bin/sh
# `cmake --install` puts the module and the core library's headers in
# standard places: install into a scratch prefix, load the installed module
# in the sqlite3 shell, and compile and run a program against the installed
# header and library.
#   check_install.sh BUILD_DIR
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "$1"; echo "0 passed, 1 failed"; exit 1; }
cmake --install "$build" --prefix "$prefix" >/dev/null || fail "install failed"
libdir=$(ls -d "$prefix"/lib*/ | head -1)
[ -f "$libdir/sqlite3/sudoku.so" ] || fail "no module under $libdir/sqlite3"
[ -f "$prefix/include/sudoku/sudoku.h" ] || fail "no header"
out=$(sqlite3 :memory: -cmd ".load $libdir/sqlite3/sudoku" "SELECT sudoku_count('.................................................................................', 5)")
[ "$out" = 5 ] || fail "installed module answered '$out'"
cat > "$prefix/app.c" <<'APP'
#include <sudoku/sudoku.h>
#include <stdio.h>
int main(void)
{
    sudoku_grid g, s;
    const char *p = "1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75";
    if (sudoku_grid_parse(p, 81, &g, NULL) != SUDOKU_PARSE_OK || !sudoku_solve(&g, &s))
        return 1;
    return sudoku_grid_is_solution(&s) ? 0 : 1;
}
APP
cc -I"$prefix/include" "$prefix/app.c" "$libdir/libsudoku_core.a" -o "$prefix/app" || fail "cannot build against the installed header"
"$prefix/app" || fail "program against the installed library failed"
echo "1 passed, 0 failed"
