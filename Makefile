# snapstyled — the two commands first: `make run` and `make test`.
PREFIX ?= $(HOME)/.local
XDG_CONFIG_HOME ?= $(HOME)/.config
SWIFT ?= swift
DEB_PACKAGES := libjansson-dev libinotifytools0-dev libsimdjson-dev
BIN := .build/release

.PHONY: run test deps test-deps build release install units uninstall dist dist-check bench bench-build bench-daemon bench-preview bench-memory bench-lsp \
	bench-mcp format \
	lint clean \
	fuzz test-sanitizers soak

# Installs Debian packages, only those missing: what the C modules need, and for the tests systemd's tools
# (systemd-analyze, systemd-socket-activate), util-linux's (setpriv, unshare, nsenter), curl, and headless Chromium
# with its WebDriver for the preview page's browser tests, which Selenium (from PyPI, in .build/browser-venv) drives,
# and Node.js for the page's unit tests (its built-in test runner; no npm packages); pytest-lsp (from PyPI, in
# .build/lsp-venv) is the language server's client, and the official MCP Python SDK (from PyPI, in .build/mcp-venv)
# the client that drives `snapstyle mcp`.
# python3-jsonschema (with python3-rfc3987 for URI formats) validates check's SARIF against the official schema;
# sassc, node-typescript (tsc) and aapt read what `snapstyle build` writes; python3-markdown renders `diff`'s markdown.
TEST_PACKAGES := systemd util-linux curl chromium chromium-driver python3 python3-venv nodejs neovim \
	python3-jsonschema python3-rfc3987 sassc node-typescript aapt python3-markdown
BROWSER_VENV := .build/browser-venv
LSP_VENV := .build/lsp-venv
MCP_VENV := .build/mcp-venv
define install_missing
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_missing,$(DEB_PACKAGES))

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))
	@Tests/Browser/setup.sh $(BROWSER_VENV)
	@Tests/pip-venv.sh $(LSP_VENV) pytest_lsp 'pytest-lsp>=1.0,<2'
	@Tests/pip-venv.sh $(MCP_VENV) mcp 'mcp>=1.10'

build: deps
	$(SWIFT) build

# Release binaries link the Swift runtime and Foundation in, as the .deb's do (`make dist`, which shares these
# objects): a process starts without resolving the Swift libraries' symbols and calls the runtime directly (a
# one-shot `snapstyle build` of the Primer-shaped system takes about 15 % less CPU). Foundation's networking needs
# libcurl's static library then. The two programs only: the static runtime has no Testing module for the test
# support library.
release: deps
	$(call install_missing,libcurl4-openssl-dev)
	$(SWIFT) build $(DIST_FLAGS) --product snapstyled
	$(SWIFT) build $(DIST_FLAGS) --product snapstyle

# Runs the daemon in the foreground with its built-in defaults.
run: release
	$(BIN)/snapstyled

# The sources' formatting is checked first (swift-format, part of the toolchain): a file it would change fails.
# The page's pure parts are tested with Node's test runner before the Swift tests; after them, pytest-lsp drives
# `snapstyle lsp` (Tests/LSP).
# The tests that need the browser, root (to act as another user) or user namespaces fail here instead of skipping.
# Suites that run a server in the test process on Swift's cooperative threads (two on two cores) run on their own
# after the rest: in the same run, the many tests that block a thread while a real daemon or CLI works could hold
# both threads for seconds, and an in-process answer would wait behind them.
IN_PROCESS_SUITES := SnapStyleMCPTests\.(ToolBehaviourTests|AuditToolTests|ProtocolEdgeTests|SubscriptionTests)|ConnectionHandlerTests
TEST_ENV := SNAPSTYLE_BROWSER_PYTHON=$(CURDIR)/$(BROWSER_VENV)/bin/python3 SNAPSTYLE_REQUIRE_BROWSER=1 \
	SNAPSTYLE_MCP_PYTHON=$(CURDIR)/$(MCP_VENV)/bin/python3 SNAPSTYLE_REQUIRE_MCP=1 \
	SNAPSTYLE_REQUIRE_ROOT=1 SNAPSTYLE_REQUIRE_USERNS=1

