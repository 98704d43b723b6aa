#!/bin/sh
# The C lines changed on this branch follow .clang-format: git clang-format
# --diff against the merge base with main (or origin/main; SUDOKU_FORMAT_BASE
# names another base), plus uncommitted changes. Only changed lines are
# held to it: the tree as a whole keeps the line breaks it was written
# with. Prints the reformatting it wants and fails when there is any.
# Skips (77) outside a git checkout, without git clang-format, or without
# a base to compare with.
#   check_format.sh SOURCE_DIR
cd "$1" || exit 1
command -v git >/dev/null && git rev-parse --git-dir >/dev/null 2>&1 ||
    { echo "not a git checkout: skipped"; exit 77; }
git clang-format -h >/dev/null 2>&1 && command -v clang-format >/dev/null ||
    { echo "no git clang-format (Debian: clang-format): skipped"; exit 77; }
base=${SUDOKU_FORMAT_BASE:-}
if [ -z "$base" ]; then
    for ref in main origin/main; do
        if git rev-parse -q --verify "$ref^{commit}" >/dev/null; then
            base=$(git merge-base HEAD "$ref") && break
        fi
    done
fi
[ -n "$base" ] || { echo "no main or origin/main to compare with: skipped"; exit 77; }
# (the files of others' folders in flight are checked too: the rule is the
# same everywhere; generated tables, .inc, are data)
out=$(git clang-format --diff --extensions c,h "$base" -- . 2>&1)
case $out in
"" | "no modified files to format" | "clang-format did not modify any files")
    echo "changed lines since $(git rev-parse --short "$base") follow .clang-format"
    exit 0 ;;
esac
echo "$out"
echo "the lines above differ from .clang-format (git clang-format $base applies it)"
exit 1
