import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What the extractor read of a message's digit values, as conditions on them: "the digit at
/// folded byte 14 is one of 0, 3 to 9", "the two digits at 30 do not begin a year". Everything
/// else the extractor decides depends on the digits only as digits (a digit run's place and
/// length, never its value), so two messages that differ only in their digits, whose digits
/// meet the first one's conditions, get the same answer (see ``TemplateMemo``).
///
/// The readers of digit values note their conditions here while a message is analysed for
/// the memo: the term matcher where a walk down the trie meets a digit, the scorer where it
/// asks whether four digits make a year or six make a date, the expiry where it asks whether
/// a number is zero. The expiry's number itself is noted as where it is
/// (``expirySource``), to be read again from the next message of the template.
struct DigitLog {
  /// The most conditions a message keeps: one with more is not remembered.
  static let capacity = 24
  /// Each condition: the position in the folded text (bits 16–31) and what must hold there
  /// (bits 0–15): the digits allowed (bits 0–9, bit *d* for digit *d*), or, with bit 15, the
  /// two digits there begin a year-like number (bit 0 set) or not; with bit 14, the five
  /// bytes there are a day and a month (bit 0) or not (``isDate(_:at:)``); with bit 13, the
  /// run of digits there, as long as bits 10–12 say, is not zero (bit 0) or is.
  let conditions: UnsafeMutablePointer<UInt32>
  private(set) var count = 0
  /// Whether more conditions came than fit: the message is then not remembered.
  private(set) var overflowed = false
  /// Where the number of the expiry found is (folded offsets), and the seconds of its unit.
  var expirySource: (start: Int, end: Int, seconds: Int)? = nil

  static let allDigits: UInt16 = 0x3FF
  static let yearKind: UInt16 = 0x8000
  static let dateKind: UInt16 = 0x4000
  static let nonzeroKind: UInt16 = 0x2000

  init() {
    conditions = .allocate(capacity: Self.capacity)
  }

  /// Frees the conditions' memory.
  func deallocate() { conditions.deallocate() }

  /// Forgets the last message's conditions.
  mutating func reset() {
    count = 0
    overflowed = false
    expirySource = nil
  }

  /// Adds the condition `what` at `position` (see ``conditions``).
  @inline(__always) mutating func note(_ position: Int, what: UInt16) {
    guard count < Self.capacity, position <= Int(UInt16.max) else {
      overflowed = true
      return
    }
    conditions[count] = UInt32(position) << 16 | UInt32(what)
    count += 1
  }

  /// The digit at `position` must be one of `allowed` (bit *d* for digit *d*).
  @inline(__always) mutating func note(_ position: Int, allowed: UInt16) {
    note(position, what: allowed & Self.allDigits)
  }

  /// Whether the number whose first two digits are at `first` and `first + 1` is year-like
  /// (1900 to 2099) was asked: the answer must stay the same.
  mutating func noteYear(at first: Int, _ isYear: Bool) {
    note(first, what: Self.yearKind | (isYear ? 1 : 0))
  }

  /// Whether the five bytes at `start` are a day and a month was asked.
  mutating func noteDate(at start: Int, _ isDate: Bool) {
    note(start, what: Self.dateKind | (isDate ? 1 : 0))
  }

  /// Whether the `length` digits (1 to 7) at `start` make zero was asked.
  mutating func noteNonzero(at start: Int, length: Int, _ nonzero: Bool) {
    note(start, what: Self.nonzeroKind | UInt16(length) << 10 | (nonzero ? 1 : 0))
  }

  /// How many bytes from its position a condition reads, less one.
  static func reach(_ condition: UInt32) -> Int {
    let what = UInt16(truncatingIfNeeded: condition)
    if what & yearKind != 0 { return 1 }
    if what & dateKind != 0 { return 4 }
    if what & nonzeroKind != 0 { return Int(what >> 10 & 7) - 1 }
    return 0
  }

  /// Whether the digits at `i` and `i + 1` begin a number of 1900 to 2099.
  @inline(__always)
  static func isYear(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    (bytes[i] == 0x31 && bytes[i + 1] == 0x39) || (bytes[i] == 0x32 && bytes[i + 1] == 0x30)
  }

