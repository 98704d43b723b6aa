#!/bin/sh
# The deprecated forms of 0.2 (core/compat.h) as a user meets them:
#   - a call in the old form compiles, with a warning that names the new
#     form (an error under -Werror=deprecated-declarations);
#   - SUDOKU_NO_DEPRECATION_WARNINGS silences it;
#   - SUDOKU_NO_COMPAT leaves the old forms out, and the new forms compile
#     without them, warning-free.
#   check_compat.sh CC CORE_INCLUDE_DIR GENERATED_INCLUDE_DIR
cc=$1
inc="-I$2 -I$3"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAILED: $1"; }
cat > "$work/old.c" <<'C'
#include "sudoku.h"
int main(void)
{
    sudoku_grid g = {{0}}, s;
    return (int)sudoku_count(&g, 2) + sudoku_solve(&g, &s) + sudoku_te_depth(&g, 1);
}
C
cat > "$work/new.c" <<'C'
#include "sudoku.h"
int main(void)
{
    sudoku_grid g = {{0}}, s;
    return (int)sudoku_count(&g, 2, NULL, NULL) + sudoku_solve(&g, &s, NULL) +
           sudoku_te_depth(&g, 1, NULL);
}
C
if $cc $inc -fsyntax-only -Werror=deprecated-declarations "$work/old.c" 2>"$work/err"; then
    bad "the old forms compiled without a deprecation warning"
elif grep -q "sudoku_count(p, limit, NULL, cancel)" "$work/err"; then
    ok
else
    bad "the warning does not name the new form"; cat "$work/err"
fi
$cc $inc -fsyntax-only -Wall -Werror -DSUDOKU_NO_DEPRECATION_WARNINGS "$work/old.c" && ok ||
    bad "SUDOKU_NO_DEPRECATION_WARNINGS did not silence the warning"
$cc $inc -fsyntax-only -DSUDOKU_NO_COMPAT "$work/old.c" 2>/dev/null &&
    bad "SUDOKU_NO_COMPAT left the old forms in" || ok
$cc $inc -fsyntax-only -Wall -Wextra -Werror -DSUDOKU_NO_COMPAT "$work/new.c" && ok ||
    bad "the new forms need the old header"
$cc $inc -fsyntax-only -Wall -Wextra -Werror "$work/new.c" && ok ||
    bad "the new forms warn with the old header in"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
