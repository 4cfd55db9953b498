import Dispatch
import Synchronization
import Testing

@testable import OneTimeCode

@Suite("Template memo")
struct TemplateMemoTests {
  /// What `extractor` finds in each of `texts`, one workspace for them all, with `hints`.
  private static func run(
    _ texts: [String], hints: (Int) -> ExtractionHints = { _ in ExtractionHints() },
    workspace: inout ExtractionWorkspace
  ) -> [UTF8Extraction?] {
    let extractor = CodeExtractor()
    var result: [UTF8Extraction?] = []
    for (i, text) in texts.enumerated() {
      var copy = text
      result.append(
        copy.withUTF8 { utf8 in
          try? extractor.extract(utf8: utf8.span, hints: hints(i), reusing: &workspace)
        })
    }
    return result
  }

  /// `text` with its ASCII digits changed: most kept, many to 1 to 4 (the digits of terms such
  /// as "2FA" and "last 4") or to 0 and 9, some to any; now and then a digit becomes "19", "20"
  /// or "0" (years, and expiries of zero minutes).
  private static func variant(_ text: String, _ random: inout XorShift) -> String {
    var out = ""
    for c in text.unicodeScalars {
      guard c.value >= 0x30 && c.value <= 0x39 else {
        out.unicodeScalars.append(c)
        continue
      }
      let r = random.next() % 10
      switch r {
      case 0..<4: out.unicodeScalars.append(c)
      case 4..<6: out += String(1 + random.next() % 4)
      case 6: out += random.next() % 2 == 0 ? "0" : "9"
      case 7: out += ["19", "20", "0"][Int(random.next() % 3)]
      default: out += String(random.next() % 10)
      }
    }
    return out
  }

  /// The zeros of the runs of ten decimal digits the variants below write in: Arabic-Indic,
  /// Persian, Devanagari, Bengali, Thai and full-width.
  static let zeros: [UInt32] = [0x0660, 0x06F0, 0x0966, 0x09E6, 0x0E50, 0xFF10]

  /// `text` with its ASCII digits written in the script whose zero is `zero`.
  private static func written(_ text: String, zero: UInt32) -> String {
    var out = String.UnicodeScalarView()
    for c in text.unicodeScalars {
      if c.value >= 0x30 && c.value <= 0x39 {
        out.append(Unicode.Scalar(zero + c.value - 0x30)!)
      } else {
        out.append(c)
      }
    }
    return String(out)
  }

  /// `text` with the decimal digits of other scripts changed as ``variant(_:_:)`` changes
  /// ASCII ones, each new digit in its old one's script.
  private static func otherScriptVariant(_ text: String, _ random: inout XorShift) -> String {
    var out = String.UnicodeScalarView()
    for c in text.unicodeScalars {
      guard c.value >= 0x80, c.properties.numericType == .decimal,
        let value = c.properties.numericValue
      else {
        out.append(c)
        continue
      }
      let zero = c.value - UInt32(value)
      func put(_ digits: String) {
        for d in digits.unicodeScalars { out.append(Unicode.Scalar(zero + d.value - 0x30)!) }
      }
      switch random.next() % 10 {
      case 0..<4: out.append(c)
      case 4..<6: put(String(1 + random.next() % 4))
      case 6: put(random.next() % 2 == 0 ? "0" : "9")
      case 7: put(["19", "20", "0"][Int(random.next() % 3)])
      default: put(String(random.next() % 10))
      }
    }
    return String(out)
  }

  /// `texts`, then in turn shuffled, through a memo and without one: the indices where the
  /// two differ (the first few recorded as issues), and the memo's hits.
  private static func compare(_ texts: [String], slots: Int, _ random: inout XorShift) -> (
    differ: Int, hits: Int
  ) {
    var differ = 0
    var hits = 0
    var texts = texts
    for order in 0..<2 {
      if order == 1 { texts.shuffle(using: &random) }
      var memo = ExtractionWorkspace(templateMemo: slots)
      var plain = ExtractionWorkspace()
      let got = Self.run(texts, workspace: &memo)
      let want = Self.run(texts, workspace: &plain)
      for i in texts.indices where got[i] != want[i] {
        differ += 1
        if differ <= 5 {
          Issue.record(
            "\(texts[i]): \(String(describing: got[i])) != \(String(describing: want[i]))")
        }
      }
      hits += memo.memoHits
    }
    return (differ, hits)
  }

