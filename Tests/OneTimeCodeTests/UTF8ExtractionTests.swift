import Testing

@testable import OneTimeCode

/// The byte path (`extract(utf8:)`) must find what the string path finds, and must refuse
/// exactly the bytes that are not UTF-8, which it checks while it folds them.
@Suite("Extraction from UTF-8 bytes")
struct UTF8ExtractionTests {
  /// Whether the standard library reads `bytes` back unchanged: well-formed UTF-8.
  private static func stdlibAccepts(_ bytes: [UInt8]) -> Bool {
    Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
  }

  /// Deterministic pseudo-random byte strings (xorshift) made of pieces that are and are not
  /// UTF-8: ASCII, two-, three- and four-byte scalars, the edges of table 3-7, stray
  /// continuation bytes and cut sequences.
  private static func samples() -> [[UInt8]] {
    var generator = XorShift(state: 0x2545_F491_4F6C_DD1D)
    func next() -> Int { Int(truncatingIfNeeded: generator.next() >> 1) }
    let pieces: [[UInt8]] = [
      [0x41], [0x20], [0x37], [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xC0, 0xAF], [0xC1, 0xBF],
      [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
      [0xEF, 0xBF, 0xBD], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80],
      [0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xFF], [0xFE], [0xD0, 0x9A],
      [0xD9, 0xA4], [0xE4, 0xBD, 0xA0],
    ]
    var result: [[UInt8]] = [[]]
    for count in 1...12 {
      for _ in 0..<400 {
        var bytes: [UInt8] = []
        for _ in 0..<count { bytes += pieces[next() % pieces.count] }
        result.append(bytes)
      }
    }
    return result
  }

  @Test("the validator agrees with the standard library on every sample")
  func validatorMatchesStdlib() {
    for bytes in Self.samples() {
      let offset = bytes.withUnsafeBufferPointer { NormalizedText.firstIllFormedOffset(in: $0) }
      #expect((offset == nil) == Self.stdlibAccepts(bytes), "\(bytes)")
      if let offset {
        // Everything before the offset is UTF-8; the sequence at it is not.
        #expect(Self.stdlibAccepts(Array(bytes[..<offset])), "\(bytes) at \(offset)")
        #expect(!Self.stdlibAccepts(Array(bytes[offset...].prefix(4))), "\(bytes) at \(offset)")
      }
    }
  }

  @Test("every two-byte start and every three-byte lead with its second byte")
  func validatorOnEveryPrefix() {
    for lead in 0x80...0xFF {
      for second in 0x00...0xFF {
        for bytes: [UInt8] in [
          [UInt8(lead), UInt8(second)], [UInt8(lead), UInt8(second), 0x80, 0x80],
        ] {
          let offset = bytes.withUnsafeBufferPointer {
            NormalizedText.firstIllFormedOffset(in: $0)
          }
          #expect((offset == nil) == Self.stdlibAccepts(bytes), "\(bytes)")
        }
      }
    }
  }

  @Test("the fold finds what the validator finds, and stops there")
  func foldValidates() {
    for bytes in Self.samples() {
      var wellFormed = true
      var keepsOffsets = true
      _ = TextNormalizer.foldedBytes(bytes, wellFormed: &wellFormed, keepsOffsets: &keepsOffsets)
      #expect(wellFormed == Self.stdlibAccepts(bytes), "\(bytes)")
    }
  }

  @Test("a fold too long for its buffer is checked too", arguments: [false, true])
  func longFoldValidates(broken: Bool) {
    // U+FDFA folds to eighteen scalars: past the buffer sized for three bytes per byte.
    let bytes = Array(String(repeating: "\u{FDFA}", count: 200).utf8) + (broken ? [0xFF] : [])
    var wellFormed = true
    var keepsOffsets = true
    let folded = TextNormalizer.foldedBytes(
      bytes, wellFormed: &wellFormed, keepsOffsets: &keepsOffsets)
    #expect(wellFormed == !broken)
    if !broken { #expect(folded.count > bytes.count * 3) }
  }

  @Test("bytes give the string's extraction, corpus line by corpus line")
  func bytesMatchString() throws {
    let extractor = CodeExtractor()
    for line in try CorpusAccuracyTests.lines() {
      for hints in [ExtractionHints(), ExtractionHints(length: 6, minimumConfidence: 0.2)] {
        let fromString = extractor.extract(from: line.text, hints: hints)
        let bytes = Array(line.text.utf8)
        let fromBytes = try extractor.extract(utf8: bytes.span, hints: hints)
        #expect(fromBytes.map { Extraction($0, in: line.text) } == fromString, "\(line.text)")
        if let fromBytes {
          #expect(
            String(decoding: bytes[fromBytes.utf8Offsets], as: UTF8.self)
              == String(line.text[fromString!.range]))
        }
      }
    }
  }

