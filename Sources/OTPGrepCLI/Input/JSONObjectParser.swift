/// A value at the top level of a JSON Lines object; nested objects and arrays are checked but
/// not kept.
///
/// ```swift
/// try JSONObjectParser.parse(Array(#"{"id":7,"text":"hi"}"#.utf8))["id"]  // .number("7")
/// ```
public enum JSONValue: Sendable, Equatable {
  /// A string, unescaped.
  case string(String)
  /// A number, as written.
  case number(String)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
  /// An object or an array.
  case composite
}

/// Why a JSON line could not be read; descriptions never quote the input.
///
/// ```swift
/// JSONSyntaxError(offset: 4, expected: "':'").description  // "malformed JSON at byte 5: expected ':'"
/// ```
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The 0-based byte offset of the problem.
  public var offset: Int
  /// What was expected there.
  public var expected: String

  /// An error at `offset`, where `expected` was expected.
  ///
  /// ```swift
  /// JSONSyntaxError(offset: 0, expected: "an object")
  /// ```
  public init(offset: Int, expected: String) {
    self.offset = offset
    self.expected = expected
  }

  /// `malformed JSON at byte N: expected X`, with N 1-based.
  public var description: String { "malformed JSON at byte \(offset + 1): expected \(expected)" }
}

/// A small, strict (RFC 8259) parser for one JSON object per line, keeping its top-level members.
///
/// It is several times faster than `JSONSerialization` and needs no Foundation. Duplicate keys:
/// the last wins. Lone surrogate escapes become U+FFFD.
///
/// ```swift
/// let members = try JSONObjectParser.parse(Array(#"{"text":"Code: 1234\n"}"#.utf8))
/// members["text"]  // .string("Code: 1234\n")
/// ```
/// - Complexity: O(*n*) in the line's length.
public struct JSONObjectParser {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0
  private var depth = 0

  private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// Parses `bytes`, which must hold one JSON object and nothing else but whitespace.
  ///
  /// ```swift
  /// try JSONObjectParser.parse(Array("[1]".utf8))  // throws: expected an object
  /// ```
  public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> [String:
    JSONValue]
  {
    var members: [String: JSONValue] = [:]
    try topLevel(bytes) { (parser, key) throws(JSONSyntaxError) in
      members[key.string(in: parser.bytes)] = try parser.value()
    }
    return members
  }

  /// Parses `bytes` as ``parse(_:)-([UInt8])`` does, with the same errors, but keeps only the
  /// top-level members named in `names` (their UTF-8 bytes): for each name, the value of its
  /// last member, or `nil`. No dictionary is built, and no string is made for the other members
  /// or for any key.
  ///
  /// ```swift
  /// try Array(#"{"id":7,"x":"y","text":"hi"}"#.utf8).withUnsafeBytes {
  ///   try JSONObjectParser.values(named: [Array("text".utf8), Array("id".utf8)], in: $0)
  /// }  // [.string("hi"), .number("7")]
  /// ```
  public static func values(
    named names: [[UInt8]], in bytes: UnsafeRawBufferPointer
  ) throws(JSONSyntaxError) -> [JSONValue?] {
    var values = [JSONValue?](repeating: nil, count: names.count)
    try topLevel(bytes) { (parser, key) throws(JSONSyntaxError) in
      var value: JSONValue?
      for (place, name) in names.enumerated() where key.equals(name, in: parser.bytes) {
        if value == nil { value = try parser.value() }
        values[place] = value
      }
      if value == nil { try parser.skipValue() }
    }
    return values
  }

