# One entry point for people and CI. `make test` installs what a fresh Debian
# machine lacks (only when it is missing) and runs every test.

SWIFT ?= swift

.PHONY: test demo deps lint format docs

deps:
	@if ! pkg-config --exists cairo libpng zlib 2>/dev/null; then \
	  echo "installing libcairo2-dev, libpng-dev, zlib1g-dev, pkg-config"; \
	  $(if $(shell [ `id -u` = 0 ] && echo root),,sudo) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(if $(shell [ `id -u` = 0 ] && echo root),,sudo) \
	    apt-get install -y -qq pkg-config libcairo2-dev libpng-dev zlib1g-dev >/dev/null; \
	fi

demo: deps
	$(SWIFT) run animrender

test: deps
	$(SWIFT) test

docs: deps
	Scripts/build-docs.sh

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Examples Benchmarks

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Examples Benchmarks
