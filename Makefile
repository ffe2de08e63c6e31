# One entry point for people and CI. `make test` installs what a fresh Debian
# machine lacks (only when it is missing) and runs every test.

SWIFT ?= swift

.PHONY: test demo deps lint format docs pictures

deps:
	@if ! pkg-config --exists cairo libpng spng zlib 2>/dev/null; then \
	  echo "installing libcairo2-dev, libpng-dev, libspng-dev, zlib1g-dev, pkg-config"; \
	  $(if $(shell [ `id -u` = 0 ] && echo root),,sudo) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(if $(shell [ `id -u` = 0 ] && echo root),,sudo) \
	    apt-get install -y -qq pkg-config libcairo2-dev libpng-dev libspng-dev zlib1g-dev >/dev/null; \
	fi

demo: deps
	$(SWIFT) run animrender

test: deps
	$(SWIFT) test

# The pictures README.md shows, drawn by the project itself.
pictures: deps
	$(SWIFT) run animrender demo -o Docs/demo.png --quiet
	$(SWIFT) run animrender demo -o Docs/gallery.png --quiet --styles \
	  cross-dissolve,cover-from-right,cover-from-top-left-push-to-back,fade-in-push-to-back,push-from-bottom,push-from-left-fade-in,push-to-back-from-right,flow-from-bottom,emerge-from-center-push-to-back,flip-vertically,rotate-horizontally-from-bottom-clockwise,rotate-vertically-from-right-counterclockwise

docs: deps
	Scripts/build-docs.sh

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Examples Benchmarks Fuzz

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Examples Benchmarks Fuzz
