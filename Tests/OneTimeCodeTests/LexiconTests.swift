import Testing

@testable import OneTimeCode

@Suite("Lexicon")
struct LexiconTests {
  private func roles(_ text: String, in lexicon: Lexicon = .standard) -> [String] {
    let bytes = Array(TextNormalizer.normalize(text).bytes)
    var matches: [TermMatch] = []
    bytes.withUnsafeBufferPointer { buffer in
      _ = lexicon.matches(in: buffer, into: &matches)
    }
    return matches.map { m in
      String(decoding: bytes[Int(m.start)..<Int(m.end)], as: UTF8.self)
    }
  }

  @Test("the built-in lexicon covers at least 30 languages, the issue's among them")
  func languages() {
    let tags = Set(LanguageLexicon.builtIn.map(\.language))
    #expect(tags.count >= 30)
    for required in [
      "en", "es", "pt", "fr", "de", "it", "ru", "uk", "tr", "ar", "fa", "ur", "he", "hi", "bn",
      "th", "vi", "id",
      "tl", "sw", "zh-Hans", "zh-Hant", "ja", "ko", "el",
    ] {
      #expect(tags.contains(required), "missing \(required)")
    }
  }

  @Test(
    "the compiled lexicon in Sources/CLexicon matches the tables (else run `make lexicon`)")
  func compiledIsCurrent() throws {
    let fresh = Lexicon(languages: LanguageLexicon.builtIn).compiledData()
    let stored = Array(Lexicon.compiledStandard)
    #expect(stored == fresh, "Sources/CLexicon/standard.lexicon is stale: run `make lexicon`")
    // The embedded bytes are read, not refused for the fallback.
    let embedded = try #require(
      Lexicon(compiledBytes: Lexicon.compiledStandard, languages: LanguageLexicon.builtIn))
    #expect(embedded.compiledData() == fresh)
  }

  @Test("the compiled form round-trips, and garbage is refused")
  func roundTrip() throws {
    let lexicon = Lexicon(languages: [
      LanguageLexicon(
        language: "xx", name: "Test", strongCodeTerms: ["zork code"], weakCodeTerms: ["zk*"])
    ])
    let data = lexicon.compiledData()
    let again = try #require(Lexicon(compiledData: data, languages: lexicon.languages))
    #expect(again.compiledData() == data)
    #expect(Lexicon(compiledData: Array(data.dropLast()), languages: []) == nil)
    // Cut anywhere, or with a byte too many, the bytes are refused without reading past them.
    for cut in stride(from: 0, to: data.count, by: 7) {
      #expect(Lexicon(compiledData: Array(data[..<cut]), languages: []) == nil)
    }
    #expect(Lexicon(compiledData: data + [0], languages: []) == nil)
  }

  @Test(
    "the built-in lexicon's trie is walked where the program holds it, and is the one its tables make"
  )
  func standardReadInPlace() throws {
    let stored = Lexicon.compiledStandard
    let start = try #require(stored.baseAddress)
    let trie = Lexicon.standard.trie
    for table in [
      UnsafeRawPointer(trie.nodes.baseAddress), UnsafeRawPointer(trie.outputFirst.baseAddress),
      UnsafeRawPointer(trie.root.baseAddress), UnsafeRawPointer(trie.digitStarts.baseAddress),
      UnsafeRawPointer(trie.positiveBelow.baseAddress),
    ] {
      let at = try #require(table)
      #expect(at >= start && at < start + stored.count, "a table was copied at start-up")
    }
    #expect(trie.hasTables(of: Lexicon(languages: LanguageLexicon.builtIn).trie))
    // Its automaton, read from the same bytes when asked for, makes that trie again.
    #expect(Lexicon.standard.automaton.makeTrie(terms: Lexicon.standard.terms).hasTables(of: trie))
  }

  @Test("a compiled form whose trie is not the one its automaton makes is refused")
  func strayTrieRefused() throws {
    let lexicon = Lexicon(languages: [
      LanguageLexicon(
        language: "xx", name: "Test",
        strongCodeTerms: ["zork code", "zap", "zip", "zoo", "zu", "zy"],
        weakCodeTerms: ["zk*"])
    ])
    let data = lexicon.compiledData()
    let (offsets, byteCount) = TermTrie.layout(lexicon.trie.counts)
    let trieStart = data.count - byteCount
    let counts = lexicon.trie.counts
    let sizes = [
      counts.states, counts.states, counts.outputs, counts.rowBytes, 256, 257,
      (counts.states + 63) / 64,
    ]
    #expect(sizes.allSatisfy { $0 > 0 }, "every table is tried")
    for (table, offset) in offsets.enumerated() {
      var changed = data
      changed[trieStart + offset] ^= 1
      #expect(
        Lexicon(compiledData: changed, languages: lexicon.languages) == nil, "table \(table)")
    }
    #expect(Lexicon(compiledData: data, languages: lexicon.languages) != nil)
  }

  @Test("each state's children are numbered one after the other, as the trie needs")
  func childrenNumberedTogether() {
    for lexicon in [
      Lexicon.standard,
      Lexicon(languages: [
        LanguageLexicon(
          language: "xx", name: "Test", strongCodeTerms: ["ab", "ac", "b", "abd", "zz top"])
      ]),
    ] {
      let a = lexicon.automaton
      #expect(
        Lexicon.Automaton.isWellFormed(
          rootNext: a.rootNext, edgeStart: a.edgeStart, edgeTargets: a.edgeTargets, fail: a.fail,
          outputStart: a.outputStart, outputs: a.outputs, termCount: lexicon.terms.count))
    }
  }

  @Test("tables read from outside are refused where a walk would leave them")
  func illFormedTablesRefused() {
    // The terms "ab" (0), "ac" (1) and "b" (2): root 0, a 1, b 2, ab 3, ac 4, numbered
    // with each state's children together. "b" ends at 2, and ab's failure state is 2.
    var baseRootNext = [Int32](repeating: 0, count: 256)
    baseRootNext[0x61] = 1
    baseRootNext[0x62] = 2
    let baseEdgeStart: [Int32] = [0, 2, 4, 4, 4, 4]
    let baseEdgeTargets: [Int32] = [1, 2, 3, 4]
    let baseFail: [Int32] = [0, 0, 0, 2, 0]
    let baseOutputStart: [Int32] = [0, 0, 0, 1, 3, 4]
    let baseOutputs: [Int32] = [2, 0, 2, 1]
    func wellFormed(
      rootNext: [Int32]? = nil, edgeStart: [Int32]? = nil, edgeTargets: [Int32]? = nil,
      fail: [Int32]? = nil, outputStart: [Int32]? = nil, outputs: [Int32]? = nil
    ) -> Bool {
      Lexicon.Automaton.isWellFormed(
        rootNext: rootNext ?? baseRootNext, edgeStart: edgeStart ?? baseEdgeStart,
        edgeTargets: edgeTargets ?? baseEdgeTargets, fail: fail ?? baseFail,
        outputStart: outputStart ?? baseOutputStart, outputs: outputs ?? baseOutputs,
        termCount: 3)
    }
    #expect(wellFormed())
    // Numbered as the terms were added (a 1, ab 2, ac 3, b 4): the root's children apart.
    #expect(!wellFormed(edgeTargets: [1, 4, 2, 3]))
    #expect(!wellFormed(edgeTargets: [1, 2, 3, 5]))  // no state 5
    #expect(!wellFormed(edgeTargets: [0, 1, 3, 4]))  // the root is nobody's child
    #expect(!wellFormed(edgeStart: [0, 2, 4, 4, 4, 3]))  // edges left over
    #expect(!wellFormed(edgeStart: [0, 3, 2, 4, 4, 4]))  // a range running backwards
    let strayRoot = baseRootNext.indices.map { $0 == 0x63 ? 9 : baseRootNext[$0] }
    #expect(!wellFormed(rootNext: strayRoot))
    #expect(!wellFormed(fail: [0, 0, 0, 7, 0]))
    #expect(!wellFormed(outputs: [2, 0, 3, 1]))  // no term 3
    #expect(!wellFormed(outputStart: [0, 0, 0, 1, 3, 5]))  // outputs past the end
    #expect(!wellFormed(fail: [0, 3, 0, 2, 0]))  // fewer outputs than its failure state's
    // A root with 255 children is taken, one with 256 is not: a row keeps a child's place
    // plus one in a byte.
    for children in [255, 256] {
      let rootNext = (0..<256).map { Int32($0 < children ? $0 + 1 : 0) }
      let taken = Lexicon.Automaton.isWellFormed(
        rootNext: rootNext,
        edgeStart: [0] + [Int32](repeating: Int32(children), count: children + 1),
        edgeTargets: (1...children).map { Int32($0) },
        fail: [Int32](repeating: 0, count: children + 1),
        outputStart: [Int32](repeating: 0, count: children + 2), outputs: [], termCount: 3)
      #expect(taken == (children < 256), "\(children) children")
    }
  }

  @Test("terms match whole words, case and accents folded, any run of spaces")
  func words() {
    let lexicon = Lexicon(languages: [
      LanguageLexicon(language: "xx", name: "Test", strongCodeTerms: ["código de acceso", "pin"])
    ])
    #expect(roles("Su CODIGO  de\nacceso", in: lexicon) == ["CODIGO  de\nacceso"])
    #expect(roles("pins backspin PIN", in: lexicon) == ["PIN"])
  }

  @Test("a trailing * lets a suffix follow; spaceless scripts match anywhere")
  func prefixesAndScripts() {
    let lexicon = Lexicon(languages: [
      LanguageLexicon(language: "xx", name: "Test", strongCodeTerms: ["код*", "验证码"])
    ])
    #expect(roles("кодом", in: lexicon) == ["код"])  // the stem; the ending may follow
    #expect(roles("您的验证码是", in: lexicon) == ["验证码"])
  }

  @Test("a camel-case word boundary starts a code word: VerifyCode")
  func camelCase() {
    let lexicon = Lexicon(languages: [
      LanguageLexicon(
        language: "xx", name: "Test", strongCodeTerms: ["code"],
        negativeTerms: [.reference: ["table"]])
    ])
    #expect(roles("VerifyCode", in: lexicon) == ["Code"])
    #expect(roles("OpenTable", in: lexicon).isEmpty)
  }
}
