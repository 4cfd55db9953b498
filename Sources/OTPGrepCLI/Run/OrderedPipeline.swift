import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Runs jobs on a fixed number of threads and hands their results back in submission order,
/// with at most `limit` jobs in flight, so memory stays bounded whatever the input's size.
///
/// ```swift
/// let pipeline = OrderedPipeline<Int>(workers: 2, limit: 4)
/// var seen: [Int] = []
/// for n in 0..<10 { pipeline.submit({ n * n }, deliver: { seen.append($0) }) }
/// pipeline.finish { seen.append($0) }
/// seen  // [0, 1, 4, 9, 16, 25, 36, 49, 64, 81]
/// ```
public final class OrderedPipeline<Result: Sendable>: @unchecked Sendable {
  private let queues: [DispatchQueue]
  private let limit: Int
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var results: [Int: Result] = [:]
  private var submitted = 0
  private var delivered = 0

  /// A pipeline with `workers` threads and at most `limit` jobs submitted but not delivered.
  public init(workers: Int, limit: Int) {
    queues = (0..<max(1, workers)).map { DispatchQueue(label: "otpgrep.worker.\($0)") }
    self.limit = max(1, limit)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
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
    while true {
      if let result = results.removeValue(forKey: delivered) {
        delivered += 1
        pthread_mutex_unlock(mutex)
        try deliver(result)
        pthread_mutex_lock(mutex)
      } else if submitted - delivered < limit {
        break
      } else {
        pthread_cond_wait(condition, mutex)
      }
    }
    let sequence = submitted
    submitted += 1
    pthread_mutex_unlock(mutex)
    queues[sequence % queues.count].async {
      let result = work()
      pthread_mutex_lock(self.mutex)
      self.results[sequence] = result
      pthread_cond_signal(self.condition)
      pthread_mutex_unlock(self.mutex)
    }
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

  /// Waits for every job and delivers the remaining results in order.
  public func finish(_ deliver: (Result) throws -> Void) rethrows {
    pthread_mutex_lock(mutex)
    while delivered < submitted {
      if let result = results.removeValue(forKey: delivered) {
        delivered += 1
        pthread_mutex_unlock(mutex)
        try deliver(result)
        pthread_mutex_lock(mutex)
      } else {
        pthread_cond_wait(condition, mutex)
      }
    }
    pthread_mutex_unlock(mutex)
  }
}
