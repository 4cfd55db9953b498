import CMemoKey
import OneTimeCode
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The lines of one read, whose codes are found in an order of their own before their records
/// are written in input order (see docs/PERFORMANCE.md, "Lines in an order of their own").
///
/// A stream of messages mixes templates and scripts: a bank's alert, then a code in Thai, then
/// a parcel in Russian. Each first sighting walks its own part of the lexicon's trie and its
/// own branches of the scorer, which the message before pushed out of the caches and the
/// branch predictors. Taken in the order of their first two bytes (an ASCII digit read as `0`)
/// and their length, the lines of a template, and those of one language's templates, come one
/// after the other, and each finds the caches and predictors as the one before left them. The
/// answers are the same in any order (the template memo's answers are the analysis's, byte for
/// byte); only the order in which lines meet the extractor changes, and each record still goes
/// out in its line's place.
///
/// ``sort()`` copies the lines, in that order, one after the other into the window's own
/// memory, so that the extractor reads neighbouring bytes and the framer's buffer may take the
/// next read; the codes found are kept in that order too (``setFinding(_:inOrder:slot:)``):
/// written at their lines' places in a window of 2 MB, each one was a cache miss, and the
/// order bought nothing.
///
/// A window is filled and sorted on one thread; then its codes may be found on several, each
/// taking its own range of the sorted order (``findCodes(at:with:reusing:)``, or blocks of it
/// claimed in turn, ``findClaimed(with:reusing:counting:)``), and its records written on
/// several, each taking its own range of lines, once every code is found (``Latch``): no two
/// threads touch the same line's entries, and the latch orders the two phases.
///
/// ```swift
/// let window = LineWindow(capacity: 1024, sorter: LineWindow.Sorter(capacity: 1024))
/// // For each line of a read: window.append(text, line: n, cut: false); then
/// window.sort()
/// var slot = 0
/// // for j in 0..<window.count: window.setFinding(find(window.staged(j)), inOrder: j, slot: &slot)
/// // for i in 0..<window.count: write line i's record with window.takeFinding(of: i)
/// window.clear()
/// ```
final class LineWindow: @unchecked Sendable {
  // `@unchecked`: filled and sorted on one thread; then each line's entries are written by the
  // one thread whose range holds it, and read after the latch that follows (see above).

  /// The most lines a window holds: a line's index fits the order key's low 16 bits.
  static let largestCapacity = 1 << 16

  /// The fewest places of the sorted order a finder claims at a time
  /// (``findClaimed(with:reusing:counting:)``), near the end of a window: some 20 µs of
  /// finding, so that the last finder keeps the others waiting little.
  static let claimedPlaces = 64

  /// The order keys of the window being filled, and the radix sort's other buffer and counts:
  /// used by one window at a time, between its first ``append(_:line:cut:)`` and its
  /// ``sort()``, so that the windows of a run share them.
  final class Sorter {
    let capacity: Int
    fileprivate var keys: UnsafeMutablePointer<UInt64>
    fileprivate var spare: UnsafeMutablePointer<UInt64>
    /// Two digits of 12 bits.
    fileprivate let counts: UnsafeMutablePointer<UInt32>

    /// A sorter for windows of at most `capacity` lines.
    init(capacity: Int) {
      self.capacity = max(1, min(capacity, LineWindow.largestCapacity))
      keys = .allocate(capacity: self.capacity)
      spare = .allocate(capacity: self.capacity)
      counts = .allocate(capacity: 2 * 4096)
    }

    deinit {
      keys.deallocate()
      spare.deallocate()
      counts.deallocate()
    }
  }

  /// The most lines this window holds.
  let capacity: Int
  private let sorter: Sorter
  /// The lines held.
  private(set) var count = 0
  /// The first line's number; the others follow it (a window holds consecutive lines).
  private(set) var firstLine = 0

  // Per line, in input order.
  /// Where the line's bytes are until ``sort()`` copies them.
  private let starts: UnsafeMutablePointer<UnsafePointer<UInt8>?>
  private let lengths: UnsafeMutablePointer<Int32>
  /// Whether the line was cut at `--max-message-bytes`.
  private let cuts: UnsafeMutablePointer<Bool>
  /// The line's place in the sorted order.
  private let places: UnsafeMutablePointer<UInt16>
  /// What is held for the line: one of the `Held` values.
  private let held: UnsafeMutablePointer<UInt8>
  /// Where the line's code is in ``findings``, when it has one.
  private let slots: UnsafeMutablePointer<UInt16>

