#!/bin/sh
# The loadable module must export only its entry point and must not depend
# on libsqlite3 (the loader hands it the API table).
module=$1
exports=$(nm -D --defined-only "$module" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' | sort)
if [ "$exports" != "sqlite3_sudoku_init" ]; then
    echo "unexpected exports:"; echo "$exports"; echo "0 passed, 1 failed"; exit 1
fi
if readelf -d "$module" | grep -q 'NEEDED.*libsqlite3'; then
    echo "module links libsqlite3"; echo "0 passed, 1 failed"; exit 1
fi
echo "2 passed, 0 failed"