  /// Whether the two-digit numbers at `i` and `i + 3` are a day and a month, either way round.
  static func isDate(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    let a = Int(bytes[i] &- 0x30) * 10 + Int(bytes[i + 1] &- 0x30)
    let b = Int(bytes[i + 3] &- 0x30) * 10 + Int(bytes[i + 4] &- 0x30)
    let dayMonth = a >= 1 && a <= 31 && b >= 1 && b <= 12
    let monthDay = a >= 1 && a <= 12 && b >= 1 && b <= 31
    return dayMonth || monthDay
  }

  /// Whether the digits of `bytes` meet every condition in `conditions`.
  static func holds(
    _ conditions: UnsafePointer<UInt32>, count: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    for k in 0..<count {
      let c = conditions[k]
      let i = Int(c >> 16)
      let what = UInt16(truncatingIfNeeded: c)
      let expected = what & 1 != 0
      if what & yearKind != 0 {
        if isYear(bytes, at: i) != expected { return false }
      } else if what & dateKind != 0 {
        if isDate(bytes, at: i) != expected { return false }
      } else if what & nonzeroKind != 0 {
        var nonzero = false
        for j in i..<(i + Int(what >> 10 & 7)) where bytes[j] != 0x30 { nonzero = true }
        if nonzero != expected { return false }
      } else if (what >> UInt16(bytes[i] &- 0x30)) & 1 == 0 {
        return false
      }
    }
    return true
  }
}

/// The answers for the last templates of messages: messages that differ only in their ASCII
/// digits ("Your code is 482913", "Your code is 705117"), which a stream of real messages
/// repeats by the thousand (a bank's alerts, a service's codes). A message whose bytes, their
/// ASCII digits masked, are those of a remembered one, and whose digits meet the conditions
/// noted for it (what the analysis read of digit values: whether four digits begin a year, a
/// digit that spells part of a term such as "2FA"), gets the answer found then, with its code,
/// service and expiry read from itself. It is not folded or analysed at all. The answer is
/// the one a full analysis gives: the fold maps each scalar on its own and an ASCII digit to
/// itself, so the two messages' folded texts differ only in those digits, and the analysis
/// reads no digit's value that the conditions do not pin (the tests compare the two on many
/// thousands of messages whose digits were changed).
///
/// One memo can serve every thread of a pool, each with a workspace of its own
/// (``ExtractionWorkspace/init(sharing:)``): its sets of slots are in 64 groups, each behind
/// a lock of its own. It serves the hints and the lexicon of the first message that reaches
/// each group; a message asked with others is analysed in full. Messages over 256 bytes are
/// not remembered, nor those without an ASCII digit; a template is remembered the second time
/// it is seen, so that messages seen once take no room. Answers without a code are kept too,
/// whether or not the message's words were looked for. Set-associative: a message goes to
/// one of the four slots of the set its hash names, the least recently used one when it is
/// new. Its memory, about 200 bytes a template, is reserved at once and taken as it fills.
///
/// ```swift
/// let memo = TemplateMemo(templates: 16384)
/// let extractor = CodeExtractor()
/// // On each thread of a pool:
/// var workspace = ExtractionWorkspace(sharing: memo)
/// var text = "Your code is 482913"
/// let found = text.withUTF8 { try? extractor.extract(utf8: $0.span, reusing: &workspace) }
/// found?.code  // "482913"
/// ```
public final class TemplateMemo: @unchecked Sendable {
  // `@unchecked`: the slots, the answers and the ring of each group are read and written only
  // under that group's lock.

  /// The longest message remembered, in UTF-8 bytes.
  static let maximumLength = 256
  /// The slots in each set.
  static let ways = 4
  /// The groups of sets, each with its lock, its part of the ring and its clock.
  static let groupCount = 64
  /// The bytes of the ring of entries per slot: a message of about 110 bytes and eight
  /// conditions.
  static let entryBytesPerSlot = 144
  /// The hashes of messages seen once, per group: a template is remembered the second time
  /// it is seen, so that messages seen once take no slot and cost no entry.
  static let seenPerGroup = 1024

