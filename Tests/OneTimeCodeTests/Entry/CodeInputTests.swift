import OneTimeCode
import Testing

/// Draws the boxes of a field as text: a filled box shows its character, the caret box `^`,
/// any other empty box `_`.
private func picture(_ input: CodeInput) -> String {
  String(input.slots.map { slot in slot.character ?? (slot.isCaret ? "^" : "_") })
}

/// One step of editing a field, for the completion tables.
enum CodeInputEdit: Sendable, CustomStringConvertible {
  case replace(String)
  case backspace

  var description: String {
    switch self {
    case .replace(let text): "replace(\(text.debugDescription))"
    case .backspace: "backspace"
    }
  }
}

@Suite struct CodeInputTests {
  // MARK: - Creating a field

  @Test(
    "The length is clamped to 4...8",
    arguments: [(-1, 4), (0, 4), (3, 4), (4, 4), (6, 6), (8, 8), (9, 8), (100, 8)])
  func lengthIsClamped(requested: Int, expected: Int) {
    let input = CodeInput(length: requested, characterSet: .digits)
    #expect(input.length == expected)
    #expect(input.slots.count == expected)
  }

  @Test func aNewFieldIsEmptyWithTheCaretOnTheFirstBox() {
    let input = CodeInput(length: 6, characterSet: .digits)
    #expect(input.value == "")
    #expect(!input.isComplete)
    #expect(input.caretIndex == 0)
    #expect(picture(input) == "^_____")
    #expect(input.status == nil)
  }

  // MARK: - sanitize

  @Test(
    "sanitize keeps the characters of the set, in ASCII",
    arguments: [
      ("12-34", CodeCharacterSet.digits, "1234"),
      ("１２-3", .digits, "123"),  // fullwidth
      ("٤٨٢-٩١٣", .digits, "482913"),  // Arabic-Indic
      ("۴۸۲۹۱۳", .digits, "482913"),  // Extended Arabic-Indic (Persian)
      ("४८२९१३", .digits, "482913"),  // Devanagari
      ("a1b2 c3", .digits, "123"),
      ("²³½①", .digits, ""),  // superscripts, fractions, circled: numbers, not decimal digits
      ("", .digits, ""),
      ("ab-12 cd", .alphanumeric, "AB12CD"),  // letters uppercased
      ("Ａｂ１２", .alphanumeric, "AB12"),  // fullwidth letters and digits
      ("é1ß2ж3", .alphanumeric, "123"),  // letters outside ASCII are dropped
      ("٤a", .alphanumeric, "4A"),
    ])
  func sanitizeKeepsTheSet(text: String, set: CodeCharacterSet, expected: String) {
    #expect(CodeInput.sanitize(text, characterSet: set) == expected)
  }

  // MARK: - replace(with:)

  @Test(
    "replace(with:) filters, converts, clamps and recognizes whole codes",
    arguments: [
      // (length, set, the field held, the hidden text field now holds, value)
      (6, CodeCharacterSet.digits, "", "4", "4"),
      (6, .digits, "4", "48", "48"),
      (6, .digits, "48", "48x", "48"),  // a character outside the set is dropped
      (6, .digits, "", "１２-3", "123"),
      (6, .digits, "", "1234567890", "123456"),  // clamped to the length
      (6, .digits, "123456", "1234567", "123456"),  // typing into a full field changes nothing
      (6, .digits, "", "123 456", "123456"),  // grouped digits are joined
      (6, .digits, "", "Your code is 482-913.", "482913"),
      (6, .digits, "", "Your code 482913 expires in 10 minutes", "482913"),
      (6, .digits, "7", "7482913", "482913"),  // the inserted code wins, not 748291
      (6, .digits, "7", "7Your code is 482913", "482913"),
      (6, .digits, "48", "482913", "482913"),  // the rest of the code appended
      (4, .digits, "", "Your code is 4829. It expires in 5 minutes.", "4829"),
      (4, .digits, "", "Order 5521: code 8812", "8812"),
      (8, .digits, "", "Your code is 482-913.", "482913"),  // too short for the field: kept
      (4, .digits, "", "12ab34", "1234"),
      (6, .alphanumeric, "", "ab12cd", "AB12CD"),
      (6, .alphanumeric, "", "Use AB12CD to sign in", "AB12CD"),
      (6, .digits, "482913", "48291", "48291"),  // the field deleted a character
      (6, .digits, "482913", "", ""),
    ] as [(Int, CodeCharacterSet, String, String, String)])
  func replaceSetsTheValue(
    length: Int, set: CodeCharacterSet, held: String, text: String, expected: String
  ) {
    var input = CodeInput(length: length, characterSet: set)
    input.replace(with: held)
    #expect(input.value == held)
    input.replace(with: text)
    #expect(input.value == expected)
    #expect(input.isComplete == (expected.count == input.length))
  }

  @Test func replaceWithTheSameValueKeepsTheStatus() {
    var input = CodeInput(length: 4, characterSet: .digits)
    input.replace(with: "1234")
    input.status = .incorrect
    input.replace(with: "1234")
    #expect(input.status == .incorrect)
  }

  @Test func anEditClearsTheStatus() {
    var input = CodeInput(length: 4, characterSet: .digits)
    input.replace(with: "1234")
    input.status = .incorrect
    input.deleteBackward()
    #expect(input.status == nil)
  }

