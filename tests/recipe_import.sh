#!/bin/sh
# sql/schema.sql + sql/import.sql through the real sqlite3 shell, run from
# another directory (the scripts and the module by full path, the file by
# a relative one), on a file with a comment, a blank line, CRLF ends, a
# rating after a TAB, '0'- and '-'-padded lines, a disguised copy of the
# first puzzle, a puzzle with two solutions and two bad lines: 3 imported,
# 1 duplicate, 1 not unique, 2 bad lines listed by line number; the import
# does not abort. A second import of the same file keeps the 4 unique
# puzzles out as duplicates.
#   recipe_import.sh MODULE SOURCE_DIR
module=$1
src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
{
printf '# three puzzles, a disguised copy, a two-solution puzzle and bad lines\r\n'
printf '1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75\t# ED=7.1\r\n'
printf '\r\n'
printf '100007090030020008009600500005300900010080002600004000300000010040000007007000300;rated\r\n'
printf '.3.8....7..5.1.69...1..4....6..8..513...........2..9.664..9...31734........7...6.\r\n'
printf '1-------2-9-4---5---6---7---5-9-3-------7-------85--4-7-----6---3---9-8---2-----1 # Easter Monster\r\n'
printf '...3165..8..5..1...1.89724.9.1.85.2....9.1....4.263..1.5.....1.1..4.9..2..61.8...\r\n'
printf 'not a puzzle\r\n'
printf '1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...7\r\n'
} > "$dir/puzzles.txt"
mkdir "$dir/elsewhere"
run() {
    (cd "$dir/elsewhere" && sqlite3 -bail "$dir/my.db" -cmd ".load $module" \
        -cmd '.parameter set :file ../puzzles.txt' \
        ".read $src/sql/schema.sql" ".read $src/sql/import.sql" 2>&1)
}
out=$(run; echo "rc=$?"; run | head -3;
      sqlite3 "$dir/my.db" -cmd ".load $module" \
        "SELECT group_concat(source || ' ' || coalesce(note, '-') || ' ' || sudoku_te_depth(p), ', ') FROM puzzles")
expected=$(cat <<'END'
puzzles_read = 5
    imported = 3
  duplicates = 1
  not_unique = 1
   bad_lines = 2
line|rejected
7|more than one solution
8|invalid character 'n' at column 1
9|a puzzle line holds 81 cells, this one 80
rc=0
puzzles_read = 5
    imported = 0
  duplicates = 4
../puzzles.txt:2 ED=7.1 1, ../puzzles.txt:4 rated 2, ../puzzles.txt:6 Easter Monster 2
END
)
if [ "$out" = "$expected" ]; then
    echo "1 passed, 0 failed"
else
    echo "import recipe printed:"; echo "$out"; echo "expected:"; echo "$expected"
    echo "0 passed, 1 failed"; exit 1
fi