  /// The code the analysis found, without the message's digits: 32 bytes. Offsets are the
  /// original's (a remembered message has at most ``maximumLength`` bytes).
  struct Answer {
    var confidence: Double
    var utf8Start: UInt16
    var utf8End: UInt16
    /// Where the code starts, after a label: its code is the letters and digits from here
    /// to `utf8End`, all ASCII.
    var codeStart: UInt16 = 0
    var scalarStart: UInt16
    var scalarEnd: UInt16
    /// The service's span; ``noSpan`` when there is none.
    var serviceStart: UInt16
    var serviceEnd: UInt16
    /// The expiry's number.
    var expiryStart: UInt16 = 0
    var expiryEnd: UInt16 = 0
    var alphanumeric: Bool
    /// Whether a code was found: the rest means nothing when none was.
    var found = true
    /// The seconds of the expiry's unit; -1 when there is no expiry.
    var expirySeconds: Int32 = -1

    static let noSpan = UInt16.max

    /// The answer for a message without a code (with the confidence asked for).
    static let nothing = Answer(
      confidence: 0, utf8Start: 0, utf8End: 0, scalarStart: 0, scalarEnd: 0,
      serviceStart: noSpan, serviceEnd: noSpan, alphanumeric: false, found: false)

    /// The extraction this answer gives in `original`, a message of its template.
    func extraction(in original: UnsafeBufferPointer<UInt8>) -> UTF8Extraction {
      let from = Int(codeStart)
      let to = Int(utf8End)
      let code = String(unsafeUninitializedCapacity: to - from) { out in
        var n = 0
        for i in from..<to where isAlnum(original[i]) {
          out[n] = original[i]
          n += 1
        }
        return n
      }
      let service =
        serviceStart == Self.noSpan
        ? nil
        : String(decoding: original[Int(serviceStart)..<Int(serviceEnd)], as: UTF8.self)
      return UTF8Extraction(
        code: code, utf8Offsets: Int(utf8Start)..<to,
        scalarOffsets: Int(scalarStart)..<Int(scalarEnd), confidence: confidence,
        kind: alphanumeric ? .alphanumeric : .numeric, service: service,
        expiresIn: expiry(in: original), origin: nil)
    }

    /// The expiry in `original`: its number read from there.
    private func expiry(in original: UnsafeBufferPointer<UInt8>) -> Int? {
      guard expirySeconds >= 0 else { return nil }
      var n = 0
      for k in Int(expiryStart)..<Int(expiryEnd) { n = n * 10 + Int(original[k] &- 0x30) }
      return n * Int(expirySeconds)
    }
  }

  /// What a group's lock guards besides its slots: where its next entry goes in its part of
  /// the ring (counted from the first byte it ever wrote), its clock for the slots' ages,
  /// and the hints and lexicon its answers were found with (the lexicon held, so that no
  /// other can take its place).
  struct Group {
    var head = 0
    var tick: UInt32 = 0
    var hints: ExtractionHints? = nil
    var lexicon: Lexicon? = nil
  }

  let slotCount: Int
  private let setCount: Int
  /// The sets in a row that go to one group, before the next group's.
  private let blockSets: Int
  /// Each group's lock (a spin lock on an atomic word) and its ``Group``,
  /// in a cell of 256 bytes of its own: the lock in the first 128 bytes, the group in the
  /// next, so that threads at work in two groups write to no common cache line.
  private let cells: UnsafeMutableRawPointer
  private static let cellBytes = 256
  /// When each slot was last used (its group's ``Group/tick`` then), 0 for never.
  private let ages: UnsafeMutablePointer<UInt32>
  private let hashes: UnsafeMutablePointer<UInt64>
  /// Each slot's message's length, 0 for an empty slot (no message of 0 bytes is kept).
  private let lengths: UnsafeMutablePointer<UInt16>
  private let conditionCounts: UnsafeMutablePointer<UInt8>
  /// Where each slot's entry (its masked message, then its conditions) was written in its
  /// group's part of the ring, counted as ``Group/head`` is.
  private let entryAt: UnsafeMutablePointer<Int>
  private let answers: UnsafeMutablePointer<Answer>
  /// Per group, ``seenPerGroup`` hashes of messages seen once (their high halves), by their
  /// low bits; 0 for none.
  private let seen: UnsafeMutablePointer<UInt32>
  /// The groups' parts of the ring, one after the other; a slot whose entry has been written
  /// over is a miss.
  private let ring: UnsafeMutablePointer<UInt8>
  private let groupRingBytes: Int

