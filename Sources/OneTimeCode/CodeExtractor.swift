/// Finds the one-time code in a message.
///
/// The extractor folds the text (``TextNormalizer``), scans it once for
/// candidates (digit runs, grouped digits, labelled and alphanumeric codes),
/// finds the words of every language's lexicon around them in the same pass,
/// and scores each candidate on its shape, its surroundings and those words.
/// It is a value with no mutable state: share one between threads freely.
///
/// ```swift
/// let extractor = CodeExtractor()
/// let e = extractor.extract(from: "Your code is 482-913.")
/// e?.code        // "482913"
/// e?.confidence  // 0.97
/// ```
public struct CodeExtractor: Sendable {
  /// The words the scorer uses.
  public let lexicon: Lexicon

  /// Creates an extractor with the built-in lexicon of every language.
  ///
  /// ```swift
  /// let extractor = CodeExtractor()
  /// ```
  public init() {
    self.lexicon = .standard
  }

  /// Creates an extractor with your own lexicon.
  ///
  /// ```swift
  /// let extractor = CodeExtractor(lexicon: Lexicon(languages: [.init(language: "x", name: "X", strongCodeTerms: ["zork"])]))
  /// ```
  public init(lexicon: Lexicon) {
    self.lexicon = lexicon
  }

  /// The most likely code in `text`, or `nil` when it has none.
  ///
  /// ```swift
  /// CodeExtractor().extract(from: "482913 is your Google verification code")?.code  // "482913"
  /// CodeExtractor().extract(from: "Never share your verification code")              // nil
  /// CodeExtractor().extract(from: "Code 1234 or 482913", hints: .init(length: 6))?.code  // "482913"
  /// ```
  /// - Complexity: O(*n*) in the length of `text`.
  public func extract(from text: String, hints: ExtractionHints = ExtractionHints()) -> Extraction?
  {
    // One copy, for `withUTF8`; spans are indices into `text` itself.
    var copy = text
    let found = copy.withUTF8 { original -> UTF8Extraction? in
      // A string's bytes are well-formed UTF-8: nothing is thrown.
      var workspace = ExtractionWorkspace()
      return try? find(utf8: original, hints: hints, reusing: &workspace).extraction(in: original)
    }
    guard let found else { return nil }
    return Extraction(found, in: text)
  }

  /// The most likely code in a message held as UTF-8 bytes, or `nil` when it has none: what
  /// ``extract(from:hints:)`` finds, without making a `String` of the message (otpgrep reads
  /// lines so). The bytes are checked as they are folded, not in a pass of their own.
  ///
  /// ```swift
  /// let bytes = Array("Your code is 482-913.".utf8)
  /// let found = try CodeExtractor().extract(utf8: bytes.span)
  /// found?.code         // "482913"
  /// found?.utf8Offsets  // 13..<20
  /// ```
  /// - Throws: ``InvalidUTF8`` when `utf8` is not well-formed UTF-8. `String(decoding:as:)`
  ///   replaces what is ill-formed with U+FFFD, for ``extract(from:hints:)``.
  /// - Complexity: O(*n*) in the length of `utf8`.
  public func extract(utf8: Span<UInt8>, hints: ExtractionHints = ExtractionHints())
    throws(InvalidUTF8) -> UTF8Extraction?
  {
    var workspace = ExtractionWorkspace()
    return try extract(utf8: utf8, hints: hints, reusing: &workspace)
  }

  /// ``extract(utf8:hints:)`` with memory kept from one message to the next: one
  /// ``ExtractionWorkspace`` per thread spares a stream of messages three or four allocations
  /// each. The answer is the same.
  ///
  /// ```swift
  /// var workspace = ExtractionWorkspace()
  /// let bytes = Array("Your code is 482913".utf8)
  /// let found = try CodeExtractor().extract(utf8: bytes.span, reusing: &workspace)
  /// found?.code  // "482913"
  /// ```
  /// - Throws: ``InvalidUTF8`` when `utf8` is not well-formed UTF-8.
  /// - Complexity: O(*n*) in the length of `utf8`.
  public func extract(
    utf8: Span<UInt8>, hints: ExtractionHints = ExtractionHints(),
    reusing workspace: inout ExtractionWorkspace
  ) throws(InvalidUTF8) -> UTF8Extraction? {
    try utf8.withUnsafeBufferPointer { (original) throws(InvalidUTF8) -> UTF8Extraction? in
      try find(utf8: original, hints: hints, reusing: &workspace).extraction(in: original)
    }
  }

