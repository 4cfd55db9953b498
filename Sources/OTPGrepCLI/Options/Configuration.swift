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
  /// Worker threads for large files.
  public var jobs: Int
  /// Flush after every record even in batch mode.
  public var lineBuffered = false
  /// Whether the progress bar may appear (it also needs a terminal and a file).
  public var progressAllowed = true
  /// Messages longer than this many bytes are cut, with a warning.
  public var maximumMessageBytes = Configuration.defaultMaximumMessageBytes
  /// Files at least this large are split across `jobs` threads.
  public var parallelThreshold = 1 << 20
  /// The bytes of input handed to one thread at a time.
  public var chunkBytes = 1 << 20

  /// The documented cap on one message: 1 MiB.
  public static let defaultMaximumMessageBytes = 1 << 20

  /// Reads the command line (without the program name) and the environment.
  ///
  /// ```swift
  /// try Configuration(arguments: ["--format=tsv"], environment: ["NO_COLOR": "1"]).progressAllowed
  /// // false
  /// ```
  public init(arguments: [String], environment: [String: String]) throws(UsageError) {
    jobs = Configuration.coreCount
    if environment["NO_COLOR"] != nil || environment["TERM"] == "dumb" { progressAllowed = false }
    let parsed = try ParsedArguments(arguments)
    files = parsed.operands
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
  }

  /// The input format of one file: `--input`, else `jsonl` for a `.jsonl` name, else `lines`.
  ///
  /// ```swift
  /// try Configuration(arguments: [], environment: [:]).inputFormat(for: "a.jsonl")  // .jsonLines
  /// ```
  public func inputFormat(for file: String) -> InputFormat {
    if let inputFormat { return inputFormat }
    return file.hasSuffix(".jsonl") ? .jsonLines : .lines
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
