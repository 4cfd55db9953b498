/// Reads an SMS Backup & Restore XML dump, streaming, in constant memory.
///
/// The file is `<smses count="…">` holding `<sms address date type body …/>` elements and
/// `<mms address date msg_box …>` elements whose `<part ct="text/plain" text="…"/>` children
/// carry the text (several text parts are joined with a newline; an MMS without text is skipped).
/// `date` is milliseconds since 1970; `type` (SMS) and `msg_box` (MMS) 1 is incoming, others are
/// outgoing; an MMS's sender is its `<addr type="137">`, else its `address`. An `address` of
/// `null` (as the app writes for unknown senders) is no sender.
///
/// A record with a bad entity reference or attribute gives an error for that record and reading
/// goes on. A DTD (`<!DOCTYPE`), an entity declaration, a file cut short, or broken markup ends
/// the reading with an error naming the line; every complete message before it has been returned.
///
/// ```swift
/// let reader = try SMSBackupReader(path: "sms-20260312.xml")
/// while let result = reader.next() {
///   if case .success(let message) = result { print(message.sender ?? "?", message.text) }
/// }
/// ```
public final class SMSBackupReader: MessageReader {
  /// The path the reader was opened with, as it appears in origins and errors.
  public let path: String
  /// The format read: `xml`.
  public var format: DumpFormat { .xml }

  private var scanner: XMLScanner
  private var openElements: [[UInt8]] = []
  private var mms: PendingMMS?
  private var isFinished = false
  private var sawRoot = false

  /// What is known of an `<mms>` until its end tag.
  private struct PendingMMS {
    var message: Message
    var texts: [String] = []
    var problem: String?
  }

  private enum Name {
    static let smses = Array("smses".utf8)
    static let sms = Array("sms".utf8)
    static let mms = Array("mms".utf8)
    static let part = Array("part".utf8)
    static let addr = Array("addr".utf8)
    static let parts = Array("parts".utf8)
    static let addrs = Array("addrs".utf8)
    /// The elements that are pushed as these arrays rather than copies of the scanner's name.
    static let known = [smses, sms, mms, part, addr, parts, addrs]
  }

  /// The attributes kept, in the order of ``kept``.
  private enum Kept: Int {
    case address, date, type, body, id, msgBox, ct, text
  }

  private static let kept = ["address", "date", "type", "body", "_id", "msg_box", "ct", "text"]
    .map { Array($0.utf8) }

  private static let null = Array("null".utf8)
  private static let fromAddressType = Array("137".utf8)

  /// The deepest nesting accepted.
  private static let maximumDepth = 64

  /// Opens the dump at `path`.
  ///
  /// ```swift
  /// let reader = try SMSBackupReader(path: "backup.xml")  // throws .cannotOpen if missing
  /// ```
  public init(path: String) throws(SourceError) {
    self.path = path
    self.scanner = XMLScanner(input: try ByteInput(path: path), keeping: Self.kept)
  }

  /// Reads a dump held in memory; `path` names it in origins and errors.
  ///
  /// ```swift
  /// let xml = #"<smses count="1"><sms address="Bank" date="0" type="1" body="Code 1234"/></smses>"#
  /// let reader = SMSBackupReader(bytes: Array(xml.utf8), path: "inline.xml")
  /// print(try reader.next()!.get().text)  // "Code 1234"
  /// ```
  public init(bytes: [UInt8], path: String) {
    self.path = path
    self.scanner = XMLScanner(input: ByteInput(bytes: bytes, path: path), keeping: Self.kept)
  }

  /// The next message, an error for a bad record, or `nil` at the end.
  public func next() -> Result<Message, SourceError>? {
    guard !isFinished else { return nil }
    do {
      while true {
        switch try scanner.next() {
        case .start(let tag):
          if let result = try start(tag) { return result }
        case .end(let line):
          if let result = try end(line) { return result }
        case .endOfInput:
          isFinished = true
          return try endOfInput()
        }
      }
    } catch {
      isFinished = true
      return .failure(sourceError(error))
    }
  }

  private func origin(_ line: Int) -> Origin { Origin(file: path, position: .line(line)) }

  private func sourceError(_ error: XMLScanError) -> SourceError {
    switch error {
    case .forbiddenDTD(let line): .forbiddenDTD(origin(line))
    case .truncated(let line, let what):
      // Name the record the file was cut in when there is one.
      if let mms {
        .truncated(mms.message.origin!, "file ends inside an <mms> element")
      } else {
        .truncated(origin(line), what)
      }
    case .malformed(let line, let what): .malformed(origin(line), what)
    case .readFailed(let code): .readFailed(file: path, errno: code)
    }
  }

  private func attribute(_ kept: Kept) -> ArraySlice<UInt8>? {
    scanner.attribute(kept.rawValue)
  }

