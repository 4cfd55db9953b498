/// A start tag, with the attributes the caller asked to keep (values decoded to UTF-8 bytes).
struct XMLStartTag {
  var name: [UInt8] = []
  var attributes: [(name: [UInt8], value: [UInt8])] = []
  var isSelfClosing = false
  /// The line of the tag's `<`.
  var line = 1
  /// Why an attribute value could not be decoded; the tag itself was read to its end.
  var problem: String?

  /// The decoded value of attribute `name`, if kept and present.
  func attribute(_ name: [UInt8]) -> [UInt8]? {
    attributes.first { $0.name == name }?.value
  }
}

/// What the scanner found next.
enum XMLEvent {
  case start(XMLStartTag)
  case end(name: [UInt8], line: Int)
  case endOfInput
}

/// Why the scanner stopped; it cannot go on after any of these.
enum XMLScanError: Error {
  case forbiddenDTD(line: Int)
  case truncated(line: Int, what: String)
  case malformed(line: Int, what: String)
  case readFailed(errno: Int32)
}

/// A small streaming XML tokenizer over bytes: start and end tags with their attributes.
///
/// It is made for flat data files such as SMS Backup & Restore dumps:
/// - text content, comments, processing instructions and CDATA sections are skipped;
/// - any other markup declaration (`<!DOCTYPE`, `<!ENTITY`, ...) is refused with
///   ``XMLScanError/forbiddenDTD(line:)``, so no DTD is ever read: no external entity (XXE) is
///   fetched and no entity can expand (billion laughs);
/// - attribute values are decoded (the five predefined entities, decimal and hexadecimal character
///   references, UTF-16 surrogate pairs written as two references, literal whitespace normalized
///   to spaces as XML requires) only for the attribute names the caller keeps; other values are
///   skipped without being stored, so a multi-megabyte inline image costs no memory.
struct XMLScanner {
  /// The longest element or attribute name accepted.
  static let maximumNameLength = 256
  /// The longest kept attribute value, in bytes; a longer one is a record error.
  static let maximumValueLength = 16 * 1024 * 1024

  private(set) var input: ByteInput
  private let keep: [[UInt8]]
  /// The name being read, reused so that skipped attributes allocate nothing.
  private var name: [UInt8] = []

  init(input: ByteInput, keeping keep: [[UInt8]]) {
    self.input = input
    self.keep = keep
  }

  /// The current line (of the next byte).
  var line: Int { input.line }

  /// Reads up to the next tag, or the end of input.
  mutating func next() throws(XMLScanError) -> XMLEvent {
    while true {
      guard input.skip(through: ASCII.lessThan) else {
        if let code = input.readErrno { throw .readFailed(errno: code) }
        return .endOfInput
      }
      let line = input.line
      guard let byte = input.next() else { throw truncation(line, "file ends inside a tag") }
      switch byte {
      case ASCII.question:
        try skip(until: [ASCII.question, ASCII.greaterThan], line, "processing instruction")
      case ASCII.exclamation:
        try markupDeclaration(line)
      case ASCII.slash:
        return .end(name: try endTagName(line), line: line)
      default:
        guard ASCII.isNameStart(byte) else {
          throw .malformed(line: line, what: "'<' not followed by a tag name")
        }
        return .start(try startTag(first: byte, line))
      }
    }
  }

  private func truncation(_ line: Int, _ what: String) -> XMLScanError {
    if let code = input.readErrno { return .readFailed(errno: code) }
    return .truncated(line: line, what: what)
  }

  /// After `<!`: a comment or CDATA section is skipped; anything else is a declaration.
  private mutating func markupDeclaration(_ line: Int) throws(XMLScanError) {
    switch input.peek() {
    case ASCII.hyphen:
      _ = input.next()
      guard input.next() == ASCII.hyphen else {
        throw .malformed(line: line, what: "malformed comment")
      }
      try skip(until: [ASCII.hyphen, ASCII.hyphen, ASCII.greaterThan], line, "comment")
    case ASCII.leftBracket:
      for expected in Array("[CDATA[".utf8) {
        guard let byte = input.next() else { throw truncation(line, "file ends inside a tag") }
        guard byte == expected else { throw .forbiddenDTD(line: line) }
      }
      try skip(until: Array("]]>".utf8), line, "CDATA section")
    case nil:
      throw truncation(line, "file ends inside a tag")
    default:
      throw .forbiddenDTD(line: line)
    }
  }

