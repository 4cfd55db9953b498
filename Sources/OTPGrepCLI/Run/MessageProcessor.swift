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
    process(message, file: RecordFile(file), into: &out, diagnostics: &diagnostics, tally: &tally)
  }

  /// Processes `message` as ``process(_:file:into:diagnostics:tally:)`` does, with the file's
  /// JSON escaped once for all its messages.
  ///
  /// ```swift
  /// let file = RecordFile("sms.txt")
  /// processor.process(InputMessage(text: "PIN 1234", line: 1), file: file,
  ///                   into: &out, diagnostics: &diagnostics, tally: &tally)
  /// ```
  public func process(
    _ message: InputMessage, file recordFile: RecordFile, into out: inout [UInt8],
    diagnostics: inout [UInt8], tally: inout Tally
  ) {
    let file = recordFile.name
    if !filter.isEmpty && message.error == nil
      && !filter.matches(Message(text: "", sender: message.sender, date: message.timestamp))
    {
      return
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
    // Initialized once (not `nil` then assigned), and tested with `case` rather than `== nil`:
    // either way the optional extraction was copied or destroyed through outlined code, some
    // 500 instructions per message.
    let extraction: Extraction?
    var candidates: [ScoredCandidate]? = nil
    var formatted: String? = nil
    if let error = message.error {
      tally.errors += 1
      diagnostics.append(contentsOf: "otpgrep: \(place): \(error)\n".utf8)
      extraction = nil
    } else {
      extraction = extractor.extract(from: message.text, hints: hints)
      if explain { candidates = extractor.candidates(in: message.text, hints: hints) }
      if let code = extraction?.code {
        tally.found += 1
        formatted = mask?(code)
      }
    }
    if quiet { return }
    if onlyFound, case .none = extraction { return }
    writer.write(
      message: message, file: recordFile, extraction: extraction, candidates: candidates,
      formatted: formatted, to: &out)
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
