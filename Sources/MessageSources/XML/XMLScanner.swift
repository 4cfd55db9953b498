/// A start tag. Its name is the scanner's ``XMLScanner/tagName`` and its kept attributes are read
/// with ``XMLScanner/attribute(_:)``, both until the scanner reads on.
struct XMLStartTag {
  var isSelfClosing = false
  /// The line of the tag's `<`.
  var line = 1
  /// Why an attribute value could not be decoded; the tag itself was read to its end.
  var problem: String?
}

/// What the scanner found next.
enum XMLEvent {
  /// A start tag.
  case start(XMLStartTag)
  /// An end tag, whose name is the scanner's ``XMLScanner/tagName``.
  case end(line: Int)
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
///
/// The names and values it reads go into buffers it keeps from tag to tag: a tag costs no
/// allocation once they have grown, and the runs of plain bytes in a value are copied a chunk
/// at a time. A start tag is read two ways: in one pass over the input's buffer when it ends
/// within the bytes read ahead and has no problem, and otherwise byte by byte from its start,
/// which takes any length, waits for input only when it needs the next byte, and names every
/// error. Both give the same names, values and lines (a test
/// reads a varied set of tags both ways).
struct XMLScanner {
  /// The longest element or attribute name accepted.
  static let maximumNameLength = 256
  /// The longest kept attribute value, in bytes; a longer one is a record error.
  static let maximumValueLength = 16 * 1024 * 1024
  /// The capacity of the values' buffer kept after a tag; a larger one is given back.
  private static let keptValuesCapacity = 256 * 1024

  private(set) var input: ByteInput
  private let keep: [[UInt8]]
  /// Each kept name's length and first byte, to rule out most names before comparing them.
  private let keepKeys: [Int]
  /// The name of the last start or end tag read.
  private(set) var tagName: [UInt8] = []
  /// The last start tag's kept values, one after the other.
  private var values: [UInt8] = []
  /// Where each kept attribute's value lies in ``values``: its start and end, or -1 and -1.
  private var slots: [Int]
  /// The entity reference being read.
  private var reference: [UInt8] = []

  init(input: ByteInput, keeping keep: [[UInt8]]) {
    self.input = input
    self.keep = keep
    self.keepKeys = keep.map { Self.key($0) }
    self.slots = Array(repeating: -1, count: 2 * keep.count)
  }

  private static func key(_ name: [UInt8]) -> Int {
    name.isEmpty ? 0 : name.count << 8 | Int(name[0])
  }

  /// The current line (of the next byte).
  var line: Int { input.line }

  /// The decoded value of the last start tag's attribute `keep[index]`, if present.
  func attribute(_ index: Int) -> ArraySlice<UInt8>? {
    let start = slots[2 * index]
    return start < 0 ? nil : values[start..<slots[2 * index + 1]]
  }

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
        try endTag(line)
        return .end(line: line)
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

  /// Reads an end tag's name into ``tagName`` and the rest of the tag.
  private mutating func endTag(_ line: Int) throws(XMLScanError) {
    guard let first = input.next() else { throw truncation(line, "file ends inside a tag") }
    guard ASCII.isNameStart(first) else {
      throw .malformed(line: line, what: "malformed end tag")
    }
    try Self.readName(first: first, from: &input, into: &tagName, line)
    skipSpace()
    guard let byte = input.next() else { throw truncation(line, "file ends inside a tag") }
    guard byte == ASCII.greaterThan else { throw .malformed(line: line, what: "malformed end tag") }
  }

