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

  /// Every gap the scorer can ask for in `text`: between any two ends of candidates and
  /// terms, measured from running counts and by walking, must be the same.
  private static func gapsAgree(_ text: String) -> Bool {
    let bytes = TextNormalizer.normalize(text).bytes
    return bytes.withUnsafeBufferPointer { buffer in
      var candidates: [Candidate] = []
      CandidateScanner.scan(buffer, into: &candidates)
      var matches: [TermMatch] = []
      Lexicon.standard.matches(in: buffer, into: &matches)
      var ends = Set<Int>()
      for c in candidates { ends.formUnion([c.start, c.end]) }
      for m in matches { ends.formUnion([Int(m.start), Int(m.end)]) }
      let positions = ends.sorted()
      let running = Scorer(
        bytes: buffer, lexicon: .standard, matches: matches, candidates: candidates,
        hints: ExtractionHints(), gapCounting: .runningCounts)
      let walking = Scorer(
        bytes: buffer, lexicon: .standard, matches: matches, candidates: candidates,
        hints: ExtractionHints(), gapCounting: .walking)
      for (n, from) in positions.enumerated() {
        for to in positions[(n + 1)...]
        where running.gap(from: from, to: to) != walking.gap(from: from, to: to) {
          return false
        }
      }
      return true
    }
  }

  @Test("gaps walked over their bytes equal gaps from running counts, on the whole corpus")
  func walkingEqualsRunningCounts() throws {
    var checked = 0
    for line in try CorpusAccuracyTests.lines() {
      #expect(Self.gapsAgree(line.text), "\(line.lang): a gap differs")
      checked += 1
    }
    #expect(checked > 900)
  }

  @Test(
    "a break just before a gap is not counted again inside it",
    arguments: [
      "Ref.\n48213 is not your code", "Your code.\n\n482913", "Kod: 4821.\n Ваш код 5521!\n 7731",
      "Dr. Mensah\n482913", "आपका ओ.टी.पी.\n482913 है", "Pay Rs.\n500 now. Code 4821",
      "valid 10 min.\n\n482913", "code; \n 482913\r\n.", "验证码。\n482913",
    ])
  func breakBeforeGap(text: String) {
    #expect(Self.gapsAgree(text))
  }
}
