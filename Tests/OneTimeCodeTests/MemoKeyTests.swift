import CMemoKey
import Testing

@testable import OneTimeCode

@Suite("Memo keys")
struct MemoKeyTests {
  /// The key and hash lanes of `bytes` as the header describes them, a byte at a time.
  private static func reference(_ bytes: [UInt8]) -> (key: [UInt64], scan: otc_memo_key_scan) {
    var even: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var odd: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    var key: [UInt64] = []
    for start in stride(from: 0, to: bytes.count, by: 8) {
      var word: UInt64 = 0
      for (k, b) in bytes[start..<min(start + 8, bytes.count)].enumerated() {
        let masked = b >= 0x30 && b <= 0x39 ? 0x30 : b
        word |= UInt64(masked) << (8 * k)
      }
      key.append(word)
      if key.count % 2 == 1 {
        let x = even ^ word
        even = (x & 0xFFFF_FFFF) &* 0x9E37_79B1 &+ (x >> 32)
      } else {
        let x = odd ^ word
        odd = (x & 0xFFFF_FFFF) &* 0x85EB_CA77 &+ (x >> 32)
      }
    }
    let scan = otc_memo_key_scan(
      even: even, odd: odd, has_digit: bytes.contains { $0 >= 0x30 && $0 <= 0x39 } ? 1 : 0,
      has_non_ascii: bytes.contains { $0 >= 0x80 } ? 1 : 0,
      has_at_sign: bytes.contains(0x40) ? 1 : 0)
    return (key, scan)
  }

  /// The C functions' shape.
  private typealias Keying = (
    UnsafePointer<UInt8>, Int, UnsafeMutablePointer<UInt64>,
    UnsafeMutablePointer<otc_memo_key_scan>
  ) -> Void

  /// The key and scan `function` gives for `bytes`.
  private static func scan(_ bytes: [UInt8], _ function: Keying) -> (
    key: [UInt64], scan: otc_memo_key_scan
  ) {
    var scan = otc_memo_key_start(bytes.count)
    let words = (bytes.count + 7) / 8
    // One word more than the key, which must stay as it was.
    var key = [UInt64](repeating: 0xDEAD_BEEF, count: words + 1)
    bytes.withUnsafeBufferPointer { bytes in
      key.withUnsafeMutableBufferPointer { key in
        function(bytes.baseAddress!, bytes.count, key.baseAddress!, &scan)
      }
    }
    #expect(key[words] == 0xDEAD_BEEF, "a key of \(bytes.count) bytes wrote past its words")
    return (Array(key.prefix(words)), scan)
  }

  @Test(
    "both ways of keying give the reference's words, lanes and flags at every length",
    arguments: 1...256)
  func everyLength(count: Int) {
    // Capitals, with one to four bytes around each class's edges ('/', '0', '9', ':', '?',
    // '@', 'A', 0x7F, 0x80, 0xFF, 0x00) put at random places, in 23 messages of this length.
    let edges: [UInt8] = [0x2F, 0x30, 0x39, 0x3A, 0x3F, 0x40, 0x41, 0x7F, 0x80, 0xFF, 0x00]
    var random = XorShift(state: 0x5EED_0000 &+ UInt64(count))
    for round in 0..<24 {
      var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: 0x41 &+ random.next() % 26) }
      if round > 0 {
        for _ in 0..<(1 + Int(random.next() % 4)) {
          bytes[Int(random.next() % UInt64(count))] = edges[Int(random.next() % 11)]
        }
      }
      let expected = Self.reference(bytes)
      for (name, function) in [
        ("otc_memo_key", otc_memo_key), ("otc_memo_key_portable", otc_memo_key_portable),
      ] {
        let (key, scan) = Self.scan(bytes, function)
        #expect(key == expected.key, "\(name), \(count) bytes")
        #expect(scan.even == expected.scan.even && scan.odd == expected.scan.odd, "\(name)")
        #expect(scan.has_digit == expected.scan.has_digit, "\(name), \(count) bytes")
        #expect(scan.has_non_ascii == expected.scan.has_non_ascii, "\(name), \(count) bytes")
        #expect(scan.has_at_sign == expected.scan.has_at_sign, "\(name), \(count) bytes")
      }
      // The lanes of a key made another way, mixed from its words.
      var mixed = otc_memo_key_start(count)
      otc_memo_key_mix(expected.key, expected.key.count, &mixed)
      #expect(mixed.even == expected.scan.even && mixed.odd == expected.scan.odd)
    }
  }

  @Test("an origin-bound code is found wherever its at sign falls in the key's steps")
  func atSignAnywhere() {
    // The at sign of the last line at offset 0 and every offset from 2 to 70: in a
    // sixteen-byte step, in the last word, or in a short message's only one. Each template
    // comes twice, with other digits: an origin-bound code is never remembered, so the
    // second is found by the grammar too, not answered from the memo.
    let extractor = CodeExtractor()
    var memo = ExtractionWorkspace(templateMemo: 64)
    var plain = ExtractionWorkspace()
    for padding in 0..<70 {
      for code in ["482913", "705117"] {
        var text = String(repeating: "x", count: padding) + "\n@a.example #\(code)"
        if padding == 0 { text.removeFirst() }
        var copy = text
        let (withMemo, without) = copy.withUTF8 { utf8 in
          (
            try? extractor.extract(utf8: utf8.span, reusing: &memo),
            try? extractor.extract(utf8: utf8.span, reusing: &plain)
          )
        }
        #expect(withMemo == without, "at sign after \(padding) bytes")
        #expect(withMemo?.origin?.domain == "a.example", "at sign after \(padding) bytes")
        #expect(withMemo?.code == code)
      }
    }
  }
}