  /// Messages whose answers turn on the digit values the memo's conditions watch.
  static let watched = [
    "Your code is 4821", "Your code is 1987", "Your code is 2034", "Your code is 5034",
    "Code 12.05.24 use 551290", "Code 45.05.24 use 551290", "Code 31/12/99 PIN 8890",
    "Your 2FA code is 551290", "Your 3FA code is 551290", "2 factor code 332211 for Acme",
    "3 factor code 332211 for Acme", "code 2fa 551290", "code 3fa 551290",
    "last 4 digits 1234, code 998877", "last 5 digits 1234, code 998877",
    "Use 3d secure code 120934", "Use 4d secure code 120934",
    "Code 552211 valid for 10 minutes", "Code 552211 valid for 0 minutes",
    "Code 552211 valid for 00 minutes, or 5 minutes", "Code 552211 valid for 05 minutes",
    "末4碼1234 驗證碼 556677", "末5碼1234 驗證碼 556677", "1회용 비밀번호 [123456]",
    "2회용 비밀번호 [123456]", "Card ending 2019: code 2024", "Card ending 5019: code 5024",
    "G-123456 is your Google code", "Ref 20.10.25 OTP: 7788", "رمز التحقق ٤٨٢٩ و 1234",
  ]

  @Test(
    "a template with a code is remembered at its first message, and its next ones answered with their own code"
  )
  func answersFromTheMemo() {
    let texts = [
      "Your code is 482913. Valid for 10 minutes.", "Your code is 705117. Valid for 15 minutes.",
      "Your code is 551290. Valid for 20 minutes.",
    ]
    var memo = ExtractionWorkspace(templateMemo: 64)
    let found = Self.run(texts, workspace: &memo)
    #expect(memo.memoHits == 2)
    #expect(found[1]?.code == "705117")
    #expect(found[2]?.code == "551290")
    #expect(found[2]?.expiresIn == 1200)
    var plain = ExtractionWorkspace()
    #expect(found == Self.run(texts, workspace: &plain))
  }

  @Test("a template without a code is remembered at its second message")
  func answersWithoutACodeFromTheMemo() {
    let texts = [
      "Order 48291377 has shipped.", "Order 70511702 has shipped.", "Order 55129003 has shipped.",
    ]
    var memo = ExtractionWorkspace(templateMemo: 64)
    let found = Self.run(texts, workspace: &memo)
    #expect(found.allSatisfy { $0 == nil })
    #expect(memo.memoHits == 1)
  }

  @Test(
    "a template whose messages take turns between two sets of conditions keeps an answer for each"
  )
  func answersBesideEachOther() {
    // A four-digit code that begins like a year (19.., 20..) is read as one, and the answer
    // is kept with that condition: one that does not, with the other.
    let texts = [
      "Your code is 4821", "Your code is 1987", "Your code is 5532", "Your code is 2011",
      "Your code is 7710", "Your code is 1999", "Your code is 3304", "Your code is 2020",
    ]
    var memo = ExtractionWorkspace(templateMemo: 64)
    let found = Self.run(texts, workspace: &memo)
    // The first two analysed (the second's digits fail the first's conditions), then every
    // one answered from one of the template's two slots.
    #expect(memo.memoHits == texts.count - 2)
    var plain = ExtractionWorkspace()
    #expect(found == Self.run(texts, workspace: &plain))
    #expect(found.map { $0?.code } == texts.map { String($0.suffix(4)) })
  }

