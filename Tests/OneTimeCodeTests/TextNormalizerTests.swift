import Testing

@testable import OneTimeCode

/// The folded text of `s`, as a string.
private func fold(_ s: String) -> String {
  String(decoding: TextNormalizer.normalize(s).bytes, as: UTF8.self)
}

@Suite("TextNormalizer")
struct TextNormalizerTests {
  @Test(
    "every script's decimal digits become ASCII digits",
    arguments: [
      ("٤٨٢٩١٣", "482913"),  // Arabic-Indic
      ("۴۸۲۹۱۳", "482913"),  // Persian
      ("४८२९१३", "482913"),  // Devanagari
      ("৪৮২৯১৩", "482913"),  // Bengali
      ("๔๘๒๙๑๓", "482913"),  // Thai
      ("၄၈၂၉၁၃", "482913"),  // Myanmar
      ("４８２９１３", "482913"),  // full-width
      ("𝟒𝟖𝟐𝟗𝟏𝟑", "482913"),  // mathematical bold
      ("᠔᠘᠒᠙᠑᠓", "482913"),  // Mongolian
    ])
  func digits(input: String, expected: String) {
    #expect(fold(input) == expected)
  }

  @Test("full-width letters and punctuation take their NFKC form")
  func fullWidth() {
    #expect(fold("ＡＢ１２：") == "AB12: ")
    #expect(fold("ＡＢ１２") == "AB12")
  }

  @Test(
    "invisible format characters disappear",
    arguments: [
      "\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}",
      "\u{202E}",
      "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200B}", "\u{200C}", "\u{200D}",
      "\u{2060}",
      "\u{FEFF}", "\u{00AD}",
    ])
  func invisible(mark: String) {
    #expect(fold("48\(mark)29\(mark)13") == "482913")
  }

  @Test(
    "every Unicode space becomes a space and every dash a hyphen",
    arguments: [
      ("\u{00A0}", " "), ("\u{2009}", " "), ("\u{202F}", " "), ("\u{3000}", " "), ("\u{2002}", " "),
      ("\u{2010}", "-"), ("\u{2011}", "-"), ("\u{2012}", "-"), ("\u{2013}", "-"), ("\u{2014}", "-"),
      ("\u{2212}", "-"),
    ])
  func spacesAndDashes(character: String, expected: String) {
    #expect(fold("482\(character)913") == "482\(expected)913")
  }

  @Test(
    "numbers that are not decimal digits stay as they are",
    arguments: ["①②③④", "²³", "Ⅻ", "½", "一二三四", "⑴⑵", "🄁"])
  func notDigits(input: String) {
    let folded = fold(input)
    #expect(!folded.utf8.contains { $0 >= 0x30 && $0 <= 0x39 })
  }

  @Test("non-ASCII letters are case folded and lose their accents; ASCII letters keep their case")
  func letters() {
    #expect(fold("CÓDIGO Код ΚΩΔΙΚΟΣ") == "CoDIGO код κωδικοσ")
    #expect(fold("Kod AB12cd") == "Kod AB12cd")
  }

  @Test("a long expansion (NFKC of a ligature) takes the slower path and keeps the map")
  func longExpansion() {
    let text = "x" + String(repeating: "\u{FDFA}", count: 50) + " 4"
    let n = TextNormalizer.normalize(text)
    #expect(n.bytes.count > text.utf8.count * 3)
    #expect(n.bytes.last == UInt8(ascii: "4"))
    #expect(n.originalStart(of: n.bytes.count - 1) == text.utf8.count - 1)
  }

  @Test("an all-ASCII message is its own folded text, without ICU")
  func asciiIdentity() {
    let n = TextNormalizer.normalize("Your code is 482913")
    #expect(n.isIdentity)
    #expect(n.originalStart(of: 13) == 13)
  }

  @Test("the offset map leads back to the original characters, marks included")
  func offsetMap() {
    let text = "رمز: \u{200F}٩١٨ ٢٦٧\u{200F}"
    let n = TextNormalizer.normalize(text)
    let folded = String(decoding: n.bytes, as: UTF8.self)
    let start = folded.utf8.firstIndex(of: UInt8(ascii: "9"))!
    let startOffset = folded.utf8.distance(from: folded.utf8.startIndex, to: start)
    let endOffset = startOffset + 7  // "918 267"
    let utf8 = Array(text.utf8)
    let original = String(
      decoding: utf8[n.originalStart(of: startOffset)..<n.originalEnd(of: endOffset - 1)],
      as: UTF8.self)
    #expect(original == "٩١٨ ٢٦٧")
  }

  @Test("ICU's digit value agrees with the stdlib's for every scalar ICU assigns")
  func differentialDigits() {
    var checked = 0
    var disagreements: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), TextNormalizer.isAssigned(scalar) else { continue }
      let properties = scalar.properties
      // Compare only what both know: the stdlib may follow a newer Unicode than ICU 72.
      guard properties.age != nil else { continue }
      let stdlib =
        properties.numericType == .decimal ? properties.numericValue.map { Int($0) } : nil
      let icu = TextNormalizer.decimalDigitValue(of: scalar)
      checked += 1
      if stdlib != icu { disagreements.append(String(value, radix: 16)) }
    }
    #expect(checked > 140_000)
    #expect(disagreements.isEmpty, "ICU and the stdlib disagree on: \(disagreements.prefix(20))")
  }

  @Test("the ICU data is Unicode 15 or later")
  func unicodeVersion() {
    let major = Int(TextNormalizer.icuUnicodeVersion.split(separator: ".").first ?? "0") ?? 0
    #expect(major >= 15)
  }
}
