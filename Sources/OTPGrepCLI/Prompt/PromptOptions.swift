import OneTimeCode

/// The options of `otpgrep prompt`; raw values are the command-line spellings.
enum PromptFlag: String, CaseIterable, Sendable {
  case length = "--length"
  case charset = "--charset"
  case secure = "--secure"
  case mask = "--mask"
  case label = "--label"
  case confirm = "--confirm"
  case help = "--help"

  /// Whether the option takes a value (`--length 6` or `--length=6`).
  var takesValue: Bool {
    switch self {
    case .length, .charset, .mask, .label: true
    case .secure, .confirm, .help: false
    }
  }
}

/// A mistake on the command line of `otpgrep prompt`; exit status 2.
enum PromptUsageError: Error, Equatable, Sendable, CustomStringConvertible {
  case unknownOption(String)
  case missingValue(PromptFlag)
  case unexpectedValue(PromptFlag)
  case unexpectedArgument(String)
  case invalidLength(String)
  case invalidCharset(String)
  case maskSlots(Int)
  case maskLengthMismatch(slots: Int, length: Int)
  case maskNeedsLetters

  var description: String {
    switch self {
    case .unknownOption(let option): "unknown option '\(option)'"
    case .missingValue(let flag): "\(flag.rawValue) needs a value"
    case .unexpectedValue(let flag): "\(flag.rawValue) takes no value"
    case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
    case .invalidLength(let value): "--length must be a number from 4 to 8, not '\(value)'"
    case .invalidCharset(let value): "--charset must be digits or alnum, not '\(value)'"
    case .maskSlots(let count): "--mask must have 4 to 8 boxes (# or A), not \(count)"
    case .maskLengthMismatch(let slots, let length):
      "--mask has \(slots) boxes but --length is \(length)"
    case .maskNeedsLetters: "--mask has letter boxes (A) but --charset is digits"
    }
  }
}

/// The parsed command line of `otpgrep prompt`.
struct PromptOptions: Equatable, Sendable {
  /// The number of boxes.
  var length = 6
  /// The characters the boxes take.
  var characterSet = CodeCharacterSet.digits
  /// Dots instead of the characters.
  var secure = false
  /// The mask the code is drawn and printed in.
  var mask: String? = nil
  /// The line above the boxes.
  var label = "Enter the code"
  /// Wait for Enter once the boxes are full.
  var confirm = false
  /// Print the usage and exit.
  var help = false

  static let usage = """
    usage: otpgrep prompt [--length N] [--charset digits|alnum] [--secure] [--mask M]
                          [--label TEXT] [--confirm]

    Asks for a one-time code on the terminal, one box per character, and prints it on
    standard output: code=$(otpgrep prompt --length 6). Typing fills the boxes, backspace
    deletes, pasting a whole message fills them with the code it holds. Esc or Ctrl-C
    cancels (exit 130). Without a terminal, reads one line and prints the code in it
    (exit 0), or exits 1 when it has none.

      --length N         boxes, 4 to 8 (default 6, or the boxes of --mask)
      --charset SET      digits (default) or alnum (letters are uppercased)
      --secure           show dots instead of the characters
      --mask M           draw and print the code in a mask: # a digit, A a letter,
                         anything else written as is (e.g. '###-###')
      --label TEXT       the line above the boxes (default "Enter the code")
      --confirm          wait for Enter once the boxes are full

    """

  /// Parses the arguments after `prompt`.
  static func parse(_ arguments: [String]) throws(PromptUsageError) -> PromptOptions {
    var options = PromptOptions()
    var length: Int? = nil
    var characterSet: CodeCharacterSet? = nil
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        if index < arguments.count { throw .unexpectedArgument(arguments[index]) }
        break
      }
      if argument == "-h" {
        options.help = true
        continue
      }
      guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
      let name: Substring
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = argument[..<equals]
        value = String(argument[argument.index(after: equals)...])
      } else {
        name = argument[...]
      }
      guard let flag = PromptFlag(rawValue: String(name)) else {
        throw .unknownOption(String(name))
      }
      if flag.takesValue && value == nil {
        guard index < arguments.count else { throw .missingValue(flag) }
        value = arguments[index]
        index += 1
      } else if !flag.takesValue && value != nil {
        throw .unexpectedValue(flag)
      }
      switch flag {
      case .length:
        guard let number = Int(value!), (4...8).contains(number) else {
          throw .invalidLength(value!)
        }
        length = number
      case .charset:
        guard let set = CodeCharacterSet(rawValue: value!) else { throw .invalidCharset(value!) }
        characterSet = set
      case .secure: options.secure = true
      case .mask: options.mask = value!
      case .label: options.label = value!
      case .confirm: options.confirm = true
      case .help: options.help = true
      }
    }
    if let pattern = options.mask, !pattern.isEmpty {
      let mask = CodeMask(pattern)
      guard (4...8).contains(mask.slotCount) else { throw .maskSlots(mask.slotCount) }
      if let length, length != mask.slotCount {
        throw .maskLengthMismatch(slots: mask.slotCount, length: length)
      }
      let hasLetters = mask.elements.contains(.letter)
      if hasLetters && characterSet == .digits { throw .maskNeedsLetters }
      options.length = mask.slotCount
      options.characterSet = characterSet ?? (hasLetters ? .alphanumeric : .digits)
    } else {
      options.mask = nil
      options.length = length ?? 6
      options.characterSet = characterSet ?? .digits
    }
    return options
  }
}
