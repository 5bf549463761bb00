import CFlickSys

#if canImport(Glibc)
import Glibc
#endif

/// The process's memory as the kernel and glibc's malloc see it: resident now and at peak,
/// and what malloc holds (in use, free but kept, mapped on its own). Read it to tell live
/// memory from memory freed but kept resident by the allocator. Value; read on any thread.
public struct ProcessMemory: Sendable, Hashable {
    /// Resident set now (`/proc/self/statm`), bytes; 0 where unavailable.
    public var residentBytes: Int
    /// Peak resident set of the process so far (`VmHWM`), bytes; 0 where unavailable.
    public var peakResidentBytes: Int
    /// Bytes malloc handed out and not freed (arenas and its own maps).
    public var mallocInUseBytes: Int
    /// Bytes free inside malloc's arenas: freed by Flick but kept by malloc (resident where
    /// it was touched and not trimmed).
    public var mallocFreeBytes: Int
    /// Bytes malloc serves with a map of their own (returned to the system when freed).
    public var mallocMappedBytes: Int
    /// Bytes of arena memory malloc obtained from the system (main heap and thread arenas).
    public var mallocArenaBytes: Int

    public init(
        residentBytes: Int, peakResidentBytes: Int, mallocInUseBytes: Int, mallocFreeBytes: Int, mallocMappedBytes: Int,
        mallocArenaBytes: Int
    ) {
        self.residentBytes = residentBytes
        self.peakResidentBytes = peakResidentBytes
        self.mallocInUseBytes = mallocInUseBytes
        self.mallocFreeBytes = mallocFreeBytes
        self.mallocMappedBytes = mallocMappedBytes
        self.mallocArenaBytes = mallocArenaBytes
    }

    /// The figures now. `mallinfo2` walks every arena's free lists under their locks, so this
    /// costs up to a millisecond: call it between phases, not per frame.
    public static func current() -> ProcessMemory {
        let totals = flick_malloc_statistics()
        return ProcessMemory(
            residentBytes: residentFromStatm(), peakResidentBytes: kilobytes(of: "VmHWM:") * 1024,
            mallocInUseBytes: Int(totals.inUseBytes) + Int(totals.mappedBytes), mallocFreeBytes: Int(totals.freeBytes),
            mallocMappedBytes: Int(totals.mappedBytes), mallocArenaBytes: Int(totals.arenaBytes))
    }

    /// Gives malloc's free memory back to the system where it can (`malloc_trim(0)`: the top
    /// of every arena and whole free pages inside them); returns whether anything was
    /// released. Costs milliseconds on a large heap: never inside a frame.
    @discardableResult
    public static func releaseFreeMemory() -> Bool { malloc_trim(0) != 0 }

    private static func residentFromStatm() -> Int {
        guard let text = readSmallFile("/proc/self/statm") else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The kB figure on the line of `/proc/self/status` starting with `label`; 0 when absent.
    private static func kilobytes(of label: String) -> Int {
        guard let text = readSmallFile("/proc/self/status") else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(label) {
            return Int(line.dropFirst(label.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
        }
        return 0
    }

    /// A /proc file's text (they report size 0, so read until the end).
    private static func readSmallFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4096) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
