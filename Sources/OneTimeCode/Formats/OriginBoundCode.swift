/// Origin-bound one-time codes, the format of WICG's sms-one-time-codes:
/// a line `@example.com #123456`, optionally followed by ` @embedded.example`.
///
/// ```swift
/// let text = "747723 is your ExampleCo code.\n\n@example.com #747723 @pay.example"
/// let code = OriginBoundCode.parse(text)
/// code?.code                   // "747723"
/// code?.binding.domain         // "example.com"
/// code?.binding.embeddedDomain // "pay.example"
/// ```
public struct OriginBoundCode: Sendable, Hashable {
  /// The code, with `-` and `.` separators removed.
  public var code: String
  /// The top-level and embedded origins.
  public var binding: OriginBinding
  /// The code's span in the original text, in UTF-8 bytes.
  public var utf8Offsets: Range<Int>

  /// Parses the binding line of `text`: the last line that is one.
  ///
  /// The line starts with `@` and a host (ASCII letters, digits, `.` and `-`; no
  /// scheme, port, path or user), then exactly one space, `#` and the code (up to
  /// whitespace or `#`), then optionally one space, `@` and the embedded host.
  /// The host is reported in lower case.
  ///
  /// ```swift
  /// OriginBoundCode.parse("@example.com #123456")?.code  // "123456"
  /// OriginBoundCode.parse("@example.com  #123456")       // nil: two spaces
  /// OriginBoundCode.parse("something @example.com #1")   // nil: not at the line start
  /// ```
  /// - Complexity: O(*n*).
  public static func parse(_ text: String) -> OriginBoundCode? {
    var text = text
    return text.withUTF8 { parse(utf8: $0) }
  }

  /// Parses UTF-8 bytes; see ``parse(_:)``.
  ///
  /// ```swift
  /// OriginBoundCode.parse(utf8: Array("@a.com #1".utf8).withUnsafeBufferPointer { $0 })
  /// ```
  public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> OriginBoundCode? {
    // Cheap test first: both '@' and '#' must occur.
    guard ByteSearch.contains(0x40, in: bytes), ByteSearch.contains(0x23, in: bytes) else {
      return nil
    }
    var lineEnd = bytes.count
    while lineEnd > 0 {
      var lineStart = lineEnd
      while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
      if let found = parseLine(bytes, lineStart, lineEnd) { return found }
      lineEnd = lineStart - 1
    }
    return nil
  }

  private static func isHostByte(_ b: UInt8) -> Bool {
    isAlnum(b) || b == 0x2E || b == 0x2D
  }

  private static func isWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
  }

  private static func parseLine(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> OriginBoundCode?
  {
    var i = start
    guard i < end, bytes[i] == 0x40 else { return nil }
    // One or more "@host " tokens; the last one before '#' is the top-level host.
    var host: Range<Int>? = nil
    while i < end && bytes[i] == 0x40 {
      let h = i + 1
      var j = h
      while j < end && isHostByte(bytes[j]) { j += 1 }
      guard j > h, j < end, bytes[j] == 0x20 else { return nil }
      host = h..<j
      i = j + 1
    }
    guard let top = host, i < end, bytes[i] == 0x23 else { return nil }
    let codeStart = i + 1
    var j = codeStart
    while j < end && !isWhitespace(bytes[j]) && bytes[j] != 0x23 { j += 1 }
    guard j > codeStart else { return nil }
    let codeEnd = j
    var embedded: Range<Int>? = nil
    if j + 1 < end && bytes[j] == 0x20 && bytes[j + 1] == 0x40 {
      let h = j + 2
      var k = h
      while k < end && isHostByte(bytes[k]) { k += 1 }
      if k > h && (k == end || isWhitespace(bytes[k])) && isValidHost(bytes, h..<k) {
        embedded = h..<k
      }
    }
    guard isValidHost(bytes, top) else { return nil }
    var code: [UInt8] = []
    for k in codeStart..<codeEnd where bytes[k] != 0x2D && bytes[k] != 0x2E {
      code.append(bytes[k])
    }
    guard !code.isEmpty else { return nil }
    return OriginBoundCode(
      code: String(decoding: code, as: UTF8.self),
      binding: OriginBinding(
        domain: hostString(bytes, top), embeddedDomain: embedded.map { hostString(bytes, $0) }),
      utf8Offsets: codeStart..<codeEnd)
  }

  private static func isValidHost(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    // Labels of letters, digits and inner hyphens, separated by single dots.
    var labelLength = 0
    var previous: UInt8 = 0x2E
    for k in r {
      let b = bytes[k]
      if b == 0x2E {
        if labelLength == 0 || previous == 0x2D { return false }
        labelLength = 0
      } else {
        if labelLength == 0 && b == 0x2D { return false }
        labelLength += 1
        if labelLength > 63 { return false }
      }
      previous = b
    }
    return labelLength > 0 || previous == 0x2E && r.count > 1
  }

  private static func hostString(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
    String(decoding: r.map { Lexicon.lower(bytes[$0]) }, as: UTF8.self)
  }
}
