import OneTimeCode

/// What otpgrep found in one message, ready to be written.
///
/// ```swift
/// let message = InputMessage(text: "Your code is 482913", line: 1)
/// let record = Record(message: message, file: "sms.txt",
///                     extraction: CodeExtractor().extract(from: message.text))
/// record.extraction?.code  // "482913"
/// ```
public struct Record: Sendable {
  /// The message, with where it came from.
  public var message: InputMessage
  /// The file as named on the command line, `<stdin>`, or `nil` for `-m` messages.
  public var file: String?
  /// The code found, if any.
  public var extraction: Extraction?
  /// Every scored candidate, with `--explain`.
  public var candidates: [ScoredCandidate]?
  /// The code laid out by `--mask`.
  public var formatted: String?

  /// Makes a record.
  ///
  /// ```swift
  /// Record(message: InputMessage(text: "no digits here"), file: nil, extraction: nil)
  /// ```
  public init(
    message: InputMessage, file: String?, extraction: Extraction?,
    candidates: [ScoredCandidate]? = nil, formatted: String? = nil
  ) {
    self.message = message
    self.file = file
    self.extraction = extraction
    self.candidates = candidates
    self.formatted = formatted
  }
}

/// The file a run's records name, with the JSON that every one of its records repeats,
/// escaped once per file instead of once per record.
///
/// ```swift
/// let file = RecordFile("sms.txt")
/// file.name  // "sms.txt"
/// ```
public struct RecordFile: Sendable {
  /// The file as named on the command line, `<stdin>`, or `nil` for `-m` messages.
  public let name: String?
  /// `,"file":"…","line":`, the run between the `origin` (or `formatted`) value and the line.
  let fileAndLine: [UInt8]
  /// The nine fields of a record without a code, then ``fileAndLine``.
  let noCodeThroughLine: [UInt8]

