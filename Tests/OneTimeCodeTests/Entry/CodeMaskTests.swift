import OneTimeCode
import Testing

/// A month of at most 12 in the first two digits, checked as the user types.
private let monthOfExpiry: @Sendable (String) -> Bool = { text in
  let month = text.prefix(2)
  guard let number = Int(month) else { return true }
  return month.count == 1 ? number <= 1 : (1...12).contains(number)
}

@Suite struct CodeMaskTests {
  // MARK: - format

  @Test(
    "format walks the mask, skipping what does not fit and writing literals before data",
    arguments: [
      // ##/## (card expiry)
      ("##/##", "", ""),
      ("##/##", "1", "1"),
      ("##/##", "12", "12"),  // not "12/": backspace can always delete
      ("##/##", "123", "12/3"),
      ("##/##", "1225", "12/25"),
      ("##/##", "12/25", "12/25"),
      ("##/##", "12/", "12"),
      ("##/##", "122599", "12/25"),  // what does not fit the mask is dropped
      ("##/##", "１２/２５", "12/25"),  // digits of other scripts
      // #### #### #### #### (card number)
      ("#### #### #### ####", "4111111111111111", "4111 1111 1111 1111"),
      ("#### #### #### ####", "4111 1111 1111 1111", "4111 1111 1111 1111"),
      ("#### #### #### ####", "4111-1111-11", "4111 1111 11"),
      ("#### #### #### ####", "4111", "4111"),
      ("#### #### #### ####", "41111", "4111 1"),
      // (###) ###-####
      ("(###) ###-####", "5", "(5"),
      ("(###) ###-####", "555", "(555"),
      ("(###) ###-####", "5551", "(555) 1"),
      ("(###) ###-####", "5551234567", "(555) 123-4567"),
      ("(###) ###-####", "(555) 123-4567", "(555) 123-4567"),
      ("(###) ###-####", "555.123.4567", "(555) 123-4567"),
      ("(###) ###-####", "(", ""),
      // +34 ### ### ### (a country prefix with digits in it)
      ("+34 ### ### ###", "+34612345678", "+34 612 345 678"),
      ("+34 ### ### ###", "612345678", "+34 612 345 678"),
      ("+34 ### ### ###", "+34 612 345 678", "+34 612 345 678"),
      ("+34 ### ### ###", "3", "+34 3"),  // a typed 3 is a digit of the number
      ("+34 ### ### ###", "34", "+34 34"),
      ("+34 ### ### ###", "+3", "+34 3"),  // an incomplete prefix is not read back
      ("+34 ### ### ###", "+34", ""),
      ("+34 ### ### ###", "+34 6", "+34 6"),
      ("+34 ### ### ###", "tel: +34 612-345-678", "+34 612 345 678"),
      // 1 (###) ###-#### (a prefix whose data part is all digits)
      ("1 (###) ###-####", "5551234567", "1 (555) 123-4567"),
      ("1 (###) ###-####", "1 (555) 123-4567", "1 (555) 123-4567"),
      ("1 (###) ###-####", "1(555)123-4567", "1 (555) 123-4567"),
      ("1 (###) ###-####", "1", "1 (1"),  // a bare 1 is a digit of the area code
      ("1 (###) ###-####", "1 (1", "1 (1"),
      ("1 (###) ###-####", "1 (", ""),
      ("1 (###) ###-####", "15551234567", "1 (155) 512-3456"),  // the prefix must be whole
      // AA-#### (letters then digits)
      ("AA-####", "AB1234", "AB-1234"),
      ("AA-####", "ab-1234", "ab-1234"),
      ("AA-####", "A", "A"),
      ("AA-####", "AB", "AB"),
      ("AA-####", "AB1", "AB-1"),
      ("AA-####", "1234", ""),  // digits do not fit the letter boxes
      ("AA-####", "A1B2", "AB-2"),
      ("AA-####", "Ａｂ１２", "Ab-12"),  // fullwidth, case kept
      // the empty mask changes nothing
      ("", "", ""),
      ("", "anything at all, 123!", "anything at all, 123!"),
      ("", "１２", "１２"),
      // junk
      ("##/##", "a!b@c#d$", ""),
      ("##/##", "💳 1🙂2/🎉3x4", "12/34"),
      ("(###) ###-####", "\u{0}\t\n555\u{7f}12\u{1b}[A34567", "(555) 123-4567"),
      ("AA-####", "—ä—é—Z9—Q—9", "ZQ-9"),
    ])
  func format(mask: String, input: String, expected: String) {
    #expect(CodeMask(mask).format(input) == expected)
  }

  // MARK: - Idempotence

