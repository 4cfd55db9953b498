/// Whether a code is made of digits only or of letters and digits.
///
/// ```swift
/// CodeExtractor().extract(from: "Use AB12CD to sign in")?.kind  // .alphanumeric
/// ```
public enum CodeKind: String, Sendable, Hashable, Codable {
  /// Digits only, such as `482913`.
  case numeric
  /// Letters and digits mixed, such as `AB12CD`.
  case alphanumeric
}

/// The characters a code field accepts; also a hint to the extractor.
///
/// The raw values are the spellings of `otpgrep --charset`.
///
/// ```swift
/// CodeCharacterSet(rawValue: "alnum")  // .alphanumeric
/// ```
public enum CodeCharacterSet: String, Sendable, Hashable, CaseIterable, Codable {
  /// ASCII digits `0`...`9`.
  case digits
  /// ASCII letters and digits.
  case alphanumeric = "alnum"
}

/// The origin binding of an origin-bound one-time code (WICG sms-one-time-codes).
///
/// ```swift
/// let e = CodeExtractor().extract(from: "Your code is 123456.\n\n@example.com #123456")
/// e?.origin  // OriginBinding(domain: "example.com", embeddedDomain: nil)
/// ```
public struct OriginBinding: Sendable, Hashable, Codable {
  /// The top-level origin's host, such as `example.com`.
  public var domain: String
  /// The embedded (iframe) origin's host, when the message names one.
  public var embeddedDomain: String?

  /// Creates a binding.
  ///
  /// ```swift
  /// OriginBinding(domain: "example.com", embeddedDomain: "pay.example")
  /// ```
  public init(domain: String, embeddedDomain: String? = nil) {
    self.domain = domain
    self.embeddedDomain = embeddedDomain
  }
}

/// What the extractor knows of a field that will receive the code.
///
/// Hints filter and re-rank the candidates.
///
/// ```swift
/// let hints = ExtractionHints(length: 6, characterSet: .digits)
/// CodeExtractor().extract(from: "Code 1234 or 482913", hints: hints)?.code  // "482913"
/// ```
public struct ExtractionHints: Sendable, Hashable {
  /// The expected number of characters in the code, or `nil` for any.
  public var length: Int?
  /// The expected characters, or `nil` for any.
  public var characterSet: CodeCharacterSet?
  /// Extractions below this confidence are not returned.
  public var minimumConfidence: Double

  /// Creates hints; every field is optional.
  ///
  /// ```swift
  /// ExtractionHints(length: 6)  // any characters, six of them
  /// ```
  public init(
    length: Int? = nil, characterSet: CodeCharacterSet? = nil, minimumConfidence: Double = 0.5
  ) {
    self.length = length
    self.characterSet = characterSet
    self.minimumConfidence = minimumConfidence
  }
}

/// A one-time code found in a message.
///
/// ```swift
/// let text = "Your code is 482-913."
/// let e = CodeExtractor().extract(from: text)!
/// e.code               // "482913"
/// text[e.range]        // "482-913"
/// e.scalarOffsets      // 13..<20
/// e.kind               // .numeric
/// ```
public struct Extraction: Sendable, Hashable {
  /// The code as a person types it: ASCII, separators removed, letters as written.
  public var code: String
  /// The matched characters in the original text, marks and separators included.
  public var range: Range<String.Index>
  /// The same span in Unicode scalars from the start of the text
  /// (Python's `text[start:end]`).
  public var scalarOffsets: Range<Int>
  /// The same span in UTF-8 bytes from the start of the text.
  public var utf8Offsets: Range<Int>
  /// How sure the extractor is, in `0...1`.
  public var confidence: Double
  /// Digits only, or letters and digits.
  public var kind: CodeKind
  /// The sender named in the message, such as `Google` or `【淘宝】`.
  public var service: String?
  /// How long the code stays valid, in seconds, when the message says so.
  public var expiresIn: Int?
  /// The origin binding of an origin-bound code.
  public var origin: OriginBinding?

  /// Creates an extraction; the extractor makes these, tests may too.
  ///
  /// ```swift
  /// let t = "PIN 1234"
  /// let e = Extraction(code: "1234", range: t.index(t.startIndex, offsetBy: 4)..<t.endIndex,
  ///                    scalarOffsets: 4..<8, utf8Offsets: 4..<8, confidence: 0.9, kind: .numeric)
  /// ```
  public init(
    code: String, range: Range<String.Index>, scalarOffsets: Range<Int>, utf8Offsets: Range<Int>,
    confidence: Double, kind: CodeKind, service: String? = nil, expiresIn: Int? = nil,
    origin: OriginBinding? = nil
  ) {
    self.code = code
    self.range = range
    self.scalarOffsets = scalarOffsets
    self.utf8Offsets = utf8Offsets
    self.confidence = confidence
    self.kind = kind
    self.service = service
    self.expiresIn = expiresIn
    self.origin = origin
  }
}

extension Extraction {
  /// The extraction of `found` in `text`, the string whose UTF-8 bytes it was found in.
  ///
  /// ```swift
  /// let text = "PIN 1234"
  /// let found = try CodeExtractor().extract(utf8: Array(text.utf8).span)!
  /// text[Extraction(found, in: text).range]  // "1234"
  /// ```
  public init(_ found: UTF8Extraction, in text: String) {
    self.init(
      code: found.code, range: Analysis.stringRange(text, found.utf8Offsets),
      scalarOffsets: found.scalarOffsets, utf8Offsets: found.utf8Offsets,
      confidence: found.confidence, kind: found.kind, service: found.service,
      expiresIn: found.expiresIn, origin: found.origin)
  }
}

