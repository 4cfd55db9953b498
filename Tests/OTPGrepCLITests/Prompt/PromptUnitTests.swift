import OneTimeCode
import Testing

@testable import OTPGrepCLI

@Suite struct PromptOptionsTests {
  @Test(
    "Options parse into lengths, sets, masks and flags",
    arguments: [
      ([], 6, CodeCharacterSet.digits, nil as String?),
      (["--length", "4"], 4, .digits, nil),
      (["--length=8"], 8, .digits, nil),
      (["--charset", "alnum"], 6, .alphanumeric, nil),
      (["--charset=digits", "--length", "5"], 5, .digits, nil),
      (["--mask", "###-###"], 6, .digits, "###-###"),
      (["--mask=AA-####"], 6, .alphanumeric, "AA-####"),
      (["--mask", "+34 ### ###"], 6, .digits, "+34 ### ###"),
      (["--mask", "####", "--length", "4"], 4, .digits, "####"),
      (["--mask", ""], 6, .digits, nil),  // the empty mask is no mask
    ] as [([String], Int, CodeCharacterSet, String?)])
  func parses(arguments: [String], length: Int, set: CodeCharacterSet, mask: String?) throws {
    let options = try PromptOptions.parse(arguments)
    #expect(options.length == length)
    #expect(options.characterSet == set)
    #expect(options.mask == mask)
  }

  @Test func flags() throws {
    let options = try PromptOptions.parse(["--secure", "--confirm", "--label", "Bank code"])
    #expect(options.secure && options.confirm && options.label == "Bank code")
    #expect(try PromptOptions.parse(["-h"]).help)
    #expect(try PromptOptions.parse(["--help"]).help)
  }

  @Test(
    "Usage errors name the mistake",
    arguments: [
      (["--bogus"], PromptUsageError.unknownOption("--bogus")),
      (["--length"], .missingValue(.length)),
      (["--length", "3"], .invalidLength("3")),
      (["--length", "9"], .invalidLength("9")),
      (["--length", "six"], .invalidLength("six")),
      (["--charset", "hex"], .invalidCharset("hex")),
      (["--secure=yes"], .unexpectedValue(.secure)),
      (["extra"], .unexpectedArgument("extra")),
      (["--", "extra"], .unexpectedArgument("extra")),
      (["--mask", "##"], .maskSlots(2)),
      (["--mask", "###-###", "--length", "4"], .maskLengthMismatch(slots: 6, length: 4)),
      (["--mask", "AA-####", "--charset", "digits"], .maskNeedsLetters),
    ] as [([String], PromptUsageError)])
  func usageErrors(arguments: [String], expected: PromptUsageError) {
    #expect(throws: expected) { try PromptOptions.parse(arguments) }
  }

  @Test func usageErrorExitsTwo() {
    #expect(PromptCommand.main(["--length", "12"]) == 2)
  }
}

@Suite struct PromptKeyDecoderTests {
  @Test(
    "Bytes become keys",
    arguments: [
      ("48", [PromptKey.text("48")]),
      ("4\u{7F}8", [.text("4"), .backspace, .text("8")]),
      ("4\u{08}", [.text("4"), .backspace]),
      ("\r", [.enter]),
      ("\n", [.enter]),
      ("\u{03}", [.cancel]),
      ("\u{04}", [.cancel]),
      ("\u{1B}\u{1B}", [.cancel]),
      ("\u{1B}[A4", [.text("4")]),  // an arrow is ignored
      ("\u{1B}OB", []),
      ("\u{1B}[200~Your code is 482-913.\u{1B}[201~", [.paste("Your code is 482-913.")]),
      ("1\u{1B}[200~a\nb\u{7F}\u{1B}[201~2", [.text("1"), .paste("a\nb\u{7F}"), .text("2")]),
      ("１２", [.text("１２")]),
    ])
  func decodes(input: String, expected: [PromptKey]) {
    var decoder = PromptKeyDecoder()
    #expect(decoder.feed(Array(input.utf8)) == expected)
    #expect(!decoder.isWaiting)
  }

  @Test func aLoneEscapeWaitsThenCancels() {
    var decoder = PromptKeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.isWaiting)
    #expect(decoder.flush() == [.cancel])
  }

  @Test func anEscapeSequenceSplitAcrossReadsIsOneKey() {
    var decoder = PromptKeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed(Array("[B".utf8)) == [])
    #expect(!decoder.isWaiting)
  }

  @Test func aPasteSplitAcrossReadsIsOnePaste() {
    var decoder = PromptKeyDecoder()
    let bytes = Array("\u{1B}[200~Your code: 771204\u{1B}[201~".utf8)
    var keys: [PromptKey] = []
    for byte in bytes { keys += decoder.feed([byte]) }
    #expect(keys == [.paste("Your code: 771204")])
  }

  @Test func aCharacterSplitAcrossReadsIsKept() {
    var decoder = PromptKeyDecoder()
    let bytes = Array("٤".utf8)
    #expect(decoder.feed([bytes[0]]) == [])
    #expect(decoder.feed([bytes[1]]) == [.text("٤")])
  }
}

@Suite struct PromptSessionTests {
  private func session(_ arguments: [String]) throws -> PromptSession {
    PromptSession(options: try PromptOptions.parse(arguments))
  }

