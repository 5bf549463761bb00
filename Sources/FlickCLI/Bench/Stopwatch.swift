import Dispatch

/// Times closures: medians and percentiles of many runs, in microseconds.
struct Stopwatch {
    struct Summary {
        let median: Double
        let p90: Double
        let runs: Int
    }

    /// Runs `body` `warmup` times untimed, then `runs` times timed.
    static func measure(runs: Int, warmup: Int = 3, _ body: () -> Void) -> Summary {
        for _ in 0..<warmup { body() }
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000)
        }
        samples.sort()
        return Summary(median: samples[samples.count / 2], p90: samples[min(samples.count - 1, samples.count * 9 / 10)], runs: runs)
    }

    /// Seconds taken by `body`.
    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