  /// ``values(named:in:)-(_,UnsafeRawBufferPointer)`` over the UTF-8 of an array of bytes.
  ///
  /// ```swift
  /// try JSONObjectParser.values(named: [Array("a".utf8)], in: Array(#"{"a":null}"#.utf8))  // [.null]
  /// ```
  public static func values(
    named names: [[UInt8]], in bytes: [UInt8]
  ) throws(JSONSyntaxError) -> [JSONValue?] {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(JSONSyntaxError) in try values(named: names, in: raw) }
    }
    return try result.get()
  }

  /// Parses one object and nothing else but whitespace, handing each top-level member's key to
  /// `member`, which reads its value.
  private static func topLevel(
    _ bytes: UnsafeRawBufferPointer,
    _ member: (inout JSONObjectParser, Key) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) {
    var parser = JSONObjectParser(bytes)
    parser.skipSpace()
    guard parser.peek == UInt8(ascii: "{") else { throw parser.error("an object") }
    try parser.object(member)
    parser.skipSpace()
    guard parser.index == bytes.count else { throw parser.error("the end of the line") }
  }

  /// A key as read: where it lies in the line when it has no escape, else its decoded bytes.
  private enum Key {
    case inLine(Range<Int>)
    case decoded([UInt8])

    func equals(_ name: [UInt8], in line: UnsafeRawBufferPointer) -> Bool {
      switch self {
      case .inLine(let range):
        UnsafeRawBufferPointer(rebasing: line[range]).elementsEqual(name)
      case .decoded(let bytes): bytes == name
      }
    }

    func string(in line: UnsafeRawBufferPointer) -> String {
      switch self {
      case .inLine(let range):
        String(decoding: UnsafeRawBufferPointer(rebasing: line[range]), as: UTF8.self)
      case .decoded(let bytes): String(decoding: bytes, as: UTF8.self)
      }
    }
  }

  /// Parses the UTF-8 of an array of bytes.
  ///
  /// ```swift
  /// try JSONObjectParser.parse(Array("{}".utf8))  // [:]
  /// ```
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> [String: JSONValue] {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(JSONSyntaxError) in try parse(raw) }
    }
    return try result.get()
  }

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  private func error(_ expected: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: index, expected: expected)
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func expect(_ byte: UInt8, _ name: String) throws(JSONSyntaxError) {
    skipSpace()
    guard peek == byte else { throw error(name) }
    index += 1
  }

  /// Reads an object, handing each member's key to `member`, which reads its value.
  private mutating func object(
    _ member: (inout JSONObjectParser, Key) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) {
    depth += 1
    guard depth <= 512 else { throw error("less nesting") }
    index += 1  // {
    skipSpace()
    if peek == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return
    }
    while true {
      skipSpace()
      guard peek == UInt8(ascii: "\"") else { throw error("a string key") }
      let key = try stringKey()
      try expect(UInt8(ascii: ":"), "':'")
      try member(&self, key)
      skipSpace()
      switch peek {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return
      default: throw error("',' or '}'")
      }
    }
  }

  private mutating func array() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= 512 else { throw error("less nesting") }
    index += 1  // [
    skipSpace()
    if peek == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return
    }
    while true {
      try skipValue()
      skipSpace()
      switch peek {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return
      default: throw error("',' or ']'")
      }
    }
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    skipSpace()
    guard let next = peek else { throw error("a value") }
    switch next {
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "{"):
      try object { (parser, _) throws(JSONSyntaxError) in try parser.skipValue() }
      return .composite
    case UInt8(ascii: "["):
      try array()
      return .composite
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw error("a value")
    }
  }

  /// Reads a value as ``value()`` does, with the same errors, making no string of it.
  private mutating func skipValue() throws(JSONSyntaxError) {
    skipSpace()
    switch peek ?? 0 {
    case UInt8(ascii: "\""):
      var scratch: [UInt8] = []
      _ = try stringBytes(into: &scratch)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try numberRange()
    default: _ = try value()  // Objects, arrays and literals make no string; errors as it says.
    }
  }

  private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count,
      memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0
    else { throw error("a value") }
    index += count
  }

  private mutating func digits() -> Int {
    let begin = index
    while let b = peek, b >= 0x30 && b <= 0x39 { index += 1 }
    return index - begin
  }

  private mutating func number() throws(JSONSyntaxError) -> String {
    let range = try numberRange()
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  private mutating func numberRange() throws(JSONSyntaxError) -> Range<Int> {
    let begin = index
    if peek == UInt8(ascii: "-") { index += 1 }
    if peek == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      throw error("a digit")
    }
    if peek == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("a digit") }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw error("a digit") }
    }
    return begin..<index
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw error("four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[index]
      let digit: UInt8
      switch b {
      case 0x30...0x39: digit = b - 0x30
      case 0x41...0x46: digit = b - 0x41 + 10
      case 0x61...0x66: digit = b - 0x61 + 10
      default: throw error("four hex digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    var scratch: [UInt8] = []
    guard let range = try stringBytes(into: &scratch) else {
      return String(decoding: scratch, as: UTF8.self)
    }
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  private mutating func stringKey() throws(JSONSyntaxError) -> Key {
    var scratch: [UInt8] = []
    guard let range = try stringBytes(into: &scratch) else { return .decoded(scratch) }
    return .inLine(range)
  }

  /// Reads a string from its opening quote: where its bytes lie in the line when it has no
  /// escape, or `nil` with its decoded bytes in `scratch`.
  private mutating func stringBytes(into scratch: inout [UInt8]) throws(JSONSyntaxError) -> Range<
    Int
  >? {
    index += 1  // opening quote
    let begin = index
    // Fast path: no escapes.
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        index += 1
        return begin..<index - 1
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw error("no control character in a string") }
      index += 1
    }
    scratch = Array(UnsafeRawBufferPointer(rebasing: bytes[begin..<index]))
    while true {
      guard index < bytes.count else { throw error("'\"'") }
      let b = bytes[index]
      index += 1
      switch b {
      case UInt8(ascii: "\""):
        return nil
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { throw error("an escape") }
        let e = bytes[index]
        index += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(e)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if scalar >= 0xD800 && scalar < 0xDC00, bytes.count - index >= 6,
            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          {
            let save = index
            index += 2
            let low = try hex4()
            if low >= 0xDC00 && low < 0xE000 {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
              index = save
            }
          }
          scratch.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")!)
        default:
          index -= 1
          throw error("a valid escape")
        }
      default:
        guard b >= 0x20 else {
          index -= 1
          throw error("no control character in a string")
        }
        scratch.append(b)
      }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#endif