  // MARK: - Slots, caret, backspace

  @Test(
    "One slot per box; the caret sits on the first empty box, none when full",
    arguments: [
      (6, "", "^_____", 0 as Int?),
      (6, "4", "4^____", 1),
      (6, "482", "482^__", 3),
      (6, "48291", "48291^", 5),
      (6, "482913", "482913", nil),
      (4, "12", "12^_", 2),
    ])
  func slotsAndCaret(length: Int, value: String, expected: String, caret: Int?) {
    var input = CodeInput(length: length, characterSet: .digits)
    input.replace(with: value)
    #expect(picture(input) == expected)
    #expect(input.caretIndex == caret)
    #expect(input.slots.filter(\.isCaret).count == (caret == nil ? 0 : 1))
  }

  @Test(
    "Backspace removes one character and moves the caret back one box",
    arguments: [
      ("482913", "48291", 5),
      ("48291", "4829", 4),
      ("4", "", 0),
      ("", "", 0),  // nothing to delete
    ])
  func backspace(value: String, expected: String, caret: Int) {
    var input = CodeInput(length: 6, characterSet: .digits)
    input.replace(with: value)
    input.deleteBackward()
    #expect(input.value == expected)
    #expect(input.caretIndex == caret)
  }

  // MARK: - Accessibility

  @Test(
    "accessibilityValue counts the characters and adds the status",
    arguments: [
      (6, CodeCharacterSet.digits, "", nil, "0 of 6 digits entered"),
      (6, .digits, "482", nil, "3 of 6 digits entered"),
      (6, .alphanumeric, "AB12CD", nil, "6 of 6 characters entered"),
      (4, .alphanumeric, "A", nil, "1 of 4 characters entered"),
      (6, .digits, "482913", .incorrect, "6 of 6 digits entered, incorrect code"),
      (6, .digits, "482913", .accepted, "6 of 6 digits entered, code accepted"),
    ] as [(Int, CodeCharacterSet, String, CodeInput.Status?, String)])
  func accessibilityValue(
    length: Int, set: CodeCharacterSet, value: String, status: CodeInput.Status?,
    expected: String
  ) {
    var input = CodeInput(length: length, characterSet: set)
    input.replace(with: value)
    input.status = status
    #expect(input.accessibilityValue == expected)
  }

  @Test("accessibilityValue never reads the code", arguments: ["987", "9870", "ZXYW", "78"])
  func accessibilityValueNeverReadsTheCode(value: String) {
    var input = CodeInput(length: 4, characterSet: .alphanumeric)
    input.replace(with: value)
    for status in [nil, CodeInput.Status.incorrect, .accepted] {
      input.status = status
      let spoken = input.accessibilityValue.uppercased()
      for character in value { #expect(!spoken.contains(character), "\(spoken)") }
    }
  }

  // MARK: - Completion, reported once

  @Test(
    "Completion is reported once each time the last box gets filled",
    arguments: [
      // Typing box by box: only the sixth key completes.
      (
        [
          .replace("4"), .replace("48"), .replace("482"), .replace("4829"), .replace("48291"),
          .replace("482913"),
        ], [nil, nil, nil, nil, nil, "482913"]
      ),
      // A paste fills every box at once.
      ([.replace("Your code is 482-913.")], ["482913"]),
      // The same full value set again is not reported again.
      ([.replace("482913"), .replace("482913")], ["482913", nil]),
      ([.replace("482913"), .replace("Your code is 482913")], ["482913", nil]),
      // Typing past the end changes nothing, reports nothing.
      ([.replace("482913"), .replace("4829137")], ["482913", nil]),
      // An edit that makes the field full with a different value is reported again.
      ([.replace("482913"), .replace("Your new code is 771204")], ["482913", "771204"]),
      ([.replace("482913"), .backspace, .replace("482910")], ["482913", nil, "482910"]),
      // Deleting and typing the last box again fills it again: reported again.
      ([.replace("482913"), .backspace, .replace("482913")], ["482913", nil, "482913"]),
      // Deleting never completes.
      ([.backspace, .replace("12"), .backspace], [nil, nil, nil]),
    ] as [([CodeInputEdit], [String?])])
  func completionIsReportedOnce(edits: [CodeInputEdit], reports: [String?]) {
    var input = CodeInput(length: 6, characterSet: .digits)
    var seen: [String?] = []
    for edit in edits {
      switch edit {
      case .replace(let text): seen.append(input.replace(with: text))
      case .backspace:
        input.deleteBackward()
        seen.append(nil)
      }
    }
    #expect(seen == reports)
  }

  // MARK: - extractCode

  @Test(
    "extractCode finds a code of the field's length and set, or nil",
    arguments: [
      ("Use AB12CD to sign in", 6, CodeCharacterSet.alphanumeric, "AB12CD" as String?),
      ("12345", 6, .digits, nil),
      ("Your code is 482913", 6, .digits, "482913"),
      ("Your code is 482-913.", 6, .digits, "482913"),
      ("Code 1234 or 482913", 6, .digits, "482913"),
      ("Never share your verification code", 6, .digits, nil),
      ("12345678", 6, .digits, nil),  // longer than the field
      ("", 4, .digits, nil),
    ])
  func extractCode(text: String, length: Int, set: CodeCharacterSet, expected: String?) {
    #expect(CodeInput.extractCode(from: text, length: length, characterSet: set) == expected)
  }
}