  // Per place in the sorted order.
  /// The line at each place.
  private let order: UnsafeMutablePointer<UInt16>
  /// The lines' bytes, one after the other, and where each starts (one more for the end).
  private var staging: UnsafeMutablePointer<UInt8>
  private var stagingCapacity: Int
  private let stagedStarts: UnsafeMutablePointer<Int32>
  /// The codes found, for the lines with one held as spans of their text (``FoundCode``, plain
  /// bytes: no reference to count when one is kept or taken). The range that finds the codes
  /// from place `j` on keeps its codes from slot `j` on, one after the other, so that only the
  /// memory they need is touched; on cache lines of their own (a code takes 64 bytes), so that
  /// asking for one brings it whole.
  private let findings: UnsafeMutablePointer<FoundCode>

  private enum Held {
    static let nothing: UInt8 = 0
    /// A code, in ``findings``.
    static let code: UInt8 = 1
    /// No code: nothing is kept, so that writing the record reads this byte only.
    static let none: UInt8 = 2
    /// The line is not UTF-8, or its code is not one a ``FoundCode`` holds (an origin-bound
    /// code, a long one: rare): its record is written the line-by-line way, which finds it
    /// again.
    static let again: UInt8 = 3
  }

  /// A window of at most `capacity` lines (at most ``largestCapacity``, and at most the
  /// `sorter`'s), sorted with `sorter`.
  init(capacity: Int, sorter: Sorter) {
    self.capacity = max(1, min(capacity, sorter.capacity))
    self.sorter = sorter
    let n = self.capacity
    starts = .allocate(capacity: n)
    lengths = .allocate(capacity: n)
    cuts = .allocate(capacity: n)
    places = .allocate(capacity: n)
    held = .allocate(capacity: n)
    slots = .allocate(capacity: n)
    order = .allocate(capacity: n)
    stagingCapacity = 1 << 16
    staging = .allocate(capacity: stagingCapacity)
    stagedStarts = .allocate(capacity: n + 1)
    findings = UnsafeMutableRawPointer.allocate(
      byteCount: n * MemoryLayout<FoundCode>.stride, alignment: 64
    ).bindMemory(to: FoundCode.self, capacity: n)
  }

  deinit {
    starts.deallocate()
    lengths.deallocate()
    cuts.deallocate()
    places.deallocate()
    held.deallocate()
    slots.deallocate()
    order.deallocate()
    staging.deallocate()
    stagedStarts.deallocate()
    UnsafeMutableRawPointer(findings).deallocate()
  }

  var isEmpty: Bool { count == 0 }
  var isFull: Bool { count == capacity }

  /// Adds the line numbered `line`, whose text is `text` (bytes that must stay where they are
  /// until ``sort()``), `cut` at `--max-message-bytes` or not; it must be the line after the
  /// last one added.
  @inline(__always) func append(_ text: UnsafeBufferPointer<UInt8>, line: Int, cut: Bool) {
    if count == 0 { firstLine = line }
    starts[count] = text.baseAddress
    lengths[count] = Int32(truncatingIfNeeded: text.count)
    cuts[count] = cut
    sorter.keys[count] = LineWindow.orderKey(text, index: count)
    held[count] = Held.nothing
    count += 1
  }

  /// Line `i`'s number.
  @inline(__always) func line(_ i: Int) -> Int { firstLine + i }

  /// Whether line `i` was cut at `--max-message-bytes`.
  @inline(__always) func isCut(_ i: Int) -> Bool { cuts[i] }

  /// Line `i`'s place in the sorted order.
  @inline(__always) func place(_ i: Int) -> Int { Int(places[i]) }

  /// The text of line `i`, as ``sort()`` copied it.
  @inline(__always) func text(_ i: Int) -> UnsafeBufferPointer<UInt8> { staged(Int(places[i])) }

  /// The text of the `j`-th line in the sorted order, as ``sort()`` copied it.
  @inline(__always) func staged(_ j: Int) -> UnsafeBufferPointer<UInt8> {
    let start = Int(stagedStarts[j])
    return UnsafeBufferPointer(start: staging + start, count: Int(stagedStarts[j + 1]) - start)
  }