  static let masks = [
    "##/##", "#### #### #### ####", "(###) ###-####", "+34 ### ### ###", "1 (###) ###-####",
    "AA-####", "", "###-###", "#1#", "ID ####", "(####)",
  ]
  static let inputs = [
    "", "1", "12", "123", "1234", "12345678901234567890", "+34612345678", "+3", "3", "34",
    "1 (", "1 (5", "(555) 123-4567", "AB1234", "ab-12", "A1B2C3", "a!b@c#d$", "１２３",
    "💳 1🙂2/🎉3x4", "ID1234", "ID 12", "I", "  +34 6", "1)", "11", "121", "+34 +34 1",
  ]

  @Test("A formatted value formats to itself", arguments: masks)
  func formattingIsIdempotent(mask: String) {
    let codeMask = CodeMask(mask)
    for input in Self.inputs {
      let once = codeMask.format(input)
      #expect(codeMask.format(once) == once, "\(mask.debugDescription) \(input.debugDescription)")
    }
  }

  @Test func formattingIsIdempotentWithAValidator() {
    let mask = CodeMask("##/##", validator: monthOfExpiry)
    for input in ["1325", "0", "00", "1", "19", "2", "12/99", "0012"] + Self.inputs {
      let once = mask.format(input)
      #expect(mask.format(once) == once, "\(input.debugDescription)")
    }
  }

  // `#1#` is left out: there a typed 1 after the first box reads as the literal, on purpose.
  @Test(
    "Typing one character at a time gives the same text as a paste",
    arguments: masks.filter { $0 != "#1#" })
  func typingMatchesPasting(mask: String) {
    let codeMask = CodeMask(mask)
    for code in ["612345678", "5551234567", "AB1234", "1225", "4111111111111111"] {
      var text = ""
      for character in code { text = codeMask.format(text + String(character)) }
      #expect(text == codeMask.format(code), "\(mask.debugDescription) \(code)")
    }
  }

  @Test("Backspace can always delete", arguments: masks.filter { !$0.isEmpty })
  func backspaceCanAlwaysDelete(mask: String) {
    let codeMask = CodeMask(mask)
    var text = codeMask.format("99999999999999999999")
    var steps = 0
    while !text.isEmpty && steps < 40 {
      let shorter = codeMask.format(String(text.dropLast()))
      #expect(
        shorter.count < text.count, "\(mask.debugDescription) stuck at \(text.debugDescription)")
      text = shorter
      steps += 1
    }
    #expect(text.isEmpty)
  }

  // MARK: - isComplete

  @Test(
    "isComplete is true when the formatted text fills the mask",
    arguments: [
      ("##/##", "12/25", true),
      ("##/##", "1225", true),
      ("##/##", "12/2", false),
      ("##/##", "", false),
      ("#### #### #### ####", "4111 1111 1111 1111", true),
      ("#### #### #### ####", "4111 1111 1111 111", false),
      ("(###) ###-####", "(555) 123-4567", true),
      ("(###) ###-####", "(555) 123-456", false),
      ("+34 ### ### ###", "+34 612 345 678", true),
      ("+34 ### ### ###", "+34612345678", true),
      ("+34 ### ### ###", "+34 612 345 67", false),
      ("1 (###) ###-####", "1 (555) 123-4567", true),
      ("AA-####", "AB-1234", true),
      ("AA-####", "AB-123", false),
      ("AA-####", "121234", false),
      ("(####)", "(1234", true),  // a trailing literal is not needed
      ("", "", true),  // the empty mask has no boxes to fill
      ("", "abc", true),
    ])
  func isComplete(mask: String, text: String, expected: Bool) {
    #expect(CodeMask(mask).isComplete(text) == expected)
  }

  // MARK: - Validator

  @Test(
    "A validator rejects what the mask cannot, such as month 13",
    arguments: [
      ("1225", "12/25", true),
      ("1325", "12/5", false),  // 3 would make month 13: skipped, then 2 fits
      ("0", "0", false),
      ("00", "0", false),
      ("0925", "09/25", true),
      ("2", "", false),  // no month starts with 2
      ("12/99", "12/99", true),
    ])
  func validator(input: String, expected: String, complete: Bool) {
    let mask = CodeMask("##/##", validator: monthOfExpiry)
    #expect(mask.format(input) == expected)
    #expect(mask.isComplete(input) == complete)
  }

  @Test func aValidatorCanRefuseACompleteValue() {
    // A whole-value check (here: the digits must not all be the same) accepts every prefix.
    let mask = CodeMask("###-###") { text in
      text.count < 7 || Set(text.filter(\.isNumber)).count > 1
    }
    #expect(mask.format("111111") == "111-11")
    #expect(!mask.isComplete("111111"))
    #expect(mask.isComplete("111112"))
  }

  // MARK: - Elements

  @Test func elementsDescribeTheMask() {
    #expect(
      CodeMask("AA-#").elements == [.letter, .letter, .literal("-"), .digit])
    #expect(CodeMask("+34 ###").slotCount == 3)
    #expect(CodeMask("").slotCount == 0)
  }
}
