import OneTimeCode

/// Draws the prompt as lines of text: the label, the boxes, the status.
///
/// Filled boxes show their character (a dot with `--secure`), the active box `[_]`,
/// highlighted in colour, or in reverse video under `NO_COLOR`, or not at all on a dumb
/// terminal; other empty boxes `[ ]`.
///
/// ```swift
/// PromptRenderer(style: .plain, secure: false, label: "Code")
///   .lines(for: session, columns: 80)  // ["Code", "[4][8][_][ ][ ][ ]", "2 of 6 digits entered"]
/// ```
struct PromptRenderer {
  /// How the active box stands out.
  enum Style: Equatable {
    /// Bold cyan.
    case color
    /// Reverse video, for `NO_COLOR`.
    case reverse
    /// No attributes, for `TERM=dumb`.
    case plain

    /// The style for an environment: `NO_COLOR` set and not empty, or `TERM=dumb`, turn
    /// colour off.
    static func forEnvironment(noColor: String?, term: String?) -> Style {
      if term == "dumb" { return .plain }
      if let noColor, !noColor.isEmpty { return .reverse }
      return .color
    }
  }

  var style: Style
  var secure: Bool
  var label: String

  /// The lines of the prompt, each cut to fit in `columns`.
  func lines(for session: PromptSession, columns: Int) -> [String] {
    let input = session.input
    var boxes = ""
    let elements = session.mask?.elements ?? Array(repeating: .digit, count: input.length)
    var slots = input.slots.makeIterator()
    for element in elements {
      guard case .literal(let character) = element else {
        if let slot = slots.next() { boxes += box(slot) }
        continue
      }
      boxes.append(character)
    }
    var status = input.accessibilityValue
    if session.confirm && input.isComplete { status += ", press Enter" }
    let width = max(columns - 1, 1)
    return [String(label.prefix(width)), boxes, String(status.prefix(width))]
  }

  /// The columns `line` takes on screen: its characters, escape sequences aside.
  static func visibleWidth(_ line: String) -> Int {
    var width = 0
    var inEscape = false
    for scalar in line.unicodeScalars {
      if inEscape {
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else if !scalar.properties.isGraphemeExtend {
        width += 1
      }
    }
    return width
  }

  private func box(_ slot: CodeInput.Slot) -> String {
    if let character = slot.character { return "[\(secure ? "•" : String(character))]" }
    guard slot.isCaret else { return "[ ]" }
    switch style {
    case .color: return "\u{1B}[1;36m[_]\u{1B}[0m"
    case .reverse: return "\u{1B}[7m[_]\u{1B}[27m"
    case .plain: return "[_]"
    }
  }
}
