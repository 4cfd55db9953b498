import Foundation
import OneTimeCode
import Testing

@testable import OTPGrepCLI

@Suite("Records of codes held as spans")
struct FindingRecordTests {
  /// The texts of `Fixtures/corpus`, each followed by itself with its digits in Devanagari.
  static func texts() throws -> [String] {
    let corpus = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/corpus")
    var result: [String] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
    where file.hasSuffix(".jsonl") {
      let data = try Data(contentsOf: corpus.appendingPathComponent(file))
      for raw in data.split(separator: UInt8(ascii: "\n")) {
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(raw)) as? [String: Any])
        let text = try #require(object["text"] as? String)
        var devanagari = String.UnicodeScalarView()
        for c in text.unicodeScalars {
          let v = c.value
          devanagari.append(v >= 0x30 && v <= 0x39 ? Unicode.Scalar(0x0966 + v - 0x30)! : c)
        }
        result += [text, String(devanagari)]
      }
    }
    return result
  }

  @Test(
    "a code held as spans is written as its extraction is, in every format",
    arguments: OutputFormat.allCases)
  func sameRecord(format: OutputFormat) throws {
    let extractor = CodeExtractor()
    let writer = RecordWriter(format: format)
    var workspace = ExtractionWorkspace(sharing: TemplateMemo(templates: 4096))
    let file = RecordFile("sms \"backup\".txt")
    var spans = 0
    // Twice over, the second time mostly from the memo.
    for (n, text) in try (Self.texts() + Self.texts()).enumerated() {
      var message = InputMessage(text: "", line: n + 1)
      if n % 3 == 0 {
        message.id = "id-\(n)"
        message.sender = "+1555\(n)"
        message.date = "2026-12-03T05:00:00Z"
      }
      let bytes = Array(text.utf8)
      try bytes.withUnsafeBufferPointer { text in
        let finding = try extractor.find(utf8: text, reusing: &workspace)
        if case .code = finding { spans += 1 }
        for formatted in [nil, "12-34"] as [String?] {
          var ours: [UInt8] = []
          var theirs: [UInt8] = []
          writer.write(
            message: message, text: text, file: file, finding: finding, candidates: nil,
            formatted: formatted, to: &ours)
          writer.write(
            message: message, text: text, file: file, extraction: finding.extraction(in: text),
            candidates: nil, formatted: formatted, to: &theirs)
          #expect(
            String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
        }
        // The window's plain record of a line with a code, made without a message.
        if format == .jsonLines, case .code(let found) = finding, message.id == nil {
          var direct: [UInt8] = []
          writer.writeRecord(found, text: text, line: n + 1, file: file, to: &direct)
          var theirs: [UInt8] = []
          writer.write(
            message: message, text: text, file: file, finding: finding, candidates: nil,
            formatted: nil, to: &theirs)
          #expect(
            String(decoding: direct, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
        }
      }
    }
    #expect(spans > 1000)
  }

  /// Records without a code written many at once (the window's runs of lines without one)
  /// are the records written one by one, their line numbers counted up as text: across
  /// numbers that gain a digit, from the first line, and past sixteen digits.
  @Test(
    "records without a code written together are those written one by one",
    arguments: [
      1..<130, 95..<105, 998..<1_003, 9_999_990..<10_000_011, 123_456..<123_457,
      9_999_999_999_999_995..<10_000_000_000_000_004,
      99_999_999_999_999_990..<100_000_000_000_000_003,
    ])
  func recordsWithoutCodeTogether(lines: Range<Int>) {
    let writer = RecordWriter(format: .jsonLines)
    for file in [RecordFile("sms \"backup\".txt"), RecordFile(nil), RecordFile("<stdin>")] {
      var together: [UInt8] = Array("before\n".utf8)
      writer.writeRecordsWithoutCode(lines: lines, file: file, to: &together)
      var oneByOne: [UInt8] = Array("before\n".utf8)
      for line in lines {
        writer.write(
          message: InputMessage(text: "", line: line),
          text: UnsafeBufferPointer(start: nil, count: 0),
          file: file, finding: .none, candidates: nil, formatted: nil, to: &oneByOne)
      }
      // Told record by record, so that a failure names the first that differs.
      let ours = together.split(separator: 0x0A)
      let theirs = oneByOne.split(separator: 0x0A)
      #expect(ours.count == theirs.count, "\(lines)")
      if let k = ours.indices.first(where: { $0 < theirs.count && ours[$0] != theirs[$0] }) {
        Issue.record(
          "\(lines): record \(k) is \(String(decoding: ours[k], as: UTF8.self)), not \(String(decoding: theirs[k], as: UTF8.self))"
        )
      }
    }
  }
}
