import OTPGrepCLI
import Testing

@Suite("Splitting input into records")
struct RecordFramerTests {
  func frames(_ input: [UInt8], delimiter: UInt8 = 0x0A, cap: Int = 1 << 20, chunk: Int = 65536)
    throws -> [(String, Int, Bool)]
  {
    var result: [(String, Int, Bool)] = []
    try RecordFramer(delimiter: delimiter, maximumBytes: cap).run(MemorySource(input, chunk: chunk))
    {
      result.append((String(decoding: $0.bytes, as: UTF8.self), $0.line, $0.truncated))
    }
    return result
  }

  @Test(
    "lines, whatever the read size",
    arguments: [1, 2, 3, 7, 65536])
  func linesAtAnyReadSize(chunk: Int) throws {
    let got = try frames(Array("one\n\nthree\nlast".utf8), chunk: chunk)
    #expect(got.map(\.0) == ["one", "", "three", "last"])
    #expect(got.map(\.1) == [1, 2, 3, 4])
  }

  @Test(
    "a frame shows the next record when its delimiter has been read, whatever the read size",
    arguments: [1, 2, 3, 7, 65536])
  func nextRecord(chunk: Int) throws {
    let long = String(repeating: "x", count: 30)
    let input = Array("one\n\nthree\n\(long)\nfour\nlast".utf8)
    var seen: [(text: String, next: String?)] = []
    try RecordFramer(delimiter: 0x0A, maximumBytes: 20).run(MemorySource(input, chunk: chunk)) {
      seen.append(
        (
          String(decoding: $0.bytes, as: UTF8.self),
          $0.next.map { String(decoding: $0, as: UTF8.self) }
        ))
    }
    #expect(seen.map(\.text) == ["one", "", "three", String(long.prefix(20)), "four", "last"])
    // When shown, the next record is the next frame's (a cut record's next is never shown).
    for (k, frame) in seen.enumerated() where frame.next != nil {
      #expect(frame.next == seen[k + 1].text)
      #expect(k != 3)
    }
    if chunk == 65536 {
      #expect(seen.map(\.next) == ["", "three", nil, nil, nil, nil])
    }
  }

  @Test func anEmptyInputHasNoRecordsAndANewlineHasOne() throws {
    #expect(try frames([]).isEmpty)
    #expect(try frames(Array("\n".utf8)).map(\.0) == [""])
    #expect(try frames(Array("a\n".utf8)).map(\.0) == ["a"])
  }

  @Test func nulSeparatedRecordsMayHoldNewlines() throws {
    let got = try frames(Array("a\nb\u{0}c\u{0}".utf8), delimiter: 0)
    #expect(got.map(\.0) == ["a\nb", "c"])
  }

  @Test(
    "a record over the cap is cut, flagged, and the rest skipped", arguments: [1, 5, 64, 65536])
  func cap(chunk: Int) throws {
    let long = String(repeating: "x", count: 100)
    let got = try frames(Array("short\n\(long)\nafter".utf8), cap: 10, chunk: chunk)
    #expect(got.map(\.0) == ["short", "xxxxxxxxxx", "after"])
    #expect(got.map(\.1) == [1, 2, 3])
    #expect(got.map(\.2) == [false, true, false])
  }

  @Test func theCutNeverSplitsACharacter() throws {
    // "ééééé" is 10 bytes; a cap of 5 must give two whole characters (4 bytes).
    let got = try frames(Array("ééééé\n".utf8), cap: 5, chunk: 3)
    #expect(got.map(\.0) == ["éé"])
    #expect(got.first?.2 == true)
  }

  @Test func aLongInputWithManyReadsKeepsEveryRecord() throws {
    let lines = (0..<50_000).map { "message \($0)" }
    let got = try frames(Array((lines.joined(separator: "\n") + "\n").utf8), cap: 64)
    #expect(got.map(\.0) == lines)
  }
}
