import Testing

@testable import OneTimeCode

/// The shortcuts taken for speed must give the answers of the plain code they replace.
@Suite("Fast paths")
struct FastPathTests {
  /// Deterministic pseudo-random bytes (xorshift), biased towards the bytes searched for.
  private static func buffers() -> [[UInt8]] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
    let alphabet: [UInt8] = [0x40, 0x23, 0x41, 0x20, 0x3F, 0xC0, 0x80, 0xFF, 0x00, 0x7F, 0x39]
    var result: [[UInt8]] = [[]]
    for length in 1...40 {
      for _ in 0..<25 {
        var bytes: [UInt8] = []
        for _ in 0..<length {
          let r = next()
          bytes.append(
            r % 3 == 0 ? alphabet[Int(r / 3 % UInt64(alphabet.count))] : UInt8(r >> 40 & 0x7F))
        }
        result.append(bytes)
      }
    }
    return result
  }

  @Test("ByteSearch.contains agrees with a byte loop, at every length and position")
  func containsMatchesLoop() {
    for bytes in Self.buffers() {
      for needle: UInt8 in [0x40, 0x23, 0x00, 0x7F, 0x3F] {
        let expected = bytes.contains(needle)
        let got = bytes.withUnsafeBufferPointer { ByteSearch.contains(needle, in: $0) }
        #expect(got == expected, "\(needle) in \(bytes)")
      }
    }
  }

  @Test("ByteSearch.isASCII agrees with a byte loop")
  func isASCIIMatchesLoop() {
    for bytes in Self.buffers() {
      let expected = bytes.allSatisfy { $0 < 0x80 }
      #expect(bytes.withUnsafeBufferPointer { ByteSearch.isASCII($0) } == expected, "\(bytes)")
    }
  }

  @Test("the cached fold of every BMP scalar is ICU's fold, on the first call and after")
  func foldCacheIsTransparent() {
    var checked = 0
    for value in UInt32(0x80)..<0x1_0000 {
      let direct = TextNormalizer.foldScalar(value, cached: false)
      // The first call may fill the cache; the second reads it back.
      #expect(TextNormalizer.foldScalar(value, cached: true) == direct, "U+\(value)")
      #expect(TextNormalizer.foldScalar(value, cached: true) == direct, "U+\(value)")
      checked += 1
    }
    #expect(checked == 0x1_0000 - 0x80)
  }
}
