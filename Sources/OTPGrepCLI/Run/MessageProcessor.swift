import MessageSources
import OneTimeCode

/// Counts kept during a run, summed over threads.
///
/// ```swift
/// var tally = Tally()
/// tally.found += 1
/// ```
public struct Tally: Sendable, Equatable {
  /// Messages processed (records written or dropped by `--only-found`).
  public var messages = 0
  /// Messages with a code.
  public var found = 0
  /// Records that could not be read, and files that could not be opened or read.
  public var errors = 0
  /// Messages whose invalid UTF-8 was replaced (per file, reset after its warning).
  public var repairedUTF8 = 0

  /// Creates an empty tally.
  public init() {}

  /// Adds another tally.
  ///
  /// ```swift
  /// var a = Tally(); a.add(Tally())
  /// ```
  public mutating func add(_ other: Tally) {
    messages += other.messages
    found += other.found
    errors += other.errors
    repairedUTF8 += other.repairedUTF8
  }
}

/// Extracts the code of one message and writes its record and diagnostics; shared by the
/// sequential and the parallel runs, so both write the same bytes.
///
/// ```swift
/// let processor = MessageProcessor(configuration: config)
/// var out: [UInt8] = [], diagnostics: [UInt8] = [], tally = Tally()
/// processor.process(InputMessage(text: "Your code is 482913", line: 1), file: "<stdin>",
///                   into: &out, diagnostics: &diagnostics, tally: &tally)
/// tally.found  // 1
/// ```
public struct MessageProcessor: Sendable {
  private let extractor = CodeExtractor()
  private let hints: ExtractionHints
  private let writer: RecordWriter
  private let explain: Bool
  private let onlyFound: Bool
  private let quiet: Bool
  private let maximumMessageBytes: Int
  private let filter: MessageFilter
  private let mask: (@Sendable (String) -> String)?

  /// A processor for the options in `configuration`.
  ///
  /// ```swift
  /// MessageProcessor(configuration: try Configuration(arguments: ["--explain"], environment: [:]))
  /// ```
  public init(configuration: Configuration) {
    hints = configuration.hints
    writer = RecordWriter(format: configuration.outputFormat)
    explain = configuration.explain
    onlyFound = configuration.onlyFound
    quiet = configuration.quiet
    maximumMessageBytes = configuration.maximumMessageBytes
    filter = configuration.filter
    mask = configuration.mask.map(MessageProcessor.makeMask)
  }

  /// Processes `message` from `file` (`nil` for `-m`), appending its record to `out` and any
  /// error or warning line to `diagnostics`. A message that `--since`, `--until` or `--sender`
  /// rejects is skipped: no record, not counted (a record with an error is never skipped).
  public func process(
    _ message: InputMessage, file: String?, into out: inout [UInt8], diagnostics: inout [UInt8],
    tally: inout Tally
  ) {
    var workspace = ExtractionWorkspace()
    process(
      message, file: RecordFile(file), into: &out, diagnostics: &diagnostics, tally: &tally,
      reusing: &workspace)
  }

  /// Processes `message` as ``process(_:file:into:diagnostics:tally:)`` does, with the file's
  /// JSON escaped once for all its messages and the extractor's memory kept in `workspace` from
  /// one message to the next (one per thread).
  ///
  /// ```swift
  /// var workspace = ExtractionWorkspace()
  /// processor.process(InputMessage(text: "PIN 1234", line: 1), file: RecordFile("sms.txt"),
  ///                   into: &out, diagnostics: &diagnostics, tally: &tally,
  ///                   reusing: &workspace)
  /// ```
  public func process(
    _ message: InputMessage, file recordFile: RecordFile, into out: inout [UInt8],
    diagnostics: inout [UInt8], tally: inout Tally, reusing workspace: inout ExtractionWorkspace
  ) {
    var text = message.text
    text.withUTF8 { utf8 in
      process(
        message, utf8: utf8, file: recordFile, into: &out, diagnostics: &diagnostics,
        tally: &tally, reusing: &workspace)
    }
  }