  @Test("one workspace for every message gives each message's own answer")
  func workspaceReused() throws {
    let extractor = CodeExtractor()
    // Among the corpus lines, messages that grow the workspace past what it keeps (a long
    // non-ASCII fold, many candidates, many terms), one it refuses half-way, and empty ones.
    let filler = String(repeating: "Пароль не сообщайте никому, ", count: 1_500)
    let numbers = (1...60).map { String(1_000 + $0 * 37) }.joined(separator: ", ")
    let odd: [[UInt8]] = [
      Array("Ваш код: 904512. \(filler)".utf8),
      Array("Codes \(numbers); your login code is 661204".utf8),
      Array("Код".utf8) + [0xD0] + Array(": 482913".utf8),
      [],
      Array(String(repeating: "code ", count: 20_000).utf8) + Array("731946".utf8),
    ]
    var messages: [[UInt8]] = []
    for (i, line) in try CorpusAccuracyTests.lines().enumerated() {
      messages.append(Array(line.text.utf8))
      if i % 40 == 0 { messages.append(odd[(i / 40) % odd.count]) }
    }
    #expect(messages.count > 900)
    var workspace = ExtractionWorkspace()
    var found = 0
    for hints in [ExtractionHints(), ExtractionHints(length: 6, minimumConfidence: 0.2)] {
      for bytes in messages {
        let text = String(decoding: bytes, as: UTF8.self)
        // The extraction, or the error: each run must give the same.
        func outcome(_ body: () throws(InvalidUTF8) -> UTF8Extraction?) -> (
          Extraction?, InvalidUTF8?
        ) {
          do throws(InvalidUTF8) {
            return (try body().map { Extraction($0, in: text) }, nil)
          } catch {
            return (nil, error)
          }
        }
        let fresh = outcome { () throws(InvalidUTF8) in
          try extractor.extract(utf8: bytes.span, hints: hints)
        }
        let reused = outcome { () throws(InvalidUTF8) in
          try extractor.extract(utf8: bytes.span, hints: hints, reusing: &workspace)
        }
        #expect(reused.0 == fresh.0 && reused.1 == fresh.1, "\(text.prefix(80))")
        if reused.0 != nil { found += 1 }
      }
    }
    #expect(found > 800)
    for (i, code) in [(0, "904512"), (1, "661204"), (4, "731946")] {
      let bytes = odd[i]
      let got = try extractor.extract(utf8: bytes.span, reusing: &workspace)?.code
      #expect(got == code)
    }
    // What it keeps between messages stays within its bound after the long ones.
    #expect(workspace.fold.count <= ExtractionWorkspace.keptBytes)
    #expect(
      workspace.matches.capacity * MemoryLayout<TermMatch>.stride <= ExtractionWorkspace.keptBytes)
  }

  @Test(
    "ill-formed bytes are refused at their first bad byte",
    arguments: [
      ([0x31, 0x32, 0x33, 0x34, 0xFF], 4),
      (Array("Your code is 482913".utf8) + [0xC3, 0x28], 19),
      ([0xED, 0xA0, 0x80] + Array(" code 7788".utf8), 0),
      (Array("Код".utf8) + [0xD0] + Array(": 482913".utf8), 6),
      (Array("Your code is 123456.".utf8) + [0x80] + Array("\n\n@example.com #123456".utf8), 20),
      (Array("Votre code : 551208 ".utf8) + [0xE2, 0x82], 20),
      ([0xF4, 0x90, 0x80, 0x80], 0),
    ] as [([UInt8], Int)])
  func refusesIllFormed(bytes: [UInt8], offset: Int) {
    #expect(throws: InvalidUTF8(offset: offset)) {
      try CodeExtractor().extract(utf8: bytes.span)
    }
  }

  @Test("no bytes, no code, no error")
  func emptyBytes() throws {
    #expect(try CodeExtractor().extract(utf8: [UInt8]().span) == nil)
  }

  @Test("an origin-bound code is found in bytes too")
  func originBound() throws {
    let text = "Your code is 123456.\n\n@example.com #123456"
    let found = try #require(try CodeExtractor().extract(utf8: Array(text.utf8).span))
    #expect(found.code == "123456")
    #expect(found.origin == OriginBinding(domain: "example.com"))
    #expect(Extraction(found, in: text) == CodeExtractor().extract(from: text))
  }

  @Test("the error names the byte")
  func errorDescription() {
    #expect(InvalidUTF8(offset: 3).description == "invalid UTF-8 at byte 3")
  }
}
