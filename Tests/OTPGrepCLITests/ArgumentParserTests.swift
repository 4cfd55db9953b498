import MessageSources
import OTPGrepCLI
import OneTimeCode
import Testing

@Suite("Option parsing")
struct ArgumentParserTests {
  @Test(
    "each spelling of an option with a value gives the same value",
    arguments: [
      ["--jobs", "4"], ["--jobs=4"], ["-j", "4"], ["-j4"],
    ])
  func valueSpellings(arguments: [String]) throws {
    let parsed = try ParsedArguments(arguments)
    #expect(parsed.options == [.init(option: .jobs, value: "4")])
    #expect(parsed.operands.isEmpty)
  }

  @Test func groupedShortFlagsAndAnAttachedValue() throws {
    let parsed = try ParsedArguments(["-zoj2", "file"])
    #expect(parsed.options.map(\.option) == [.nullData, .onlyFound, .jobs])
    #expect(parsed.options.last?.value == "2")
    #expect(parsed.operands == ["file"])
  }

  @Test func doubleDashEndsOptionsAndDashIsAnOperand() throws {
    let parsed = try ParsedArguments(["-", "--", "--explain", "-z"])
    #expect(parsed.options.isEmpty)
    #expect(parsed.operands == ["-", "--explain", "-z"])
  }

  @Test func optionsAndOperandsMayInterleave() throws {
    let parsed = try ParsedArguments(["a.txt", "-o", "b.txt", "--format", "code"])
    #expect(parsed.operands == ["a.txt", "b.txt"])
    #expect(parsed.options.map(\.option) == [.onlyFound, .format])
  }

  @Test func anEqualsValueMayBeEmptyOrHoldEquals() throws {
    #expect(try ParsedArguments(["--text-field=a=b"]).options.first?.value == "a=b")
    #expect(try ParsedArguments(["-m", "x=1"]).options.first?.value == "x=1")
  }

  @Test func aNegativeNumberIsAValueNotAnOption() throws {
    #expect(try ParsedArguments(["--min-confidence", "-1"]).options.first?.value == "-1")
  }

  @Test(
    "usage errors",
    arguments: [
      (["--bogus"], UsageError.unknownOption("--bogus")),
      (["--bogus=1"], .unknownOption("--bogus")),
      (["-x"], .unknownOption("-x")),
      (["-zx"], .unknownOption("-x")),
      (["--jobs"], .missingValue(.jobs)),
      (["-j"], .missingValue(.jobs)),
      (["--text-field", "--explain"], .missingValue(.textField)),
      (["--explain=yes"], .unexpectedValue(.explain)),
    ])
  func usageErrors(arguments: [String], expected: UsageError) {
    #expect(throws: expected) { try ParsedArguments(arguments) }
  }

  @Test func everyOptionHasALongSpellingAndShortOnesAreUnique() {
    let shorts = Option.allCases.compactMap(\.short)
    #expect(Set(shorts).count == shorts.count)
    for option in Option.allCases { #expect(Option(rawValue: option.rawValue) == option) }
  }
}

@Suite("Configuration")
struct ConfigurationTests {
  @Test func defaults() throws {
    let config = try Configuration(arguments: [], environment: [:])
    #expect(config.action == .run)
    #expect(config.outputFormat == .jsonLines)
    #expect(config.textField == "text")
    #expect(config.jobs >= 1)
    #expect(config.progressAllowed)
    #expect(config.inputFormat(for: "a.txt") == .lines)
    #expect(config.inputFormat(for: "a.jsonl") == .jsonLines)
  }

  @Test func hintsReachTheExtractor() throws {
    let config = try Configuration(
      arguments: ["--length", "6", "--charset", "alnum", "--min-confidence=0.25"], environment: [:])
    #expect(config.hints.length == 6)
    #expect(config.hints.characterSet == .alphanumeric)
    #expect(config.hints.minimumConfidence == 0.25)
  }

  @Test func inputOptionOverridesTheExtension() throws {
    let config = try Configuration(arguments: ["-z"], environment: [:])
    #expect(config.inputFormat(for: "a.jsonl") == .nul)
  }