test: test-deps lint
	node --test Tests/Page/
	$(SWIFT) build --build-tests
	$(TEST_ENV) $(SWIFT) test --skip-build --skip '$(IN_PROCESS_SUITES)'
	$(TEST_ENV) $(SWIFT) test --skip-build --filter '$(IN_PROCESS_SUITES)'
	SNAPSTYLE_BIN=$(CURDIR)/.build/debug/snapstyle $(LSP_VENV)/bin/pytest -q -p no:cacheprovider Tests/LSP

BINDIR ?= $(PREFIX)/bin
DOCDIR ?= $(PREFIX)/share/doc/snapstyled
UNITDIR ?= $(XDG_CONFIG_HOME)/systemd/user

DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man/man1

# The binaries, the units, the docs, the preset's files (which keys and explain cite), shell completions and
# man pages generated from the argument parser, and the example config when there is none.
install: release units
	install -d $(BINDIR) $(XDG_CONFIG_HOME)/snapstyle $(DOCDIR)/docs $(DATADIR)/snapstyle/preset/snap $(MANDIR) \
		$(DATADIR)/bash-completion/completions $(DATADIR)/zsh/site-functions $(DATADIR)/fish/vendor_completions.d
	install -m 0755 $(BIN)/snapstyled $(BIN)/snapstyle $(BINDIR)/
	install -m 0644 README.md $(DOCDIR)/
	install -m 0644 docs/*.md $(DOCDIR)/docs/
	install -m 0644 Sources/SnapStyleThemes/Preset/*.json $(DATADIR)/snapstyle/preset/snap/
	for program in snapstyle snapstyled; do \
		$(BIN)/$$program --generate-completion-script bash > $(DATADIR)/bash-completion/completions/$$program; \
		$(BIN)/$$program --generate-completion-script zsh > $(DATADIR)/zsh/site-functions/_$$program; \
		$(BIN)/$$program --generate-completion-script fish > $(DATADIR)/fish/vendor_completions.d/$$program.fish; \
	done
	$(SWIFT) package generate-manual --multi-page >/dev/null
	install -m 0644 .build/plugins/GenerateManual/outputs/snapstyle/*.1 \
		.build/plugins/GenerateManual/outputs/snapstyled/snapstyled.1 $(MANDIR)/
	[ -e $(XDG_CONFIG_HOME)/snapstyle/snapstyled.json ] || \
		install -m 0644 etc/snapstyle/snapstyled.json $(XDG_CONFIG_HOME)/snapstyle/snapstyled.json
	@echo "installed; now: systemctl --user daemon-reload && systemctl --user enable --now snapstyled.socket"

# The user units with this installation's paths (the tests verify what this writes).
units:
	install -d $(UNITDIR)
	sed -e 's|%h/.local/bin|$(BINDIR)|g' -e 's|%h/.local/share/doc/snapstyled|$(DOCDIR)|g' systemd/snapstyled.service \
		> $(UNITDIR)/snapstyled.service
	sed -e 's|%h/.local/share/doc/snapstyled|$(DOCDIR)|g' systemd/snapstyled.socket > $(UNITDIR)/snapstyled.socket

# A Debian package of both programs (.build/dist/snapstyled_VERSION_ARCH.deb) for Debian 12 machines without the
# Swift toolchain: release binaries with the Swift runtime and Foundation linked in (--static-swift-stdlib), stripped,
# depending on Debian's jansson, inotifytools and simdjson libraries, and libcurl, which Foundation's networking
# needs (the MCP SDK's HTTP transport pulls it into snapstyle); with the user units in /usr/lib/systemd/user, the
# docs, man pages, completions and the preset's files under /usr/share (packaging/build-deb.sh).
# The man pages come from the argument parser's generate-manual tool run on the release binaries (its plugin would
# rebuild the whole package in release without --static-swift-stdlib, over these binaries). `make release` and
# `make install` build with the same flags, so they and this share .build/release's objects (a plain
# `swift build -c release` does not: it and these rebuild each other's).
DIST_PACKAGES := dpkg-dev binutils libcurl4-openssl-dev
DIST_FLAGS := -c release --static-swift-stdlib
DIST_DIR := .build/dist
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/SnapStyleProtocol/Method.swift)
DIST_DEB := $(DIST_DIR)/snapstyled_$(VERSION)_$(shell dpkg --print-architecture 2>/dev/null || echo amd64).deb
dist: deps
	$(call install_missing,$(DIST_PACKAGES))
	$(SWIFT) build $(DIST_FLAGS) --product snapstyled
	$(SWIFT) build $(DIST_FLAGS) --product snapstyle
	$(SWIFT) build --product generate-manual
	packaging/build-deb.sh "$$($(SWIFT) build $(DIST_FLAGS) --show-bin-path)" "$$($(SWIFT) build --show-bin-path)/generate-manual" \
		$(DIST_DIR) $(VERSION)

# Installs the package in a clean Debian 12 root (debootstrap minbase, mounted proc, apt-get install ./FILE.deb) and
# runs both programs there, printing how long each step took (Tests/Dist/install-check.sh). Heavy, needs root and
# the Debian mirror; not part of `make test`.
DIST_CHECK_PACKAGES := debootstrap util-linux
dist-check: dist
	$(call install_missing,$(DIST_CHECK_PACKAGES))
	Tests/Dist/install-check.sh $(DIST_DEB)

uninstall:
	rm -f $(BINDIR)/snapstyled $(BINDIR)/snapstyle
	rm -rf $(DATADIR)/snapstyle
	rm -f $(MANDIR)/snapstyle*.1 $(DATADIR)/bash-completion/completions/snapstyle* \
		$(DATADIR)/zsh/site-functions/_snapstyle* $(DATADIR)/fish/vendor_completions.d/snapstyle*
	rm -f $(UNITDIR)/snapstyled.service $(UNITDIR)/snapstyled.socket
	rm -rf $(DOCDIR)

# Benchmarks (release build); prints every figure. See Benchmarks/README.md.
bench: deps
	rm -f Benchmarks/.build/release.yaml
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark
	$(MAKE) bench-build

# `snapstyle build` of every format for the generated Primer-shaped system (target <= 300 ms), the daemon keeping
# that build's CSS fresh after a one-token edit, and the kept-fresh figures of Benchmarks/build_bench.py.
bench-build: release
	rm -f Benchmarks/.build/release.yaml
	cd Benchmarks && $(SWIFT) build -c release --product Profile >/dev/null
	python3 Benchmarks/build_all_bench.py $(BIN) Benchmarks/.build/release/Profile
	python3 Benchmarks/build_bench.py $(BIN)

# The daemon against redis-server, same load generator (installs redis-server when missing).
bench-daemon: deps
	Benchmarks/daemon-bench.sh

# The daemon's resident memory with a 40 MB token file (380,000 colors): loaded, edited, deleted.
bench-memory: release
	python3 Benchmarks/token-memory.py $(BIN)/snapstyled

# `snapstyle mcp`: the resolve tool against the daemon's own resolve, and a theme change's event to the MCP
# notification.
bench-mcp: release
	python3 Benchmarks/mcp_bench.py --bin $(BIN)

# The language server's figures, driven over stdio as a client does: first diagnostics, diagnostics after a change,
# hover and completion, on the preset and on the generated Primer-shaped DTCG system.
bench-lsp: release
	rm -f Benchmarks/.build/release.yaml
	cd Benchmarks && $(SWIFT) build -c release --product Profile >/dev/null
	python3 Benchmarks/lsp-bench.py $(BIN)/snapstyle Benchmarks/.build/release/Profile

# The preview's figures in headless Chromium: save to page updated, page load, the CSS route.
bench-preview:
	Benchmarks/preview-bench.sh

# swift-format (part of the toolchain) with .swift-format: 4 spaces, 120 columns.
FORMATTED := Sources Tests Benchmarks/Sources Package.swift Benchmarks/Package.swift
format:
	$(SWIFT) format -i -r --configuration .swift-format $(FORMATTED)

# Then the system layer: only Sources/SnapStyleSystem imports the C library's module (Glibc, Musl, Darwin), and the
# watcher's inotify wrapper, which reads inotify events and errno beside libinotifytools (docs/architecture.md).
SYSTEM_IMPORT_EXCEPTIONS := Sources/SnapStyleWatcher/ThemeWatcher.swift
lint:
	$(SWIFT) format lint -r --strict --configuration .swift-format Sources
	@found=$$(grep -rlE --include='*.swift' '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+([a-z]+[[:space:]]+)?(Glibc|Musl|Darwin)\b' \
		Sources | grep -v '^Sources/SnapStyleSystem/' | grep -vxF '$(SYSTEM_IMPORT_EXCEPTIONS)'); \
	if [ -n "$$found" ]; then \
		for file in $$found; do echo "$$file: imports the C library; make the call through SnapStyleSystem" >&2; done; \
		exit 1; \
	fi

# Coverage-guided fuzzing with libFuzzer (part of the Swift toolchain) of the request path, the theme parser, DTCG
# token files and resolvers loaded by a theme store, and the preview's query parser, FUZZ_SECONDS each (default 5
# minutes; FUZZ_KINDS picks some). New inputs that add coverage are merged into Tests/Fuzz/Corpus, crashes
# and hangs are written to Tests/Fuzz/Crashes; `make test` replays both. Leak checking is off: Swift's runtime
# caches look like leaks to LeakSanitizer.
FUZZ_SECONDS ?= 300
FUZZ_BUILD := .build-fuzz
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
FUZZ_KINDS ?= requests themes tokens resolvers queries
fuzz: deps
	for kind in $(FUZZ_KINDS); do \
		$(SWIFT) build --scratch-path $(FUZZ_BUILD) $(FUZZ_FLAGS) --product fuzz-$$kind || exit 1; \
	done
	@for kind in $(FUZZ_KINDS); do \
		mkdir -p $(FUZZ_BUILD)/corpus/$$kind Tests/Fuzz/Crashes/$$kind; \
		echo "fuzzing the $$kind path for $(FUZZ_SECONDS) s"; \
		ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BUILD)/debug/fuzz-$$kind -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
			-max_len=16384 -rss_limit_mb=4096 -print_final_stats=1 \
			-artifact_prefix=Tests/Fuzz/Crashes/$$kind/ $(FUZZ_BUILD)/corpus/$$kind Tests/Fuzz/Corpus/$$kind \
			|| exit 1; \
		ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BUILD)/debug/fuzz-$$kind -merge=1 -max_len=16384 \
			Tests/Fuzz/Corpus/$$kind $(FUZZ_BUILD)/corpus/$$kind 2>&1 | tail -1; \
	done

# The whole test suite once under AddressSanitizer and once under ThreadSanitizer, each in a build folder of its
# own (the end-to-end tests start the daemon and CLI built beside the test runner, so they are instrumented too).
test-sanitizers: test-deps
	$(SWIFT) build --build-tests --scratch-path .build-asan -Xswiftc -sanitize=address
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --scratch-path .build-asan
	$(SWIFT) build --build-tests --scratch-path .build-tsan -Xswiftc -sanitize=thread
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --scratch-path .build-tsan

# Long runs: the live-state property tests with many seeds, then the release daemon under 20 clients for
# SOAK_MINUTES (default 10) while a theme file changes every 200 ms; prints the figures.
SOAK_MINUTES ?= 10
SOAK_SEEDS ?= 40
soak: test-deps release
	$(SWIFT) build --build-tests
	SNAPSTYLE_LIVE_SEEDS=$(SOAK_SEEDS) $(SWIFT) test --skip-build --filter "LiveStateTests|LiveDaemonTests"
	python3 Tests/Soak/soak.py --daemon $(BIN)/snapstyled --minutes $(SOAK_MINUTES)

clean:
	rm -rf .build Benchmarks/.build .build-fuzz .build-asan .build-tsan
