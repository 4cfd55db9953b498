/// Memory that ``CodeExtractor/extract(utf8:hints:reusing:)`` keeps from one message to the
/// next: the folded text, the candidates, the terms found and the scorer's notes on each
/// candidate, and the scores around which a minimum confidence other than the default is
/// reached. Without it each message allocates (and frees) three or four blocks; with one
/// workspace per thread, a stream of messages allocates only when one outgrows the last.
///
/// It holds no message's text or result once the call returns, only capacity, and it
/// gives back what one long message needed (over ``keptBytes``) when that message is done.
/// It cannot be copied: one thread owns it, and may hand it to another (it is `Sendable`).
///
/// ```swift
/// let extractor = CodeExtractor()
/// var workspace = ExtractionWorkspace()
/// for line in ["Your code is 482913", "PIN: 5521"] {
///   var text = line
///   let found = text.withUTF8 { utf8 in
///     try? extractor.extract(utf8: utf8.span, reusing: &workspace)
///   }
///   print(found?.code ?? "-")  // "482913", then "5521"
/// }
/// ```
public struct ExtractionWorkspace: ~Copyable, @unchecked Sendable {
  // `@unchecked`: the buffers are this value's own (it cannot be copied, and frees them when
  // it ends), so whoever holds the value holds the only way to them.

  /// The capacity, in bytes, that each of the workspace's blocks keeps between messages: a
  /// block that one long message grew past it is freed when that message is done.
  public static let keptBytes = 64 * 1024

  /// The folded text of the last message that was not all ASCII (its capacity only).
  var fold = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
  /// The scorer's facts, one per candidate (its capacity only).
  var facts = UnsafeMutableBufferPointer<Scorer.CandidateFacts>(start: nil, count: 0)
  /// Empty between messages, with the capacity of the last.
  var candidates: [Candidate] = []
  /// Empty between messages, with the capacity of the last.
  var matches: [TermMatch] = []
  /// The band for the last minimum confidence other than the default that was asked for.
  private var band: ConfidenceBand? = nil
  /// The way to the template memo, when there is one (``init(templateMemo:)``,
  /// ``init(sharing:)``).
  var memo: TemplateMemo.Handle? = nil
  /// The message that the next call will extract from, when the caller knows it and its bytes
  /// stay where they are until then: its memo key is made, and its slots asked for, while
  /// this one is analysed (``TemplateMemo/Handle/lookAhead(_:current:)``). Taken by each call.
  package var next: UnsafeBufferPointer<UInt8>? = nil

  /// Forgets ``next`` and the keys made ahead (``keyAhead(_:)``): to be called before the bytes
  /// of a message given as ``next`` or keyed ahead change or go.
  package mutating func forgetNext() {
    next = nil
    memo?.forgetAhead()
  }

  /// Makes the template memo's key of `message`, which this workspace will be asked to extract
  /// from after the messages keyed ahead before it, and in their order, with its bytes where
  /// they are until then, and asks for the memo's lines its look-up reads first; false, and
  /// nothing made, when a full block of messages is waiting or there is no memo. Then
  /// ``askForEntriesAhead()``, then the calls, one message after the other: a caller that knows
  /// the next messages lets their look-ups find the memo's lines in the caches.
  ///
  /// ```swift
  /// var k = 0
  /// while k < lines.count && workspace.keyAhead(lines[k]) { k += 1 }
  /// workspace.askForEntriesAhead()
  /// // extract from lines[0..<k], in order, with this workspace
  /// ```
  package mutating func keyAhead(_ message: UnsafeBufferPointer<UInt8>) -> Bool {
    memo?.keyAhead(message) ?? false
  }

  /// Asks for the memo's entries of the messages keyed ahead (``keyAhead(_:)``).
  package mutating func askForEntriesAhead() {
    memo?.askForEntriesAhead()
  }

  /// An empty workspace: it allocates as the first messages need.
  ///
  /// ```swift
  /// var workspace = ExtractionWorkspace()
  /// ```
  public init() {}

