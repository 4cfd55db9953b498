/// Adds up the features of one candidate; keeps the reasons only when asked.
struct Tally {
  var score: Double = 0
  var reasons: [ScoreReason]?

  init(explain: Bool) {
    reasons = explain ? [] : nil
  }

  @inline(__always) mutating func add(_ feature: StaticString, _ weight: Double) {
    guard weight != 0 else { return }
    score += weight
    if reasons != nil { reasons!.append(ScoreReason(feature: "\(feature)", weight: weight)) }
  }
}

/// Weights of the scorer's features. Tuned on `Fixtures/corpus`; see README, "Scoring".
enum Weight {
  static let bias = -2.0
  static let strongBefore = 4.6
  static let strongAfter = 3.9
  static let weakBefore = 3.0
  static let weakAfter = 2.2
  static let joined = 0.7  // "code: X", "code is X"
  static let otpMessage = 0.5
  static let safetyMessage = 0.5
  static let bare = 2.6
  static let aloneOnLine = 0.8
  static let hintMatch = 1.5
  static let entered = 0.8  // "Enter 6931", "Wpisz 2745"
  static let linked = 0.5  // "Το PIN σας για τη συναλλαγή είναι 5521"
  static let onlyCandidate = 0.8
}

/// Looks at a message's candidates with its term matches and scores them.
struct Scorer: ~Copyable {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The message's terms (none until ``attach(_:)``).
  private(set) var matches: [TermMatch] = []
  /// The kinds of those terms.
  private(set) var roles: TermRoles = []
  let candidates: [Candidate]
  let hints: ExtractionHints
  private(set) var hasStrongTerm = false
  private(set) var hasSafetyTerm = false
  /// Whether the message has an `@` at all (for origin-binding lines).
  private var hasAtSign = false
  /// The sender's tag in brackets at the start or end: "[Amazon]", "【淘宝】".
  private(set) var serviceTag: Range<Int>? = nil
  /// Whether any code word, strong or weak, occurs in the message.
  private(set) var hasCodeWord = false
  /// Whether a strong code word occurs in the message.
  private(set) var hasStrongCodeWord = false
  /// How many candidates are plausible.
  private var plausibleCount = 0
  /// The candidates pushed away: an Android app hash on the last line.
  private(set) var appHash: Range<Int>? = nil
  /// How ``attach(_:)`` sets up the measure of gaps.
  private let gapCounting: GapCounting
  /// Per candidate: whether its shape and surroundings leave it a chance (not a
  /// masked card number, an amount, a date); only those compete with a neighbour.
  /// One entry per candidate, in memory the scorer owns (its `deinit` frees it) or an
  /// ``ExtractionWorkspace``'s (`ownsFacts` false).
  private var facts: UnsafeMutableBufferPointer<CandidateFacts>
  private let ownsFacts: Bool
  /// Where the digit values read are noted, for the ``TemplateMemo`` (none without one).
  private let digitLog: UnsafeMutablePointer<DigitLog>?

  /// What the scorer knows of a candidate before its words: the sum of its shape and
  /// structure features, and whether it is plausible.
  struct CandidateFacts {
    var base: Double
    var plausible: Bool
  }

  /// The first and last bytes of content (letters, digits, non-ASCII) in the message.
  private var firstContent = 0
  private var lastContent = -1

  /// How gaps are measured: both ways give the same counts (a test checks it); the
  /// automatic choice is the cheaper one for the message.
  enum GapCounting {
    case automatic
    case runningCounts
    case walking
  }

  /// Looks at `candidates` with `matches`. Unless `settled` is false, it also takes the
  /// second look at their plausibility (``settle()``) that ``score(_:explain:)`` needs.
  init(
    bytes: UnsafeBufferPointer<UInt8>, matches: [TermMatch],
    candidates: [Candidate],
    hints: ExtractionHints, gapCounting: GapCounting = .automatic, settled: Bool = true
  ) {
    self.init(
      bytes: bytes, candidates: candidates, hints: hints,
      gapCounting: gapCounting)
    attach(matches)
    if settled { settle() }
  }

  /// Looks at `candidates` before the message's terms are known: their shape and
  /// structure, all that ``ceiling(_:explain:assumingEveryWord:)`` needs with
  /// `assumingEveryWord`. Then ``attach(_:)`` gives the terms, and ``settle()`` takes the
  /// second look.
  init(
    bytes: UnsafeBufferPointer<UInt8>, candidates: [Candidate],
    hints: ExtractionHints, gapCounting: GapCounting = .automatic
  ) {
    self.init(
      bytes: bytes, candidates: candidates, hints: hints, gapCounting: gapCounting,
      facts: .allocate(capacity: candidates.count), owned: true)
  }

  /// ``init(bytes:candidates:hints:gapCounting:)`` with the facts in `facts`, memory the
  /// caller keeps (an ``ExtractionWorkspace``'s) for at least as many entries as candidates.
  init(
    bytes: UnsafeBufferPointer<UInt8>, candidates: [Candidate],
    hints: ExtractionHints, facts: UnsafeMutableBufferPointer<CandidateFacts>,
    log: UnsafeMutablePointer<DigitLog>? = nil
  ) {
    self.init(
      bytes: bytes, candidates: candidates, hints: hints, gapCounting: .automatic,
      facts: facts, owned: false, log: log)
  }

  private init(
    bytes: UnsafeBufferPointer<UInt8>, candidates: [Candidate],
    hints: ExtractionHints, gapCounting: GapCounting,
    facts: UnsafeMutableBufferPointer<CandidateFacts>, owned: Bool,
    log: UnsafeMutablePointer<DigitLog>? = nil
  ) {
    precondition(facts.count >= candidates.count, "one fact per candidate")
    self.bytes = bytes
    self.digitLog = log
    self.candidates = candidates
    self.hints = hints
    self.gapCounting = gapCounting
    var first = 0
    while first < bytes.count && !(isAlnum(bytes[first]) || bytes[first] >= 0x80) { first += 1 }
    var last = bytes.count - 1
    while last >= 0 && !(isAlnum(bytes[last]) || bytes[last] >= 0x80) { last -= 1 }
    firstContent = first
    lastContent = last
    self.facts = facts
    ownsFacts = owned
    var count = 0
    for i in candidates.indices {
      let c = candidates[i]
      var t = Tally(explain: false)
      shape(c, &t)
      structure(c, &t)
      let plausible = t.score > -3.5 && !(c.shape == .digits && c.digits < 4)
      facts.initializeElement(at: i, to: CandidateFacts(base: t.score, plausible: plausible))
      if plausible { count += 1 }
    }
    plausibleCount = count
  }

  /// Gives the scorer the message's terms, in order of their end, and what the ceilings read
  /// of them (whether it has code words, safety words). Call it once, before ``settle()``.
  mutating func attach(_ matches: [TermMatch]) {
    attach(matches, roles: TermRoles(matches))
  }