  /// Processes a message whose text is `utf8`, bytes that need not be well-formed UTF-8, and
  /// whose other fields are `message`'s (its `text` is not read): the path of every line and
  /// NUL-delimited record, which makes no `String` of the text. Ill-formed bytes are read as
  /// `String(decoding:as:)` reads them, with U+FFFD in their place, and counted in
  /// ``Tally/repairedUTF8``, as the decoder counts them for the other formats.
  ///
  /// The extractor's memory is kept in `workspace` from one message to the next (one per thread).
  ///
  /// ```swift
  /// var message = InputMessage(text: "")
  /// message.line = 7
  /// var workspace = ExtractionWorkspace()
  /// [UInt8]("PIN 1234".utf8).withUnsafeBufferPointer { utf8 in
  ///   processor.process(message, utf8: utf8, file: RecordFile("sms.txt"), into: &out,
  ///                     diagnostics: &diagnostics, tally: &tally, reusing: &workspace)
  /// }
  /// ```
  public func process(
    _ message: borrowing InputMessage, utf8 text: UnsafeBufferPointer<UInt8>,
    file recordFile: RecordFile, into out: inout [UInt8], diagnostics: inout [UInt8],
    tally: inout Tally, reusing workspace: inout ExtractionWorkspace
  ) {
    guard admit(message, text, recordFile, &out, &diagnostics, &tally) else { return }
    // The code found is held as spans of the message (`Finding`), written from there: no
    // `String` is made of it (see `FoundCode`).
    let found: Finding
    do {
      found = try extractor.find(utf8: text, hints: hints, reusing: &workspace)
    } catch {
      // Not UTF-8: read as a `String` reads it, and say so once per file.
      tally.repairedUTF8 += 1
      var repaired = String(decoding: text, as: UTF8.self)
      repaired.withUTF8 { utf8 in
        let found = try? extractor.find(utf8: utf8, hints: hints, reusing: &workspace)
        finish(message, utf8, found ?? .none, recordFile, &out, &tally)
      }
      return
    }
    finish(message, text, found, recordFile, &out, &tally)
  }

  /// Whether the record of a well-formed line that was not cut is the plain one, which
  /// ``writeRecordsWithoutCode(lines:file:into:tally:)`` (many lines without a code at once)
  /// and ``writeRecord(_:text:line:file:into:tally:)`` (a line with a code) write without a
  /// message made for the line: JSON Lines, neither `--only-found`, `--quiet`, `--mask` nor
  /// `--explain`, and no filter.
  package var writesPlainRecords: Bool {
    writer.format == .jsonLines && !onlyFound && !quiet && mask == nil && !explain
      && filter.isEmpty
  }

  /// Counts and writes the records of the lines numbered `lines` (consecutive), each
  /// well-formed, not cut, and without a code, as
  /// ``process(_:utf8:found:file:into:diagnostics:tally:)`` would one by one, when
  /// ``writesPlainRecords``: in one piece, the line numbers counted up as text (some 200 fewer
  /// instructions a record).
  ///
  /// ```swift
  /// processor.writeRecordsWithoutCode(
  ///   lines: 1..<4, file: RecordFile("sms.txt"), into: &out, tally: &tally)
  /// tally.messages  // 3
  /// ```
  package func writeRecordsWithoutCode(
    lines: Range<Int>, file recordFile: RecordFile, into out: inout [UInt8], tally: inout Tally
  ) {
    tally.messages += lines.count
    writer.writeRecordsWithoutCode(lines: lines, file: recordFile, to: &out)
  }

  /// Counts and writes the record of the line numbered `line`, well-formed and not cut, whose
  /// text is `text` and whose code `found` holds as spans of it, as
  /// ``process(_:utf8:found:file:into:diagnostics:tally:)`` would, when
  /// ``writesPlainRecords``: without a message made to say its line, or the checks of options
  /// that cannot apply (some 140 fewer instructions a record).
  ///
  /// ```swift
  /// processor.writeRecord(found, text: text, line: 7, file: RecordFile("sms.txt"),
  ///                       into: &out, tally: &tally)
  /// tally.found  // 1
  /// ```
  package func writeRecord(
    _ found: FoundCode, text: UnsafeBufferPointer<UInt8>, line: Int, file recordFile: RecordFile,
    into out: inout [UInt8], tally: inout Tally
  ) {
    tally.messages += 1
    tally.found += 1
    writer.writeRecord(found, text: text, line: line, file: recordFile, to: &out)
  }

  /// Whether a run may find the codes of its lines ahead of their records, in an order of its
  /// own, and then write each record with ``process(_:utf8:found:file:into:diagnostics:tally:)``:
  /// when no message is left out by a filter and `--quiet` does not stop at the first code.
  package var findsAhead: Bool { filter.isEmpty && !quiet }

  /// The code in the line `text`, as ``process(_:utf8:file:into:diagnostics:tally:reusing:)``
  /// finds it when the line is well-formed UTF-8; `nil` when it is not (that method reads it
  /// repaired).
  ///
  /// ```swift
  /// var workspace = ExtractionWorkspace()
  /// [UInt8]("PIN 1234".utf8).withUnsafeBufferPointer {
  ///   processor.find(utf8: $0, reusing: &workspace)?.code
  /// }  // "1234"
  /// ```
  package func find(
    utf8 text: UnsafeBufferPointer<UInt8>, reusing workspace: inout ExtractionWorkspace
  ) -> Finding? {
    try? extractor.find(utf8: text, hints: hints, reusing: &workspace)
  }