  /// ``extract(utf8:hints:reusing:)`` over the bytes in place, with the code found held as
  /// spans of them (``FoundCode``): no `String` is made. otpgrep writes its records so.
  ///
  /// ```swift
  /// var workspace = ExtractionWorkspace()
  /// let bytes = Array("Your code is 482913".utf8)
  /// let finding = try bytes.withUnsafeBufferPointer {
  ///   try CodeExtractor().find(utf8: $0, reusing: &workspace)
  /// }
  /// if case .code(let found) = finding { found.code }  // "482913"
  /// ```
  /// - Throws: ``InvalidUTF8`` when `original` is not well-formed UTF-8.
  /// - Complexity: O(*n*) in the length of `original`.
  package func find(
    utf8 original: UnsafeBufferPointer<UInt8>, hints: ExtractionHints = ExtractionHints(),
    reusing workspace: inout ExtractionWorkspace
  ) throws(InvalidUTF8) -> Finding {
    // The memo's key is made first: its scan of the bytes also says whether there is an at
    // sign, without which no origin-bound code is looked for (a scan of its own before).
    let keying = workspace.memo?.key(original)
    if let next = workspace.next {
      workspace.next = nil
      workspace.memo?.lookAhead(next, current: keying?.keyed == true ? original.count : nil)
    }
    if keying?.mayHaveAtSign ?? true, let bound = OriginBoundCode.parse(utf8: original) {
      if let offset = NormalizedText.firstIllFormedOffset(in: original) {
        throw InvalidUTF8(offset: offset)
      }
      return .extraction(originBound(bound, original: original))
    }
    // No digit of any script and no colon: no candidate (chit-chat), not even folded.
    if keying?.mayHaveCandidate == false { return .none }
    // A message of a template seen before, its digits meeting the conditions noted then,
    // has the answer found then; a miss is analysed with its digit reads noted.
    var missed = false
    // A template's first message: remembered only with a code.
    var first = false
    if keying?.keyed == true {
      switch workspace.memo!.lookUp(original, hints: hints, lexicon: lexicon) {
      case .skip:
        break
      case .hit(let answer):
        guard answer.found else { return .none }
        // Always a code: an answer is remembered only once its analysis made a found code.
        if let found = workspace.memo!.found(answer, in: original) { return .code(found) }
      case .miss:
        missed = true
      case .first:
        first = true
      }
    }
    let log = missed || first ? workspace.memo!.log : nil
    defer { workspace.trim() }
    let analysis = Analysis(original: original, hints: hints, workspace: &workspace)
    guard analysis.isWellFormed else {
      throw InvalidUTF8(offset: NormalizedText.firstIllFormedOffset(in: original) ?? 0)
    }
    // Taken apart where it is bound: the tuple, passed whole, was copied through the
    // runtime's generic tuple copy (some 130 instructions a message).
    guard
      let (candidate, tally, matches, roles) = analysis.best(
        reaching: hints.minimumConfidence, lexicon: lexicon, workspace: &workspace, log: log)
    else {
      if missed { analysis.remember(.nothing, codeOffset: 0, in: &workspace) }
      return .none
    }
    defer { workspace.recycle(matches: matches) }
    let confidence = Self.confidence(tally.score)
    guard confidence >= hints.minimumConfidence else {
      if missed { analysis.remember(.nothing, codeOffset: 0, in: &workspace) }
      return .none
    }
    let service = MessageFacts.service(in: analysis.folded, matches: matches)
    let expiry = MessageFacts.expiry(in: analysis.folded, matches: matches, roles: roles, log: log)
    guard
      let found = analysis.found(
        candidate, service: service, expiry: expiry, confidence: confidence)
    else {
      // A code a found code does not hold (the scanner finds none such): not remembered.
      return .extraction(
        analysis.extraction(candidate, service: service, expiry: expiry, confidence: confidence))
    }
    if missed || first {
      let answer = TemplateMemo.Answer(
        confidence: confidence, utf8Start: UInt16(found.utf8Offsets.lowerBound),
        utf8End: UInt16(found.utf8Offsets.upperBound),
        scalarStart: UInt16(found.scalarOffsets.lowerBound),
        scalarEnd: UInt16(found.scalarOffsets.upperBound),
        serviceStart: found.service.map { UInt16($0.lowerBound) } ?? TemplateMemo.Answer.noSpan,
        serviceEnd: found.service.map { UInt16($0.upperBound) } ?? TemplateMemo.Answer.noSpan,
        alphanumeric: found.kind == .alphanumeric)
      analysis.remember(answer, codeOffset: candidate.codeStart - candidate.start, in: &workspace)
    }
    return .code(found)
  }

