import MessageSources

/// Every `otpgrep` option; the raw value is the long spelling without its dashes.
///
/// ```swift
/// Option(rawValue: "only-found")  // .onlyFound
/// Option.jobs.short                // "j"
/// Option.jobs.takesValue           // true
/// ```
public enum Option: String, CaseIterable, Sendable {
  case input
  case nullData = "null-data"
  case textField = "text-field"
  case since
  case until
  case sender
  case follow
  case maxMessageBytes = "max-message-bytes"
  case message
  case format
  case onlyFound = "only-found"
  case quiet
  case explain
  case length
  case charset
  case minConfidence = "min-confidence"
  case mask
  case jobs
  case lineBuffered = "line-buffered"
  case noProgress = "no-progress"
  case help
  case version

  /// The one-letter spelling, such as `z` for `-z`.
  public var short: Character? {
    switch self {
    case .nullData: "z"
    case .message: "m"
    case .onlyFound: "o"
    case .follow: "f"
    case .quiet: "q"
    case .jobs: "j"
    case .help: "h"
    case .version: "V"
    default: nil
    }
  }

  /// Whether the option needs a value (`--jobs 4`, `--jobs=4`, `-j4`, `-j 4`).
  public var takesValue: Bool { valueName != nil }

  /// The placeholder shown in `--help`, or `nil` for a flag.
  public var valueName: String? {
    switch self {
    case .input: "FORMAT"
    case .textField: "KEY"
    case .since, .until: "DATE"
    case .sender: "PATTERN"
    case .maxMessageBytes: "N"
    case .message: "TEXT"
    case .format: "FORMAT"
    case .length: "N"
    case .charset: "SET"
    case .minConfidence: "X"
    case .mask: "PATTERN"
    case .jobs: "N"
    default: nil
    }
  }

  /// The option as a user would write it: `--only-found`.
  public var spelling: String { "--" + rawValue }

  /// The one-line description shown in `--help`.
  public var summary: String {
    switch self {
    case .input: "lines (default), nul, jsonl, or a dump: xml, android, apple, csv"
    case .nullData: "same as --input nul: messages end with NUL bytes"
    case .textField: "the JSON Lines field or CSV column holding the text"
    case .since: "only messages sent at or after DATE (ISO 8601, or an age: 30m, 2h, 7d)"
    case .until: "only messages sent before DATE (a bare day includes that day)"
    case .sender: "only messages whose sender matches (substring, glob, or digits)"
    case .follow: "keep reading a growing file or a live database, like tail -f"
    case .maxMessageBytes: "cut messages longer than N bytes (default 1M; K, M suffixes)"
    case .message: "a message given on the command line (repeatable)"
    case .format: "output: jsonl (default), json, code, tsv"
    case .onlyFound: "only print records of messages that have a code"
    case .quiet: "print nothing; stop at the first code (exit 0), like grep -q"
    case .explain: "add every scored candidate and its reasons (jsonl, json)"
    case .length: "hint: the code has N characters"
    case .charset: "hint: the code's characters: digits or alnum"
    case .minConfidence: "drop codes below confidence X, 0 to 1 (default 0.5)"
    case .mask: "add a 'formatted' field: the code laid out by PATTERN"
    case .jobs: "threads for large files, pipes and dumps (default: number of cores)"
    case .lineBuffered: "flush after every record, even for files"
    case .noProgress: "never show the progress bar"
    case .help: "show this help"
    case .version: "show the version"
    }
  }

  /// The option spelled `-c`, if any.
  ///
  /// ```swift
  /// Option(short: "z")  // .nullData
  /// ```
  public init?(short: Character) {
    guard let option = Option.allCases.first(where: { $0.short == short }) else { return nil }
    self = option
  }
}

/// How the input splits into messages; raw values are the spellings of `--input`.
///
/// The first three split a byte stream; the others are message dumps read by `MessageSources`.
///
/// ```swift
/// InputFormat(rawValue: "jsonl")        // .jsonLines
/// InputFormat.android.dumpFormat        // DumpFormat.android
/// InputFormat.lines.dumpFormat          // nil
/// ```
public enum InputFormat: String, CaseIterable, Sendable {
  /// One message per line; a trailing CR is dropped.
  case lines
  /// One message per NUL-terminated record, so messages may hold newlines.
  case nul
  /// One JSON object per line; the text is in `--text-field`.
  case jsonLines = "jsonl"
  /// SMS Backup & Restore XML.
  case xml
  /// Android's `mmssms.db`.
  case android
  /// Apple Messages' `chat.db` or `sms.db`.
  case apple
  /// CSV or TSV with a header row; the text is in `--text-field` (default: `text`, `body` or
  /// `message`).
  case csv

  /// The dump format read by `MessageSources`, or `nil` for the byte-stream formats.
  public var dumpFormat: DumpFormat? {
    switch self {
    case .lines, .nul, .jsonLines: nil
    case .xml: .xml
    case .android: .android
    case .apple: .apple
    case .csv: .csv
    }
  }

  /// The input format that reads `format`.
  ///
  /// ```swift
  /// InputFormat(DumpFormat.csv)  // .csv
  /// ```
  public init(_ format: DumpFormat) {
    switch format {
    case .xml: self = .xml
    case .android: self = .android
    case .apple: self = .apple
    case .csv: self = .csv
    }
  }

  /// Whether the format has dates and senders for `--since`, `--until` and `--sender`.
  var hasDatesAndSenders: Bool { self != .lines && self != .nul }

  /// The byte that ends a record.
  var delimiter: UInt8 { self == .nul ? 0 : 0x0A }
}

/// How records are written; raw values are the spellings of `--format`.
///
/// ```swift
/// OutputFormat(rawValue: "code")  // .code
/// ```
public enum OutputFormat: String, CaseIterable, Sendable {
  /// One JSON object per message (JSON Lines).
  case jsonLines = "jsonl"
  /// One JSON array of those objects.
  case json
  /// The bare code of each message that has one, one per line.
  case code
  /// Tab-separated values, one row per message.
  case tsv
}
