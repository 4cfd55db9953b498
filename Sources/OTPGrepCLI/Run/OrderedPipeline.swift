#if canImport(Glibc)
  import Glibc
#endif

/// Runs jobs on a fixed number of threads and hands their results back in submission order,
/// with at most `limit` jobs in flight, so memory stays bounded whatever the input's size. The
/// threads take the jobs from one queue (a ``WorkerPool``): whichever is free runs the next.
///
/// Each result is first *published*, in submission order, on the worker thread that finished
/// it or on the one publishing when it finished (one at a time, never two at once): a parallel
/// run writes its records there, from the core whose cache holds them. It is then delivered
/// on the thread that submits, in the same order.
///
/// ```swift
/// let pipeline = OrderedPipeline<Int>(workers: 2, limit: 4)
/// var seen: [Int] = []
/// for n in 0..<10 { pipeline.submit({ n * n }, deliver: { seen.append($0) }) }
/// pipeline.finish { seen.append($0) }
/// seen  // [0, 1, 4, 9, 16, 25, 36, 49, 64, 81]
/// ```
public final class OrderedPipeline<Result: Sendable>: @unchecked Sendable {
  private let workers: WorkerPool
  private let limit: Int
  private let publish: @Sendable (inout Result) -> Void
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Finished results waiting for the ones before them to be published.
  private var finished: [Int: Result] = [:]
  /// Published results waiting to be delivered.
  private var results: [Int: Result] = [:]
  private var submitted = 0
  private var published = 0
  private var delivered = 0

  /// Whether the thread that submits runs queued jobs too, rather than wait.
  private let submitterWorks: Bool

  /// A pipeline with `workers` threads and at most `limit` jobs submitted but not delivered,
  /// which calls `publish` on each result in order before it is delivered. With
  /// `submitterWorks`, the thread that submits is one of the `workers` (at least two): while
  /// the pipeline is full, it runs queued jobs instead of waiting (leaving one queued for the
  /// other threads), so that as many threads as `workers` are at work, not one more.
  ///
  /// ```swift
  /// let pipeline = OrderedPipeline<[UInt8]>(workers: 2, limit: 4, publish: { $0.append(0x0A) })
  /// ```
  public init(
    workers: Int, limit: Int, submitterWorks: Bool = false,
    publish: @escaping @Sendable (inout Result) -> Void = { _ in }
  ) {
    self.submitterWorks = submitterWorks && workers > 1
    self.workers = WorkerPool(threads: max(1, self.submitterWorks ? workers - 1 : workers))
    self.limit = max(1, limit)
    self.publish = publish
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    workers.close()
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    condition.deallocate()
  }

  /// Queues `work`; while the pipeline is full, waits, delivering finished results in order.
  public func submit(_ work: @escaping @Sendable () -> Result, deliver: (Result) throws -> Void)
    rethrows
  {
    pthread_mutex_lock(mutex)
    var mayWork = submitterWorks
    while true {
      if let result = results.removeValue(forKey: delivered) {
        delivered += 1
        pthread_mutex_unlock(mutex)
        try deliver(result)
        pthread_mutex_lock(mutex)
      } else if submitted - delivered < limit {
        break
      } else if mayWork {
        // Full: a queued job, run here, when another stays queued for the workers (this
        // thread has reading to do). Then everything is looked at again (a result may have
        // come meanwhile), and this thread waits only when it ran no job.
        pthread_mutex_unlock(mutex)
        mayWork = workers.runNext(leaving: 1)
        pthread_mutex_lock(mutex)
      } else {
        pthread_cond_wait(condition, mutex)
        mayWork = submitterWorks
      }
    }
    let sequence = submitted
    submitted += 1
    pthread_mutex_unlock(mutex)
    workers.run { self.complete(sequence, work()) }
  }

  /// Queues `job`, which has no result, behind the jobs submitted so far and ahead of those
  /// submitted next (the threads take jobs first in, first out); it does not count towards
  /// the limit. A parallel run of windows finds a window's codes so, while the jobs that
  /// write the records, which hold memory until delivered, are submitted.
  public func enqueue(_ job: @escaping @Sendable () -> Void) {
    workers.run(job)
  }

  /// Files a worker's result, and publishes every result that is next in order. One thread at
  /// a time publishes: the next result is taken out under the lock and `published` moves past
  /// it only once it is published, so another worker finds nothing to take meanwhile and leaves
  /// its result to this one.
  ///
  /// `result` is consumed, so that the table holds its only copy: a buffer in it that
  /// `publish` hands back to a pool (``RecordBuffers``) is then referenced once, and the next
  /// job to take it writes into its memory, where a second reference, held until this
  /// returned, made that job allocate a buffer of its own.
  private func complete(_ sequence: Int, _ result: consuming Result) {
    pthread_mutex_lock(mutex)
    finished[sequence] = result
    while var next = finished.removeValue(forKey: published) {
      pthread_mutex_unlock(mutex)
      publish(&next)
      pthread_mutex_lock(mutex)
      results[published] = next
      published += 1
      pthread_cond_signal(condition)
    }
    pthread_mutex_unlock(mutex)
  }