  /// Every candidate in `text` with its score and the reasons for it, best first.
  ///
  /// ```swift
  /// CodeExtractor().candidates(in: "Order 5521: code 8812").map(\.code)  // ["8812", "5521"]
  /// ```
  /// - Complexity: O(*n*) in the length of `text`.
  public func candidates(in text: String, hints: ExtractionHints = ExtractionHints())
    -> [ScoredCandidate]
  {
    // One copy, for `withUTF8`; spans are indices into `text` itself.
    var copy = text
    return copy.withUTF8 { original -> [ScoredCandidate] in
      var result: [ScoredCandidate] = []
      if let bound = OriginBoundCode.parse(utf8: original) {
        let e = originBound(bound, original: original)
        result.append(
          ScoredCandidate(
            code: e.code, range: Analysis.stringRange(text, e.utf8Offsets),
            scalarOffsets: e.scalarOffsets,
            utf8Offsets: e.utf8Offsets,
            kind: e.kind, score: 10, confidence: 1,
            reasons: [ScoreReason(feature: "origin-bound", weight: 10)]))
      }
      var workspace = ExtractionWorkspace()
      let analysis = Analysis(original: original, hints: hints, workspace: &workspace)
      result += analysis.all(text: text, lexicon: lexicon)
      return result
    }
  }

  /// Maps a score to a confidence in 0...1 (the logistic function).
  ///
  /// ```swift
  /// CodeExtractor.confidence(0)  // 0.5
  /// ```
  public static func confidence(_ score: Double) -> Double {
    let x = max(-30, min(30, score))
    // e^x as (1 + x/2^12)^(2^12), accurate to a few parts in a thousand here.
    var e = 1 + x / 4096
    for _ in 0..<12 { e *= e }
    let p = e / (1 + e)
    return Rounding.halfAwayFromZero(p * 1000) / 1000
  }

  private func originBound(_ bound: OriginBoundCode, original: UnsafeBufferPointer<UInt8>)
    -> UTF8Extraction
  {
    let scalars = Analysis.scalarOffsets(original, bound.utf8Offsets)
    var isDigits = true
    for b in bound.code.utf8 where !isDigit(b) { isDigits = false }
    return UTF8Extraction(
      code: bound.code, utf8Offsets: bound.utf8Offsets, scalarOffsets: scalars, confidence: 1,
      kind: isDigits ? .numeric : .alphanumeric, service: nil, expiresIn: nil, origin: bound.binding
    )
  }
}

/// One message on its way through the extractor.
struct Analysis: ~Copyable {
  let original: UnsafeBufferPointer<UInt8>
  let hints: ExtractionHints
  /// The folded text, in the workspace's block for it (good until the workspace's next use);
  /// the original itself when the message is all ASCII and is its own folded text. The way
  /// back to the original is found for the few spans reported (``originalSpans(_:)``).
  let folded: UnsafeBufferPointer<UInt8>
  let isASCII: Bool
  /// Whether every folded byte is at its original's offset (all ASCII, or every scalar
  /// folded to as many bytes as it had): the way back is then a walk to a scalar's start.
  let keepsOffsets: Bool
  /// Whether the original is well-formed UTF-8, checked as it is folded; when it is not, the
  /// folded text means nothing and the analysis must go no further.
  let isWellFormed: Bool

