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
    out.append(0x22)
    var text = text
    text.withUTF8 { utf8 in
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
    }
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
    appendRaw(String(value), to: &out)
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
    if value == value.rounded() && abs(value) < 1e15 {
      appendRaw(String(Int64(value)), to: &out)
    } else {
      appendRaw(value.description, to: &out)
    }
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
  static func appendRaw(_ text: String, to out: inout [UInt8]) {
    out.append(contentsOf: text.utf8)
  }
}