  /// Keeps the code of the `j`-th line in the sorted order in `slot` (moved on past it when
  /// the line has one), or, with `nil`, notes that the line is not UTF-8. The first slot of
  /// the range of places from `j` on is `j`.
  @inline(__always) func setFinding(
    _ finding: consuming Finding?, inOrder j: Int, slot: inout Int
  ) {
    let i = Int(order[j])
    switch finding {
    case .none?:
      held[i] = Held.none
    case .code(let found)?:
      (findings + slot).initialize(to: found)
      slots[i] = UInt16(truncatingIfNeeded: slot)
      slot += 1
      held[i] = Held.code
    case .extraction?, nil:
      held[i] = Held.again
    }
  }

  /// Whether line `i`'s record is to be written the line-by-line way, which finds its code
  /// again: a line that is not UTF-8, or whose code a ``FoundCode`` does not hold.
  @inline(__always) func findsAgain(_ i: Int) -> Bool { held[i] == Held.again }

  /// Line `i`'s code (``setFinding(_:inOrder:slot:)`` with a finding), given up by the window.
  @inline(__always) func takeFinding(of i: Int) -> Finding {
    let state = held[i]
    held[i] = Held.nothing
    return state == Held.code ? .code((findings + Int(slots[i])).pointee) : .none
  }

  /// Asks for the cache lines of line `i`'s code and of its text's first 128 bytes, when it
  /// has a code: its record, written soon, reads them.
  @inline(__always) func prefetchFinding(of i: Int) {
    guard held[i] == Held.code else { return }
    otc_prefetch(findings + Int(slots[i]))
    let start = staging + Int(stagedStarts[Int(places[i])])
    otc_prefetch(start)
    otc_prefetch(start + 64)
  }

  /// Forgets every line and its code.
  func clear() {
    count = 0
  }

  /// A line's order key: its first two bytes, an ASCII digit read as `0` (then a line's first
  /// bytes say what its template's do), and its length up to 255, high to low, above its index
  /// in the low 16 bits, so that lines with the same key keep their order.
  @inline(__always) static func orderKey(_ text: UnsafeBufferPointer<UInt8>, index: Int) -> UInt64 {
    let n = text.count
    @inline(__always) func masked(_ k: Int) -> UInt64 {
      guard k < n else { return 0 }
      let b = text[k]
      return UInt64(b &- 0x30 < 10 ? 0x30 : b)
    }
    let key = masked(0) << 16 | masked(1) << 8 | UInt64(min(n, 255))
    return key << 16 | UInt64(index)
  }

  /// Sorts the lines by their order keys and copies them, in that order, one after the other
  /// into the window's memory: from then on the window holds its lines' bytes. The sort is a
  /// radix sort on the keys' 24 high bits, 12 bits a pass, with the counts of both passes
  /// taken in one sweep and a pass left out where every key has the same digit: linear in the
  /// lines.
  func sort() {
    let n = count
    var keys = sorter.keys
    var spare = sorter.spare
    let counts = sorter.counts
    if n > 1 {
      counts.initialize(repeating: 0, count: 2 * 4096)
      for k in 0..<n {
        let key = keys[k]
        counts[Int((key >> 16) & 0xFFF)] &+= 1
        counts[4096 &+ Int((key >> 28) & 0xFFF)] &+= 1
      }
      for pass in 0..<2 {
        let digits = counts + pass * 4096
        let shift = UInt64(16 + 12 * pass)
        // Every key with one digit here: the pass would move nothing.
        if digits[Int((keys[0] >> shift) & 0xFFF)] == UInt32(n) { continue }
        var sum: UInt32 = 0
        for d in 0..<4096 {
          let c = digits[d]
          digits[d] = sum
          sum &+= c
        }
        for k in 0..<n {
          let key = keys[k]
          let d = Int((key >> shift) & 0xFFF)
          spare[Int(digits[d])] = key
          digits[d] &+= 1
        }
        swap(&keys, &spare)
      }
    }
    var total = 0
    for i in 0..<n { total += Int(lengths[i]) }
    if total > stagingCapacity {
      staging.deallocate()
      stagingCapacity = max(total, 2 * stagingCapacity)
      staging = .allocate(capacity: stagingCapacity)
    }
    var at = 0
    for j in 0..<n {
      let i = Int(keys[j] & 0xFFFF)
      order[j] = UInt16(truncatingIfNeeded: i)
      places[i] = UInt16(truncatingIfNeeded: j)
      stagedStarts[j] = Int32(truncatingIfNeeded: at)
      let length = Int(lengths[i])
      if length > 0 { (staging + at).update(from: starts[i]!, count: length) }
      at += length
    }
    stagedStarts[n] = Int32(truncatingIfNeeded: at)
  }

