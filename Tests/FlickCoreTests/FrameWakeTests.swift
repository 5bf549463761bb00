import FlickCore
import Foundation
import Testing

/// `FrameWake`: a host at rest sleeps until the next signal, and never misses one that came
/// between its frame and its sleep.
@Suite("Frame wake")
struct FrameWakeTests {
    @Test func aSleeperIsWokenOnceByTheNextSignal() {
        let wake = FrameWake()
        let woken = LockedBox(0)
        let seen = wake.generation
        let sleeper = wake.sleep(since: seen) { woken.withLock { $0 += 1 } }
        #expect(sleeper != nil)
        #expect(woken.value == 0)
        wake.signal()
        #expect(woken.value == 1)
        wake.signal()
        #expect(woken.value == 1, "a sleeper is woken once")
        sleeper?.end()
    }

    @Test func aSignalSinceTheFrameRefusesTheSleep() {
        let wake = FrameWake()
        let seen = wake.generation
        wake.signal()  // a result landed after the frame read the mailboxes
        let woken = LockedBox(0)
        #expect(wake.sleep(since: seen) { woken.withLock { $0 += 1 } } == nil, "the host runs another frame instead")
        #expect(woken.value == 0)
    }

    @Test func anEndedSleeperIsNotWoken() {
        let wake = FrameWake()
        let woken = LockedBox(0)
        let sleeper = wake.sleep(since: wake.generation) { woken.withLock { $0 += 1 } }
        sleeper?.end()
        wake.signal()
        #expect(woken.value == 0)
    }

    @Test func aMailboxPostWakesAndHandsOverInOrder() {
        let wake = FrameWake()
        let mailbox = Mailbox<Int>(wake: wake)
        let woken = LockedBox(0)
        let sleeper = wake.sleep(since: wake.generation) { woken.withLock { $0 += 1 } }
        DispatchQueue.global().sync { mailbox.post(1) }
        mailbox.post(2)
        mailbox.post(3)
        #expect(woken.value == 1)
        #expect(mailbox.takeAll() == [1, 2, 3])
        #expect(mailbox.takeAll().isEmpty)
        sleeper?.end()
    }

    @Test func aFinishedPoolJobSignals() {
        let pool = QueuePool<Void>(queuesPerLane: 1) { _ in () }
        let seen = FrameWake.shared.generation
        pool.submit(.userInitiated) { _ in }
        pool.waitUntilIdle()
        #expect(FrameWake.shared.generation != seen, "the job's result may be waiting: a host at rest runs a frame")
    }
}
