/// Finds the one-time code in a message.
///
/// ```swift
/// let extractor = CodeExtractor()
/// let e = extractor.extract(from: "Your code is 482-913.")
/// e?.code        // "482913"
/// e?.confidence  // 0.97
/// ```
public struct CodeExtractor: Sendable {
  /// Creates an extractor with the built-in lexicon of every language.
  ///
  /// ```swift
  /// let extractor = CodeExtractor()
  /// ```
  public init() {}

  /// The most likely code in `text`, or `nil` when it has none.
  ///
  /// ```swift
  /// CodeExtractor().extract(from: "482913 is your Google verification code")?.code  // "482913"
  /// CodeExtractor().extract(from: "Never share your verification code")              // nil
  /// ```
  /// - Complexity: O(*n*) in the length of `text`.
  public func extract(from text: String, hints: ExtractionHints = ExtractionHints()) -> Extraction? {
    // Temporary until the scanner and scorer land: the first run of 4 to 8 ASCII digits.
    let bytes = Array(text.utf8)
    var i = 0
    while i < bytes.count {
      if bytes[i] >= 0x30 && bytes[i] <= 0x39 {
        var j = i
        while j < bytes.count && bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1 }
        if j - i >= 4 && j - i <= 8 {
          let start = text.utf8.index(text.startIndex, offsetBy: i)
          let end = text.utf8.index(text.startIndex, offsetBy: j)
          return Extraction(
            code: String(text[start..<end]), range: start..<end, scalarOffsets: i..<j,
            utf8Offsets: i..<j, confidence: 0.6, kind: .numeric)
        }
        i = j
      } else {
        i += 1
      }
    }
    return nil
  }

  /// Every candidate in `text` with its score, best first.
  ///
  /// ```swift
  /// CodeExtractor().candidates(in: "Order 5521: code 8812").map(\.code)  // ["8812", "5521"]
  /// ```
  /// - Complexity: O(*n*) in the length of `text`.
  public func candidates(in text: String, hints: ExtractionHints = ExtractionHints()) -> [ScoredCandidate] {
    []
  }
}