  /// A workspace that also remembers the answers for the last `templateMemo` templates of
  /// messages: messages that differ only in their ASCII digits (or, without one, in their
  /// digits of another script), as a service's codes and a bank's alerts do (see
  /// ``TemplateMemo``). A message of a template seen, whose digits meet
  /// the conditions under which its answer was found, gets that answer without being analysed
  /// again; its code and offsets are read from it. A template is remembered at its first
  /// message when that has a code, else at its second. The answers are the ones a workspace
  /// without a memo gives. About 300 bytes a template for tens of thousands of them (2 MB for
  /// 4,096), reserved at once, taken as it fills.
  ///
  /// ```swift
  /// let extractor = CodeExtractor()
  /// var workspace = ExtractionWorkspace(templateMemo: 2048)
  /// for line in ["Your code is 482913", "Your code is 705117", "Your code is 551290"] {
  ///   var text = line
  ///   let found = text.withUTF8 { utf8 in
  ///     try? extractor.extract(utf8: utf8.span, reusing: &workspace)
  ///   }
  ///   print(found?.code ?? "-")  // "482913", then "705117" and "551290" from the memo
  /// }
  /// ```
  public init(templateMemo templates: Int) {
    if templates > 0 { memo = TemplateMemo.Handle(TemplateMemo(templates: templates)) }
  }

  /// A workspace that uses `memo`, which other threads' workspaces may share: one memo for a
  /// pool of threads remembers as much for each as it would for one, in the memory of one.
  ///
  /// ```swift
  /// let memo = TemplateMemo(templates: 16384)
  /// var workspace = ExtractionWorkspace(sharing: memo)  // one per thread
  /// ```
  public init(sharing memo: TemplateMemo) {
    self.memo = TemplateMemo.Handle(memo)
  }

  /// How many messages the template memo answered (0 without one).
  var memoHits: Int { memo?.hits ?? 0 }

  deinit {
    fold.deallocate()
    facts.deallocate()
    memo?.deallocate()
  }

  /// A block for the fold of a message of `count` bytes (``TextNormalizer`` says how much
  /// that is), grown if the last was smaller.
  mutating func foldBuffer(capacity: Int) -> UnsafeMutableBufferPointer<UInt8> {
    if fold.count < capacity {
      fold.deallocate()
      fold = .allocate(capacity: capacity)
    }
    return fold
  }

  /// A block for the facts of `count` candidates, grown if the last was smaller.
  mutating func factsBuffer(count: Int) -> UnsafeMutableBufferPointer<Scorer.CandidateFacts> {
    if facts.count < count {
      facts.deallocate()
      facts = .allocate(capacity: max(16, count))
    }
    return facts
  }

  /// The scores around which confidence crosses `minimum` (see ``ConfidenceBand``): the
  /// default's band, or one made for `minimum` and kept until another is asked for.
  mutating func confidenceBand(for minimum: Double) -> ConfidenceBand {
    if minimum == ConfidenceBand.standard.minimum { return ConfidenceBand.standard }
    if let band, band.minimum == minimum { return band }
    let made = ConfidenceBand(minimum: minimum)
    band = made
    return made
  }

  /// The candidates' array, empty, taken out of the workspace (give it back with
  /// ``recycle(candidates:)``).
  mutating func takeCandidates() -> [Candidate] { Self.take(&candidates) }

  /// The terms' array, empty, taken out of the workspace (give it back with
  /// ``recycle(matches:)``).
  mutating func takeMatches() -> [TermMatch] { Self.take(&matches) }

  /// Keeps `array`'s storage for the next message, unless it grew past ``keptBytes``.
  mutating func recycle(candidates array: consuming [Candidate]) {
    if Self.isKept(array) { candidates = array }
  }

  /// Keeps `array`'s storage for the next message, unless it grew past ``keptBytes``.
  mutating func recycle(matches array: consuming [TermMatch]) {
    if Self.isKept(array) { matches = array }
  }

  /// `array` emptied with its capacity, an empty array left in its place.
  private static func take<Element>(_ array: inout [Element]) -> [Element] {
    var taken: [Element] = []
    swap(&taken, &array)
    taken.removeAll(keepingCapacity: true)
    return taken
  }

  /// Whether `array`'s storage is small enough to keep between messages.
  private static func isKept<Element>(_ array: borrowing [Element]) -> Bool {
    array.capacity * MemoryLayout<Element>.stride <= keptBytes
  }

  /// Frees what one long message grew past ``keptBytes``: called when a message is done.
  mutating func trim() {
    if fold.count > Self.keptBytes {
      fold.deallocate()
      fold = UnsafeMutableBufferPointer(start: nil, count: 0)
    }
    if facts.count * MemoryLayout<Scorer.CandidateFacts>.stride > Self.keptBytes {
      facts.deallocate()
      facts = UnsafeMutableBufferPointer(start: nil, count: 0)
    }
  }
}