  /// A memo for about `templates` templates (at least 256), in sets of four slots.
  ///
  /// ```swift
  /// let memo = TemplateMemo(templates: 4096)
  /// ```
  public init(templates: Int) {
    let sets = max(Self.groupCount, templates / Self.ways)
    setCount = sets
    blockSets = max(1, min(16, sets / Self.groupCount))
    let n = sets * Self.ways
    slotCount = n
    precondition(
      MemoryLayout<Atomic<UInt32>>.size <= 128 && MemoryLayout<Group>.size <= 128,
      "a lock and a group fit their halves of a cell")
    cells = .allocate(byteCount: Self.groupCount * Self.cellBytes, alignment: 128)
    for k in 0..<Self.groupCount {
      let cell = cells + k * Self.cellBytes
      cell.bindMemory(to: Atomic<UInt32>.self, capacity: 1).initialize(to: Atomic(0))
      (cell + 128).bindMemory(to: Group.self, capacity: 1).initialize(to: Group())
    }
    // Zeroed by the system as its pages are first touched (calloc): the memo costs a run
    // nothing to make, and memory only as it fills.
    hashes = Self.zeroed(n)
    ages = Self.zeroed(n)
    lengths = Self.zeroed(n)
    conditionCounts = Self.zeroed(n)
    entryAt = Self.zeroed(n)
    answers = Self.zeroed(n)
    seen = Self.zeroed(Self.groupCount * Self.seenPerGroup)
    // The most sets a group has: its blocks, the last perhaps short.
    let blocks = (sets + blockSets - 1) / blockSets
    let groupSets = (blocks + Self.groupCount - 1) / Self.groupCount * blockSets
    groupRingBytes = (groupSets * Self.ways * Self.entryBytesPerSlot + 7) & ~7
    ring = .allocate(capacity: groupRingBytes * Self.groupCount)
  }

  /// `count` zeroed elements of a plain type, to free with `free`.
  private static func zeroed<T>(_ count: Int) -> UnsafeMutablePointer<T> {
    guard let raw = calloc(count, MemoryLayout<T>.stride) else {
      fatalError("template memo: out of memory")
    }
    return raw.bindMemory(to: T.self, capacity: count)
  }

  deinit {
    for k in 0..<Self.groupCount {
      lock(k).deinitialize(count: 1)
      state(k).deinitialize(count: 1)
    }
    cells.deallocate()
    free(hashes)
    free(ages)
    free(lengths)
    free(conditionCounts)
    free(entryAt)
    free(answers)
    free(seen)
    ring.deallocate()
  }

  /// The first slot of the set of `hash`: its high half scaled to the number of sets.
  @inline(__always) private func firstSlot(_ hash: UInt64) -> Int {
    Int(truncatingIfNeeded: ((hash >> 32) &* UInt64(setCount)) >> 32) &* Self.ways
  }

  /// The group of the set whose first slot is `first`.
  @inline(__always) private func group(_ first: Int) -> Int {
    // Up to sixteen sets in a row to a group (``blockSets``): their slots' hashes and ages
    // share cache lines.
    (first / (blockSets * Self.ways)) & (Self.groupCount - 1)
  }

  /// Group `k`'s lock.
  @inline(__always) private func lock(_ k: Int) -> UnsafeMutablePointer<Atomic<UInt32>> {
    (cells + k * Self.cellBytes).assumingMemoryBound(to: Atomic<UInt32>.self)
  }

  /// Takes group `k`'s lock: a spin lock, one atomic exchange when free (a group is held for
  /// a probe or a store, some tens of nanoseconds), yielding the core after a while.
  @inline(__always) private func acquire(_ k: Int) {
    let word = lock(k)
    var spins = 0
    while word.pointee.exchange(1, ordering: .acquiring) != 0 {
      while word.pointee.load(ordering: .relaxed) != 0 {
        spins += 1
        if spins > 1000 {
          sched_yield()
          spins = 0
        }
      }
    }
  }

