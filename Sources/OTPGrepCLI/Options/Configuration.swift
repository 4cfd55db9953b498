import MessageSources
import OneTimeCode

/// Everything a run needs to know, built from the command line and the environment.
///
/// ```swift
/// let config = try Configuration(arguments: ["-o", "--length", "6", "sms.txt"], environment: [:])
/// config.onlyFound         // true
/// config.hints.length      // 6
/// config.files             // ["sms.txt"]
/// ```
public struct Configuration: Sendable {
  /// What the user asked for besides a normal run.
  public enum Action: Sendable, Equatable {
    /// Extract codes.
    case run
    /// Print `--help`.
    case help
    /// Print `--version`.
    case version
  }

  /// Run, or print help or the version.
  public var action: Action = .run
  /// How input streams split into messages; `nil` means `lines`, or `jsonl` for `.jsonl` files.
  public var inputFormat: InputFormat?
  /// The JSON Lines field holding the text.
  public var textField = "text"
  /// Whether `--text-field` was given (CSV then takes that column rather than guessing).
  public var textFieldGiven = false
  /// `--since`, `--until` and `--sender`; messages it rejects get no record.
  public var filter = MessageFilter()
  /// Keep reading a growing file or a live database (`--follow`).
  public var follow = false
  /// How long `--follow` sleeps between looks at the file or database, in milliseconds.
  public var pollMilliseconds = 200
  /// Messages given with `-m`, processed before any file.
  public var messages: [String] = []
  /// The files to read; `-` is stdin. Empty means stdin, unless `-m` was given.
  public var files: [String] = []
  /// How records are written.
  public var outputFormat: OutputFormat = .jsonLines
  /// Drop the records of messages without a code.
  public var onlyFound = false
  /// Write nothing; only the exit status counts.
  public var quiet = false
  /// Add the scored candidates to each record.
  public var explain = false
  /// Hints passed to the extractor.
  public var hints = ExtractionHints()
  /// The `--mask` pattern, if any.
  public var mask: String?
  /// Worker threads for large files, pipes and message dumps.
  public var jobs: Int
  /// Flush after every record even in batch mode.
  public var lineBuffered = false
  /// Whether the progress bar may appear (it also needs a terminal and a file).
  public var progressAllowed = true
  /// Messages longer than this many bytes are cut, with a warning.
  public var maximumMessageBytes = Configuration.defaultMaximumMessageBytes
  /// Files at least this large are split across `jobs` threads (pipes always are).
  public var parallelThreshold = 1 << 20
  /// The most bytes of input handed to one thread at a time (a parallel run with many threads
  /// hands out less, to keep the input in flight within 512 KiB).
  public var chunkBytes = 1 << 18
  /// The bytes of lines read at a time, whose codes are found in an order of their own before
  /// their records are written (see `LineWindow`): 2 MiB, and half that in a parallel run,
  /// which has two such windows in flight.
  public var windowBytes = 1 << 21
  /// The most lines of one such window.
  public var windowLines = 1 << 15

  /// The documented cap on one message: 1 MiB.
  public static let defaultMaximumMessageBytes = 1 << 20
  /// The largest `--max-message-bytes` accepted: 1 GiB.
  public static let largestMaximumMessageBytes = 1 << 30

