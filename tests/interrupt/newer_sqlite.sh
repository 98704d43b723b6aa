#!/bin/sh
# newer_sqlite.sh - test_interrupt against a newer SQLite than the
# system's (which has sqlite3_is_interrupted, so the extension takes the
# other path): the amalgamation bundled in the better-sqlite3 npm package,
# compiled here (not its node addon). Both modes: the loadable module built
# against the system's 3.40 headers (it finds is_interrupted in the newer
# routines table) and the extension linked in with the newer headers.
#
#   newer_sqlite.sh BUILD_DIR SOURCE_DIR PATH/sudoku.so
#
# The tarball and the compiled amalgamation are cached in
# BUILD_DIR/newer_sqlite. Exit 77 (skipped) when npm or its registry is
# unavailable.
set -u
build=$1 src=$2 module=$3
cc=${CC:-cc}
version=12.11.1 # better-sqlite3; bundles SQLite 3.53.2
dir=$build/newer_sqlite
amal=$dir/package/deps/sqlite3
mkdir -p "$dir" || exit 1

if [ ! -f "$dir/sqlite3.o" ]; then
    tgz=$dir/better-sqlite3-$version.tgz
    if [ ! -f "$tgz" ]; then
        if ! command -v npm >/dev/null 2>&1; then
            echo "skipped: npm not found"
            exit 77
        fi
        if ! (cd "$dir" && timeout 120 npm pack --silent "better-sqlite3@$version" >/dev/null 2>&1) ||
           [ ! -f "$tgz" ]; then
            echo "skipped: npm pack better-sqlite3@$version failed (registry unreachable?)"
            exit 77
        fi
    fi
    tar -xzf "$tgz" -C "$dir" package/deps/sqlite3/sqlite3.c \
        package/deps/sqlite3/sqlite3.h package/deps/sqlite3/sqlite3ext.h || exit 1
    # -O0: the fastest compile (~15 s); SQLite's speed does not matter here
    $cc -O0 -w -DSQLITE_THREADSAFE=1 -c "$amal/sqlite3.c" -o "$dir/sqlite3.o.part" &&
        mv "$dir/sqlite3.o.part" "$dir/sqlite3.o" || exit 1
fi

libs="-lpthread -ldl -lm"
$cc -O1 -I"$amal" -o "$dir/test_interrupt" "$src/tests/interrupt/test_interrupt.c" \
    "$dir/sqlite3.o" $libs || exit 1
core=$(find "$src/core" -name '*.c' | grep -v '/te_depth\.c$')
$cc -O1 -DSQLITE_CORE -DINTERRUPT_STATIC -I"$amal" -I"$src/core" \
    -I"$build/generated/core" -I"$build/generated/ext" \
    -o "$dir/test_interrupt_static" "$src/tests/interrupt/test_interrupt.c" \
    $core "$src"/ext/*.c "$dir/sqlite3.o" $libs || exit 1

"$dir/test_interrupt" "$module" && "$dir/test_interrupt_static"
