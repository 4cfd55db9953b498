internal import CICUShim

/// Text folded for matching: ASCII digits and punctuation, lower-cased letters,
/// with a map from every byte back to the original message.
///
/// ```swift
/// let n = TextNormalizer.normalize("Код: ٤٨٢ ٩١٣")
/// String(decoding: n.bytes, as: UTF8.self)  // "код: 482 913"
/// n.originalStart(of: 8)                    // 8, the UTF-8 offset of "٤" in the original
/// ```
public struct NormalizedText: Sendable {
  /// The folded text, as UTF-8.
  public private(set) var bytes: [UInt8]
  /// For each byte of `bytes`, the UTF-8 offset in the original of the scalar it came from.
  /// Empty when the text was all ASCII and `bytes` is the original itself.
  private var origins: [Int32]
  /// The original text's UTF-8 bytes, to find where each original scalar ends.
  private let original: [UInt8]

  init(bytes: [UInt8], origins: [Int32], original: [UInt8]) {
    self.bytes = bytes
    self.origins = origins
    self.original = original
  }

  /// Whether `bytes` is the original text unchanged (an all-ASCII message).
  public var isIdentity: Bool { origins.isEmpty }

  /// The UTF-8 offset in the original of the scalar that gave byte `index`.
  ///
  /// ```swift
  /// TextNormalizer.normalize("a\u{200F}1").originalStart(of: 1)  // 4
  /// ```
  public func originalStart(of index: Int) -> Int {
    if origins.isEmpty { return index }
    if index >= origins.count { return original.count }
    return Int(origins[index])
  }

  /// The UTF-8 offset in the original just past the scalar that gave byte `index`.
  ///
  /// ```swift
  /// TextNormalizer.normalize("٤").originalEnd(of: 0)  // 2
  /// ```
  public func originalEnd(of index: Int) -> Int {
    if origins.isEmpty { return index + 1 }
    let start = Int(origins[index])
    return start + Self.scalarLength(lead: original[start])
  }

  static func scalarLength(lead: UInt8) -> Int {
    switch lead {
    case 0..<0x80: 1
    case 0xC0..<0xE0: 2
    case 0xE0..<0xF0: 3
    default: 4
    }
  }

  /// The offset of the first byte of `bytes` that starts no well-formed UTF-8 sequence, or
  /// `nil` when all of it is well-formed UTF-8.
  ///
  /// - Complexity: O(*n*); runs of ASCII are passed eight bytes at a time.
  static func firstIllFormedOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let n = bytes.count
    var i = 0
    while i < n {
      while i + 8 <= n
        && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & ByteSearch.highs == 0
      {
        i += 8
      }
      guard i < n else { break }
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      let length = scalarLength(lead: lead)
      guard i + length <= n, TextNormalizer.decodeWellFormed(bytes, at: i, length: length) != nil
      else { return i }
      i += length
    }
    return nil
  }
}

/// Folds message text for the scanner and the lexicon.
///
/// Every Unicode decimal digit becomes its ASCII digit, full-width forms take
/// their NFKC form, invisible format characters (bidi marks, ZWSP, ZWJ, BOM,
/// soft hyphen) disappear, every space becomes U+0020 and every dash `-`.
/// Non-ASCII letters are case folded and lose their accents. Circled,
/// superscript and Roman numerals and fractions stay as they are: they are
/// not decimal digits. An all-ASCII message skips ICU entirely.
///
/// ```swift
/// let n = TextNormalizer.normalize("ＡＢ１２：\u{200F}٩١٨\u{00A0}٢٦٧")
/// String(decoding: n.bytes, as: UTF8.self)  // "AB12: 918 267"
/// ```
public enum TextNormalizer {
  /// Normalizes `text`.
  ///
  /// ```swift
  /// String(decoding: TextNormalizer.normalize("①②③ ²").bytes, as: UTF8.self)  // "①②③ ²"
  /// ```
  /// - Complexity: O(*n*) in the length of `text`.
  public static func normalize(_ text: String) -> NormalizedText {
    let original = Array(text.utf8)
    return normalize(utf8: original)
  }

