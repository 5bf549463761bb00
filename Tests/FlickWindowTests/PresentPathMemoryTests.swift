@testable import FlickWindow
import Foundation
import Testing

/// `PresentPathMemory`: what `auto` learned about a display's OpenGL, kept per display key.
@Suite("Present path memory")
struct PresentPathMemoryTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flick-present-memory-\(UUID().uuidString)")
    }

    @Test func anAnswerIsRecalledForTheSameKeyOnly() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let memory = PresentPathMemory(key: "x11|The X.Org Foundation|12101007|/usr/lib/dri@1", folder: folder)
        #expect(memory.recall() == nil, "nothing learned yet")
        memory.remember("llvmpipe (LLVM 15.0.6, 256 bits)")
        #expect(memory.recall() == "llvmpipe (LLVM 15.0.6, 256 bits)")
        #expect(PresentPathMemory(key: "x11|The X.Org Foundation|12101007|/usr/lib/dri@2", folder: folder).recall() == nil, "a driver change asks again")
        memory.remember("Mesa Intel(R) UHD Graphics 620")
        #expect(memory.recall() == "Mesa Intel(R) UHD Graphics 620", "a new answer replaces the old")
    }

    @Test func aDamagedFileIsAMiss() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let memory = PresentPathMemory(key: "k", folder: folder)
        for contents in [Data(), Data("k".utf8), Data("k\n\n".utf8), Data(repeating: 0x6B, count: 10_000), Data([0xFF, 0xFE, 0x0A, 0x00])] {
            try contents.write(to: memory.file)
            #expect(memory.recall() == nil)
        }
        memory.remember("a\nb")
        #expect(memory.recall() == nil, "an answer that would break the file is not kept")
    }
}
