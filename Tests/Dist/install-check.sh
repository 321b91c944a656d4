#!/bin/sh
# `make dist-check`: installs the package into a clean Debian 12 root (debootstrap --variant=minbase, no Swift
# toolchain) with apt-get, as a CI job would, and runs both programs there: --version, check on a small theme (text
# and SARIF), and the daemon on a socket of its own answering status and resolve. Prints how long each step took.
# Needs root (debootstrap, chroot, mount).
#   Tests/Dist/install-check.sh FILE.deb
set -eu
deb=$(readlink -f "$1")
suite=bookworm
# The mirror apt uses here (deb822 sources first, then a classic sources.list), else Debian's own.
mirror=$(awk '$1 == "URIs:" { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $3 == "'$suite'" { print $2; exit }' /etc/apt/sources.list \
    2>/dev/null || true)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian

work=$(mktemp -d "${TMPDIR:-/var/tmp}/snapstyled-dist-check.XXXXXX")
root=$work/root
daemon=""
cleanup() {
    status=$?
    [ -z "$daemon" ] || kill "$daemon" 2>/dev/null || true
    [ -z "$daemon" ] || wait "$daemon" 2>/dev/null || true
    # Never remove the root while proc is mounted in it: rm would walk into /proc.
    if mountpoint -q "$root/proc" 2>/dev/null; then umount "$root/proc" || umount -l "$root/proc"; fi
    if mountpoint -q "$root/proc" 2>/dev/null; then
        echo "dist-check: $root/proc is still mounted; left $work in place" >&2
    else
        rm -rf "$work"
    fi
    exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

now() { date +%s.%N; }
took() { echo "$1 $2" | awk '{ printf "%.1f s", $2 - $1 }'; }
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

start=$(now)
debootstrap --variant=minbase "$suite" "$root" "$mirror" > "$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; exit 1; }
echo "dist-check: debootstrap --variant=minbase $suite ($mirror): $(took "$start" "$(now)")"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"

start=$(now)
in_root apt-get update -qq
echo "dist-check: apt-get update: $(took "$start" "$(now)")"
cp "$deb" "$root/tmp/"
start=$(now)
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "/tmp/$(basename "$deb")" > "$work/install.log" 2>&1 ||
    { cat "$work/install.log" >&2; exit 1; }
echo "dist-check: apt-get install ./$(basename "$deb"): $(took "$start" "$(now)")"
# No Swift toolchain in the root: the programs carry their runtime.
if [ -e "$root/usr/bin/swift" ] || ls "$root"/usr/lib/swift* > /dev/null 2>&1; then
    echo "dist-check: the clean root has a Swift toolchain" >&2
    exit 1
fi

fail() { echo "dist-check: $*" >&2; exit 1; }
version=$(in_root snapstyle --version)
[ -n "$version" ] || fail "snapstyle --version printed nothing"
echo "dist-check: snapstyle --version: $version"
in_root snapstyled --version > /dev/null || fail "snapstyled --version failed"

mkdir -p "$root/tmp/themes" "$root/tmp/bad"
printf '{\n  "surface": {\n    "quiet": "#223344",\n    "loud": {"ref": "quiet"}\n  }\n}\n' > "$root/tmp/themes/ocean.json"
printf '{\n  "surface": {\n    "a": "#12"\n  }\n}\n' > "$root/tmp/bad/broken.json"
checked=$(in_root snapstyle check /tmp/themes)
[ "$checked" = "checked 1 theme(s): no errors" ] || fail "check: $checked"
status=0
in_root sh -c 'cd /tmp && snapstyle check bad --format sarif' > "$work/broken.sarif" 2> /dev/null || status=$?
[ "$status" = 1 ] || fail "check of a broken theme exited $status, not 1"
grep -q '"uri": "bad/broken.json"' "$work/broken.sarif" || fail "check --format sarif: $(cat "$work/broken.sarif")"
echo "dist-check: snapstyle check: ok (text; sarif with exit 1 on an error)"

# The daemon on a socket of its own, watching the theme root (libinotifytools from Debian).
install -d -m 0700 "$root/tmp/run"
chroot "$root" env -i PATH=/usr/bin:/bin HOME=/root XDG_RUNTIME_DIR=/tmp/run \
    snapstyled --socket /tmp/run/snapstyled.sock --themes /tmp/themes --log-level warning > "$work/daemon.log" 2>&1 &
daemon=$!
start=$(now)
tries=0
until in_root snapstyle status --socket /tmp/run/snapstyled.sock > "$work/status.txt" 2>&1; do
    tries=$((tries + 1))
    [ $tries -lt 100 ] || fail "the daemon did not answer: $(cat "$work/daemon.log" "$work/status.txt")"
    kill -0 "$daemon" 2>/dev/null || fail "the daemon exited: $(cat "$work/daemon.log")"
    sleep 0.1
done
echo "dist-check: snapstyled answered status after $(took "$start" "$(now)")"
value=$(in_root snapstyle resolve surface loud --theme ocean --socket /tmp/run/snapstyled.sock --json)
case $value in *'#223344'*) ;; *) fail "resolve: $value" ;; esac
echo "dist-check: snapstyle resolve surface loud --theme ocean: $value"
kill "$daemon"
wait "$daemon" || true
daemon=""
echo "dist-check: passed"
