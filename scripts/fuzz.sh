#!/usr/bin/env bash
# `make fuzz` (issue #14 part 7): builds the libFuzzer targets of fuzz/ (a package of its own,
# see fuzz/README.md) with -sanitize=fuzzer,address in .build-fuzz, then runs each for
# SECONDS seconds on a scratch copy of its seed corpus (fuzz/corpus/<target>, never written
# to). A crash, a hang past TIMEOUT seconds on one input or memory past RSS_MB is a finding:
# the input is kept in .build-fuzz-runs/<target>/ and the run exits non-zero.
#
#   scripts/fuzz.sh                        every target, SECONDS (default 60) each
#   SECONDS=30 scripts/fuzz.sh FuzzPNG     some targets
#   scripts/fuzz.sh --write-seeds          regenerate fuzz/corpus with Flick's own encoders
#   FUZZ_TREE=head scripts/fuzz.sh         build the committed HEAD (plus the working fuzz/)
#                                          in .build-fuzz-tree, away from edits in progress
#   FUZZ_ARGS="-fork=1 -ignore_crashes=1" scripts/fuzz.sh FuzzRichText   more libFuzzer flags
#                                          (this pair: keep going past a known crash)
#   FUZZ_SKIP_BUILD=1 scripts/fuzz.sh FuzzPNG   run the targets already built (a second stream
#                                          beside a running one, without rebuilding under it)
#   .build-fuzz/release/FuzzPNG crash-…    replay one input (any libFuzzer flag works)
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SWIFT=${SWIFT:-swift}
# `SECONDS` is bash's clock: read the caller's value once, before bash counts from it.
RUN_SECONDS=${SECONDS:-60}
RSS_MB=${RSS_MB:-2048}
TIMEOUT=${TIMEOUT:-10}
SCRATCH=$ROOT/.build-fuzz
RUNS=$ROOT/.build-fuzz-runs
ALL_TARGETS="FuzzFeed FuzzRecord FuzzRichText FuzzJPEG FuzzPNG FuzzWebP FuzzHTTPBody"

write_seeds=0
if [[ ${1:-} == --write-seeds ]]; then write_seeds=1; shift; fi
targets=${*:-$ALL_TARGETS}

started=$(date +%s)
if [[ ${FUZZ_SKIP_BUILD:-} != 1 ]]; then
    package=$ROOT
    if [[ ${FUZZ_TREE:-} == head ]]; then
        package=$ROOT/.build-fuzz-tree
        rm -rf "$package" && mkdir -p "$package"
        git archive HEAD | tar -x -C "$package"
        rm -rf "$package/fuzz" && cp -R "$ROOT/fuzz" "$package/fuzz"
        [[ -f Package.resolved ]] && cp Package.resolved "$package/"
    fi
    # Same dependency versions as the main package's build.
    [[ -f $package/Package.resolved ]] && cp "$package/Package.resolved" "$package/fuzz/Package.resolved"

    # -sanitize=fuzzer: coverage instrumentation of every Swift module built (Flick's and its
    # dependencies') and libFuzzer at link; address: AddressSanitizer. -Xcc: the same for C
    # targets (CFlickPNG). -enable-testing: FuzzRecord's @testable import of FlickTimeline.
    # lld: gold fails on these links (an internal error in format_file_lineno).
    started=$(date +%s)
    echo "== fuzz: build (.build-fuzz)"
    if ! $SWIFT build -c release --package-path "$package/fuzz" --scratch-path "$SCRATCH" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -use-ld=lld \
        -Xcc -fsanitize=fuzzer-no-link,address 2>&1 | grep -vE 'prohibited flag|CMakeLists.txt|unhandled; explicitly'; then
        :
    fi
    if [[ ${PIPESTATUS[0]} -ne 0 ]]; then echo "fuzz: build failed" >&2; exit 2; fi
    echo "== fuzz: built in $(( $(date +%s) - started )) s"
fi
BIN=$SCRATCH/release

if (( write_seeds )); then
    for target in $targets; do
        rm -rf "fuzz/corpus/$target" && "$BIN/$target" --write-seeds "fuzz/corpus/$target" || exit 1
        echo "fuzz/corpus/$target: $(ls "fuzz/corpus/$target" | wc -l) files, $(du -sb "fuzz/corpus/$target" | cut -f1) bytes"
    done
    exit 0
fi

# detect_leaks=0: a fuzz input is run millions of times; leaks are `make sanitize`'s job.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
# Swift's crash backtracer reads the crashed process's memory from a helper thread, which ASan
# reports as a bad read of its own and hides the real trap; libFuzzer prints the stack.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
failed=0
summary=()
for target in $targets; do
    dir=$RUNS/$target
    rm -rf "$dir" && mkdir -p "$dir/corpus" "$dir/findings"
    cp fuzz/corpus/"$target"/* "$dir/corpus/" 2>/dev/null
    echo "== fuzz: $target for $RUN_SECONDS s (log: ${dir#$ROOT/}/fuzz.log)"
    "$BIN/$target" "$dir/corpus" -max_total_time="$RUN_SECONDS" -rss_limit_mb="$RSS_MB" -malloc_limit_mb="$RSS_MB" \
        -timeout="$TIMEOUT" -artifact_prefix="$dir/findings/" -print_final_stats=1 ${FUZZ_ARGS:-} > "$dir/fuzz.log" 2>&1
    status=$?
    runs=$(grep -oE '^stat::number_of_executed_units: *[0-9]+' "$dir/fuzz.log" | grep -oE '[0-9]+$')
    speed=$(grep -oE '^stat::average_exec_per_sec: *[0-9]+' "$dir/fuzz.log" | grep -oE '[0-9]+$')
    # -fork mode prints no final stats: take its last progress line.
    [[ -n $runs ]] || runs=$(grep -oE '^#[0-9]+' "$dir/fuzz.log" | tail -1 | tr -d '#')
    [[ -n $speed ]] || speed=$(grep -oE 'exec/s: [0-9]+' "$dir/fuzz.log" | tail -1 | grep -oE '[0-9]+$')
    cov=$(grep -oE 'cov: [0-9]+' "$dir/fuzz.log" | tail -1)
    findings=$(ls "$dir/findings" | wc -l)
    line="$target: exit $status, ${runs:-?} runs, ${speed:-?} exec/s, ${cov:-cov: ?}, $findings finding(s)"
    summary+=("$line")
    echo "$line"
    if (( status != 0 || findings > 0 )); then
        failed=1
        grep -E '^==[0-9]+==ERROR|^SUMMARY|Fatal error|libFuzzer: (deadly|timeout|out-of-memory)' "$dir/fuzz.log" | head -5
        ls "$dir"/findings/* 2>/dev/null | sed 's/^/  finding: /'
    fi
done
echo "== fuzz: summary ($(( $(date +%s) - started )) s in all)"
printf '%s\n' "${summary[@]}"
exit $failed
