# Tabmate — the two commands the README names are `make run` and `make test`.
PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python

.PHONY: run install extension bytecode test test-fast deps bench clean

$(VPY):
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip

## Install the host into .venv, register it with every browser found, build the extension.
install: $(VPY)
	$(VPY) -m pip install -q -e .
	$(MAKE) bytecode
	$(VENV)/bin/tabmate install
	$(MAKE) extension

PROFILE := $(CURDIR)/build/chromium-profile

## Install, then open Chromium with Tabmate loaded when there is a screen; else say how to load it.
run: install
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ] && command -v chromium >/dev/null 2>&1; then \
	  $(VENV)/bin/tabmate install --browser chromium --user-data-dir "$(PROFILE)" >/dev/null; \
	  echo "Starting Chromium with Tabmate loaded (profile: $(PROFILE))"; \
	  chromium --user-data-dir="$(PROFILE)" --load-extension="$(CURDIR)/build/chromium" >/dev/null 2>&1 & \
	else \
	  echo; echo "Tabmate is installed. Load the extension:"; \
	  echo "  Chromium/Chrome/Brave/Edge/Vivaldi: chrome://extensions → Developer mode → Load unpacked → $(CURDIR)/build/chromium"; \
	  echo "  Firefox: about:debugging → This Firefox → Load Temporary Add-on → $(CURDIR)/build/firefox/manifest.json"; \
	fi
	@echo "Then open the Tabmate side panel, pick a provider in Settings and press Test connection."

extension:
	$(PY) extension/build.py

## Compile the host's modules now: a browser starts the host for every connectNative and
## `tabmate extract` runs once per page, and where Python cannot write its cache itself
## (PYTHONDONTWRITEBYTECODE set, a checkout the user cannot write) every start compiled them
## again: a one-page extract 116 -> 79 ms CPU, the host's imports 238 -> 210 ms.
bytecode: $(VPY)
	$(VPY) -m compileall -q native_host installer

## Everything the tests need (Debian packages when root, Python packages into .venv).
## llama-cpp-python is compiled for a generic x86-64/arm64 CPU: a -march=native build enables
## AMX/AVX-512 paths that crash on virtual machines which report them without allowing them.
deps: $(VPY)
	bash .ci/setup
	CMAKE_ARGS="$${CMAKE_ARGS:--DGGML_NATIVE=off}" $(VPY) -m pip install -q -e '.[test,bench,realmodel]'
	$(MAKE) bytecode

test: deps extension
	$(VPY) -m pytest -q

test-fast: $(VPY)
	$(VPY) -m pytest -q -m "not e2e and not realmodel"

bench: deps
	$(VPY) bench/run_all.py

clean:
	rm -rf build .pytest_cache
