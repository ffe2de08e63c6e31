# One entry point for people and CI. `make test` installs what a fresh Debian
# machine lacks (only when it is missing) and runs every test.

SWIFT ?= swift

.PHONY: test demo deps lint format docs pictures

# Libraries linked in: Cairo, libpng, libspng (BSD), zlib, ISA-L (BSD-3-Clause, the PNG
# encoder's fast deflate), libwebp (BSD), Pango + fontconfig
# (LGPL/MIT, linked dynamically). Programs the tests read outputs back with:
# ffmpeg/ffprobe (also what writes .mp4/.webm), rsvg-convert, pdftoppm and
# Python's Pillow.
SUDO := $(if $(shell [ `id -u` = 0 ] && echo root),,sudo)
APT_PACKAGES := pkg-config libcairo2-dev libpng-dev libspng-dev zlib1g-dev libisal-dev libwebp-dev \
  libpango1.0-dev \
  ffmpeg librsvg2-bin poppler-utils python3 python3-pip

deps:
	@if ! pkg-config --exists cairo libpng spng zlib libisal libwebpmux pangocairo 2>/dev/null \
	    || ! command -v ffprobe >/dev/null || ! command -v rsvg-convert >/dev/null \
	    || ! command -v pdftoppm >/dev/null || ! command -v python3 >/dev/null; then \
	  echo "installing $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi
	@if ! python3 -c 'import PIL.WebPImagePlugin, PIL.features, sys; sys.exit(not PIL.features.check("webp"))' 2>/dev/null; then \
	  echo "installing Pillow"; \
	  python3 -m pip install --quiet pillow 2>/dev/null \
	    || python3 -m pip install --quiet --break-system-packages pillow \
	    || DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-pil >/dev/null; \
	fi

demo: deps
	$(SWIFT) run animrender

test: deps
	$(SWIFT) test

# Every picture under Docs/, drawn by the project's own animrender: the demo, the
# gallery of twelve styles, a swipe back dragged by hand, and the catalogue of every
# style. Tests/AnimRenderTests/Commands/DocsPicturesTests.swift runs these same lines
# and fails when a committed picture differs from what the build draws.
pictures: deps
	$(SWIFT) run animrender demo -o Docs/demo.png --quiet
	$(SWIFT) run animrender demo -o Docs/gallery.png --quiet --styles \
	  cross-dissolve,cover-from-right,cover-from-top-left-push-to-back,fade-in-push-to-back,push-from-bottom,push-from-left-fade-in,push-to-back-from-right,flow-from-bottom,emerge-from-center-push-to-back,flip-vertically,rotate-horizontally-from-bottom-clockwise,rotate-vertically-from-right-counterclockwise
	$(SWIFT) run animrender play Examples/interactive-pop.json --layout grid --columns 7 --labels -o Docs/interactive-pop.png --quiet
	$(SWIFT) run animrender styles --catalogue Docs/styles.png --quiet

docs: deps
	Scripts/build-docs.sh

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Examples Benchmarks Fuzz

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Examples Benchmarks Fuzz
