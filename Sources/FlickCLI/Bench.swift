import ArgumentParser
import Foundation

/// `flick bench`: measures Flick against its baselines in one run.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure hot paths against raw Pango/Cairo baselines (use a release build).",
        discussion: "Scroll-script benchmarks against the naive pipeline arrive with the list engine.")

    @Option(help: "Timed runs per micro-benchmark.")
    var runs: Int = 400

    @Option(help: "Also write the results as JSON to this path.")
    var json: String?

    func validate() throws {
        guard runs >= 10 else { throw ValidationError("--runs must be at least 10") }
    }

    func run() throws {
        let rows = try MicroBenchmarks(runs: runs).run { stage in
            FileHandle.standardError.write(Data("bench: \(stage)…\n".utf8))
        }
        print("micro-benchmarks (median of \(runs) runs; baseline = raw Pango/Cairo, or full render / full-size decode)")
        print(pad("measure", 44) + pad("Flick", 12) + pad("baseline", 12) + "ratio")
        for row in rows {
            print(pad(row.name, 44) + pad(format(row.flick) + " " + row.unit, 12) + pad(row.baseline.map { format($0) + " " + row.unit } ?? "—", 12) + row.overhead)
        }
        if let json {
            let objects = rows.map { row -> [String: Any] in
                var object: [String: Any] = ["name": row.name, "flick": row.flick, "unit": row.unit]
                if let baseline = row.baseline { object["baseline"] = baseline }
                return object
            }
            let data = try JSONSerialization.data(withJSONObject: ["micro": objects], options: [.prettyPrinted, .sortedKeys])
            try OutputFile.write([UInt8](data), to: json)
        }
    }

    private func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
