import MessageSources
import Testing

@Suite struct DumpFormatTests {
  @Test(arguments: [
    ("sms-backup.xml", DumpFormat.xml),
    ("sms-billion-laughs.xml", .xml),
    ("mmssms.db", .android),
    ("chat.db", .apple),
    ("chat-cut-blob.db", .apple),
    ("messages.csv", .csv),
    ("messages-semicolon.csv", .csv),
    ("messages.tsv", .csv),
  ])
  func detectsFixturesFromContent(name: String, format: DumpFormat) throws {
    #expect(try DumpFormat.detect(path: fixture(name)) == format)
  }

  @Test func rawValuesAreTheInputSpellings() {
    #expect(DumpFormat.allCases.map(\.rawValue) == ["xml", "android", "apple", "csv"])
    #expect(DumpFormat(rawValue: "apple") == .apple)
  }

  @Test func xmlIsRecognizedAfterByteOrderMarkAndSpace() throws {
    #expect(
      try DumpFormat.detect(
        prefix: [0xEF, 0xBB, 0xBF] + Array(" \n<smses count=\"1\">".utf8), path: "x") == .xml)
    #expect(
      try DumpFormat.detect(prefix: Array("<!--File Created By SMS Backup-->".utf8), path: "-")
        == .xml)
  }

  @Test func plainTextIsNotADump() throws {
    #expect(
      try DumpFormat.detect(prefix: Array("Your code is 1234\n".utf8), path: "notes.txt") == nil)
    #expect(try DumpFormat.detect(prefix: Array("{\"text\":\"x\"}\n".utf8), path: "a.jsonl") == nil)
  }

  @Test func aDotDBFileThatIsNotSQLiteIsAnError() {
    let path = fixture("not-sqlite.db")
    #expect(throws: SourceError.notSQLite(file: path)) { _ = try DumpFormat.detect(path: path) }
  }

  @Test func anSQLiteDatabaseWithoutMessageTablesIsAnError() {
    let path = fixture("no-message-table.db")
    #expect(throws: SourceError.unknownDatabase(file: path)) {
      _ = try DumpFormat.detect(path: path)
    }
  }

  @Test(arguments: DumpFormat.allCases)
  func makeReaderOpensEachFormat(format: DumpFormat) throws {
    let name = [
      "xml": "sms-backup.xml", "android": "mmssms.db", "apple": "chat.db", "csv": "messages.csv",
    ][format.rawValue]!
    let reader = try format.makeReader(path: fixture(name))
    #expect(reader.format == format)
    let read = drain(reader)
    #expect(read.errors.isEmpty)
    #expect(read.texts.contains { $0.contains("482910") })
  }
}
