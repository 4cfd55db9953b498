/// The state of a one-box-per-character code field, for any UI to drive.
///
/// Give it whatever the field's one hidden text field now holds (typed, pasted or autofilled)
/// and draw its ``slots``. A whole message pasted at once fills every box through the
/// extractor; ``replace(with:)`` returns the code when the last box gets filled.
///
/// ```swift
/// var input = CodeInput(length: 6, characterSet: .digits)
/// input.replace(with: "48")                     // nil
/// input.accessibilityValue                      // "2 of 6 digits entered"
/// input.replace(with: "Your code is 482-913.")  // "482913"
/// input.isComplete                              // true
/// ```
public struct CodeInput: Sendable, Hashable {
  /// What the verifier said about the entered code, for ``accessibilityValue`` and the UI.
  ///
  /// ```swift
  /// input.status = .incorrect
  /// input.accessibilityValue  // "6 of 6 digits entered, incorrect code"
  /// ```
  public enum Status: Sendable, Hashable {
    /// The code was checked and refused.
    case incorrect
    /// The code was checked and accepted.
    case accepted
  }

  /// One box of the field.
  ///
  /// ```swift
  /// var input = CodeInput(length: 4, characterSet: .digits)
  /// input.replace(with: "12")
  /// input.slots.map { $0.character ?? ($0.isCaret ? "^" : "_") }  // ["1", "2", "^", "_"]
  /// ```
  public struct Slot: Sendable, Hashable {
    /// The character in the box, or `nil` when the box is empty.
    public var character: Character?
    /// Whether the caret sits in this box: the first empty box.
    public var isCaret: Bool

    /// Creates a box.
    ///
    /// ```swift
    /// CodeInput.Slot(character: "4", isCaret: false)
    /// ```
    public init(character: Character?, isCaret: Bool) {
      self.character = character
      self.isCaret = isCaret
    }
  }

  /// The number of boxes, in `4...8`.
  ///
  /// ```swift
  /// CodeInput(length: 12, characterSet: .digits).length  // 8
  /// ```
  public let length: Int

  /// The characters the field accepts.
  ///
  /// ```swift
  /// CodeInput(length: 6, characterSet: .alphanumeric).characterSet  // .alphanumeric
  /// ```
  public let characterSet: CodeCharacterSet

  /// The characters entered so far: ASCII, at most ``length``, letters uppercased.
  ///
  /// ```swift
  /// var input = CodeInput(length: 6, characterSet: .alphanumeric)
  /// input.replace(with: "ab-12")
  /// input.value  // "AB12"
  /// ```
  public private(set) var value: String

  /// What the verifier said about the code; any change of ``value`` clears it.
  ///
  /// ```swift
  /// input.status = .accepted
  /// input.accessibilityValue  // "6 of 6 digits entered, code accepted"
  /// ```
  public var status: Status?

  /// Creates an empty field; `length` is clamped to `4...8`.
  ///
  /// ```swift
  /// let input = CodeInput(length: 6, characterSet: .digits)
  /// input.value       // ""
  /// input.caretIndex  // 0
  /// ```
  public init(length: Int = 6, characterSet: CodeCharacterSet = .digits) {
    self.length = min(max(length, 4), 8)
    self.characterSet = characterSet
    self.value = ""
    self.status = nil
  }

  /// Whether every box is filled.
  ///
  /// ```swift
  /// var input = CodeInput(length: 4, characterSet: .digits)
  /// input.replace(with: "1234")
  /// input.isComplete  // true
  /// ```
  public var isComplete: Bool { value.utf8.count == length }

  /// The box the caret sits in: the first empty one, or `nil` when the field is full.
  ///
  /// ```swift
  /// var input = CodeInput(length: 6, characterSet: .digits)
  /// input.replace(with: "482")
  /// input.caretIndex  // 3
  /// ```
  public var caretIndex: Int? { isComplete ? nil : value.utf8.count }

  /// One slot per box, in order, with its character and the caret.
  ///
  /// ```swift
  /// var input = CodeInput(length: 4, characterSet: .digits)
  /// input.replace(with: "7")
  /// input.slots[0].character  // "7"
  /// input.slots[1].isCaret    // true
  /// ```
  public var slots: [Slot] {
    let characters = Array(value)
    let caret = caretIndex
    return (0..<length).map { index in
      Slot(character: index < characters.count ? characters[index] : nil, isCaret: index == caret)
    }
  }

  /// What a screen reader says for the field: how many characters are entered, never which.
  ///
  /// ```swift
  /// var input = CodeInput(length: 6, characterSet: .digits)
  /// input.replace(with: "482")
  /// input.accessibilityValue  // "3 of 6 digits entered"
  /// input.replace(with: "482913")
  /// input.status = .incorrect
  /// input.accessibilityValue  // "6 of 6 digits entered, incorrect code"
  /// ```
  public var accessibilityValue: String {
    let noun = characterSet == .digits ? "digits" : "characters"
    var spoken = "\(value.utf8.count) of \(length) \(noun) entered"
    switch status {
    case .incorrect: spoken += ", incorrect code"
    case .accepted: spoken += ", code accepted"
    case nil: break
    }
    return spoken
  }

