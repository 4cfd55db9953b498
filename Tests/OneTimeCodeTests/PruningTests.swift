import Testing

@testable import OneTimeCode

/// The extractor scores only the candidates whose ceiling could change its answer
/// (`Analysis.best(reaching:pruning:lexicon:)`). These tests hold the ceiling to being a bound and the
/// pruned answer to being the answer of scoring every candidate.
@Suite("Pruning by ceilings")
struct PruningTests {
  /// Hints that move the ceiling: none, a length, a character set, both.
  static let hintSets: [ExtractionHints] = [
    ExtractionHints(), ExtractionHints(length: 6), ExtractionHints(characterSet: .digits),
    ExtractionHints(length: 4, characterSet: .digits),
  ]

  /// Messages built to sit near the bound: code words on both sides at no distance, ties,
  /// several plausible numbers, a candidate that is the whole message or alone on a line,
  /// safety words and entry verbs, and negatives that a strong code word softens.
  static let edgeMessages = [
    "482913", "Code: 482913", "482913 is your code", "Your code: 482913 is your code",
    "Code 1234 or 5678", "1234 5678", "Code\n1234\n5678", "OTP 4821. Do not share it.",
    "Enter 4821 to log in. Never share this code.", "Your OTP is 4821 for card ending 8812",
    "Card ending 8812: your code is 4821", "Code 4821, code 4821, code 4821",
    "Verification code 12-34-56 valid 5 minutes", "Your code is 48 21 93", "passcode: mifsuc",
    "Amount 4821.50 due; code 9931", "PIN 1234 5678 9012", "Use 6931 to sign in",
    "Код 4821 никому не сообщайте", "رمز التحقق ٤٨٢١٩٣", "验证码482913，5分钟内有效",
    // Letters-only codes after a colon, among numbers no ceiling lets through.
    "Paid 12.50 at 14:30. Passcode: QWERTY", "Total 4,821.50 EUR\nCode: abcdef",
    "Ref: ABCDEF, 12.50 paid", "Card ****4417: 12.50 paid. Your code: mifsuc.",
  ]

  /// Pieces of code, bank, shop and chat messages, glued at random into messages no corpus
  /// holds: code words on either side of several numbers, negatives, amounts, dates, masks,
  /// links, scripts side by side.
  static let pieces = [
    "Your verification code is ", "code", "Code: ", "OTP ", "PIN ", " is your code", "482913",
    "4821", "12-34-56", "48 29 13", "G-482913", "K7X9Q2", "passcode: ", "MIFSUC", "Rs. ",
    "1,250.00", "$12.50", "card ending ", "****4417", "XX3161", "order #", "55210087",
    "on 12/03/2026", " at 14:30", "valid for 10 minutes", " Do not share it.",
    "Never share this code", "Enter ", "to sign in", "\n", ". ", ", ", " ", "验证码", "，",
    "５分钟", "رمز", " ١٢٣٤٥٦", "Код ", "[Bank] ", "@shop.example #482913", "30% off",
    "+1 415 555 0100", "http://x.io/482913", "1234 or 5678", "expires in 5 min",
  ]