  @Test(
    "invalid values",
    arguments: [
      ["--format", "xml"], ["--input", "csv2"], ["--length", "0"], ["--length", "six"],
      ["--charset", "hex"], ["--min-confidence", "2"], ["--jobs", "-1"], ["--text-field="],
      ["--since", "soon"], ["--until", "2026-02-30"], ["--sender="], ["--max-message-bytes", "0"],
      ["--follow"], ["--follow", "-"], ["-f", "a", "b"],
    ])
  func invalidValues(arguments: [String]) {
    #expect(throws: UsageError.self) { try Configuration(arguments: arguments, environment: [:]) }
  }

  @Test func noColorAndDumbTerminalsTurnTheProgressBarOff() throws {
    #expect(try !Configuration(arguments: [], environment: ["NO_COLOR": ""]).progressAllowed)
    #expect(try !Configuration(arguments: [], environment: ["TERM": "dumb"]).progressAllowed)
    #expect(try !Configuration(arguments: ["--no-progress"], environment: [:]).progressAllowed)
  }

  @Test func helpWinsOverVersion() throws {
    #expect(try Configuration(arguments: ["-V", "-h"], environment: [:]).action == .help)
    #expect(try Configuration(arguments: ["-V"], environment: [:]).action == .version)
  }

  @Test func jobsZeroMeansOnePerCore() throws {
    let config = try Configuration(arguments: ["-j0"], environment: [:])
    #expect(config.jobs == (try Configuration(arguments: [], environment: [:])).jobs)
  }

  @Test func dumpFormatsAreInputFormats() throws {
    for name in ["xml", "android", "apple", "csv"] {
      let config = try Configuration(arguments: ["--input", name], environment: [:])
      #expect(config.inputFormat?.dumpFormat?.rawValue == name)
      #expect(try config.inputFormat(for: "x.jsonl", prefix: []).rawValue == name)
    }
  }

  @Test(
    "detection by name and first bytes",
    arguments: [
      ("a.jsonl", "<?xml", InputFormat.jsonLines), ("backup", "<?xml version='1.0'", .xml),
      ("b.txt", "\u{FEFF}  <smses count=\"1\">", .xml), ("export.CSV", "id,text", .csv),
      ("e.tsv", "id\ttext", .csv), ("notes.xml", "Your code", .lines), ("log", "", .lines),
    ])
  func detection(name: String, prefix: String, expected: InputFormat) throws {
    let config = try Configuration(arguments: [], environment: [:])
    #expect(try config.inputFormat(for: name, prefix: Array(prefix.utf8)) == expected)
  }

  @Test func aDotDBThatIsNotSQLiteIsAnError() throws {
    let config = try Configuration(arguments: [], environment: [:])
    #expect(throws: SourceError.notSQLite(file: "x.db")) {
      try config.inputFormat(for: "x.db", prefix: Array("hello".utf8))
    }
  }

  @Test func filtersCountAgesFromNow() throws {
    let now: Int64 = 1_773_316_800_000  // 2026-03-12T12:00:00Z
    let config = try Configuration(
      arguments: ["--since", "2h", "--until=2026-03-12", "--sender", "bank"], environment: [:],
      now: now)
    #expect(config.filter.since == now - 7_200_000)
    #expect(config.filter.until == 1_773_360_000_000, "a bare day includes that day")
    #expect(config.filter.sender?.pattern == "bank")
  }

  @Test func maxMessageBytesTakesSuffixes() throws {
    #expect(try Configuration(arguments: [], environment: [:]).maximumMessageBytes == 1 << 20)
    for (value, bytes) in [("4096", 4096), ("3k", 3072), ("2M", 2 << 20), ("1G", 1 << 30)] {
      let config = try Configuration(arguments: ["--max-message-bytes", value], environment: [:])
      #expect(config.maximumMessageBytes == bytes)
    }
  }

  @Test func aDumpErrorWithAPlaceBecomesARecordWithoutItsPrefix() throws {
    let truncated = SourceError.truncated(
      Origin(file: "a.xml", position: .line(29)), "file ends inside a <sms> tag")
    let message = try #require(InputMessage(truncated))
    #expect(message.line == 29)
    #expect(message.error == "file ends inside a <sms> tag")
    let row = try #require(InputMessage(.malformed(Origin(file: "c.db", position: .row(4)), "cut")))
    #expect(row.row == 4 && row.line == nil && row.error == "cut")
    #expect(InputMessage(.notSQLite(file: "x.db")) == nil)
  }

  @Test func followTakesOneFile() throws {
    let config = try Configuration(arguments: ["-f", "chat.db"], environment: [:])
    #expect(config.follow)
    #expect(config.files == ["chat.db"])
  }
}
