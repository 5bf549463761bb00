#!/usr/bin/env bash
# `make sanitize` (issue #14 part 6): the test suites under ThreadSanitizer, then, separately,
# AddressSanitizer with LeakSanitizer. Each sanitizer builds in its own scratch path
# (.build-tsan, .build-asan), never in .build. Tests run under xvfb-run with fatal GLib
# warnings, as in `make test`. Reports go to files (log_path), so those of child processes
# (the `flick` binary run by the CLI tests) are counted too; any report fails the run.
#
#   scripts/sanitize.sh                          both sanitizers, every suite
#   SANITIZERS=thread scripts/sanitize.sh        one of them
#   scripts/sanitize.sh --filter FlickCoreTests  extra arguments go to `swift test`
#
# Suppressions (third-party code only, each with its reason): scripts/tsan-suppressions.txt,
# scripts/lsan-suppressions.txt.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SWIFT=${SWIFT:-swift}
SANITIZERS=${SANITIZERS:-thread address}
# As in the Makefile; shell words, evaluated below (the -s argument keeps its quotes).
[[ -n ${XVFB_RUN:-} ]] || XVFB_RUN='xvfb-run -a -s "-screen 0 1600x1600x24 -nolisten tcp"'
LOGS=${SANITIZE_LOGS:-$ROOT/.build-sanitize-logs}
failed=0

for sanitizer in $SANITIZERS; do
    case $sanitizer in
        thread) scratch=.build-tsan; pattern='WARNING: ThreadSanitizer' ;;
        address) scratch=.build-asan; pattern='ERROR: (AddressSanitizer|LeakSanitizer)' ;;
        *) echo "sanitize: unknown sanitizer '$sanitizer' (thread or address)" >&2; exit 2 ;;
    esac
    dir=$LOGS/$sanitizer
    rm -rf "$dir" && mkdir -p "$dir"
    # halt_on_error=0 / exitcode: run every test and count every report, then fail below.
    export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 history_size=4 suppressions=$ROOT/scripts/tsan-suppressions.txt log_path=$dir/report"
    # Add fast_unwind_on_malloc=0 (slower) to ASAN_OPTIONS_EXTRA for full leak stacks through
    # libraries built without frame pointers (fontconfig, curl), to tell whose call leaked.
    export ASAN_OPTIONS="detect_leaks=1 log_path=$dir/report ${ASAN_OPTIONS_EXTRA:-}"
    export LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan-suppressions.txt print_suppressions=0"
    started=$(date +%s)
    echo "== sanitize=$sanitizer: build ($scratch)"
    if ! $SWIFT build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"; then
        echo "sanitize=$sanitizer: build failed" >&2; failed=1; continue
    fi
    echo "== sanitize=$sanitizer: test $*"
    if [[ $sanitizer == address ]]; then
        # The test runner itself, not `swift test`, with Mesa's software GL driver preloaded:
        # SDL unloads the driver (SDL_QuitSubSystem → SDL_GL_UnloadLibrary) before the `flick`
        # children of the window tests exit, so LeakSanitizer could no longer name its module
        # ("<unknown module>") and its suppression (lsan-suppressions.txt) could not match;
        # preloaded, it stays mapped to the end. Not through `swift test`: SwiftPM would then
        # recompile its manifest with the driver preloaded into the linker, which crashes.
        # The suites are swift-testing ones (the package has no XCTest cases).
        preload=()
        for dri in /usr/lib/*/dri/swrast_dri.so; do [[ -f $dri ]] && preload=("LD_PRELOAD=$dri"); done
        runner=$(ls -d "$scratch"/debug/*PackageTests.xctest | head -n 1)
        eval "$XVFB_RUN" 'env G_DEBUG=fatal-warnings "${preload[@]}" "$runner" --testing-library swift-testing "$@"' \
            > "$dir/test.log" 2>&1
    else
        eval "G_DEBUG=fatal-warnings $XVFB_RUN" '$SWIFT test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "$@"' \
            > "$dir/test.log" 2>&1
    fi
    status=$?
    tail -n 5 "$dir/test.log"
    reports=$(cat "$dir"/report.* 2>/dev/null | grep -cE "$pattern")
    echo "== sanitize=$sanitizer: tests exit $status, $reports report(s), $(( $(date +%s) - started )) s (logs: $dir)"
    if (( reports > 0 )); then
        # One line per report: its kind and the first Flick frame (or the first frame).
        for f in "$dir"/report.*; do
            awk -v pat="$pattern" '
                $0 ~ pat { if (kind != "") print kind " @ " (flick != "" ? flick : first); kind = $0; flick = ""; first = "" ; next }
                kind != "" && / #[0-9]+ / { if (first == "") first = $0; if (flick == "" && /Flick/) flick = $0 }
                END { if (kind != "") print kind " @ " (flick != "" ? flick : first) }' "$f"
        done | sed -E 's/ +/ /g' | sort | uniq -c | sort -rn | head -n 40
        failed=1
    fi
    (( status != 0 )) && failed=1
done
exit $failed