  /// `count` messages of 3 to 10 pieces, the same on every run (xorshift).
  static func gluedMessages(count: Int) -> [String] {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % 1_000_003)
    }
    return (0..<count).map { _ in
      (0..<(3 + next() % 8)).map { _ in pieces[next() % pieces.count] }.joined()
    }
  }

  static func messages() throws -> [String] {
    try CorpusAccuracyTests.lines().map(\.text) + edgeMessages + gluedMessages(count: 1_500)
  }

  /// `body` gets each message's scorer before its terms, before its second look, and a
  /// fresh one after it.
  static func withScorers(
    _ text: String, hints: ExtractionHints,
    _ body: (borrowing Scorer, borrowing Scorer, borrowing Scorer, [Candidate]) -> Void
  ) {
    var copy = text
    var workspace = ExtractionWorkspace()
    copy.withUTF8 { original in
      let analysis = Analysis(original: original, hints: hints, workspace: &workspace)
      let bytes = analysis.folded
      guard let (candidates, matches) = analysis.prepare(bytes, lexicon: .standard) else { return }
      let wordless = Scorer(
        bytes: bytes, candidates: candidates, hints: hints)
      let first = Scorer(
        bytes: bytes, matches: matches, candidates: candidates,
        hints: hints, settled: false)
      let settled = Scorer(
        bytes: bytes, matches: matches, candidates: candidates,
        hints: hints)
      body(wordless, first, settled, candidates)
    }
  }

  /// A tally's weights by feature, the two code-word sides taken together as the ceiling
  /// names them.
  static func byFeature(_ t: Tally) -> [String: Double] {
    var result: [String: Double] = [:]
    for reason in t.reasons ?? [] {
      let name =
        reason.feature == "code-word-before" || reason.feature == "code-word-after"
        ? "code-words" : reason.feature
      result[name, default: 0] += reason.weight
    }
    return result
  }

  @Test("no feature of a score exceeds its ceiling's, before or after the second look")
  func ceilingBoundsEveryFeature() throws {
    // The sums differ in order, so a score may pass its ceiling by a rounding: far less
    // than the margin the extractor adds (a thousandth).
    let rounding = 1e-9
    var checked = 0
    // Per feature, the largest weight a score reached minus its ceiling's: zero for a
    // feature the ceiling bounds as tightly as it can.
    var closest: [String: Double] = [:]
    for text in try Self.messages() {
      for hints in Self.hintSets {
        Self.withScorers(text, hints: hints) { wordless, first, settled, candidates in
          for i in candidates.indices {
            let score = settled.score(i, explain: true)
            // What the extractor compares: the plain score with the plain ceiling.
            let plain = settled.score(i, explain: false).score
            #expect(plain <= first.ceiling(i).score + rounding, "\(text): candidate \(i)")
            #expect(plain <= settled.ceiling(i).score + rounding, "\(text): candidate \(i)")
            // The ceiling for any words, and the ceilings with the message's own.
            #expect(
              plain <= wordless.ceiling(i, assumingEveryWord: true).score + rounding,
              "\(text): candidate \(i)")
            for ceiling in [
              wordless.ceiling(i, explain: true, assumingEveryWord: true),
              first.ceiling(i, explain: true), settled.ceiling(i, explain: true),
            ] {
              #expect(score.score <= ceiling.score + rounding, "\(text): candidate \(i)")
              let bounds = Self.byFeature(ceiling)
              for (feature, weight) in Self.byFeature(score) {
                let bound = bounds[feature] ?? 0
                #expect(weight <= bound + rounding, "\(text): candidate \(i), \(feature)")
                if weight > 0 {
                  closest[feature] = max(closest[feature] ?? -.infinity, weight - bound)
                }
              }
            }
            checked += 1
          }
        }
      }
    }
    #expect(checked > 10_000)
    // Every word feature the ceiling allows for is met in full by some candidate; the two
    // code-word sides come within a point (both at their best at once is rare).
    for feature in [
      "joined-to-code-word", "linked", "otp-message", "safety-words", "entry-verb",
      "only-candidate", "whole-message", "alone-on-line", "hint-match",
    ] {
      #expect(abs(closest[feature] ?? -1) < rounding, "\(feature): \(closest[feature] ?? -1)")
    }
    #expect((closest["code-words"] ?? -9) > -1.0)
  }

  @Test("the pruned best is the best of every candidate scored, at any confidence asked for")
  func prunedBestIsTheBest() throws {
    var compared = 0
    var found = 0
    var workspace = ExtractionWorkspace()
    for text in try Self.messages() {
      for hints in Self.hintSets {
        for minimum in [0.0, 0.3, 0.5, 0.8, 0.97] {
          var copy = text
          copy.withUTF8 { original in
            // One workspace for every message, as otpgrep keeps one per thread.
            let analysis = Analysis(original: original, hints: hints, workspace: &workspace)
            let pruned = analysis.best(
              reaching: minimum, lexicon: .standard, workspace: &workspace)
            let all = analysis.best(
              reaching: minimum, pruning: false, lexicon: .standard, workspace: &workspace)
            if let pruned { workspace.recycle(matches: pruned.2) }
            let expected = all.flatMap {
              CodeExtractor.confidence($0.1.score) >= minimum ? $0 : nil
            }
            let got = pruned.flatMap {
              CodeExtractor.confidence($0.1.score) >= minimum ? $0 : nil
            }
            #expect(got?.0.start == expected?.0.start, "\(text) at \(minimum)")
            #expect(got?.0.end == expected?.0.end, "\(text) at \(minimum)")
            #expect(got?.1.score == expected?.1.score, "\(text) at \(minimum)")
            if expected != nil { found += 1 }
            compared += 1
          }
        }
      }
    }
    #expect(compared > 45_000)
    #expect(found > 10_000)
  }

  @Test("equal scores: the first candidate wins, pruned or not")
  func tiesGoToTheFirst() throws {
    for text in ["1234 5678", "Code 1234 or 5678", "Code 1234, code 5678", "5678\n1234"] {
      var copy = text
      let (pruned, all) = copy.withUTF8 { original in
        var workspace = ExtractionWorkspace()
        let analysis = Analysis(
          original: original, hints: ExtractionHints(), workspace: &workspace)
        return (
          analysis.best(reaching: 0, lexicon: .standard, workspace: &workspace)?.0.start,
          analysis.best(reaching: 0, pruning: false, lexicon: .standard, workspace: &workspace)?
            .0.start
        )
      }
      #expect(pruned == all, "\(text)")
    }
  }

  @Test("a letters-only code can follow a colon exactly where the scanner would add one")
  func letterCodesNeedAColon() throws {
    var may = 0
    for text in try Self.messages() {
      let bytes = TextNormalizer.normalize(text).bytes
      bytes.withUnsafeBufferPointer { buffer in
        // Every colon as if a code word ended there: all the codes the terms could add.
        let colons = buffer.indices.filter { buffer[$0] == 0x3A }
        var added: [Candidate] = []
        CandidateScanner.addLetterCodes(buffer, after: colons, into: &added)
        #expect(CandidateScanner.mayHaveLetterCode(buffer) == !added.isEmpty, "\(text)")
        if !added.isEmpty { may += 1 }
      }
    }
    #expect(may >= 4)
  }
}