  private mutating func startTag(first: UInt8, _ line: Int) throws(XMLScanError) -> XMLStartTag {
    var tag = XMLStartTag()
    tag.line = line
    if values.capacity > Self.keptValuesCapacity { values = [] }
    clearValues()
    if let isSelfClosing = bufferedStartTag(first: first) {
      tag.isSelfClosing = isSelfClosing
      return tag
    }
    clearValues()  // What the one-pass reading kept before it gave up.
    try Self.readName(first: first, from: &input, into: &tagName, line)
    while true {
      let sawSpace = skipSpace()
      guard let byte = input.next() else {
        throw truncation(line, "file ends inside a <\(ASCII.printable(tagName))> tag")
      }
      switch byte {
      case ASCII.greaterThan:
        return tag
      case ASCII.slash:
        guard let next = input.next() else {
          throw truncation(line, "file ends inside a <\(ASCII.printable(tagName))> tag")
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

  private mutating func clearValues() {
    values.removeAll(keepingCapacity: true)
    for index in slots.indices { slots[index] = -1 }
  }

  /// The index of the kept name that is `first` and then `rest`, if any.
  private func keptIndex(first: UInt8, rest: UnsafeBufferPointer<UInt8>) -> Int? {
    Self.keptIndex(first: first, rest: rest, keep: keep, keys: keepKeys)
  }

  private static func keptIndex(
    first: UInt8, rest: UnsafeBufferPointer<UInt8>, keep: [[UInt8]], keys: [Int]
  ) -> Int? {
    let key = (rest.count + 1) << 8 | Int(first)
    for index in keys.indices where keys[index] == key {
      if keep[index].dropFirst().elementsEqual(rest) { return index }
    }
    return nil
  }

  // MARK: - A start tag read in one pass over the buffer

  /// Whether a byte of a value quoted by `quote` is copied as it is: not the quote, a reference's
  /// `&`, a `<` (an error) or a control byte below U+000E (tab, line feed and CR among them).
  @inline(__always)
  static func isPlain(_ byte: UInt8, quote: UInt8) -> Bool {
    byte != quote && byte >= 0x0E && byte != ASCII.ampersand && byte != ASCII.lessThan
  }

  /// Decodes a kept value from `bytes[start...]`, after its opening quote, onto `values` as the
  /// byte-by-byte path does, adding the line feeds it holds to `lines`; returns the index after
  /// the closing quote, or `nil` when the value does not end within `bytes`, is malformed, or
  /// has a problem (an undefined or invalid reference), which the other path reports.
  private static func decodeValue(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, quote: UInt8, into values: inout [UInt8],
    lines: inout Int
  ) -> Int? {
    let end = bytes.count
    /// The end of the plain run from `at`: the next quote, reference or control byte.
    func plainRunEnd(from at: Int) -> Int {
      var at = at
      while at < end, isPlain(bytes[at], quote: quote) { at &+= 1 }
      return at
    }
    // Most values are plain bytes, copied in one piece.
    var at = plainRunEnd(from: start)
    guard at < end else { return nil }
    values.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<at]))
    if bytes[at] == quote { return at &+ 1 }
    var decoder = AttributeDecoder()
    swap(&decoder.bytes, &values)
    defer { swap(&decoder.bytes, &values) }
    var newLines = 0
    while at < end {
      if !decoder.isAwaitingLowSurrogate {
        let run = at
        at = plainRunEnd(from: run)
        decoder.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<at]))
        guard at < end else { return nil }
      }
      let byte = bytes[at]
      at &+= 1
      switch byte {
      case quote:
        decoder.finish()
        guard decoder.problem == nil else { return nil }
        lines &+= newLines
        return at
      case ASCII.lessThan:
        return nil
      case ASCII.ampersand:
        let referenceStart = at
        while at < end, bytes[at] != ASCII.semicolon {
          let next = bytes[at]
          if next == quote || next == ASCII.lessThan || next == ASCII.lineFeed
            || at - referenceStart > 16
          {
            return nil
          }
          at &+= 1
        }
        guard at < end else { return nil }
        decoder.appendReference(UnsafeBufferPointer(rebasing: bytes[referenceStart..<at]))
        at &+= 1
      case ASCII.carriageReturn:
        // CR LF and a lone CR become one space; a CR that ends the bytes may have its LF after.
        guard at < end else { return nil }
        if bytes[at] == ASCII.lineFeed {
          at &+= 1
          newLines &+= 1
        }
        decoder.appendLiteral(ASCII.space)
      case ASCII.lineFeed:
        newLines &+= 1
        decoder.appendLiteral(ASCII.space)
      case ASCII.tab:
        decoder.appendLiteral(ASCII.space)
      default:
        decoder.appendLiteral(byte)
      }
    }
    return nil
  }

  /// How many bytes of input a start tag is looked for in at once.
  private static let window = 4096

  /// Reads the rest of a start tag (after its first byte) in one pass over the input's buffer,
  /// and returns whether it closes itself; or returns `nil`, having read nothing, when the tag
  /// needs the byte-by-byte path: it does not end within the bytes read ahead (``window`` of a
  /// regular file; of a pipe, what has come so far, so that no read waits), a kept value has a
  /// problem (an undefined or invalid reference), or anything is malformed (that path then reads
  /// the tag from its start and names the error). Names, kept values and lines come out as that
  /// path gives them.
  private mutating func bufferedStartTag(first: UInt8) -> Bool? {
    input.readAhead(upTo: Self.window)
    // Taken out of `self` for the pass, so that it reads the input's buffer in place.
    var name: [UInt8] = []
    var values: [UInt8] = []
    var slots: [Int] = []
    swap(&name, &tagName)
    swap(&values, &self.values)
    swap(&slots, &self.slots)
    defer {
      swap(&name, &tagName)
      swap(&values, &self.values)
      swap(&slots, &self.slots)
    }
    let keep = self.keep
    let keys = keepKeys
    let read = input.withReadable { bytes in
      Self.startTag(
        first: first, in: bytes, keep: keep, keys: keys, name: &name, values: &values,
        slots: &slots)
    }
    guard let read else { return nil }
    input.consume(read.count, lines: read.lines)
    return read.isSelfClosing
  }

  /// The one-pass reading of ``bufferedStartTag(first:)`` over `bytes`, which follow the tag's
  /// first byte: how many of them the tag took, how many line feeds they hold, and whether the tag
  /// closes itself. `values` and `slots` come in empty; on `nil` they are to be cleared again.
  private static func startTag(
    first: UInt8, in bytes: UnsafeBufferPointer<UInt8>, keep: [[UInt8]], keys: [Int],
    name: inout [UInt8], values: inout [UInt8], slots: inout [Int]
  ) -> (count: Int, lines: Int, isSelfClosing: Bool)? {
    let end = bytes.count
    var at = 0
    var lines = 0
    /// The length of the name rest from `at`, or nil when too long or cut by the window.
    func nameRest() -> Int? {
      var stop = at
      while stop < end, stop - at < maximumNameLength, ASCII.isNameByte(bytes[stop]) {
        stop &+= 1
      }
      guard stop < end, stop - at < maximumNameLength else { return nil }
      return stop - at
    }
    func skipSpace() -> Bool {
      let start = at
      while at < end, ASCII.isSpace(bytes[at]) {
        if bytes[at] == ASCII.lineFeed { lines &+= 1 }
        at &+= 1
      }
      return at > start
    }
    guard let length = nameRest() else { return nil }
    name.removeAll(keepingCapacity: true)
    name.append(first)
    name.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[at..<at + length]))
    at &+= length
    while true {
      let sawSpace = skipSpace()
      guard at < end else { return nil }
      let byte = bytes[at]
      at &+= 1
      if byte == ASCII.greaterThan { return (at, lines, false) }
      if byte == ASCII.slash {
        guard at < end, bytes[at] == ASCII.greaterThan else { return nil }
        return (at + 1, lines, true)
      }
      guard sawSpace, ASCII.isNameStart(byte), let length = nameRest() else { return nil }
      let kept = keptIndex(
        first: byte, rest: UnsafeBufferPointer(rebasing: bytes[at..<at + length]), keep: keep,
        keys: keys)
      at &+= length
      _ = skipSpace()
      guard at < end, bytes[at] == ASCII.equals else { return nil }
      at &+= 1
      _ = skipSpace()
      guard at < end, bytes[at] == ASCII.quote || bytes[at] == ASCII.apostrophe else {
        return nil
      }
      let quote = bytes[at]
      at &+= 1
      if let kept {
        let start = values.count
        guard
          let after = decodeValue(in: bytes, from: at, quote: quote, into: &values, lines: &lines)
        else { return nil }
        if slots[2 * kept] < 0 {  // The first of two attributes of one name is the one read.
          slots[2 * kept] = start
          slots[2 * kept + 1] = values.count
        }
        at = after
      } else {
        while at < end, bytes[at] != quote, bytes[at] != ASCII.lessThan {
          if bytes[at] == ASCII.lineFeed { lines &+= 1 }
          at &+= 1
        }
        guard at < end, bytes[at] == quote else { return nil }
        at &+= 1
      }
    }
  }

  private mutating func attribute(first: UInt8, into tag: inout XMLStartTag) throws(XMLScanError) {
    let line = tag.line
    let length = try Self.nameLength(in: &input, line)
    let kept = input.withReadable {
      keptIndex(first: first, rest: UnsafeBufferPointer(rebasing: $0[..<length]))
    }
    input.consume(length)
    skipSpace()
    guard let equals = input.next() else {
      throw truncation(line, "file ends inside a <\(ASCII.printable(tagName))> tag")
    }
    guard equals == ASCII.equals else {
      throw .malformed(line: line, what: "attribute without a value")
    }
    skipSpace()
    guard let quote = input.next() else {
      throw truncation(line, "file ends inside a <\(ASCII.printable(tagName))> tag")
    }
    guard quote == ASCII.quote || quote == ASCII.apostrophe else {
      throw .malformed(line: line, what: "unquoted attribute value")
    }
    if let kept {
      var decoder = AttributeDecoder()
      swap(&decoder.bytes, &values)
      defer { swap(&decoder.bytes, &values) }
      let start = decoder.bytes.count
      try decodeValue(quote: quote, line: line, from: start, into: &decoder)
      if tag.problem == nil, let problem = decoder.problem { tag.problem = problem }
      if slots[2 * kept] < 0 {  // The first of two attributes of one name is the one read.
        slots[2 * kept] = start
        slots[2 * kept + 1] = decoder.bytes.count
      }
    } else {
      try skipValue(quote: quote, line: line)
    }
  }

  private mutating func skipValue(quote: UInt8, line: Int) throws(XMLScanError) {
    switch input.skip(throughEither: quote, or: ASCII.lessThan) {
    case quote: return
    case nil: throw truncation(line, "file ends inside a <\(ASCII.printable(tagName))> tag")
    default: throw .malformed(line: line, what: "'<' in an attribute value")
    }
  }

  /// Decodes a value into `decoder.bytes` after its first `start` bytes.
  private mutating func decodeValue(
    quote: UInt8, line: Int, from start: Int, into decoder: inout AttributeDecoder
  ) throws(XMLScanError) {
    while true {
      // Plain bytes in one copy, unless a lone high surrogate waits for what follows.
      if !decoder.isAwaitingLowSurrogate {
        guard input.appendRun(to: &decoder.bytes, until: { !Self.isPlain($0, quote: quote) })
        else { break }
        if decoder.bytes.count - start > Self.maximumValueLength {
          try dropLongValue(quote: quote, line: line, from: start, into: &decoder)
          return
        }
      }
      guard let byte = input.next() else { break }
      switch byte {
      case quote:
        decoder.finish()
        return
      case ASCII.lessThan:
        throw .malformed(line: line, what: "'<' in an attribute value")
      case ASCII.ampersand:
        reference.removeAll(keepingCapacity: true)
        while true {
          guard let next = input.next() else {
            throw truncation(line, "file ends inside a <\(ASCII.printable(tagName))> tag")
          }
          if next == ASCII.semicolon { break }
          if next == quote || next == ASCII.lessThan || reference.count > 16 {
            throw .malformed(line: line, what: "unterminated entity reference")
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
      if decoder.bytes.count - start > Self.maximumValueLength {
        try dropLongValue(quote: quote, line: line, from: start, into: &decoder)
        return
      }
    }
    throw truncation(line, "file ends inside a <\(ASCII.printable(tagName))> tag")
  }

  /// A value over the longest kept: dropped, marked, and the rest of it skipped.
  private mutating func dropLongValue(
    quote: UInt8, line: Int, from start: Int, into decoder: inout AttributeDecoder
  ) throws(XMLScanError) {
    decoder.problem = decoder.problem ?? "attribute value too long"
    decoder.bytes.removeSubrange(start...)
    try skipValue(quote: quote, line: line)
  }

  /// Reads a name that began with `first` into `buffer`.
  private static func readName(
    first: UInt8, from input: inout ByteInput, into buffer: inout [UInt8], _ line: Int
  ) throws(XMLScanError) {
    let length = try nameLength(in: &input, line)
    buffer.removeAll(keepingCapacity: true)
    buffer.append(first)
    input.withReadable { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<length])) }
    input.consume(length)
  }

  /// The length of the rest of a name, whose bytes are left unread and in one piece.
  private static func nameLength(in input: inout ByteInput, _ line: Int) throws(XMLScanError) -> Int
  {
    // A name's first byte was read; a rest of maximumNameLength bytes is one byte too many. More
    // input is read only while the name runs to the end of what has been read.
    var length = 0
    while true {
      let (scanned, readable) = input.withReadable { bytes in
        let limit = min(bytes.count, maximumNameLength)
        var at = length
        while at < limit, ASCII.isNameByte(bytes[at]) { at &+= 1 }
        return (at, bytes.count)
      }
      length = scanned
      if length >= maximumNameLength { throw .malformed(line: line, what: "name too long") }
      if length < readable || !input.makeContiguous(atLeast: length + 1) { return length }
    }
  }

  @discardableResult
  private mutating func skipSpace() -> Bool {
    input.skip(while: ASCII.isSpace)
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

  /// Whether a high surrogate's reference waits for a low one, so that the next byte decides.
  var isAwaitingLowSurrogate: Bool { pendingHigh != nil }

  /// The predefined entities' names.
  private enum Entity {
    static let amp = Array("amp".utf8)
    static let lt = Array("lt".utf8)
    static let gt = Array("gt".utf8)
    static let quot = Array("quot".utf8)
    static let apos = Array("apos".utf8)
  }

  /// Decodes the text between `&` and `;`.
  mutating func appendReference(_ reference: some Collection<UInt8>) {
    if reference.elementsEqual(Entity.amp) {
      appendLiteral(ASCII.ampersand)
    } else if reference.elementsEqual(Entity.lt) {
      appendLiteral(ASCII.lessThan)
    } else if reference.elementsEqual(Entity.gt) {
      appendLiteral(ASCII.greaterThan)
    } else if reference.elementsEqual(Entity.quot) {
      appendLiteral(ASCII.quote)
    } else if reference.elementsEqual(Entity.apos) {
      appendLiteral(ASCII.apostrophe)
    } else if reference.first == ASCII.hash,
      let value = Self.characterReference(reference.dropFirst())
    {
      appendScalarValue(value)
    } else {
      flushPendingHigh()
      problem = problem ?? "undefined entity reference"
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
  static func characterReference(_ digits: some Collection<UInt8>) -> UInt32? {
    var digits = digits[...]
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
