import Foundation
import Testing

@testable import Kiln

@Suite("LockedValue")
struct LockedValueTests {
    @Test("increments from many threads at once all count")
    func noLostUpdates() {
        let counter = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<2_000 {
                // Read, give the core away, then write: without the lock another thread's increment lands in
                // between and is lost (a bare `+= 1` is too short to show that on two cores).
                counter.withLock { value in
                    let read = value
                    sched_yield()
                    value = read + 1
                }
            }
        }
        #expect(counter.withLock { $0 } == 16_000)
    }

    @Test("a waiter returns only once another thread made its condition true, and sees that value")
    func waitsForAnotherThread() {
        let box = LockedValue(false)
        let seen = LockedValue<Bool?>(nil)
        let waiter = Thread {
            let value = box.withLock(waitingUntil: \.self) { $0 }
            seen.withLock { $0 = value }
        }
        waiter.start()
        // Nothing has woken it: it is still waiting, however long it is given to return early.
        Thread.sleep(forTimeInterval: 0.2)
        #expect(seen.withLock { $0 } == nil)
        box.withLock { state in
            state = true
            box.wakeWaiters()
        }
        let deadline = Date().addingTimeInterval(30)
        while seen.withLock({ $0 }) == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(seen.withLock { $0 } == true)
    }

    @Test("a condition already true does not wait")
    func readyAtOnce() {
        let box = LockedValue(true)
        let value = box.withLock(waitingUntil: \.self) { value -> Bool in
            value.toggle()
            return value
        }
        #expect(value == false)
    }
}
