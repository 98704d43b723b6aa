#!/bin/sh
# The Debian package (CPack DEB) of this build: its metadata, and its files
# unpacked with `dpkg-deb -x` into a temporary root (never installed into
# the system here; .ci/run does that with `dpkg -i` on a throwaway CI
# machine) checked by tests/check_installed.sh under <root>/usr.
#   check_deb.sh BUILD_DIR
# Exits 77 (skipped) without cpack or dpkg-deb.
build=$1
for tool in cpack dpkg-deb; do
    command -v $tool >/dev/null || { echo "no $tool: skipped"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $1"; echo "0 passed, 1 failed"; exit 1; }
cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/out/*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "cpack wrote no .deb"
version=$(sed -n 's/^#define SUDOKU_VERSION "\(.*\)"$/\1/p' "$build/generated/core/version.h")
[ "$(dpkg-deb -f "$deb" Package)" = sudoku-sqlite ] || fail "package name"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "package version is not $version"
# The module goes where the loader looks by default, as Debian's own
# SQLite modules do: /usr/lib/<triplet>/sudoku.so.
triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
dpkg-deb -c "$deb" | grep -q " \./usr/lib/$triplet/sudoku\.so$" ||
    { dpkg-deb -c "$deb"; fail "no /usr/lib/$triplet/sudoku.so in the package"; }
dpkg-deb -x "$deb" "$work/root" || fail "dpkg-deb -x"
sh "$(dirname "$0")/check_installed.sh" "$work/root/usr" "lib/$triplet"