  @Test(
    "Keys fill the boxes and finish the prompt",
    arguments: [
      ([], [.text("4"), .text("8"), .text("2"), .text("9"), .text("1")], "48291", .editing),
      ([], [.text("48291"), .text("3")], "482913", .finished("482913")),
      ([], [.text("4x8")], "48", .editing),  // characters outside the set are ignored
      ([], [.text("482"), .backspace], "48", .editing),
      ([], [.paste("Your code is 482-913.")], "482913", .finished("482913")),
      ([], [.text("7"), .paste("482913")], "482913", .finished("482913")),
      ([], [.text("12"), .cancel], "12", .cancelled),
      (["--confirm"], [.text("482913")], "482913", .editing),
      (["--confirm"], [.text("482913"), .enter], "482913", .finished("482913")),
      (["--confirm"], [.text("48"), .enter], "48", .editing),  // Enter needs full boxes
      (["--confirm"], [.text("482913"), .paste("New code: 771204")], "771204", .editing),
      (["--charset", "alnum"], [.text("ab12cd")], "AB12CD", .finished("AB12CD")),
      (["--mask", "###-###"], [.paste("Your code is 482 913")], "482913", .finished("482-913")),
      (["--mask", "AA-####"], [.text("1")], "", .editing),  // a digit does not fit a letter box
      (["--mask", "AA-####"], [.text("ab1234")], "AB1234", .finished("AB-1234")),
    ] as [([String], [PromptKey], String, PromptSession.Outcome)])
  func keys(
    arguments: [String], keys: [PromptKey], value: String, outcome: PromptSession.Outcome
  ) throws {
    var session = try session(arguments)
    var last = PromptSession.Outcome.editing
    for key in keys { last = session.handle(key) }
    #expect(session.input.value == value)
    #expect(last == outcome)
  }

  @Test(
    "Line mode prints the code in the line, or nothing",
    arguments: [
      ([], "Your code is 482-913.", "482913" as String?),
      ([], "G-771204 is your Google verification code", "771204"),
      ([], "no code here", nil),
      ([], "12345", nil),
      (["--length", "4"], "PIN 4829", "4829"),
      (["--mask", "###-###"], "Your code is 482913", "482-913"),
    ] as [([String], String, String?)])
  func lineMode(arguments: [String], line: String, expected: String?) throws {
    #expect(
      PromptSession.code(inLine: line, options: try PromptOptions.parse(arguments)) == expected)
  }

  @Test(
    "The renderer draws the label, the boxes and the status",
    arguments: [
      ([], [], "[_][ ][ ][ ][ ][ ]", "0 of 6 digits entered"),
      ([], [.text("482")], "[4][8][2][_][ ][ ]", "3 of 6 digits entered"),
      (["--secure"], [.text("482")], "[•][•][•][_][ ][ ]", "3 of 6 digits entered"),
      (
        ["--length", "4", "--charset", "alnum"], [.text("ab")], "[A][B][_][ ]",
        "2 of 4 characters entered"
      ),
      (["--mask", "###-###"], [.text("4829")], "[4][8][2]-[9][_][ ]", "4 of 6 digits entered"),
      (["--mask", "+34 ####"], [], "+34 [_][ ][ ][ ]", "0 of 4 digits entered"),
      (
        ["--confirm"], [.text("482913")], "[4][8][2][9][1][3]",
        "6 of 6 digits entered, press Enter"
      ),
    ] as [([String], [PromptKey], String, String)])
  func renders(arguments: [String], keys: [PromptKey], boxes: String, status: String) throws {
    let options = try PromptOptions.parse(arguments)
    var session = PromptSession(options: options)
    for key in keys { _ = session.handle(key) }
    let renderer = PromptRenderer(style: .plain, secure: options.secure, label: options.label)
    #expect(renderer.lines(for: session, columns: 80) == ["Enter the code", boxes, status])
  }

  @Test(
    "The active box is coloured, in reverse video under NO_COLOR, plain on a dumb terminal",
    arguments: [
      (nil as String?, "xterm-256color" as String?, "\u{1B}[1;36m[_]\u{1B}[0m"),
      ("1", "xterm-256color", "\u{1B}[7m[_]\u{1B}[27m"),
      ("", "xterm", "\u{1B}[1;36m[_]\u{1B}[0m"),  // an empty NO_COLOR does not count
      (nil, "dumb", "[_]"),
    ])
  func activeBoxStyle(noColor: String?, term: String?, activeBox: String) throws {
    let style = PromptRenderer.Style.forEnvironment(noColor: noColor, term: term)
    let session = PromptSession(options: try PromptOptions.parse(["--length", "4"]))
    let renderer = PromptRenderer(style: style, secure: false, label: "")
    let boxes = renderer.lines(for: session, columns: 80)[1]
    #expect(boxes == activeBox + "[ ][ ][ ]")
    if style != .color { #expect(!boxes.contains("36m")) }
  }

  @Test func longLinesAreCutToTheWidth() throws {
    let options = try PromptOptions.parse(["--label", String(repeating: "x", count: 100)])
    let renderer = PromptRenderer(style: .plain, secure: false, label: options.label)
    let lines = renderer.lines(for: PromptSession(options: options), columns: 20)
    #expect(lines[0].count == 19)
    #expect(lines[2].count <= 19)
  }
}