  @Test("a set lets the slot written longest ago go, and spares one used since it was written")
  func clockSparesUsedSlots() {
    // Nine templates of one set (their hashes' high halves zero), stored as the memo stores
    // them, the first one used since: the ninth takes the second's slot, not the first's. The
    // set's group has 1,024 words of ring, so that no entry is written again on a hit (from the
    // ring's older half), which would make it the youngest.
    let memo = TemplateMemo(templates: 2048)
    let lexicon = Lexicon.standard
    let original: [UInt8] = Array("Code 482".utf8)
    let conditions = UnsafeMutablePointer<UInt32>.allocate(capacity: DigitLog.capacity)
    defer { conditions.deallocate() }
    func key(_ i: Int) -> UInt64 { 0x3030_3030_3030_0000 | UInt64(i) }
    func hash(_ i: Int) -> UInt64 { UInt64(i) &* 2 &+ 1 }
    func store(_ i: Int) {
      var word = key(i)
      memo.store(
        .nothing, key: &word, length: original.count, hash: hash(i), conditions: conditions,
        count: 0)
    }
    func isHeld(_ i: Int) -> Bool {
      var word = key(i)
      let probe = original.withUnsafeBufferPointer {
        memo.probe(
          key: &word, hash: hash(i), original: $0, values: nil, hints: ExtractionHints(),
          lexicon: lexicon, conditions: conditions)
      }
      if case .hit = probe { return true }
      return false
    }
    for i in 0..<TemplateMemo.ways { store(i) }
    #expect(isHeld(0))  // marks it used
    store(TemplateMemo.ways)
    #expect(isHeld(0))
    #expect(!isHeld(1))
    #expect((2...TemplateMemo.ways).allSatisfy { isHeld($0) })
  }

  @Test("a template in use keeps its place while templates seen twice and never again flood in")
  func usedTemplatesStay() {
    // The smallest memo: 96 sets of eight slots, each set with its own part of the ring (about
    // a dozen entries of these messages). Between two messages of the template in use, 150
    // templates are each seen twice (remembered at the first) and never again: its set takes one
    // to three of them each time. A memo that let the oldest slot go, or let the ring come round
    // to the entry, would lose the template within a few rounds, spared or not.
    var memo = ExtractionWorkspace(templateMemo: 256)
    var random = XorShift(state: 0x5EED_0C10)
    func name() -> String {
      String((0..<8).map { _ in Character(Unicode.Scalar(UInt8(97 + random.next() % 26))) })
    }
    var found: [UTF8Extraction?] = []
    var hit: [Bool] = []
    for round in 0..<20 {
      let before = memo.memoHits
      found += Self.run(
        ["Your Acme login code is \(700_000 + round * 1_237). Do not share it."],
        workspace: &memo)
      hit.append(memo.memoHits > before)
      for _ in 0..<150 {
        let (service, order) = (name(), name())
        _ = Self.run(
          ["\(service) code: 4821 for \(order)", "\(service) code: 9921 for \(order)"],
          workspace: &memo)
      }
    }
    let codes: [String?] = found.map { $0?.code }
    let expected: [String?] = (0..<20).map { String(700_000 + $0 * 1_237) }
    #expect(codes == expected)
    // Remembered at its first message (for its code, on probation), the template may lose its
    // place to the flood until it has come back twice more (where the flood falls depends on
    // the key's hash): from its second hit on, it is spared, and every message is a hit.
    let hits = hit.indices.filter { hit[$0] }
    #expect(hits.count >= 2)
    let spared = hits.count >= 2 ? hits[1] : hit.count
    #expect(spared <= 5)
    #expect(hit[spared...].allSatisfy { $0 })
  }

  @Test(
    "the corpus's messages with their digits changed give what a full analysis gives",
    arguments: [256, 1000, 4096])
  func corpusVariants(slots: Int) throws {
    var random = XorShift(state: 0x5EED_0002 &+ UInt64(slots))
    var texts: [String] = []
    for line in try CorpusAccuracyTests.lines() where line.text.contains(where: \.isASCIIDigit) {
      texts.append(line.text)
      for _ in 0..<12 { texts.append(Self.variant(line.text, &random)) }
    }
    // Hints that change from time to time: the memo serves those of its first messages.
    let hintSets = [
      ExtractionHints(), ExtractionHints(minimumConfidence: 0.9), ExtractionHints(length: 6),
    ]
    let hints = { (i: Int) in hintSets[(i / 997) % hintSets.count] }
    var memo = ExtractionWorkspace(templateMemo: slots)
    var plain = ExtractionWorkspace()
    let got = Self.run(texts, hints: hints, workspace: &memo)
    let want = Self.run(texts, hints: hints, workspace: &plain)
    var differ = 0
    for i in texts.indices where got[i] != want[i] {
      differ += 1
      if differ <= 5 { Issue.record("\(texts[i]): \(String(describing: got[i]))") }
    }
    #expect(differ == 0)
    #expect(texts.count > 3000)
    #expect(memo.memoHits > texts.count / (slots < 1000 ? 40 : 10))
  }

