#!/usr/bin/env bash
# The preview's figures, measured on the release binaries in headless Chromium:
# save -> page updated (p50, p99 over 50 saves), page load to the first full render with the preset, and the CSS
# route's time per request for the preset.
#
#   Benchmarks/preview-bench.sh          (or: make bench-preview)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
make -C "$root" test-deps >/dev/null
(cd "$root" && swift build -c release --product snapstyled >/dev/null && swift build -c release --product snapstyle >/dev/null)
exec "$root/.build/browser-venv/bin/python3" "$here/preview_bench.py" --bin "$root/.build/release" "$@"