  /// Skips input through `terminator`.
  private mutating func skip(
    until terminator: [UInt8], _ line: Int, _ what: String
  ) throws(XMLScanError) {
    var matched = 0
    while let byte = input.next() {
      if byte == terminator[matched] {
        matched += 1
        if matched == terminator.count { return }
      } else if matched == 2, terminator[0] == terminator[1], byte == terminator[0] {
        // "--->" or "]]]>": the last two bytes still match the start of "-->" or "]]>".
        continue
      } else {
        matched = byte == terminator[0] ? 1 : 0
      }
    }
    throw truncation(line, "file ends inside a \(what)")
  }

  private mutating func endTagName(_ line: Int) throws(XMLScanError) -> [UInt8] {
    guard let first = input.next() else { throw truncation(line, "file ends inside a tag") }
    guard ASCII.isNameStart(first) else {
      throw .malformed(line: line, what: "malformed end tag")
    }
    try readName(first: first, line)
    let name = self.name
    try skipSpace(line)
    guard let byte = input.next() else { throw truncation(line, "file ends inside a tag") }
    guard byte == ASCII.greaterThan else { throw .malformed(line: line, what: "malformed end tag") }
    return name
  }

  private mutating func startTag(first: UInt8, _ line: Int) throws(XMLScanError) -> XMLStartTag {
    var tag = XMLStartTag()
    tag.line = line
    try readName(first: first, line)
    tag.name = name
    while true {
      let sawSpace = try skipSpace(line)
      guard let byte = input.next() else {
        throw truncation(line, "file ends inside a <\(ASCII.printable(tag.name))> tag")
      }
      switch byte {
      case ASCII.greaterThan:
        return tag
      case ASCII.slash:
        guard let next = input.next() else {
          throw truncation(line, "file ends inside a <\(ASCII.printable(tag.name))> tag")
        }
        guard next == ASCII.greaterThan else {
          throw .malformed(line: line, what: "'/' not followed by '>' in a tag")
        }
        tag.isSelfClosing = true
        return tag
      default:
        guard sawSpace, ASCII.isNameStart(byte) else {
          throw .malformed(line: line, what: "malformed attribute")
        }
        try attribute(first: byte, into: &tag)
      }
    }
  }

  private mutating func attribute(first: UInt8, into tag: inout XMLStartTag) throws(XMLScanError) {
    let line = tag.line
    try readName(first: first, line)
    let kept = keep.firstIndex(of: name)
    try skipSpace(line)
    guard let equals = input.next() else {
      throw truncation(line, "file ends inside a <\(ASCII.printable(tag.name))> tag")
    }
    guard equals == ASCII.equals else {
      throw .malformed(line: line, what: "attribute without a value")
    }
    try skipSpace(line)
    guard let quote = input.next() else {
      throw truncation(line, "file ends inside a <\(ASCII.printable(tag.name))> tag")
    }
    guard quote == ASCII.quote || quote == ASCII.apostrophe else {
      throw .malformed(line: line, what: "unquoted attribute value")
    }
    if let kept {
      var decoder = AttributeDecoder()
      try decodeValue(quote: quote, tag: tag, into: &decoder)
      if tag.problem == nil, let problem = decoder.problem { tag.problem = problem }
      tag.attributes.append((keep[kept], decoder.bytes))
    } else {
      try skipValue(quote: quote, tag: tag)
    }
  }

  private mutating func skipValue(quote: UInt8, tag: XMLStartTag) throws(XMLScanError) {
    while let byte = input.next() {
      if byte == quote { return }
      if byte == ASCII.lessThan {
        throw .malformed(line: tag.line, what: "'<' in an attribute value")
      }
    }
    throw truncation(tag.line, "file ends inside a <\(ASCII.printable(tag.name))> tag")
  }