  /// ``attach(_:)`` with the kinds of the terms, as the matcher gathered them.
  mutating func attach(_ matches: [TermMatch], roles: TermRoles) {
    self.matches = matches
    self.roles = roles
    // The ceilings read these flags alone, and they come from `Lexicon.positiveRoles` only:
    // the analysis skips the terms of a message without those roles whose ceilings reach
    // nothing (`Lexicon.mayHavePositiveTerm(in:)`). A ceiling that read another role must add
    // it there.
    let strong = roles.contains(.strongCode)
    let codeWord = !roles.isDisjoint(with: [.strongCode, .weakCode])
    hasCodeWord = codeWord
    hasStrongCodeWord = strong
    // A code word with an expiry phrase ("Ce code expire dans 15 minutes") marks a code message too.
    hasStrongTerm = strong || (codeWord && roles.contains(.expiry))
    hasSafetyTerm = roles.contains(.safety)
  }

  /// The second look at the candidates' plausibility, which ``score(_:explain:)`` needs: a
  /// candidate that its own words rule out ("card ending in 4417") does not stand between
  /// a code word and the code either. Every verdict is taken on the first look's
  /// plausibility, then all are applied. Call it once, after `init(..., settled: false)`.
  mutating func settle() {
    // What only scoring reads, not the ceilings: set up for the messages that get scored.
    serviceTag = MessageFacts.bracketed(bytes)
    appHash = AppHash.find(in: bytes)
    hasAtSign = ByteSearch.contains(0x40, in: bytes)
    // Running counts cost 24 bytes and some 30 instructions per byte of the message; a gap
    // walked over its own (bounded) bytes costs about 10 per byte. Made here, for the
    // messages that get scored only, they pay off from two candidates on (a scored message
    // asks for some six gaps), and never for a megabyte of text.
    let useRunningCounts =
      switch gapCounting {
      case .automatic:
        bytes.count <= Scorer.runningCountLimit
          && candidates.count >= Scorer.candidatesForRunningCounts
      case .runningCounts: true
      case .walking: false
      }
    if useRunningCounts && running.isEmpty {
      running = Scorer.runningCounts(bytes)
    }
    // Only these kinds of term weigh in the second look: without them it changes nothing.
    let anyNegative = !roles.isDisjoint(with: [.negative, .currency, .duration, .dataUnit])
    if candidates.count > 1 {
      withUnsafeTemporaryAllocation(of: Bool.self, capacity: candidates.count) { second in
        for i in candidates.indices {
          second[i] = facts[i].plausible
          guard facts[i].plausible else { continue }
          var t = Tally(explain: false)
          t.score = facts[i].base
          if anyNegative { context(candidates[i], i, &t, negativesOnly: true) }
          second[i] = t.score > -1.0
        }
        var count = 0
        for i in candidates.indices {
          self.facts[i].plausible = second[i]
          if second[i] { count += 1 }
        }
        plausibleCount = count
      }
    }
  }

  // MARK: - Gaps between a term and a candidate

  struct Gap: Equatable {
    var characters = 0
    var words = 0
    var linkerWords = 0
    /// Characters of scripts written without spaces; two count as a word.
    var unspacedCharacters = 0
    var unspacedLinkerCharacters = 0
    var sentenceBreaks = 0
    var lineBreaks = 0
    var candidates = 0
    /// Candidates between, plausible or not: a negative word belongs to the nearest number.
    var anyCandidates = 0
    var codeTerms = 0
    var nonLinkerWords: Int {
      max(0, words - linkerWords) + max(0, unspacedCharacters - unspacedLinkerCharacters + 1) / 2
    }
  }

  /// Describes the bytes between `from` and `to` (bounded by the callers' windows).
  /// Running counts over the message, so that a gap costs two lookups instead of a
  /// walk over its bytes: per byte `i`, the counts over `0..<i` of characters, word
  /// starts, unspaced characters, sentence breaks and line breaks, and whether byte
  /// `i` continues a word.
  private var running = UnsafeBufferPointer<Int32>(start: nil, count: 0)
  private static let stride = 6
  static let runningCountLimit = 16 * 1024
  static let candidatesForRunningCounts = 2

  /// The counting of ``Gap`` over bytes, one byte at a time, shared by the running counts
  /// of a message and by the walk over one gap of a long message.
  struct GapCounter {
    var characters: Int32 = 0
    var words: Int32 = 0
    var unspaced: Int32 = 0
    var breaks: Int32 = 0
    var lines: Int32 = 0
    var inWord = false
    var justBroke = false