  /// Finds, with `processor`, the codes of the lines at `places` in the sorted order and keeps
  /// them (their slots from the range's first place on): the memo keys of sixteen lines at a
  /// time made first, and the memo's lines they read asked for, then their codes found.
  func findCodes(
    at places: Range<Int>, with processor: MessageProcessor,
    reusing workspace: inout ExtractionWorkspace
  ) {
    var slot = places.lowerBound
    var j = places.lowerBound
    while j < places.upperBound {
      // The memo's keys of a block of lines made first, with their sets' lines asked for,
      // then their entries' lines, then the block's codes found: 0.97 to 0.98 of one job's
      // time, where keys made one line ahead had their entries asked for too late (a ring of
      // keys made sixteen lines ahead did not gain: docs/PERFORMANCE.md, "The forty-seventh
      // round").
      var end = j
      while end < places.upperBound && workspace.keyAhead(staged(end)) { end += 1 }
      guard end > j else { break }
      workspace.askForEntriesAhead()
      for k in j..<end {
        setFinding(processor.find(utf8: staged(k), reusing: &workspace), inOrder: k, slot: &slot)
      }
      j = end
    }
    // Without a memo, nothing is keyed: the next line's bytes are read ahead instead.
    while j < places.upperBound {
      if j + 1 < places.upperBound { workspace.next = staged(j + 1) }
      setFinding(processor.find(utf8: staged(j), reusing: &workspace), inOrder: j, slot: &slot)
      j += 1
    }
    workspace.forgetNext()
  }

  /// A latch for finding the codes of this window, as it now holds its lines, in blocks of
  /// the sorted order that `finders` threads claim in turn
  /// (``findClaimed(with:reusing:counting:)``): it hands the blocks out and counts their
  /// places down. Made after ``sort()``.
  func claimingLatch(finders: Int) -> Latch {
    Latch(count: count, places: count, finders: finders)
  }

  /// Finds, with `processor`, the codes of the blocks of places of the sorted order that
  /// `latch` (``claimingLatch(finders:)``) hands out and no other finder has taken, one after the
  /// other, until none is left, and counts each down on `latch` once its codes are kept. Any
  /// number of threads may call it at once: a parallel run's finders, and a job that would
  /// otherwise wait for the window's last codes (before, each thread found a fixed range, and
  /// the others waited for the last: 5% of two jobs' time). The blocks are the latch's, so
  /// that a finder that comes late, after the window was written and filled again, finds none.
  func findClaimed(
    with processor: MessageProcessor, reusing workspace: inout ExtractionWorkspace,
    counting latch: Latch
  ) {
    while let block = latch.claim() {
      findCodes(at: block, with: processor, reusing: &workspace)
      latch.countDown(block.count)
    }
  }