  private mutating func decodeValue(
    quote: UInt8, tag: XMLStartTag, into decoder: inout AttributeDecoder
  ) throws(XMLScanError) {
    while let byte = input.next() {
      switch byte {
      case quote:
        decoder.finish()
        return
      case ASCII.lessThan:
        throw .malformed(line: tag.line, what: "'<' in an attribute value")
      case ASCII.ampersand:
        var reference: [UInt8] = []
        while true {
          guard let next = input.next() else {
            throw truncation(tag.line, "file ends inside a <\(ASCII.printable(tag.name))> tag")
          }
          if next == ASCII.semicolon { break }
          if next == quote || next == ASCII.lessThan || reference.count > 16 {
            throw .malformed(line: tag.line, what: "unterminated entity reference")
          }
          reference.append(next)
        }
        decoder.appendReference(reference)
      case ASCII.carriageReturn:
        // XML line-end normalization: CR LF and lone CR become LF, then a space.
        if input.peek() == ASCII.lineFeed { _ = input.next() }
        decoder.appendLiteral(ASCII.space)
      case ASCII.lineFeed, ASCII.tab:
        decoder.appendLiteral(ASCII.space)
      default:
        decoder.appendLiteral(byte)
      }
      if decoder.bytes.count > Self.maximumValueLength {
        decoder.problem = decoder.problem ?? "attribute value too long"
        decoder.bytes.removeAll(keepingCapacity: false)
        try skipValue(quote: quote, tag: tag)
        return
      }
    }
    throw truncation(tag.line, "file ends inside a <\(ASCII.printable(tag.name))> tag")
  }

  /// Reads a name into ``name``.
  private mutating func readName(first: UInt8, _ line: Int) throws(XMLScanError) {
    name.removeAll(keepingCapacity: true)
    name.append(first)
    while let byte = input.peek(), ASCII.isNameByte(byte) {
      _ = input.next()
      name.append(byte)
      if name.count > Self.maximumNameLength {
        throw .malformed(line: line, what: "name too long")
      }
    }
  }

  @discardableResult
  private mutating func skipSpace(_ line: Int) throws(XMLScanError) -> Bool {
    var skipped = false
    while let byte = input.peek(), ASCII.isSpace(byte) {
      _ = input.next()
      skipped = true
    }
    return skipped
  }
}

/// Decodes one attribute value: literal bytes, entity and character references.
struct AttributeDecoder {
  var bytes: [UInt8] = []
  var problem: String?
  /// A high surrogate from `&#55357;` waiting for its low half.
  private var pendingHigh: UInt32?

  mutating func appendLiteral(_ byte: UInt8) {
    flushPendingHigh()
    bytes.append(byte)
  }

  mutating func finish() { flushPendingHigh() }

  /// Decodes the text between `&` and `;`.
  mutating func appendReference(_ reference: [UInt8]) {
    switch reference {
    case Array("amp".utf8): appendLiteral(ASCII.ampersand)
    case Array("lt".utf8): appendLiteral(ASCII.lessThan)
    case Array("gt".utf8): appendLiteral(ASCII.greaterThan)
    case Array("quot".utf8): appendLiteral(ASCII.quote)
    case Array("apos".utf8): appendLiteral(ASCII.apostrophe)
    default:
      guard reference.first == ASCII.hash,
        let value = Self.characterReference(reference.dropFirst())
      else {
        flushPendingHigh()
        problem = problem ?? "undefined entity reference"
        return
      }
      appendScalarValue(value)
    }
  }

  private mutating func appendScalarValue(_ value: UInt32) {
    if (0xD800...0xDBFF).contains(value) {
      flushPendingHigh()
      pendingHigh = value
      return
    }
    if (0xDC00...0xDFFF).contains(value) {
      guard let high = pendingHigh else {
        append(scalar: "\u{FFFD}")  // A lone low surrogate: keep the message, mark the spot.
        return
      }
      pendingHigh = nil
      append(scalar: Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))!)
      return
    }
    flushPendingHigh()
    guard value != 0, let scalar = Unicode.Scalar(value) else {
      problem = problem ?? "invalid character reference"
      return
    }
    append(scalar: scalar)
  }

  private mutating func flushPendingHigh() {
    guard pendingHigh != nil else { return }
    pendingHigh = nil
    append(scalar: "\u{FFFD}")  // A lone high surrogate.
  }

  private mutating func append(scalar: Unicode.Scalar) {
    UTF8.encode(scalar) { bytes.append($0) }
  }

  /// The value of `#123` or `#x1F600` (without the `#`), or `nil` if malformed.
  static func characterReference(_ digits: ArraySlice<UInt8>) -> UInt32? {
    var digits = digits
    var radix: UInt32 = 10
    if digits.first == UInt8(ascii: "x") {
      radix = 16
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 8 else { return nil }
    var value: UInt32 = 0
    for byte in digits {
      guard let digit = ASCII.digitValue(byte, radix: radix) else { return nil }
      value = value * radix + digit
    }
    return value
  }
}
