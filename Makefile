# Flick — the two commands: `make test` and `make demo`. Both install what they need first.
SWIFT ?= swift
OUT ?= out

.PHONY: setup build test demo bench release docs clean sanitize fuzz consumer

## Install the Debian packages listed in scripts/apt-packages.txt (only the missing ones).
setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

## Build, then run every test inside a virtual X display (the window test opens a real SDL
## window; 24-bit screen large enough for 750×1334). GLib warnings are fatal so a threading slip
## in Pango aborts the run.
XVFB_RUN ?= xvfb-run -a -s "-screen 0 1600x1600x24 -nolisten tcp"
test: setup
	$(SWIFT) build --build-tests
	G_DEBUG=fatal-warnings $(XVFB_RUN) $(SWIFT) test
	SWIFT='$(SWIFT)' bash scripts/consumer.sh run

## Release builds specialize the engine's generics across modules (see Package.swift: no
## target may carry that flag itself, or no other package could depend on Flick by version).
RELEASE_FLAGS ?= -Xswiftc -cross-module-optimization
release: setup
	$(SWIFT) build -c release --product flick $(RELEASE_FLAGS)

## An app that depends on Flick by URL and version (examples/consumer, Flick from a clone of
## HEAD tagged 0.1.0): resolves, builds and runs the README's example. Also part of `test`.
consumer: setup
	SWIFT='$(SWIFT)' bash scripts/consumer.sh run

## The test suites under ThreadSanitizer, then AddressSanitizer with leak detection, each in its own
## scratch path (.build-tsan, .build-asan), under xvfb-run with fatal GLib warnings as in `test`.
## Fails on any sanitizer report. SANITIZERS=thread (or address) runs one; ARGS go to `swift test`.
sanitize: setup
	XVFB_RUN='$(XVFB_RUN)' SWIFT='$(SWIFT)' bash scripts/sanitize.sh $(ARGS)

## libFuzzer targets (fuzz/: feed reader, stored records, rich text + layout, JPEG, PNG, WebP),
## built with -sanitize=fuzzer,address in .build-fuzz, each run SECONDS seconds on a scratch copy of
## its seed corpus (.build-fuzz-runs/); fails on any crash, hang (TIMEOUT s) or blow-up (RSS_MB).
## Not part of `test`. FUZZ_TARGETS=FuzzPNG runs some only. See fuzz/README.md.
SECONDS ?= 60
fuzz: setup
	SECONDS=$(SECONDS) SWIFT='$(SWIFT)' bash scripts/fuzz.sh $(FUZZ_TARGETS)

## The live timeline in a window: an embedded feed server over out/demo-feed (generated once) on a
## free loopback port, read into the offline cache out/live-cache.sqlite. Without a display it says so, replays
## the demo script headless and writes the same screenshot and report.
demo: release
	.build/release/flick demo --live --screenshot $(OUT)/demo.png --report $(OUT)/demo-report.json

## The standard benchmark: every mode over the standard scroll scripts on a 100k-post feed,
## plus micro-benchmarks; then Flick over 10k, 100k and 1M posts (whole-feed scripts, own
## process each: first frame, peak RSS, p99); leaves bench-out/bench.json, bench.png, sizes.json.
bench: release
	.build/release/flick bench --scroll --modes all --posts 100000 --json bench-out/bench.json --plot bench-out/bench.png
	.build/release/flick bench --scroll --no-micro --sizes 10000,100000,1000000 --json bench-out/sizes.json

## The front door's documentation (DocC, through swift-docc-plugin) into docs-out/.
docs: setup
	$(SWIFT) package --scratch-path .build-docs generate-documentation --target Flick --output-path docs-out

## Removes the build, the demo's output, the benchmark's output and the documentation.
clean:
	rm -rf .build .build-docs $(OUT) bench-out docs-out
