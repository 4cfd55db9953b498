import OneTimeCode
import Synchronization

/// The extractor's memory for the worker threads of a parallel run: a batch takes a workspace
/// and gives it back when done, so that there are as many as batches run at once (one per
/// thread) and each keeps its template memo (``ExtractionWorkspace/init(templateMemo:)``) from
/// batch to batch, where a workspace made per batch would start it empty each time.
///
/// ```swift
/// let pool = WorkspacePool(templateMemo: 4096)
/// let box = pool.take()
/// defer { pool.give(box) }
/// // ... extractor.extract(utf8: bytes, reusing: &box.workspace)
/// ```
final class WorkspacePool: Sendable {
  /// A workspace that one thread at a time uses.
  final class Box: @unchecked Sendable {
    // `@unchecked`: the pool hands a box to one batch at a time.
    @exclusivity(unchecked) var workspace: ExtractionWorkspace

    init(templateMemo slots: Int) {
      workspace = ExtractionWorkspace(templateMemo: slots)
    }
  }

  private let free = Mutex<[Box]>([])
  private let slots: Int

  /// A pool whose workspaces have template memos of `slots` slots.
  init(templateMemo slots: Int) {
    self.slots = slots
  }

  /// A workspace no other batch is using: one given back, or a new one.
  func take() -> Box {
    free.withLock { $0.popLast() } ?? Box(templateMemo: slots)
  }

  /// Gives `box` back for another batch.
  func give(_ box: Box) {
    free.withLock { $0.append(box) }
  }
}