  /// Gives group `k`'s lock back.
  @inline(__always) private func release(_ k: Int) {
    lock(k).pointee.store(0, ordering: .releasing)
  }

  /// Group `k`'s state.
  @inline(__always) private func state(_ k: Int) -> UnsafeMutablePointer<Group> {
    (cells + k * Self.cellBytes + 128).assumingMemoryBound(to: Group.self)
  }

  /// The conditions in an entry of a message of `length` bytes.
  @inline(__always)
  private static func conditions(_ entry: UnsafeMutablePointer<UInt8>, length: Int)
    -> UnsafeMutablePointer<UInt32>
  {
    UnsafeMutableRawPointer(entry + (length + 3) & ~3).assumingMemoryBound(to: UInt32.self)
  }

  /// What a look-up found.
  enum Probe {
    /// The message's answer.
    case hit(Answer)
    /// None, and the message's template is new: analyse the message in full (it is noted as
    /// seen, to be remembered the next time).
    case first
    /// None: analyse the message, then ``store(_:key:length:hash:conditions:count:hints:lexicon:)``.
    case miss
    /// The message's group serves other hints or another lexicon: analyse it in full.
    case foreign
  }

  /// Looks the message `original`, whose masked bytes are `key` and their hash `hash`, up.
  func probe(
    key: UnsafePointer<UInt8>, hash: UInt64, original: UnsafeBufferPointer<UInt8>,
    hints: ExtractionHints, lexicon: Lexicon
  ) -> Probe {
    let n = original.count
    let first = firstSlot(hash)
    let k = group(first)
    acquire(k)
    defer { release(k) }
    let g = state(k)
    if g.pointee.lexicon == nil {
      g.pointee.hints = hints
      g.pointee.lexicon = lexicon
    } else if g.pointee.hints != hints || g.pointee.lexicon!.identity != lexicon.identity {
      return .foreign
    }
    for slot in first..<(first + Self.ways)
    where hashes[slot] == hash && lengths[slot] == UInt16(n) {
      let at = entryAt[slot]
      guard g.pointee.head - at <= groupRingBytes else { continue }
      let entry = ring + k * groupRingBytes + at % groupRingBytes
      guard Self.equal(entry, key, n) else { continue }
      guard
        DigitLog.holds(
          Self.conditions(entry, length: n), count: Int(conditionCounts[slot]), in: original)
      else { return .miss }
      g.pointee.tick &+= 1
      ages[slot] = g.pointee.tick
      return .hit(answers[slot])
    }
    let tag = seen + k * Self.seenPerGroup + Int(truncatingIfNeeded: hash) & (Self.seenPerGroup - 1)
    let mark = UInt32(truncatingIfNeeded: hash >> 32) | 1
    if tag.pointee == mark { return .miss }
    tag.pointee = mark
    return .first
  }

  /// Keeps `answer` for the message of `length` bytes whose masked bytes are `key`, with its
  /// `count` `conditions` (at the original's offsets): in the slot of its set that holds the
  /// same message (with other conditions), else in the least recently used one.
  func store(
    _ answer: Answer, key: UnsafePointer<UInt8>, length n: Int, hash: UInt64,
    conditions: UnsafePointer<UInt32>, count: Int, hints: ExtractionHints, lexicon: Lexicon
  ) {
    let first = firstSlot(hash)
    let k = group(first)
    acquire(k)
    defer { release(k) }
    let g = state(k)
    guard g.pointee.hints == hints && g.pointee.lexicon?.identity == lexicon.identity else {
      return
    }
    var slot = first
    for s in first..<(first + Self.ways) {
      if hashes[s] == hash && lengths[s] == UInt16(n) {
        slot = s
        break
      }
      if ages[s] < ages[slot] { slot = s }
    }
    // The entry's place: the ring's next bytes, or its start when they would pass its end.
    // An entry is whole while the head is at most a part's length past its start.
    let size = ((n + 3) & ~3 + 4 * count + 7) & ~7
    if g.pointee.head % groupRingBytes + size > groupRingBytes {
      g.pointee.head += groupRingBytes - g.pointee.head % groupRingBytes
    }
    let at = g.pointee.head
    g.pointee.head = at + size
    let entry = ring + k * groupRingBytes + at % groupRingBytes
    entry.update(from: key, count: n)
    Self.conditions(entry, length: n).update(from: conditions, count: count)
    entryAt[slot] = at
    conditionCounts[slot] = UInt8(count)
    hashes[slot] = hash
    lengths[slot] = UInt16(n)
    answers[slot] = answer
    g.pointee.tick &+= 1
    ages[slot] = g.pointee.tick
  }

