import MessageSources

#if canImport(Glibc)
  import Glibc
#endif

/// Turns the bytes of one record into an ``InputMessage``: UTF-8 repair, CR stripping, and for
/// JSON Lines the parsing of the object and its `text`, `id`, `sender` and `date` fields.
///
/// ```swift
/// let decoder = RecordDecoder(format: .jsonLines, textField: "body")
/// let m = decoder.decode(Array(#"{"id":4,"body":"PIN 1234"}"#.utf8), line: 2)
/// m?.text  // "PIN 1234"
/// m?.id    // "4"
/// ```
public struct RecordDecoder: Sendable {
  /// How records are read.
  public var format: InputFormat
  /// The JSON Lines field holding the text.
  public var textField: String {
    didSet { memberNames = Self.memberNames(textField) }
  }
  /// The JSON Lines members read, as UTF-8: `id`, `sender`, `date` and the text field.
  private var memberNames: [[UInt8]]

  /// A decoder for `format`; `textField` matters for JSON Lines only.
  ///
  /// ```swift
  /// RecordDecoder(format: .lines)
  /// ```
  public init(format: InputFormat, textField: String = "text") {
    self.format = format
    self.textField = textField
    self.memberNames = Self.memberNames(textField)
  }

  private static func memberNames(_ textField: String) -> [[UInt8]] {
    ["id", "sender", "date", textField].map { Array($0.utf8) }
  }

  /// Decodes a record; `nil` for a blank JSON Lines line, which is skipped.
  ///
  /// ```swift
  /// RecordDecoder(format: .lines).decode(Array("hi\r".utf8), line: 1)?.text  // "hi"
  /// ```
  public func decode(_ bytes: [UInt8], line: Int, truncated: Bool = false) -> InputMessage? {
    bytes.withUnsafeBytes { decode($0, line: line, truncated: truncated) }
  }

  /// Decodes a record from raw bytes into `message`, whose every field it sets; `false` for a
  /// blank JSON Lines line. The runner's path: one message reused from record to record costs
  /// no copy and no whole-value destruction per record.
  ///
  /// ```swift
  /// var message = InputMessage(text: "")
  /// "PIN 1234".utf8.withContiguousStorageIfAvailable {
  ///   RecordDecoder(format: .lines).decode(UnsafeRawBufferPointer($0), line: 1, truncated: false,
  ///                                        into: &message)
  /// }
  /// message.text  // "PIN 1234"
  /// ```
  public func decode(
    _ raw: UnsafeRawBufferPointer, line: Int, truncated: Bool, into message: inout InputMessage
  ) -> Bool {
    guard let bytes = text(raw, line: line, truncated: truncated, into: &message) else {
      guard let decoded = decode(raw, line: line, truncated: truncated) else { return false }
      message = decoded
      return true
    }
    (message.text, message.repairedUTF8) = RecordDecoder.utf8(UnsafeRawBufferPointer(bytes))
    return true
  }

  /// For a line or a NUL-delimited record, sets every field of `message` but its text, which
  /// it leaves empty, and returns the text's bytes (the record without a trailing CR) for the
  /// caller to read in place: no `String` is made and no UTF-8 checked here (see
  /// ``MessageProcessor/process(_:utf8:file:into:diagnostics:tally:)``). `nil` for JSON Lines,
  /// whose records ``decode(_:line:truncated:into:)`` decodes.
  ///
  /// ```swift
  /// var message = InputMessage(text: "")
  /// let line = Array("PIN 1234\r".utf8)
  /// line.withUnsafeBytes { raw in
  ///   RecordDecoder(format: .lines).text(raw, line: 3, truncated: false, into: &message)?.count
  /// }  // 8
  /// ```
  public func text(
    _ raw: UnsafeRawBufferPointer, line: Int, truncated: Bool, into message: inout InputMessage
  ) -> UnsafeBufferPointer<UInt8>? {
    guard let text = text(raw) else { return nil }
    // The message is reused from line to line: a string field is cleared only when it holds
    // something, since every assignment released the old value through the runtime (five
    // calls a line, 75 instructions, for fields that are nearly always empty already).
    if !message.text.isEmpty { message.text = "" }
    message.line = line
    message.row = nil
    if message.id != nil { message.id = nil }
    if message.sender != nil { message.sender = nil }
    if message.date != nil { message.date = nil }
    message.timestamp = nil
    if message.error != nil { message.error = nil }
    message.truncated = truncated
    message.repairedUTF8 = false
    return text
  }

  /// The text of a line or a NUL-delimited record (the record without a line's trailing CR),
  /// to read in place, for a caller that needs no message made of it: a window of lines keeps
  /// each line's text, number and cut, and nothing else. `nil` for JSON Lines.
  ///
  /// ```swift
  /// let line = Array("PIN 1234\r".utf8)
  /// line.withUnsafeBytes { RecordDecoder(format: .lines).text($0)?.count }  // 8
  /// ```
  @inline(__always)
  public func text(_ raw: UnsafeRawBufferPointer) -> UnsafeBufferPointer<UInt8>? {
    guard format != .jsonLines else { return nil }
    var raw = raw
    if format != .nul, raw.last == 0x0D { raw = UnsafeRawBufferPointer(rebasing: raw.dropLast()) }
    return raw.assumingMemoryBound(to: UInt8.self)
  }

