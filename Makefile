# snapstyled — the two commands first: `make run` and `make test`.
PREFIX ?= $(HOME)/.local
XDG_CONFIG_HOME ?= $(HOME)/.config
SWIFT ?= swift
DEB_PACKAGES := libjansson-dev libinotifytools0-dev
BIN := .build/release

.PHONY: run test deps test-deps build release install uninstall bench bench-daemon clean

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

DOCDIR := $(PREFIX)/share/doc/snapstyled

install: release
	install -d $(PREFIX)/bin $(XDG_CONFIG_HOME)/systemd/user $(XDG_CONFIG_HOME)/snapstyle $(DOCDIR)/docs
	install -m 0755 $(BIN)/snapstyled $(BIN)/snapstyle $(PREFIX)/bin/
	install -m 0644 README.md $(DOCDIR)/
	install -m 0644 docs/*.md $(DOCDIR)/docs/
	sed -e 's|@BINDIR@|$(PREFIX)/bin|g' -e 's|@DOCDIR@|$(DOCDIR)|g' systemd/snapstyled.service \
		> $(XDG_CONFIG_HOME)/systemd/user/snapstyled.service
	install -m 0644 systemd/snapstyled.socket $(XDG_CONFIG_HOME)/systemd/user/snapstyled.socket
	[ -e $(XDG_CONFIG_HOME)/snapstyle/snapstyled.json ] || \
		install -m 0644 etc/snapstyle/snapstyled.json $(XDG_CONFIG_HOME)/snapstyle/snapstyled.json
	@echo "installed; now: systemctl --user daemon-reload && systemctl --user enable --now snapstyled.socket"

uninstall:
	rm -f $(PREFIX)/bin/snapstyled $(PREFIX)/bin/snapstyle
	rm -f $(XDG_CONFIG_HOME)/systemd/user/snapstyled.service $(XDG_CONFIG_HOME)/systemd/user/snapstyled.socket
	rm -rf $(DOCDIR)

# Benchmarks (release build); prints every figure. See Benchmarks/README.md.
bench: deps
	rm -f Benchmarks/.build/release.yaml
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

# The daemon against redis-server, same load generator (installs redis-server when missing).
bench-daemon: deps
	Benchmarks/daemon-bench.sh

clean:
	rm -rf .build Benchmarks/.build
