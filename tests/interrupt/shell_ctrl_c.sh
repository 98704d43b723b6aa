#!/bin/sh
# shell_ctrl_c.sh - Ctrl-C (SIGINT) in the sqlite3 shell stops a call that
# would run for ever: the shell reports "interrupted" and ends soon after
# the signal (with piped input the shell stops reading after an interrupt).
#
#   shell_ctrl_c.sh PATH/sqlite3 PATH/sudoku.so
set -u
shell=$1 module=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
dots=.................................................................................
printf ".load %s\nSELECT sudoku_count('%s');\n" "$module" "$dots" | "$shell" >"$out" 2>&1 &
pid=$!
sleep 0.3
start=$(date +%s%N)
kill -INT $pid
wait $pid
end=$(date +%s%N)
ms=$(( (end - start) / 1000000 ))
if grep -q "interrupted" "$out" && [ "$ms" -lt 1000 ]; then
    echo "ok: the shell stopped ${ms} ms after SIGINT: $(cat "$out")"
    exit 0
fi
echo "FAILED: after ${ms} ms the shell said: $(cat "$out")"
exit 1