  init(
    original: UnsafeBufferPointer<UInt8>, hints: ExtractionHints,
    workspace: inout ExtractionWorkspace
  ) {
    self.original = original
    self.hints = hints
    isASCII = ByteSearch.isASCII(original)
    var wellFormed = true
    var sameOffsets = true
    folded =
      isASCII
      ? original
      : TextNormalizer.folded(
        original, using: &workspace, wellFormed: &wellFormed, keepsOffsets: &sameOffsets)
    isWellFormed = wellFormed
    keepsOffsets = sameOffsets
  }

  /// The candidates in the folded `bytes` and the terms found there; `nil` when there is
  /// no candidate.
  func prepare(_ bytes: UnsafeBufferPointer<UInt8>, lexicon: Lexicon) -> ([Candidate], [TermMatch])?
  {
    var candidates: [Candidate] = []
    guard let hasColon = scan(bytes, into: &candidates) else { return nil }
    var matches: [TermMatch] = []
    _ = words(bytes, hasColon: hasColon, into: &matches, adding: &candidates, lexicon: lexicon)
    guard !candidates.isEmpty else { return nil }
    return (candidates, matches)
  }

  /// Adds the digit candidates in `bytes` to the empty `candidates`, and says whether it has a
  /// colon; `nil` when the message can have no code at all (no digit candidate, and no colon
  /// before a letters-only code).
  private func scan(_ bytes: UnsafeBufferPointer<UInt8>, into candidates: inout [Candidate])
    -> Bool?
  {
    let hasDigit = ByteSearch.firstDigit(in: bytes, from: 0) != nil
    let hasColon = ByteSearch.contains(0x3A, in: bytes)
    guard hasDigit || hasColon else { return nil }
    candidates.reserveCapacity(8)
    if hasDigit { CandidateScanner.scan(bytes, into: &candidates) }
    guard !candidates.isEmpty || hasColon else { return nil }
    return hasColon
  }

  /// Adds the terms in `bytes` to the empty `matches` and returns their kinds, and adds the
  /// letters-only codes after "code:" to `candidates` (none without a colon in the message,
  /// `hasColon`).
  private func words(
    _ bytes: UnsafeBufferPointer<UInt8>, hasColon: Bool, into matches: inout [TermMatch],
    adding candidates: inout [Candidate], lexicon: Lexicon,
    log: UnsafeMutablePointer<DigitLog>? = nil
  ) -> TermRoles {
    matches.reserveCapacity(min(256, bytes.count / 4 + 8))
    let roles = lexicon.matches(in: bytes, into: &matches, log: log)
    guard hasColon && !roles.isDisjoint(with: [.strongCode, .weakCode]) else {
      return roles
    }
    var codeWordEnds: [Int] = []
    for m in matches where m.role.isCodeWord {
      let e = Int(m.end)
      if e < bytes.count
        && (bytes[e] == 0x3A || (bytes[e] == 0x20 && e + 1 < bytes.count && bytes[e + 1] == 0x3A))
      {
        codeWordEnds.append(e)
      }
    }
    if !codeWordEnds.isEmpty {
      CandidateScanner.addLetterCodes(bytes, after: codeWordEnds, into: &candidates)
    }
    return roles
  }

