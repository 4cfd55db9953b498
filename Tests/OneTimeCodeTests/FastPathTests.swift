import Foundation
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

  @Test("ByteSearch.firstIndex finds the first byte as a byte loop does, from every start")
  func firstIndexMatchesLoop() {
    var checked = 0
    for bytes in Self.buffers() {
      for needle: UInt8 in [0x40, 0x23, 0x00, 0x80, 0xFF] {
        for start in 0...bytes.count {
          let expected = bytes[start...].firstIndex(of: needle)
          let got = bytes.withUnsafeBufferPointer {
            ByteSearch.firstIndex(of: needle, in: $0, from: start)
          }
          #expect(got == expected, "\(needle) in \(bytes) from \(start)")
          checked += 1
        }
      }
    }
    #expect(checked > 100_000)
  }

  @Test("the extractor's fold writes what the mapped fold writes, on mixes of every length")
  func foldRunsMatchMappedFold() {
    // Scalars of one to four bytes: kept, folded to ASCII, to another length, dropped,
    // grown, beyond the plane; then the same text with each scalar's length known.
    let pieces = [
      "a", "7", " ", "é", "Ж", "к", "Ａ", "\u{200F}", "٤", "ﬁ", "😀", "\u{00A0}", "€", "码",
      "ก", "Ω", "ß", "\u{FDFA}", "İ",
    ].map { Array($0.utf8) }
    var state: UInt64 = 0x6A09_E667_F3BC_C909
    var checked = 0
    for length in 0..<48 {
      for _ in 0..<40 {
        var bytes: [UInt8] = []
        var kept = true
        for _ in 0..<length {
          state ^= state << 13
          state ^= state >> 7
          state ^= state << 17
          let piece = pieces[Int(truncatingIfNeeded: state >> 33) % pieces.count]
          bytes += piece
          let folded = piece.withUnsafeBufferPointer { TextNormalizer.fold($0).bytes }
          if folded.count != piece.count { kept = false }
        }
        var wellFormed = true
        var keepsOffsets = !kept
        let folded = TextNormalizer.foldedBytes(
          bytes, wellFormed: &wellFormed, keepsOffsets: &keepsOffsets)
        let expected = bytes.withUnsafeBufferPointer { TextNormalizer.fold($0).bytes }
        #expect(wellFormed && folded == expected, "\(bytes)")
        #expect(keepsOffsets == kept, "\(bytes)")
        checked += 1
      }
    }
    #expect(checked == 48 * 40)
  }

  @Test("ByteSearch.firstDigit agrees with a byte loop, from every start, at every length")
  func firstDigitMatchesLoopAtEveryLength() {
    // The bytes next to the digits' range (`/`, `:`), the digits at its ends, and bytes whose
    // low bits are a digit's (0xB0, 0xB9), at lengths across the 16-byte steps and the last
    // load that overlaps them.
    let alphabet: [UInt8] = [0x2F, 0x30, 0x39, 0x3A, 0x41, 0xB0, 0xB9, 0x20, 0x20, 0x61, 0x61]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var checked = 0
    for length in 0...70 {
      for _ in 0..<12 {
        // Few digits, so that most searches go far.
        let bytes = (0..<length).map { _ -> UInt8 in
          state ^= state << 13
          state ^= state >> 7
          state ^= state << 17
          let pick = Int(truncatingIfNeeded: state >> 40) % 64
          return pick < alphabet.count ? alphabet[pick] : 0x62
        }
        for start in 0...length {
          let expected = bytes.indices.first { $0 >= start && bytes[$0] &- 0x30 < 10 }
          let got = bytes.withUnsafeBufferPointer { ByteSearch.firstDigit(in: $0, from: start) }
          #expect(got == expected, "from \(start) in \(bytes)")
          checked += 1
        }
      }
    }
    #expect(checked == 12 * (71 * 72 / 2))
  }

  @Test("ByteSearch.scalarCount counts the bytes that are no continuation byte, in any range")
  func scalarCountMatchesLoop() {
    for bytes in Self.buffers() where bytes.count <= 24 {
      for lower in 0...bytes.count {
        for upper in lower...bytes.count {
          let expected = bytes[lower..<upper].filter { $0 & 0xC0 != 0x80 }.count
          let got = bytes.withUnsafeBufferPointer {
            ByteSearch.scalarCount(in: $0, lower..<upper)
          }
          #expect(got == expected, "\(lower)..<\(upper) of \(bytes)")
        }
      }
    }
  }

  @Test(
    "Rounding.halfAwayFromZero is rounded(): at halves, next to them, at 2^52 and beyond",
    arguments: [
      0, -0.0, 0.5, -0.5, 0.49999999999999994, -0.49999999999999994, 0.5000000000000001, 1.5,
      2.5, -2.5, 3.4999999999999996, 1023.5, 1024.5, 0x1p52 - 0.5, 0x1p52 - 1.5, 0x1p52,
      0x1p52 + 1, -(0x1p52 + 1), 0x1p53 + 2, 1e300, -.infinity, .infinity, .nan,
      .leastNonzeroMagnitude,
    ])
  func roundingAtEdges(value: Double) {
    let got = Rounding.halfAwayFromZero(value)
    let expected = value.rounded()
    #expect(got.bitPattern == expected.bitPattern || (got.isNaN && expected.isNaN), "\(value)")
  }

  @Test("Rounding.halfAwayFromZero is rounded() over a sweep of confidences and scores")
  func roundingSweep() {
    var value = -60_000.0
    var count = 0
    var wrong: [Double] = []
    while value < 60_000 {
      // Each step's value, and the doubles on either side of it and of its next half.
      for v in [value, value.nextDown, value.nextUp, (value + 0.5).nextDown, value + 0.5]
      where Rounding.halfAwayFromZero(v).bitPattern != v.rounded().bitPattern {
        wrong.append(v)
      }
      value += 0.137
      count += 1
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    #expect(count > 800_000)
  }

  @Test("the branch-free search finds where a predicate turns false, at every length and place")
  func lowerBoundMatchesScan() {
    var checked = 0
    for count in 0...70 {
      for split in 0...count {
        var asked: [Int] = []
        let found = Scorer.lowerBound(count) { index in
          asked.append(index)
          return index < split
        }
        #expect(found == split, "count \(count), split \(split)")
        // In range, and logarithmic: a linear scan would ask up to `count` times.
        #expect(asked.allSatisfy { (0..<count).contains($0) }, "count \(count)")
        #expect(asked.count <= count.bitWidth - count.leadingZeroBitCount + 1, "count \(count)")
        checked += 1
      }
    }
    #expect(checked == 71 * 72 / 2)
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

  @Test("the fold's cache of UTF-8 bytes holds each BMP scalar's fold of three bytes or fewer")
  func foldUTF8CacheIsTransparent() {
    func utf8(_ scalars: [UInt32]) -> [UInt8] {
      scalars.flatMap { Array(String(Unicode.Scalar($0)!).utf8) }
    }
    var cached = 0
    var text: [UInt8] = []
    var expected: [UInt8] = []
    for value in UInt32(0x80)..<0x1_0000 where !(0xD800...0xDFFF).contains(value) {
      // Folded to more than 32 scalars, the fold loop keeps the scalar as it is.
      let direct = TextNormalizer.foldScalar(value, cached: false)
      let folded = utf8(direct ?? [value])
      let short = direct != nil && folded.count <= 3 ? folded : nil
      // The first read may fill the entry; the second reads it back.
      #expect(TextNormalizer.cachedUTF8Fold(value) == short, "U+\(value)")
      #expect(TextNormalizer.cachedUTF8Fold(value) == short, "U+\(value)")
      if short != nil { cached += 1 }
      text += utf8([value])
      expected += folded
    }
    #expect(cached > 60_000)
    // Beyond the plane the loop always asks `otc_fold_scalar`.
    #expect(TextNormalizer.cachedUTF8Fold(0x1F600) == nil)
    // The extractor's fold of every scalar in a row writes what each folds to.
    var wellFormed = true
    var keepsOffsets = true
    let folded = TextNormalizer.foldedBytes(
      text, wellFormed: &wellFormed, keepsOffsets: &keepsOffsets)
    #expect(wellFormed)
    #expect(folded == expected)
    #expect(text.withUnsafeBufferPointer { TextNormalizer.fold($0).bytes } == expected)
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
        bytes: buffer, matches: matches, candidates: candidates,
        hints: ExtractionHints(), gapCounting: .runningCounts)
      let walking = Scorer(
        bytes: buffer, matches: matches, candidates: candidates,
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

  /// `count` deterministic byte strings, each `length` pieces glued at random (xorshift).
  static func gluings(of pieces: [[UInt8]], count: Int, length: Int, seed: UInt64)
    -> [[UInt8]]
  {
    var state = seed
    return (0..<count).map { _ in
      var bytes: [UInt8] = []
      for _ in 0..<length {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        bytes += pieces[Int(state % UInt64(pieces.count))]
      }
      return bytes
    }
  }

  /// The terms found by walking the trie from possible starts, and by the automaton; and the
  /// kinds the walk gathers, those of the terms it keeps.
  private static func matchersAgree(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var walked: [TermMatch] = []
      let kinds = Lexicon.standard.matches(in: buffer, into: &walked)
      let automaton = Lexicon.standard.automatonMatches(in: buffer)
      return walked.map { [$0.term, $0.start, $0.end] }
        == automaton.map { [$0.term, $0.start, $0.end] }
        && kinds == TermRoles(automaton)
    }
  }

  @Test("the trie walk finds the automaton's terms, in its order, on the whole corpus")
  func trieWalkEqualsAutomatonOnCorpus() throws {
    var checked = 0
    for line in try CorpusAccuracyTests.lines() {
      let folded = TextNormalizer.normalize(line.text).bytes
      #expect(Self.matchersAgree(Array(folded)), "\(line.lang): the terms differ")
      // Upper case, camel case and spacing change where walks may start.
      let shouted = Array(line.text.uppercased().utf8)
      #expect(Self.matchersAgree(shouted), "\(line.lang): the terms differ in upper case")
      let squeezed = Array(line.text.replacingOccurrences(of: " ", with: "").utf8)
      #expect(Self.matchersAgree(squeezed), "\(line.lang): the terms differ without spaces")
      let spread = Array(line.text.replacingOccurrences(of: " ", with: " \t\n ").utf8)
      #expect(Self.matchersAgree(spread), "\(line.lang): the terms differ with runs of space")
      checked += 1
    }
    #expect(checked > 900)
  }

  @Test(
    "the trie walk finds the automaton's terms where words run together or break oddly",
    arguments: [
      "VerifyCode 4821", "yourCode:4821", "OTPcode 4821", "PIN-Code: 4821", "codecode code",
      "  code   is  4821  ", "\ncode\n\nis\t4821", "Kod:4821 kodu", "кодкод код 4821",
      "验证码验证码123456", "รหัสOTP 4821", "$5 %3 1st 2nd 3rd", "code\u{200B}4821",
    ])
  func trieWalkOddSpots(text: String) {
    #expect(Self.matchersAgree(Array(text.utf8)))
    #expect(Self.matchersAgree(Array(TextNormalizer.normalize(text).bytes)))
  }

  @Test("the trie walk finds the automaton's terms in random bytes, broken UTF-8 included")
  func trieWalkOnRandomBytes() {
    // Pieces of terms and of scripts, glued at random, with stray and truncated sequences.
    let pieces: [[UInt8]] =
      [
        "code", "Code", "CODE", "A", "PASSCODE", "otp", "is", " ", "  ", "\n", "\t", "your", "pin",
        "кол", "код",
        "ваш", "码", "验证", "rs", ".", ":", "$", "%", "1", "2", "4821", "min", "valid", "é", "ñ",
        "ओटीपी", "कोड", "है", "।", "รหัส", "인증번호", "코드", "رمز", "التحقق", "κωδικός",
      ].map { Array($0.utf8) }
      + [[0x80], [0xBF], [0xD0], [0xE9, 0xAA], [0xFF], [0xC3], [0xE0, 0xA4], [0xEA], [0xE0]]
    for bytes in Self.gluings(of: pieces, count: 3000, length: 12, seed: 0x2545_F491_4F6C_DD1D) {
      #expect(Self.matchersAgree(bytes), "\(bytes)")
    }
  }

  /// `bytes` with every ASCII digit moved on by `shift` (mod 10).
  private static func shifted(_ bytes: [UInt8], by shift: UInt8) -> [UInt8] {
    bytes.map { $0 &- 0x30 < 10 ? 0x30 + ($0 - 0x30 + shift) % 10 : $0 }
  }

  /// Checks the filter for code words and safety phrases on `bytes`: it says "none" only
  /// where the matcher finds none, and says the same whatever the digits are. Returns what it
  /// said.
  private static func positiveFilterHolds(_ bytes: [UInt8]) -> Bool {
    let lexicon = Lexicon.standard
    let may = bytes.withUnsafeBufferPointer { lexicon.mayHavePositiveTerm(in: $0) }
    var matches: [TermMatch] = []
    let roles = bytes.withUnsafeBufferPointer { lexicon.matches(in: $0, into: &matches) }
    let found = !roles.isDisjoint(with: Lexicon.positiveRoles)
    #expect(may || !found, "\(String(decoding: bytes, as: UTF8.self))")
    if bytes.contains(where: { $0 &- 0x30 < 10 }) {
      for shift: UInt8 in 1...9 {
        let other = shifted(bytes, by: shift)
        #expect(
          other.withUnsafeBufferPointer { lexicon.mayHavePositiveTerm(in: $0) } == may,
          "\(String(decoding: bytes, as: UTF8.self)) with its digits moved on by \(shift)")
      }
    }
    return may
  }

  @Test(
    "the filter for code words finds none only where the matcher finds none, whatever the digits"
  )
  func positiveFilterIsConservative() throws {
    var said = [false: 0, true: 0]
    var texts = try CorpusAccuracyTests.lines().flatMap { line in
      [
        Array(TextNormalizer.normalize(line.text).bytes), Array(line.text.uppercased().utf8),
        Array(line.text.replacingOccurrences(of: " ", with: "").utf8),
        Array(line.text.replacingOccurrences(of: " ", with: " \t\n ").utf8),
      ]
    }
    // Terms with digits in them ("2FA", "2-step code"), words that start inside others, runs
    // of space, camel case, scripts without spaces and broken UTF-8, glued at random.
    let pieces: [[UInt8]] =
      [
        "2fa", "2FA", "3fa", "2-step", "2 step", "2 factor", "2", "2 ", "-step", "two", "factor",
        "fa", "code", "Code",
        "verify", "Verify", "your", "is", "do not share", "never", "share", " ", "  ", "\n",
        "\t", "1", "2", "12", "482913", "order", "card", "ending", "кол", "код", "ваш", "码",
        "验证", "रहस्य", "कोड", "รหัส", "인증번호", "رمز", "التحقق", "κωδικός", "é", ":", ".",
      ].map { Array($0.utf8) } + [[0x80], [0xD0], [0xE9, 0xAA], [0xE0, 0xA4], [0xEA]]
    texts += Self.gluings(of: pieces, count: 3000, length: 8, seed: 0xB5AD_4ECE_DA1C_E2A9)
    // A term that begins with a digit, whatever follows the digit: a space, a dash, a
    // letter, another digit, or the end.
    texts += [
      "2 factor", "2-factor", "2factor", "2fa", "12 factor", "2 2fa", "2", "x 2  factor 4543",
      "2\nfactor", "2-step verification code", "2FA-Code", "a2fa",
    ].map { Array($0.utf8) }
    for bytes in texts {
      said[Self.positiveFilterHolds(bytes)]! += 1
    }
    // Both answers are given often: the filter spares the matcher somewhere.
    #expect(said[false]! > 1000)
    #expect(said[true]! > 1000)
  }

  @Test("a three-byte letter judged by its first two bytes is the letter judged by decoding")
  func threeByteLetterClassMatchesDecoding() {
    // What the matcher's loop over a word's further letters skips without decoding: the
    // pairs from EA 80 to EE BF and from E0 A0 to E0 B7, each with three last bytes.
    var checked = 0
    for lead in UInt8(0xE0)...0xEF {
      for second in UInt8(0x80)...0xBF {
        for third: UInt8 in [0x80, 0x9F, 0xBF] {
          guard Lexicon.isSpacedLetterOfThreeBytes(lead, second) else { continue }
          [lead, second, third].withUnsafeBufferPointer { buffer in
            #expect(
              Lexicon.isSpacedScriptLetter(Lexicon.decode(buffer, at: 0)),
              "\([lead, second, third])")
          }
          checked += 1
        }
      }
    }
    #expect(checked == (5 * 64 + 24) * 3)
  }

  @Test("a letter judged by its lead is the letter judged by decoding, cut sequences included")
  func leadClassMatchesDecoding() {
    var checked = 0
    for lead in UInt8(0x80)...0xFF {
      for second in UInt8(0)...0xFF {
        for tail: [UInt8] in [[], [0x80], [0x80, 0xBF], [0x41]] {
          for bytes in [[lead], [lead, second] + tail] {
            bytes.withUnsafeBufferPointer { buffer in
              let expected = Lexicon.isSpacedScriptLetter(Lexicon.decode(buffer, at: 0))
              #expect(
                Lexicon.isSpacedScriptLetter(lead: lead, buffer, at: 0) == expected, "\(bytes)")
            }
            checked += 1
          }
        }
      }
    }
    #expect(checked == 128 * 256 * 8)
  }

  @Test(
    "the fold says whether it kept every offset",
    arguments: [
      ("Ваш КОД: 4812", true), ("Straße 12, Code 4812", true), ("Código 4812", false),
      ("Код\u{00A0}4812", false), ("رمز ٤٨١٢", false), ("ｺｰﾄﾞ 4812", true), ("Ｃｏｄｅ 4812", false),
    ])
  func foldKeepsOffsets(text: String, keeps: Bool) {
    let bytes = Array(text.utf8)
    var wellFormed = true
    var keepsOffsets = !keeps
    _ = TextNormalizer.foldedBytes(bytes, wellFormed: &wellFormed, keepsOffsets: &keepsOffsets)
    #expect(wellFormed)
    #expect(keepsOffsets == keeps)
    #expect(Self.originsAgree(bytes))
  }

  @Test("ASCII runs copied eight bytes at a time fold as the byte loop folds them")
  func asciiRunsFoldAsBytes() {
    // Runs of every length up to 19 between non-ASCII scalars of one to four bytes (kept,
    // folded to ASCII, dropped, grown), each at every offset in a word, and at both ends.
    let others = ["é", "Ж", "Ａ", "\u{200F}", "٤", "ﬁ", "😀", "\u{00A0}", "€"]
    var checked = 0
    for other in others {
      for lead in 0..<8 {
        for run in 0..<20 {
          let ascii = String("Code 4812, Ref: 77 ok".prefix(run))
          let text = String(repeating: "x", count: lead) + other + ascii + other + ascii
          for sample in [text, ascii + other] {
            let bytes = Array(sample.utf8)
            var wellFormed = true
            var keepsOffsets = true
            let folded = TextNormalizer.foldedBytes(
              bytes, wellFormed: &wellFormed, keepsOffsets: &keepsOffsets)
            let expected = bytes.withUnsafeBufferPointer { TextNormalizer.fold($0).bytes }
            #expect(wellFormed && folded == expected, "\(sample)")
            #expect(Self.originsAgree(bytes), "\(sample)")
          }
          checked += 1
        }
      }
    }
    #expect(checked == 9 * 8 * 20)
  }

  /// The way back found by folding again equals the map the fold keeps, at every position.
  private static func originsAgree(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      let (folded, origins) = TextNormalizer.fold(buffer)
      // The extractor's fold gives the same bytes; it stops at broken UTF-8, which then goes
      // no further.
      var wellFormed = true
      var keepsOffsets = true
      let alone = TextNormalizer.foldedBytes(
        bytes, wellFormed: &wellFormed, keepsOffsets: &keepsOffsets)
      guard !wellFormed || alone == folded else { return false }
      // Where the fold says it kept every offset, each byte's origin is its own scalar's start.
      if wellFormed && keepsOffsets {
        for p in 0..<(folded.count + 2) {
          let expected = p < origins.count ? Int(origins[p]) : buffer.count
          if TextNormalizer.originalStart(ofFolded: p, inSameOffsets: buffer) != expected {
            return false
          }
        }
      }
      // Every position, shuffled (the answer must not depend on the order asked), and two past
      // the end.
      var positions = Array(0..<(folded.count + 2))
      positions.reverse()
      positions.swapAt(0, positions.count / 2)
      let starts = TextNormalizer.originalStarts(ofFolded: positions, in: buffer)
      for (k, p) in positions.enumerated() {
        let expected = p < origins.count ? Int(origins[p]) : buffer.count
        if starts[k] != expected { return false }
      }
      return true
    }
  }

  @Test("folding again finds the origins the fold's map holds, on the whole corpus")
  func originsOnCorpus() throws {
    var checked = 0
    for line in try CorpusAccuracyTests.lines() where !line.text.utf8.allSatisfy({ $0 < 0x80 }) {
      #expect(Self.originsAgree(Array(line.text.utf8)), "\(line.lang): an origin differs")
      checked += 1
    }
    #expect(checked > 300)
  }

  @Test(
    "folding again finds the origins where scalars vanish, grow or shrink",
    arguments: [
      "ＡＢ１２：\u{200F}٩١٨\u{00A0}٢٦٧", "a\u{200F}\u{200B}1", "ﬁ ﬀ ﬃ 482913", "Код: ٤٨٢ ٩١٣",
      "e\u{301}\u{301}x", "\u{FEFF}\u{00AD}", "验证码：４８２９１３", "😀 482913 😀",
    ])
  func originsOddSpots(text: String) {
    #expect(Self.originsAgree(Array(text.utf8)))
  }

  @Test("folding again finds the origins in random bytes, broken UTF-8 included")
  func originsOnRandomBytes() {
    let pieces: [[UInt8]] =
      [
        "a", "1", " ", "é", "٤", "１", "\u{200F}", "ﬁ", "код", "码", "😀", "\u{301}",
      ].map { Array($0.utf8) } + [[0x80], [0xBF], [0xD0], [0xE9, 0xAA], [0xFF], [0xF0, 0x9F]]
    for glued in Self.gluings(of: pieces, count: 2000, length: 10, seed: 0x9E37_79B9_7F4A_7C15) {
      let bytes: [UInt8] = [0xC3, 0xA9] + glued  // non-ASCII, as the extractor's path is
      #expect(Self.originsAgree(bytes), "\(bytes)")
    }
  }

  @Test("scalar offsets counted for all candidates in one pass equal those counted one by one")
  func scalarOffsetsInOnePass() throws {
    var checked = 0
    for line in try CorpusAccuracyTests.lines() {
      let candidates = CodeExtractor().candidates(in: line.text)
      var text = line.text
      text.withUTF8 { original in
        for c in candidates {
          #expect(
            c.scalarOffsets == Analysis.scalarOffsets(original, c.utf8Offsets), "\(line.lang)")
          checked += 1
        }
        // Spans out of order, overlapping and empty, against the one-by-one count.
        let spans = [5..<9, 0..<3, 2..<7, 4..<4, 0..<original.count].filter {
          $0.upperBound <= original.count
        }
        #expect(
          Analysis.scalarOffsets(original, spans)
            == spans.map { Analysis.scalarOffsets(original, $0) })
      }
    }
    #expect(checked > 1000)
  }

  @Test("a common word is found byte by byte as the set of strings finds it")
  func commonWordsByBytes() throws {
    for name in MessageFacts.notNames {
      #expect(
        name.utf8.count <= 16 && name.utf8.allSatisfy { $0 < 0x80 && !isUpper($0) }, "\(name)")
    }
    // A third of the corpus is plenty of words, in every script.
    var texts = try CorpusAccuracyTests.lines().enumerated().filter { $0.offset % 3 == 0 }.map(
      \.element.text)
    texts += MessageFacts.notNames.flatMap {
      [$0, $0.uppercased(), $0.capitalized + "s", "x" + $0]
    }
    texts += ["Dear Customer", "DEAR  CUSTOMER", "hérè", "ＯＴＰ", "Code", "co-de"]
    var found = 0
    var checked = 0
    for text in texts {
      let bytes = TextNormalizer.normalize(text).bytes
      bytes.withUnsafeBufferPointer { buffer in
        // Every span of up to 17 bytes from the start of a word, as the service finder asks.
        for start in buffer.indices where start == 0 || !isAlnum(buffer[start - 1]) {
          for end in start...min(buffer.count, start + 17) {
            let word = String(
              decoding: buffer[start..<end].map { Lexicon.lower($0) }, as: UTF8.self)
            let expected = end - start <= 16 && MessageFacts.notNames.contains(word)
            #expect(MessageFacts.isCommonWord(buffer, start..<end) == expected, "\(word)")
            if expected { found += 1 }
            checked += 1
          }
        }
      }
    }
    #expect(found > 150)
    #expect(checked > 20_000)
  }

  @Test("ByteSearch.firstDigit finds the first digit as a byte loop does, for every byte value")
  func firstDigitMatchesLoop() {
    // Each byte value at each place of a 19-byte buffer (one step of sixteen bytes and the
    // last load, which overlaps it), alone and before a later digit, searched from every
    // start.
    for value in 0...255 {
      for place in 0..<19 {
        for later in [nil, 17] as [Int?] {
          var bytes = [UInt8](repeating: 0x61, count: 19)
          if let later, later != place { bytes[later] = 0x35 }
          bytes[place] = UInt8(value)
          // Every start: past the last whole step, the last sixteen bytes are read in one
          // load that may begin before `start`.
          for start in 0..<bytes.count {
            let expected = bytes[start...].firstIndex { $0 &- 0x30 < 10 }
            let got = bytes.withUnsafeBufferPointer { ByteSearch.firstDigit(in: $0, from: start) }
            #expect(got == expected, "\(value) at \(place) from \(start)")
          }
        }
      }
    }
  }

  @Test(
    "ByteSearch.firstIndex(of:) finds the first byte as a byte loop does, for every byte value",
    arguments: [0x3A, 0x40] as [UInt8])
  func firstIndexMatchesLoop(target: UInt8) {
    // Each byte value at each place of a 19-byte buffer (two words and a tail), alone and
    // before a later match, searched from every start; the filler is a letter, or the byte
    // one above the target, which a borrow from a match before `start` would flag.
    for filler in [0x61, target ^ 1] {
      for value in 0...255 {
        for place in 0..<19 {
          for later in [nil, 17] as [Int?] {
            var bytes = [UInt8](repeating: filler, count: 19)
            if let later, later != place { bytes[later] = target }
            bytes[place] = UInt8(value)
            for start in 0..<bytes.count {
              let expected = bytes[start...].firstIndex(of: target)
              let got = bytes.withUnsafeBufferPointer {
                ByteSearch.firstIndex(of: target, in: $0, from: start)
              }
              #expect(got == expected, "\(value) at \(place) from \(start)")
            }
          }
        }
      }
    }
  }

  /// The candidates found jumping from digit to digit and byte by byte.
  private static func scansAgree(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var jumped: [Candidate] = []
      var plain: [Candidate] = []
      CandidateScanner.scan(buffer, into: &jumped)
      CandidateScanner.scan(buffer, into: &plain, jumping: false)
      return jumped.map { [$0.start, $0.end, $0.codeStart, Int($0.shape.rawValue), $0.digits] }
        == plain.map { [$0.start, $0.end, $0.codeStart, Int($0.shape.rawValue), $0.digits] }
    }
  }

  @Test("the scanner finds the same candidates jumping to digits as byte by byte")
  func scanJumpsAgree() throws {
    var texts = try CorpusAccuracyTests.lines().map(\.text)
    texts += texts.map { $0.uppercased() }
    for text in texts {
      #expect(Self.scansAgree(TextNormalizer.normalize(text).bytes), "\(text)")
    }
    // Labels, dashes, groups and words glued at random: "G-", "AB-12", "x-1", "é1"...
    let pieces: [[UInt8]] = [
      "G-", "AB", "ab", "ABCDE", "-", " ", "1", "12", "482913", "482", ".", ",", "x", "é", "\n",
      ":", "A8D", "-291", "0", "--", "Q", "abc1",
    ].map { Array($0.utf8) }
    for bytes in Self.gluings(of: pieces, count: 3000, length: 12, seed: 0x5DEE_CE66_D1CE_4E5B) {
      #expect(Self.scansAgree(bytes), "\(bytes)")
    }
  }

  @Test("the way back for a code and its service equals the general one, in any order")
  func twoSpansBack() throws {
    var checked = 0
    for line in try CorpusAccuracyTests.lines() where !line.text.utf8.allSatisfy({ $0 < 0x80 }) {
      var text = line.text
      var workspace = ExtractionWorkspace()
      text.withUTF8 { original in
        let analysis = Analysis(
          original: original, hints: ExtractionHints(), workspace: &workspace)
        let n = analysis.folded.count
        // Spans at every ninth byte, of one and seven bytes, alone and paired with the spans
        // just before them (in either order of position).
        let spans = stride(from: 0, to: n, by: 9).flatMap { a in
          [a..<min(n, a + 1), a..<min(n, a + 7)]
        }
        for (k, a) in spans.enumerated() {
          let alone = analysis.originalSpans(a, nil)
          #expect(alone.0 == analysis.originalSpans([a])[0] && alone.1 == nil, "\(line.lang)")
          for b in spans[max(0, k - 2)...min(spans.count - 1, k + 1)] {
            let pair = analysis.originalSpans(a, b)
            #expect([pair.0, pair.1] == analysis.originalSpans([a, b]), "\(line.lang)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 5_000)
  }
}

/// The service named after "for" is found with the places of " for " looked for once, as
/// the old scan after each code word found it.
@Suite("Fast paths: the service after \"for\"")
struct AfterForTests {
  /// The scan the fast path replaced: after each code word in turn, up to 24 bytes ahead,
  /// stopping at a full stop or a line break; the name after the first " for " found is read
  /// the same way by both.
  private static func reference(_ bytes: UnsafeBufferPointer<UInt8>, _ matches: [TermMatch])
    -> Range<Int>?
  {
    let n = bytes.count
    for m in matches where m.role.isCodeWord {
      var i = Int(m.end)
      var hops = 0
      while i < n && hops < 24 {
        if i + 4 < n && bytes[i] == 0x20 && (bytes[i + 1] | 0x20) == 0x66
          && (bytes[i + 2] | 0x20) == 0x6F && (bytes[i + 3] | 0x20) == 0x72
          && bytes[i + 4] == 0x20
        {
          return MessageFacts.name(bytes, afterForAt: i)
        }
        if bytes[i] == 0x2E || bytes[i] == 0x0A { break }
        i += 1
        hops += 1
      }
    }
    return nil
  }

  private static func agree(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var matches: [TermMatch] = []
      Lexicon.standard.matches(in: buffer, into: &matches)
      return MessageFacts.afterFor(buffer, matches: matches) == reference(buffer, matches)
    }
  }

  @Test("on every corpus message")
  func corpus() throws {
    var checked = 0
    for line in try CorpusAccuracyTests.lines() {
      #expect(Self.agree(Array(TextNormalizer.normalize(line.text).bytes)), "\(line.lang)")
      checked += 1
    }
    #expect(checked > 900)
  }

  @Test(
    "where code words, \"for\" and stops sit close together",
    arguments: [
      "Your code for Acme Bank is 4821", "Code. Your code for Acme is 4821",
      "code code code for Acme", "Your code is valid only today and only for Acme: 4821",
      "Your code\nfor Acme", "code for your Acme Bank", "code for acme", "code FOR Acme",
      "code for", "code for ", "for Acme code 4821", "verification code for Acme 4821",
    ])
  func closeTogether(text: String) {
    #expect(Self.agree(Array(text.utf8)))
  }

  @Test("in 3,000 random gluings of code words, \"for\", names and stops")
  func gluings() {
    let pieces: [[UInt8]] = [
      "code", "Code", "verification code", "PIN", " for ", " For ", " FOR ", "for", " ", "Acme",
      "Bank", "your ", "Your ", "is", "4821", ".", "\n", "&", "-", "x", "A1",
    ].map { Array($0.utf8) }
    for bytes in FastPathTests.gluings(
      of: pieces, count: 3000, length: 10, seed: 0x5DEE_CE66_D1CE_4E5B)
    {
      #expect(Self.agree(bytes), "\(bytes)")
    }
  }
}

/// A seeded generator, so that a failure can be replayed.
struct XorShift: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
}

@Suite("Expiry in stack memory")
struct ExpiryTests {
  /// The expiry of `matches` as the plain rule reads it: each number before a duration, the
  /// one nearest any expiry phrase (under 60 bytes, the first of equals), else the first.
  private static func reference(_ bytes: [UInt8], _ matches: [TermMatch]) -> Int? {
    let phrases = matches.compactMap { m -> Int? in
      if case .expiry = m.role { return Int(m.start) }
      return nil
    }
    var first: Int? = nil
    var best: (Int, Int)? = nil
    for m in matches {
      guard case .duration(let seconds) = m.role else { continue }
      let e = Int(m.start) - 1
      var s = e
      while s > 0 && bytes[s - 1] >= 0x30 && bytes[s - 1] <= 0x39 && e - s < 4 { s -= 1 }
      guard s < e, let n = Int(String(decoding: bytes[s..<e], as: UTF8.self)), n > 0 else {
        continue
      }
      let total = n * Int(seconds)
      if first == nil { first = total }
      if let d = phrases.map({ abs($0 - s) }).min(), d < 60, best == nil || d < best!.1 {
        best = (total, d)
      }
    }
    return best?.0 ?? first
  }

  @Test("the expiry phrases found in any order give the plain rule's answer")
  func expiryMatchesReference() {
    var generator = XorShift(state: 0x1234_5678_9ABC_DEF1)
    func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    for _ in 0..<2000 {
      // "x 12 m x 7 m ...": numbers before durations, expiry phrases anywhere, any order.
      var bytes: [UInt8] = []
      var matches: [TermMatch] = []
      for _ in 0..<(1 + next(6)) {
        bytes += Array("x \(1 + next(90)) ".utf8)
        let at = Int32(bytes.count)
        bytes += [0x6D]
        matches.append(
          TermMatch(
            term: 0, start: at, end: at + 1, role: .duration(seconds: 60), length: 1))
        bytes += Array(String(repeating: " ", count: next(40)).utf8)
      }
      for _ in 0..<next(5) {
        let start = Int32(next(bytes.count))
        matches.append(
          TermMatch(term: 1, start: start, end: start + 1, role: .expiry, length: 1))
      }
      matches.shuffle(using: &generator)
      let got = bytes.withUnsafeBufferPointer { MessageFacts.expiry(in: $0, matches: matches) }
      #expect(got == Self.reference(bytes, matches), "\(String(decoding: bytes, as: UTF8.self))")
    }
  }
}

extension TextNormalizer {
  /// The extractor's fold of `bytes` (``folded(_:using:wellFormed:keepsOffsets:)``), in a
  /// workspace of its own, as an array.
  static func foldedBytes(_ bytes: [UInt8], wellFormed: inout Bool, keepsOffsets: inout Bool)
    -> [UInt8]
  {
    var workspace = ExtractionWorkspace()
    return bytes.withUnsafeBufferPointer {
      Array(folded($0, using: &workspace, wellFormed: &wellFormed, keepsOffsets: &keepsOffsets))
    }
  }
}