  /// Writes, with `processor`, the records of `lines`, in order, from the codes found ahead
  /// (those of the lines to find again are found with `workspace`), with their diagnostics and
  /// counts.
  func writeRecords(
    _ lines: Range<Int>, with processor: MessageProcessor, file: RecordFile,
    into out: inout [UInt8], diagnostics: inout [UInt8], tally: inout Tally,
    reusing workspace: inout ExtractionWorkspace
  ) {
    var message = InputMessage(text: "")
    let plain = processor.writesPlainRecords
    var i = lines.lowerBound
    while i < lines.upperBound {
      // A run of lines without a code (two in three of a dump's): their plain records in one
      // piece, as the processor would write them one by one.
      if plain && held[i] == Held.none && !cuts[i] {
        // Each line passed asks for the code 24 lines on, as the line-by-line path does:
        // without that, a code after a run is a cache miss when its record is written.
        if i + 24 < lines.upperBound { prefetchFinding(of: i + 24) }
        var end = i + 1
        while end < lines.upperBound && held[end] == Held.none && !cuts[end] {
          if end + 24 < lines.upperBound { prefetchFinding(of: end + 24) }
          end += 1
        }
        processor.writeRecordsWithoutCode(
          lines: line(i)..<line(end), file: file, into: &out, tally: &tally)
        i = end
        continue
      }
      defer { i += 1 }
      // The code of a line a few records on, which is not where this one's is.
      if i + 24 < lines.upperBound { prefetchFinding(of: i + 24) }
      if plain && held[i] == Held.code && !cuts[i] {
        held[i] = Held.nothing
        processor.writeRecord(
          findings[Int(slots[i])], text: text(i), line: line(i), file: file, into: &out,
          tally: &tally)
        continue
      }
      message.line = line(i)
      message.truncated = isCut(i)
      if findsAgain(i) {
        // Not UTF-8 (read as a `String` reads it, by the path that repairs it), or a code
        // the window does not keep: found again.
        processor.process(
          message, utf8: text(i), file: file, into: &out, diagnostics: &diagnostics,
          tally: &tally, reusing: &workspace)
      } else {
        processor.process(
          message, utf8: text(i), found: takeFinding(of: i), file: file, into: &out,
          diagnostics: &diagnostics, tally: &tally)
      }
    }
  }

  /// Counts down to zero once, then lets every thread waiting for it go: the phase that
  /// writes a window's records waits for the one that finds its codes.
  ///
  /// ```swift
  /// let latch = LineWindow.Latch(count: 2)
  /// latch.countDown(); latch.countDown()
  /// latch.wait()  // returns at once
  /// ```
  final class Latch: @unchecked Sendable {
    // `@unchecked`: the count is atomic; the mutex and the condition only wake the waiters.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// What is left to count down: an atomic, so that a count down takes no lock (a window
    /// counts down each of its blocks of codes), but the last.
    private let remaining: Atomic<Int>
    /// The places whose blocks ``claim()`` hands out, the first not yet handed out, and the
    /// threads that claim them.
    private let places: Int
    private let claimed = Atomic<Int>(0)
    private let finders: Int

    /// A latch that lets its waiters go once counted down by `count`, and hands out the
    /// blocks of `places` places (none by default) to `finders` threads.
    init(count: Int, places: Int = 0, finders: Int = 1) {
      remaining = Atomic(count)
      self.places = places
      self.finders = max(1, finders)
      pthread_mutex_init(mutex, nil)
      pthread_cond_init(condition, nil)
    }

    /// The next block of places no one has taken, or `nil`: a share of what is left (half
    /// of it over the finders), and at least ``LineWindow/claimedPlaces``. The first blocks
    /// are long runs of the sorted order, which a thread finds with its caches warm for the
    /// templates there (blocks of 64 interleaved the threads' runs: 1.01 of the time, where
    /// fixed ranges of 800 came to 0.97 and these to 0.94); the last are short, so that no
    /// finder waits long for another.
    func claim() -> Range<Int>? {
      var start = claimed.load(ordering: .relaxed)
      while start < places {
        let size = max(LineWindow.claimedPlaces, (places - start) / (2 * finders))
        let end = min(places, start + size)
        let (taken, current) = claimed.compareExchange(
          expected: start, desired: end, ordering: .relaxed)
        if taken { return start..<end }
        start = current
      }
      return nil
    }

    deinit {
      pthread_cond_destroy(condition)
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
      condition.deallocate()
    }

    /// `count` less to wait for. What this thread wrote before is seen by the waiters after
    /// their wait.
    func countDown(_ count: Int = 1) {
      guard remaining.subtract(count, ordering: .acquiringAndReleasing).newValue == 0 else {
        return
      }
      // Under the mutex: a waiter either saw zero, or waits already and is woken.
      pthread_mutex_lock(mutex)
      pthread_cond_broadcast(condition)
      pthread_mutex_unlock(mutex)
    }

    /// Waits until the count is zero.
    func wait() {
      guard remaining.load(ordering: .acquiring) > 0 else { return }
      pthread_mutex_lock(mutex)
      while remaining.load(ordering: .acquiring) > 0 { pthread_cond_wait(condition, mutex) }
      pthread_mutex_unlock(mutex)
    }
  }
}