  /// The best candidate and its tally (the first of equals), or `nil` when no candidate's
  /// confidence reaches `minimumConfidence`.
  ///
  /// The work is done only where it could change the answer, judged by ceilings on the
  /// candidates' scores (``Scorer/ceiling(_:explain:assumingEveryWord:)``): no terms are
  /// looked for when no ceiling could reach the confidence asked for whatever the words (a
  /// message of amounts and dates, with no letters-only code after a colon either);
  /// none is scored when no ceiling reaches it with the words found (the scorer's second
  /// look is skipped too); otherwise the one with the highest ceiling is scored first, then,
  /// in order, those whose ceiling is above the best score so far. The answer is the same as
  /// scoring them all (confidence never falls as the score rises); `pruning: false` scores
  /// them all, for the tests that compare the two. The terms are `lexicon`'s, handed in
  /// rather than kept: a copy held per message retained its storage, which every thread shares.
  /// The arrays and the scorer's facts are `workspace`'s; the terms returned are its array,
  /// to give back with ``ExtractionWorkspace/recycle(matches:)`` when done with.
  func best(
    reaching minimumConfidence: Double, pruning: Bool = true, lexicon: Lexicon,
    workspace: inout ExtractionWorkspace, log: UnsafeMutablePointer<DigitLog>? = nil
  ) -> (Candidate, Tally, [TermMatch], TermRoles)? {
    let bytes = folded
    guard pruning else {
      guard let (candidates, matches) = prepare(bytes, lexicon: lexicon) else { return nil }
      let scorer = Scorer(bytes: bytes, matches: matches, candidates: candidates, hints: hints)
      var best: (Candidate, Tally)? = nil
      for i in candidates.indices {
        let t = scorer.score(i, explain: false)
        if best == nil || t.score > best!.1.score { best = (candidates[i], t) }
      }
      return best.map { ($0.0, $0.1, matches, TermRoles(matches)) }
    }
    var candidates = workspace.takeCandidates()
    defer { workspace.recycle(candidates: candidates) }
    guard let hasColon = scan(bytes, into: &candidates) else { return nil }
    // A thousandth of a point of margin, so that the sums' rounding (the score and its
    // ceiling add the same weights in another order) never turns one away.
    let band = workspace.confidenceBand(for: minimumConfidence)
    func reaches(_ ceiling: Tally) -> Bool {
      band.reaches(ceiling.score + Scorer.ceilingMargin)
    }
    var scorer = Scorer(
      bytes: bytes, candidates: candidates, hints: hints,
      facts: workspace.factsBuffer(count: candidates.count), log: log)
    if !candidates.indices.contains(where: {
      reaches(scorer.ceiling($0, assumingEveryWord: true))
    }) && !(hasColon && CandidateScanner.mayHaveLetterCode(bytes)) {
      return nil
    }
    // Without a code word or a safety phrase, the ceilings read no words: when none reaches,
    // the terms need not be looked for (four in ten of the messages that get this far).
    if !lexicon.mayHavePositiveTerm(in: bytes)
      && !candidates.indices.contains(where: { reaches(scorer.ceiling($0)) })
    {
      return nil
    }
    let count = candidates.count
    var matches = workspace.takeMatches()
    let roles = words(
      bytes, hasColon: hasColon, into: &matches, adding: &candidates, lexicon: lexicon, log: log)
    guard !candidates.isEmpty else {
      workspace.recycle(matches: matches)
      return nil
    }
    if candidates.count != count {
      // Letters-only codes joined the digits: look at them all again (rare).
      scorer = Scorer(
        bytes: bytes, candidates: candidates, hints: hints,
        facts: workspace.factsBuffer(count: candidates.count), log: log)
    }
    scorer.attach(matches, roles: roles)
    let found = withUnsafeTemporaryAllocation(of: Double.self, capacity: candidates.count) {
      ceilings -> (Candidate, Tally)? in
      var top = -1
      for i in candidates.indices {
        let ceiling = scorer.ceiling(i)
        guard reaches(ceiling) else {
          ceilings[i] = -.infinity
          continue
        }
        ceilings[i] = ceiling.score + Scorer.ceilingMargin
        if top < 0 || ceilings[i] > ceilings[top] { top = i }
      }
      guard top >= 0 else { return nil }
      scorer.settle()
      var bestIndex = top
      var best = scorer.score(top, explain: false)
      for i in candidates.indices where i != top && ceilings[i] > best.score {
        let t = scorer.score(i, explain: false)
        if t.score > best.score || (t.score == best.score && i < bestIndex) {
          best = t
          bestIndex = i
        }
      }
      return (candidates[bestIndex], best)
    }
    guard let (candidate, tally) = found else {
      workspace.recycle(matches: matches)
      return nil
    }
    return (candidate, tally, matches, roles)
  }