  /// Delivers the results that are ready, in order, without waiting.
  public func deliverReady(_ deliver: (Result) throws -> Void) rethrows {
    pthread_mutex_lock(mutex)
    while let result = results.removeValue(forKey: delivered) {
      delivered += 1
      pthread_mutex_unlock(mutex)
      try deliver(result)
      pthread_mutex_lock(mutex)
    }
    pthread_mutex_unlock(mutex)
  }

  /// Delivers the next result in order, waiting for it (and running queued jobs meanwhile, when
  /// the thread that submits works); returns at once when every result is delivered.
  public func deliverNext(_ deliver: (Result) throws -> Void) rethrows {
    try deliverWaiting(all: false, deliver)
  }

  /// Waits for every job submitted so far and delivers the remaining results in order; more
  /// jobs may be submitted afterwards.
  public func finish(_ deliver: (Result) throws -> Void) rethrows {
    try deliverWaiting(all: true, deliver)
  }

  /// Delivers results in order as they come, running queued jobs while none is ready (when the
  /// thread that submits works), until every submitted one is delivered, or, unless `all`,
  /// one is.
  private func deliverWaiting(all: Bool, _ deliver: (Result) throws -> Void) rethrows {
    pthread_mutex_lock(mutex)
    var mayWork = submitterWorks
    while delivered < submitted {
      if let result = results.removeValue(forKey: delivered) {
        delivered += 1
        pthread_mutex_unlock(mutex)
        try deliver(result)
        if !all { return }
        pthread_mutex_lock(mutex)
      } else if mayWork {
        pthread_mutex_unlock(mutex)
        mayWork = workers.runNext()
        pthread_mutex_lock(mutex)
      } else {
        pthread_cond_wait(condition, mutex)
        mayWork = submitterWorks
      }
    }
    pthread_mutex_unlock(mutex)
  }
}

/// A fixed number of threads that take jobs from one queue, first in, first out: whichever
/// thread is free runs the next job, so a slow job holds up no other. (Each worker used to have
/// its own serial queue, filled in turn, and a thread whose jobs went faster then waited for the
/// other's.) The threads are detached, and end when the pool is closed and its queue is empty.
///
/// ```swift
/// let pool = WorkerPool(threads: 2)
/// pool.run { print("on a worker") }
/// pool.close()
/// ```
final class WorkerPool: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// The queue: the jobs from `head` on are waiting (a taken one is cleared, and the array
  /// emptied, keeping its memory, when the last is taken).
  private var jobs: [(@Sendable () -> Void)?] = []
  private var head = 0
  private var closed = false

  /// Starts `threads` threads (at least one), which wait for jobs.
  ///
  /// ```swift
  /// let pool = WorkerPool(threads: 4)
  /// ```
  init(threads: Int) {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
    for _ in 0..<max(1, threads) {
      var thread = pthread_t()
      // Each thread holds the pool until it ends.
      let context = Unmanaged.passRetained(self).toOpaque()
      let status = pthread_create(
        &thread, nil,
        { context in
          let pool = Unmanaged<WorkerPool>.fromOpaque(context!).takeRetainedValue()
          pool.work()
          return nil
        }, context)
      precondition(status == 0, "cannot start a worker thread (pthread_create: \(status))")
      pthread_detach(thread)
    }
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    condition.deallocate()
  }

  /// Queues `job` for the next free thread.
  ///
  /// ```swift
  /// pool.run { print("on a worker") }
  /// ```
  func run(_ job: @escaping @Sendable () -> Void) {
    pthread_mutex_lock(mutex)
    jobs.append(job)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Runs the next queued job on the calling thread, if more than `leaving` are queued;
  /// returns whether it ran one.
  ///
  /// ```swift
  /// while pool.runNext() {}
  /// ```
  func runNext(leaving: Int = 0) -> Bool {
    pthread_mutex_lock(mutex)
    guard jobs.count - head > leaving, let job = take() else {
      pthread_mutex_unlock(mutex)
      return false
    }
    pthread_mutex_unlock(mutex)
    job()
    return true
  }

  /// The next queued job, taken off the queue (under `mutex`).
  private func take() -> (@Sendable () -> Void)? {
    guard head < jobs.count else { return nil }
    let job = jobs[head]
    jobs[head] = nil
    head += 1
    if head == jobs.count {
      jobs.removeAll(keepingCapacity: true)
      head = 0
    }
    return job
  }

  /// Lets the threads end once the jobs queued so far are done. It does not wait for them, so
  /// the last owner of a pool may close it from one of the pool's own jobs.
  ///
  /// ```swift
  /// pool.close()
  /// ```
  func close() {
    pthread_mutex_lock(mutex)
    closed = true
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }

  /// A thread's loop: the next job, or a wait for one, until the pool is closed and empty.
  private func work() {
    pthread_mutex_lock(mutex)
    while true {
      if let job = take() {
        pthread_mutex_unlock(mutex)
        job()
        pthread_mutex_lock(mutex)
      } else if closed {
        break
      } else {
        pthread_cond_wait(condition, mutex)
      }
    }
    pthread_mutex_unlock(mutex)
  }
}
