#!/usr/bin/env bash
# Micro-benchmark of LockedBox's hot path (issue #14 part 6): uncontended `withLock`, the
# current LockedBox (Sources/FlickCore/Concurrency/LockedBox.swift, copied in) against the
# old one on Swift's `Mutex`, in the same release run. Both live in a separate module, as
# LockedBox does for its callers. Builds in .build-lock only; prints ns per call.
#   scripts/lock-bench.sh [ITERATIONS]   (default 10_000_000)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=.build-lock/pkg
mkdir -p "$ROOT/Sources/Boxes" "$ROOT/Sources/LockBench"
cp Sources/FlickCore/Concurrency/LockedBox.swift "$ROOT/Sources/Boxes/LockedBox.swift"
cat > "$ROOT/Package.swift" <<'SWIFT'
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "LockBench",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "Boxes"),
        .executableTarget(name: "LockBench", dependencies: ["Boxes"]),
    ],
    swiftLanguageModes: [.v6])
SWIFT
cat > "$ROOT/Sources/Boxes/MutexBox.swift" <<'SWIFT'
import Synchronization

/// LockedBox as it was before (Swift's `Mutex`), for comparison.
public final class MutexBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    public init(_ value: Value) { mutex = Mutex(value) }
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { value in body(&value) }
    }
    public var value: Value { mutex.withLock { $0 } }
}
SWIFT
cat > "$ROOT/Sources/LockBench/main.swift" <<'SWIFT'
import Boxes
#if canImport(Glibc)
import Glibc
#endif

let iterations = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 10_000_000

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
}

@inline(never) func benchNew(_ box: LockedBox<Int>) -> Double {
    let start = now()
    for _ in 0..<iterations { box.withLock { $0 &+= 1 } }
    return (now() - start) / Double(iterations)
}

@inline(never) func benchOld(_ box: MutexBox<Int>) -> Double {
    let start = now()
    for _ in 0..<iterations { box.withLock { $0 &+= 1 } }
    return (now() - start) / Double(iterations)
}

@inline(never) func benchNewArray(_ box: LockedBox<[Int]>) -> Double {
    let start = now()
    for i in 0..<iterations { box.withLock { $0.append(i) }; if i & 63 == 63 { _ = box.takeAll() } }
    return (now() - start) / Double(iterations)
}

@inline(never) func benchOldArray(_ box: MutexBox<[Int]>) -> Double {
    let start = now()
    for i in 0..<iterations {
        box.withLock { $0.append(i) }
        if i & 63 == 63 { _ = box.withLock { v -> [Int] in var t: [Int] = []; swap(&t, &v); return t } }
    }
    return (now() - start) / Double(iterations)
}

let newBox = LockedBox(0), oldBox = MutexBox(0)
let newArr = LockedBox<[Int]>([]), oldArr = MutexBox<[Int]>([])
var newInt: [Double] = [], oldInt: [Double] = [], newA: [Double] = [], oldA: [Double] = []
for _ in 0..<5 {  // interleaved rounds; the median of each
    oldInt.append(benchOld(oldBox)); newInt.append(benchNew(newBox))
    oldA.append(benchOldArray(oldArr)); newA.append(benchNewArray(newArr))
}
precondition(newBox.value == oldBox.value)
func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
func fmt(_ x: Double) -> String { String(Int((x * 100).rounded())).replacingOccurrences(of: #"(\d\d)$"#, with: ".$1", options: .regularExpression) }
print("uncontended withLock, \(iterations) iterations, median of 5 interleaved rounds (ns/call)")
print("  Int += 1          Mutex (old): \(median(oldInt))  pthread (new): \(median(newInt))")
print("  [Int] append+take Mutex (old): \(median(oldA))  pthread (new): \(median(newA))")
SWIFT
sed -i '/^func fmt/d' "$ROOT/Sources/LockBench/main.swift"
swift build -c release --package-path "$ROOT" --scratch-path .build-lock/build --product LockBench 2>&1 | grep -v '^\[' || true
.build-lock/build/release/LockBench "${1:-10000000}"
