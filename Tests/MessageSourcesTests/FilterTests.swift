import MessageSources
import Testing

@Suite struct TimestampTests {
  @Test(arguments: [
    (Int64(0), "1970-01-01T00:00:00Z"),
    (Int64(1_773_303_302_000), "2026-03-12T08:15:02Z"),
    (Int64(1_773_303_302_999), "2026-03-12T08:15:02Z"),
    (Int64(951_782_400_000), "2000-02-29T00:00:00Z"),
    (Int64(-1), "1969-12-31T23:59:59Z"),
    (Int64(253_402_300_799_000), "9999-12-31T23:59:59Z"),
    (Int64(253_402_300_800_000), "10000-01-01T00:00:00Z"),
    (Int64(-62_167_219_200_000), "0000-01-01T00:00:00Z"),
    (Int64(-62_167_305_600_000), "-0001-12-31T00:00:00Z"),
  ])
  func formatsISO8601(milliseconds: Int64, text: String) {
    #expect(Timestamp.iso8601(milliseconds) == text)
  }

  /// The digits written in place read back as the same second, over the years 1 to 9999.
  @Test func formattedDatesReadBackAsTheSameSecond() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let milliseconds = Int64.random(
        in: -62_135_596_800_000..<253_402_300_800_000, using: &generator)
      let text = Array(Timestamp.iso8601(milliseconds).utf8)
      try #require(text.count == 20)
      func number(_ range: Range<Int>) -> Int { Int(String(decoding: text[range], as: UTF8.self))! }
      let back = Timestamp.milliseconds(
        year: number(0..<4), month: number(5..<7), day: number(8..<10), hour: number(11..<13),
        minute: number(14..<16), second: number(17..<19))
      #expect(back == milliseconds - (milliseconds % 1000 + 1000) % 1000, "\(milliseconds)")
    }
  }

  @Test func messageDateFormatting() {
    #expect(Message(text: "x", date: 1_773_303_302_000).isoDate == "2026-03-12T08:15:02Z")
    #expect(Message(text: "x").isoDate == nil)
  }

  @Test func originsDescribeThemselvesForErrorMessages() {
    #expect("\(Origin(file: "a.xml", position: .line(3)))" == "a.xml:3")
    #expect("\(Origin(file: "chat.db", position: .row(42)))" == "chat.db: row 42")
  }
}

@Suite struct DateBoundTests {
  let now = Timestamp.milliseconds(year: 2026, month: 3, day: 12, hour: 12)!

  @Test(arguments: [
    ("2026-03-12", "2026-03-12T00:00:00Z"),
    ("2026-03-12T08:15", "2026-03-12T08:15:00Z"),
    ("2026-03-12T08:15:02Z", "2026-03-12T08:15:02Z"),
    ("2026-03-12 08:15:02", "2026-03-12T08:15:02Z"),
    ("2026-03-12T08:15:02.750Z", "2026-03-12T08:15:02Z"),
    ("2026-03-12T08:15:02+01:00", "2026-03-12T07:15:02Z"),
    ("2026-03-12T08:15:02-0530", "2026-03-12T13:45:02Z"),
    ("2026-03-12T23:30:00-02", "2026-03-13T01:30:00Z"),
    ("30m", "2026-03-12T11:30:00Z"),
    ("2h", "2026-03-12T10:00:00Z"),
    ("7d", "2026-03-05T12:00:00Z"),
    ("1w", "2026-03-05T12:00:00Z"),
    ("45s", "2026-03-12T11:59:15Z"),
  ])
  func parsesDatesAndAges(text: String, expected: String) throws {
    #expect(Timestamp.iso8601(try DateBound.parse(text, now: now)) == expected)
  }

  @Test(arguments: [
    "", "yesterday", "2026-13-01", "2026-02-30", "2026-3-12", "12h30", "-2h", "2h ",
    "2026-03-12T25:00",
  ])
  func refusesWhatItCannotRead(text: String) {
    #expect(throws: FilterError.invalidDate(text)) { _ = try DateBound.parse(text, now: now) }
  }

  @Test func keepsMilliseconds() throws {
    #expect(try DateBound.parseAbsolute("1970-01-01T00:00:01.5Z") == 1500)
  }
}

@Suite struct MessageFilterTests {
  let now = Timestamp.milliseconds(year: 2026, month: 3, day: 12, hour: 12)!

  @Test func sinceIsInclusiveAndUntilExclusive() {
    let filter = MessageFilter(since: 1000, until: 2000)
    #expect(filter.matches(Message(text: "", date: 1000)))
    #expect(filter.matches(Message(text: "", date: 1999)))
    #expect(!filter.matches(Message(text: "", date: 999)))
    #expect(!filter.matches(Message(text: "", date: 2000)))
  }

  @Test func aBareUntilDayIncludesTheWholeDay() throws {
    let filter = try MessageFilter(since: nil, until: "2026-03-12", sender: nil, now: now)
    #expect(
      filter.matches(
        Message(
          text: "",
          date: Timestamp.milliseconds(year: 2026, month: 3, day: 12, hour: 23, minute: 59)!)))
    #expect(
      !filter.matches(
        Message(text: "", date: Timestamp.milliseconds(year: 2026, month: 3, day: 13)!)))
  }

  @Test func relativeSince() throws {
    let filter = try MessageFilter(since: "2h", until: nil, sender: nil, now: now)
    #expect(filter.matches(Message(text: "", date: now - 3_600_000)))
    #expect(!filter.matches(Message(text: "", date: now - 3 * 3_600_000)))
  }

  @Test func dateBoundsDropUndatedMessages() {
    #expect(!MessageFilter(since: 0).matches(Message(text: "x")))
    #expect(MessageFilter().matches(Message(text: "x")))
    #expect(MessageFilter().isEmpty)
  }

  @Test func senderAndDatesCombine() throws {
    let filter = try MessageFilter(since: "1d", until: nil, sender: "bank", now: now)
    #expect(filter.matches(Message(text: "", sender: "AcmeBank", date: now)))
    #expect(!filter.matches(Message(text: "", sender: "Acme", date: now)))
    #expect(!filter.matches(Message(text: "", sender: "AcmeBank", date: now - 2 * 86_400_000)))
  }

  @Test func badArgumentsAreTypedErrors() {
    #expect(throws: FilterError.invalidDate("soon")) {
      _ = try MessageFilter(since: "soon", until: nil, sender: nil, now: 0)
    }
    #expect(throws: FilterError.emptySenderPattern) { _ = try SenderPattern("") }
  }
}

@Suite struct SenderPatternTests {
  @Test(arguments: [
    ("bank", "MyBank", true),
    ("BANK", "acme-bank-alerts", true),
    ("bank", "Acme", false),
    ("*bank", "MyBank", true),
    ("*bank", "MyBank Alerts", false),
    ("+1555*", "+15550100", true),
    ("+1555*", "+4415550100", false),
    ("G?OGLE", "google", true),
    ("G?OGLE", "googles", false),
    ("a*b*c", "aXbYbZc", true),
    ("a*b*c", "aXbYbZ", false),
    ("555 010-0", "+1 (555) 0100", true),
    ("+1 (555) 0100", "+15550100", true),
    ("5550199", "+15550100", false),
    ("Ørsted", "ØRSTED Energi", true),
  ])
  func matches(pattern: String, sender: String, expected: Bool) throws {
    #expect(try SenderPattern(pattern).matches(sender) == expected)
  }

  @Test func noSenderNeverMatches() throws {
    #expect(!(try SenderPattern("*").matches(nil)))
    #expect(try SenderPattern("*").matches(""))
  }
}