/// ``ConfidenceBand`` answers as the confidence does, in and out of its band.
@Suite("Confidence band")
struct ConfidenceBandTests {
  /// Minimums from nothing to more than any confidence, the default among them, and ones
  /// whose crossing falls where the confidence's steps are wide (near 0 and 1).
  static let minimums: [Double] = [
    -1, 0, 0.001, 0.0015, 0.1, 0.27, 0.5, 0.5004, 0.73, 0.9, 0.95, 0.999, 1, 1.01, .nan,
  ]

  @Test("reaches a minimum exactly when the confidence does", arguments: minimums)
  func agreesWithConfidence(minimum: Double) {
    let band = ConfidenceBand(minimum: minimum)
    var mismatches: [Double] = []
    // Every 0.001 points from -35 to 35, then every 10⁻⁶ points across the band itself.
    var scores = (-35_000...35_000).map { Double($0) / 1000 }
    if band.low.isFinite {
      scores += (0...25_000).map { band.low - 0.0025 + Double($0) * 1e-6 }
      scores += (0...25_000).map { band.high - 0.0025 + Double($0) * 1e-6 }
    }
    for score in scores
    where band.reaches(score) != (CodeExtractor.confidence(score) >= minimum) {
      mismatches.append(score)
    }
    let count = mismatches.count
    #expect(count == 0, "first: \(Array(mismatches.prefix(5)))")
  }

  @Test("is narrow around the crossing, and answers without the confidence outside it")
  func isNarrow() {
    let band = ConfidenceBand(minimum: 0.5)
    #expect(band.high - band.low < 0.03)
    // 0.5 is first reached where the logistic function crosses 0.4995.
    #expect(band.low < -0.002 && band.high > -0.002)
    #expect(!band.reaches(band.low - 1e-9) && band.reaches(band.high))
    #expect(ConfidenceBand(minimum: 2).low == .infinity)
    #expect(ConfidenceBand(minimum: 0).high == -.infinity)
  }

  @Test("a workspace gives the band of the minimum asked for, as it changes")
  func workspaceBand() {
    var workspace = ExtractionWorkspace()
    let expected = [0.5, 0.9, 0.9, 0.95, 0.5, 0.9].map { ConfidenceBand(minimum: $0) }
    for band in expected {
      let given = workspace.confidenceBand(for: band.minimum)
      #expect(given.minimum == band.minimum && given.low == band.low && given.high == band.high)
    }
    #expect(expected[1].low > ConfidenceBand.standard.high)
  }
}
