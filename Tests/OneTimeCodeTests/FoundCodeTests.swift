import Testing

@testable import OneTimeCode

@Suite("Found codes")
struct FoundCodeTests {
  /// A found code of `code`'s bytes, the rest as given.
  private static func found(
    _ code: String, utf8: Range<Int> = 3..<12, scalars: Range<Int> = 2..<9,
    service: Range<Int>? = nil, expiresIn: Int? = nil
  ) -> FoundCode? {
    FoundCode(
      utf8Offsets: utf8, scalarOffsets: scalars, confidence: 0.875, kind: .alphanumeric,
      service: service, expiresIn: expiresIn
    ) { out in
      var n = 0
      for b in code.utf8 {
        guard n < out.count else { return nil }
        out[n] = b
        n += 1
      }
      return n
    }
  }

  @Test("a found code gives back what it was made of")
  func roundTrip() throws {
    let f = try #require(Self.found("AB12CD", service: 20..<26, expiresIn: 300))
    #expect(f.code == "AB12CD")
    #expect(f.codeCount == 6)
    #expect(f.withCodeBytes { Array($0) } == Array("AB12CD".utf8))
    #expect(f.utf8Offsets == 3..<12)
    #expect(f.scalarOffsets == 2..<9)
    #expect(f.confidence == 0.875)
    #expect(f.kind == .alphanumeric)
    #expect(f.service == 20..<26)
    #expect(f.expiresIn == 300)
    let bare = try #require(Self.found("4829"))
    #expect(bare.service == nil)
    #expect(bare.expiresIn == nil)
    #expect(try #require(Self.found("", service: 0..<0, expiresIn: 0)).expiresIn == 0)
    #expect(try #require(Self.found("", service: 0..<0)).service == 0..<0)
  }

  @Test("a code longer than it holds, or a place beyond 32 bits, is refused")
  func refused() throws {
    let full = String(repeating: "7", count: FoundCode.capacity)
    #expect(try #require(Self.found(full)).code == full)
    #expect(Self.found(full + "7") == nil)
    let far = Int(Int32.max) + 1
    #expect(Self.found("1234", utf8: 0..<far) == nil)
    #expect(Self.found("1234", scalars: far..<(far + 4)) == nil)
    #expect(Self.found("1234", service: 0..<far) == nil)
    #expect(Self.found("1234", expiresIn: Int.min) == nil)
    // A writer that says more than it had room for is refused too.
    let liar = FoundCode(
      utf8Offsets: 0..<4, scalarOffsets: 0..<4, confidence: 1, kind: .numeric
    ) { out in out.count + 1 }
    #expect(liar == nil)
  }

  /// The corpus's messages, each twice, then with its digits in Devanagari twice: the second
  /// of each pair is answered from the memo when its template was remembered.
  private static func messages() throws -> [String] {
    var result: [String] = []
    for line in try CorpusAccuracyTests.lines() {
      var devanagari = String.UnicodeScalarView()
      for c in line.text.unicodeScalars {
        let v = c.value
        devanagari.append(v >= 0x30 && v <= 0x39 ? Unicode.Scalar(0x0966 + v - 0x30)! : c)
      }
      result += [line.text, line.text, String(devanagari), String(devanagari)]
    }
    return result
  }

  @Test("find gives what extract gives, from the memo and from the analysis")
  func findMatchesExtract() throws {
    let extractor = CodeExtractor()
    var plain = ExtractionWorkspace()
    var memo = ExtractionWorkspace(sharing: TemplateMemo(templates: 4096))
    var codes = 0
    for text in try Self.messages() {
      let bytes = Array(text.utf8)
      let expected = try extractor.extract(utf8: bytes.span, reusing: &plain)
      let finding = try bytes.withUnsafeBufferPointer { original in
        try extractor.find(utf8: original, reusing: &memo)
      }
      let got = bytes.withUnsafeBufferPointer { finding.extraction(in: $0) }
      #expect(got == expected, "\(text)")
      #expect(finding.code == expected?.code)
      if case .code(let found) = finding {
        codes += 1
        // The service is the message's bytes in its span.
        #expect(found.service.map { String(decoding: bytes[$0], as: UTF8.self) } == got?.service)
      }
    }
    #expect(codes > 1000)
    #expect(memo.memoHits > 500)
  }

  @Test("an origin-bound code is given as an extraction, with its binding")
  func originBound() throws {
    let bytes = Array("Your code is 123456.\n\n@example.com #123456".utf8)
    let finding = try bytes.withUnsafeBufferPointer { original in
      var workspace = ExtractionWorkspace()
      return try CodeExtractor().find(utf8: original, reusing: &workspace)
    }
    guard case .extraction(let e) = finding else {
      Issue.record("not an extraction: \(finding)")
      return
    }
    #expect(e.code == "123456")
    #expect(e.origin == OriginBinding(domain: "example.com"))
  }
}
