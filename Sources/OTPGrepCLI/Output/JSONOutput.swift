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
    out.append(0x22)
    var runStart = 0
    for i in 0..<utf8.count {
      let b = utf8[i]
      guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
      runStart = i + 1
      out.append(0x5C)
      switch b {
      case 0x22, 0x5C: out.append(b)
      case 0x08: out.append(UInt8(ascii: "b"))
      case 0x0C: out.append(UInt8(ascii: "f"))
      case 0x0A: out.append(UInt8(ascii: "n"))
      case 0x0D: out.append(UInt8(ascii: "r"))
      case 0x09: out.append(UInt8(ascii: "t"))
      default:
        out.append(contentsOf: [
          UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)],
        ])
      }
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    out.append(0x22)
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
    guard let value else { return appendRaw("null", to: &out) }
    // Digits written straight into the buffer, with no String in between.
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var n = buffer.count
      repeat {
        n -= 1
        buffer[n] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
        magnitude /= 10
      } while magnitude != 0
      if value < 0 {
        n -= 1
        buffer[n] = UInt8(ascii: "-")
      }
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[n...]))
    }
  }

  /// Appends a number as `JSONEncoder` writes it (`1`, `0.6`, `1e-05`), or `null` when it is
  /// missing or not finite.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// JSONOutput.appendNumber(1.0, to: &out)  // 1
  /// ```
  public static func appendNumber(_ value: Double?, to out: inout [UInt8]) {
    guard let value, value.isFinite else { return appendRaw("null", to: &out) }
    if appendFourDecimals(value, to: &out) { return }
    if value == value.rounded() && abs(value) < 1e15 {
      appendText(String(Int64(value)), to: &out)
    } else {
      appendText(value.description, to: &out)
    }
  }

  /// Writes a number in 0.001..<1 that has at most four decimals (a rounded confidence) as
  /// `JSONEncoder` does, `0.996`, without going through `String`; `false` for any other value.
  /// The shortest decimal that reads back as the nearest double to k/10⁴ is k/10⁴ itself.
  static func appendFourDecimals(_ value: Double, to out: inout [UInt8]) -> Bool {
    guard value >= 0.001 && value < 1 else { return false }
    let scaled = Rounding.halfAwayFromZero(value * 10_000)
    guard scaled / 10_000 == value else { return false }
    var k = Int(scaled)
    var digits: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    var length = 4
    while k % 10 == 0 {
      k /= 10
      length -= 1
    }
    withUnsafeMutableBytes(of: &digits) { d in
      var v = k
      for i in stride(from: length - 1, through: 0, by: -1) {
        d[i] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
        v /= 10
      }
      out.append(0x30)
      out.append(0x2E)
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: d[0..<length]))
    }
    return true
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

  /// Appends text as it is.
  /// (Not an `appendRaw` overload: a string literal would pick it over the `StaticString`
  /// one and copy through `String.UTF8View`.)
  static func appendText(_ text: String, to out: inout [UInt8]) {
    out.append(contentsOf: text.utf8)
  }
}