  /// Sets the field from what its hidden text field now holds, and returns the code when this
  /// change filled the last box.
  ///
  /// Characters outside the set are dropped, digits of other scripts become ASCII and the value
  /// is clamped to the length. When two or more characters arrive at once (a paste, an autofill,
  /// a keyboard suggestion), the extractor looks for a whole code of the field's length and set
  /// in them, so a pasted message fills every box and an inserted code replaces what the field
  /// held.
  ///
  /// Completion is reported once each time the last box gets filled: when the new value is full
  /// and differs from the value before the change. Setting the same full value again reports
  /// nothing; deleting a character and typing it again fills the last box again, and reports.
  ///
  /// ```swift
  /// var input = CodeInput(length: 6, characterSet: .digits)
  /// input.replace(with: "7")              // nil
  /// input.replace(with: "7482913")        // "482913": the inserted code wins
  /// input.replace(with: "482913")         // nil: the same full value again
  /// input.replace(with: "１２-3")           // nil; input.value == "123"
  /// ```
  /// - Complexity: O(*n*) in the length of `text`.
  @discardableResult
  public mutating func replace(with text: String) -> String? {
    let old = value
    let new = Self.resolve(text, replacing: old, length: length, characterSet: characterSet)
    guard new != old else { return nil }
    value = new
    status = nil
    return isComplete ? new : nil
  }

  /// Removes the last character, so the caret moves back one box; an empty field stays empty.
  ///
  /// ```swift
  /// var input = CodeInput(length: 6, characterSet: .digits)
  /// input.replace(with: "482")
  /// input.deleteBackward()
  /// input.value       // "48"
  /// input.caretIndex  // 2
  /// ```
  public mutating func deleteBackward() {
    guard !value.isEmpty else { return }
    value.removeLast()
    status = nil
  }

  /// The code of `length` characters from `characterSet` that the extractor finds in `text`,
  /// or `nil`. `length` is clamped to `4...8`, as a field's is.
  ///
  /// ```swift
  /// CodeInput.extractCode(from: "Use AB12CD to sign in", length: 6, characterSet: .alphanumeric)
  /// // "AB12CD"
  /// CodeInput.extractCode(from: "12345", length: 6, characterSet: .digits)  // nil
  /// ```
  /// - Complexity: that of ``CodeExtractor/extract(from:hints:)``.
  public static func extractCode(
    from text: String, length: Int, characterSet: CodeCharacterSet
  ) -> String? {
    let length = min(max(length, 4), 8)
    let hints = ExtractionHints(length: length, characterSet: characterSet)
    guard let extraction = CodeExtractor().extract(from: text, hints: hints) else { return nil }
    // The extractor may not honour every hint: keep only a code that fits the field exactly,
    // with nothing dropped by sanitizing.
    let code = sanitize(extraction.code, characterSet: characterSet)
    guard code.utf8.count == length, code.utf8.count == extraction.code.unicodeScalars.count
    else { return nil }
    return code
  }

  /// The characters of `text` that a field of `characterSet` accepts, in ASCII, letters
  /// uppercased.
  ///
  /// Digits of every script (Unicode decimal digits) and fullwidth letters are folded to ASCII;
  /// everything else is dropped.
  ///
  /// ```swift
  /// CodeInput.sanitize("１２-3", characterSet: .digits)        // "123"
  /// CodeInput.sanitize("ab-12", characterSet: .alphanumeric)  // "AB12"
  /// ```
  /// - Complexity: O(*n*) in the length of `text`.
  public static func sanitize(_ text: String, characterSet: CodeCharacterSet) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let byte = EntryCharacter.character(scalar, in: characterSet) { bytes.append(byte) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The new value of a field that held `old` when its text becomes `text`.
  private static func resolve(
    _ text: String, replacing old: String, length: Int, characterSet: CodeCharacterSet
  ) -> String {
    let inserted = String(insertedPart(of: text, replacing: old))
    if inserted.unicodeScalars.count >= 2 {
      // Several characters at once: a paste, an autofill or a keyboard's suggestion.
      if let code = extractCode(from: inserted, length: length, characterSet: characterSet) {
        return code
      }
      if inserted.unicodeScalars.count < text.unicodeScalars.count {
        let code = sanitize(inserted, characterSet: characterSet)
        if code.utf8.count == length { return code }  // a bare code inserted: it wins
        if let code = extractCode(from: text, length: length, characterSet: characterSet) {
          return code
        }
      }
    }
    return String(sanitize(text, characterSet: characterSet).prefix(length))
  }

  /// What `text` adds to `old`: `text` without the longest prefix and suffix it shares with it.
  private static func insertedPart(of text: String, replacing old: String) -> Substring {
    let new = text.unicodeScalars
    let before = old.unicodeScalars
    var start = new.startIndex
    var oldStart = before.startIndex
    while start < new.endIndex, oldStart < before.endIndex, new[start] == before[oldStart] {
      new.formIndex(after: &start)
      before.formIndex(after: &oldStart)
    }
    var end = new.endIndex
    var oldEnd = before.endIndex
    while end > start, oldEnd > oldStart {
      let previous = new.index(before: end)
      let oldPrevious = before.index(before: oldEnd)
      guard new[previous] == before[oldPrevious] else { break }
      end = previous
      oldEnd = oldPrevious
    }
    return Substring(new[start..<end])
  }
}
