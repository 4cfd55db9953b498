internal import CICUShim
import CMemoKey
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

  /// A log that notes into `conditions` (``capacity`` of them), which its caller owns: not
  /// to be deallocated.
  init(conditions: UnsafeMutablePointer<UInt32>) {
    self.conditions = conditions
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
    isDate(
      Int(bytes[i] &- 0x30) * 10 + Int(bytes[i + 1] &- 0x30),
      Int(bytes[i + 3] &- 0x30) * 10 + Int(bytes[i + 4] &- 0x30))
  }

  /// Whether `a` and `b` are a day and a month, either way round.
  @inline(__always) static func isDate(_ a: Int, _ b: Int) -> Bool {
    let dayMonth = a >= 1 && a <= 31 && b >= 1 && b <= 12
    let monthDay = a >= 1 && a <= 12 && b >= 1 && b <= 31
    return dayMonth || monthDay
  }

  /// How many digits a condition reads, and the offset of its `j`-th from its position: a
  /// digit's value, the two digits of a year, the four of a date ("dd.mm", the separator
  /// skipped), or a run's `length` digits.
  static func reads(_ condition: UInt32) -> Int {
    let what = UInt16(truncatingIfNeeded: condition)
    if what & yearKind != 0 { return 2 }
    if what & dateKind != 0 { return 4 }
    if what & nonzeroKind != 0 { return Int(what >> 10 & 7) }
    return 1
  }

  /// The offset of the `j`-th digit a condition reads (see ``reads(_:)``) from its position.
  static func readOffset(_ condition: UInt32, _ j: Int) -> Int {
    UInt16(truncatingIfNeeded: condition) & dateKind != 0 && j >= 2 ? j + 1 : j
  }

  /// Whether the digits of `bytes` meet every condition in `conditions`.
  static func holds(
    _ conditions: UnsafePointer<UInt32>, count: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    holds(conditions, count: count) { c, j in
      Int(bytes[Int(c >> 16) + readOffset(c, j)] &- 0x30)
    }
  }

  /// ``holds(_:count:in:)`` for conditions noted by the order of the digits they read rather
  /// than by their place (bits 16–31: the ordinal of the first), in a message whose *k*-th
  /// digit, of whatever script, has the value `values[k]`: the memo's conditions for a message
  /// whose digits are not ASCII ones.
  static func holds(
    _ conditions: UnsafePointer<UInt32>, count: Int, values: UnsafePointer<UInt8>
  ) -> Bool {
    holds(conditions, count: count) { c, j in Int(values[Int(c >> 16) + j]) }
  }

  /// Whether every condition in `conditions` holds, where `digit(c, j)` is the value of the
  /// `j`-th digit that condition `c` reads (see ``reads(_:)``).
  @inline(__always)
  private static func holds(
    _ conditions: UnsafePointer<UInt32>, count: Int, digit: (UInt32, Int) -> Int
  ) -> Bool {
    for k in 0..<count {
      let c = conditions[k]
      let what = UInt16(truncatingIfNeeded: c)
      let expected = what & 1 != 0
      if what & yearKind != 0 {
        let (first, second) = (digit(c, 0), digit(c, 1))
        if ((first == 1 && second == 9) || (first == 2 && second == 0)) != expected {
          return false
        }
      } else if what & dateKind != 0 {
        let a = digit(c, 0) * 10 + digit(c, 1)
        let b = digit(c, 2) * 10 + digit(c, 3)
        if isDate(a, b) != expected { return false }
      } else if what & nonzeroKind != 0 {
        var nonzero = false
        for j in 0..<Int(what >> 10 & 7) where digit(c, j) != 0 { nonzero = true }
        if nonzero != expected { return false }
      } else if (what >> UInt16(digit(c, 0))) & 1 == 0 {
        return false
      }
    }
    return true
  }
}

