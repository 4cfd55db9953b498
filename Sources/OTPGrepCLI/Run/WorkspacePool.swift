import OneTimeCode

#if canImport(Glibc)
  import Glibc
#endif

/// The extractor's memory for the worker threads of a parallel run: a batch takes a workspace
/// and gives it back when done, so that there are as many as batches run at once (one per
/// thread), each kept from batch to batch, and all sharing one template memo
/// (``ExtractionWorkspace/init(sharing:)``).
///
/// ```swift
/// let pool = WorkspacePool(sharing: TemplateMemo(templates: 4096))
/// let box = pool.take()
/// defer { pool.give(box) }
/// // ... extractor.extract(utf8: bytes, reusing: &box.workspace)
/// ```
final class WorkspacePool: @unchecked Sendable {
  // `@unchecked`: `free` is read and written only under `mutex`.
  /// A workspace that one thread at a time uses.
  final class Box: @unchecked Sendable {
    // `@unchecked`: the pool hands a box to one batch at a time.
    @exclusivity(unchecked) var workspace: ExtractionWorkspace

    init(sharing memo: TemplateMemo) {
      workspace = ExtractionWorkspace(sharing: memo)
    }
  }

  /// The boxes given back, behind `mutex` (a POSIX mutex, which the thread sanitizer follows).
  private var free: [Box] = []
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let memo: TemplateMemo

  /// A pool whose workspaces share `memo`.
  init(sharing memo: TemplateMemo) {
    self.memo = memo
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// A workspace no other batch is using: one given back, or a new one.
  func take() -> Box {
    pthread_mutex_lock(mutex)
    let box = free.popLast()
    pthread_mutex_unlock(mutex)
    return box ?? Box(sharing: memo)
  }

  /// Gives `box` back for another batch.
  func give(_ box: Box) {
    pthread_mutex_lock(mutex)
    free.append(box)
    pthread_mutex_unlock(mutex)
  }
}