  /// The corpus's messages, four variants of each one with a digit and `extra`, shuffled with
  /// `random`, and the same one after the other in one buffer, as a framer's lines are, with
  /// where each starts (and one more for the end).
  private static func framedCorpus(
    extra: [String] = [], _ random: inout XorShift
  ) throws -> (texts: [String], bytes: [UInt8], starts: [Int]) {
    var texts: [String] = []
    for line in try CorpusAccuracyTests.lines() {
      texts.append(line.text)
      if line.text.contains(where: \.isASCIIDigit) {
        for _ in 0..<4 { texts.append(Self.variant(line.text, &random)) }
      }
    }
    texts += extra
    texts.shuffle(using: &random)
    var starts = [0]
    for text in texts { starts.append(starts.last! + text.utf8.count) }
    return (texts, texts.flatMap { Array($0.utf8) }, starts)
  }

  /// Extracts from `message` (whose text is `text`) with `ahead` and with `plain`, and counts in
  /// `differ` (and records, the first few times) an answer that differs.
  private static func compare(
    _ message: UnsafeBufferPointer<UInt8>, _ text: String, with extractor: CodeExtractor,
    ahead: inout ExtractionWorkspace, plain: inout ExtractionWorkspace, differ: inout Int
  ) {
    let got = try? extractor.extract(utf8: message.span, reusing: &ahead)
    let want = try? extractor.extract(utf8: message.span, reusing: &plain)
    guard got != want else { return }
    differ += 1
    if differ <= 5 { Issue.record("\(text): \(String(describing: got))") }
  }

