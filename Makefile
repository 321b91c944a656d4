# snapstyled — the two commands first: `make run` and `make test`.
PREFIX ?= $(HOME)/.local
XDG_CONFIG_HOME ?= $(HOME)/.config
SWIFT ?= swift
DEB_PACKAGES := libjansson-dev libinotifytools0-dev
BIN := .build/release

.PHONY: run test deps build release install uninstall bench bench-daemon clean

# Installs the Debian packages the C modules need, only when one is missing.
deps:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Runs the daemon in the foreground with its built-in defaults.
run: release
	$(BIN)/snapstyled

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

install: release
	install -d $(PREFIX)/bin $(XDG_CONFIG_HOME)/systemd/user $(XDG_CONFIG_HOME)/snapstyle
	install -m 0755 $(BIN)/snapstyled $(BIN)/snapstyle $(PREFIX)/bin/
	sed 's|@BINDIR@|$(PREFIX)/bin|g' systemd/snapstyled.service > $(XDG_CONFIG_HOME)/systemd/user/snapstyled.service
	install -m 0644 systemd/snapstyled.socket $(XDG_CONFIG_HOME)/systemd/user/snapstyled.socket
	[ -e $(XDG_CONFIG_HOME)/snapstyle/snapstyled.json ] || \
		install -m 0644 etc/snapstyle/snapstyled.json $(XDG_CONFIG_HOME)/snapstyle/snapstyled.json
	@echo "installed; now: systemctl --user daemon-reload && systemctl --user enable --now snapstyled.socket"

uninstall:
	rm -f $(PREFIX)/bin/snapstyled $(PREFIX)/bin/snapstyle
	rm -f $(XDG_CONFIG_HOME)/systemd/user/snapstyled.service $(XDG_CONFIG_HOME)/systemd/user/snapstyled.socket

# Benchmarks (release build); prints every figure. See Benchmarks/README.md.
bench: deps
	rm -f Benchmarks/.build/release.yaml
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

# The daemon against redis-server, same load generator (installs redis-server when missing).
bench-daemon: deps
	Benchmarks/daemon-bench.sh

clean:
	rm -rf .build Benchmarks/.build
