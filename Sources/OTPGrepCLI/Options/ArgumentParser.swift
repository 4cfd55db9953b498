/// A command-line mistake: one line for the user, followed by `try 'otpgrep --help'`.
///
/// ```swift
/// UsageError.unknownOption("--bogus").description  // "unknown option '--bogus'"
/// ```
public enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An option nobody knows, as typed.
  case unknownOption(String)
  /// An option that needs a value got none.
  case missingValue(Option)
  /// A flag was given a value (`--explain=yes`).
  case unexpectedValue(Option)
  /// A value the option does not accept, and what it accepts.
  case invalidValue(Option, String, expected: String)
  /// Options that cannot be used together.
  case conflict(String)

  /// A short, lower-case message.
  public var description: String {
    switch self {
    case .unknownOption(let spelling): "unknown option '\(spelling)'"
    case .missingValue(let option): "option '\(option.spelling)' needs a value"
    case .unexpectedValue(let option): "option '\(option.spelling)' takes no value"
    case .invalidValue(let option, let value, let expected):
      "invalid value '\(value)' for '\(option.spelling)': expected \(expected)"
    case .conflict(let what): what
    }
  }
}

/// The command line split into options and operands, before any meaning is given to them.
///
/// Follows swift-argument-parser's conventions: `--opt value`, `--opt=value`, `-o`, grouped
/// flags `-zo`, an attached value `-j4`, and `--` to end options. A lone `-` is an operand.
///
/// ```swift
/// let parsed = try ParsedArguments(["-zj4", "--format=code", "a.txt", "--", "-b"])
/// parsed.options.map(\.option)  // [.nullData, .jobs, .format]
/// parsed.options[1].value       // "4"
/// parsed.operands               // ["a.txt", "-b"]
/// ```
public struct ParsedArguments: Sendable, Equatable {
  /// One option occurrence, with its value when it takes one.
  public struct Occurrence: Sendable, Equatable {
    /// Which option.
    public var option: Option
    /// Its value, or `nil` for a flag.
    public var value: String?

    /// An occurrence of `option` with `value`.
    ///
    /// ```swift
    /// ParsedArguments.Occurrence(option: .jobs, value: "4")
    /// ```
    public init(option: Option, value: String?) {
      self.option = option
      self.value = value
    }
  }

  /// The options, in command-line order (repeats kept).
  public private(set) var options: [Occurrence] = []
  /// Everything else: files, `-`, and all that follows `--`.
  public private(set) var operands: [String] = []

  /// Splits `arguments` (without the program name).
  ///
  /// ```swift
  /// try ParsedArguments(["--bogus"])  // throws UsageError.unknownOption("--bogus")
  /// ```
  /// - Complexity: O(*n*) in the total length of the arguments.
  public init(_ arguments: [String]) throws(UsageError) {
    var index = 0
    func value(for option: Option) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count, !ParsedArguments.looksLikeOption(arguments[index]) else {
        throw .missingValue(option)
      }
      return arguments[index]
    }

    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        operands += arguments[(index + 1)...]
        break
      } else if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name = body.prefix { $0 != "=" }
        guard let option = Option(rawValue: String(name)) else {
          throw .unknownOption("--" + name)
        }
        if name.endIndex < body.endIndex {
          guard option.takesValue else { throw .unexpectedValue(option) }
          options.append(
            Occurrence(option: option, value: String(body[body.index(after: name.endIndex)...])))
        } else {
          options.append(
            Occurrence(option: option, value: option.takesValue ? try value(for: option) : nil))
        }
      } else if argument.hasPrefix("-") && argument.count > 1 {
        var letters = argument.dropFirst()
        while let letter = letters.first {
          letters = letters.dropFirst()
          guard let option = Option(short: letter) else {
            throw .unknownOption("-" + String(letter))
          }
          if !option.takesValue {
            options.append(Occurrence(option: option, value: nil))
          } else if !letters.isEmpty {
            options.append(Occurrence(option: option, value: String(letters)))
            break
          } else {
            options.append(Occurrence(option: option, value: try value(for: option)))
          }
        }
      } else {
        operands.append(argument)
      }
      index += 1
    }
  }

  /// A following argument that starts with `-` is an option, not a value, unless it is `-` or a
  /// negative number.
  static func looksLikeOption(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument.count > 1 else { return false }
    return Double(argument) == nil
  }
}