    @inline(__always)
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) {
      let b = bytes[i]
      if b & 0xC0 != 0x80 { characters += 1 }
      if b >= 0xC0 && !Lexicon.isSpacedScriptLetter(Lexicon.decode(bytes, at: i)) {
        unspaced += 1
        inWord = false
        justBroke = false
      } else if b >= 0x80 && b < 0xC0 && !inWord {
        // a continuation byte of an unspaced character: nothing to count
      } else if isLetter(b) || b >= 0x80 {
        if !inWord { words += 1 }
        inWord = true
        justBroke = false
      } else {
        inWord = false
        if b == 0x0A {
          // Blank lines and a full stop before the line end make one break, not several.
          if !justBroke {
            lines += 1
            breaks += 1
          }
          justBroke = true
        } else if b == 0x2E || b == 0x21 || b == 0x3F || b == 0x3B {
          let next = i + 1 < bytes.count ? bytes[i + 1] : 0x20
          if (next == 0x20 || next == 0x0A || next >= 0x80) && !justBroke
            && !(b == 0x2E && Scorer.isAbbreviation(bytes, endingAt: i))
          {
            breaks += 1
            justBroke = true
          }
        } else if b != 0x20 && b != 0x0D && b != 0x09 {
          justBroke = false
        }
      }
    }
  }

  /// The running counts of `bytes`, in memory the scorer owns (its `deinit` frees it): one
  /// allocation without an array's metadata lookup.
  private static func runningCounts(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<
    Int32
  > {
    let n = bytes.count
    let out = UnsafeMutableBufferPointer<Int32>.allocate(capacity: (n + 1) * stride)
    var counter = GapCounter()
    for i in 0...n {
      let o = i * stride
      out[o] = counter.characters
      out[o + 1] = counter.words
      out[o + 2] = counter.unspaced
      out[o + 3] = counter.breaks
      out[o + 4] = counter.lines
      out[o + 5] = counter.inWord ? 1 : 0
      guard i < n else { break }
      counter.feed(bytes, i)
    }
    return UnsafeBufferPointer(out)
  }

  deinit {
    if !running.isEmpty { UnsafeMutableBufferPointer(mutating: running).deallocate() }
    if ownsFacts { facts.deallocate() }
  }

  /// Describes the bytes between `from` and `to`.
  func gap(from: Int, to: Int) -> Gap {
    var g = Gap()
    guard from < to else { return g }
    if running.isEmpty {
      countByWalking(from, to, &g)
      return countTerms(from, to, g)
    }
    let a = from * Scorer.stride
    let z = to * Scorer.stride
    g.characters = Int(running[z] - running[a])
    // A word cut at `from` counts as one, as if the gap began it.
    g.words =
      Int(running[z + 1] - running[a + 1]) + (running[a + 5] == 1 && isWordByte(from) ? 1 : 0)
    g.unspacedCharacters = Int(running[z + 2] - running[a + 2])
    g.sentenceBreaks = Int(running[z + 3] - running[a + 3])
    g.lineBreaks = Int(running[z + 4] - running[a + 4])
    return countTerms(from, to, g)
  }

  /// The counts of ``runningCounts(_:)`` over `from..<to` alone.
  private func countByWalking(_ from: Int, _ to: Int, _ g: inout Gap) {
    var counter = GapCounter()
    // Start in the state the message leaves at `from`, as the running counts do: a break
    // just before the gap ("Ref.\n", "code.\n") is not counted again inside it.
    // A letter or a non-ASCII byte just before the gap leaves no break: skip the look back.
    if from > 0 && bytes[from - 1] < 0x41 {
      counter.justBroke = Scorer.endsOnBreak(bytes, before: from)
    }
    var i = from
    while i < to {
      guard isLetter(bytes[i]) else {
        counter.feed(bytes, i)
        i += 1
        continue
      }
      // A run of ASCII letters, as `feed` counts it byte by byte: one character each, one
      // word if it starts one.
      var k = i + 1
      while k < to && isLetter(bytes[k]) { k += 1 }
      counter.characters += Int32(truncatingIfNeeded: k - i)
      if !counter.inWord { counter.words += 1 }
      counter.inWord = true
      counter.justBroke = false
      i = k
    }
    g.characters = Int(counter.characters)
    g.words = Int(counter.words)
    g.unspacedCharacters = Int(counter.unspaced)
    g.sentenceBreaks = Int(counter.breaks)
    g.lineBreaks = Int(counter.lines)
  }

  /// Adds the linkers, code words and candidates between `from` and `to`.
  private func countTerms(_ from: Int, _ to: Int, _ counted: Gap) -> Gap {
    var g = counted
    // A term inside the gap ends after its first byte: the one that ends where the gap
    // starts (the code word it is measured from) is not looked at.
    var k = firstMatch(endingAtOrAfter: from + 1)
    var linkedUpTo = from
    while k < matches.count && Int(matches[k].end) <= to {
      let m = matches[k]
      k += 1
      guard Int(m.start) >= from else { continue }
      switch m.role {
      case .linker:
        // Count overlapping linkers ("is", "is your") once.
        if Int(m.start) >= linkedUpTo {
          if Lexicon.isSpacedScriptLetter(Lexicon.decode(bytes, at: Int(m.start))) {
            g.linkerWords += Lexicon.wordCount(bytes, Int(m.start), Int(m.end))
          } else {
            for k in Int(m.start)..<Int(m.end) where bytes[k] & 0xC0 != 0x80 {
              g.unspacedLinkerCharacters += 1
            }
          }
          linkedUpTo = Int(m.end)
        }
      case .strongCode, .weakCode: g.codeTerms += 1
      default: break
      }
    }
    var j = firstCandidate(startingAtOrAfter: from)
    while j < candidates.count && candidates[j].end <= to {
      if facts[j].plausible { g.candidates += 1 }
      g.anyCandidates += 1
      j += 1
    }
    return g
  }

  private func isWordByte(_ i: Int) -> Bool {
    let b = bytes[i]
    if b < 0x80 { return isLetter(b) }
    if b < 0xC0 { return true }
    return Lexicon.isSpacedScriptLetter(Lexicon.decode(bytes, at: i))
  }

  /// Whether ``GapCounter`` would be in its just-broke state after `bytes[..<position]`:
  /// looking back over spaces and over sentence signs that could not count, the last byte
  /// that decides is a line break or a sentence sign that counted (or found a break already
  /// counted). `position` starts a character.
  private static func endsOnBreak(_ bytes: UnsafeBufferPointer<UInt8>, before position: Int)
    -> Bool
  {
    var k = position - 1
    while k >= 0 {
      let b = bytes[k]
      switch b {
      case 0x20, 0x0D, 0x09:
        k -= 1
      case 0x0A:
        return true
      case 0x2E, 0x21, 0x3F, 0x3B:
        let next = k + 1 < bytes.count ? bytes[k + 1] : 0x20
        if (next == 0x20 || next == 0x0A || next >= 0x80)
          && !(b == 0x2E && isAbbreviation(bytes, endingAt: k))
        {
          return true
        }
        k -= 1
      default:
        return false
      }
    }
    return false
  }

  /// "Dr. Mensah", "Rs. 500", "No. 5", "approx. 10": a dot that ends a short
  /// capitalized word, or one followed by a number, ends no sentence.
  private static func isAbbreviation(_ bytes: UnsafeBufferPointer<UInt8>, endingAt dot: Int) -> Bool
  {
    var s = dot
    while s > 0 && isLetter(bytes[s - 1]) { s -= 1 }
    let word = dot - s
    if word >= 1 && word <= 2 && isUpper(bytes[s]) { return true }
    if word == 3 && isUpper(bytes[s]) && !isUpper(bytes[s + 1]) { return true }
    var n = dot + 1
    while n < bytes.count && bytes[n] == 0x20 { n += 1 }
    guard n < bytes.count else { return false }
    return isDigit(bytes[n])
  }

  /// A line that starts like an origin binding ("@example.com ... #123") but is not
  /// one by the WICG format: its code is refused rather than guessed.
  private func inMalformedBinding(_ c: Candidate) -> Bool {
    guard hasAtSign else { return false }
    var ls = c.start
    var steps = 0
    while ls > 0 && bytes[ls - 1] != 0x0A && steps < 300 {
      ls -= 1
      steps += 1
    }
    guard ls < bytes.count, bytes[ls] == 0x40, ls + 1 < bytes.count, isAlnum(bytes[ls + 1]) else {
      return false
    }
    var i = ls
    while i < c.start {
      if bytes[i] == 0x23 { return true }
      i += 1
    }
    return c.start > 0 && bytes[c.start - 1] == 0x23
  }

  /// The index of the first match whose end is at or after `position` (matches are in order of end).
  func firstMatch(endingAtOrAfter position: Int) -> Int {
    // Asked before the first match's end (the context's window of a short message starts
    // there), it answers without a search.
    guard let first = matches.first, Int(first.end) < position else { return 0 }
    return matches.withUnsafeBufferPointer { matches in
      Scorer.lowerBound(matches.count) { Int(matches[$0].end) < position }
    }
  }

  /// The first index below `count` at which `isBefore` is false (`count` when none), for an
  /// `isBefore` true up to some index and false from there on. A search that halves the range
  /// without a branch on what it reads, so that the processor has nothing to mispredict but the
  /// loop's end (the comparison picks the half with a conditional move): in a message with a
  /// code, callgrind's branch simulator counted some sixteen mispredicted branches in the
  /// branchy search, seven in this one.
  @inline(__always)
  static func lowerBound(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
    guard count > 0 else { return 0 }
    var base = 0
    var length = count
    while length > 1 {
      let half = length &>> 1
      base = isBefore(base &+ half &- 1) ? base &+ half : base
      length &-= half
    }
    return base &+ (isBefore(base) ? 1 : 0)
  }

  /// The index of the first candidate starting at or after `position`.
  func firstCandidate(startingAtOrAfter position: Int) -> Int {
    candidates.withUnsafeBufferPointer { candidates in
      Scorer.lowerBound(candidates.count) { candidates[$0].start < position }
    }
  }

  // MARK: - Scoring one candidate

  /// A thousandth of a point: far above the rounding of a sum of a few dozen weights,
  /// far below any weight.
  static let ceilingMargin = 0.001

  /// A tally that `score(index, explain:)` cannot exceed, known before the second look and
  /// without the words around the candidate (with `assumingEveryWord`, before the terms are
  /// looked for at all): its shape, structure, layout and the hints exactly, and every
  /// positive feature that hangs on words at its largest (the strongest code word at no
  /// distance on the better side and on the other, joined to it, every message-wide word).
  /// Negative features that hang on words count as nothing. With `explain`, its reasons
  /// name the features they bound ("code-words" for the two sides).
  ///
  /// ``Analysis/best(reaching:pruning:lexicon:)`` looks for terms and scores candidates only where a
  /// ceiling could reach the confidence asked for; a test checks each feature's bound on
  /// every candidate of the corpus. The score and its ceiling add the same weights in another
  /// order, so the score may exceed it by a rounding: compare it with ``ceilingMargin`` added.
  func ceiling(_ index: Int, explain: Bool = false, assumingEveryWord: Bool = false) -> Tally {
    let c = candidates[index]
    var t = ownFeatures(index, explain: explain)
    // With `assumingEveryWord`, as if the message had every kind of word: a bound for any
    // terms, known before they are looked for.
    let codeWord = hasCodeWord || assumingEveryWord
    let strongTerm = hasStrongTerm || assumingEveryWord
    let safetyTerm = hasSafetyTerm || assumingEveryWord
    if codeWord {
      // `context`: the better side in full, three tenths of the other; each side's weight
      // only shrinks with distance, words, breaks and candidates between.
      let (before, after) =
        hasStrongCodeWord || assumingEveryWord
        ? (Weight.strongBefore, Weight.strongAfter) : (Weight.weakBefore, Weight.weakAfter)
      t.add("code-words", max(before + 0.3 * after, after + 0.3 * before))
      t.add("joined-to-code-word", Weight.joined)
      if facts[index].base >= 0 { t.add("linked", Weight.linked) }
    }
    if strongTerm { t.add("otp-message", Weight.otpMessage) }
    if safetyTerm { t.add("safety-words", Weight.safetyMessage) }
    if codeWord || safetyTerm { t.add("entry-verb", Weight.entered) }
    // Plausible at the first look, a superset of the second's.
    if (strongTerm || safetyTerm) && facts[index].plausible {
      t.add("only-candidate", Weight.onlyCandidate)
    }
    layout(c, &t)
    applyHints(c, &t)
    return t
  }

  /// The bias, and the candidate's shape and structure: named one by one with `explain`,
  /// otherwise their sum computed once in `init`.
  private func ownFeatures(_ index: Int, explain: Bool) -> Tally {
    var t = Tally(explain: explain)
    t.add("bias", Weight.bias)
    if explain {
      shape(candidates[index], &t)
      structure(candidates[index], &t)
    } else {
      t.score += facts[index].base
    }
    return t
  }

  func score(_ index: Int, explain: Bool) -> Tally {
    let c = candidates[index]
    var t = ownFeatures(index, explain: explain)
    // Only for a clean shape: the link does not rescue a 9-digit number or a stray one.
    let mayBeLinked = facts[index].base >= 0 && termRightBefore(c, role: .linker)
    let linked = context(c, index, &t, findingLink: mayBeLinked)
    if hasStrongTerm { t.add("otp-message", Weight.otpMessage) }
    if hasSafetyTerm { t.add("safety-words", Weight.safetyMessage) }
    if (hasCodeWord || hasSafetyTerm) && enteredByVerb(c) { t.add("entry-verb", Weight.entered) }
    if linked { t.add("linked", Weight.linked) }
    if (hasStrongTerm || hasSafetyTerm) && plausibleCount == 1
      && facts[index].plausible
    {
      t.add("only-candidate", Weight.onlyCandidate)
    }
    layout(c, &t)
    if let hash = appHash, hash.contains(c.start) { t.add("app-hash", -8) }
    if inMalformedBinding(c) { t.add("malformed-origin-binding", -8) }
    applyHints(c, &t)
    return t
  }

  private func shape(_ c: Candidate, _ t: inout Tally) {
    switch c.shape {
    case .digits:
      let byLength: [Double] = [-9, -9, -9, -2.6, 0.3, 0.4, 1.0, 0.4, 0.5, -1.8, -4.5]
      t.add("length", byLength[min(c.digits, 10)])
      if c.digits == 4 {
        // A run of digits alone: 1900 to 2099 is decided by its first two, 19 or 20.
        let yearLike = DigitLog.isYear(bytes, at: c.codeStart)
        digitLog?.pointee.noteYear(at: c.codeStart, yearLike)
        if yearLike { t.add("year-like", -1.5) }
      }
    case .grouped:
      let byLength: [Double] = [-9, -9, -9, -9, -1.2, -0.2, 1.0, 0.3, 0.6, -0.6]
      t.add("grouped-length", byLength[min(c.digits, 9)])
      t.add("grouped", 0.3)
      if c.groups == 2 && !hasEqualGroups(c) { t.add("uneven-groups", -1.5) }
      if c.groups == c.digits { t.add("spaced-digits", -1.5) }
    case .prefixed:
      t.add("labelled", 1.4)
      if c.digits == 6 { t.add("length", 0.6) }
      if c.digits < 4 || c.digits > 8 { t.add("label-length", -1.5) }
    case .letters:
      t.add("letters-only", -2.4)
    case .alphanumeric:
      t.add("alphanumeric", -1.2)
      if c.digits >= 2 { t.add("digits", 0.6) }
      if c.digits >= 3 { t.add("more-digits", 0.4) }
      if c.digits < 2 && (c.length < 6 || c.hasLower) { t.add("few-digits", -0.8) }
      if c.length >= 5 && c.length <= 8 { t.add("alnum-length", 0.5) }
      if c.length > 8 { t.add("alnum-long", -2.0) }
      if c.hasUpper && c.hasLower { t.add("mixed-case", -0.3) }
      if c.hasUpper && !c.hasLower && c.length >= 5 && c.length <= 8 {
        t.add("upper-case-code", 0.5)
      }
      quantityOrMask(c, &t)
    }
  }

  /// "10min", "5GB", "2FA", "1st", "XX1234", "x4471", "COVID19".
  private func quantityOrMask(_ c: Candidate, _ t: inout Tally) {
    var i = c.codeStart
    var leadingDigits = 0
    while i < c.end && isDigit(bytes[i]) {
      leadingDigits += 1
      i += 1
    }
    var trailingLetters = 0
    while i < c.end && isLetter(bytes[i]) {
      trailingLetters += 1
      i += 1
    }
    if leadingDigits > 0 && i == c.end && trailingLetters <= 4 {
      t.add("number-and-unit", -3.0)
      return
    }
    i = c.codeStart
    var leadingX = 0
    while i < c.end && (bytes[i] | 0x20) == 0x78 {
      leadingX += 1
      i += 1
    }
    var rest = 0
    while i < c.end && isDigit(bytes[i]) {
      rest += 1
      i += 1
    }
    if leadingX > 0 && i == c.end && rest >= 3 {
      t.add("masked-number", -7)
      return
    }
    // An IBAN's start: two capitals, two digits, then groups of digits (DE12 5001 0517 ...).
    if c.length == 4 && c.letters == 2 && isUpper(bytes[c.codeStart])
      && isUpper(bytes[c.codeStart + 1])
      && isDigit(bytes[c.codeStart + 2]) && byte(c.end) == 0x20 && isDigit(byte(c.end + 1))
      && isDigit(byte(c.end + 4))
    {
      t.add("iban", -7)
      return
    }
    i = c.codeStart
    var leadingLetters = 0
    while i < c.end && isLetter(bytes[i]) {
      leadingLetters += 1
      i += 1
    }
    var trailingDigits = 0
    while i < c.end && isDigit(bytes[i]) {
      trailingDigits += 1
      i += 1
    }
    if leadingLetters >= 4 && i == c.end && c.hasLower { t.add("word-and-number", -1.5) }
    if leadingLetters >= 1 && leadingLetters <= 3 && i == c.end && trailingDigits >= 3 {
      t.add("label-and-number", -0.6)
    }
  }

  private func hasEqualGroups(_ c: Candidate) -> Bool {
    var first = 0
    while c.start + first < c.end && isDigit(bytes[c.start + first]) { first += 1 }
    return first * 2 == c.digits
  }

  @inline(__always) private func byte(_ i: Int) -> UInt8 {
    i >= 0 && i < bytes.count ? bytes[i] : 0x20
  }

  /// Amounts, times, dates, phone numbers, URLs and masks, from the characters around.
  private func structure(_ c: Candidate, _ t: inout Tally) {
    let before = byte(c.start - 1)
    let after = byte(c.end)
    let numeric = c.shape != .alphanumeric
    // Decimal numbers: 1,234.56 or 12,50.
    // (A 6-digit run before ",100" is no amount: 370000，100元 is a list.)
    if (before == 0x2C || before == 0x2E) && isDigit(byte(c.start - 2)) && c.shape != .grouped
      && c.digits <= 3
    {
      t.add("decimal-part", -5)
    } else if (after == 0x2C || (after == 0x2E && c.shape != .grouped)) && isDigit(byte(c.end + 1))
    {
      var k = c.end + 1
      while k < bytes.count && isDigit(bytes[k]) { k += 1 }
      let fraction = k - c.end - 1
      if fraction <= 2 || (fraction == 3 && c.digits <= 3) { t.add("decimal-number", -5) }
    }
    // Times: 14:30, 9:05:10.
    if (after == 0x3A && isDigit(byte(c.end + 1))) || (before == 0x3A && isDigit(byte(c.start - 2)))
    {
      t.add("time", -6)
    }
    // Dates and ranges: 2026-03-12, 12/03/26, 10-15.
    if (before == 0x2F || before == 0x2D) && isDigit(byte(c.start - 2)) && c.shape != .prefixed {
      t.add(before == 0x2F ? "date-or-fraction" : "number-range", -3)
    } else if (after == 0x2F || after == 0x2D) && isDigit(byte(c.end + 1)) {
      t.add(after == 0x2F ? "date-or-fraction" : "number-range", -3)
    }
    if c.shape == .grouped && isDateLike(c) { t.add("date", -5) }
    // Percentages.
    if after == 0x25 || (after == 0x20 && byte(c.end + 1) == 0x25) { t.add("percent", -6) }
    // Glued to an identifier or a trailing sign: G-345821_, G-345821-, 1234$.
    if after == 0x5F || before == 0x5F { t.add("identifier", -4) }
    if after == 0x2D && !isDigit(byte(c.end + 1)) && !isLetter(byte(c.end + 1)) {
      t.add("dangling-dash", -4)
    }
    // "4 G-345821", "G-345821 3": a stray small number next to the code makes it unclear.
    if c.shape != .alphanumeric && c.shape != .letters {
      let afterNext = c.end + 2 < bytes.count ? bytes[c.end + 2] : 0x2E
      if before == 0x20 && isDigit(byte(c.start - 2)) && !isAlnum(byte(c.start - 3)) {
        t.add("stray-number", -4)
      } else if after == 0x20 && isDigit(byte(c.end + 1)) && !isAlnum(afterNext)
        && afterNext != 0x20
      {
        t.add("stray-number", -4)
      }
    }
    if after == 0x2D && isLetter(byte(c.end + 1)) { t.add("hyphenated-word", -2.5) }
    if before == 0x2D && c.shape != .prefixed && !isDigit(byte(c.start - 2))
      && byte(c.start - 2) != 0x20
      && byte(c.start - 2) != 0x0A && !isLetter(byte(c.start - 2))
    {
      t.add("dangling-dash", -2.5)
    }
    if before == 0x2D && c.shape == .digits && isLetter(byte(c.start - 2)) {
      t.add("hyphenated-word", -2.5)
    }
    // Masks: ****1234, ...4471, 9704****8812, 5168 **** **** 4402, 4617-xxxx-xxxx-8812, DE89 **** 3000.
    if numeric && (before == 0x2A || (before == 0x2E && byte(c.start - 2) == 0x2E)) {
      t.add("masked-number", -7)
    } else if isMaskRun(endingAt: c.start) || isMaskRun(startingAt: c.end) {
      t.add("masked-number", -7)
    } else if numeric && after == 0x2A && (isDigit(byte(c.end + 1)) || byte(c.end + 1) == 0x2A) {
      t.add("masked-number", -7)  // 589212*8812, 000000*0000
    }
    // Inside a longer number: the 000.000 of 3.000.000.
    if c.shape == .grouped && (before == 0x2E || before == 0x2C) && isDigit(byte(c.start - 2)) {
      t.add("inside-number", -6)
    }
    if numeric && before == 0x23 && byte(c.start - 2) == 0x23 { t.add("masked-number", -7) }
    phone(c, &t)
    if insideAddress(c) { t.add("url-or-email", -7) }
  }

  /// A run of two or more `*`, `x` or `X` (or `•`, folded to `*`) next to the
  /// candidate, allowing one space or dash between.
  private func isMaskRun(endingAt position: Int) -> Bool { isMaskRun(from: position - 1, step: -1) }

  private func isMaskRun(startingAt position: Int) -> Bool { isMaskRun(from: position, step: 1) }

  /// Walks from `from` in the direction of `step` over one space or dash, then the mask.
  private func isMaskRun(from: Int, step: Int) -> Bool {
    var i = from
    func inside(_ i: Int) -> Bool { i >= 0 && i < bytes.count }
    if inside(i) && (bytes[i] == 0x20 || bytes[i] == 0x2D) { i += step }
    var count = 0
    while inside(i) && (bytes[i] == 0x2A || (bytes[i] | 0x20) == 0x78) {
      count += 1
      i += step
    }
    return count >= 2 && !(inside(i) && isLetter(bytes[i]))
  }

  private func isDateLike(_ c: Candidate) -> Bool {
    guard c.groups == 3, c.digits == 6 else { return false }
    let sep = bytes[c.start + 2]
    guard sep == 0x2E || sep == 0x2F || sep == 0x2D else { return false }
    let isDate = DigitLog.isDate(bytes, at: c.start)
    digitLog?.pointee.noteDate(at: c.start, isDate)
    return isDate
  }

  /// Phone numbers: +44 7700 900123, (608) 833-1100, 0800 123 4567.
  private func phone(_ c: Candidate, _ t: inout Tally) {
    guard c.shape != .alphanumeric else { return }
    func partOfNumber(_ b: UInt8) -> Bool {
      isDigit(b) || b == 0x20 || b == 0x2D || b == 0x28 || b == 0x29 || b == 0x2E || b == 0x2B
    }
    // A dash between spaces is punctuation, not part of a number: "*7731 — 62 81 94".
    func spacedDash(_ i: Int) -> Bool {
      bytes[i] == 0x2D && byte(i - 1) == 0x20 && byte(i + 1) == 0x20
    }
    var l = c.start
    var steps = 0
    while l > 0 && partOfNumber(bytes[l - 1]) && !spacedDash(l - 1) && steps < 24 {
      l -= 1
      steps += 1
    }
    var r = c.end
    steps = 0
    while r < bytes.count && partOfNumber(bytes[r]) && !spacedDash(r) && steps < 24 {
      r += 1
      steps += 1
    }
    var digits = 0
    var groups = 0
    var inDigits = false
    var plus = false
    var paren = false
    var openAt = -1
    for i in l..<r {
      let b = bytes[i]
      if isDigit(b) {
        digits += 1
        if !inDigits { groups += 1 }
        inDigits = true
      } else {
        inDigits = false
        if b == 0x2B && digits == 0 { plus = true }
        // An area code in parentheses: (608) 833-1100.
        if b == 0x28 { openAt = i }
        if b == 0x29 && openAt >= 0 && i - openAt >= 3 && i - openAt <= 6 { paren = true }
      }
    }
    if c.digits >= 10 { return }  // a long lone number is judged by its length
    if (plus && digits >= 8) || (paren && digits >= 7 && groups >= 2)
      || (digits >= 10 && groups >= 2)
    {
      t.add("phone-number", -6)
    } else if plus && byte(c.start - 1) == 0x2B {
      t.add("phone-number", -6)
    }
  }

  /// Inside a URL or an e-mail address: the run of non-spaces around holds / or @.
  private func insideAddress(_ c: Candidate) -> Bool {
    var l = c.start
    var steps = 0
    func ends(_ b: UInt8) -> Bool {
      b == 0x20 || b == 0x0A || b == 0x5C || b >= 0x80 || b == 0x2C || b == 0x3B || b == 0x28
        || b == 0x29
        || b == 0x22
    }
    while l > 0 && !ends(bytes[l - 1]) && steps < 200 {
      l -= 1
      steps += 1
    }
    var r = c.end
    steps = 0
    while r < bytes.count && !ends(bytes[r]) && steps < 200 {
      r += 1
      steps += 1
    }
    var i = l
    while i < r {
      let b = bytes[i]
      if b == 0x2F
        && !(i == c.start - 1 && i > l && (bytes[i - 1] | 0x20) == 0x63 && i - 1 == l + 1)
      {
        // a/c 1234 is an account, not a URL; any other slash is.
        if !(i > l && (bytes[i - 1] | 0x20) == 0x61 && byte(i + 1) | 0x20 == 0x63) { return true }
      }
      if b == 0x40 { return true }
      if b == 0x3A && byte(i + 1) == 0x2F { return true }
      i += 1
    }
    // www.example.com123 or example.com?x=123
    if r - l > 4 {
      let w = (bytes[l] | 0x20, byte(l + 1) | 0x20, byte(l + 2) | 0x20, byte(l + 3))
      if w == (0x77, 0x77, 0x77, 0x2E) { return true }
    }
    return false
  }

  // MARK: - Words around

  /// The code words and negative words around the candidate, weighed by how far and how
  /// cleanly they reach it (`negativesOnly`: the negatives alone, for the second look).
  ///
  /// With `findingLink`, it also says whether the candidate is linked to an earlier code
  /// word: "Το PIN σας για τη συναλλαγή είναι 5521", a code word (not a qualified one) at
  /// most 80 bytes before, in the same sentence, with no plausible candidate between (the
  /// caller has found the linker right before the candidate). The gaps it needs are the
  /// ones measured here.
  @discardableResult
  private func context(
    _ c: Candidate, _ index: Int, _ t: inout Tally, negativesOnly: Bool = false,
    findingLink: Bool = false
  ) -> Bool {
    var linked = false
    var bestBefore = 0.0
    var bestAfter = 0.0
    var joinedBonus = false
    var strongestNegative = 0.0
    var negativeFeature: StaticString = "negative"
    var lastGap = Gap()
    var lastGapFrom = -1
    var lastGapTo = -1
    let windowStart = c.start - 240
    let windowEnd = c.end + 160
    // Each term on one side of the candidate, the side known: the terms before it come
    // first in their order (of their end), then those after it, so the two loops below visit
    // them in the one order, each through its own copy of `visit` with the side fixed.
    @inline(__always) func visit(_ m: TermMatch, _ isBefore: Bool) {
      let ms = Int(m.start)
      let me = Int(m.end)
      let isAfter = !isBefore
      switch m.role {
      case .strongCode, .weakCode:
        if negativesOnly { return }
        let strong = m.role == .strongCode
        // Code words that end (or start) together, "verification code" and "code", share
        // their gap: measured once.
        let (from, to) = isBefore ? (me, c.start) : (c.end, ms)
        if from != lastGapFrom || to != lastGapTo {
          lastGap = gap(from: from, to: to)
          lastGapFrom = from
          lastGapTo = to
        }
        let g = lastGap
        if findingLink && !linked && isBefore && me >= c.start - 80 && g.sentenceBreaks == 0
          && g.candidates == 0 && qualifier(of: m) == nil
        {
          linked = true
        }
        let limit = g.sentenceBreaks > 0 ? 60 : isBefore ? 100 : 70
        guard g.characters <= limit, g.sentenceBreaks < 2 else { return }
        if !strong, let kind = qualifier(of: m) {
          // "purchase code", "promo code", "tracking code": a code, but not a one-time one.
          if let p = negativePenalty(kind, m, c, ms, me, isBefore, qualified: true),
            p < strongestNegative
          {
            strongestNegative = p
            negativeFeature = Scorer.featureName(kind)
          }
          return
        }
        var w =
          isBefore
          ? (strong ? Weight.strongBefore : Weight.weakBefore)
          : (strong ? Weight.strongAfter : Weight.weakAfter)
        // On a clean path (same sentence, nothing that could be a code between)
        // distance and words count for less: "OTP for a transfer of 3,000 AED to
        // ****8812 is 40917".
        let clean = g.sentenceBreaks == 0 && g.candidates == 0
        if g.characters > 20 { w *= max(clean ? 0.6 : 0.35, 1 - Double(g.characters - 20) / 130) }
        w *= max(clean ? 0.6 : 0.5, 1 - 0.09 * Double(g.nonLinkerWords))
        if g.sentenceBreaks == 1 {
          // "code:\n482913" keeps its weight; a new sentence weighs less.
          w *= (g.lineBreaks == 1 && g.nonLinkerWords <= 1) ? 0.9 : 0.7
        }
        if g.candidates > 0 { w *= 0.45 }
        if isBefore {
          bestBefore = max(bestBefore, w)
          if g.nonLinkerWords == 0 && g.candidates == 0 && g.sentenceBreaks == 0
            && g.characters <= 12
          {
            joinedBonus = true
          }
        } else {
          bestAfter = max(bestAfter, w)
          // "9310 is your code": as tight as "code: 9310" (unless the code word
          // introduces another number: "5521: your code is 8812").
          if g.nonLinkerWords == 0 && g.candidates == 0 && g.sentenceBreaks == 0
            && g.characters <= 16
            && !introducesCandidate(me)
          {
            joinedBonus = true
          }
        }
      case .negative(let kind):
        // Cheap distance test first: negatives only reach nearby numbers.
        let reach = kind == .promo ? 240 : 30
        if isBefore ? c.start - me > reach : ms - c.end > reach { return }
        if isPartOfName(ms) { return }
        // "(Zalo) 8568 ...": words in the sender's tag say who sent it, not what the number is.
        if let tag = serviceTag, tag.contains(ms) { return }
        if let p = negativePenalty(kind, m, c, ms, me, isBefore, qualified: false),
          p < strongestNegative
        {
          strongestNegative = p
          negativeFeature = Scorer.featureName(kind)
        }
      case .currency:
        if isBefore && c.start - me <= 2 && allSpaceOrDot(me, c.start) && c.shape != .alphanumeric {
          if -6 < strongestNegative {
            strongestNegative = -6
            negativeFeature = "currency"
          }
        } else if isAfter && ms - c.end <= 1 && c.shape != .alphanumeric {
          if -6 < strongestNegative {
            strongestNegative = -6
            negativeFeature = "currency"
          }
        }
      case .duration, .dataUnit:
        if isAfter && ms - c.end <= 1 && allSpaceOrDot(c.end, ms) {
          let name: StaticString = m.role == .dataUnit ? "quantity" : "duration"
          if -6 < strongestNegative {
            strongestNegative = -6
            negativeFeature = name
          }
        }
      default:
        break
      }
    }
    var k = firstMatch(endingAtOrAfter: windowStart)
    while k < matches.count && Int(matches[k].end) <= c.start {
      visit(matches[k], true)
      k += 1
    }
    while k < matches.count {
      let m = matches[k]
      k += 1
      if Int(m.end) > windowEnd + Lexicon.maximumTermLength { break }
      // Past the window, or across the candidate.
      if Int(m.start) > windowEnd || Int(m.start) < c.end { continue }
      visit(m, false)
    }
    let evidence = max(bestBefore, bestAfter) + 0.3 * min(bestBefore, bestAfter)
    if bestBefore >= bestAfter {
      t.add("code-word-before", bestBefore)
      t.add("code-word-after", 0.3 * bestAfter)
    } else {
      t.add("code-word-after", bestAfter)
      t.add("code-word-before", 0.3 * bestBefore)
    }
    if joinedBonus { t.add("joined-to-code-word", Weight.joined) }
    if strongestNegative < 0 {
      // Strong code words right before a number outweigh a stray negative word.
      let softened =
        evidence >= 4 && strongestNegative > -6.5 ? strongestNegative * 0.6 : strongestNegative
      t.add(negativeFeature, softened)
    }
    return linked
  }

  private static func featureName(_ kind: NegativeKind) -> StaticString {
    switch kind {
    case .reference: "reference-number"
    case .phone: "phone-word"
    case .money: "money-word"
    case .account: "account-or-card"
    case .address: "address"
    case .promo: "promo-code"
    case .shortCode: "short-code"
    case .date: "date-word"
    }
  }

  private func negativePenalty(
    _ kind: NegativeKind, _ m: TermMatch, _ c: Candidate, _ ms: Int, _ me: Int, _ isBefore: Bool,
    qualified: Bool
  ) -> Double? {
    let base: Double
    switch kind {
    case .reference: base = -5
    case .phone: base = c.digits >= 7 || isBefore && me >= c.start - 3 ? -5.5 : -2.5
    case .money: base = -4.5
    case .account: base = -6
    case .address: base = -4
    case .promo: base = -5
    case .shortCode: base = -4.5
    case .date: base = -3.5
    }
    if isBefore {
      let g = gap(from: me, to: c.start)
      if kind == .promo {
        // "Use promo code SAVE20 for 20% off": anywhere in the same sentence.
        let alphabetic = c.shape == .alphanumeric || c.shape == .letters
        guard g.sentenceBreaks == 0, g.characters <= (alphabetic ? 80 : 30) else { return nil }
        return alphabetic ? base : base * 0.6
      }
      guard g.sentenceBreaks == 0, g.anyCandidates == 0, g.codeTerms == 0, g.characters <= 24 else {
        return nil
      }
      let words = g.nonLinkerWords
      guard words <= 2 else { return nil }
      if kind == .date && (g.characters > 3 || words > 0) { return nil }
      var p = base * (words == 0 ? 1 : words == 1 ? 0.6 : 0.35)
      // "OTP for transaction", "code to link account": the word says what the code is for;
      // "account: 9310 is your code": the code word after says what the number is.
      if !qualified && (purposeOfCode(before: ms) || codeWordJoinedAfter(c)) { p *= 0.3 }
      return p
    } else {
      let g = gap(from: c.end, to: ms)
      if kind == .date {
        guard g.characters <= 1, m.length >= 3 else { return nil }
        return base
      }
      if kind == .promo {
        let alphabetic = c.shape == .alphanumeric || c.shape == .letters
        guard g.sentenceBreaks == 0, g.characters <= (alphabetic ? 60 : 24) else { return nil }
        return alphabetic ? base : base * 0.6
      }
      // "Reply STOP to 12345" only reads one way; "code 610244 for a purchase of"
      // names what the code is for.
      if kind == .shortCode && !qualified { return nil }
      if !qualified && joinedToCodeWord(c) { return nil }
      guard g.sentenceBreaks == 0, g.characters <= 16, g.nonLinkerWords == 0,
        g.codeTerms == 0 || qualified
      else {
        return nil
      }
      // "381507 az Ügyfélkapu+ egyszer használatos kódod": the word names whose code it is.
      if !qualified && codeWordFollows(me) { return nil }
      return base * 0.8
    }
  }

  /// "Apple Pay", "Trade Republic": a capitalized word after a capitalized word mid-sentence.
  private func isPartOfName(_ start: Int) -> Bool {
    guard isUpper(bytes[start]), start >= 3, bytes[start - 1] == 0x20 else { return false }
    var s = start - 1
    while s > 0 && isLetter(bytes[s - 1]) { s -= 1 }
    guard s < start - 1, isUpper(bytes[s]) else { return false }
    // Not at the start of a sentence.
    var p = s
    while p > 0 && bytes[p - 1] == 0x20 { p -= 1 }
    return p > 0 && isLetter(bytes[p - 1])
  }

  /// A negative word right before a code word qualifies it: "purchase code", "Bestellcode".
  private func qualifier(of m: TermMatch) -> NegativeKind? {
    guard roles.contains(.negative) else { return nil }
    let ms = Int(m.start)
    var k = firstMatch(endingAtOrAfter: ms - 1)
    while k < matches.count && Int(matches[k].end) <= ms {
      let n = matches[k]
      k += 1
      let ne = Int(n.end)
      guard ne == ms || (ne == ms - 1 && (bytes[ne] == 0x20 || bytes[ne] == 0x2D)) else { continue }
      if case .negative(let kind) = n.role,
        kind == .reference || kind == .promo || kind == .address
      {
        return kind
      }
    }
    return nil
  }

  /// Whether a plausible candidate follows `position` with only linkers between.
  private func introducesCandidate(_ position: Int) -> Bool {
    var j = firstCandidate(startingAtOrAfter: position)
    while j < candidates.count && candidates[j].start <= position + 16 {
      if facts[j].plausible {
        let g = gap(from: position, to: candidates[j].start)
        if g.nonLinkerWords == 0 && g.sentenceBreaks == 0 { return true }
      }
      j += 1
    }
    return false
  }

  /// "9310 is your code": a code word after the candidate with only linkers between.
  private func codeWordJoinedAfter(_ c: Candidate) -> Bool {
    var k = firstMatch(endingAtOrAfter: c.end)
    while k < matches.count && Int(matches[k].end) <= c.end + 30 {
      let m = matches[k]
      k += 1
      guard Int(m.start) >= c.end, m.role.isCodeWord, qualifier(of: m) == nil,
        !introducesCandidate(Int(m.end))
      else { continue }
      let g = gap(from: c.end, to: Int(m.start))
      if g.nonLinkerWords == 0 && g.sentenceBreaks == 0 && g.anyCandidates == 0
        && g.characters <= 16
      {
        return true
      }
    }
    return false
  }

  /// "Use 6931 to ...", "Wpisz 2745 w aplikacji": a verb asking to type it, right before it.
  private func enteredByVerb(_ c: Candidate) -> Bool { termRightBefore(c, role: .entryVerb) }

  /// Whether a term of `role` ends right before the candidate, with only spaces or a colon
  /// between (at most three bytes).
  private func termRightBefore(_ c: Candidate, role: TermRole) -> Bool {
    guard roles.contains(role.kind) else { return false }
    var k = firstMatch(endingAtOrAfter: c.start - 3)
    while k < matches.count && Int(matches[k].end) <= c.start {
      let m = matches[k]
      k += 1
      guard m.role == role else { continue }
      var i = Int(m.end)
      while i < c.start && (bytes[i] == 0x20 || bytes[i] == 0x3A) { i += 1 }
      if i == c.start { return true }
    }
    return false
  }

  /// Whether a code word follows `position` closely in the same sentence.
  private func codeWordFollows(_ position: Int) -> Bool {
    var k = firstMatch(endingAtOrAfter: position)
    while k < matches.count && Int(matches[k].end) <= position + 40 {
      let m = matches[k]
      k += 1
      guard Int(m.start) >= position, m.role.isCodeWord else { continue }
      let g = gap(from: position, to: Int(m.start))
      if g.sentenceBreaks == 0 && g.anyCandidates == 0 { return true }
    }
    return false
  }

  /// Whether a code word comes right before the candidate: "koodi 610244", "code: 1234".
  private func joinedToCodeWord(_ c: Candidate) -> Bool {
    var k = firstMatch(endingAtOrAfter: c.start - 12)
    while k < matches.count && Int(matches[k].end) <= c.start {
      let m = matches[k]
      k += 1
      guard m.role.isCodeWord else { continue }
      let g = gap(from: Int(m.end), to: c.start)
      if g.nonLinkerWords == 0 && g.sentenceBreaks == 0 && g.anyCandidates == 0 { return true }
    }
    return false
  }

  /// Whether a code word sits shortly before `position` in the same sentence.
  private func purposeOfCode(before position: Int) -> Bool {
    var k = firstMatch(endingAtOrAfter: position - 60)
    while k < matches.count && Int(matches[k].end) <= position {
      let m = matches[k]
      k += 1
      guard m.role.isCodeWord else { continue }
      let g = gap(from: Int(m.end), to: position)
      if g.sentenceBreaks == 0 && g.candidates == 0 && qualifier(of: m) == nil { return true }
    }
    return false
  }

  private func allSpaceOrDot(_ from: Int, _ to: Int) -> Bool {
    var i = from
    while i < to {
      if bytes[i] != 0x20 && bytes[i] != 0x2E { return false }
      i += 1
    }
    return true
  }

  /// A candidate that is the whole message, or alone on its line.
  private func layout(_ c: Candidate, _ t: inout Tally) {
    if firstContent >= c.start && lastContent < c.end {
      t.add("whole-message", Weight.bare)
      return
    }
    // Alone on its line: walk out to the line ends, stopping at the first content
    // (so a long line costs no more than the way to its nearest word).
    var i = c.start
    while i > 0 && bytes[i - 1] != 0x0A {
      if isAlnum(bytes[i - 1]) || bytes[i - 1] >= 0x80 { return }
      i -= 1
    }
    i = c.end
    while i < bytes.count && bytes[i] != 0x0A {
      if isAlnum(bytes[i]) || bytes[i] >= 0x80 { return }
      i += 1
    }
    t.add("alone-on-line", Weight.aloneOnLine)
  }

  private func applyHints(_ c: Candidate, _ t: inout Tally) {
    var fits = false
    if let length = hints.length {
      let codeLength = c.shape == .prefixed ? c.digits : c.length
      if codeLength != length {
        t.add("hint-length", -6)
        return
      }
      fits = true
    }
    if let set = hints.characterSet {
      if set == .digits && c.shape == .alphanumeric {
        t.add("hint-charset", -6)
        return
      }
      fits = true
    }
    if fits { t.add("hint-match", Weight.hintMatch) }
  }
}

extension Lexicon {
  static func wordCount(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int {
    var words = 0
    var inWord = false
    for i in from..<to {
      let b = bytes[i]
      if isLetter(b) || b >= 0x80 {
        if !inWord { words += 1 }
        inWord = true
      } else {
        inWord = false
      }
    }
    return words
  }
}
