import Dispatch
import FlickCore
import FlickTestSupport
import Testing

@Suite("ProcessMemory and PageMemory")
struct ProcessMemoryTests {
    @Test func figuresAreReadFromTheKernelAndMalloc() {
        let memory = ProcessMemory.current()
        #expect(memory.residentBytes > 1_048_576, "a test runner is resident: \(memory)")
        #expect(memory.peakResidentBytes >= memory.residentBytes / 2, "VmHWM read: \(memory)")
        if Sanitizers.areActive {
            // The sanitizer's allocator is not glibc's: mallinfo2 says nothing, and so do we.
            #expect(memory.mallocInUseBytes == 0 && memory.mallocArenaBytes == 0, "\(memory)")
        } else {
            #expect(memory.mallocInUseBytes > 0 && memory.mallocArenaBytes > 0, "\(memory)")
        }
        #expect(memory.mallocMappedBytes <= memory.mallocInUseBytes)
    }

    @Test func peakIsAtLeastAMappedBufferTouched() {
        let bytes = 32 * 1_048_576
        let pointer = PageMemory.map(bytes: bytes)
        defer { PageMemory.unmap(pointer, bytes: bytes) }
        pointer.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
        let memory = ProcessMemory.current()
        #expect(memory.residentBytes >= bytes && memory.peakResidentBytes >= memory.residentBytes, "\(memory)")
    }

    @Test func mapsArePageAlignedAndZero() {
        let bytes = 3 * 4096 + 100
        let pointer = PageMemory.map(bytes: bytes)
        defer { PageMemory.unmap(pointer, bytes: bytes) }
        #expect(UInt(bitPattern: pointer) % 4096 == 0)
        let view = UnsafeRawBufferPointer(start: pointer, count: bytes)
        #expect(view.allSatisfy { $0 == 0 })
    }

    @Test func onlyTheProcessMainThreadIsMain() {
        let group = DispatchGroup()
        let onWorker = LockedBox<Bool?>(nil)
        DispatchQueue.global().async(group: group) { onWorker.withLock { $0 = PageMemory.isMainThread } }
        group.wait()
        #expect(onWorker.value == false)
    }
}
