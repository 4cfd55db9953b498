/// Named ASCII bytes and byte classes for the parsers' byte loops.
enum ASCII {
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let exclamation: UInt8 = 0x21
  static let quote: UInt8 = 0x22
  static let hash: UInt8 = 0x23
  static let ampersand: UInt8 = 0x26
  static let apostrophe: UInt8 = 0x27
  static let asterisk: UInt8 = 0x2A
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let hyphen: UInt8 = 0x2D
  static let period: UInt8 = 0x2E
  static let slash: UInt8 = 0x2F
  static let colon: UInt8 = 0x3A
  static let semicolon: UInt8 = 0x3B
  static let lessThan: UInt8 = 0x3C
  static let equals: UInt8 = 0x3D
  static let greaterThan: UInt8 = 0x3E
  static let question: UInt8 = 0x3F
  static let leftBracket: UInt8 = 0x5B
  static let underscore: UInt8 = 0x5F

  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == space || byte == lineFeed || byte == tab || byte == carriageReturn
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

  @inline(__always)
  static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

  /// An XML name's first byte: a letter, `_`, `:`, or any non-ASCII byte.
  @inline(__always)
  static func isNameStart(_ byte: UInt8) -> Bool {
    isLetter(byte) || byte == underscore || byte == colon || byte >= 0x80
  }

  /// An XML name's later bytes: also digits, `-` and `.`.
  @inline(__always)
  static func isNameByte(_ byte: UInt8) -> Bool {
    isNameStart(byte) || isDigit(byte) || byte == hyphen || byte == period
  }

  /// The value of a digit in base 10 or 16.
  static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
    if isDigit(byte) { return UInt32(byte &- 0x30) }
    if radix == 16, (byte | 0x20) &- 0x61 < 6 { return UInt32((byte | 0x20) &- 0x61 + 10) }
    return nil
  }

  /// Lower-cases ASCII letters.
  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }

  /// A name from the file for an error message: ASCII only, at most 40 bytes.
  static func printable(_ bytes: [UInt8]) -> String {
    let clean = bytes.prefix(40).map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }
    return String(decoding: clean, as: UTF8.self) + (bytes.count > 40 ? "..." : "")
  }
}
