/// A code found in a message held as UTF-8 bytes, kept as spans of those bytes and a few
/// numbers, with no `String` in it: what otpgrep's record writer reads
/// (``CodeExtractor/find(utf8:hints:reusing:)``). ``UTF8Extraction`` is made from it and the
/// message (``UTF8Extraction/init(_:in:)``).
///
/// A record made from a ``UTF8Extraction`` made two strings of the message's bytes (the code
/// and the service), copied the extraction twice on its way to the writer and released its
/// strings after: about 830 instructions a record with a code (callgrind, the bench's dump).
///
/// ```swift
/// var workspace = ExtractionWorkspace()
/// let bytes = Array("Your code is 482-913.".utf8)
/// let finding = try bytes.withUnsafeBufferPointer {
///   try CodeExtractor().find(utf8: $0, reusing: &workspace)
/// }
/// if case .code(let found) = finding {
///   found.withCodeBytes { Array($0) }  // Array("482913".utf8)
///   found.utf8Offsets                  // 13..<20
/// }
/// ```
package struct FoundCode: Sendable {
  /// The most bytes a code held here has (the scanner's codes have at most ten): a longer
  /// one is given as a ``UTF8Extraction`` (``Finding/extraction(_:)``).
  package static let capacity = 16

  // Kept small (58 bytes), so that a finding is moved inline, not through `memcpy`:
  // offsets in 32 bits, the code's bytes inline.
  /// The code's bytes, ASCII letters and digits, from the first byte: `count` of them.
  private var bytes: (UInt64, UInt64) = (0, 0)
  private var utf8Start: Int32
  private var utf8End: Int32
  private var scalarStart: Int32
  private var scalarEnd: Int32
  /// The service's span; `serviceStart` is -1 when there is none.
  private var serviceStart: Int32 = -1
  private var serviceEnd: Int32 = -1
  /// How sure the extractor is, in `0...1`.
  package let confidence: Double
  /// The expiry in seconds; `Int.min` when the message gives none.
  private var expiry: Int
  /// How many bytes the code has.
  private var count: UInt8 = 0
  /// Digits only, or letters and digits.
  package let kind: CodeKind

  /// The code held as `write` writes it into the buffer it is given (``capacity`` bytes),
  /// returning how many it wrote, or `nil` when they do not fit; `nil` then, and when an
  /// offset is beyond 32 bits. `write` writes ASCII letters and digits only (what a code is),
  /// which a writer of JSON may copy without escaping them (``withCodeWords(_:)``).
  ///
  /// ```swift
  /// let found = FoundCode(
  ///   utf8Offsets: 4..<8, scalarOffsets: 4..<8, confidence: 0.9, kind: .numeric
  /// ) { out in
  ///   for (k, b) in "1234".utf8.enumerated() { out[k] = b }
  ///   return 4
  /// }
  /// found?.codeCount  // 4
  /// ```
  package init?(
    utf8Offsets: Range<Int>, scalarOffsets: Range<Int>, confidence: Double, kind: CodeKind,
    service: Range<Int>? = nil, expiresIn: Int? = nil,
    write: (UnsafeMutableBufferPointer<UInt8>) -> Int?
  ) {
    guard let utf8Start = Int32(exactly: utf8Offsets.lowerBound),
      let utf8End = Int32(exactly: utf8Offsets.upperBound),
      let scalarStart = Int32(exactly: scalarOffsets.lowerBound),
      let scalarEnd = Int32(exactly: scalarOffsets.upperBound)
    else { return nil }
    self.utf8Start = utf8Start
    self.utf8End = utf8End
    self.scalarStart = scalarStart
    self.scalarEnd = scalarEnd
    if let service {
      guard let start = Int32(exactly: service.lowerBound),
        let end = Int32(exactly: service.upperBound)
      else { return nil }
      serviceStart = start
      serviceEnd = end
    }
    guard expiresIn != Int.min else { return nil }
    expiry = expiresIn ?? Int.min
    self.confidence = confidence
    self.kind = kind
    let written = withUnsafeMutableBytes(of: &bytes) { raw in
      write(raw.bindMemory(to: UInt8.self))
    }
    guard let written, written >= 0, written <= Self.capacity else { return nil }
    count = UInt8(written)
    assert(withCodeBytes { $0.allSatisfy(isAlnum) }, "a code holds letters and digits only")
  }

  /// How many bytes the code has.
  package var codeCount: Int { Int(count) }
  /// The matched characters, marks and separators included, in UTF-8 bytes of the message.
  package var utf8Offsets: Range<Int> { Int(utf8Start)..<Int(utf8End) }
  /// The same span in Unicode scalars.
  package var scalarOffsets: Range<Int> { Int(scalarStart)..<Int(scalarEnd) }
  /// The service's span in UTF-8 bytes of the message: its name is those bytes.
  package var service: Range<Int>? {
    serviceStart < 0 ? nil : Int(serviceStart)..<Int(serviceEnd)
  }
  /// How long the code stays valid, in seconds, when the message says so.
  package var expiresIn: Int? { expiry == Int.min ? nil : expiry }

  /// Calls `body` with the code's bytes.
  ///
  /// ```swift
  /// found.withCodeBytes { String(decoding: $0, as: UTF8.self) }  // "482913"
  /// ```
  package func withCodeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    withUnsafeBytes(of: bytes) { raw in
      body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<Int(count)]))
    }
  }

  /// Calls `body` with the code's bytes as two words, sixteen bytes as they lie in memory
  /// (the code's first, then whatever follows), and how many bytes the code has: a writer
  /// stores the sixteen at once and moves on by that count.
  ///
  /// ```swift
  /// found.withCodeWords { words, count in count }  // 6 for "482913"
  /// ```
  package func withCodeWords(_ body: ((UInt64, UInt64), Int) -> Void) {
    body(bytes, Int(count))
  }

  /// The code as a string.
  ///
  /// ```swift
  /// found.code  // "482913"
  /// ```
  package var code: String { withCodeBytes { String(decoding: $0, as: UTF8.self) } }
}

