import Foundation
import Testing

@testable import OTPGrepCLI

/// What the publish hook saw: the order, and whether two calls ever overlapped.
private final class PublishLog: @unchecked Sendable {
  private let lock = NSLock()
  private var active = 0
  private(set) var order: [Int] = []
  private(set) var overlapped = false

  func enter(_ n: Int) {
    lock.lock()
    active += 1
    if active > 1 { overlapped = true }
    order.append(n)
    lock.unlock()
  }

  func leave() {
    lock.lock()
    active -= 1
    lock.unlock()
  }
}

/// A count that jobs on several threads add to.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

@Suite("OrderedPipeline")
struct OrderedPipelineTests {
  @Test(
    "results are published once each, in order, one at a time, then delivered in order",
    arguments: [
      (1, 1, false), (2, 4, false), (3, 6, false), (4, 2, false), (2, 2, true), (3, 6, true),
    ])
  func publishesInOrder(workers: Int, limit: Int, submitterWorks: Bool) {
    let log = PublishLog()
    let pipeline = OrderedPipeline<[Int]>(
      workers: workers, limit: limit, submitterWorks: submitterWorks,
      publish: { result in
        log.enter(result[0])
        // A slow publish lets other workers finish and leave their results to this one.
        if result[0] % 7 == 0 { usleep(300) }
        result.append(-1)
        log.leave()
      })
    var delivered: [[Int]] = []
    for n in 0..<200 {
      // Jobs that take different times, so they finish out of order.
      let pause = UInt32((n * 37) % 11) * 40
      pipeline.submit(
        {
          usleep(pause)
          return [n]
        }, deliver: { delivered.append($0) })
      #expect(delivered.count >= n + 1 - limit)
    }
    pipeline.finish { delivered.append($0) }
    #expect(log.order == Array(0..<200))
    #expect(!log.overlapped)
    #expect(delivered == (0..<200).map { [$0, -1] })
  }

  @Test("the thread that submits runs queued jobs while the pipeline is full, when it works")
  func submitterWorks() {
    let submitter = pthread_self()
    let onSubmitter = Counter()
    // One thread of its own and the submitter, four jobs in flight (as otpgrep has with two
    // jobs): jobs that take a while leave the pipeline full, with jobs queued, at most
    // submissions after the first four; the submitter runs one when another stays queued.
    let pipeline = OrderedPipeline<Int>(workers: 2, limit: 4, submitterWorks: true)
    var delivered: [Int] = []
    for n in 0..<100 {
      pipeline.submit(
        {
          usleep(200)
          if pthread_equal(pthread_self(), submitter) != 0 { onSubmitter.add() }
          return n
        }, deliver: { delivered.append($0) })
    }
    pipeline.finish { delivered.append($0) }
    #expect(delivered == Array(0..<100))
    #expect(onSubmitter.value > 20)
  }

  @Test("a buffer published back to its pool is filled again by the next job, not copied")
  func publishedBuffersAreReused() {
    // As a parallel run of windows uses them: each job takes a record buffer and fills it,
    // the publish hook writes it and gives it back. The pool then holds the buffer's only
    // reference, so the next job that takes it writes into its memory; with a reference
    // left behind (the finished job's own copy of its result, or the one handed to the
    // pool), that job copied it into a new allocation, 80 to 186 times a run of the
    // bench's dump.
    let limit = 4
    let buffers = RecordBuffers(bytes: 4096)
    let pipeline = OrderedPipeline<[UInt8]>(
      workers: 2, limit: limit, submitterWorks: true,
      publish: { records in buffers.give(&records) })
    var delivered = 0
    for n in 0..<3000 {
      pipeline.submit(
        {
          var records = buffers.take()
          records.append(contentsOf: repeatElement(UInt8(truncatingIfNeeded: n), count: 100))
          return records
        }, deliver: { _ in delivered += 1 })
    }
    pipeline.finish { _ in delivered += 1 }
    #expect(delivered == 3000)
    #expect(buffers.allocations >= 1)
    #expect(buffers.allocations <= limit)
  }
}

@Suite("WorkerPool")
struct WorkerPoolTests {
  @Test("a job that waits holds up no other: the free thread runs every job queued after it")
  func waitingJobHoldsUpNoOther() {
    let pool = WorkerPool(threads: 2)
    let release = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    pool.run { release.wait() }
    // With a queue per thread filled in turn, every other one of these would wait behind it.
    for _ in 0..<6 { pool.run { done.signal() } }
    let deadline = DispatchTime.now() + 30
    var finished = 0
    for _ in 0..<6 where done.wait(timeout: deadline) == .success { finished += 1 }
    release.signal()
    pool.close()
    #expect(finished == 6)
  }

  @Test("closing lets the running job and the queued ones finish")
  func closeFinishesQueuedJobs() {
    let pool = WorkerPool(threads: 1)
    let release = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    pool.run {
      release.wait()
      done.signal()
    }
    for _ in 0..<3 { pool.run { done.signal() } }
    pool.close()
    release.signal()
    let deadline = DispatchTime.now() + 30
    var finished = 0
    for _ in 0..<4 where done.wait(timeout: deadline) == .success { finished += 1 }
    #expect(finished == 4)
  }
}