  /// The record file for `name`.
  ///
  /// ```swift
  /// RecordFile(nil).name  // nil: a `-m` message
  /// ```
  public init(_ name: String?) {
    self.name = name
    var fragment: [UInt8] = []
    JSONOutput.appendRaw(#","file":"#, to: &fragment)
    JSONOutput.appendString(name, to: &fragment)
    JSONOutput.appendRaw(#","line":"#, to: &fragment)
    fileAndLine = fragment
    var noCode: [UInt8] = []
    JSONOutput.appendRaw(RecordWriter.noCode, to: &noCode)
    noCodeThroughLine = noCode + fragment
  }
}

/// Writes records in one of the output formats.
///
/// JSON Lines keys, always in this order (see docs/CLI.md): `code`, `match`, `start`, `end`,
/// `confidence`, `kind`, `service`, `expires_in`, `origin`, then `formatted` (with `--mask`),
/// `file`, `line` (the row id for a database), `id`, `sender`, `date`, then `candidates` (with `--explain`) and `error`
/// (only on a record that could not be read).
///
/// ```swift
/// var out: [UInt8] = []
/// RecordWriter(format: .code).write(record, to: &out)  // "482913\n"
/// ```
public struct RecordWriter: Sendable {
  /// The output format.
  public var format: OutputFormat

  /// A writer for `format`.
  ///
  /// ```swift
  /// RecordWriter(format: .tsv)
  /// ```
  public init(format: OutputFormat) { self.format = format }

  /// Appends `record`; `json` records start with `,\n`, whose comma the caller drops for the
  /// first record of the array.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// RecordWriter(format: .jsonLines).write(record, to: &out)  // {"code":"482913",...}\n
  /// ```
  public func write(_ record: Record, to out: inout [UInt8]) {
    write(
      message: record.message, file: RecordFile(record.file), extraction: record.extraction,
      candidates: record.candidates, formatted: record.formatted, to: &out)
  }

  /// The found code's fields as the writer reads them.
  private static func found(_ e: Extraction?) -> UTF8Extraction? {
    guard let e else { return nil }
    return UTF8Extraction(
      code: e.code, utf8Offsets: e.utf8Offsets, scalarOffsets: e.scalarOffsets,
      confidence: e.confidence, kind: e.kind, service: e.service, expiresIn: e.expiresIn,
      origin: e.origin)
  }

  /// Appends the record of `message` from its parts, without building a ``Record``: the
  /// path every message of a run takes.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// RecordWriter(format: .code).write(
  ///   message: InputMessage(text: "PIN 1234"), file: nil, extraction: nil, candidates: nil,
  ///   formatted: nil, to: &out)  // nothing: no code
  /// ```
  public func write(
    message: borrowing InputMessage, file: String?, extraction: Extraction?,
    candidates: [ScoredCandidate]?, formatted: String?, to out: inout [UInt8]
  ) {
    write(
      message: message, file: RecordFile(file), extraction: extraction, candidates: candidates,
      formatted: formatted, to: &out)
  }

  /// Appends the record of `message` from its parts, with the file's JSON escaped once for
  /// the whole run (see ``RecordFile``).
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// let file = RecordFile("sms.txt")
  /// RecordWriter(format: .jsonLines).write(
  ///   message: InputMessage(text: "PIN 1234", line: 1), file: file, extraction: nil,
  ///   candidates: nil, formatted: nil, to: &out)  // {"code":null,...,"file":"sms.txt",...}
  /// ```
  public func write(
    message: borrowing InputMessage, file: RecordFile, extraction: Extraction?,
    candidates: [ScoredCandidate]?, formatted: String?, to out: inout [UInt8]
  ) {
    var text = message.text
    text.withUTF8 { utf8 in
      write(
        message: message, text: utf8, file: file, extraction: RecordWriter.found(extraction),
        candidates: candidates, formatted: formatted, to: &out)
    }
  }

  /// Appends the record of the message whose text is `text` (well-formed UTF-8) and whose
  /// other fields are `message`'s, with the code found in those bytes: the path of every
  /// message of a run, which makes no `String` of the text.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// let bytes = Array("PIN 1234".utf8)
  /// let found = try CodeExtractor().extract(utf8: bytes.span)
  /// bytes.withUnsafeBufferPointer { text in
  ///   RecordWriter(format: .tsv).write(
  ///     message: InputMessage(text: "", line: 1), text: text, file: RecordFile("sms.txt"),
  ///     extraction: found, candidates: nil, formatted: nil, to: &out)
  /// }  // "sms.txt\t1\t\t1234\t0.881\t4\t8\t1234\n"
  /// ```
  public func write(
    message: borrowing InputMessage, text: UnsafeBufferPointer<UInt8>, file: RecordFile,
    extraction: consuming UTF8Extraction?, candidates: [ScoredCandidate]?, formatted: String?,
    to out: inout [UInt8]
  ) {
    let finding: Finding =
      switch consume extraction {
      case .some(let e): .extraction(e)
      case .none: .none
      }
    write(
      message: message, text: text, file: file, finding: finding, candidates: candidates,
      formatted: formatted, to: &out)
  }

  /// Appends the record of the message whose text is `text` (well-formed UTF-8) and whose
  /// other fields are `message`'s, with what the extractor found in those bytes
  /// (``CodeExtractor/find(utf8:hints:reusing:)``): a code held as spans of `text` is written
  /// from them, with no `String` made.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// var workspace = ExtractionWorkspace()
  /// let bytes = Array("PIN 1234".utf8)
  /// bytes.withUnsafeBufferPointer { text in
  ///   let finding = (try? CodeExtractor().find(utf8: text, reusing: &workspace)) ?? .none
  ///   RecordWriter(format: .code).write(
  ///     message: InputMessage(text: "", line: 1), text: text, file: RecordFile("sms.txt"),
  ///     finding: finding, candidates: nil, formatted: nil, to: &out)
  /// }  // "1234\n"
  /// ```
  package func write(
    message: borrowing InputMessage, text: UnsafeBufferPointer<UInt8>, file: RecordFile,
    finding: consuming Finding, candidates: [ScoredCandidate]?, formatted: String?,
    to out: inout [UInt8]
  ) {
    switch format {
    case .jsonLines:
      writeJSON(message, text, file, finding, candidates, formatted, newline: true, to: &out)
    case .json:
      out.append(contentsOf: [0x2C, 0x0A])
      writeJSON(message, text, file, finding, candidates, formatted, newline: false, to: &out)
    case .code:
      guard let code = formatted ?? finding.code else { return }
      out.append(contentsOf: code.utf8)
      out.append(0x0A)
    case .tsv:
      writeTSV(message, text, file.name, finding.extraction(in: text), to: &out)
    }
  }

  /// A confidence rounded to four decimals, as written.
  ///
  /// ```swift
  /// RecordWriter.rounded(0.973_456)  // 0.9735
  /// ```
  public static func rounded(_ confidence: Double) -> Double {
    Rounding.halfAwayFromZero(confidence * 10_000) / 10_000
  }

  /// The first nine fields of a record without a code.
  static let noCode: StaticString =
    #"{"code":null,"match":null,"start":null,"end":null,"confidence":null,"kind":null,"service":null,"expires_in":null,"origin":null"#

  /// The JSON record. The finding is taken, not borrowed: its payload is bound by moving
  /// it out, where a borrowed optional extraction was copied (and the copy destroyed)
  /// through the runtime's generic value witnesses, some 280 instructions per record with a
  /// code.
  private func writeJSON(
    _ message: borrowing InputMessage, _ text: UnsafeBufferPointer<UInt8>, _ file: RecordFile,
    _ finding: consuming Finding, _ candidates: [ScoredCandidate]?,
    _ formatted: String?, newline: Bool, to out: inout [UInt8]
  ) {
    let line = message.line ?? message.row.map { Int($0) }
    // Most records: no id, sender, date, candidates, error or mask. Their end after the file
    // is a constant, and the rest is written straight from what was found, without the
    // general path's closure and the strings it captures (some 140 instructions a record).
    let plain =
      formatted == nil && message.id == nil && message.sender == nil && message.date == nil
      && candidates == nil && message.error == nil
    switch consume finding {
    case .code(let found):
      guard plain else {
        writeRecord(
          message, text, file, line, codeBound: RecordWriter.foundBound(found, text), candidates,
          formatted, newline: newline, to: &out
        ) { RecordWriter.writeFound(found, text, to: &$0) }
        return
      }
      RecordWriter.writePlainRecord(found, text, file, line, newline: newline, to: &out)
    case .extraction(let e):
      writeRecord(
        message, text, file, line, codeBound: RecordWriter.foundBound(e, text), candidates,
        formatted, newline: newline, to: &out
      ) { RecordWriter.writeFound(e, text, to: &$0) }
    case .none:
      guard plain else {
        writeRecord(
          message, text, file, line, codeBound: RecordWriter.noCode.utf8CodeUnitCount,
          candidates, formatted, newline: newline, to: &out
        ) { $0.raw(RecordWriter.noCode) }
        return
      }
      // The nine fields and the file are one run per file, then the line, then the tail,
      // written into scratch memory and appended in one piece (three appends to the array
      // cost a check of its storage and a copy each).
      file.noCodeThroughLine.withUnsafeBufferPointer { head in
        JSONOutput.append(upTo: head.count + RecordWriter.plainEndBound, to: &out) { out in
          RecordWriter.writePlainEnd(head, line, newline: newline, to: &out)
        }
      }
    }
  }

  /// The record of a plain message (no id, sender, date or error) with a code held as spans of
  /// its text, without `--mask` or `--explain`.
  private static func writePlainRecord(
    _ found: FoundCode, _ text: UnsafeBufferPointer<UInt8>, _ file: RecordFile, _ line: Int?,
    newline: Bool, to out: inout [UInt8]
  ) {
    file.fileAndLine.withUnsafeBufferPointer { fileAndLine in
      let bound =
        RecordWriter.foundBound(found, text) + fileAndLine.count + RecordWriter.plainEndBound
      JSONOutput.append(upTo: bound, to: &out) { out in
        RecordWriter.writeFound(found, text, to: &out)
        RecordWriter.writePlainEnd(fileAndLine, line, newline: newline, to: &out)
      }
    }
  }

  /// Appends, in JSON Lines, the record of the line numbered `line` whose text is `text` and
  /// whose code `found` holds as spans of it, a plain message: the bytes that
  /// ``write(message:text:file:finding:candidates:formatted:to:)`` writes for it, without a
  /// message made to say its line.
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// var workspace = ExtractionWorkspace()
  /// let bytes = Array("PIN 1234".utf8)
  /// bytes.withUnsafeBufferPointer { text in
  ///   if case .code(let found) = try? CodeExtractor().find(utf8: text, reusing: &workspace) {
  ///     RecordWriter(format: .jsonLines).writeRecord(
  ///       found, text: text, line: 7, file: RecordFile("sms.txt"), to: &out)
  ///   }
  /// }  // {"code":"1234",...,"line":7,...}\n
  /// ```
  package func writeRecord(
    _ found: FoundCode, text: UnsafeBufferPointer<UInt8>, line: Int, file: RecordFile,
    to out: inout [UInt8]
  ) {
    precondition(format == .jsonLines)
    RecordWriter.writePlainRecord(found, text, file, line, newline: true, to: &out)
  }

  /// Writes `head` (what ends with `"line":`), the line, and the constant end of a plain
  /// record: `,"id":null,"sender":null,"date":null}`, and the newline with `newline`.
  @inline(__always)
  private static func writePlainEnd(
    _ head: UnsafeBufferPointer<UInt8>, _ line: Int?, newline: Bool,
    to out: inout JSONOutput.Cursor
  ) {
    out.raw(head)
    out.integer(line)
    if newline {
      out.raw(#","id":null,"sender":null,"date":null}\#n"#)
    } else {
      out.raw(#","id":null,"sender":null,"date":null}"#)
    }
  }

  /// The most bytes ``writePlainEnd(_:_:newline:to:)`` writes after its head.
  private static var plainEndBound: Int { JSONOutput.integerBound + 48 }

  /// Appends, in JSON Lines, the records of the lines numbered `lines` (consecutive, from 1
  /// up), none of which has a code and each a plain message (no id, sender, date or error):
  /// the bytes that ``write(message:text:file:finding:candidates:formatted:to:)`` writes for
  /// each, in one piece. The line's number goes up by one from record to record, so it is
  /// kept as text and has one added to its last digit (a number written from its value takes a
  /// division for each pair of its digits, and a jump on how many it has).
  ///
  /// ```swift
  /// var out: [UInt8] = []
  /// RecordWriter(format: .jsonLines).writeRecordsWithoutCode(
  ///   lines: 9..<11, file: RecordFile("sms.txt"), to: &out)
  /// // {"code":null,...,"file":"sms.txt","line":9,...}\n{...,"line":10,...}\n
  /// ```
  package func writeRecordsWithoutCode(
    lines: Range<Int>, file: RecordFile, to out: inout [UInt8]
  ) {
    precondition(format == .jsonLines && lines.lowerBound >= 1)
    guard !lines.isEmpty else { return }
    let tail: StaticString = #","id":null,"sender":null,"date":null}\#n"#
    // Sixteen digits at most here (more, written from their values, one by one below).
    let counted = lines.upperBound - 1 < 10_000_000_000_000_000
    file.noCodeThroughLine.withUnsafeBufferPointer { head in
      let each = head.count + 16 + tail.utf8CodeUnitCount
      JSONOutput.append(
        upTo: lines.count * max(each, head.count + RecordWriter.plainEndBound), to: &out
      ) { out in
        guard counted else {
          for line in lines { RecordWriter.writePlainEnd(head, line, newline: true, to: &out) }
          return
        }
        // The number's digits, from the first, in the sixteen bytes of `digits`.
        var digits: (UInt64, UInt64) = (0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { bytes in
          var scratch = JSONOutput.Cursor(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
          scratch.integer(lines.lowerBound)
          count = scratch.position - bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        }
        for _ in lines {
          out.raw(head)
          out.words(digits, count: count)
          out.raw(tail)
          withUnsafeMutableBytes(of: &digits) { bytes in
            var k = count - 1
            while k >= 0 && bytes[k] == 0x39 {
              bytes[k] = 0x30
              k -= 1
            }
            if k >= 0 {
              bytes[k] += 1
            } else {
              // 9…9 to 10…0.
              bytes[0] = 0x31
              bytes[count] = 0x30
              count += 1
            }
          }
        }
      }
    }
  }

  /// A record other than the plain one without a code, written through a cursor into scratch
  /// memory and appended in one piece (an append to the array for each of its twenty-odd
  /// pieces cost more than the rest of writing it): `writeCode` writes the fields from `code`
  /// to `origin`, at most `codeBound` bytes.
  private func writeRecord(
    _ message: borrowing InputMessage, _ text: UnsafeBufferPointer<UInt8>, _ file: RecordFile,
    _ line: Int?, codeBound: Int, _ candidates: [ScoredCandidate]?, _ formatted: String?,
    newline: Bool, to out: inout [UInt8], writeCode: (inout JSONOutput.Cursor) -> Void
  ) {
    let tail =
      message.id == nil && message.sender == nil && message.date == nil
      ? nil : (message.id, message.sender, message.date)
    let error = message.error
    var bound =
      64 + 160 + codeBound + JSONOutput.stringBound(formatted) + JSONOutput.integerBound
      + file.fileAndLine.count
    if let (id, sender, date) = tail {
      bound +=
        JSONOutput.stringBound(id) + JSONOutput.stringBound(sender) + JSONOutput.stringBound(date)
    }
    if let candidates {
      bound += 32
      for c in candidates { bound += RecordWriter.candidateBound(c, text) }
    }
    if let error { bound += 16 + JSONOutput.stringBound(error) }
    // The file's fragment is read through its buffer outside the cursor's closure: captured,
    // the record file was copied and its arrays retained, which every worker thread shares.
    file.fileAndLine.withUnsafeBufferPointer { fileAndLine in
      JSONOutput.append(upTo: bound, to: &out) { out in
        writeCode(&out)
        if let formatted {
          out.raw(#","formatted":"#)
          out.string(formatted)
        }
        out.raw(fileAndLine)
        out.integer(line)
        if let (id, sender, date) = tail {
          out.raw(#","id":"#)
          out.string(id)
          out.raw(#","sender":"#)
          out.string(sender)
          out.raw(#","date":"#)
          out.string(date)
        } else {
          out.raw(#","id":null,"sender":null,"date":null"#)
        }
        if let candidates {
          out.raw(#","candidates":["#)
          for (n, c) in candidates.enumerated() {
            if n > 0 { out.byte(0x2C) }
            writeCandidate(c, in: text, to: &out)
          }
          out.byte(0x5D)
        }
        if let error {
          out.raw(#","error":"#)
          out.string(error)
        }
        out.byte(0x7D)
        if newline { out.byte(0x0A) }
      }
    }
  }

  /// The most bytes ``writeFound(_:_:to:)`` writes for an extraction.
  private static func foundBound(_ e: borrowing UTF8Extraction, _ text: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    RecordWriter.spanBound(code: e.code.utf8.count, utf8: e.utf8Offsets, in: text)
      + RecordWriter.fieldsBound(service: JSONOutput.stringBound(e.service))
      + JSONOutput.stringBound(e.origin?.domain)
      + JSONOutput.stringBound(e.origin?.embeddedDomain)
  }

  /// The most bytes ``writeFound(_:_:to:)`` writes for a code held as spans of `text` (its
  /// code's sixteen bytes stored whole).
  private static func foundBound(_ found: FoundCode, _ text: UnsafeBufferPointer<UInt8>) -> Int {
    RecordWriter.spanBound(code: FoundCode.capacity, utf8: found.utf8Offsets, in: text)
      + RecordWriter.fieldsBound(
        service: JSONOutput.stringBound(found.service.map { slice(text, $0).count } ?? 0))
      + RecordWriter.noOrigin.utf8CodeUnitCount
  }

  /// The end of the fields of a code held as spans, which is never origin-bound.
  private static var noOrigin: StaticString { #","origin":null"# }

  /// The fields from `code` to `origin` of an extraction.
  private static func writeFound(
    _ e: borrowing UTF8Extraction, _ text: UnsafeBufferPointer<UInt8>,
    to out: inout JSONOutput.Cursor
  ) {
    out.raw(#"{"code":"#)
    out.string(e.code)
    RecordWriter.writeMatch(utf8: e.utf8Offsets, scalars: e.scalarOffsets, in: text, to: &out)
    if var service = e.service {
      service.withUTF8 {
        writeFields(e.confidence, e.kind, service: $0, e.expiresIn, to: &out)
      }
    } else {
      writeFields(e.confidence, e.kind, service: nil, e.expiresIn, to: &out)
    }
    out.raw(#","origin":"#)
    if let origin = e.origin {
      out.raw(#"{"domain":"#)
      out.string(origin.domain)
      out.raw(#","embedded":"#)
      out.string(origin.embeddedDomain)
      out.byte(0x7D)
    } else {
      out.raw("null")
    }
  }

  /// The fields from `code` to `origin` of a code held as spans of `text`: its code's bytes
  /// and its service's written from where they are.
  private static func writeFound(
    _ found: FoundCode, _ text: UnsafeBufferPointer<UInt8>, to out: inout JSONOutput.Cursor
  ) {
    out.raw(#"{"code":""#)
    // Letters and digits, which JSON does not escape: the sixteen bytes stored whole.
    found.withCodeWords { out.words($0, count: $1) }
    out.byte(0x22)
    RecordWriter.writeMatch(
      utf8: found.utf8Offsets, scalars: found.scalarOffsets, in: text, to: &out)
    writeFields(
      found.confidence, found.kind, service: found.service.map { slice(text, $0) },
      found.expiresIn, to: &out)
    out.raw(RecordWriter.noOrigin)
  }

  /// `,"confidence":…,"kind":…,"service":…,"expires_in":…`, with the service's UTF-8.
  private static func writeFields(
    _ confidence: Double, _ kind: CodeKind, service: UnsafeBufferPointer<UInt8>?,
    _ expiresIn: Int?, to out: inout JSONOutput.Cursor
  ) {
    out.raw(#","confidence":"#)
    out.fourDecimals(rounding: confidence)
    out.raw(#","kind":"#)
    out.raw(RecordWriter.quoted(kind))
    out.raw(#","service":"#)
    if let service { out.string(utf8: service) } else { out.raw("null") }
    out.raw(#","expires_in":"#)
    out.integer(expiresIn)
  }

  /// The most bytes ``writeFields(_:_:service:_:to:)`` writes, for a service of at most
  /// `service` bytes written.
  private static func fieldsBound(service: Int) -> Int {
    64 + JSONOutput.integerBound + JSONOutput.numberBound + RecordWriter.kindBound + service
  }

  /// A code's kind as a JSON string, written as it is: its raw value made a `String` and
  /// escaped a byte at a time cost some 100 instructions a record.
  private static func quoted(_ kind: CodeKind) -> StaticString {
    switch kind {
    case .numeric: #""numeric""#
    case .alphanumeric: #""alphanumeric""#
    }
  }

  /// The most bytes ``quoted(_:)`` gives.
  private static var kindBound: Int { 14 }

  /// `,"match":…,"start":…,"end":…`: what follows the code of a record with a code and of a
  /// candidate.
  private static func writeMatch(
    utf8: Range<Int>, scalars: Range<Int>, in text: UnsafeBufferPointer<UInt8>,
    to out: inout JSONOutput.Cursor
  ) {
    out.raw(#","match":"#)
    out.string(utf8: slice(text, utf8))
    out.raw(#","start":"#)
    out.integer(scalars.lowerBound)
    out.raw(#","end":"#)
    out.integer(scalars.upperBound)
  }

  /// The most bytes `{"code":` and a code of `code` bytes written, then
  /// ``writeMatch(utf8:scalars:in:to:)``, write.
  private static func spanBound(code: Int, utf8: Range<Int>, in text: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    40 + JSONOutput.stringBound(code) + JSONOutput.stringBound(slice(text, utf8).count)
      + 2 * JSONOutput.integerBound
  }

  /// The bytes of `text` in `span`, clamped to it.
  private static func slice(_ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>)
    -> UnsafeBufferPointer<UInt8>
  {
    UnsafeBufferPointer(rebasing: text[span.clamped(to: 0..<text.count)])
  }

  /// The most bytes ``writeCandidate(_:in:to:)`` writes, with the comma before it.
  private static func candidateBound(_ c: ScoredCandidate, _ text: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    var bound =
      128 + RecordWriter.spanBound(code: c.code.utf8.count, utf8: c.utf8Offsets, in: text)
      + RecordWriter.kindBound + 2 * JSONOutput.numberBound
    for reason in c.reasons {
      bound += 32 + JSONOutput.stringBound(reason.feature) + JSONOutput.numberBound
    }
    return bound
  }

  private func writeCandidate(
    _ c: ScoredCandidate, in text: UnsafeBufferPointer<UInt8>, to out: inout JSONOutput.Cursor
  ) {
    out.raw(#"{"code":"#)
    out.string(c.code)
    RecordWriter.writeMatch(utf8: c.utf8Offsets, scalars: c.scalarOffsets, in: text, to: &out)
    out.raw(#","kind":"#)
    out.raw(RecordWriter.quoted(c.kind))
    out.raw(#","score":"#)
    out.number(RecordWriter.rounded(c.score))
    out.raw(#","confidence":"#)
    out.number(RecordWriter.rounded(c.confidence))
    out.raw(#","reasons":["#)
    for (n, reason) in c.reasons.enumerated() {
      if n > 0 { out.byte(0x2C) }
      out.raw(#"{"feature":"#)
      out.string(reason.feature)
      out.raw(#","weight":"#)
      out.number(RecordWriter.rounded(reason.weight))
      out.byte(0x7D)
    }
    out.raw("]}")
  }

  /// Columns: file, line, id, code, confidence, start, end, match; empty for null, with `\\`,
  /// `\t`, `\n`, `\r` escaped.
  private func writeTSV(
    _ message: borrowing InputMessage, _ text: UnsafeBufferPointer<UInt8>, _ file: String?,
    _ e: UTF8Extraction?, to out: inout [UInt8]
  ) {
    let fields: [String?] = [
      file, (message.line.map(String.init) ?? message.row.map(String.init)),
      message.id,
      e?.code, e.map { String(RecordWriter.rounded($0.confidence)) },
      e.map { String($0.scalarOffsets.lowerBound) }, e.map { String($0.scalarOffsets.upperBound) },
      e.map { String(decoding: RecordWriter.slice(text, $0.utf8Offsets), as: UTF8.self) },
    ]
    for (n, field) in fields.enumerated() {
      if n > 0 { out.append(0x09) }
      guard let field else { continue }
      for b in field.utf8 {
        switch b {
        case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
        case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        default: out.append(b)
        }
      }
    }
    out.append(0x0A)
  }
}