  func all(text: String, lexicon: Lexicon) -> [ScoredCandidate] {
    let bytes = folded
    guard let (candidates, matches) = prepare(bytes, lexicon: lexicon) else { return [] }
    let scorer = Scorer(bytes: bytes, matches: matches, candidates: candidates, hints: hints)
    var result: [ScoredCandidate] = []
    let spans = originalSpans(candidates.map { $0.start..<$0.end })
    let scalars = Analysis.scalarOffsets(original, spans)
    for i in candidates.indices {
      let t = scorer.score(i, explain: true)
      let c = candidates[i]
      let utf8 = spans[i]
      result.append(
        ScoredCandidate(
          code: code(of: c), range: Analysis.stringRange(text, utf8),
          scalarOffsets: scalars[i], utf8Offsets: utf8, kind: Analysis.kind(of: c),
          score: t.score,
          confidence: CodeExtractor.confidence(t.score), reasons: t.reasons ?? []))
    }
    result.sort {
      $0.score > $1.score
        || ($0.score == $1.score && $0.utf8Offsets.lowerBound < $1.utf8Offsets.lowerBound)
    }
    return result
  }

  /// The code of candidate `c`, with the service's span in the folded text and the expiry
  /// found for the message; `nil` when a ``FoundCode`` does not hold it.
  func found(_ c: Candidate, service serviceSpan: Range<Int>?, expiry: Int?, confidence: Double)
    -> FoundCode?
  {
    let bytes = folded
    let (utf8, service) = originalSpans(c.start..<c.end, serviceSpan)
    return FoundCode(
      utf8Offsets: utf8, scalarOffsets: isASCII ? utf8 : Analysis.scalarOffsets(original, utf8),
      confidence: confidence, kind: Analysis.kind(of: c), service: service, expiresIn: expiry
    ) { out in
      var n = 0
      for i in c.codeStart..<c.end where isAlnum(bytes[i]) {
        guard n < out.count else { return nil }
        out[n] = bytes[i]
        n += 1
      }
      return n
    }
  }

  /// What ``found(_:service:expiry:confidence:)`` finds, as an extraction with strings: for
  /// a code that a ``FoundCode`` does not hold.
  func extraction(
    _ c: Candidate, service serviceSpan: Range<Int>?, expiry: Int?, confidence: Double
  ) -> UTF8Extraction {
    let (utf8, service) = originalSpans(c.start..<c.end, serviceSpan)
    return UTF8Extraction(
      code: code(of: c), utf8Offsets: utf8,
      scalarOffsets: isASCII ? utf8 : Analysis.scalarOffsets(original, utf8),
      confidence: confidence, kind: Analysis.kind(of: c),
      service: service.map { String(decoding: original[$0], as: UTF8.self) },
      expiresIn: expiry, origin: nil)
  }

  /// A candidate's kind of code.
  static func kind(of c: Candidate) -> CodeKind {
    c.shape == .alphanumeric || c.shape == .letters ? .alphanumeric : .numeric
  }

  /// A candidate's code: the letters and digits of its folded text from where its code starts.
  private func code(of c: Candidate) -> String {
    String(decoding: folded[c.codeStart..<c.end].filter(isAlnum), as: UTF8.self)
  }

  /// Gives `workspace`'s memo `answer` for this message (a miss), where the code starts
  /// `codeOffset` bytes into the candidate (see
  /// ``TemplateMemo/Handle/remember(_:codeOffset:folded:keepsOffsets:in:)``).
  func remember(
    _ answer: TemplateMemo.Answer, codeOffset: Int, in workspace: inout ExtractionWorkspace
  ) {
    workspace.memo!.remember(
      answer, codeOffset: codeOffset, folded: folded, keepsOffsets: keepsOffsets, in: original)
  }

