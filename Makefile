# One entry point for people and CI. The targets that build install what a
# fresh Debian machine lacks (only when it is missing) first.
#
#   make demo                        draw the built-in demo with the release animrender
#   make test                        run every test
#   make release                     build the release animrender (and its preview server)
#   make install PREFIX=/usr/local   install the release animrender and its fonts
#   make uninstall PREFIX=/usr/local remove them
#   make consumer-check              build a package that uses Transit by version

SWIFT ?= swift
PREFIX ?= /usr/local

.PHONY: test demo release install uninstall deps test-deps lint format docs pictures consumer-check newcomer-check

# Libraries linked in: Cairo, libspng (BSD), zlib, ISA-L (BSD-3-Clause, the PNG
# encoder's fast deflate), libwebp (BSD), Pango + fontconfig (LGPL/MIT, linked
# dynamically): all that building and drawing need. libcurl (curl licence,
# MIT-style, linked dynamically) only for animrender-preview: the release
# build puts Foundation's networking inside that program, which links -lcurl.
SUDO := $(if $(shell [ `id -u` = 0 ] && echo root),,sudo)
DEPS_PACKAGES := pkg-config libcairo2-dev libspng-dev zlib1g-dev libisal-dev \
  libwebp-dev libpango1.0-dev libcurl4-openssl-dev
# Programs only the tests use, to read outputs back: ffmpeg/ffprobe (also what
# writes .mp4/.webm), rsvg-convert, pdftoppm and Python's Pillow.
TEST_PACKAGES := ffmpeg librsvg2-bin poppler-utils python3 python3-pip
# The browser the player's and the preview's tests load pages in, driven by
# Python's selenium (from PyPI, below).
BROWSER_PACKAGES := chromium chromium-driver

deps:
	@if ! pkg-config --exists cairo spng zlib libisal libwebpmux pangocairo libcurl 2>/dev/null; then \
	  echo "installing $(DEPS_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(DEPS_PACKAGES) >/dev/null; \
	fi

test-deps: deps
	@if ! command -v ffprobe >/dev/null || ! command -v rsvg-convert >/dev/null \
	    || ! command -v pdftoppm >/dev/null || ! command -v python3 >/dev/null; then \
	  echo "installing $(TEST_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(TEST_PACKAGES) >/dev/null; \
	fi
	@if ! python3 -c 'import PIL.WebPImagePlugin, PIL.features, sys; sys.exit(not PIL.features.check("webp"))' 2>/dev/null; then \
	  echo "installing Pillow"; \
	  python3 -m pip install --quiet pillow 2>/dev/null \
	    || python3 -m pip install --quiet --break-system-packages pillow \
	    || DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-pil >/dev/null; \
	fi
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
	  echo "installing $(BROWSER_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(BROWSER_PACKAGES) >/dev/null; \
	fi
	@if ! python3 -c 'import selenium' 2>/dev/null; then \
	  echo "installing selenium"; \
	  python3 -m pip install --quiet selenium 2>/dev/null \
	    || python3 -m pip install --quiet --break-system-packages selenium; \
	fi

# The release animrender. On Linux it carries the Swift runtime and
# Foundation inside the program, which halves start-up: no resolving of
# thousands of symbols across a dozen shared Swift libraries. The C
# libraries stay shared. The flag lives here, not in Package.swift: SwiftPM
# refuses unsafe (linker) flags in a package used as a dependency.
ifeq ($(shell uname -s),Linux)
STATIC_STDLIB := --static-swift-stdlib
endif
RELEASE_FLAGS := -c release $(STATIC_STDLIB)
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product animrender
	$(SWIFT) build $(RELEASE_FLAGS) --product animrender-preview

demo: release
	$(RELEASE_BIN)/animrender demo

# Extra flags for the test build, e.g. TEST_FLAGS="-Xcc -O2" to optimise the C
# targets of the debug build (SwiftPM compiles them at -O0 in debug, -O2 in
# release; measured, the suite takes the same time either way).
TEST_FLAGS ?=

test: test-deps
	$(SWIFT) test $(TEST_FLAGS)

