#!/bin/sh
# sql/import.sql through the real sqlite3 shell (.import is a shell command):
# a file with a comment, a blank line, CRLF ends, '0'-padded and '.' lines
# and one bad line gives 3 imported, 1 rejected.
#   recipe_import.sh MODULE SOURCE_DIR
module=$1
src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '# three puzzles and a bad line\r\n' > "$dir/puzzles.txt"
printf '1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75\r\n' >> "$dir/puzzles.txt"
printf '\r\n' >> "$dir/puzzles.txt"
printf '100007090030020008009600500005300900010080002600004000300000010040000007007000300\r\n' >> "$dir/puzzles.txt"
printf '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1\r\n' >> "$dir/puzzles.txt"
printf 'not a puzzle\r\n' >> "$dir/puzzles.txt"
out=$(cd "$dir" && sqlite3 -batch -cmd ".load $module" :memory: ".read $src/sql/import.sql" \
      "SELECT group_concat(sudoku_te_depth(p), ',') FROM puzzles" 2>&1)
expected=$(printf '3|1\n1,2,2')
if [ "$out" = "$expected" ]; then
    echo "1 passed, 0 failed"
else
    echo "import recipe printed:"; echo "$out"; echo "expected:"; echo "$expected"
    echo "0 passed, 1 failed"; exit 1
fi
