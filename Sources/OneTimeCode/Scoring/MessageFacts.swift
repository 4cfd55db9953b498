/// The sender a message names, and how long its code lasts.
enum MessageFacts {
  // MARK: - Service

  /// Words that start a message or stand before a code word without naming anyone.
  /// Each is ASCII, lower case, at most 16 bytes (a test checks it).
  static let notNames: Set<String> = [
    "your", "the", "a", "an", "is", "as", "use", "enter", "for", "this", "to", "new", "dear", "hi",
    "hello",
    "here", "here's", "code", "otp", "pin", "alert", "info", "notice", "message", "sms",
    "dear customer",
    "one", "please", "welcome", "verification", "security", "we", "our", "my", "you", "with", "and",
    "or",
  ]

  /// The span (normalized bytes) of the service the message names.
  static func service(
    in bytes: UnsafeBufferPointer<UInt8>, matches: [TermMatch]
  ) -> Range<Int>? {
    if let r = bracketed(bytes) { return r }
    if let r = labelled(bytes, matches: matches) { return r }
    if let r = beforeCodeWord(bytes, matches: matches) { return r }
    if let r = afterFor(bytes, matches: matches) { return r }
    return nil
  }

  /// Where the text starts, after spaces and Android's "<#> " marker.
  private static func textStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var i = 0
    let n = bytes.count
    while i < n && bytes[i] == 0x20 { i += 1 }
    if i + 2 < n && bytes[i] == 0x3C && bytes[i + 1] == 0x23 && bytes[i + 2] == 0x3E {
      i += 3
      while i < n && bytes[i] == 0x20 { i += 1 }
    }
    return i
  }

  /// "[Amazon] ...", "【淘宝】..." (folded to "(淘宝)"), or the same at the end.
  static func bracketed(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    let n = bytes.count
    let i = textStart(bytes)
    if let r = bracket(bytes, at: i) { return r }
    var e = n
    while e > 0 && (bytes[e - 1] == 0x20 || bytes[e - 1] == 0x0A || bytes[e - 1] == 0x2E) { e -= 1 }
    if e > 0 && (bytes[e - 1] == 0x29 || bytes[e - 1] == 0x5D) {
      var s = e - 1
      while s > 0 && bytes[s] != 0x28 && bytes[s] != 0x5B && e - s < 40 { s -= 1 }
      if bytes[s] == 0x28 || bytes[s] == 0x5B, let r = bracket(bytes, at: s), r.upperBound == e {
        return r
      }
    }
    return nil
  }

  private static func bracket(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Range<Int>? {
    guard i < bytes.count, bytes[i] == 0x5B || bytes[i] == 0x28 else { return nil }
    let close: UInt8 = bytes[i] == 0x5B ? 0x5D : 0x29
    var j = i + 1
    var letters = 0
    var digits = 0
    while j < bytes.count && bytes[j] != close && j - i < 40 {
      if bytes[j] == 0x0A { return nil }
      if isLetter(bytes[j]) || bytes[j] >= 0x80 { letters += 1 }
      if isDigit(bytes[j]) { digits += 1 }
      j += 1
    }
    guard j < bytes.count, bytes[j] == close, letters >= 2, digits <= letters else { return nil }
    return i..<(j + 1)
  }

  /// "Google: Your code is ..." at the start of the message.
  private static func labelled(
    _ bytes: UnsafeBufferPointer<UInt8>, matches: [TermMatch]
  ) -> Range<Int>? {
    let n = bytes.count
    var i = textStart(bytes)
    let start = i
    guard start < n else { return nil }
    // The label's colon is at most 30 bytes after the start: without one there, no label (most
    // messages), found eight bytes at a time.
    let reach = UnsafeBufferPointer(rebasing: bytes[start..<min(n, start + 31)])
    guard ByteSearch.contains(0x3A, in: reach) else { return nil }
    var words = 0
    var inWord = false
    while i < n && i - start < 30 {
      let b = bytes[i]
      if b == 0x3A { break }
      if isLetter(b) || b >= 0x80 || b == 0x26 || b == 0x2D || b == 0x2E {
        if !inWord { words += 1 }
        inWord = true
      } else if b == 0x20 {
        inWord = false
      } else {
        return nil
      }
      i += 1
    }
    guard i < n, bytes[i] == 0x3A, words >= 1, words <= 3, i > start else { return nil }
    let r = start..<i
    if isCommonWord(bytes, r) { return nil }
    for m in matches where Int(m.start) < i && Int(m.end) > start {
      switch m.role {
      case .strongCode, .weakCode, .linker, .negative, .safety, .expiry: return nil
      default: continue
      }
    }
    return r
  }

  /// "Your Google verification code", "as Microsoft account security code".
  private static func beforeCodeWord(
    _ bytes: UnsafeBufferPointer<UInt8>, matches: [TermMatch]
  ) -> Range<Int>? {
    // The widest span of a match, to find the matches covering a position without a scan of all
    // (measured when a name is first found: most messages have none).
    var widest = -1
    // What follows depends on where the words before the code word end, not on the code word:
    // "verification" and "verification code" walk back from the same place, once. The last
    // four places walked from (a message has few code words).
    var walked: (Int, Int, Int, Int) = (-1, -1, -1, -1)
    for m in matches {
      guard m.role.isCodeWord else { continue }
      // Walk back over words until a stop word or punctuation.
      var end = Int(m.start)
      while end > 0 && bytes[end - 1] == 0x20 { end -= 1 }
      if end == walked.0 || end == walked.1 || end == walked.2 || end == walked.3 { continue }
      walked = (end, walked.0, walked.1, walked.2)
      var start = end
      var firstWordStart = end
      var count = 0
      var cursor = end
      while cursor > 0 && count < 3 {
        var ws = cursor
        while ws > 0 && (isAlnum(bytes[ws - 1]) || bytes[ws - 1] == 0x26 || bytes[ws - 1] == 0x2D) {
          ws -= 1
        }
        guard ws < cursor else { break }
        if isCommonWord(bytes, ws..<cursor)
          || isLinker(ws..<cursor, matches: matches)
        {
          break
        }
        start = ws
        firstWordStart = ws
        count += 1
        cursor = ws
        guard cursor > 0, bytes[cursor - 1] == 0x20 else { break }
        cursor -= 1
      }
      guard count > 0, isUpper(bytes[firstWordStart]) else { continue }
      if widest < 0 {
        widest = 0
        for m in matches { widest = max(widest, Int(m.end - m.start)) }
      }
      // Skip code words themselves: "Your verification code".
      var isTerm = false
      // Matches are in order of their end: those covering `start` end after it, and no later
      // than `start + widest`.
      var k = firstMatch(endingAfter: start, in: matches)
      while k < matches.count && Int(matches[k].end) <= start + widest {
        let other = matches[k]
        k += 1
        if Int(other.start) <= start && (other.role.isCodeWord || other.role == .safety) {
          isTerm = true
        }
      }
      if isTerm { continue }
      return start..<end
    }
    return nil
  }

  /// "... code for your Sony Entertainment Network account", "code for Acme".
  ///
  /// The first code word (in the matches' order) with " for " less than 24 bytes after it,
  /// and no full stop or line break between, decides. The places of " for " are found in one
  /// pass as the code words' ends advance, not looked for again after each code word.
  static func afterFor(
    _ bytes: UnsafeBufferPointer<UInt8>, matches: [TermMatch]
  ) -> Range<Int>? {
    guard var next = nextFor(bytes, from: 0) else { return nil }
    for m in matches {
      guard m.role.isCodeWord else { continue }
      let end = Int(m.end)
      // Matches come in order of their end, so the first " for " after it only moves on.
      if next < end {
        guard let found = nextFor(bytes, from: end) else { return nil }
        next = found
      }
      guard next - end < 24 else { continue }
      var stopped = false
      for k in end..<next where bytes[k] == 0x2E || bytes[k] == 0x0A {
        stopped = true
        break
      }
      if stopped { continue }
      return name(bytes, afterForAt: next)
    }
    return nil
  }

  /// The name after the " for " at `forAt` (and "your"): up to four capitalised words, or
  /// `nil` when none starts there.
  static func name(_ bytes: UnsafeBufferPointer<UInt8>, afterForAt forAt: Int) -> Range<Int>? {
    let n = bytes.count
    var s = forAt + 5
    if s + 5 < n && (bytes[s] | 0x20) == 0x79 && (bytes[s + 1] | 0x20) == 0x6F
      && (bytes[s + 2] | 0x20) == 0x75
      && (bytes[s + 3] | 0x20) == 0x72 && bytes[s + 4] == 0x20
    {
      s += 5
    }
    guard s < n, isUpper(bytes[s]) else { return nil }
    var e = s
    var words = 0
    while e < n && words < 4 {
      var we = e
      while we < n && (isAlnum(bytes[we]) || bytes[we] == 0x26 || bytes[we] == 0x2D) {
        we += 1
      }
      guard we > e, isUpper(bytes[e]) || isDigit(bytes[e]) else { break }
      words += 1
      e = we
      guard e + 1 < n, bytes[e] == 0x20, isUpper(bytes[e + 1]) else { break }
      e += 1
    }
    while e > s && bytes[e - 1] == 0x20 { e -= 1 }
    return e > s ? s..<e : nil
  }

  /// Where " for " (in any case) starts at or after `from`, or `nil`. Its "f" is looked for
  /// eight bytes at a time (most messages have few), and each one found is checked whole.
  private static func nextFor(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    let n = bytes.count
    func isFor(_ p: Int) -> Bool {
      p >= from && p + 4 < n && bytes[p] == 0x20 && (bytes[p + 1] | 0x20) == 0x66
        && (bytes[p + 2] | 0x20) == 0x6F && (bytes[p + 3] | 0x20) == 0x72 && bytes[p + 4] == 0x20
    }
    // `i` is where an "f" may be: one past the space before it.
    var i = from + 1
    let raw = UnsafeRawBufferPointer(bytes)
    let f = ByteSearch.ones &* 0x66
    while i + 8 <= n {
      // "F" and "f" both become 0x66 with the 0x20 bit set; no other byte does.
      let x =
        (raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) | (ByteSearch.ones &* 0x20)) ^ f
      // Every zero byte of `x` is flagged, in order (a later flag may be a borrow's false one,
      // which the check below turns away).
      var hits = (x &- ByteSearch.ones) & ~x & ByteSearch.highs
      while hits != 0 {
        let p = i + (hits.trailingZeroBitCount >> 3) - 1
        if isFor(p) { return p }
        hits &= hits &- 1
      }
      i += 8
    }
    while i < n {
      if isFor(i - 1) { return i - 1 }
      i += 1
    }
    return nil
  }

  /// "Tu", "Ihr", "Votre": a word some language's lexicon lists as a linker is no name.
  private static func isLinker(_ r: Range<Int>, matches: [TermMatch]) -> Bool {
    var k = firstMatch(endingAfter: r.upperBound - 1, in: matches)
    while k < matches.count && Int(matches[k].end) == r.upperBound {
      let m = matches[k]
      k += 1
      if Int(m.start) == r.lowerBound && m.role == .linker { return true }
    }
    return false
  }

  /// The index of the first match (matches are in order of their end) ending after `position`.
  private static func firstMatch(endingAfter position: Int, in matches: [TermMatch]) -> Int {
    matches.withUnsafeBufferPointer { matches in
      Scorer.lowerBound(matches.count) { Int(matches[$0].end) <= position }
    }
  }

  /// ``notNames`` packed for ``isCommonWord(_:_:)``: each name's bytes in two little-endian
  /// words, zero past its end, the names grouped by length; the names of `n` bytes are pairs
  /// `starts[n]..<starts[n + 1]` of `words`. Flat arrays of integers, so that comparing a
  /// word reads them without retaining anything (an array of byte arrays per length took a
  /// retain and a release of each name it compared).
  private static let packedNotNames: (words: [UInt64], starts: [Int]) = {
    let byLength = notNames.map { Array($0.utf8) }.sorted { $0.count < $1.count }
    var words: [UInt64] = []
    var starts = [0]
    var next = 0
    for length in 0...16 {
      while next < byLength.count && byLength[next].count == length {
        let (lo, hi) = pack(byLength[next])
        words += [lo, hi]
        next += 1
      }
      starts.append(words.count / 2)
    }
    return (words, starts)
  }()

  /// Up to 16 bytes, ASCII letters lowered (the names are lower case already), in two
  /// little-endian words.
  @inline(__always)
  private static func pack<C: Collection<UInt8>>(_ bytes: C) -> (UInt64, UInt64) {
    var lo: UInt64 = 0
    var hi: UInt64 = 0
    for (k, b) in bytes.enumerated() {
      if k < 8 {
        lo |= UInt64(Lexicon.lower(b)) << (8 * k)
      } else {
        hi |= UInt64(Lexicon.lower(b)) << (8 * (k - 8))
      }
    }
    return (lo, hi)
  }

  /// Whether `r` spells one of ``notNames`` (ASCII letters in any case): its bytes lowered
  /// and packed, then compared with the names of its length. Every name is ASCII, so no
  /// other spelling equals one, and a word's zero byte cannot pass for a shorter name's end
  /// since only names of its own length are compared.
  static func isCommonWord(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    let n = r.count
    guard n <= 16 else { return false }
    let (lo, hi) = pack(UnsafeBufferPointer(rebasing: bytes[r]))
    var k = packedNotNames.starts[n]
    let end = packedNotNames.starts[n + 1]
    while k < end {
      if packedNotNames.words[2 * k] == lo && packedNotNames.words[2 * k + 1] == hi { return true }
      k += 1
    }
    return false
  }

  // MARK: - Expiry

  /// Seconds the code stays valid: a number before a time unit, the one nearest
  /// an expiry phrase ("valid for 10 minutes", "5分钟内有效"), else the first.
  static func expiry(in bytes: UnsafeBufferPointer<UInt8>, matches: [TermMatch]) -> Int? {
    expiry(in: bytes, matches: matches, roles: TermRoles(matches))
  }

  /// ``expiry(in:matches:)`` with the kinds of the terms, as the matcher gathered them: most
  /// messages are done without a pass over their matches.
  static func expiry(
    in bytes: UnsafeBufferPointer<UInt8>, matches: [TermMatch], roles: TermRoles,
    log: UnsafeMutablePointer<DigitLog>? = nil
  ) -> Int? {
    // Only a number before a time unit gives one.
    guard roles.contains(.duration) else { return nil }
    // The expiry phrases' starts in stack memory, room for every match (a message has a few;
    // an array cost an allocation per message).
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: matches.count) { positions in
      var k = 0
      var sorted = true
      for m in matches {
        guard case .expiry = m.role else { continue }
        positions[k] = Int(m.start)
        if k > 0 && positions[k - 1] > positions[k] { sorted = false }
        k += 1
      }
      // Sorted, so that the nearest expiry phrase to a number is found by a binary search
      // (only the distance counts: which of two equally near phrases is found does not).
      var starts = UnsafeMutableBufferPointer(rebasing: positions[0..<k])
      if !sorted { starts.sort() }
      return expiry(
        in: bytes, matches: matches, expiryStarts: UnsafeBufferPointer(starts), log: log)
    }
  }

  /// ``expiry(in:matches:)`` with the starts of the expiry phrases, in order.
  private static func expiry(
    in bytes: UnsafeBufferPointer<UInt8>, matches: [TermMatch],
    expiryStarts expiryPositions: UnsafeBufferPointer<Int>, log: UnsafeMutablePointer<DigitLog>?
  ) -> Int? {
    var first: Int? = nil
    var best: (Int, Int)? = nil  // (seconds, distance to an expiry term)
    // Where each one's number is, for the memo.
    var firstSource: (start: Int, end: Int, seconds: Int)? = nil
    var bestSource: (start: Int, end: Int, seconds: Int)? = nil
    for m in matches {
      guard case .duration(let seconds) = m.role else { continue }
      var e = Int(m.start)
      if e > 0 && bytes[e - 1] == 0x20 { e -= 1 }
      var s = e
      while s > 0 && isDigit(bytes[s - 1]) && e - s < 4 { s -= 1 }
      guard s < e, s == 0 || !isAlnum(bytes[s - 1]) else { continue }
      // Not a clock time such as 10:30 or a decimal.
      if s > 0 && (bytes[s - 1] == 0x3A || bytes[s - 1] == 0x2E || bytes[s - 1] == 0x2C) {
        continue
      }
      var n = 0
      for k in s..<e { n = n * 10 + Int(bytes[k] - 0x30) }
      // Which number gives the expiry depends on the values only by whether they are zero.
      log?.pointee.noteNonzero(at: s, length: e - s, n > 0)
      guard n > 0 else { continue }
      let total = n * Int(seconds)
      if first == nil {
        first = total
        firstSource = (s, e, Int(seconds))
      }
      // The nearest expiry phrase: the last one at or before `s`, or the first one after it.
      var lo = 0
      var hi = expiryPositions.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if expiryPositions[mid] <= s { lo = mid + 1 } else { hi = mid }
      }
      var nearest: Int? = nil
      if lo > 0 { nearest = s - expiryPositions[lo - 1] }
      if lo < expiryPositions.count {
        let after = expiryPositions[lo] - s
        if nearest == nil || after < nearest! { nearest = after }
      }
      if let d = nearest, d < 60, best == nil || d < best!.1 {
        best = (total, d)
        bestSource = (s, e, Int(seconds))
      }
    }
    if let log { log.pointee.expirySource = best == nil ? firstSource : bestSource }
    return best?.0 ?? first
  }
}
