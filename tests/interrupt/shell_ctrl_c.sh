#!/bin/sh
# shell_ctrl_c.sh - Ctrl-C (SIGINT) in the sqlite3 shell stops a call that
# would run for ever: the shell reports "interrupted" and ends soon after
# the signal (with piped input the shell stops reading after an interrupt).
# Two such calls: counting the solutions of the empty grid, and reading
# /dev/zero (one endless line, which makes no row).
#
#   shell_ctrl_c.sh PATH/sqlite3 PATH/sudoku.so
set -u
shell=$1 module=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
dots=.................................................................................
failed=0
for sql in "SELECT sudoku_count('$dots');" "SELECT count(*) FROM sudoku_read('/dev/zero');"; do
    printf ".load %s\n%s\n" "$module" "$sql" | "$shell" >"$out" 2>&1 &
    pid=$!
    sleep 0.3
    start=$(date +%s%N)
    kill -INT $pid
    # a shell that ignores the signal is killed after 10 s: a failure, not a hang
    waited=0
    while kill -0 $pid 2>/dev/null && [ $waited -lt 1000 ]; do
        sleep 0.01
        waited=$((waited + 1))
    done
    kill -KILL $pid 2>/dev/null
    wait $pid
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    if grep -q "interrupted" "$out" && [ "$ms" -lt 1000 ]; then
        echo "ok: $sql: the shell stopped ${ms} ms after SIGINT: $(cat "$out")"
    else
        echo "FAILED: $sql: after ${ms} ms the shell said: $(cat "$out")"
        failed=1
    fi
done
exit $failed