  private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool
  {
    var i = 0
    while i + 8 <= n {
      if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self)
        != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
      {
        return false
      }
      i += 8
    }
    while i < n {
      if a[i] != b[i] { return false }
      i += 1
    }
    return true
  }

  /// A thread's way to a memo: the memo, perhaps shared, and what is the thread's own (the
  /// masked bytes of the message at hand and their hash, the conditions being noted and
  /// those moved to the original's offsets).
  struct Handle {
    let memo: TemplateMemo
    /// The masked bytes of the message being looked up, and their hash.
    private let scratch: UnsafeMutablePointer<UInt8>
    private var hash: UInt64 = 0
    /// The conditions noted for the message at hand, at folded offsets.
    let log: UnsafeMutablePointer<DigitLog>
    /// Those conditions at the original's offsets.
    private let moved: UnsafeMutablePointer<UInt32>
    /// How many messages got a remembered answer through this handle (for the tests).
    private(set) var hits = 0

    init(_ memo: TemplateMemo) {
      self.memo = memo
      scratch = .allocate(capacity: TemplateMemo.maximumLength + 8)
      log = .allocate(capacity: 1)
      log.initialize(to: DigitLog())
      moved = .allocate(capacity: DigitLog.capacity)
    }

    /// Frees the handle's own memory (not the memo's).
    func deallocate() {
      scratch.deallocate()
      log.pointee.deallocate()
      log.deallocate()
      moved.deallocate()
    }

    /// Where a message stands.
    enum Lookup {
      /// The message has no ASCII digit, is too long, or is another group's: analyse it
      /// without the memo.
      case skip
      /// The message's answer.
      case hit(Answer)
      /// Analyse the message with ``log``, then ``remember(_:folded:keepsOffsets:in:hints:lexicon:)``.
      case miss
    }

    /// Looks `original` up: its ASCII digits masked and hashed eight bytes at a time.
    mutating func lookUp(
      _ original: UnsafeBufferPointer<UInt8>, hints: ExtractionHints, lexicon: Lexicon
    ) -> Lookup {
      let n = original.count
      guard n <= TemplateMemo.maximumLength, n > 0 else { return .skip }
      // A byte 0x30 to 0x39 becomes 0x30; the last word is padded with zeros.
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      // Two lanes, words in turn, so that each multiplication waits on the one before the
      // last.
      var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(n)
      var other: UInt64 = 0xC2B2_AE3D_27D4_EB4F
      var digits: UInt64 = 0
      let base = UnsafeRawPointer(original.baseAddress!)
      var i = 0
      while i < n {
        var w: UInt64
        if n - i >= 8 {
          w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        } else if n >= 8 {
          // The last bytes, read with the ones before them and shifted down.
          w =
            base.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) >> UInt64(8 * (8 - (n - i)))
        } else {
          w = 0
          for k in 0..<(n - i) { w |= UInt64(original[i + k]) << (8 * k) }
        }
        let x = w & ~highs
        // The high bit of each byte: at least 0x30, at least 0x3A (no carry crosses a byte).
        let atLeast30 = x &+ ones &* 0x50
        let atLeast3A = x &+ ones &* 0x46
        let isDigit = atLeast30 & ~atLeast3A & ~w & highs
        digits |= isDigit
        let spread = (isDigit >> 7) &* 0xFF
        w = (w & ~spread) | (0x3030_3030_3030_3030 & spread)
        (UnsafeMutableRawPointer(scratch) + i).storeBytes(of: w, as: UInt64.self)
        if i & 8 == 0 {
          hash = (hash ^ w) &* 0x100_0000_01B3
          hash ^= hash >> 29
        } else {
          other = (other ^ w) &* 0x9FB2_1C65_1E98_DF25
          other ^= other >> 31
        }
        i += 8
      }
      guard digits != 0 else { return .skip }
      hash = (hash ^ (other &* 0x9E37_79B9_7F4A_7C15) ^ (hash >> 32)) &* 0x9E37_79B9_7F4A_7C15
      self.hash = hash
      switch memo.probe(
        key: scratch, hash: hash, original: original, hints: hints, lexicon: lexicon)
      {
      case .hit(let answer):
        hits &+= 1
        return .hit(answer)
      case .miss:
        log.pointee.reset()
        return .miss
      case .first, .foreign:
        return .skip
      }
    }

    /// Keeps `answer` for `original`, the message last looked up (a miss), whose folded text
    /// is `folded`, with the conditions noted in ``log`` since and the expiry's number
    /// (``DigitLog/expirySource``). Their folded offsets are the original's when the fold kept
    /// every offset (`keepsOffsets`): a digit there is then an ASCII digit of the original, as
    /// no other scalar folds to a digit in as many bytes as it has (a test checks every scalar
    /// with a numeric value). Otherwise the *k*-th ASCII digit of the folded text is the *k*-th
    /// of the original when they have as many (the fold maps an ASCII digit to itself, and then
    /// no other scalar to a digit), and the digits a condition reads must lie as they do in the
    /// folded text. A message where either fails is not kept, nor one whose conditions
    /// overflowed the log.
    func remember(
      _ answer: Answer, folded: UnsafeBufferPointer<UInt8>, keepsOffsets: Bool,
      in original: UnsafeBufferPointer<UInt8>, hints: ExtractionHints, lexicon: Lexicon
    ) {
      let noted = log.pointee
      guard !noted.overflowed else { return }
      var answer = answer
      if keepsOffsets {
        moved.update(from: noted.conditions, count: noted.count)
        if let e = noted.expirySource {
          answer.expiryStart = UInt16(e.start)
          answer.expiryEnd = UInt16(e.end)
          answer.expirySeconds = Int32(e.seconds)
        }
      } else if noted.count > 0 || noted.expirySource != nil {
        let done = withUnsafeTemporaryAllocation(of: Int.self, capacity: original.count) {
          positions in
          // The original's digits, in order; then the folded text's, each replaced by its
          // ordinal's original offset.
          var count = 0
          for i in 0..<original.count where original[i] &- 0x30 < 10 {
            positions[count] = i
            count += 1
          }
          return withUnsafeTemporaryAllocation(of: Int.self, capacity: folded.count) {
            ordinal in
            var k = 0
            for i in 0..<folded.count where folded[i] &- 0x30 < 10 {
              guard k < count else { return false }
              ordinal[i] = positions[k]
              k += 1
            }
            guard k == count else { return false }
            // The original offset of the digits from folded `p` through `p + reach` (each
            // digit among them as far from the first as in the folded text), or -1.
            func move(_ p: Int, reach: Int) -> Int {
              let o = ordinal[p]
              for j in p...(p + reach)
              where folded[j] &- 0x30 < 10 && ordinal[j] != o + (j - p) {
                return -1
              }
              return o
            }
            for c in 0..<noted.count {
              let condition = noted.conditions[c]
              let o = move(Int(condition >> 16), reach: DigitLog.reach(condition))
              guard o >= 0 else { return false }
              moved[c] = UInt32(o) << 16 | condition & 0xFFFF
            }
            if let e = noted.expirySource {
              let o = move(e.start, reach: e.end - e.start - 1)
              guard o >= 0 else { return false }
              answer.expiryStart = UInt16(o)
              answer.expiryEnd = UInt16(o + e.end - e.start)
              answer.expirySeconds = Int32(e.seconds)
            }
            return true
          }
        }
        guard done else { return }
      }
      memo.store(
        answer, key: scratch, length: original.count, hash: hash, conditions: moved,
        count: noted.count, hints: hints, lexicon: lexicon)
    }
  }
}
