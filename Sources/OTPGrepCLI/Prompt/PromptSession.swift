import OneTimeCode

/// The prompt's state: a ``CodeInput`` driven by keys, with an optional mask.
///
/// ```swift
/// var session = PromptSession(options: PromptOptions())
/// session.handle(.paste("Your code is 482-913."))  // .finished("482913")
/// ```
struct PromptSession {
  /// How a key left the prompt.
  enum Outcome: Equatable {
    /// Keep reading keys.
    case editing
    /// Print this and exit 0.
    case finished(String)
    /// Exit 130, nothing printed.
    case cancelled
  }

  private(set) var input: CodeInput
  let mask: CodeMask?
  let confirm: Bool

  init(options: PromptOptions) {
    input = CodeInput(length: options.length, characterSet: options.characterSet)
    mask = options.mask.map { CodeMask($0) }
    confirm = options.confirm
  }

  /// The code as it is printed: in the mask, when there is one.
  var output: String { mask?.format(input.value) ?? input.value }

  /// Applies one key.
  mutating func handle(_ key: PromptKey) -> Outcome {
    switch key {
    case .text(let text), .paste(let text):
      // What the field now holds is what it held and what arrived: a whole code in a pasted
      // message wins over what was typed before.
      let completed = update(to: input.value + text)
      return completed && !confirm ? .finished(output) : .editing
    case .backspace:
      input.deleteBackward()
      return .editing
    case .enter:
      return confirm && input.isComplete ? .finished(output) : .editing
    case .cancel:
      return .cancelled
    }
  }

  /// Sets the field from `text` as ``CodeInput/replace(with:)`` does, keeping only what fits the
  /// mask's boxes, and says whether the last box got filled.
  private mutating func update(to text: String) -> Bool {
    let before = input.value
    var next = input
    next.replace(with: text)
    if let mask {
      let kinds = mask.elements.filter { !Self.isLiteral($0) }
      var fitting = ""
      for (character, kind) in zip(next.value, kinds) {
        guard kind == .letter ? character.isLetter : character.isNumber else { break }
        fitting.append(character)
      }
      if fitting != next.value {
        next = CodeInput(length: input.length, characterSet: input.characterSet)
        next.replace(with: fitting)
      }
    }
    input = next
    return input.isComplete && input.value != before
  }

  private static func isLiteral(_ element: CodeMask.Element) -> Bool {
    if case .literal = element { return true }
    return false
  }

  /// The line-mode answer: the code in `line`, as printed, or `nil`.
  static func code(inLine line: String, options: PromptOptions) -> String? {
    var session = PromptSession(options: options)
    _ = session.update(to: line)
    return session.input.isComplete ? session.output : nil
  }
}
