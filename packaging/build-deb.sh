#!/bin/sh
# Builds the Debian package of snapstyled and snapstyle from release binaries that link the Swift runtime statically
# (`make dist` builds them first):
#   packaging/build-deb.sh BINDIR GENERATE_MANUAL OUTDIR VERSION
# BINDIR holds snapstyled and snapstyle, GENERATE_MANUAL is the argument parser's man page generator (the tool its
# GenerateManual plugin runs), OUTDIR receives snapstyled_VERSION_ARCH.deb. Depends lists the Debian packages of the shared libraries
# the binaries load, found with dpkg -S, less the C and C++ runtime every Debian system has (libc6, libgcc-s1, and
# libstdc++6, which libsimdjson's package depends on too); a library no package owns stops the build.
set -eu
bindir=$1 generate_manual=$2 outdir=$3 version=$4
maintainer=${DIST_MAINTAINER:-snapstyled maintainers <snapstyled@localhost>}
arch=$(dpkg --print-architecture)
package=snapstyled
stage=$(mktemp -d "${TMPDIR:-/tmp}/snapstyled-deb.XXXXXX")
trap 'rm -rf "$stage"' EXIT
root=$stage/root
doc=/usr/share/doc/$package

install -d "$root/usr/bin" "$root/usr/lib/systemd/user" "$root$doc/docs" "$root$doc/examples" \
    "$root/usr/share/snapstyle/preset/snap" "$root/usr/share/man/man1" "$root/usr/share/bash-completion/completions" \
    "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d" "$root/DEBIAN"

# The programs, stripped.
for program in snapstyled snapstyle; do
    install -m 0755 "$bindir/$program" "$root/usr/bin/$program"
    strip --strip-unneeded "$root/usr/bin/$program"
done

# The user units with the package's paths, written by the Makefile's `units` step (which the tests verify); the
# repository's are for `make install` under ~/.local.
make -s units UNITDIR="$root/usr/lib/systemd/user" BINDIR=/usr/bin DOCDIR="$doc" > /dev/null

# The docs, the example configuration, and the preset's files where `snapstyle lsp` looks for them
# (BINDIR/../share/snapstyle/preset).
install -m 0644 README.md "$root$doc/"
install -m 0644 docs/*.md "$root$doc/docs/"
install -m 0644 etc/snapstyle/snapstyled.json "$root$doc/examples/"
install -m 0644 Sources/SnapStyleThemes/Preset/*.json "$root/usr/share/snapstyle/preset/snap/"

# Man pages (one per program and subcommand, compressed as Debian keeps them, dated by the last commit) and shell
# completions, both from the argument parser.
date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
mkdir "$stage/man"
for program in snapstyled snapstyle; do
    "$generate_manual" "$root/usr/bin/$program" --multi-page --date "$date" --output-directory "$stage/man"
done
for page in "$stage"/man/*.1; do
    gzip -9n < "$page" > "$root/usr/share/man/man1/$(basename "$page").gz"
done
for program in snapstyle snapstyled; do
    "$root/usr/bin/$program" --generate-completion-script bash > "$root/usr/share/bash-completion/completions/$program"
    "$root/usr/bin/$program" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_$program"
    "$root/usr/bin/$program" --generate-completion-script fish \
        > "$root/usr/share/fish/vendor_completions.d/$program.fish"
done
chmod -R u=rwX,go=rX "$root/usr"

# The package owning a shared library: dpkg records it under /lib or /usr/lib, whichever it shipped.
owner() {
    for candidate in "$1" "$(readlink -f "$1")" "${1#/usr}" "/usr${1#/usr}"; do
        found=$(dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1) && [ -n "$found" ] && echo "$found" && return
    done
    return 1
}
depends=""
for library in $(objdump -p "$root/usr/bin/snapstyled" "$root/usr/bin/snapstyle" | awk '$1 == "NEEDED" { print $2 }' |
    sort -u); do
    path=$(ldconfig -p | awk -v name="$library" '$1 == name && /x86-64|AArch64/ { print $NF; exit }')
    [ -n "$path" ] || { echo "build-deb: $library: not found by ldconfig" >&2; exit 1; }
    pkg=$(owner "$path") || { echo "build-deb: $library ($path): no Debian package owns it" >&2; exit 1; }
    case $pkg in libc6 | libgcc-s1 | libstdc++6) continue ;; esac
    upstream=$(dpkg-query -W -f '${Version}' "$pkg" | sed -e 's/^[0-9]*://' -e 's/-[^-]*$//')
    case ",$depends," in *", $pkg "*) ;; *) depends="$depends, $pkg (>= $upstream)" ;; esac
done
depends=${depends#, }

size=$(du -sk "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: $package
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Section: devel
Priority: optional
Description: SnapStyle themes served live over a Unix socket
 snapstyled serves a semantic styling system (colors, fonts, surfaces,
 components) from theme files and DTCG design tokens over JSON-RPC on a
 Unix socket, reloading them as they change. snapstyle is its command-line
 client: it checks themes (also as GitHub annotations or SARIF), resolves
 and exports them, and runs the preview, the language server and the MCP
 server. Both programs carry the Swift runtime; the systemd user units start
 the daemon on demand.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)

mkdir -p "$outdir"
deb=$outdir/${package}_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb: $(du -h "$deb" | cut -f1), Installed-Size ${size} KiB, Depends: $depends"
