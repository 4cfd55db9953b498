/// A format-as-you-type mask: `#` takes a digit, `A` takes a letter, anything else is a literal
/// written as is.
///
/// ``format(_:)`` walks the mask over the input. Characters that don't fit the next box are
/// skipped, digits of other scripts become ASCII, and literals are written only when a
/// character follows them, so backspace can always delete. Formatting is idempotent.
///
/// A run of literals that holds data characters, such as the country prefix `+34 `, is read
/// back from the input only when its prefix is there complete: `+34612345678` and `612345678`
/// both give `+34 612 345 678`, but a typed `3` is a digit of the number. When that data part
/// is all digits, as the `1` of `1 (###) ###-####`, the whole run (`1 (`) must be there, spaces
/// aside.
///
/// ```swift
/// let phone = CodeMask("+34 ### ### ###")
/// phone.format("+34612345678")        // "+34 612 345 678"
/// phone.format("3")                   // "+34 3"
/// CodeMask("##/##").format("12")      // "12", not "12/"
/// CodeMask("##/##").isComplete("1225")  // true
/// ```
public struct CodeMask: Sendable {
  /// One character of a mask.
  ///
  /// ```swift
  /// CodeMask("A-#").elements  // [.letter, .literal("-"), .digit]
  /// ```
  public enum Element: Sendable, Hashable {
    /// `#`: a box for a digit (of any script, written in ASCII).
    case digit
    /// `A`: a box for an ASCII letter (fullwidth letters are folded), kept in its case.
    case letter
    /// Any other character, written as is.
    case literal(Character)
  }

  /// The mask as written.
  ///
  /// ```swift
  /// CodeMask("##/##").pattern  // "##/##"
  /// ```
  public let pattern: String

  /// The mask's characters, in order.
  ///
  /// ```swift
  /// CodeMask("##/##").elements  // [.digit, .digit, .literal("/"), .digit, .digit]
  /// ```
  public let elements: [Element]

  /// Checks what a mask cannot, such as a month of at most 12.
  private let validator: (@Sendable (String) -> Bool)?
  /// The mask as boxes and runs of literals.
  private let segments: [Segment]

  /// Creates a mask; the validator, when given, sees the formatted text each time a character
  /// would be added, and the character is skipped when it returns `false`.
  ///
  /// The validator sees partial values (`"1"`, then `"12"`, then `"12/2"`), so it must accept
  /// every prefix of a valid value; a check of the whole value returns `true` until the text is
  /// long enough. ``isComplete(_:)`` asks it too.
  ///
  /// ```swift
  /// let expiry = CodeMask("##/##") { text in
  ///   guard let month = Int(text.prefix(2)) else { return true }
  ///   return text.count == 1 ? month <= 1 : (1...12).contains(month)
  /// }
  /// expiry.format("1325")  // "12/5": a 3 would make month 13
  /// ```
  public init(_ pattern: String, validator: (@Sendable (String) -> Bool)? = nil) {
    self.pattern = pattern
    self.validator = validator
    self.elements = pattern.map { character in
      switch character {
      case "#": .digit
      case "A": .letter
      default: .literal(character)
      }
    }
    self.segments = Segment.parse(elements)
  }

  /// The number of boxes: the `#` and `A` of the mask.
  ///
  /// ```swift
  /// CodeMask("(###) ###-####").slotCount  // 10
  /// ```
  public var slotCount: Int {
    elements.reduce(0) { count, element in
      if case .literal = element { return count }
      return count + 1
    }
  }

  /// `input` laid out in the mask; the empty mask returns `input` unchanged.
  ///
  /// ```swift
  /// CodeMask("(###) ###-####").format("555.123.4567")  // "(555) 123-4567"
  /// CodeMask("#### #### #### ####").format("41111")    // "4111 1"
  /// CodeMask("AA-####").format("ab1234")               // "ab-1234"
  /// CodeMask("").format("anything")                    // "anything"
  /// ```
  /// - Complexity: O(*n* + *m*) in the lengths of `input` and the mask, plus the validator's
  ///   calls, one per accepted character.
  public func format(_ input: String) -> String {
    walk(input).text
  }

  /// Whether `text`, formatted, fills every box of the mask and the validator accepts it.
  ///
  /// Trailing literals need not be there; the empty mask is complete for any text.
  ///
  /// ```swift
  /// CodeMask("##/##").isComplete("12/25")  // true
  /// CodeMask("##/##").isComplete("12/2")   // false
  /// ```
  /// - Complexity: that of ``format(_:)``.
  public func isComplete(_ text: String) -> Bool {
    let (formatted, filled) = walk(text)
    return filled == slotCount && (validator?(formatted) ?? true)
  }

  // MARK: - Walking the mask

