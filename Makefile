# snapstyled — the two commands first: `make run` and `make test`.
PREFIX ?= $(HOME)/.local
XDG_CONFIG_HOME ?= $(HOME)/.config
SWIFT ?= swift
DEB_PACKAGES := libjansson-dev libinotifytools0-dev
BIN := .build/release

.PHONY: run test deps test-deps build release install units uninstall bench bench-daemon format lint clean

# Installs Debian packages, only those missing: what the C modules need, and for the tests systemd's tools
# (systemd-analyze, systemd-socket-activate) and util-linux's (setpriv, unshare, nsenter).
TEST_PACKAGES := systemd util-linux
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

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Runs the daemon in the foreground with its built-in defaults.
run: release
	$(BIN)/snapstyled

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

BINDIR ?= $(PREFIX)/bin
DOCDIR ?= $(PREFIX)/share/doc/snapstyled
UNITDIR ?= $(XDG_CONFIG_HOME)/systemd/user

install: release units
	install -d $(BINDIR) $(XDG_CONFIG_HOME)/snapstyle $(DOCDIR)/docs
	install -m 0755 $(BIN)/snapstyled $(BIN)/snapstyle $(BINDIR)/
	install -m 0644 README.md $(DOCDIR)/
	install -m 0644 docs/*.md $(DOCDIR)/docs/
	[ -e $(XDG_CONFIG_HOME)/snapstyle/snapstyled.json ] || \
		install -m 0644 etc/snapstyle/snapstyled.json $(XDG_CONFIG_HOME)/snapstyle/snapstyled.json
	@echo "installed; now: systemctl --user daemon-reload && systemctl --user enable --now snapstyled.socket"

# The user units with this installation's paths (the tests verify what this writes).
units:
	install -d $(UNITDIR)
	sed -e 's|%h/.local/bin|$(BINDIR)|g' -e 's|@DOCDIR@|$(DOCDIR)|g' systemd/snapstyled.service \
		> $(UNITDIR)/snapstyled.service
	sed -e 's|@DOCDIR@|$(DOCDIR)|g' systemd/snapstyled.socket > $(UNITDIR)/snapstyled.socket

uninstall:
	rm -f $(BINDIR)/snapstyled $(BINDIR)/snapstyle
	rm -f $(UNITDIR)/snapstyled.service $(UNITDIR)/snapstyled.socket
	rm -rf $(DOCDIR)

# Benchmarks (release build); prints every figure. See Benchmarks/README.md.
bench: deps
	rm -f Benchmarks/.build/release.yaml
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

# The daemon against redis-server, same load generator (installs redis-server when missing).
bench-daemon: deps
	Benchmarks/daemon-bench.sh

# swift-format (part of the toolchain) with .swift-format: 4 spaces, 120 columns.
FORMATTED := Sources Tests Benchmarks/Sources Package.swift Benchmarks/Package.swift
format:
	$(SWIFT) format -i -r --configuration .swift-format $(FORMATTED)

lint:
	$(SWIFT) format lint -r --strict --configuration .swift-format Sources

clean:
	rm -rf .build Benchmarks/.build