# The program and its fonts: TextFonts looks for them in the resource folder
# beside the running program (links resolved), so both go to
# $(PREFIX)/libexec/transit and $(PREFIX)/bin/animrender links there;
# `animrender preview` runs animrender-preview from the same folder.
# DESTDIR stages the files elsewhere for packaging.
LIBEXEC := $(PREFIX)/libexec/transit
FONTS := Transit_TransitRender.resources/Fonts

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(LIBEXEC)/$(FONTS)"
	install -m 755 "$(RELEASE_BIN)/animrender" "$(DESTDIR)$(LIBEXEC)/animrender"
	install -m 755 "$(RELEASE_BIN)/animrender-preview" "$(DESTDIR)$(LIBEXEC)/animrender-preview"
	install -m 644 "$(RELEASE_BIN)/$(FONTS)"/* "$(DESTDIR)$(LIBEXEC)/$(FONTS)/"
	ln -sfn ../libexec/transit/animrender "$(DESTDIR)$(PREFIX)/bin/animrender"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/animrender"
	rm -rf "$(DESTDIR)$(LIBEXEC)"

# Clones this commit, tags it and builds Docs/GoldenTests.md's consumer package against
# it, so every product is checked as a versioned dependency.
consumer-check: deps
	Scripts/consumer-check.sh

# Follows README's install and first-animation steps exactly as written.
newcomer-check: test-deps
	Scripts/newcomer-check.sh

# Every picture under Docs/, drawn by the project's own release animrender: the
# demo, the gallery of twelve styles, a swipe back dragged by hand, the
# catalogue of every style, a card expanding to fill the screen and back, and
# an app of two tabs with a sheet (each a grid and a GIF).
# Tests/AnimRenderTests/Commands/DocsPicturesTests.swift runs these same lines
# and fails when a committed picture differs from what the build draws.
pictures: release
	$(RELEASE_BIN)/animrender demo -o Docs/demo.png --quiet
	$(RELEASE_BIN)/animrender demo -o Docs/gallery.png --quiet --styles \
	  cross-dissolve,cover-from-right,cover-from-top-left-push-to-back,fade-in-push-to-back,push-from-bottom,push-from-left-fade-in,push-to-back-from-right,flow-from-bottom,emerge-from-center-push-to-back,flip-vertically,rotate-horizontally-from-bottom-clockwise,rotate-vertically-from-right-counterclockwise
	$(RELEASE_BIN)/animrender play Examples/interactive-pop.json --layout grid --columns 7 --labels -o Docs/interactive-pop.png --quiet
	$(RELEASE_BIN)/animrender styles --catalogue Docs/styles.png --quiet
	$(RELEASE_BIN)/animrender play Examples/card-expand.json --layout grid --columns 9 --scale 0.5 \
	  --labels --compression smallest -o Docs/card-expand.png --quiet
	$(RELEASE_BIN)/animrender play Examples/card-expand.json --fps 30 --hold 0.5 -o Docs/card-expand.gif --quiet
	$(RELEASE_BIN)/animrender play Examples/photo-grid.json --fps 30 --hold 0.5 -o Docs/photo-grid.gif --quiet
	$(RELEASE_BIN)/animrender play Examples/swipe-back.json --layout grid --columns 9 --scale 0.5 \
	  --labels --compression smallest -o Docs/swipe-back.png --quiet
	$(RELEASE_BIN)/animrender play Examples/swipe-back.json --fps 30 --hold 0.5 -o Docs/swipe-back.gif --quiet
	$(RELEASE_BIN)/animrender play Examples/tabs-and-sheet.json --layout grid --columns 8 --scale 0.5 \
	  --labels --compression smallest -o Docs/tabs-and-sheet.png --quiet
	$(RELEASE_BIN)/animrender play Examples/tabs-and-sheet.json --fps 30 --hold 0.5 -o Docs/tabs-and-sheet.gif --quiet

docs: deps
	Scripts/build-docs.sh

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Examples Benchmarks Fuzz

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Examples Benchmarks Fuzz