/// A one-time code found in a message held as UTF-8 bytes
/// (``CodeExtractor/extract(utf8:hints:)``): an ``Extraction`` without the `String` range,
/// for callers that read bytes and make no `String` of them.
///
/// ```swift
/// let bytes = Array("Your code is 482-913.".utf8)
/// let found = try CodeExtractor().extract(utf8: bytes.span)!
/// found.code         // "482913"
/// found.utf8Offsets  // 13..<20
/// ```
public struct UTF8Extraction: Sendable, Hashable {
  /// The code as a person types it: ASCII, separators removed, letters as written.
  public var code: String
  /// The matched characters, marks and separators included, in UTF-8 bytes from the start
  /// of the message.
  public var utf8Offsets: Range<Int>
  /// The same span in Unicode scalars from the start of the message
  /// (Python's `text[start:end]`).
  public var scalarOffsets: Range<Int>
  /// How sure the extractor is, in `0...1`.
  public var confidence: Double
  /// Digits only, or letters and digits.
  public var kind: CodeKind
  /// The sender named in the message, such as `Google` or `【淘宝】`.
  public var service: String?
  /// How long the code stays valid, in seconds, when the message says so.
  public var expiresIn: Int?
  /// The origin binding of an origin-bound code.
  public var origin: OriginBinding?

  /// Creates an extraction; the extractor makes these, tests may too.
  ///
  /// ```swift
  /// UTF8Extraction(code: "1234", utf8Offsets: 4..<8, scalarOffsets: 4..<8, confidence: 0.9,
  ///                kind: .numeric)
  /// ```
  public init(
    code: String, utf8Offsets: Range<Int>, scalarOffsets: Range<Int>, confidence: Double,
    kind: CodeKind, service: String? = nil, expiresIn: Int? = nil, origin: OriginBinding? = nil
  ) {
    self.code = code
    self.utf8Offsets = utf8Offsets
    self.scalarOffsets = scalarOffsets
    self.confidence = confidence
    self.kind = kind
    self.service = service
    self.expiresIn = expiresIn
    self.origin = origin
  }
}

/// The error of ``CodeExtractor/extract(utf8:hints:)`` for bytes that are not well-formed
/// UTF-8.
///
/// ```swift
/// do { _ = try CodeExtractor().extract(utf8: [0x31, 0xFF].span) } catch { error.offset }  // 1
/// ```
public struct InvalidUTF8: Error, Sendable, Hashable, CustomStringConvertible {
  /// The offset of the first byte that starts no well-formed UTF-8 sequence.
  public var offset: Int

  /// The error for an ill-formed sequence at `offset`.
  ///
  /// ```swift
  /// InvalidUTF8(offset: 3).description  // "invalid UTF-8 at byte 3"
  /// ```
  public init(offset: Int) { self.offset = offset }

  /// Says where the bytes stop being UTF-8.
  ///
  /// ```swift
  /// "\(InvalidUTF8(offset: 0))"  // "invalid UTF-8 at byte 0"
  /// ```
  public var description: String { "invalid UTF-8 at byte \(offset)" }
}

/// One feature that moved a candidate's score, for `--explain`.
///
/// ```swift
/// ScoreReason(feature: "code-word-before", weight: 3.0)
/// ```
public struct ScoreReason: Sendable, Hashable {
  /// A short stable name, such as `code-word-before` or `phone-number`.
  public var feature: String
  /// What it added to the score (negative when it counted against).
  public var weight: Double

  /// Creates a reason.
  ///
  /// ```swift
  /// ScoreReason(feature: "currency-after", weight: -6)
  /// ```
  public init(feature: String, weight: Double) {
    self.feature = feature
    self.weight = weight
  }
}

/// A candidate with its score and the reasons for it.
///
/// ```swift
/// for c in CodeExtractor().candidates(in: "Order 5521: code 8812") {
///   print(c.code, c.confidence)  // "8812" 0.9..., then "5521" 0.0...
/// }
/// ```
public struct ScoredCandidate: Sendable, Hashable {
  /// The code this candidate would give.
  public var code: String
  /// The span in the original text.
  public var range: Range<String.Index>
  /// The span in Unicode scalars.
  public var scalarOffsets: Range<Int>
  /// The span in UTF-8 bytes.
  public var utf8Offsets: Range<Int>
  /// Digits only, or letters and digits.
  public var kind: CodeKind
  /// The raw score: the sum of the reasons' weights.
  public var score: Double
  /// The score mapped into `0...1`.
  public var confidence: Double
  /// Every feature that moved the score.
  public var reasons: [ScoreReason]

  /// Creates a scored candidate.
  ///
  /// ```swift
  /// let t = "1234"
  /// ScoredCandidate(code: "1234", range: t.startIndex..<t.endIndex, scalarOffsets: 0..<4,
  ///                 utf8Offsets: 0..<4, kind: .numeric, score: 1, confidence: 0.7, reasons: [])
  /// ```
  public init(
    code: String, range: Range<String.Index>, scalarOffsets: Range<Int>, utf8Offsets: Range<Int>,
    kind: CodeKind, score: Double, confidence: Double, reasons: [ScoreReason]
  ) {
    self.code = code
    self.range = range
    self.scalarOffsets = scalarOffsets
    self.utf8Offsets = utf8Offsets
    self.kind = kind
    self.score = score
    self.confidence = confidence
    self.reasons = reasons
  }
}