  /// The formatted text and the number of boxes it fills.
  private func walk(_ input: String) -> (text: String, filled: Int) {
    if elements.isEmpty { return (input, 0) }
    let scalars = Array(input.unicodeScalars)
    var position = 0
    var text = ""
    var pending = ""
    var filled = 0
    for segment in segments {
      switch segment {
      case .literals(let run):
        pending = run.text
        if let key = run.key, let next = run.nextSlot {
          position = Self.readBack(key, in: scalars, from: position, before: next) ?? position
        }
      case .slot(let kind):
        var accepted = false
        while position < scalars.count {
          let scalar = scalars[position]
          position += 1
          guard let byte = kind.accepts(scalar) else { continue }
          let candidate = text + pending + String(Unicode.Scalar(byte))
          if let validator, !validator(candidate) { continue }
          text = candidate
          pending = ""
          filled += 1
          accepted = true
          break
        }
        if !accepted { return (text, filled) }
      }
    }
    return (text, filled)
  }

  /// The input position after `key` when it starts before any character that fits `next`.
  private static func readBack(
    _ key: [Unicode.Scalar], in input: [Unicode.Scalar], from start: Int, before next: SlotKind
  ) -> Int? {
    var position = start
    while position < input.count {
      if let end = match(key, in: input, at: position) { return end }
      if next.accepts(input[position]) != nil { return nil }
      position += 1
    }
    return nil
  }

  /// The end of `key` in `input` from `start`, spaces in the input aside, or `nil`.
  private static func match(_ key: [Unicode.Scalar], in input: [Unicode.Scalar], at start: Int)
    -> Int?
  {
    var position = start
    for (offset, expected) in key.enumerated() {
      if offset > 0 {
        while position < input.count && input[position].properties.isWhitespace { position += 1 }
      }
      guard position < input.count, fold(input[position]) == fold(expected) else { return nil }
      position += 1
    }
    return position
  }

  /// A scalar compared the way a prefix is read back: digits in ASCII, letters in upper case.
  private static func fold(_ scalar: Unicode.Scalar) -> UInt32 {
    if let digit = EntryCharacter.digit(scalar) { return UInt32(digit) }
    if let letter = EntryCharacter.letter(scalar) { return UInt32(letter & ~0x20) }
    return scalar.value
  }
}

/// A box's kind.
private enum SlotKind {
  case digit, letter

  /// The ASCII character `scalar` writes into this box, or `nil` when it doesn't fit.
  func accepts(_ scalar: Unicode.Scalar) -> UInt8? {
    switch self {
    case .digit: EntryCharacter.digit(scalar)
    case .letter: EntryCharacter.letter(scalar)
    }
  }
}

/// Consecutive literals of a mask.
private struct LiteralRun {
  /// The literals as written.
  var text: String
  /// What must be in the input for the run to be read back, spaces removed; `nil` when the run
  /// holds no data characters and is never read back.
  var key: [Unicode.Scalar]?
  /// The box after the run, if any.
  var nextSlot: SlotKind?

  init(_ characters: [Character], nextSlot: SlotKind?) {
    self.text = String(characters)
    self.nextSlot = nextSlot
    let scalars = Array(text.unicodeScalars)
    func isData(_ scalar: Unicode.Scalar) -> Bool {
      EntryCharacter.digit(scalar) != nil || EntryCharacter.letter(scalar) != nil
    }
    guard let lastData = scalars.lastIndex(where: isData) else {
      self.key = nil
      return
    }
    // The data part is the run up to its last data character: `+34` of `+34 `, `1` of `1 (`.
    // When that part is all digits, the whole run must be present; otherwise the data part.
    let dataPart = scalars[...lastData].filter { !$0.properties.isWhitespace }
    let allDigits = dataPart.allSatisfy { EntryCharacter.digit($0) != nil }
    let keyScalars = allDigits ? scalars[...] : scalars[...lastData]
    self.key = keyScalars.filter { !$0.properties.isWhitespace }
  }
}

/// A box, or a run of literals.
private enum Segment {
  case slot(SlotKind)
  case literals(LiteralRun)

  static func parse(_ elements: [CodeMask.Element]) -> [Segment] {
    var segments: [Segment] = []
    var run: [Character] = []
    for element in elements {
      let kind: SlotKind
      switch element {
      case .literal(let character):
        run.append(character)
        continue
      case .digit: kind = .digit
      case .letter: kind = .letter
      }
      if !run.isEmpty {
        segments.append(.literals(LiteralRun(run, nextSlot: kind)))
        run = []
      }
      segments.append(.slot(kind))
    }
    if !run.isEmpty { segments.append(.literals(LiteralRun(run, nextSlot: nil))) }
    return segments
  }
}