  private func start(_ tag: XMLStartTag) throws(XMLScanError) -> Result<Message, SourceError>? {
    let parent = openElements.last
    let name = scanner.tagName
    if !tag.isSelfClosing {
      guard openElements.count < Self.maximumDepth else {
        throw .malformed(line: tag.line, what: "elements nested too deeply")
      }
      // A known name is pushed as its constant, so the scanner's buffer stays its own.
      openElements.append(Name.known.first { $0 == name } ?? name)
    }
    guard let parent else {
      guard !sawRoot else {
        throw .malformed(line: tag.line, what: "content after the root element")
      }
      sawRoot = true
      guard name == Name.smses else {
        throw .malformed(
          line: tag.line, what: "root element is <\(ASCII.printable(name))>, not <smses>")
      }
      return nil
    }
    if parent == Name.smses, name == Name.sms {
      if let problem = tag.problem { return .failure(.malformed(origin(tag.line), problem)) }
      return .success(message(line: tag.line, directionAttribute: .type))
    }
    if parent == Name.smses, name == Name.mms {
      mms = PendingMMS(message: message(line: tag.line, directionAttribute: .msgBox))
      mms?.problem = tag.problem
      if tag.isSelfClosing { return finishMMS() }
      return nil
    }
    guard mms != nil else { return nil }
    if tag.problem != nil, mms?.problem == nil { mms?.problem = tag.problem }
    if name == Name.part, let type = attribute(.ct), Self.isPlainText(type),
      let text = attribute(.text)
    {
      mms?.texts.append(String(decoding: text, as: UTF8.self))
    } else if name == Name.addr, attribute(.type)?.elementsEqual(Self.fromAddressType) == true,
      let address = attribute(.address).flatMap(Self.address)
    {
      mms?.message.sender = address
    }
    return nil
  }

  private func end(_ line: Int) throws(XMLScanError) -> Result<Message, SourceError>? {
    let name = scanner.tagName
    guard let open = openElements.popLast() else {
      throw .malformed(line: line, what: "end tag </\(ASCII.printable(name))> with no start tag")
    }
    guard open == name else {
      throw .malformed(
        line: line,
        what: "end tag </\(ASCII.printable(name))> does not match <\(ASCII.printable(open))>")
    }
    if name == Name.mms, openElements.count == 1 { return finishMMS() }
    return nil
  }

  private func endOfInput() throws(XMLScanError) -> Result<Message, SourceError>? {
    guard sawRoot else { throw .truncated(line: scanner.line, what: "no <smses> element") }
    guard let open = openElements.last else { return nil }
    throw .truncated(line: scanner.line, what: "file ends before </\(ASCII.printable(open))>")
  }

  private func finishMMS() -> Result<Message, SourceError>? {
    guard var pending = mms else { return nil }
    mms = nil
    if let problem = pending.problem {
      return .failure(.malformed(pending.message.origin!, problem))
    }
    guard !pending.texts.isEmpty else { return nil }  // No text (a picture): read on.
    pending.message.text = pending.texts.joined(separator: "\n")
    return .success(pending.message)
  }

  private func message(line: Int, directionAttribute: Kept) -> Message {
    var message = Message(text: "", origin: origin(line))
    if let body = attribute(.body) { message.text = String(decoding: body, as: UTF8.self) }
    message.sender = attribute(.address).flatMap(Self.address)
    message.id = attribute(.id).map { String(decoding: $0, as: UTF8.self) }
    message.date = attribute(.date).flatMap(Self.integer)
    if let kind = attribute(directionAttribute).flatMap(Self.integer) {
      message.direction = kind == 1 ? .incoming : .outgoing
    }
    return message
  }

  private static func address(_ bytes: ArraySlice<UInt8>) -> String? {
    bytes.isEmpty || bytes.elementsEqual(null) ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// The value of ASCII digits with an optional sign, as `Int64("...")` reads them: `nil` when
  /// empty, not a number, or out of range.
  static func integer(_ bytes: ArraySlice<UInt8>) -> Int64? {
    var digits = bytes[...]
    let negative = digits.first == ASCII.hyphen
    if negative || digits.first == ASCII.plus { digits = digits.dropFirst() }
    guard !digits.isEmpty else { return nil }
    var magnitude: UInt64 = 0
    for byte in digits {
      guard ASCII.isDigit(byte) else { return nil }
      let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times10.addingReportingOverflow(UInt64(byte &- 0x30))
      guard !overflow, !carry else { return nil }
      magnitude = sum
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  /// `text/plain`, in any case, with or without parameters.
  private static func isPlainText(_ type: ArraySlice<UInt8>) -> Bool {
    let plain = Array("text/plain".utf8)
    guard type.count >= plain.count else { return false }
    for (byte, expected) in zip(type, plain) where ASCII.lowercased(byte) != expected {
      return false
    }
    guard type.count > plain.count else { return true }
    let next = type[type.startIndex + plain.count]
    return next == ASCII.semicolon || ASCII.isSpace(next)
  }
}