  /// Normalizes UTF-8 bytes (which must be valid UTF-8, as a `String`'s are).
  ///
  /// ```swift
  /// TextNormalizer.normalize(utf8: Array("x 1".utf8)).isIdentity  // true
  /// ```
  public static func normalize(utf8 original: [UInt8]) -> NormalizedText {
    let (bytes, origins) = original.withUnsafeBufferPointer { buffer in
      ByteSearch.isASCII(buffer) ? (original, []) : fold(buffer)
    }
    return NormalizedText(bytes: bytes, origins: origins, original: original)
  }

  /// The folded bytes of non-ASCII `original` and, per folded byte, the offset of the
  /// original scalar it comes from (what ``normalize(utf8:)`` keeps).
  static func fold(_ original: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], origins: [Int32]) {
    if let fast = normalizeIntoBuffers(original) { return fast }
    return normalizeByAppending(original)
  }

  /// The folded bytes of non-ASCII `original` alone, in `workspace`'s block for the fold (good
  /// until the workspace's next use): the extractor's path. It needs the way back for a few
  /// positions only, and finds them with ``originalStarts(ofFolded:in:)`` instead of keeping four
  /// bytes of map per byte of text; and it makes no array, whose storage type costs a metadata
  /// lookup on every allocation of a standard library element type. It also checks that
  /// `original` is well-formed UTF-8 as it decodes it (a few instructions per non-ASCII scalar,
  /// instead of a pass of its own): when it is not, `wellFormed` is set to `false` and the bytes
  /// returned, folded up to the first ill-formed sequence, mean nothing.
  ///
  /// `keepsOffsets` is set to whether every scalar folded to as many bytes as it had (most
  /// letters of most scripts, lowered or not): then each folded byte is at its original's
  /// offset, and the way back is ``originalStart(ofFolded:inSameOffsets:)``, a walk back to
  /// the scalar's first byte, instead of folding again.
  static func folded(
    _ original: UnsafeBufferPointer<UInt8>, using workspace: inout ExtractionWorkspace,
    wellFormed: inout Bool, keepsOffsets: inout Bool
  ) -> UnsafeBufferPointer<UInt8> {
    let out = workspace.foldBuffer(capacity: original.count * 3 + 256)
    var overflow = false
    var illFormed = false
    var sameOffsets = true
    let n = withUnsafeMutablePointer(to: &illFormed) { flag in
      foldLoop(original, out, nil, &overflow, &sameOffsets, validating: flag)
    }
    if illFormed { wellFormed = false }
    keepsOffsets = sameOffsets && !overflow
    if !overflow { return UnsafeBufferPointer(start: out.baseAddress, count: n) }
    // The rare expansion that did not fit: checked on its own, then folded by appending.
    if NormalizedText.firstIllFormedOffset(in: original) != nil {
      wellFormed = false
      return UnsafeBufferPointer(start: out.baseAddress, count: 0)
    }
    let bytes = normalizeByAppending(original).bytes
    let copy = workspace.foldBuffer(capacity: bytes.count)
    _ = copy.initialize(from: bytes)
    return UnsafeBufferPointer(start: copy.baseAddress, count: bytes.count)
  }

  /// For each position in the folded text of non-ASCII `original`, the UTF-8 offset in
  /// `original` of the scalar that gave it (`original.count` past the end): what the origins
  /// of ``fold(_:)`` hold, found by folding again up to the last position asked for.
  /// - Complexity: O(*n*) for all the positions together.
  static func originalStarts(ofFolded positions: [Int], in original: UnsafeBufferPointer<UInt8>)
    -> [Int]
  {
    var result = positions
    let order = positions.indices.sorted { positions[$0] < positions[$1] }
    result.withUnsafeMutableBufferPointer { result in
      order.withUnsafeBufferPointer { order in
        originalStarts(replacing: result, order: order, in: original)
      }
    }
    return result
  }

  /// ``originalStarts(ofFolded:in:)`` in place: each position in `positions` is replaced by
  /// the original offset, visited in `order` (the indices of `positions` by increasing
  /// position). The extractor's path, which needs no array for its two spans.
  static func originalStarts(
    replacing positions: UnsafeMutableBufferPointer<Int>, order: UnsafeBufferPointer<Int>,
    in original: UnsafeBufferPointer<UInt8>
  ) {
    let count = original.count
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 32) { folded in
      var q = 0
      var n = 0
      var i = 0
      while i < count && q < order.count {
        let lead = original[i]
        var length = 1
        var produced = 1
        if lead >= 0x80 {
          length = min(NormalizedText.scalarLength(lead: lead), count - i)
          let scalar = decode(original, at: i, length: length)
          let entry = otc_fold_utf8(scalar)
          if entry != 0 {
            produced = Int(entry &>> 24 & 3)
          } else {
            let k = otc_fold_scalar(scalar, folded.baseAddress, 32)
            if k < 0 {
              produced = utf8Length(scalar)
            } else {
              produced = 0
              for f in 0..<Int(k) { produced += utf8Length(folded[f]) }
            }
          }
        }
        while q < order.count && positions[order[q]] < n + produced {
          positions[order[q]] = i
          q += 1
        }
        n += produced
        i += length
      }
      // Past the folded text: the end of the original.
      while q < order.count {
        positions[order[q]] = count
        q += 1
      }
    }
  }

  /// Where the scalar that gave folded byte `position` starts in `original`, when folding
  /// kept every offset (see ``folded(_:using:wellFormed:keepsOffsets:)``): the first byte of
  /// the scalar at `position` itself (`original.count` past the end).
  static func originalStart(
    ofFolded position: Int, inSameOffsets original: UnsafeBufferPointer<UInt8>
  ) -> Int {
    guard position < original.count else { return original.count }
    var start = position
    while start > 0 && original[start] & 0xC0 == 0x80 { start -= 1 }
    return start
  }

  /// The bytes `encode` writes for `scalar`.
  @inline(__always)
  private static func utf8Length(_ scalar: UInt32) -> Int {
    switch scalar {
    case 0..<0x80: 1
    case 0x80..<0x800: 2
    case 0x800..<0x10000: 3
    default: 4
    }
  }

  /// The usual path of ``fold(_:)``: one pass writing into buffers sized for the common case,
  /// the folded bytes and the offset of each one's scalar; `nil` when a rare expansion (NFKC
  /// of a ligature) would not fit.
  private static func normalizeIntoBuffers(_ input: UnsafeBufferPointer<UInt8>) -> (
    bytes: [UInt8], origins: [Int32]
  )? {
    let capacity = input.count * 3 + 256
    var overflow = false
    var origins: [Int32] = []
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { out, written in
      origins = [Int32](unsafeUninitializedCapacity: capacity) { map, mapped in
        var sameOffsets = true
        written = foldLoop(input, out, map.baseAddress, &overflow, &sameOffsets, validating: nil)
        mapped = written
      }
    }
    return overflow ? nil : (bytes, origins)
  }

  /// The loop of ``normalizeIntoBuffers(_:)`` and ``folded(_:using:wellFormed:keepsOffsets:)``: folds
  /// `input` into `out` (with each byte's origin into `map` when there is one) and returns the
  /// bytes written. With `illFormed`, it stops at the first ill-formed UTF-8 sequence and
  /// sets it to `true`; without, it trusts the input to be UTF-8 (a `String`'s bytes).
  /// `sameOffsets` is cleared when a scalar folds to more or fewer bytes than it had.
  @inline(__always)
  private static func foldLoop(
    _ input: UnsafeBufferPointer<UInt8>, _ out: UnsafeMutableBufferPointer<UInt8>,
    _ map: UnsafeMutablePointer<Int32>?, _ overflow: inout Bool, _ sameOffsets: inout Bool,
    validating illFormed: UnsafeMutablePointer<Bool>?
  ) -> Int {
    let count = input.count
    let capacity = out.count
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 32) { folded in
      var n = 0
      var i = 0
      while i < count {
        if map == nil, illFormed != nil, let from = input.baseAddress, let to = out.baseAddress {
          // The extractor's path: ASCII and the scalars of two or three bytes are folded in
          // one loop in C, the same folds written the same way (see `otc_fold_utf8_run`),
          // which stops only where the rest of this loop is needed: one scalar then.
          var at = i
          var written = n
          var changed: Int32 = 0
          otc_fold_utf8_run(from, count, &at, to, capacity, &written, &changed)
          if changed != 0 { sameOffsets = false }
          i = at
          n = written
          guard i < count else { break }
        }
        let lead = input[i]
        if lead < 0x80 {
          out[n] = lead
          map?[n] = Int32(i)
          n += 1
          i += 1
          continue
        }
        if n + 128 > capacity {
          overflow = true
          break
        }
        let length: Int
        let scalar: UInt32
        if let illFormed {
          length = NormalizedText.scalarLength(lead: lead)
          guard i + length <= count, let value = decodeWellFormed(input, at: i, length: length)
          else {
            illFormed.pointee = true
            break
          }
          scalar = value
        } else {
          length = min(NormalizedText.scalarLength(lead: lead), count - i)
          scalar = decode(input, at: i, length: length)
        }
        let first = n
        let entry = otc_fold_utf8(scalar)
        if entry != 0, let base = out.baseAddress {
          // The fold's bytes, three or fewer, stored in one write of four (the capacity
          // checked above leaves room; the fourth is written over or past the end).
          UnsafeMutableRawPointer(base).storeBytes(
            of: entry.littleEndian, toByteOffset: n, as: UInt32.self)
          n &+= Int(entry &>> 24 & 3)
        } else {
          let k = otc_fold_scalar(scalar, folded.baseAddress, 32)
          if k < 0 {
            n = encode(scalar, into: out, at: n)
          } else {
            for f in 0..<Int(k) { n = encode(folded[f], into: out, at: n) }
          }
        }
        if let map {
          for m in first..<n { map[m] = Int32(i) }
        }
        if n &- first != length { sameOffsets = false }
        i += length
      }
      return n
    }
  }

  @inline(__always)
  private static func encode(
    _ scalar: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at n: Int
  )
    -> Int
  {
    switch scalar {
    case 0..<0x80:
      out[n] = UInt8(scalar)
      return n + 1
    case 0x80..<0x800:
      out[n] = UInt8(0xC0 | scalar >> 6)
      out[n + 1] = UInt8(0x80 | scalar & 0x3F)
      return n + 2
    case 0x800..<0x10000:
      out[n] = UInt8(0xE0 | scalar >> 12)
      out[n + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      out[n + 2] = UInt8(0x80 | scalar & 0x3F)
      return n + 3
    default:
      out[n] = UInt8(0xF0 | scalar >> 18)
      out[n + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      out[n + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      out[n + 3] = UInt8(0x80 | scalar & 0x3F)
      return n + 4
    }
  }

  private static func normalizeByAppending(_ original: UnsafeBufferPointer<UInt8>) -> (
    bytes: [UInt8], origins: [Int32]
  ) {
    var bytes: [UInt8] = []
    var origins: [Int32] = []
    bytes.reserveCapacity(original.count)
    origins.reserveCapacity(original.count)
    var folded = [UInt32](repeating: 0, count: 32)
    var i = 0
    let count = original.count
    while i < count {
      let lead = original[i]
      if lead < 0x80 {
        bytes.append(lead)
        origins.append(Int32(i))
        i += 1
        continue
      }
      let length = min(NormalizedText.scalarLength(lead: lead), count - i)
      let scalar = decode(original, at: i, length: length)
      let written = folded.withUnsafeMutableBufferPointer { buffer in
        otc_fold_scalar(scalar, buffer.baseAddress, Int32(buffer.count))
      }
      if written < 0 {
        append(scalar, origin: i, to: &bytes, &origins)
      } else {
        for k in 0..<Int(written) { append(folded[k], origin: i, to: &bytes, &origins) }
      }
      i += length
    }
    return (bytes, origins)
  }

  /// The UTF-8 bytes of `value`'s fold as the fold loop reads them from the shim's second
  /// cache (filling it on first sight), or `nil` when the loop asks `otc_fold_scalar` instead
  /// (for the tests that check the cache).
  static func cachedUTF8Fold(_ value: UInt32) -> [UInt8]? {
    let entry = otc_fold_utf8(value)
    guard entry != 0 else { return nil }
    return (0..<Int(entry >> 24 & 3)).map { UInt8(truncatingIfNeeded: entry >> (8 * $0)) }
  }

  /// The fold of one scalar, through the shim's cache or straight from ICU (for the tests
  /// that check the cache); `nil` when the fold needs more room than 32 scalars.
  static func foldScalar(_ value: UInt32, cached: Bool) -> [UInt32]? {
    var out = [UInt32](repeating: 0, count: 32)
    let n = out.withUnsafeMutableBufferPointer { buffer in
      cached
        ? otc_fold_scalar(value, buffer.baseAddress, 32)
        : otc_fold_scalar_uncached(value, buffer.baseAddress, 32)
    }
    return n < 0 ? nil : Array(out.prefix(Int(n)))
  }

  /// The ASCII value of a decimal digit of any script, or `nil`.
  ///
  /// ```swift
  /// TextNormalizer.decimalDigitValue(of: "٤")  // 4
  /// TextNormalizer.decimalDigitValue(of: "①")  // nil
  /// ```
  public static func decimalDigitValue(of scalar: Unicode.Scalar) -> Int? {
    let value = otc_decimal_digit_value(scalar.value)
    return value < 0 ? nil : Int(value)
  }

  /// Whether ICU assigns `scalar` a character.
  ///
  /// ```swift
  /// TextNormalizer.isAssigned(Unicode.Scalar(0x0378)!)  // false
  /// ```
  public static func isAssigned(_ scalar: Unicode.Scalar) -> Bool {
    otc_is_assigned(scalar.value) != 0
  }

  /// The version of Unicode that ICU's data follows, such as `"15.0"`.
  ///
  /// ```swift
  /// TextNormalizer.icuUnicodeVersion  // "15.0"
  /// ```
  public static var icuUnicodeVersion: String {
    var buffer = [CChar](repeating: 0, count: 32)
    buffer.withUnsafeMutableBufferPointer { otc_unicode_version($0.baseAddress, 32) }
    let end = buffer.firstIndex(of: 0) ?? buffer.count
    return String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) -> UInt32
  {
    let lead = UInt32(bytes[i])
    switch length {
    case 2: return (lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
    case 3:
      return (lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
    case 4:
      return (lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F)
        << 6
        | UInt32(bytes[i + 3] & 0x3F)
    default: return lead
    }
  }

  /// The scalar of the `length` bytes at `i` (the length its lead byte gives, all of them in
  /// `bytes`), or `nil` when they are not well-formed UTF-8: ``decode(_:at:length:)`` with the
  /// checks of the Unicode standard's table 3-7 (no stray continuation byte, overlong form,
  /// surrogate or value past U+10FFFF) made on the bytes and the value it has already read.
  @inline(__always)
  static func decodeWellFormed(
    _ bytes: UnsafeBufferPointer<UInt8>, at i: Int, length: Int
  ) -> UInt32? {
    let lead = UInt32(bytes[i])
    let second = UInt32(bytes[i + 1])
    switch length {
    case 2:
      // C0 and C1 would be overlong; a stray continuation byte has length 4.
      guard lead >= 0xC2, second & 0xC0 == 0x80 else { return nil }
      return (lead & 0x1F) << 6 | (second & 0x3F)
    case 3:
      let third = UInt32(bytes[i + 2])
      guard (second | third << 8) & 0xC0C0 == 0x8080 else { return nil }
      let value = (lead & 0x0F) << 12 | (second & 0x3F) << 6 | (third & 0x3F)
      // Not overlong, not a surrogate.
      guard value >= 0x800, value & 0xF800 != 0xD800 else { return nil }
      return value
    default:
      let third = UInt32(bytes[i + 2])
      let fourth = UInt32(bytes[i + 3])
      guard lead &- 0xF0 < 5, (second | third << 8 | fourth << 16) & 0xC0_C0C0 == 0x80_8080
      else { return nil }
      let value =
        (lead & 0x07) << 18 | (second & 0x3F) << 12 | (third & 0x3F) << 6 | (fourth & 0x3F)
      // Not overlong, not past U+10FFFF.
      guard value >= 0x10000, value <= 0x10FFFF else { return nil }
      return value
    }
  }

  private static func append(
    _ scalar: UInt32, origin: Int, to bytes: inout [UInt8], _ origins: inout [Int32]
  ) {
    let o = Int32(origin)
    switch scalar {
    case 0..<0x80:
      bytes.append(UInt8(scalar))
      origins.append(o)
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
      origins.append(o)
      origins.append(o)
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
      origins.append(o)
      origins.append(o)
      origins.append(o)
    default:
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
      origins.append(o)
      origins.append(o)
      origins.append(o)
      origins.append(o)
    }
  }
}