/// What ``CodeExtractor/find(utf8:hints:reusing:)`` found in a message.
///
/// ```swift
/// switch finding {
/// case .none: print("no code")
/// case .code(let found): print(found.code)
/// case .extraction(let e): print(e.code, e.origin as Any)
/// }
/// ```
package enum Finding: Sendable {
  /// No code.
  case none
  /// A code, held as spans of the message (most codes).
  case code(FoundCode)
  /// An origin-bound code, or one that a ``FoundCode`` does not hold (longer than its
  /// ``FoundCode/capacity``). Boxed: a finding is then as small as a found code.
  indirect case extraction(UTF8Extraction)

  /// The code found, or `nil`.
  ///
  /// ```swift
  /// finding.code  // "482913"
  /// ```
  package var code: String? {
    switch self {
    case .none: nil
    case .code(let found): found.code
    case .extraction(let e): e.code
    }
  }

  /// What ``CodeExtractor/extract(utf8:hints:reusing:)`` returns for this finding in
  /// `original`, the message it was found in.
  ///
  /// ```swift
  /// finding.extraction(in: bytes)?.code  // "482913"
  /// ```
  package func extraction(in original: UnsafeBufferPointer<UInt8>) -> UTF8Extraction? {
    switch self {
    case .none: nil
    case .code(let found): UTF8Extraction(found, in: original)
    case .extraction(let e): e
    }
  }
}

extension UTF8Extraction {
  /// The extraction of `found` in `original`, the message it was found in: its code and
  /// service made strings.
  ///
  /// ```swift
  /// UTF8Extraction(found, in: bytes).code  // "482913"
  /// ```
  package init(_ found: FoundCode, in original: UnsafeBufferPointer<UInt8>) {
    self.init(
      code: found.code, utf8Offsets: found.utf8Offsets, scalarOffsets: found.scalarOffsets,
      confidence: found.confidence, kind: found.kind,
      service: found.service.map { String(decoding: original[$0], as: UTF8.self) },
      expiresIn: found.expiresIn, origin: nil)
  }
}
