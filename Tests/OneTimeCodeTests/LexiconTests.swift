import Testing

@testable import OneTimeCode

@Suite("Lexicon")
struct LexiconTests {
  private func roles(_ text: String, in lexicon: Lexicon = .standard) -> [String] {
    var bytes = Array(TextNormalizer.normalize(text).bytes)
    var matches: [TermMatch] = []
    bytes.withUnsafeMutableBufferPointer { buffer in
      lexicon.matches(in: UnsafeBufferPointer(buffer), into: &matches)
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
