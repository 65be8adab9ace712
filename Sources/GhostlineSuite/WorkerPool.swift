import Foundation

/// A fixed number of threads taking work items from one shared queue until it is empty.
///
/// Threads of our own rather than `DispatchQueue.concurrentPerform`: that caps the width at the core count
/// whatever `--jobs` asks, and its threads have small stacks, while a check lays out stacks nested up to 64 deep.
/// The only lock is around taking the next item (nanoseconds per check); the checks themselves share the font
/// library and glyph cache, which lock only around their own tables.
enum WorkerPool {
    /// The stack of each worker: the main thread's 8 MiB, so a scene that lays out on the main thread lays out here.
    static let stackSize = 8 << 20

    /// Calls `body` once for each of `order` (indices, taken first to last) on `jobs` threads; returns when all are
    /// done. `shouldStop` is asked before each item, so a fatal error in one worker ends the others early.
    static func run(order: [Int], jobs: Int, shouldStop: @escaping @Sendable () -> Bool,
                    body: @escaping @Sendable (Int) -> Void) {
        final class Queue: @unchecked Sendable {
            let lock = NSLock()
            var next = 0
            let order: [Int]
            init(_ order: [Int]) { self.order = order }
            func take() -> Int? {
                lock.lock(); defer { lock.unlock() }
                guard next < order.count else { return nil }
                next += 1
                return order[next - 1]
            }
        }
        let queue = Queue(order)
        let workers = max(1, min(jobs, order.count))
        let done = DispatchGroup()
        for _ in 0..<workers {
            done.enter()
            let thread = Thread {
                while !shouldStop(), let item = queue.take() { body(item) }
                done.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        done.wait()
    }
}