  /// ``originalSpans(_:)`` of one span and perhaps another, without arrays: the extractor's
  /// path for a code and its service.
  func originalSpans(_ span: Range<Int>, _ other: Range<Int>?) -> (Range<Int>, Range<Int>?) {
    if isASCII { return (span, other) }
    if keepsOffsets {
      func back(_ span: Range<Int>) -> Range<Int> {
        originalSpan(
          first: TextNormalizer.originalStart(ofFolded: span.lowerBound, inSameOffsets: original),
          last: TextNormalizer.originalStart(
            ofFolded: span.upperBound - 1, inSameOffsets: original))
      }
      return (back(span), other.map(back))
    }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 8) { buffer in
      let m = other == nil ? 2 : 4
      let positions = UnsafeMutableBufferPointer(rebasing: buffer[0..<m])
      let order = UnsafeMutableBufferPointer(rebasing: buffer[4..<(4 + m)])
      positions[0] = span.lowerBound
      positions[1] = span.upperBound - 1
      if let other {
        positions[2] = other.lowerBound
        positions[3] = other.upperBound - 1
      }
      // The indices by position, sorted by insertion (at most four).
      for k in 0..<m {
        var at = k
        while at > 0 && positions[order[at - 1]] > positions[k] {
          order[at] = order[at - 1]
          at -= 1
        }
        order[at] = k
      }
      TextNormalizer.originalStarts(
        replacing: positions, order: UnsafeBufferPointer(order), in: original)
      return (
        originalSpan(first: positions[0], last: positions[1]),
        other == nil ? nil : originalSpan(first: positions[2], last: positions[3])
      )
    }
  }

  /// The spans in the original's UTF-8 of (non-empty) spans of the folded bytes, found
  /// together in one pass: from the scalar that gave a span's first byte to the end of the
  /// one that gave its last.
  func originalSpans(_ spans: [Range<Int>]) -> [Range<Int>] {
    if isASCII { return spans }
    if keepsOffsets {
      return spans.map {
        originalSpan(
          first: TextNormalizer.originalStart(ofFolded: $0.lowerBound, inSameOffsets: original),
          last: TextNormalizer.originalStart(ofFolded: $0.upperBound - 1, inSameOffsets: original))
      }
    }
    var positions: [Int] = []
    positions.reserveCapacity(spans.count * 2)
    for span in spans { positions += [span.lowerBound, span.upperBound - 1] }
    let starts = TextNormalizer.originalStarts(ofFolded: positions, in: original)
    return spans.indices.map { originalSpan(first: starts[2 * $0], last: starts[2 * $0 + 1]) }
  }

  /// From the original scalar at `first` to the end of the one at `last`.
  private func originalSpan(first: Int, last: Int) -> Range<Int> {
    first..<(last + NormalizedText.scalarLength(lead: original[last]))
  }

  static func stringRange(_ text: String, _ utf8: Range<Int>) -> Range<String.Index> {
    let lower = text.utf8.index(text.utf8.startIndex, offsetBy: utf8.lowerBound)
    let upper = text.utf8.index(lower, offsetBy: utf8.count)
    return lower..<upper
  }

  static func scalarOffsets(_ original: UnsafeBufferPointer<UInt8>, _ utf8: Range<Int>) -> Range<
    Int
  > {
    let before = ByteSearch.scalarCount(in: original, 0..<utf8.lowerBound)
    return before..<(before + ByteSearch.scalarCount(in: original, utf8))
  }

  /// ``scalarOffsets(_:_:)`` of many spans, in one pass over `original` (a message's every
  /// candidate, for `--explain`, would otherwise cost a pass each).
  static func scalarOffsets(_ original: UnsafeBufferPointer<UInt8>, _ spans: [Range<Int>])
    -> [Range<Int>]
  {
    // Each span's two ends, in order; the scalars that start before an end are counted once.
    var ends: [(offset: Int, span: Int, isUpper: Bool)] = []
    ends.reserveCapacity(spans.count * 2)
    for (k, span) in spans.enumerated() {
      ends.append((span.lowerBound, k, false))
      ends.append((span.upperBound, k, true))
    }
    ends.sort { $0.offset < $1.offset }
    var lower = [Int](repeating: 0, count: spans.count)
    var upper = [Int](repeating: 0, count: spans.count)
    var scalars = 0
    var i = 0
    for end in ends {
      // The ends are in order: each count goes on from the last one.
      scalars += ByteSearch.scalarCount(in: original, i..<end.offset)
      i = end.offset
      if end.isUpper { upper[end.span] = scalars } else { lower[end.span] = scalars }
    }
    return spans.indices.map { lower[$0]..<upper[$0] }
  }
}