/// The answers for the last templates of messages: messages that differ only in their ASCII
/// digits ("Your code is 482913", "Your code is 705117"), or, in messages without an ASCII
/// digit, only in their decimal digits of other scripts ("رمز التحقق ٤٨٢٩١٣"), which a stream
/// of real messages repeats by the thousand (a bank's alerts, a service's codes). A message
/// whose bytes, those digits masked, are those of a remembered one, and whose digits meet the
/// conditions noted for it (what the analysis read of digit values: whether four digits begin
/// a year, a digit that spells part of a term such as "2FA"), gets the answer found then, with
/// its code, service and expiry read from itself. It is not folded or analysed at all. The
/// answer is the one a full analysis gives: the fold maps each scalar on its own, an ASCII
/// digit to itself and a digit of another script to its ASCII digit, so the two messages'
/// folded texts differ only in those digits' values, and the analysis reads no digit's value
/// that the conditions do not pin (the tests compare the two on many thousands of messages
/// whose digits were changed, in ASCII and in six other scripts).
///
/// One memo can serve every thread of a pool, each with a workspace of its own
/// (``ExtractionWorkspace/init(sharing:)``): a look-up takes no lock and writes nothing that
/// other threads read, and its sets of slots are in 96 groups, each with a lock for its
/// writers. It serves the hints and the lexicon of the first message it is asked about; a
/// message asked with others is analysed in full. Messages over 256 bytes are not
/// remembered, nor those without a decimal digit. A template is remembered at its first
/// message when that has a code (a code's analysis costs most, and its templates come back),
/// else at its second, so that messages without a code seen once take no room; answers
/// without a code are kept then, whether or not the message's words were looked for. A slot
/// written at its template's first message is spared by the clock only after two hits, as
/// one written at its second is after one. Set-associative: a message goes to
/// one of the eight slots of the set its hash names; a new one takes the slot written longest
/// ago of those not used since (a clock). A template may hold two slots of its set, with
/// other conditions: a message whose digits fail the conditions of the slot that holds its
/// template (a code that is year-like where the first one was not) has its answer kept beside
/// that slot, not over it, so that messages which take turns between the two are each
/// answered (over a third slot, the older of its two is written). Its memory, about 300
/// bytes a template for 24,576 of them (2 MB for 4,096: its 96 groups take at least 1.5 MB
/// of ring), is reserved at once and taken as it fills.
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
  // `@unchecked`: the slots, the answers and the ring are atomic words, written only under
  // their group's lock and read under its sequence lock; the slots' ages are read and
  // written only under the lock; the hints and lexicon served are written once, before
  // `binding` publishes them.

  /// The longest message remembered, in UTF-8 bytes.
  static let maximumLength = 256
  /// The slots in each set: eight, on two cache lines (the hashes, then the meta words). With
  /// four on one line, the bench's dump had 11,400 more messages analysed again (templates let
  /// go before they came back), for about 4% more of one job's time.
  static let ways = 8
  /// The groups of sets, each with its writers' lock, its version, its part of the ring and
  /// its clock: 96, not a power of two, so that otpgrep's memo has 6 MiB of ring (64 KiB a
  /// group, a power of two), where 64 groups gave it 4 and 8: with 4 MiB, the bench's dump
  /// ran 4% more instructions, and 8 MiB took the peak RSS of a run on all cores near 31 MB.
  static let groupCount = 96
  /// The slots for each template the memo is sized for: two, so that its ring, not its sets,
  /// decides what it holds. With one, a set let templates go that came back while the ring
  /// still held their entries: the bench's dump had 232,552 messages analysed against
  /// 222,304 with two (3,038.5 M against 2,873.2 M instructions with one job), for 20 bytes a
  /// slot.
  static let slotsPerTemplate = 2
  /// The bytes of the ring of entries per slot: a template's two slots have room for about
  /// two of its entries (a message of about 110 bytes, eight conditions and its answer take
  /// 176), as templates come back after the ring has written theirs over.
  static let entryBytesPerSlot = 128
  /// The hashes of messages seen once, per group: a template without a code is remembered
  /// the second time it is seen, so that such messages seen once take no slot and cost no
  /// entry.
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

    /// The code this answer gives in `original`, a message of its template, or `nil` when a
    /// ``FoundCode`` does not hold it (never: an answer with a code is remembered only after
    /// its analysis made a found code of it, and the code has as many letters and digits in
    /// every message of the template). With `values`, the template's key masks digits of other scripts
    /// (see ``Handle/lookUp(_:hints:lexicon:)``): the code's span holds ASCII bytes and such
    /// digits, which stand for their ASCII digits, and the expiry's number is given by the
    /// ordinals of its digits, whose values are in `values`.
    func found(in original: UnsafeBufferPointer<UInt8>, values: UnsafePointer<UInt8>?)
      -> FoundCode?
    {
      let from = Int(codeStart)
      let to = Int(utf8End)
      return FoundCode(
        utf8Offsets: Int(utf8Start)..<to,
        scalarOffsets: Int(scalarStart)..<Int(scalarEnd), confidence: confidence,
        kind: alphanumeric ? .alphanumeric : .numeric,
        service: serviceStart == Self.noSpan ? nil : Int(serviceStart)..<Int(serviceEnd),
        expiresIn: expiry(in: original, values: values)
      ) { out in
        var n = 0
        var i = from
        while i < to {
          let b = original[i]
          if b < 0x80 {
            if isAlnum(b) {
              guard n < out.count else { return nil }
              out[n] = b
              n += 1
            }
            i += 1
            continue
          }
          // Only with `values`: a digit of another script (the memo kept no other scalar).
          let length = NormalizedText.scalarLength(lead: b)
          if let digit = TemplateMemo.foldedDigit(original, at: i, length: length) {
            guard n < out.count else { return nil }
            out[n] = 0x30 &+ digit
            n += 1
          }
          i += length
        }
        return n
      }
    }

    /// The expiry in `original`: its number read from there, or from `values` by the
    /// ordinals of its digits.
    private func expiry(in original: UnsafeBufferPointer<UInt8>, values: UnsafePointer<UInt8>?)
      -> Int?
    {
      guard expirySeconds >= 0 else { return nil }
      var n = 0
      for k in Int(expiryStart)..<Int(expiryEnd) {
        n = n * 10 + Int(values.map { $0[k] } ?? (original[k] &- 0x30))
      }
      return n * Int(expirySeconds)
    }
  }

  // The slots and the ring (with the answers) are words of `Atomic<UInt64>`, read without a
  // lock: a look-up that finds its answer writes nothing but, once in a slot's life, its
  // used mark, so that the cache lines it reads stay in every core's cache. A group's writer
  // (`store`) takes the group's lock and makes its version odd while it writes; a reader
  // takes what it read only if the version was even and the same before and after (a
  // sequence lock), else it analyses the message in full. Shared by two threads, a lock
  // taken by every look-up had cost a third of the look-up's time, its cache line passing
  // from core to core.

  /// A slot used since it was written (bit 62 of its meta word).
  private static let used: UInt64 = 1 << 62
  /// A slot written at its template's first message (bit 63 of its meta word): its first hit
  /// clears this and its second marks it used, so that it is spared, as a template written
  /// at its second message is after one hit, only once it has come back a third time.
  private static let probation: UInt64 = 1 << 63
  /// A slot's meta word: where its entry starts (bits 0–47, in words, counted as the group's
  /// head is), its message's length (bits 48–56; 0 for an empty slot) and its number of
  /// conditions (bits 57–61).
  private static func meta(at: Int, length: Int, count: Int) -> UInt64 {
    UInt64(at) | UInt64(length) << 48 | UInt64(count) << 57
  }

  private let setCount: Int
  /// The sets in a row that go to one group, before the next group's: a power of two.
  private let blockSets: Int
  /// The base-2 logarithm of the slots in a row that go to one group (``blockSets`` times
  /// ``ways``): a slot's group is a shift away, not a division, as a look-up and the look
  /// ahead of the next one each ask it.
  private let groupShift: Int
  /// Each group's cell of 256 bytes, so that threads at work in two groups write to no
  /// common cache line: its writers' lock (a spin lock on an atomic word) in the first 128
  /// bytes; then its version (odd while a writer is at work), where its next entry goes in its
  /// part of the ring (its head, counted from the first word it ever wrote) and its clock for
  /// the slots' ages, which only writers read.
  private let cells: UnsafeMutableRawPointer
  private static let cellBytes = 256
  /// Each set's two cache lines: its eight slots' message hashes, then their
  /// ``meta(at:length:count:)`` words.
  private let sets: UnsafeMutablePointer<Atomic<UInt64>>
  /// The allocation `sets` lies in (from its first cache line on), to free.
  private let setAllocation: UnsafeMutablePointer<UInt8>
  /// The words of an ``Answer`` in an entry.
  private static let answerWords = 4
  /// When each slot was last written (its group's clock then), 0 for never: of a set's
  /// slots not used since, the oldest goes first. Read and written under the group's lock.
  private let ages: UnsafeMutablePointer<UInt32>
  /// Per group, ``seenPerGroup`` hashes of messages seen once (their high halves), by their
  /// low bits; 0 for none. Read and written without a lock: a tag lost to a race only delays
  /// a template's remembering.
  private let seen: UnsafeMutablePointer<Atomic<UInt32>>
  /// The groups' parts of the ring, one after the other, in words: each entry is its
  /// masked message (zeros after its end to the word's), then its conditions, two to a
  /// word, then its answer. A slot whose entry has been written over is a miss.
  private let ring: UnsafeMutablePointer<Atomic<UInt64>>
  /// A group's part of the ring, in words: a power of two, so that a place in it is a mask
  /// away (``ringMask``), not a division, on a look-up's chain of dependent loads.
  private let groupRingWords: Int
  private let ringMask: Int
  /// The hints and lexicon the memo's answers were found with, set by the first message it
  /// is asked about (``binding`` 0: none yet; 1: being set; 2: set, and never changed again).
  /// The lexicon is held, so that no other can take its place.
  private let binding = Atomic<Int>(0)
  @exclusivity(unchecked) private var boundHints = ExtractionHints()
  @exclusivity(unchecked) private var boundLexicon: Lexicon? = nil
  @exclusivity(unchecked) private var boundIdentity: ObjectIdentifier? = nil

  /// A memo for about `templates` templates (at least 384: a set of eight slots for each of its
  /// 96 groups), in sets of eight slots, two for each template.
  ///
  /// ```swift
  /// let memo = TemplateMemo(templates: 4096)
  /// ```
  public init(templates: Int) {
    let sets = max(Self.groupCount, Self.slotsPerTemplate * templates / Self.ways)
    setCount = sets
    let most = max(1, min(16, sets / Self.groupCount))
    blockSets = 1 << (Int.bitWidth - 1 - most.leadingZeroBitCount)
    groupShift = (blockSets * Self.ways).trailingZeroBitCount
    let n = sets * Self.ways
    precondition(
      MemoryLayout<Answer>.size <= 8 * Self.answerWords,
      "an answer fits its words")
    cells = .allocate(byteCount: Self.groupCount * Self.cellBytes, alignment: 128)
    for k in 0..<Self.groupCount {
      let cell = cells + k * Self.cellBytes
      cell.bindMemory(to: Atomic<UInt32>.self, capacity: 1).initialize(to: Atomic(0))
      (cell + 128).bindMemory(to: Atomic<UInt64>.self, capacity: 3)
      for w in 0..<3 {
        ((cell + 128).assumingMemoryBound(to: Atomic<UInt64>.self) + w).initialize(to: Atomic(0))
      }
    }
    // Everything zeroed by the system as its pages are first touched (calloc), so that the
    // memo costs a run little to make (a single message touches a few of its pages), and
    // memory as it fills. Zero bytes are the atomics' zero. The sets' lines (16 bytes a
    // slot) start on a cache line of their allocation.
    let setBytes: UnsafeMutablePointer<UInt8> = Self.zeroed(16 * n + 64)
    setAllocation = setBytes
    let line =
      UnsafeMutableRawPointer(setBytes)
      + (64 - Int(UInt(bitPattern: setBytes) % 64)) % 64
    self.sets = line.bindMemory(to: Atomic<UInt64>.self, capacity: 2 * n)
    ages = Self.zeroed(n)
    seen = Self.zeroed(Self.groupCount * Self.seenPerGroup)
    // The most sets a group has: its blocks, the last perhaps short.
    let blocks = (sets + blockSets - 1) / blockSets
    let groupSets = (blocks + Self.groupCount - 1) / Self.groupCount * blockSets
    // The largest power of two that the group's slots' share fits in, and at least 128 words:
    // two of the largest entries (a key of 32 words, 16 of conditions, 4 of answer) fit.
    let share = (groupSets * Self.ways * Self.entryBytesPerSlot + 7) / 8
    groupRingWords = max(128, 1 << (Int.bitWidth - 1 - share.leadingZeroBitCount))
    ringMask = groupRingWords - 1
    ring = Self.zeroed(groupRingWords * Self.groupCount)
  }

  /// `count` zeroed elements, to free with `free`.
  private static func zeroed<T: ~Copyable>(_ count: Int) -> UnsafeMutablePointer<T> {
    guard let raw = calloc(count, MemoryLayout<T>.stride) else {
      fatalError("template memo: out of memory")
    }
    return raw.bindMemory(to: T.self, capacity: count)
  }

  deinit {
    for k in 0..<Self.groupCount {
      lock(k).deinitialize(count: 1)
      (cells + k * Self.cellBytes + 128).assumingMemoryBound(to: Atomic<UInt64>.self)
        .deinitialize(count: 3)
    }
    cells.deallocate()
    free(setAllocation)
    free(ages)
    free(seen)
    free(ring)
  }

  /// The value of the scalar of `length` bytes at `i` when it is well-formed, of the Basic
  /// Multilingual Plane, and folds to one ASCII digit (the decimal digits of other scripts:
  /// `٤`, `۴`, `४`, `４`); else `nil`. The fold's own table says so, so that the memo's digits
  /// are the fold's.
  @inline(__always)
  static func foldedDigit(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) -> UInt8? {
    guard i + length <= bytes.count,
      let scalar = TextNormalizer.decodeWellFormed(bytes, at: i, length: length)
    else { return nil }
    return foldedDigit(scalar)
  }

  /// ``foldedDigit(_:at:length:)`` of a scalar.
  @inline(__always)
  static func foldedDigit(_ scalar: UInt32) -> UInt8? {
    foldedDigit(entry: otc_fold_utf8(scalar))
  }

  /// Whether a scalar whose entry in the fold's table (`otc_fold_utf8`) is `entry` is known
  /// to fold to bytes none of which is a digit or a colon (`0x30` to `0x3A`): false for a
  /// fold the table does not hold (longer than three bytes, or beyond the Basic Multilingual
  /// Plane).
  @inline(__always)
  static func foldsWithoutDigitOrColon(entry: UInt32) -> Bool {
    guard entry & OTC_FOLD_UTF8_KNOWN != 0 else { return false }
    var bytes = entry & 0xFF_FFFF
    for _ in 0..<Int(entry >> 24 & 3) {
      if UInt8(truncatingIfNeeded: bytes) &- 0x30 <= 10 { return false }
      bytes >>= 8
    }
    return true
  }

  /// Whether `scalar` (not a surrogate) is quiet: known to fold to bytes none of which is a
  /// digit or a colon, as ``foldsWithoutDigitOrColon(entry:)`` says from its entry, from one
  /// bit (the fold's `otc_fold_quiet_bits`, set on the scalar's first sight) in some twelve
  /// fewer instructions; false past the Basic Multilingual Plane.
  @inline(__always)
  static func isQuiet(_ scalar: UInt32) -> Bool {
    otc_fold_is_quiet(scalar) != 0
  }

  /// ``foldsWithoutDigitOrColon(entry:)`` of a scalar of the Basic Multilingual Plane.
  static func foldsWithoutDigitOrColon(_ scalar: UInt32) -> Bool {
    foldsWithoutDigitOrColon(entry: otc_fold_utf8(scalar))
  }

  /// ``foldedDigit(_:at:length:)`` of a scalar whose entry in the fold's table is `entry`.
  @inline(__always)
  static func foldedDigit(entry: UInt32) -> UInt8? {
    // Known, one byte long, and that byte a digit.
    guard entry & 0x0300_0000 == 0x0100_0000 else { return nil }
    let digit = UInt8(truncatingIfNeeded: entry) &- 0x30
    return digit < 10 ? digit : nil
  }

  /// The first slot of the set of `hash`: its high half scaled to the number of sets.
  @inline(__always) private func firstSlot(_ hash: UInt64) -> Int {
    Int(truncatingIfNeeded: ((hash >> 32) &* UInt64(setCount)) >> 32) &* Self.ways
  }

  /// The group of the set whose first slot is `first`.
  @inline(__always) private func group(_ first: Int) -> Int {
    // Up to sixteen sets in a row to a group (``blockSets``): their slots' hashes share
    // cache lines.
    (first &>> groupShift) % Self.groupCount
  }

  /// Where the entry written at `at` (counted as group `k`'s head is) lies in the ring.
  @inline(__always)
  private func entry(_ k: Int, at: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
    ring + k * groupRingWords + (at & ringMask)
  }

  /// Group `k`'s tag for a message of `hash` seen once.
  @inline(__always)
  private func seenTag(_ k: Int, _ hash: UInt64) -> UnsafeMutablePointer<Atomic<UInt32>> {
    seen + k * Self.seenPerGroup + Int(truncatingIfNeeded: hash) & (Self.seenPerGroup - 1)
  }

  /// Group `k`'s writers' lock.
  @inline(__always) private func lock(_ k: Int) -> UnsafeMutablePointer<Atomic<UInt32>> {
    (cells + k * Self.cellBytes).assumingMemoryBound(to: Atomic<UInt32>.self)
  }

  /// Group `k`'s version, head and clock.
  @inline(__always) private func version(_ k: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
    (cells + k * Self.cellBytes + 128).assumingMemoryBound(to: Atomic<UInt64>.self)
  }
  @inline(__always) private func head(_ k: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
    version(k) + 1
  }
  @inline(__always) private func clock(_ k: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
    version(k) + 2
  }

  /// Takes group `k`'s writers' lock: a spin lock, one atomic exchange when free (a writer
  /// holds it for some tens of nanoseconds), yielding the core after a while.
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

  /// Whether the memo serves `hints` and `lexicon`: the first ones it was asked about.
  @inline(__always) private func serves(_ hints: ExtractionHints, _ lexicon: Lexicon) -> Bool {
    switch binding.load(ordering: .acquiring) {
    case 2:
      return boundIdentity == lexicon.identity && boundHints == hints
    case 0:
      guard
        binding.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
      else { return false }
      boundHints = hints
      boundLexicon = lexicon
      boundIdentity = lexicon.identity
      binding.store(2, ordering: .releasing)
      return true
    default:
      return false
    }
  }

  /// What a look-up found.
  enum Probe {
    /// The message's answer.
    case hit(Answer)
    /// None, and the message's template is new: analyse the message in full (it is noted as
    /// seen, to be remembered the next time).
    case first
    /// None: analyse the message, then
    /// ``store(_:key:length:hash:conditions:count:used:probation:way:beside:)``.
    case miss
    /// The memo serves other hints or another lexicon, or a writer was at work on what the
    /// look-up read: analyse the message in full.
    case skip
    /// None: the template is held, but the message's digits fail the conditions of each slot
    /// that holds it. Analyse it, then store its answer beside them (`beside` in
    /// ``store(_:key:length:hash:conditions:count:used:probation:way:beside:)``).
    case failed
  }

  /// Looks the message `original`, whose masked bytes are `key` (in words, zeros after its
  /// end) and their hash `hash`, up; `conditions` takes a remembered message's conditions.
  /// With `values` (the values of the message's digits in order), the key masks digits of
  /// other scripts and its conditions name digits by their order.
  func probe(
    key: UnsafePointer<UInt64>, hash: UInt64, original: UnsafeBufferPointer<UInt8>,
    values: UnsafePointer<UInt8>?, hints: ExtractionHints, lexicon: Lexicon,
    conditions: UnsafeMutablePointer<UInt32>
  ) -> Probe {
    guard serves(hints, lexicon) else { return .skip }
    let n = original.count
    let words = (n + 7) / 8
    let first = firstSlot(hash)
    let k = group(first)
    let before = version(k).pointee.load(ordering: .acquiring)
    guard before & 1 == 0 else { return .skip }
    let line = sets + 2 * first
    // Whether a slot held the template with conditions the digits failed.
    var failed = false
    for way in 0..<Self.ways where line[way].load(ordering: .relaxed) == hash {
      let meta = line[Self.ways + way].load(ordering: .relaxed)
      guard Int(meta >> 48 & 0x1FF) == n else { continue }
      let at = Int(meta & 0xFFFF_FFFF_FFFF)
      let written = Int(head(k).pointee.load(ordering: .relaxed))
      guard written - at <= groupRingWords else { continue }
      let entry = entry(k, at: at)
      var same = true
      for w in 0..<words where entry[w].load(ordering: .relaxed) != key[w] {
        same = false
        break
      }
      guard same else { continue }
      let count = Int(meta >> 57 & 0x1F)
      for c in stride(from: 0, to: count, by: 2) {
        let pair = entry[words + c / 2].load(ordering: .relaxed)
        conditions[c] = UInt32(truncatingIfNeeded: pair)
        if c + 1 < count { conditions[c + 1] = UInt32(truncatingIfNeeded: pair >> 32) }
      }
      let a = entry + words + (count + 1) / 2
      var answerWords = (
        a[0].load(ordering: .relaxed), a[1].load(ordering: .relaxed),
        a[2].load(ordering: .relaxed), a[3].load(ordering: .relaxed)
      )
      atomicMemoryFence(ordering: .acquiring)
      guard version(k).pointee.load(ordering: .relaxed) == before else { return .skip }
      let holds =
        if let values {
          DigitLog.holds(conditions, count: count, values: values)
        } else {
          DigitLog.holds(conditions, count: count, in: original)
        }
      // Another slot may hold the template with other conditions.
      guard holds else {
        failed = true
        continue
      }
      let answer = withUnsafeBytes(of: &answerWords) { $0.load(as: Answer.self) }
      if written - at > groupRingWords / 2 {
        // In use, and in the older half of the ring: written again at its head, before the
        // ring comes round to it.
        store(
          answer, key: key, length: n, hash: hash, conditions: conditions, count: count,
          used: meta & Self.probation == 0, way: way)
      } else if meta & Self.used == 0 {
        // Marked as used, once in its life (after a probation's first hit, for one written
        // at its template's first message): its set's writer spares it the next time.
        let marked = meta & Self.probation != 0 ? meta & ~Self.probation : meta | Self.used
        _ = line[Self.ways + way].compareExchange(
          expected: meta, desired: marked, ordering: .relaxed)
      }
      return .hit(answer)
    }
    if failed { return .failed }
    let tag = seenTag(k, hash)
    let mark = UInt32(truncatingIfNeeded: hash >> 32) | 1
    if tag.pointee.load(ordering: .relaxed) == mark { return .miss }
    tag.pointee.store(mark, ordering: .relaxed)
    return .first
  }

  /// Asks for the cache lines a look-up of `hash` reads first: its set's slots (their hashes
  /// and their meta words), its group's version and its tag of messages seen once.
  @inline(__always) func prefetch(_ hash: UInt64) {
    let first = firstSlot(hash)
    let k = group(first)
    otc_prefetch(sets + 2 * first)
    otc_prefetch(sets + 2 * first + Self.ways)
    otc_prefetch(version(k))
    otc_prefetch(seenTag(k, hash))
  }

  /// Asks for the first two cache lines of the entry that a look-up of `hash`, for a message
  /// of `n` bytes, would compare: its set's slots must be in the cache already (``prefetch(_:)``).
  @inline(__always) func prefetchEntry(_ hash: UInt64, length n: Int) {
    let first = firstSlot(hash)
    let line = sets + 2 * first
    for way in 0..<Self.ways where line[way].load(ordering: .relaxed) == hash {
      let meta = line[Self.ways + way].load(ordering: .relaxed)
      guard Int(meta >> 48 & 0x1FF) == n else { continue }
      let at = Int(meta & 0xFFFF_FFFF_FFFF)
      let entry = entry(group(first), at: at)
      otc_prefetch(entry)
      otc_prefetch(entry + 8)
      return
    }
  }

  /// Keeps `answer` for the message of `length` bytes whose masked bytes are `key` (in words,
  /// zeros after its end), with its `count` `conditions` (at the original's offsets), marked
  /// as `used` or not: in slot `way` of its set when it still holds the same message (an
  /// answer written again), else in the slot that holds the same message (with other
  /// conditions), else in the one written longest ago of those not used since. `beside`, for
  /// a message whose digits failed the conditions of the slots that hold its template: the
  /// answer goes beside them, in the slot a new template would take, unless the template holds
  /// two slots already (then over the older of them) or every other slot is in use.
  func store(
    _ answer: Answer, key: UnsafePointer<UInt64>, length n: Int, hash: UInt64,
    conditions: UnsafePointer<UInt32>, count: Int, used: Bool = false, probation: Bool = false,
    way given: Int? = nil, beside: Bool = false
  ) {
    let first = firstSlot(hash)
    let k = group(first)
    acquire(k)
    defer { release(k) }
    // Odd while the slot, its entry and its answer are written (a sequence lock's writer).
    let v = version(k).pointee.load(ordering: .relaxed)
    version(k).pointee.store(v &+ 1, ordering: .relaxed)
    atomicMemoryFence(ordering: .releasing)
    // The slot that holds the same message, else the one written longest ago of those not
    // used since they were written (all of them when each was: their marks are cleared).
    let line = sets + 2 * first
    var way = -1
    var spared = -1
    if let given, line[given].load(ordering: .relaxed) == hash,
      Int(line[Self.ways + given].load(ordering: .relaxed) >> 48 & 0x1FF) == n
    {
      way = given
    } else {
      // The template's own slots: the older one, and how many.
      var own = -1
      var owned = 0
      for w in 0..<Self.ways {
        let meta = line[Self.ways + w].load(ordering: .relaxed)
        if line[w].load(ordering: .relaxed) == hash && Int(meta >> 48 & 0x1FF) == n {
          if !beside {
            way = w
            break
          }
          owned += 1
          if own < 0 || ages[first + w] < ages[first + own] { own = w }
          continue
        }
        if meta & Self.used == 0 {
          if way < 0 || ages[first + w] < ages[first + way] { way = w }
        } else if spared < 0 || ages[first + w] < ages[first + spared] {
          spared = w
        }
      }
      if owned >= 2 || (owned == 1 && way < 0) { way = own }
    }
    if way < 0 {
      way = spared
      for w in 0..<Self.ways {
        let meta = line[Self.ways + w].load(ordering: .relaxed)
        line[Self.ways + w].store(meta & ~Self.used, ordering: .relaxed)
      }
    }
    // The entry's place: the ring's next words, or its start when they would pass its end.
    // An entry is whole while the head is at most a part's length past its start.
    let words = (n + 7) / 8
    let size = words + (count + 1) / 2 + Self.answerWords
    var at = Int(head(k).pointee.load(ordering: .relaxed))
    if (at & ringMask) + size > groupRingWords {
      at += groupRingWords - (at & ringMask)
    }
    head(k).pointee.store(UInt64(at + size), ordering: .relaxed)
    let entry = entry(k, at: at)
    for w in 0..<words { entry[w].store(key[w], ordering: .relaxed) }
    for c in stride(from: 0, to: count, by: 2) {
      let high = c + 1 < count ? UInt64(conditions[c + 1]) << 32 : 0
      entry[words + c / 2].store(UInt64(conditions[c]) | high, ordering: .relaxed)
    }
    var answerWords: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &answerWords) { $0.storeBytes(of: answer, as: Answer.self) }
    let a = entry + words + (count + 1) / 2
    a[0].store(answerWords.0, ordering: .relaxed)
    a[1].store(answerWords.1, ordering: .relaxed)
    a[2].store(answerWords.2, ordering: .relaxed)
    a[3].store(answerWords.3, ordering: .relaxed)
    line[way].store(hash, ordering: .relaxed)
    line[Self.ways + way].store(
      Self.meta(at: at, length: n, count: count) | (used ? Self.used : 0)
        | (probation ? Self.probation : 0), ordering: .relaxed)
    let tick = clock(k).pointee.load(ordering: .relaxed) &+ 1
    clock(k).pointee.store(tick, ordering: .relaxed)
    ages[first + way] = UInt32(truncatingIfNeeded: tick) | 1
    version(k).pointee.store(v &+ 2, ordering: .releasing)
  }

  /// A thread's way to a memo: the memo, perhaps shared, and what is the thread's own (the
  /// masked bytes of the message at hand and their hash, the conditions being noted and
  /// those moved to the original's offsets).
  struct Handle {
    let memo: TemplateMemo
    /// The masked bytes of the message being looked up, and their hash.
    private var scratch: UnsafeMutablePointer<UInt64>
    private var hash: UInt64 = 0
    /// The masked bytes of the next message, made ahead (``lookAhead(_:current:)``), with where that
    /// message is, its length and what its scan found: taken by the next ``key(_:)`` when it is
    /// asked about the same bytes.
    private var ahead: UnsafeMutablePointer<UInt64>
    private var aheadBase: UnsafePointer<UInt8>? = nil
    private var aheadCount = 0
    private var aheadScan = otc_memo_key_scan()
    /// The keys of a block of messages made ahead (``keyAhead(_:)``), in the order in which
    /// ``key(_:)`` will be asked about them, with where each message is, its length and what
    /// its scan found; ``key(_:)`` takes them from `blockTaken` on, and a message not among them
    /// drops the block.
    private let blockKeys: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    private let blockBases: UnsafeMutablePointer<UnsafePointer<UInt8>>
    private let blockCounts: UnsafeMutablePointer<Int>
    private let blockScans: UnsafeMutablePointer<otc_memo_key_scan>
    private var blockFilled = 0
    private var blockTaken = 0
    /// The conditions noted for the message at hand, at folded offsets.
    let log: UnsafeMutablePointer<DigitLog>
    /// Those conditions at the original's offsets (or by the digits' order, see ``values``).
    private let moved: UnsafeMutablePointer<UInt32>
    /// When the message at hand has no ASCII digit but digits of other scripts, and its key
    /// masks those (``byOrder``): the value of each, in order (``valueCount`` of them).
    private let values: UnsafeMutablePointer<UInt8>
    private var valueCount = 0
    /// Whether the message at hand is keyed with its digits of other scripts masked: its
    /// conditions then name digits by their order, not by their place.
    private var byOrder = false
    /// Whether the message at hand is its template's first (see ``Lookup/first``).
    private var firstSighting = false
    /// Whether the digits of the message at hand failed the conditions of the slots that
    /// hold its template: its answer is stored beside them (``TemplateMemo/Probe/failed``).
    private var failedConditions = false
    /// How many messages got a remembered answer through this handle (for the tests).
    private(set) var hits = 0

    init(_ memo: TemplateMemo) {
      self.memo = memo
      scratch = .allocate(capacity: TemplateMemo.maximumLength / 8 + 1)
      ahead = .allocate(capacity: TemplateMemo.maximumLength / 8 + 1)
      blockKeys = .allocate(capacity: Self.aheadBlock)
      for i in 0..<Self.aheadBlock {
        (blockKeys + i).initialize(to: .allocate(capacity: TemplateMemo.maximumLength / 8 + 1))
      }
      blockBases = .allocate(capacity: Self.aheadBlock)
      blockCounts = .allocate(capacity: Self.aheadBlock)
      blockScans = .allocate(capacity: Self.aheadBlock)
      log = .allocate(capacity: 1)
      log.initialize(to: DigitLog())
      moved = .allocate(capacity: DigitLog.capacity)
      values = .allocate(capacity: TemplateMemo.maximumLength)
    }

    /// Frees the handle's own memory (not the memo's).
    func deallocate() {
      scratch.deallocate()
      ahead.deallocate()
      for i in 0..<Self.aheadBlock { blockKeys[i].deallocate() }
      blockKeys.deallocate()
      blockBases.deallocate()
      blockCounts.deallocate()
      blockScans.deallocate()
      log.pointee.deallocate()
      log.deallocate()
      moved.deallocate()
      values.deallocate()
    }

    /// The code `answer`, just looked up for `original`, gives there (see
    /// ``Answer/found(in:values:)``).
    func found(_ answer: Answer, in original: UnsafeBufferPointer<UInt8>) -> FoundCode? {
      answer.found(in: original, values: byOrder ? UnsafePointer(values) : nil)
    }

    /// Where a message stands.
    enum Lookup {
      /// The message has no ASCII digit, is too long, or is another group's: analyse it
      /// without the memo.
      case skip
      /// The message's answer.
      case hit(Answer)
      /// Analyse the message with ``log``, then ``remember(_:codeOffset:folded:keepsOffsets:in:)``.
      case miss
      /// The template's first message: analyse it with ``log``, and remember its answer
      /// only when it has a code (a code's analysis costs most, and its templates come back).
      case first
    }

    /// What ``key(_:)`` found out about a message.
    struct Keying {
      /// Whether the message has a key: ``lookUp(_:hints:lexicon:)`` may follow.
      var keyed: Bool
      /// Whether it may hold an at sign, which an origin-bound code needs: false only when
      /// every byte was read and none was `@`.
      var mayHaveAtSign: Bool
      /// Whether the analysis may find a candidate: false only when the message is
      /// well-formed and its folded text would hold no digit and no colon (no decimal digit
      /// of any script, no `:`, and every other scalar's fold known to hold neither), for
      /// every candidate holds a digit but a letters-only code after "code:". Such a message
      /// has no code whatever the hints, and is neither folded nor analysed.
      var mayHaveCandidate = true
    }

    /// Keys `original`: its ASCII digits masked and hashed sixteen bytes at a time
    /// (`otc_memo_key`, which flags its at signs on the way). A message without an ASCII
    /// digit is keyed with the decimal digits of other scripts masked instead
    /// (``maskOtherDigits(_:)``), when it has any; one without either, or too long, is not
    /// keyed.
    mutating func key(_ original: UnsafeBufferPointer<UInt8>) -> Keying {
      let n = original.count
      byOrder = false
      guard n <= TemplateMemo.maximumLength, n > 0 else {
        return Keying(keyed: false, mayHaveAtSign: true)
      }
      var scan: otc_memo_key_scan
      let base = UnsafePointer(original.baseAddress!)
      if blockTaken < blockFilled && blockBases[blockTaken] == base
        && blockCounts[blockTaken] == n
      {
        swap(&scratch, &blockKeys[blockTaken])
        scan = blockScans[blockTaken]
        blockTaken += 1
        if blockTaken == blockFilled { (blockTaken, blockFilled) = (0, 0) }
      } else if aheadBase == base && aheadCount == n {
        (blockTaken, blockFilled) = (0, 0)
        swap(&scratch, &ahead)
        scan = aheadScan
      } else {
        (blockTaken, blockFilled) = (0, 0)
        scan = otc_memo_key_start(n)
        otc_memo_key(original.baseAddress!, n, scratch, &scan)
      }
      aheadBase = nil
      let mayHaveAtSign = scan.has_at_sign != 0
      if scan.has_digit == 0 {
        let digits = scan.has_non_ascii == 0 ? .none : maskOtherDigits(original)
        guard digits == .masked else {
          // No digit of any script: a candidate needs a colon (an ASCII one; the fold of
          // every other scalar was read and holds none).
          let plain = digits == .none && !ByteSearch.contains(0x3A, in: original)
          return Keying(keyed: false, mayHaveAtSign: mayHaveAtSign, mayHaveCandidate: !plain)
        }
        byOrder = true
        // The key masked the other way, hashed as `otc_memo_key` hashes.
        scan = otc_memo_key_start(n)
        otc_memo_key_mix(scratch, (n + 7) / 8, &scan)
      }
      hash = Self.hash(of: scan)
      return Keying(keyed: true, mayHaveAtSign: mayHaveAtSign)
    }

    /// The memo's hash of a key: its scan's two lanes, mixed into one word.
    @inline(__always) private static func hash(of scan: otc_memo_key_scan) -> UInt64 {
      let (even, odd) = (scan.even, scan.odd)
      return (even ^ (odd &* 0x9E37_79B9_7F4A_7C15) ^ (even >> 32)) &* 0x9E37_79B9_7F4A_7C15
    }

    /// Makes the key of `next`, the message the next ``key(_:)`` will be asked about, and asks
    /// for the cache lines its look-up reads first, so that they arrive while this message is
    /// analysed. Its bytes must stay where they are until then (or ``forgetAhead()`` be
    /// called). With `current`, the length of the message just keyed (``key(_:)`` said it was),
    /// whose set's line was asked for a message ago, that message's entry is asked for first.
    @inline(__always)
    mutating func lookAhead(_ next: UnsafeBufferPointer<UInt8>, current: Int?) {
      if let current { memo.prefetchEntry(hash, length: current) }
      let n = next.count
      guard n > 0, n <= TemplateMemo.maximumLength else { return }
      var scan = otc_memo_key_start(n)
      otc_memo_key(next.baseAddress!, n, ahead, &scan)
      aheadBase = UnsafePointer(next.baseAddress!)
      aheadCount = n
      aheadScan = scan
      guard scan.has_digit != 0 else { return }
      memo.prefetch(Self.hash(of: scan))
    }

    /// The most messages keyed ahead at a time (``keyAhead(_:)``): while the block is keyed,
    /// the first ones' set's lines come in, and their entries are asked for before their
    /// look-ups read them. Blocks of 16 took 0.97 to 0.98 of one job's time on the
    /// bench's dump; blocks of 8, 32 and 64 gained nothing beyond the noise (docs/PERFORMANCE.md,
    /// "The forty-seventh round").
    static let aheadBlock = 16

    /// Makes the key of `message`, which ``key(_:)`` will be asked about after the messages
    /// keyed ahead before it, and in their order, and asks for the cache lines of its set; false,
    /// and nothing made, once ``aheadBlock`` messages are waiting. A message longer than the memo
    /// keeps (or empty) is passed over: ``key(_:)`` does not key it either. Its bytes must stay
    /// where they are until then (or ``forgetAhead()`` be called). Then
    /// ``askForEntriesAhead()``: with a block of messages keyed, the set's lines of the first
    /// have come in, and their entries can be asked for before the look-ups read them (a
    /// message keyed one ahead, as ``lookAhead(_:current:)`` keys it, has its entry asked for
    /// at its own turn: the set's line must come first).
    @inline(__always)
    mutating func keyAhead(_ message: UnsafeBufferPointer<UInt8>) -> Bool {
      guard blockFilled < Self.aheadBlock else { return false }
      let n = message.count
      guard n > 0, n <= TemplateMemo.maximumLength else { return true }
      let i = blockFilled
      var scan = otc_memo_key_start(n)
      otc_memo_key(message.baseAddress!, n, blockKeys[i], &scan)
      blockBases[i] = UnsafePointer(message.baseAddress!)
      blockCounts[i] = n
      blockScans[i] = scan
      blockFilled = i + 1
      if scan.has_digit != 0 { memo.prefetch(Self.hash(of: scan)) }
      return true
    }

    /// Asks for the first two cache lines of the entries of the messages keyed ahead
    /// (``keyAhead(_:)``) whose sets hold their templates.
    mutating func askForEntriesAhead() {
      for i in blockTaken..<blockFilled where blockScans[i].has_digit != 0 {
        memo.prefetchEntry(Self.hash(of: blockScans[i]), length: blockCounts[i])
      }
    }

    /// Forgets the keys made ahead: their messages' bytes are about to change.
    mutating func forgetAhead() {
      aheadBase = nil
      (blockTaken, blockFilled) = (0, 0)
    }

    /// Looks the message just keyed (``key(_:)``, which said it was) up.
    mutating func lookUp(
      _ original: UnsafeBufferPointer<UInt8>, hints: ExtractionHints, lexicon: Lexicon
    ) -> Lookup {
      switch memo.probe(
        key: scratch, hash: hash, original: original,
        values: byOrder ? UnsafePointer(values) : nil, hints: hints, lexicon: lexicon,
        conditions: moved)
      {
      case .hit(let answer):
        hits &+= 1
        return .hit(answer)
      case .miss:
        log.pointee.reset()
        firstSighting = false
        failedConditions = false
        return .miss
      case .failed:
        log.pointee.reset()
        firstSighting = false
        failedConditions = true
        return .miss
      case .first:
        log.pointee.reset()
        firstSighting = true
        failedConditions = false
        return .first
      case .skip:
        return .skip
      }
    }

    /// What ``maskOtherDigits(_:)`` found in a message without an ASCII digit.
    enum OtherDigits {
      /// Decimal digits of other scripts, masked in ``scratch``.
      case masked
      /// None, nor any scalar whose fold holds a digit or a colon, in well-formed UTF-8
      /// (every scalar's fold known from the fold's table).
      case none
      /// A digit that cannot be masked, a scalar whose fold the table does not hold (it may
      /// hold a colon), or ill-formed UTF-8: the analysis must see the message.
      case unknown
    }

    /// Writes the key of `original`, a message without an ASCII digit, into ``scratch``: its
    /// bytes, each decimal digit of another script (a scalar that folds to one ASCII digit,
    /// ``TemplateMemo/foldedDigit(_:at:length:)``) replaced by the zero of its own run of ten
    /// (its last byte less its value: no run of them crosses a continuation byte's 64
    /// values), with zeros after its end to the word's; their values go to ``values`` in
    /// order. ``OtherDigits/masked`` when it has such a digit; two messages with the same key
    /// differ only in the values of such digits, each of the same script as the other's; the
    /// key holds no ASCII digit, so it is never an ASCII-masked key. Otherwise it says
    /// whether the fold of every scalar is known to hold no digit and no colon (read from the
    /// same table entry as the digit, so it costs a test a scalar).
    private mutating func maskOtherDigits(_ original: UnsafeBufferPointer<UInt8>) -> OtherDigits {
      let n = original.count
      scratch[(n - 1) / 8] = 0
      let key = UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: UInt8.self)
      key.update(from: original.baseAddress!, count: n)
      var count = 0
      var plain = true
      var i = 0
      while i < n {
        let lead = original[i]
        if lead < 0x80 {
          i += 1
          continue
        }
        // A well-formed sequence of two or three bytes whose scalar is quiet (most letters of
        // most scripts: known to fold to no digit and no colon, by one bit set on its first
        // sight) is passed over without its entry; any other goes the general way below.
        if lead &- 0xC2 < 0x1E {
          if i + 1 < n {
            let second = original[i + 1]
            if second & 0xC0 == 0x80,
              TemplateMemo.isQuiet(UInt32(lead & 0x1F) << 6 | UInt32(second & 0x3F))
            {
              i += 2
              continue
            }
          }
        } else if lead &- 0xE0 < 0x10 && i + 2 < n {
          let pair = UInt32(original[i + 1]) | UInt32(original[i + 2]) << 8
          let value = UInt32(lead & 0x0F) << 12 | (pair & 0x3F) << 6 | (pair >> 8 & 0x3F)
          if pair & 0xC0C0 == 0x8080, value >= 0x800, value & 0xF800 != 0xD800,
            TemplateMemo.isQuiet(value)
          {
            i += 3
            continue
          }
        }
        let length = NormalizedText.scalarLength(lead: lead)
        guard i + length <= n,
          let scalar = TextNormalizer.decodeWellFormed(original, at: i, length: length)
        else { return .unknown }
        let entry = otc_fold_utf8(scalar)
        if let digit = TemplateMemo.foldedDigit(entry: entry) {
          let last = i + length - 1
          guard original[last] &- 0x80 >= digit else { return .unknown }
          key[last] = original[last] &- digit
          values[count] = digit
          count += 1
        } else if plain {
          plain = TemplateMemo.foldsWithoutDigitOrColon(entry: entry)
        }
        i += length
      }
      valueCount = count
      return count > 0 ? .masked : plain ? .none : .unknown
    }

    /// Keeps `answer` for `original`, the message last looked up (a miss), whose folded text
    /// is `folded`, with the conditions noted in ``log`` since and the expiry's number
    /// (``DigitLog/expirySource``); its code starts `codeOffset` bytes into its span, after a
    /// label. The code is read from the original on a hit, so its span must hold ASCII
    /// bytes only (and, in a message keyed by the order of its digits, digits of other
    /// scripts), and its label ASCII bytes only. The conditions' folded offsets are the
    /// original's when the fold kept every offset (`keepsOffsets`): a digit there is then an
    /// ASCII digit of the original, as no other scalar folds to a digit in as many bytes as it
    /// has (a test checks every scalar with a numeric value). Otherwise the *k*-th ASCII digit
    /// of the folded text is the *k*-th of the original when they have as many (the fold maps
    /// an ASCII digit to itself, and then no other scalar to a digit), and the digits a
    /// condition reads must lie as they do in the folded text. In a message keyed by the order
    /// of its digits, the *k*-th digit of the folded text is its *k*-th digit when they have as
    /// many (each such digit folds to one ASCII digit, and then no other scalar to a digit),
    /// and each condition names the first digit it reads by its order, the others following it
    /// in order. A message where any of this fails is not kept, nor one whose conditions
    /// overflowed the log.
    func remember(
      _ answer: Answer, codeOffset: Int, folded: UnsafeBufferPointer<UInt8>, keepsOffsets: Bool,
      in original: UnsafeBufferPointer<UInt8>
    ) {
      let noted = log.pointee
      guard !noted.overflowed else { return }
      var answer = answer
      if answer.found {
        let start = Int(answer.utf8Start)
        let end = Int(answer.utf8End)
        var i = start
        while i < end {
          let b = original[i]
          if b < 0x80 {
            i += 1
            continue
          }
          guard byOrder, i >= start + codeOffset else { return }
          let length = NormalizedText.scalarLength(lead: b)
          guard TemplateMemo.foldedDigit(original, at: i, length: length) != nil else { return }
          i += length
        }
        answer.codeStart = answer.utf8Start + UInt16(codeOffset)
      }
      if byOrder {
        guard rememberByOrder(&answer, folded: folded, noted: noted) else { return }
      } else if keepsOffsets {
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
        count: noted.count, probation: firstSighting, beside: failedConditions)
    }

    /// The conditions `noted` on `folded` moved to ``moved`` by the order of the digits they
    /// read, and the expiry's number put in `answer` by the order of its digits (see
    /// ``remember(_:codeOffset:folded:keepsOffsets:in:)``); false when they cannot be.
    private func rememberByOrder(
      _ answer: inout Answer, folded: UnsafeBufferPointer<UInt8>, noted: DigitLog
    ) -> Bool {
      withUnsafeTemporaryAllocation(of: Int.self, capacity: folded.count + 1) { ordinal in
        // Each folded byte's digit ordinal, -1 for a byte that is no digit.
        var k = 0
        for i in 0..<folded.count {
          if folded[i] &- 0x30 < 10 {
            ordinal[i] = k
            k += 1
          } else {
            ordinal[i] = -1
          }
        }
        guard k == valueCount else { return false }
        // The ordinal of the digit at `p`, when the `count` digits read from there (at
        // `offset(j)`) are digits that follow it in order; else -1.
        func first(_ p: Int, _ count: Int, _ offset: (Int) -> Int) -> Int {
          let o = ordinal[p]
          guard o >= 0 else { return -1 }
          for j in 0..<count {
            let at = p + offset(j)
            guard at < folded.count, ordinal[at] == o + j else { return -1 }
          }
          return o
        }
        for c in 0..<noted.count {
          let condition = noted.conditions[c]
          let o = first(Int(condition >> 16), DigitLog.reads(condition)) {
            DigitLog.readOffset(condition, $0)
          }
          guard o >= 0 else { return false }
          moved[c] = UInt32(o) << 16 | condition & 0xFFFF
        }
        if let e = noted.expirySource {
          let o = first(e.start, e.end - e.start) { $0 }
          guard o >= 0 else { return false }
          answer.expiryStart = UInt16(o)
          answer.expiryEnd = UInt16(o + e.end - e.start)
          answer.expirySeconds = Int32(e.seconds)
        }
        return true
      }
    }
  }
}
