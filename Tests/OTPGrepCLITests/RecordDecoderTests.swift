import OTPGrepCLI
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