  /// ``process(_:utf8:file:into:diagnostics:tally:reusing:)`` of a well-formed line whose code
  /// ``find(utf8:reusing:)`` has found already (`found`): the same record, diagnostics and
  /// counts, in the order this is called.
  ///
  /// ```swift
  /// var workspace = ExtractionWorkspace()
  /// [UInt8]("PIN 1234".utf8).withUnsafeBufferPointer { utf8 in
  ///   let found = processor.find(utf8: utf8, reusing: &workspace)!
  ///   processor.process(message, utf8: utf8, found: found, file: RecordFile("sms.txt"),
  ///                     into: &out, diagnostics: &diagnostics, tally: &tally)
  /// }
  /// ```
  package func process(
    _ message: borrowing InputMessage, utf8 text: UnsafeBufferPointer<UInt8>,
    found: consuming Finding, file recordFile: RecordFile, into out: inout [UInt8],
    diagnostics: inout [UInt8], tally: inout Tally
  ) {
    guard admit(message, text, recordFile, &out, &diagnostics, &tally) else { return }
    finish(message, text, found, recordFile, &out, &tally)
  }

  /// Counts `message` and writes its warnings; `false` when its code is not to be found: a
  /// message a filter leaves out (no record, not counted), or one that is an error, whose
  /// record this writes.
  private func admit(
    _ message: borrowing InputMessage, _ text: UnsafeBufferPointer<UInt8>,
    _ recordFile: RecordFile, _ out: inout [UInt8], _ diagnostics: inout [UInt8],
    _ tally: inout Tally
  ) -> Bool {
    let file = recordFile.name
    if !filter.isEmpty && message.error == nil
      && !filter.matches(Message(text: "", sender: message.sender, date: message.timestamp))
    {
      return false
    }
    tally.messages += 1
    if message.repairedUTF8 { tally.repairedUTF8 += 1 }
    // Only diagnostics name the place: most messages never build the string.
    var place: String { MessageProcessor.place(file: file, line: message.line, row: message.row) }
    if message.truncated {
      diagnostics.append(
        contentsOf:
          "otpgrep: \(place): warning: message longer than \(maximumMessageBytes) bytes, cut there\n"
          .utf8)
    }
    guard let error = message.error else { return true }
    tally.errors += 1
    diagnostics.append(contentsOf: "otpgrep: \(place): \(error)\n".utf8)
    if quiet || onlyFound { return false }
    writer.write(
      message: message, text: text, file: recordFile, extraction: nil, candidates: nil,
      formatted: nil, to: &out)
    return false
  }

  /// Counts the code `found` in the well-formed `text` and writes the record.
  private func finish(
    _ message: borrowing InputMessage, _ text: UnsafeBufferPointer<UInt8>,
    _ found: consuming Finding, _ recordFile: RecordFile, _ out: inout [UInt8],
    _ tally: inout Tally
  ) {
    // Tested with `case`: an optional extraction compared with `nil` was copied or destroyed
    // through outlined code, some 500 instructions per message.
    let none: Bool
    if case .none = found { none = true } else { none = false }
    if !none { tally.found += 1 }
    if quiet { return }
    if onlyFound && none { return }
    guard mask != nil || explain else {
      // Most runs: neither a mask nor candidates, written as the constants they are, where
      // the optionals held in variables were released for every message (two calls into
      // the runtime, some 25 instructions).
      writer.write(
        message: message, text: text, file: recordFile, finding: found, candidates: nil,
        formatted: nil, to: &out)
      return
    }
    var formatted: String? = nil
    if let mask, let code = found.code { formatted = mask(code) }
    var candidates: [ScoredCandidate]? = nil
    if explain {
      candidates = extractor.candidates(in: String(decoding: text, as: UTF8.self), hints: hints)
    }
    writer.write(
      message: message, text: text, file: recordFile, finding: found,
      candidates: candidates, formatted: formatted, to: &out)
  }

  /// `FILE:LINE` (or `FILE: row N`) for error messages; `-m` messages are `message N`.
  static func place(file: String?, line: Int?, row: Int64? = nil) -> String {
    if let file, let row { return "\(file): row \(row)" }
    return switch (file, line) {
    case (let file?, let line?): "\(file):\(line)"
    case (let file?, nil): file
    case (nil, let line?): "message \(line)"
    case (nil, nil): "message"
    }
  }

  static func makeMask(_ pattern: String) -> @Sendable (String) -> String {
    let mask = CodeMask(pattern)
    return { code in mask.format(code) }
  }
}