  @Test("keys made ahead of their messages give what keys made at their turn give")
  func keysMadeAhead() throws {
    var random = XorShift(state: 0x5EED_00A1)
    let (texts, bytes, starts) = try Self.framedCorpus(&random)
    let extractor = CodeExtractor()
    var ahead = ExtractionWorkspace(templateMemo: 1024)
    var plain = ExtractionWorkspace(templateMemo: 1024)
    var differ = 0
    var asked = 0
    bytes.withUnsafeBufferPointer { all in
      func message(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: all[starts[i]..<starts[i + 1]])
      }
      var i = 0
      while i < texts.count {
        // Now and then the next message is not said, or is said and then skipped.
        let says = i + 1 < texts.count && random.next() % 8 != 0
        if says { ahead.next = message(i + 1) }
        Self.compare(
          message(i), texts[i], with: extractor, ahead: &ahead, plain: &plain, differ: &differ)
        asked += 1
        i += says && random.next() % 16 == 0 ? 2 : 1
      }
    }
    #expect(differ == 0)
    #expect(asked > 3000)
    #expect(ahead.memoHits == plain.memoHits)
  }

  @Test("blocks of keys made ahead give what keys made at their turn give")
  func blocksOfKeysMadeAhead() throws {
    var random = XorShift(state: 0x5EED_00B2)
    // With messages the memo does not key: empty ones, and one longer than it keeps.
    let (texts, bytes, starts) = try Self.framedCorpus(
      extra: ["", String(repeating: "Your code is 482913. ", count: 20), ""], &random)
    let extractor = CodeExtractor()
    var ahead = ExtractionWorkspace(templateMemo: 1024)
    var plain = ExtractionWorkspace(templateMemo: 1024)
    var differ = 0
    var asked = 0
    var fullBlocks = 0
    bytes.withUnsafeBufferPointer { all in
      func message(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: all[starts[i]..<starts[i + 1]])
      }
      func ask(_ i: Int) {
        Self.compare(
          message(i), texts[i], with: extractor, ahead: &ahead, plain: &plain, differ: &differ)
        asked += 1
      }
      var i = 0
      while i < texts.count {
        // Blocks of 1 to 24 messages: a block holds at most 16 keyed ones.
        let wanted = 1 + Int(random.next() % 24)
        var end = i
        while end < texts.count && end < i + wanted && ahead.keyAhead(message(end)) { end += 1 }
        if end < i + wanted && end < texts.count { fullBlocks += 1 }
        ahead.askForEntriesAhead()
        // Now and then a message of the block is skipped: the next one asked about is not the
        // one keyed first, and the block is dropped.
        let skip = end - i > 2 && random.next() % 8 == 0 ? i + 1 : -1
        for k in i..<max(end, i + 1) where k != skip { ask(k) }
        if skip >= 0 { ask(skip) }
        i = max(end, i + 1)
      }
    }
    #expect(differ == 0)
    #expect(asked == texts.count)
    #expect(fullBlocks > 10)
    #expect(ahead.memoHits == plain.memoHits)
  }

  @Test(
    "a key made ahead, alone or in a block, is taken at its message's turn, and forgotten when told to be",
    arguments: [true, false], [false, true])
  func keyMadeAheadForgotten(forgets: Bool, inBlock: Bool) {
    let extractor = CodeExtractor()
    let first = "Your code is 482913"
    let second = "Your bill is 482913"
    var plain = ExtractionWorkspace()
    var buffer = Array((first + first).utf8)
    let want = buffer.withUnsafeBufferPointer { all in
      (
        try? extractor.extract(
          utf8: UnsafeBufferPointer(rebasing: all[..<19]).span, reusing: &plain),
        Array(second.utf8).withUnsafeBufferPointer {
          try? extractor.extract(utf8: $0.span, reusing: &plain)
        }
      )
    }
    // Remembered with a code, the first template would answer the second message, keyed as
    // the first: the two must differ for this test to tell.
    #expect(want.0 != nil)
    #expect(want.0?.code != want.1?.code || want.0?.confidence != want.1?.confidence)
    var memo = ExtractionWorkspace(templateMemo: 64)
    let got0 = buffer.withUnsafeMutableBufferPointer { all in
      let (head, tail) = (
        UnsafeBufferPointer(rebasing: all[..<19]), UnsafeBufferPointer(rebasing: all[19...])
      )
      if inBlock {
        let keyed = (memo.keyAhead(head), memo.keyAhead(tail))
        #expect(keyed == (true, true))
        memo.askForEntriesAhead()
      } else {
        memo.next = tail
      }
      return try? extractor.extract(
        utf8: UnsafeBufferPointer(rebasing: all[..<19]).span, reusing: &memo)
    }
    if forgets { memo.forgetNext() }
    buffer.replaceSubrange(19..., with: Array(second.utf8))
    let got1 = buffer.withUnsafeBufferPointer { all in
      try? extractor.extract(utf8: UnsafeBufferPointer(rebasing: all[19...]).span, reusing: &memo)
    }
    #expect(got0 == want.0)
    // Forgotten, the second message is keyed from its own bytes. Not forgotten (against the
    // contract, to show the key is taken, not made again), it is keyed as the first was, and
    // gets the first template's remembered answer, read at the same places.
    #expect(got1 == (forgets ? want.1 : want.0))
  }

  @Test("threads sharing one memo each get what a full analysis gives")
  func sharedBetweenThreads() throws {
    var random = XorShift(state: 0x5EED_0003)
    var texts: [String] = []
    for line in try CorpusAccuracyTests.lines() where line.text.contains(where: \.isASCIIDigit) {
      for _ in 0..<4 { texts.append(Self.variant(line.text, &random)) }
    }
    var plain = ExtractionWorkspace()
    let messages = texts
    let want = Self.run(messages, workspace: &plain)
    let memo = TemplateMemo(templates: 1024)
    let threads = 4
    let differences = Mutex(0)
    let hits = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: threads) { t in
      // Each thread its own order of the same messages.
      var order = Array(messages.indices)
      var shuffle = XorShift(state: 0x5EED_0100 &+ UInt64(t))
      order.shuffle(using: &shuffle)
      var workspace = ExtractionWorkspace(sharing: memo)
      let got = Self.run(order.map { messages[$0] }, workspace: &workspace)
      let differ = zip(order, got).filter { want[$0.0] != $0.1 }.count
      differences.withLock { $0 += differ }
      let h = workspace.memoHits
      hits.withLock { $0 += h }
    }
    #expect(differences.withLock { $0 } == 0)
    #expect(hits.withLock { $0 } > messages.count / 2)
  }

  @Test("a template whose digits are another script's is remembered and answered in its own digits")
  func answersInOtherScripts() {
    let texts = [
      "رمز التحقق ٤٨٢٩١٣. صالح لمدة ١٠ دقائق", "رمز التحقق ٧٠٥١١٧. صالح لمدة ١٥ دقائق",
      "رمز التحقق ٥٥١٢٩٠. صالح لمدة ٢٠ دقائق", "आपका OTP १२३४५६ है, जो ५ मिनट तक मान्य है",
      "आपका OTP ६५४३२१ है, जो ३ मिनट तक मान्य है", "आपका OTP ९०९०९० है, जो २ मिनट तक मान्य है",
      "Your code is ４８２-９１３", "Your code is ７０５-１１７", "Your code is ５５１-２９０",
    ]
    var memo = ExtractionWorkspace(templateMemo: 64)
    let found = Self.run(texts, workspace: &memo)
    // Each template's second and third messages, but the full-width one's second: its digit
    // after "2" is not one its first message's answer holds for ("2-step" might follow), so
    // it is analysed again, and remembered with its own conditions for the third.
    #expect(memo.memoHits == 5)
    #expect(found[2]?.code == "551290")
    #expect(found[2]?.expiresIn == 1200)
    #expect(found[5]?.code == "909090")
    #expect(found[5]?.expiresIn == 120)
    #expect(found[8]?.code == "551290")
    var plain = ExtractionWorkspace()
    #expect(found == Self.run(texts, workspace: &plain))
  }

  @Test(
    "the watched digit values, in ASCII (0) and in other scripts, give what a full analysis gives in every order",
    arguments: [0] + TemplateMemoTests.zeros)
  func watchedValues(zero: UInt32) {
    var random = XorShift(state: 0x5EED_0001 &+ UInt64(zero))
    var texts: [String] = []
    for text in Self.watched {
      if zero == 0 {
        texts.append(text)
        for _ in 0..<40 { texts.append(Self.variant(text, &random)) }
      } else if !text.unicodeScalars.contains(where: { $0.value >= 0x660 && $0.value <= 0x669 }) {
        let other = Self.written(text, zero: zero)
        texts.append(other)
        for _ in 0..<40 { texts.append(Self.otherScriptVariant(other, &random)) }
      }
    }
    // In turn, then shuffled: a template's messages one after another and far apart.
    let (differ, hits) = Self.compare(texts, slots: 256, &random)
    #expect(differ == 0)
    #expect(hits > texts.count / 5)
  }

  @Test(
    "the corpus's messages in other scripts' digits, their digits changed, give what a full analysis gives",
    arguments: [256, 4096])
  func corpusVariantsInOtherScripts(slots: Int) throws {
    var random = XorShift(state: 0x5EED_0005 &+ UInt64(slots))
    var texts: [String] = []
    for (n, line) in try CorpusAccuracyTests.lines().enumerated() {
      let other: String
      if line.text.contains(where: \.isASCIIDigit) {
        other = Self.written(line.text, zero: Self.zeros[n % Self.zeros.count])
      } else if line.text.unicodeScalars.contains(where: {
        $0.value >= 0x80 && $0.properties.numericType == .decimal
      }) {
        other = line.text
      } else {
        continue
      }
      texts.append(other)
      for _ in 0..<8 { texts.append(Self.otherScriptVariant(other, &random)) }
    }
    let (differ, hits) = Self.compare(texts, slots: slots, &random)
    #expect(differ == 0)
    #expect(texts.count > 3000)
    #expect(hits > texts.count / (slots < 1000 ? 20 : 5))
  }

  @Test("messages the memo does not keep (too long, no digit, origin-bound) are answered in full")
  func notKept() {
    let long = String(repeating: "Your statement is ready. ", count: 12) + "Code 482913"
    let texts = [
      long, long.replacingOccurrences(of: "482913", with: "705117"),
      // Two messages of a template with a code: the second answered from the memo.
      "Код: ٤٨٢٩١٣", "Код: ٧٠٥١١٧", "Your code is ４８２９１３", "Your code is ７０５１１７",
      "No digits here: ABCDEF", "No digits here: QWERTY",
      // Origin-bound: answered by the WICG grammar, never remembered, in a template of three.
      "482913 is your code\n\n@a1.example #482913", "705117 is your code\n\n@a2.example #705117",
      "551290 is your code\n\n@a3.example #551290",
    ]
    var memo = ExtractionWorkspace(templateMemo: 64)
    var plain = ExtractionWorkspace()
    let found = Self.run(texts, workspace: &memo)
    #expect(found == Self.run(texts, workspace: &plain))
    #expect(found.last??.origin?.domain == "a3.example")
    #expect(memo.memoHits == 2)
  }

  @Test("ill-formed UTF-8 beside digits of another script is refused each time, never answered")
  func illFormedWithOtherDigits() {
    let extractor = CodeExtractor()
    var memo = ExtractionWorkspace(templateMemo: 64)
    var plain = ExtractionWorkspace()
    let well = Array("Код: ٤٨٢٩١٣".utf8)
    // A stray continuation byte, a truncated Arabic-Indic digit, an overlong one; then what
    // would be quiet letters but for their bytes: an overlong "ж", a surrogate, a lead byte
    // before an ASCII letter, a truncated Thai letter.
    let ill: [[UInt8]] = [
      well + [0x80], well + [0xD9], Array("Код: ".utf8) + [0xE0, 0x99, 0xA4],
      well + [0xE0, 0x90, 0xB6], well + [0xED, 0xA0, 0x80], [0xD0, 0x41] + well,
      well + [0xE0, 0xB8],
    ]
    for bytes in [well, well, well] + ill + ill + ill {
      let got = Result { () throws(InvalidUTF8) in
        try extractor.extract(utf8: bytes.span, reusing: &memo)
      }
      let want = Result { () throws(InvalidUTF8) in
        try extractor.extract(utf8: bytes.span, reusing: &plain)
      }
      #expect(String(describing: got) == String(describing: want))
    }
    #expect(memo.memoHits == 2)
  }

  /// Pieces of messages without an ASCII digit: words of several scripts, spaces and marks
  /// the fold drops or changes, and (the last ones) what makes a candidate possible after all:
  /// colons the fold writes, a digit of another script, one beyond the Basic Multilingual
  /// Plane, and an emoji (whose fold the table does not hold).
  private static let digitlessPieces = [
    "Your", "order", "has", "shipped", "code", "Code", "verification", "Ваш", "код",
    "подтверждения", "رمز", "التحقق", "الخاص", "Ο", "κωδικός", "σας", "验证码", "您的",
    "인증번호", "รหัส", "mã", "xác", "nhận", "Ｃｏｄｅ", "QGFDAE", "AbCdEf", " ", "\u{3000}",
    "\u{2009}", "\u{00A0}", "\u{200F}", "\u{2013}", "\n", ".", ",", "!", "?", "(", ")", "«",
    "»", "、", "。", "@", "：", "\u{FE55}", "\u{FE13}", "\u{2A74}", ":", "٤", "\u{1D7D2}", "🔐",
  ]

  @Test(
    "a message without a digit or a colon, folded or not, is answered as the analysis answers it"
  )
  func digitlessMessagesSkipTheAnalysis() {
    var random = XorShift(state: 0xC0DE_C01A)
    let extractor = CodeExtractor()
    var memo = ExtractionWorkspace(templateMemo: 64)
    var plain = ExtractionWorkspace()
    var skipped = 0
    var found: [Int] = []
    var texts: [[UInt8]] = [
      Array("Your verification code：QGFDAE".utf8),
      Array("Ваш код подтверждения\u{FE55} QGFDAE".utf8),
      Array("Your verification code\u{FE13} QGFDAE".utf8), Array("Hello there".utf8),
      Array("Привет".utf8),
      // Ill-formed: refused by both, never answered "no code".
      Array("Привет ".utf8) + [0x80], Array("Hello ".utf8) + [0xD0], [0xC0, 0x80, 0x41],
    ]
    for _ in 0..<4000 {
      let count = 1 + Int(random.next() % 12)
      var text = ""
      for _ in 0..<count {
        // The last eight pieces (colons, digits, the emoji) rarely, so that most texts have none.
        let all = Self.digitlessPieces.count
        let limit = random.next() % 4 == 0 ? all : all - 8
        text += Self.digitlessPieces[Int(random.next() % UInt64(limit))]
        if random.next() % 2 == 0 { text += " " }
      }
      texts.append(Array(text.utf8))
    }
    for bytes in texts {
      let got = Result { () throws(InvalidUTF8) in
        try extractor.extract(utf8: bytes.span, reusing: &memo)
      }
      let want = Result { () throws(InvalidUTF8) in
        try extractor.extract(utf8: bytes.span, reusing: &plain)
      }
      #expect(String(describing: got) == String(describing: want))
      if case .success(.some) = want { found.append(texts.firstIndex(of: bytes)!) }
      let keying = bytes.withUnsafeBufferPointer { memo.memo!.key($0) }
      if !keying.mayHaveCandidate {
        skipped += 1
        #expect(!bytes.contains(0x3A) && !bytes.contains { $0 &- 0x30 < 10 })
        #expect(try! extractor.extract(utf8: bytes.span, reusing: &plain) == nil)
      }
    }
    // Both kinds are there: messages answered without analysis, and codes after a colon
    // that only the fold writes.
    #expect(skipped > 1000)
    #expect(found.starts(with: [0, 1, 2]))
  }

  /// A message is answered "no candidate" without being folded when the fold's table says
  /// that no scalar of it folds to a digit or a colon: the table must agree with the fold,
  /// for every scalar of the Basic Multilingual Plane.
  @Test("the fold's table says which scalars fold to no digit and no colon, as the fold does")
  func foldsWithoutDigitOrColonAgreesWithTheFold() {
    var plain = 0
    var colons: [UInt32] = []
    for value in UInt32(0x80)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let folded = TextNormalizer.normalize(String(Character(scalar))).bytes
      let holds = folded.contains { $0 &- 0x30 <= 10 }
      if holds && folded.contains(0x3A) { colons.append(value) }
      if TemplateMemo.foldsWithoutDigitOrColon(value) {
        plain += 1
        #expect(!holds, "U+\(String(value, radix: 16))")
      }
    }
    // Most scalars are known; the colons of other widths and forms are not among them.
    #expect(plain > 50_000)
    for colon: UInt32 in [0xFF1A, 0xFE55, 0xFE13, 0x2A74] { #expect(colons.contains(colon)) }
  }

  /// The memo's key passes over a quiet scalar of a message without an ASCII digit without
  /// reading its entry in the fold's table: its bit must say what its entry says, for every
  /// scalar of the Basic Multilingual Plane, asked in any order.
  @Test("a scalar is quiet exactly when its fold is known to hold no digit and no colon")
  func quietScalarsFoldToNoDigitOrColon() {
    var quiet = 0
    // From the top down, every seventh scalar first, then all: asked before and after their
    // own bits are set, beside others' set bits, some after their entries were filled.
    let values = (0x80...0xFFFF).reversed().filter { $0 % 7 == 0 } + (0x80...0xFFFF)
    for value in values.map(UInt32.init) where !(0xD800...0xDFFF).contains(value) {
      let isQuiet = TemplateMemo.isQuiet(value)
      let folds = TemplateMemo.foldsWithoutDigitOrColon(value)
      if isQuiet != folds { Issue.record("U+\(String(value, radix: 16)): quiet \(isQuiet)") }
      if isQuiet && TemplateMemo.foldedDigit(value) != nil {
        Issue.record("U+\(String(value, radix: 16)) is quiet but folds to a digit")
      }
      if isQuiet { quiet += 1 }
    }
    // Most scalars are quiet (counted twice for the first pass's); digits and colons are not.
    #expect(quiet > 55_000)
    for digit: UInt32 in [0x0661, 0x06F5, 0x0967, 0x0E52, 0xFF13] {
      #expect(!TemplateMemo.isQuiet(digit))
    }
    #expect(!TemplateMemo.isQuiet(0xFF1A))
    #expect(TemplateMemo.isQuiet(0x0416) && TemplateMemo.isQuiet(0x0E01))
    #expect(!TemplateMemo.isQuiet(0x1_F4E6))
  }

  /// The memo takes a folded ASCII digit for the original's when the fold kept every offset.
  /// That holds while no other scalar folds to an ASCII digit in as many bytes as it has: every
  /// scalar with a numeric value (the only ones whose fold can hold a digit) is checked.
  @Test("no scalar but an ASCII digit folds to a digit in as many bytes as it has")
  func digitsKeepTheirOffsetsOnlyFromASCII() {
    var checked = 0
    var withDigits = 0
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.numericType != nil else {
        continue
      }
      let folded = TextNormalizer.normalize(String(Character(scalar))).bytes
      checked += 1
      if folded.contains(where: { $0 &- 0x30 < 10 }) {
        withDigits += 1
        #expect(
          folded.count != String(Character(scalar)).utf8.count, "U+\(String(value, radix: 16))")
      }
    }
    #expect(checked > 1000)
    // The digits of other scripts, at least, fold to ASCII ones.
    #expect(withDigits > 500)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
