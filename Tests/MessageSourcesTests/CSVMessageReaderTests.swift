import MessageSources
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct CSVMessageReaderTests {
  @Test func readsQuotedFieldsNewlinesAndDoubledQuotes() throws {
    let path = fixture("messages.csv")
    let reader = try CSVMessageReader(path: path)
    #expect(reader.delimiter == UInt8(ascii: ","))
    #expect(reader.columns == ["id", "date", "sender", "text"])
    let read = drain(reader)
    #expect(read.errors.isEmpty)
    #expect(read.messages.count == 5)
    #expect(read.messages[0].id == "101")
    #expect(read.messages[0].sender == "+15550100")
    #expect(read.messages[0].isoDate == "2026-03-12T08:15:02Z")
    #expect(read.messages[0].origin == Origin(file: path, position: .line(2)))
    #expect(read.messages[1].text == "Payment of $64.20 to \"Corner Café\" approved")
    #expect(read.messages[2].text == "Ihr Code: 739104\nGültig 10 Minuten.")
    #expect(read.messages[2].isoDate == "2026-03-12T07:21:02Z")  // +01:00 converted to UTC
    #expect(read.messages[3].origin?.position == .line(6))  // after a record spanning two lines
    #expect(read.messages[3].isoDate == "2026-03-12T08:22:02Z")  // epoch milliseconds
    #expect(read.messages[4].sender == nil)
    #expect(read.messages[4].date == nil)
  }

  @Test(arguments: [
    ("messages-semicolon.csv", UInt8(ascii: ";")),
    ("messages.tsv", UInt8(ascii: "\t")),
    ("messages.csv", UInt8(ascii: ",")),
  ])
  func sniffsTheDelimiterFromTheHeader(name: String, delimiter: UInt8) throws {
    let reader = try CSVMessageReader(path: fixture(name))
    #expect(reader.delimiter == delimiter)
    let read = drain(reader)
    #expect(read.messages.count == 5)
    #expect(read.messages[2].text == "Ihr Code: 739104\nGültig 10 Minuten.")
    #expect(read.messages[0].sender == "+15550100")
  }

  @Test func sniffingIgnoresDelimitersInsideQuotes() {
    let header: [UInt8] = Array("\"a,b,c,d\";text;x".utf8)
    #expect(CSVMessageReader.sniffDelimiter(header) == UInt8(ascii: ";"))
    #expect(CSVMessageReader.sniffDelimiter(Array("text".utf8)) == UInt8(ascii: ","))
  }

  @Test func textColumnIsConfigurableAndCaseInsensitive() throws {
    let csv = "When,Who,Message,Note\n2026-03-12,Bank,Code 1234,not this\n"
    let options = ReaderOptions(textColumn: "message")
    let read = drain(try CSVMessageReader(bytes: Array(csv.utf8), path: "m.csv", options: options))
    #expect(read.texts == ["Code 1234"])
    let note = drain(
      try CSVMessageReader(
        bytes: Array(csv.utf8), path: "m.csv", options: ReaderOptions(textColumn: "NOTE")))
    #expect(note.texts == ["not this"])
  }

  @Test func missingTextColumnNamesFileAndColumn() {
    #expect(
      throws: SourceError.malformed(
        Origin(file: "n.csv", position: .line(1)), "no column 'body' in the header")
    ) {
      _ = try CSVMessageReader(
        bytes: Array("a,b\n1,2\n".utf8), path: "n.csv", options: ReaderOptions(textColumn: "body"))
    }
  }

  @Test func unterminatedQuoteFailsItsRecordAndKeepsTheOthers() throws {
    let path = fixture("unterminated.csv")
    let read = drain(try CSVMessageReader(path: path))
    #expect(
      read.texts == [
        "Your Acme verification code is 482910.",
        "Payment of $64.20 to \"Corner Café\" approved",
        "Second code 220719",
      ])
    #expect(
      read.errors == [
        .truncated(Origin(file: path, position: .line(4)), "quoted field is never closed")
      ])
    #expect("\(read.errors[0])" == "\(path):4: quoted field is never closed")
    #expect(read.messages.last?.origin?.position == .line(5))
  }

  /// The lines an open quote swallowed are read again as the file has them: a doubled quote in
  /// them is two quotes, not the one it stood for inside the quote.
  @Test func linesAfterAnOpenQuoteAreReadAgainAsWritten() throws {
    let csv = "id,text\n1,\"open\n2,He said \"\"hi\"\" 4821\n"
    let read = drain(try CSVMessageReader(bytes: Array(csv.utf8), path: "q.csv"))
    #expect(read.errors.map(\.position) == [.line(2)])
    #expect(read.texts == ["He said \"\"hi\"\" 4821"])
    #expect(read.messages.first?.origin?.position == .line(3))
  }

  /// Fields longer than a file's 64 KiB chunk, quoted and not, read as in memory.
  @Test func fieldsAcrossChunksReadAsInMemory() throws {
    var csv = "id,text,date\n"
    for number in 0..<6 {
      let long = String(repeating: "word\(number) ", count: 4_000 + 997 * number)
      csv +=
        number % 2 == 0 ? "\(number),\"\(long)\"\"q\"\"\",\n" : "\(number),\(long),1773303302\r\n"
    }
    let path = "/tmp/otc-\(getpid())-chunks.csv"
    defer { unlink(path) }
    let bytes = Array(csv.utf8)
    let file = try #require(fopen(path, "w"))
    #expect(fwrite(bytes, 1, bytes.count, file) == bytes.count)
    fclose(file)
    let fromFile = drain(try CSVMessageReader(path: path))
    let fromMemory = drain(try CSVMessageReader(bytes: bytes, path: path))
    #expect(fromFile.errors.isEmpty)
    #expect(fromFile.messages.count == 6)
    #expect(fromFile.messages == fromMemory.messages)
    #expect(fromFile.texts[0].hasSuffix("word0 \"q\""))
    #expect(fromFile.texts[1].hasSuffix("word1 "))
    #expect(fromFile.messages[1].date == 1_773_303_302_000)
  }

  @Test func shortRecordIsAnErrorForItsLine() throws {
    let csv = "id,sender,text\n1,Bank,Code 1\n2\n3,Bank,Code 3\n"
    let read = drain(try CSVMessageReader(bytes: Array(csv.utf8), path: "s.csv"))
    #expect(read.texts == ["Code 1", "Code 3"])
    #expect(read.errors.map(\.position) == [.line(3)])
  }

  @Test func byteOrderMarkCRLFAndBlankLines() throws {
    let csv: [UInt8] =
      [0xEF, 0xBB, 0xBF] + Array("text,from\r\nCode 1,A\r\n\r\n\"Code\r\n2\",B\r\n".utf8)
    let read = drain(try CSVMessageReader(bytes: csv, path: "b.csv"))
    #expect(read.texts == ["Code 1", "Code\r\n2"])
    #expect(read.messages.map(\.sender) == ["A", "B"])
  }

  @Test func unixSecondsAndMillisecondsDates() throws {
    let csv = "date,text\n1773303302,a\n1773303302000,b\n2026-03-12 08:15:02,c\nsoon,d\n"
    let read = drain(try CSVMessageReader(bytes: Array(csv.utf8), path: "d.csv"))
    #expect(
      read.messages.map(\.date) == [1_773_303_302_000, 1_773_303_302_000, 1_773_303_302_000, nil])
  }
}
