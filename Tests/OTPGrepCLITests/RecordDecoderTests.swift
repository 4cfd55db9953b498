import OTPGrepCLI
import OneTimeCode
import Testing

@Suite("Decoding records")
struct RecordDecoderTests {
  /// Records of every kind, one after the other, as a run meets them.
  static let records: [(InputFormat, String)] = [
    (.jsonLines, #"{"id":7,"sender":"Bank","date":"2026-03-12T08:15:02Z","text":"PIN 1234"}"#),
    (.lines, "Your code is 482913\r"),
    (.jsonLines, #"{"text": 5}"#),
    (.nul, "code\r"),
    (.jsonLines, "   "),
    (.jsonLines, #"{"text":"é 1234","date":1700000000}"#),
    (.lines, "caf\u{FFFD} 9931"),
    (.jsonLines, "not json"),
    (.lines, ""),
  ]

  @Test("a message reused from record to record holds what a fresh decode gives, no more")
  func reusedMessageEqualsFreshOne() {
    var message = InputMessage(
      text: "left over", line: 99, id: "x", sender: "y", date: "z", error: "old")
    message.timestamp = 1
    message.truncated = true
    for (n, (format, text)) in Self.records.enumerated() {
      for truncated in [false, true] {
        let decoder = RecordDecoder(format: format)
        let bytes = Array(text.utf8) + (n == 6 ? [0xFF] : [])
        let fresh = bytes.withUnsafeBytes {
          decoder.decode($0, line: n + 1, truncated: truncated)
        }
        let reused = bytes.withUnsafeBytes {
          decoder.decode($0, line: n + 1, truncated: truncated, into: &message)
        }
        #expect(reused == (fresh != nil), "\(n)")
        if let fresh { #expect(message == fresh, "\(n)") }
      }
    }
  }
}

@Suite("Lines read in place")
struct LineInPlaceTests {
  /// Lines as a run meets them: valid, ill-formed, cut inside a scalar, with CR, empty.
  static let lines: [[UInt8]] = [
    Array("Your code is 482913".utf8),
    Array("Код подтверждения: 5521\r".utf8),
    Array("caf".utf8) + [0xFF] + Array(" 9931 is your code".utf8),
    Array("882211 是您的验证码".utf8).dropLast(),
    Array("Your code is 123456.".utf8) + [0xC3, 0x28] + Array(" PIN 1234".utf8),
    Array("Order 5521 shipped\r\r".utf8),
    [],
    [0x0D],
  ]

  @Test("the text in place is the line without its CR, and the other fields are a decode's")
  func textMatchesDecode() {
    var message = InputMessage(text: "left over", line: 9, id: "x", sender: "y", error: "old")
    for format in [InputFormat.lines, .nul] {
      let decoder = RecordDecoder(format: format)
      for (n, line) in Self.lines.enumerated() {
        line.withUnsafeBytes { raw in
          let text = decoder.text(raw, line: n + 1, truncated: n == 3, into: &message)
          var fresh = decoder.decode(raw, line: n + 1, truncated: n == 3)!
          let expected = format == .lines && line.last == 0x0D ? line.dropLast() : line[...]
          #expect(text.map(Array.init) == Array(expected), "\(format) \(n)")
          // The text alone, for a window, which keeps no message.
          #expect(decoder.text(raw).map(Array.init) == Array(expected), "\(format) \(n)")
          #expect(message.text.isEmpty)
          fresh.text = ""
          fresh.repairedUTF8 = false
          #expect(message == fresh, "\(format) \(n)")
        }
      }
    }
    #expect(
      Array("{}".utf8).withUnsafeBytes {
        RecordDecoder(format: .jsonLines).text($0, line: 1, truncated: false, into: &message)
      } == nil)
    #expect(Array("{}".utf8).withUnsafeBytes { RecordDecoder(format: .jsonLines).text($0) } == nil)
  }

  @Test(
    "a line read in place gives the record, diagnostics and counts of its decoded string",
    arguments: [
      [], ["--explain"], ["--format", "tsv"], ["--only-found"], ["-q"], ["--format", "json"],
      ["--mask", "###-###"], ["--min-confidence", "0"],
    ])
  func inPlaceMatchesString(arguments: [String]) throws {
    let configuration = try Configuration(arguments: arguments, environment: [:])
    let processor = MessageProcessor(configuration: configuration)
    let decoder = RecordDecoder(format: .lines)
    let file = RecordFile("sms.txt")
    var inPlace: ([UInt8], [UInt8], Tally) = ([], [], Tally())
    var decoded: ([UInt8], [UInt8], Tally) = ([], [], Tally())
    var message = InputMessage(text: "")
    var workspace = ExtractionWorkspace()
    for (n, line) in Self.lines.enumerated() {
      line.withUnsafeBytes { raw in
        let text = decoder.text(raw, line: n + 1, truncated: n == 3, into: &message)!
        processor.process(
          message, utf8: text, file: file, into: &inPlace.0, diagnostics: &inPlace.1,
          tally: &inPlace.2, reusing: &workspace)
        let fresh = decoder.decode(raw, line: n + 1, truncated: n == 3)!
        processor.process(
          fresh, file: file, into: &decoded.0, diagnostics: &decoded.1, tally: &decoded.2,
          reusing: &workspace)
      }
    }
    #expect(
      String(decoding: inPlace.0, as: UTF8.self) == String(decoding: decoded.0, as: UTF8.self))
    #expect(inPlace.1 == decoded.1)
    #expect(inPlace.2 == decoded.2)
    #expect(inPlace.2.repairedUTF8 == 3)
    #expect(inPlace.2.messages == Self.lines.count)
  }
}