  /// Reads the command line (without the program name) and the environment.
  ///
  /// ```swift
  /// try Configuration(arguments: ["--format=tsv"], environment: ["NO_COLOR": "1"]).progressAllowed
  /// // false
  /// ```
  ///
  /// Ages in `--since` and `--until` (`2h`) count back from `now`, in milliseconds since 1970
  /// (default: the current time).
  public init(
    arguments: [String], environment: [String: String], now: Int64? = nil
  ) throws(UsageError) {
    jobs = Configuration.coreCount
    if environment["NO_COLOR"] != nil || environment["TERM"] == "dumb" { progressAllowed = false }
    let parsed = try ParsedArguments(arguments)
    files = parsed.operands
    let now = now ?? Configuration.currentMilliseconds
    var since: String?
    var until: String?
    var sender: String?
    for occurrence in parsed.options {
      let value = occurrence.value ?? ""
      switch occurrence.option {
      case .input: inputFormat = try Configuration.parse(InputFormat.self, value, for: .input)
      case .nullData: inputFormat = .nul
      case .textField:
        guard !value.isEmpty else {
          throw .invalidValue(.textField, value, expected: "a field name")
        }
        textField = value
        textFieldGiven = true
      case .since, .until:
        do throws(FilterError) {
          _ = try MessageFilter(since: value, until: nil, sender: nil, now: now)
        } catch {
          throw .invalidValue(
            occurrence.option, value,
            expected: "ISO 8601 (2026-03-12, 2026-03-12T08:15:02Z) or an age (30m, 2h, 7d)")
        }
        if occurrence.option == .since { since = value } else { until = value }
      case .sender:
        guard !value.isEmpty else { throw .invalidValue(.sender, value, expected: "a pattern") }
        sender = value
      case .follow: follow = true
      case .maxMessageBytes:
        guard let n = Configuration.byteCount(value), n > 0,
          n <= Configuration.largestMaximumMessageBytes
        else {
          throw .invalidValue(
            .maxMessageBytes, value,
            expected: "a number of bytes up to 1G (K, M, G: powers of 1024)")
        }
        maximumMessageBytes = n
      case .message: messages.append(value)
      case .format: outputFormat = try Configuration.parse(OutputFormat.self, value, for: .format)
      case .onlyFound: onlyFound = true
      case .quiet: quiet = true
      case .explain: explain = true
      case .length:
        guard let n = Int(value), n > 0 else {
          throw .invalidValue(.length, value, expected: "a positive whole number")
        }
        hints.length = n
      case .charset:
        hints.characterSet = try Configuration.parse(CodeCharacterSet.self, value, for: .charset)
      case .minConfidence:
        guard let x = Double(value), x >= 0, x <= 1 else {
          throw .invalidValue(.minConfidence, value, expected: "a number from 0 to 1")
        }
        hints.minimumConfidence = x
      case .mask:
        guard !value.isEmpty else { throw .invalidValue(.mask, value, expected: "a pattern") }
        mask = value
      case .jobs:
        guard let n = Int(value), n >= 0 else {
          throw .invalidValue(.jobs, value, expected: "a whole number, 0 for one per core")
        }
        jobs = n == 0 ? Configuration.coreCount : n
      case .lineBuffered: lineBuffered = true
      case .noProgress: progressAllowed = false
      case .help: action = .help
      case .version: if action != .help { action = .version }
      }
    }
    // Each value was checked above, so this cannot fail.
    filter = (try? MessageFilter(since: since, until: until, sender: sender, now: now)) ?? filter
    if follow && action == .run {
      guard files.count == 1, files[0] != "-", messages.isEmpty else {
        throw .conflict("--follow needs exactly one FILE (not stdin, not -m)")
      }
    }
  }

  /// Reads `--max-message-bytes`: a whole number with an optional `K`, `M` or `G` (1024-based).
  ///
  /// ```swift
  /// Configuration.byteCount("4M")  // 4194304
  /// ```
  static func byteCount(_ text: String) -> Int? {
    var digits = Substring(text)
    var scale = 1
    switch text.last {
    case "k", "K": scale = 1 << 10
    case "m", "M": scale = 1 << 20
    case "g", "G": scale = 1 << 30
    default: break
    }
    if scale > 1 { digits = digits.dropLast() }
    guard let n = Int(digits) else { return nil }
    let (product, overflow) = n.multipliedReportingOverflow(by: scale)
    return overflow ? nil : product
  }

  /// The current time in milliseconds since 1970.
  static var currentMilliseconds: Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  /// The input format of one file by its name alone: `--input`, else `jsonl` for a `.jsonl`
  /// name, else `lines`. (See ``inputFormat(for:prefix:)`` for detection by content.)
  ///
  /// ```swift
  /// try Configuration(arguments: [], environment: [:]).inputFormat(for: "a.jsonl")  // .jsonLines
  /// ```
  public func inputFormat(for file: String) -> InputFormat {
    if let inputFormat { return inputFormat }
    return file.hasSuffix(".jsonl") ? .jsonLines : .lines
  }

  /// The input format of a regular file from its name and its first bytes: `--input` if given;
  /// else `jsonl` for a `.jsonl` name; else a dump recognized by `DumpFormat.detect` (SQLite by
  /// its tables, `<?xml` or `<smses`, a `.csv` or `.tsv` name); else `lines`.
  ///
  /// Throws when the file claims to be a database and is not one (`x.db` holding text), or is a
  /// database without message tables.
  ///
  /// ```swift
  /// let config = try Configuration(arguments: [], environment: [:])
  /// try config.inputFormat(for: "backup.xml", prefix: Array("<?xml version".utf8))  // .xml
  /// try config.inputFormat(for: "notes.txt", prefix: Array("hello".utf8))           // .lines
  /// ```
  public func inputFormat(for file: String, prefix: [UInt8]) throws(SourceError) -> InputFormat {
    if let inputFormat { return inputFormat }
    if file.hasSuffix(".jsonl") { return .jsonLines }
    return try DumpFormat.detect(prefix: prefix, path: file).map(InputFormat.init) ?? .lines
  }

  private static func parse<Value: RawRepresentable & CaseIterable>(
    _ type: Value.Type, _ value: String, for option: Option
  ) throws(UsageError) -> Value where Value.RawValue == String {
    guard let parsed = Value(rawValue: value) else {
      let names = Value.allCases.map(\.rawValue)
      let expected = names.dropLast().joined(separator: ", ") + " or " + names.last!
      throw .invalidValue(option, value, expected: expected)
    }
    return parsed
  }

  /// The number of online processors, at least 1.
  static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

#if canImport(Glibc)
  import Glibc
#endif
