#!/usr/bin/env bash
# The daemon's figures next to redis-server's, measured in the same run by the same load generator
# (Sources/LoadGenerator): request rates on Unix sockets, resident memory, and the latency of a one-key
# change from the file's rename to the themeChanged line a subscriber reads.
#
#   Benchmarks/daemon-bench.sh          (or: make bench-daemon)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)

if ! command -v redis-server >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server
fi
make -C "$root" deps >/dev/null
(cd "$root" && swift build -c release --product snapstyled >/dev/null)
# A path dependency's file list is cached: drop the cached plan so new sources are seen.
rm -f "$here/.build/release.yaml"
(cd "$here" && swift build -c release --product LoadGenerator >/dev/null)
(cd "$here" && swift build -c release --product CeilingServer >/dev/null)
load="$here/.build/release/LoadGenerator"
daemon="$root/.build/release/snapstyled"

work=$(mktemp -d /tmp/snapstyle-bench.XXXXXX)
mkdir -p "$work/run" && chmod 700 "$work/run"
cleanup() {
    [ -f "$work/redis.pid" ] && kill "$(cat "$work/redis.pid")" 2>/dev/null || true
    [ -n "${ceiling:-}" ] && kill "$ceiling" 2>/dev/null || true
    [ -n "${parsing:-}" ] && kill "$parsing" 2>/dev/null || true
    [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

redis-server --port 0 --unixsocket "$work/redis.sock" --unixsocketperm 700 --save '' --appendonly no \
    --daemonize yes --pidfile "$work/redis.pid" --logfile "$work/redis.log"
for _ in $(seq 50); do [ -S "$work/redis.sock" ] && break; sleep 0.1; done
redis-cli -s "$work/redis.sock" set key value >/dev/null

# The transport's ceiling: NIO set up as the daemon's server, answering each line with the daemon's
# response bytes without parsing (Sources/CeilingServer). Its rate shows what JSON work leaves.
"$here/.build/release/CeilingServer" "$work/ceiling.sock" >"$work/ceiling.out" &
ceiling=$!
# The same, parsing each line with jansson first: what the spec's JSON library alone leaves.
"$here/.build/release/CeilingServer" "$work/parsing.sock" --parse >"$work/parsing.out" &
parsing=$!
for _ in $(seq 50); do grep -q listening "$work/ceiling.out" 2>/dev/null && grep -q listening "$work/parsing.out" 2>/dev/null && break; sleep 0.1; done

start_daemon() {
    XDG_RUNTIME_DIR="$work/run" XDG_CONFIG_HOME="$work/config" XDG_DATA_DIRS="$work/data" \
        "$daemon" --socket "$work/snapstyled.sock" --log-level warning "$@" >"$work/daemon.out" 2>"$work/daemon.err" &
    pid=$!
    for _ in $(seq 100); do grep -q "listening on" "$work/daemon.out" 2>/dev/null && break; sleep 0.05; done
}
rss() { awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }

start_daemon --no-watch
sleep 0.5
echo "idle resident memory with the preset: $(rss "$pid") MB (target ≤ 30 MB)"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
run_pair() {
    local title=$1 mode=$2 connections=$3 requests=$4 target=$5
    local r c p s
    r=$("$load" rate redis "$work/redis.sock" "$mode" "$connections" "$requests")
    c=$("$load" rate snapstyle "$work/ceiling.sock" "$mode" "$connections" "$requests")
    p=$("$load" rate snapstyle "$work/parsing.sock" "$mode" "$connections" "$requests")
    s=$("$load" rate snapstyle "$work/snapstyled.sock" "$mode" "$connections" "$requests")
    printf '%s\n  redis-server GET:    %s\n  NIO, constant answer: %s (ratio %s: the transport without JSON work)\n' \
        "$title" "$r" "$c" "$(ratio "${c%% *}" "${r%% *}")"
    printf '  NIO + jansson parse, constant answer: %s (ratio %s)\n' "$p" "$(ratio "${p%% *}" "${r%% *}")"
    printf '  snapstyled resolve:  %s\n  ratio %s (target ≥ %s)\n' "$s" "$(ratio "${s%% *}" "${r%% *}")" "$target"
}
# jansson alone, in C: the per-line cost every request pays before any method work.
"${CC:-clang}" -O2 "$here/jansson-loadb.c" -ljansson -o "$work/jansson-loadb"
"$work/jansson-loadb"
run_pair "one connection, pipelined (256 in flight)" pipelined 1 300000 0.5
run_pair "one connection, one request at a time" sequential 1 20000 0.9
run_pair "50 connections, one request at a time each" sequential 50 2000 0.8
kill "$ceiling" "$parsing" 2>/dev/null || true
ceiling=""
parsing=""

"$load" hold "$work/snapstyled.sock" 1000 3 >"$work/hold.out" &
holder=$!
for _ in $(seq 100); do grep -q holding "$work/hold.out" 2>/dev/null && break; sleep 0.05; done
echo "resident memory with 1,000 idle connections: $(rss "$pid") MB (target ≤ 100 MB)"
wait "$holder"
kill "$pid"; wait "$pid" 2>/dev/null || true

theme=$("$load" generate)
mv "$theme" "$work/themes"
start_daemon --themes "$work/themes"
"$load" change-latency "$work/snapstyled.sock" "$work/themes" 100 10
echo "(targets: p50 ≤ settleMillis + 3 ms = 13 ms, p99 ≤ settleMillis + 10 ms = 20 ms)"
kill "$pid"; wait "$pid" 2>/dev/null || true

# A design system in GitHub Primer's shape (3,000 tokens, a resolver, six modifier contexts): one edited
# token in its dark file.
tokens=$("$load" generate-tokens)
mv "$tokens" "$work/tokens"
start_daemon --themes "$work/tokens"
"$load" token-change-latency "$work/snapstyled.sock" "$work/tokens" 100 10
echo "(target: p50 ≤ settleMillis + 5 ms = 15 ms)"
