import Testing

@testable import OTPGrepCLI

/// The check that spares a JSON line its string must agree with the standard library: a line it
/// calls well-formed must be one the library's decoding leaves as it is, and the other way round.
@Suite struct WellFormedUTF8Tests {
  static func agrees(_ bytes: [UInt8]) -> Bool {
    let ours = bytes.withUnsafeBytes { RecordDecoder.isWellFormedUTF8($0) }
    let unchanged = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    return ours == unchanged
  }

  /// Every lead byte, alone (cut short) and before every second byte, and before the boundary
  /// values of the ranges that the bytes after it must fall in; after 0 to 9 ASCII bytes, so that
  /// the eight-byte steps meet it at every offset.
  @Test func agreesOnEverySequenceUpToTheBoundaries() {
    let boundaries: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    var disagreements: [[UInt8]] = []
    func check(_ bytes: [UInt8]) {
      if !Self.agrees(bytes), disagreements.count < 10 { disagreements.append(bytes) }
    }
    for lead in 0...255 {
      let prefix = [UInt8](repeating: 0x61, count: lead % 10)
      check(prefix + [UInt8(lead)])
      for second in 0...255 { check(prefix + [UInt8(lead), UInt8(second)]) }
      for second in boundaries {
        for third in boundaries {
          check(prefix + [UInt8(lead), second, third])
          for fourth in boundaries { check(prefix + [UInt8(lead), second, third, fourth, 0x62]) }
        }
      }
    }
    #expect(disagreements.isEmpty)
  }

  @Test func agreesOnRandomBytesAndOnTextOfEveryPlane() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        Bool.random(using: &generator)
          ? UInt8.random(in: 0x80...0xFF, using: &generator)
          : UInt8.random(in: 0...0x7F, using: &generator)
      }
      #expect(Self.agrees(bytes), "\(bytes)")
      var text = ""
      for _ in 0..<Int.random(in: 0...20, using: &generator) {
        if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator)) {
          text.unicodeScalars.append(scalar)
        }
      }
      let utf8 = Array(text.utf8)
      #expect(utf8.withUnsafeBytes { RecordDecoder.isWellFormedUTF8($0) })
    }
  }
}