  /// Decodes a record from raw bytes; `nil` for a blank JSON Lines line.
  public func decode(_ raw: UnsafeRawBufferPointer, line: Int, truncated: Bool) -> InputMessage? {
    if format != .jsonLines {
      var message = InputMessage(text: "")
      _ = decode(raw, line: line, truncated: truncated, into: &message)
      return message
    }
    let (raw, text, repaired) = record(raw)
    if raw.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) && !truncated { return nil }
    var message = InputMessage(text: "", line: line)
    message.truncated = truncated
    message.repairedUTF8 = repaired
    let members: [JSONValue?]
    do {
      members =
        try repaired
        ? JSONObjectParser.values(named: memberNames, in: Array(text.utf8))
        : JSONObjectParser.values(named: memberNames, in: raw)
    } catch {
      message.error = error.description
      return message
    }
    switch members[0] {
    case .string(let id): message.id = id
    case .number(let id): message.id = id
    default: break
    }
    if case .string(let sender) = members[1] { message.sender = sender }
    switch members[2] {
    case .string(let date):
      message.date = date
      message.timestamp = try? DateBound.parseAbsolute(date)
    case .number(let number):
      if let seconds = Double(number), abs(seconds) < 1e13 {
        // Seconds since 1970, or milliseconds when the number is that large.
        let milliseconds = abs(seconds) >= 1e11 ? Int64(seconds) : Int64(seconds * 1000)
        message.date = Timestamp.iso8601(milliseconds)
        message.timestamp = milliseconds
      }
    default: break
    }
    switch members[3] {
    case .string(let text): message.text = text
    case nil: message.error = "missing text field '\(textField)'"
    default: message.error = "text field '\(textField)' is not a string"
    }
    return message
  }

  /// The record's bytes without a trailing CR (kept in NUL-delimited records), and their text
  /// with invalid UTF-8 replaced, and whether any was.
  private func record(_ raw: UnsafeRawBufferPointer) -> (UnsafeRawBufferPointer, String, Bool) {
    var raw = raw
    if format != .nul, raw.last == 0x0D { raw = UnsafeRawBufferPointer(rebasing: raw.dropLast()) }
    // Well-formed UTF-8 needs no repair: no string is made to find out. Only ill-formed bytes
    // go on to the standard library's repair (and a line it leaves as it is reads as well-formed).
    if RecordDecoder.isWellFormedUTF8(raw) { return (raw, "", false) }
    let (text, repaired) = RecordDecoder.utf8(raw)
    return (raw, text, repaired)
  }

  /// Whether `raw` is well-formed UTF-8 (the Unicode Standard's table 3-7: no overlong form, no
  /// surrogate, nothing above U+10FFFF, no sequence cut short), ASCII read eight bytes at a time.
  ///
  /// ```swift
  /// Array("é".utf8).withUnsafeBytes { RecordDecoder.isWellFormedUTF8($0) }      // true
  /// ([0xC0, 0xAF] as [UInt8]).withUnsafeBytes { RecordDecoder.isWellFormedUTF8($0) }  // false
  /// ```
  static func isWellFormedUTF8(_ raw: UnsafeRawBufferPointer) -> Bool {
    let count = raw.count
    var at = 0
    while at < count {
      if at + 8 <= count,
        raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        at += 8
        continue
      }
      let lead = raw[at]
      if lead < 0x80 {
        at += 1
        continue
      }
      // How many bytes follow the lead, and the range the first of them must fall in.
      var following = 2
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: following = 1
      case 0xE0: low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: break
      case 0xED: high = 0x9F
      case 0xF0:
        following = 3
        low = 0x90
      case 0xF1...0xF3: following = 3
      case 0xF4:
        following = 3
        high = 0x8F
      default: return false
      }
      guard at + following < count, (low...high).contains(raw[at + 1]) else { return false }
      if following > 1 {
        for next in at + 2...at + following where raw[next] & 0xC0 != 0x80 { return false }
      }
      at += following + 1
    }
    return true
  }

  /// Decodes UTF-8, replacing invalid sequences with U+FFFD; says whether any were replaced.
  ///
  /// ```swift
  /// RecordDecoder.utf8(UnsafeRawBufferPointer(...))  // ("a\u{FFFD}b", true)
  /// ```
  static func utf8(_ raw: UnsafeRawBufferPointer) -> (String, Bool) {
    let units = raw.assumingMemoryBound(to: UInt8.self)
    // The decoding initializer takes the standard library's fast path for a contiguous
    // buffer (`init(validating:)` goes through a generic one); the text was repaired
    // exactly when its bytes differ from the input's.
    var text = String(decoding: units, as: UTF8.self)
    let same = text.withUTF8 { utf8 in
      utf8.count == units.count
        && (units.isEmpty || memcmp(utf8.baseAddress!, units.baseAddress!, units.count) == 0)
    }
    return (text, !same)
  }
}
