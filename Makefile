# Build and install adaptive-pointer.
#   make                      release build (.build/release/adaptive-pointer), the Swift
#                             runtime linked in (runs without the toolchain's libraries); also
#                             the KWin companion (.build/kwin-companion/adaptivepointercompanion.so)
#                             when KWin's headers are installed, else a one-line note
#   make kwin-companion       only the KWin companion (companions/kde/build.sh)
#   make install PREFIX=…     binary, assets, the menu entry, man page, docs (DESTDIR supported);
#                             no autostart: that is per user and opt-in (adaptive-pointer autostart enable)
#   make install-files …      the same without building (BINARY=path picks the binary)
#   make uninstall PREFIX=…   removes exactly what install put there
#   make traces               regenerates every bundled trace (Assets/Traces/*.jsonl) from
#                             scripts/make-demo-traces.py
#   make doc-images           re-renders the pictures in docs/images
#   make shaders              regenerates the copy of Shaders/ built into the binary
# Installed layout (AssetLocator finds the assets at <exe>/../share/adaptive-pointer):
#   $(PREFIX)/bin/adaptive-pointer
#   $(PREFIX)/share/adaptive-pointer/{Scenes,Traces,Schema,Shaders}/…
#   $(PREFIX)/share/applications/adaptive-pointer.desktop
#   $(PREFIX)/share/man/man1/adaptive-pointer.1
#   $(PREFIX)/share/doc/adaptive-pointer/*.md, images/*.png   (docs/)
#   $(PREFIX)/lib/adaptive-pointer/kwin/adaptivepointercompanion.so   (when built; each user
#                             installs it with `adaptive-pointer companion install kde`)
# Earlier versions put an autostart entry for every user into /etc/xdg/autostart
# (or $(PREFIX)/etc/xdg/autostart); install and uninstall remove it.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
INSTALL ?= install
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/adaptive-pointer
APPDIR = $(PREFIX)/share/applications
MANDIR = $(PREFIX)/share/man/man1
DOCDIR = $(PREFIX)/share/doc/adaptive-pointer
KWINDIR = $(PREFIX)/lib/adaptive-pointer/kwin
KWIN_PLUGIN = .build/kwin-companion/adaptivepointercompanion.so
KWIN_HEADERS = /usr/include/kwineffects.h /usr/include/kwin/effect/effecthandler.h
OLD_AUTOSTART_ENTRIES = /etc/xdg/autostart/adaptive-pointer.desktop $(PREFIX)/etc/xdg/autostart/adaptive-pointer.desktop
BINARY ?= $$($(SWIFT) build -c release --show-bin-path)/adaptive-pointer
ASSET_DIRS = Scenes Traces Schema

.PHONY: all build kwin-companion install install-files uninstall traces doc-images shaders clean

all: build

build:
	$(SWIFT) build -c release --static-swift-stdlib --product adaptive-pointer
	@if [ -n "$(wildcard $(KWIN_HEADERS))" ]; then \
		$(MAKE) --no-print-directory kwin-companion; \
	else \
		echo "note: not building the KWin companion (no KWin headers; Debian: apt-get install kwin-dev libkf5globalaccel-dev qtbase5-dev-tools g++)"; \
	fi

kwin-companion:
	bash companions/kde/build.sh .build/kwin-companion

install: build install-files

install-files:
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DATADIR)" "$(DESTDIR)$(APPDIR)" "$(DESTDIR)$(MANDIR)"
	$(INSTALL) -m 755 "$(BINARY)" "$(DESTDIR)$(BINDIR)/adaptive-pointer"
	for d in $(ASSET_DIRS); do \
		find "Assets/$$d" -type f \( -name '*.json' -o -name '*.jsonl' -o -name '*.png' \) | while read -r f; do \
			$(INSTALL) -D -m 644 "$$f" "$(DESTDIR)$(DATADIR)/$${f#Assets/}" || exit 1; \
		done || exit 1; \
	done
	# The GL renderer's shaders, next to the assets (a broken edit falls back to Cairo, naming the file).
	for f in Shaders/*.glsl Shaders/*.vert Shaders/*.frag; do \
		$(INSTALL) -D -m 644 "$$f" "$(DESTDIR)$(DATADIR)/$$f" || exit 1; \
	done
	sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@DATADIR@|$(DATADIR)|g' Assets/adaptive-pointer.desktop > "$(DESTDIR)$(APPDIR)/adaptive-pointer.desktop"
	chmod 644 "$(DESTDIR)$(APPDIR)/adaptive-pointer.desktop"
	@for f in $(OLD_AUTOSTART_ENTRIES); do \
		if [ -e "$(DESTDIR)$$f" ]; then rm -f "$(DESTDIR)$$f" && echo "removed $(DESTDIR)$$f (an earlier install started the pointer for every user; autostart is now opt-in: adaptive-pointer autostart enable)"; fi; \
	done
	$(INSTALL) -m 644 docs/adaptive-pointer.1 "$(DESTDIR)$(MANDIR)/adaptive-pointer.1"
	$(INSTALL) -d "$(DESTDIR)$(DOCDIR)/images"
	$(INSTALL) -m 644 docs/*.md "$(DESTDIR)$(DOCDIR)/"
	$(INSTALL) -m 644 docs/images/*.png "$(DESTDIR)$(DOCDIR)/images/"
	@if [ -f "$(KWIN_PLUGIN)" ]; then \
		echo $(INSTALL) -D -m 644 "$(KWIN_PLUGIN)" "$(DESTDIR)$(KWINDIR)/adaptivepointercompanion.so"; \
		$(INSTALL) -D -m 644 "$(KWIN_PLUGIN)" "$(DESTDIR)$(KWINDIR)/adaptivepointercompanion.so" || exit 1; \
	fi
	@echo "installed $(DESTDIR)$(BINDIR)/adaptive-pointer (assets in $(DESTDIR)$(DATADIR))"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/adaptive-pointer" \
		"$(DESTDIR)$(APPDIR)/adaptive-pointer.desktop" \
		"$(DESTDIR)$(MANDIR)/adaptive-pointer.1" \
		$(foreach f,$(OLD_AUTOSTART_ENTRIES),"$(DESTDIR)$(f)")
	rm -rf "$(DESTDIR)$(DATADIR)" "$(DESTDIR)$(DOCDIR)"
	rm -f "$(DESTDIR)$(KWINDIR)/adaptivepointercompanion.so"
	rmdir "$(DESTDIR)$(KWINDIR)" "$(DESTDIR)$(PREFIX)/lib/adaptive-pointer" 2>/dev/null || true

# Both run the debug build (the trace script replays through it to follow the engine).
traces:
	$(SWIFT) build --product adaptive-pointer
	/usr/bin/python3 scripts/make-demo-traces.py

doc-images:
	$(SWIFT) build --product adaptive-pointer
	bash scripts/make-doc-images.sh

shaders:
	bash scripts/embed-shaders.sh

clean:
	$(SWIFT) package clean
