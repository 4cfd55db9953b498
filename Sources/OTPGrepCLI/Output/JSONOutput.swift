import OneTimeCode

/// Appends JSON text to a byte buffer, escaping strings exactly as `JSONEncoder` does with
/// `.withoutEscapingSlashes`: `\"`, `\\`, `\b \f \n \r \t`, other controls as `\u00xx`,
/// everything else (`/`, DEL, non-ASCII) as its own UTF-8.
///
/// ```swift
/// var out: [UInt8] = []
/// JSONOutput.appendString("a\"b\n/é", to: &out)
/// String(decoding: out, as: UTF8.self)  // "\"a\\\"b\\n/é\""
/// ```
public enum JSONOutput {
  private static let hex = Array("0123456789abcdef".utf8)

  /// The least number of `n + 1` digits, 10^n (but 0 for one digit, so that 0 has one), for
  /// `n` in 0...19: a switch that the compiler makes a table of constants (a `static let`
  /// array was initialized lazily, a call to `swift_once` at every read).
  @inline(__always)
  static func leastOfLength(_ n: Int) -> UInt {
    switch n {
    case 0: 0
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    case 19: 10_000_000_000_000_000_000
    default: .max
    }
  }

  /// The two digits of 00 to 99, one pair after the other: a literal, read in place.
  static var digitPairs: StaticString {
    """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
  }

  /// Whether any of the eight bytes of `word` needs an escape in a JSON string: a control
  /// (below 0x20), a quote or a backslash. Each test flags a byte in its high bit with no
  /// carry between bytes: a byte's low seven bits plus 0x7F reach its high bit unless they
  /// are all zero, and plus 0x60 unless they are below 0x20.
  @inline(__always)
  static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low7 = ones &* 0x7F
    let highs = ones &* 0x80
    func zeros(_ x: UInt64) -> UInt64 { ~(((x & low7) &+ low7) | x) & highs }
    let controls = ~(((word & low7) &+ ones &* 0x60) | word) & highs
    return controls | zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C)) != 0
  }

  /// The most bytes a string of `count` UTF-8 bytes takes, quoted and escaped (`\u00xx`
  /// is six bytes for one), or `null`.
  static func stringBound(_ count: Int) -> Int { count * 6 + 4 }

  /// The most bytes a string takes quoted and escaped, or `null` when it is `nil`.
  static func stringBound(_ text: String?) -> Int { stringBound(text?.utf8.count ?? 0) }

  /// The most bytes ``Cursor/integer(_:)`` writes: `-9223372036854775808`.
  static let integerBound = 20

  /// The most bytes ``Cursor/number(_:)`` writes: `-1.7976931348623157e+308` and the like.
  static let numberBound = 32

  /// Appends to `out` what `body` writes through a cursor, at most `bound` bytes: it writes
  /// straight into the array's room after its last byte (made with the array's usual
  /// growth), instead of an append to the array, with its checks, for every piece, or a copy
  /// from scratch memory.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// JSONOutput.append(upTo: JSONOutput.integerBound, to: &out) { $0.integer(42) }  // 42
  /// ```
  @inline(__always)
  static func append(upTo bound: Int, to out: inout [UInt8], _ body: (inout Cursor) -> Void) {
    out.append(addingCapacity: bound) { span in
      span.withUnsafeMutableBufferPointer { room, written in
        let start = room.baseAddress! + written
        var cursor = Cursor(start)
        body(&cursor)
        let count = cursor.position - start
        precondition(count <= bound, "a JSON piece wrote past its bound")
        written += count
      }
    }
  }

  /// Writes JSON text at a pointer, to memory that its caller has made large enough (see
  /// ``append(upTo:to:_:)`` and the bounds above).
  struct Cursor {
    /// Where the next byte goes.
    private(set) var position: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) { position = start }

    /// Writes one byte.
    @inline(__always) mutating func byte(_ b: UInt8) {
      position.initialize(to: b)
      position += 1
    }

    /// Writes bytes as they are, in one copy (a byte at a time cost four instructions a
    /// byte, and a record is mostly its keys).
    @inline(__always) mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let base = bytes.baseAddress else { return }
      position.initialize(from: base, count: bytes.count)
      position += bytes.count
    }

    /// Writes the first `count` bytes of `words`, sixteen bytes as they lie in memory, as
    /// they are: all sixteen stored, the cursor moved by `count`. Its bound counts sixteen.
    @inline(__always) mutating func words(_ words: (UInt64, UInt64), count: Int) {
      let raw = UnsafeMutableRawPointer(position)
      raw.storeBytes(of: words.0, as: UInt64.self)
      raw.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
      position += count
    }

    /// Writes ASCII text as it is.
    @inline(__always) mutating func raw(_ text: StaticString) {
      raw(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes UTF-8 text as a quoted, escaped JSON string: at most ``stringBound(_:)`` bytes.
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
      byte(0x22)
      var start = 0
      if let base = utf8.baseAddress {
        // Eight bytes at a time while none needs an escape: loaded, tested and stored whole.
        let source = UnsafeRawPointer(base)
        while start + 8 <= utf8.count {
          let word = source.loadUnaligned(fromByteOffset: start, as: UInt64.self)
          guard !JSONOutput.needsEscape(word) else { break }
          UnsafeMutableRawPointer(position).storeBytes(of: word, as: UInt64.self)
          position += 8
          start += 8
        }
      }
      for b in UnsafeBufferPointer(rebasing: utf8[start...]) {
        guard b < 0x20 || b == 0x22 || b == 0x5C else {
          byte(b)
          continue
        }
        byte(0x5C)
        switch b {
        case 0x22, 0x5C: byte(b)
        case 0x08: byte(UInt8(ascii: "b"))
        case 0x0C: byte(UInt8(ascii: "f"))
        case 0x0A: byte(UInt8(ascii: "n"))
        case 0x0D: byte(UInt8(ascii: "r"))
        case 0x09: byte(UInt8(ascii: "t"))
        default:
          byte(UInt8(ascii: "u"))
          byte(0x30)
          byte(0x30)
          byte(JSONOutput.hex[Int(b >> 4)])
          byte(JSONOutput.hex[Int(b & 15)])
        }
      }
      byte(0x22)
    }

    /// Writes a string, quoted and escaped, or `null`.
    mutating func string(_ text: String?) {
      guard var text else { return raw("null") }
      text.withUTF8 { string(utf8: $0) }
    }

    /// Writes a whole number, or `null`: at most ``integerBound`` bytes.
    mutating func integer(_ value: Int?) {
      guard let value else { return raw("null") }
      var magnitude = value.magnitude
      if value < 0 { byte(UInt8(ascii: "-")) }
      // Most numbers here are offsets and line numbers, written from the end two digits at a
      // time, read from a table of the pairs 00 to 99 (one division of the whole number per
      // pair). Their digits are counted from their bits: log10(2) is about 1233/4096, so
      // `bits * 1233 >> 12` is the count, or one less, which one comparison settles (a loop
      // of comparisons cost two instructions a digit, and the pairs' divisions by ten four).
      let bits = UInt.bitWidth &- (magnitude | 1).leadingZeroBitCount
      let estimate = (bits &* 1233) &>> 12
      let length = estimate &+ (magnitude >= JSONOutput.leastOfLength(estimate) ? 1 : 0)
      let pairs = JSONOutput.digitPairs.utf8Start
      var at = length
      while at >= 2 {
        let rest = magnitude / 100
        let pair = Int(truncatingIfNeeded: magnitude &- rest &* 100) &* 2
        magnitude = rest
        at &-= 2
        position[at] = pairs[pair]
        position[at &+ 1] = pairs[pair &+ 1]
      }
      if at == 1 { position[0] = UInt8(truncatingIfNeeded: magnitude) &+ 0x30 }
      position += length
    }

    /// Writes a number as `JSONEncoder` writes it (`1`, `0.6`, `1e-05`), or `null` when it
    /// is missing or not finite: at most ``numberBound`` bytes.
    mutating func number(_ value: Double?) {
      guard let value, value.isFinite else { return raw("null") }
      if fourDecimals(value) { return }
      var text =
        value == value.rounded() && abs(value) < 1e15
        ? String(Int64(value)) : value.description
      text.withUTF8 { raw($0) }
    }

    /// Writes `value` rounded to four decimals (``RecordWriter/rounded(_:)``) as ``number(_:)``
    /// writes the rounded value: at most ``numberBound`` bytes. A confidence, from 0.001 to
    /// 0.9999, is written from its ten-thousandths, rounded once (the rounded value, divided
    /// and read back, gives them again), without the division and the second rounding.
    mutating func fourDecimals(rounding value: Double) {
      let scaled = Rounding.halfAwayFromZero(value * 10_000)
      guard scaled >= 10 && scaled < 10_000 else { return number(scaled / 10_000) }
      write(tenThousandths: Int(scaled))
    }

    /// Writes `0.` and the four decimals of `k` (10 to 9999), without their trailing zeros:
    /// all four written as two pairs from the table of pairs, and the cursor moved past those
    /// that are not trailing zeros (a loop of divisions by ten cost some 60 instructions).
    private mutating func write(tenThousandths k: Int) {
      let high = k / 100
      let low = k &- high &* 100
      let pairs = JSONOutput.digitPairs.utf8Start
      position[0] = 0x30
      position[1] = 0x2E
      position[2] = pairs[high &* 2]
      position[3] = pairs[high &* 2 &+ 1]
      position[4] = pairs[low &* 2]
      position[5] = pairs[low &* 2 &+ 1]
      // The decimals up to the last that is not zero (k is not zero).
      let length = low == 0 ? (high % 10 == 0 ? 1 : 2) : (low % 10 == 0 ? 3 : 4)
      position += 2 &+ length
    }

    /// Writes a number in 0.001..<1 that has at most four decimals (a rounded confidence)
    /// as `JSONEncoder` does, `0.996`, without going through `String`; `false`, with
    /// nothing written, for any other value. The shortest decimal that reads back as the
    /// nearest double to k/10⁴ is k/10⁴ itself.
    mutating func fourDecimals(_ value: Double) -> Bool {
      guard value >= 0.001 && value < 1 else { return false }
      let scaled = Rounding.halfAwayFromZero(value * 10_000)
      guard scaled / 10_000 == value else { return false }
      write(tenThousandths: Int(scaled))
      return true
    }
  }

  /// Appends `text` as a quoted, escaped JSON string.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// JSONOutput.appendString("tab\there", to: &out)  // "tab\there" with a JSON \t escape
  /// ```
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public static func appendString(_ text: String, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendString(utf8: $0, to: &out) }
  }

  /// Appends UTF-8 text as a quoted, escaped JSON string.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// "a\"b".utf8.withContiguousStorageIfAvailable { JSONOutput.appendString(utf8: $0, to: &out) }
  /// ```
  /// - Complexity: O(*n*) in the length of `utf8`.
  public static func appendString(utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    append(upTo: stringBound(utf8.count), to: &out) { $0.string(utf8: utf8) }
  }

  /// Appends a string, or `null`.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// JSONOutput.appendString(nil, to: &out)  // null
  /// ```
  public static func appendString(_ text: String?, to out: inout [UInt8]) {
    if let text { appendString(text, to: &out) } else { appendRaw("null", to: &out) }
  }

  /// Appends a whole number, or `null`.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// JSONOutput.appendInteger(42, to: &out)  // 42
  /// ```
  public static func appendInteger(_ value: Int?, to out: inout [UInt8]) {
    append(upTo: integerBound, to: &out) { $0.integer(value) }
  }

  /// Appends a number as `JSONEncoder` writes it (`1`, `0.6`, `1e-05`), or `null` when it is
  /// missing or not finite.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// JSONOutput.appendNumber(1.0, to: &out)  // 1
  /// ```
  public static func appendNumber(_ value: Double?, to out: inout [UInt8]) {
    append(upTo: numberBound, to: &out) { $0.number(value) }
  }

  /// Appends a key and its colon: `"key":`.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// JSONOutput.appendKey("code", to: &out)  // "code":
  /// ```
  public static func appendKey(_ key: StaticString, to out: inout [UInt8]) {
    out.append(0x22)
    out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    out.append(0x22)
    out.append(0x3A)
  }

  /// Appends ASCII text as it is.
  static func appendRaw(_ text: StaticString, to out: inout [UInt8]) {
    out.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
