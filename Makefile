# Flick — the two commands: `make test` and `make demo`. Both install what they need first.
SWIFT ?= swift
OUT ?= out

.PHONY: setup build test demo bench release clean

## Install the Debian packages listed in scripts/apt-packages.txt (only the missing ones).
setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

## Build, then run every test. GLib warnings are fatal so a threading slip in Pango aborts the run.
test: setup
	$(SWIFT) build --build-tests
	G_DEBUG=fatal-warnings $(SWIFT) test

release: setup
	$(SWIFT) build -c release --product flick

## Render what Flick draws today and say where it went.
demo: release
	.build/release/flick demo --screenshot $(OUT)/demo.png --report $(OUT)/demo-report.json

## The standard benchmark: every mode over the standard scroll scripts on a 100k-post feed,
## plus micro-benchmarks; leaves bench-out/bench.json and bench-out/bench.png.
bench: release
	.build/release/flick bench --scroll --modes all --posts 100000 --json bench-out/bench.json --plot bench-out/bench.png

clean:
	rm -rf .build $(OUT)
