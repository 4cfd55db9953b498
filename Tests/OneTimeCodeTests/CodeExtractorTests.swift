import Testing

@testable import OneTimeCode

private let extractor = CodeExtractor()

@Suite("CodeExtractor: finding codes")
struct FindingCodesTests {
  @Test(
    "codes in many languages and shapes",
    arguments: [
      ("Your code is 482-913.", "482913"),
      ("482913 is your Google verification code", "482913"),
      ("G-482913 is your sign-in code", "482913"),
      ("Your login code: 48 29 13", "482913"),
      ("Use 482.913 to verify your phone", "482913"),
      ("Verification code: K7X9Q2", "K7X9Q2"),
      ("Your one-time code is 4wa5Ta", "4wa5Ta"),
      ("Tu código de verificación es 731942", "731942"),
      ("Votre code de confirmation : 551 208", "551208"),
      ("Ihr Bestätigungscode lautet 903114", "903114"),
      ("Ваш код подтверждения: 6614", "6614"),
      ("【淘宝】您的验证码是 392011，5分钟内有效", "392011"),
      ("339120 是您的验证码", "339120"),
      ("認証コードは 774201 です", "774201"),
      ("인증번호 [518302]를 입력해주세요", "518302"),
      ("رمز التحقق الخاص بك هو ٤٨٢٩١٣", "482913"),
      ("کد تایید شما: ۵۵۱۲۰۸", "551208"),
      ("आपका ओटीपी ४८२९१३ है", "482913"),
      ("รหัส OTP ของคุณคือ ๔๘๒๙๑๓", "482913"),
      ("Mã xác thực của bạn là 662910", "662910"),
      ("Kode verifikasi Anda adalah 118273", "118273"),
      ("Doğrulama kodunuz: 550912", "550912"),
      ("קוד האימות שלך הוא 771204", "771204"),
      ("Ο κωδικός επαλήθευσής σας είναι 440921", "440921"),
      ("Your code\n\n729565", "729565"),
      ("729565\nEnter this verification code to sign in.", "729565"),
      ("Your code is ４８２９１３", "482913"),
      ("Your one time password is 7 7 3 0 1 2", "773012"),
      ("Delivery PIN 7731: share it with the courier only at delivery.", "7731"),
      ("Use 6931 to complete your registration. Do not share this code.", "6931"),
      ("Ihre TAN für die Überweisung an DE12 5001 0517 0648 4898 90: 771209", "771209"),
      // A letters-only code, after a digit that is no candidate or a colon that is no label.
      ("Step 1. Your passcode: MIFSUC", "MIFSUC"),
      ("Step 2 of 3 - verification code: qgfdae", "qgfdae"),
      ("At 5: your passcode: WQXPLM", "WQXPLM"),
    ])
  func finds(message: String, code: String) {
    #expect(extractor.extract(from: message)?.code == code)
  }

  @Test("the range points at the original characters, separators and marks included")
  func originalRange() throws {
    let text = "الرمز: \u{200F}٩١٨ ٢٦٧\u{200F}"
    let e = try #require(extractor.extract(from: text))
    #expect(e.code == "918267")
    #expect(text[e.range] == "٩١٨ ٢٦٧")
    let scalars = Array(text.unicodeScalars)
    #expect(String(String.UnicodeScalarView(scalars[e.scalarOffsets])) == "٩١٨ ٢٦٧")
  }

  @Test("the worked example of the README")
  func workedExample() throws {
    let text = "Your code is 482-913."
    let e = try #require(extractor.extract(from: text))
    #expect(e.code == "482913")
    #expect(text[e.range] == "482-913")
    #expect(e.scalarOffsets == 13..<20)
    #expect(e.kind == .numeric)
    #expect(e.confidence > 0.9 && e.confidence <= 1)
    #expect(e.origin == nil)
  }

  @Test("an alphanumeric code keeps its letters as written")
  func alphanumeric() throws {
    let e = try #require(extractor.extract(from: "Use code Ab3xK9 to sign in"))
    #expect(e.code == "Ab3xK9")
    #expect(e.kind == .alphanumeric)
  }

  @Test(
    "a letters-only code after code words ending together is one candidate",
    arguments: ["Your passcode: MIFSUC", "Your 2FA code : qgfdae", "Step 1. PASSCODE:\nWQXPLM"])
  func oneLetterCandidate(message: String) throws {
    let letters = extractor.candidates(in: message).filter { $0.kind == .alphanumeric }
    #expect(letters.count == 1)
    // Alone, it gets the bonus of the only candidate of a code message.
    #expect(letters.first?.reasons.contains { $0.feature == "only-candidate" } == true)
  }

  @Test("a code hidden among amounts, dates, card endings and phone numbers")
  func hiddenAmongNumbers() {
    let text =
      "HDFC Bank: OTP 518204 for txn of Rs 4,250.00 at AMAZON on card XX4417 on 12/03/26 14:30. "
      + "Not you? Call 1800 202 6161"
    #expect(extractor.extract(from: text)?.code == "518204")
  }

  @Test("the code next to the code word wins over a number further away")
  func nearestWins() {
    #expect(extractor.extract(from: "Order 5521: your code is 8812")?.code == "8812")
    #expect(extractor.extract(from: "Your code is 8812. Order 5521 ships today.")?.code == "8812")
  }
}

@Suite("CodeExtractor: rejections")
struct RejectionTests {
  @Test(
    "messages without a code give nil",
    arguments: [
      // Phone numbers, international and national, and the words that announce them.
      "Call us on +44 7700 900123 for help",
      "Questions? Call (608) 833-1100",
      "Tel: 0800 123 4567",
      "Our toll-free number is 1-800-555-0199",
      "Ring 020 7946 0018 to book",
      // Amounts with any currency sign or code, and decimal commas.
      "You paid $1250 at Walmart",
      "Betrag: 1250 € abgebucht",
      "£4500 has been sent",
      "₹2500 debited from your account",
      "Rs 1500 credited to your wallet",
      "INR 3000 received",
      "USD 4500 transferred",
      "Оплата 4500 руб. прошла успешно",
      "Zapłacono 2499 zł",
      "Du har betalt 1250 kr",
      "Total: 1.234,56 EUR",
      "¥3800 のお支払いが完了しました",
      // Percentages.
      "Only 2500% growth this year",
      "Save 1500 % on data",
      // Dates and times.
      "Your appointment is on 12/03/26",
      "Delivery on 2026-03-12",
      "Termin am 12.03.2026",
      "3月13日に配達します",
      "Meet at 14:30 today",
      "The meeting starts at 2:30 PM",
      "Copyright 2026",
      // Card and account endings.
      "Your card ending in 1234 was charged",
      "Card XX1234 used at Tesco",
      "Payment from ****1234 approved",
      "Credited to a/c ...4471",
      // Order, tracking, reference, booking, ticket and flight numbers.
      "Your order #987654 has shipped",
      "Tracking number 482913 is out for delivery",
      "Booking reference 771204 confirmed",
      "Ticket 556677 for row 12",
      "Flight 1234 departs at gate 22",
      "Your invoice 88123 is ready",
      // Postcodes and house numbers.
      "Deliver to 1600 Pennsylvania Avenue",
      "Postcode 10115 Berlin",
      // Data amounts and durations.
      "You have used 1500 MB of data",
      "You have 1.5 GB left",
      "Wait 1500 seconds",
      // Digits in URLs and e-mail addresses.
      "See https://example.com/track/482913",
      "Write to support482913@example.com",
      // Short codes and promo codes.
      "Reply STOP to 12345 to opt out",
      "Use promo code SAVE2024 for 20% off",
      // Talk about codes without one.
      "Never share your verification code with anyone",
      "Your code has expired. Request a new one.",
      "2-step verification is now on for your account",
      // Nothing at all.
      "",
      "   \n  ",
      "See you in 2026",
      "Scores today: 3 1 4 1 5 9 2 6",
      "Überweisung an DE12 5001 0517 0648 4898 90 ausgeführt",
    ])
  func rejects(message: String) {
    let e = extractor.extract(from: message)
    #expect(e == nil, "found \(e?.code ?? "")")
  }

  @Test("an Android app hash on the last line is never the code")
  func appHash() {
    #expect(
      extractor.extract(from: "<#> Your ExampleApp code is 482913\nFA+9qCX9VSu")?.code == "482913")
    #expect(extractor.extract(from: "<#> Hello\nFA+9qC29VSu") == nil)
  }

  @Test("a duration is the expiry, not the code")
  func duration() throws {
    let e = try #require(extractor.extract(from: "Code 4829, valid for 10 minutes"))
    #expect(e.code == "4829")
    #expect(e.expiresIn == 600)
  }
}

@Suite("CodeExtractor: facts around the code")
struct FactsTests {
  @Test(
    "the service the message names",
    arguments: [
      ("482913 is your Google verification code", "Google"),
      ("【淘宝】您的验证码是392011", "【淘宝】"),
      ("[Amazon] Your one-time password is 551208", "[Amazon]"),
      ("Use 5677 as Microsoft account security code", "Microsoft account"),
      ("Your code for Sony Entertainment Network is 469538", "Sony Entertainment Network"),
    ])
  func service(message: String, service: String) {
    #expect(extractor.extract(from: message)?.service == service)
  }

  @Test(
    "a pronoun before the code word is no service",
    arguments: [
      "Tu código de acceso es K7X9Q2", "Ihr Bestätigungscode lautet 903114", "Votre code : 551208",
    ])
  func noService(message: String) {
    #expect(extractor.extract(from: message)?.service == nil)
  }

  @Test(
    "how long the code lasts",
    arguments: [
      ("Your code is 482913, valid for 10 minutes", 600),
      ("验证码392011，5分钟内有效", 300),
      ("Tu código es 731942. Expira en 10 minutos", 600),
      ("Код 6614 действителен 5 минут", 300),
      ("Your code 482913 expires in 1 hour", 3600),
      ("Your code is 482913", nil),
    ] as [(String, Int?)])
  func expiry(message: String, seconds: Int?) {
    #expect(extractor.extract(from: message)?.expiresIn == seconds)
  }

  @Test(
    "of several times, the one nearest an expiry phrase, on either side",
    arguments: [
      ("Delivery in 2 days. Your code is 482913, valid for 10 minutes", 600),
      ("Your code 482913 is valid for 15 minutes; your parcel arrives in 3 days", 900),
      ("Your code 482913: 2 days ago you asked, it expires in 30 minutes", 1800),
    ] as [(String, Int?)])
  func nearestExpiry(message: String, seconds: Int?) {
    #expect(extractor.extract(from: message)?.expiresIn == seconds)
  }

  @Test(
    "a message padded with thousands of codes and code words keeps the facts of its start",
    arguments: ["code 1234 ", "Code Code ", "valid for 5 minutes ", "Votre code "])
  func factsOfLongMessages(padding: String) {
    let message = "[Amazon] Your one-time password is 551208, valid for 10 minutes. "
    let short = extractor.extract(from: message)
    let long = extractor.extract(from: message + String(repeating: padding, count: 5000))
    #expect(long?.code == short?.code)
    #expect(long?.service == short?.service)
    #expect(long?.expiresIn == short?.expiresIn)
  }
}

@Suite("CodeExtractor: origin-bound codes")
struct OriginBoundTests {
  @Test("the WICG format: top and embedded origins, certain")
  func valid() throws {
    let text =
      "747723 is your ExampleCo authentication code.\n\n@example.com #747723 @ecommerce.example"
    let e = try #require(extractor.extract(from: text))
    #expect(e.code == "747723")
    #expect(e.origin == OriginBinding(domain: "example.com", embeddedDomain: "ecommerce.example"))
    #expect(e.confidence == 1)
    #expect(text[e.range] == "747723")
    #expect(e.range.lowerBound > text.firstIndex(of: "@")!)
  }

  @Test(
    "invalid forms are not origin-bound codes",
    arguments: [
      "@example.com#12345", "@example.com  #12345", "@example.com\t#12345", "@localhost:8080 #123",
      "@example.com/path #123", "@user@example.com #123", "something @example.com #123",
      "@example.com code #747723", "@example.com",
    ])
  func invalid(message: String) {
    #expect(OriginBoundCode.parse(message) == nil)
    #expect(extractor.extract(from: message)?.origin == nil)
  }

  @Test("hosts are lower-cased; the code keeps its characters but separators")
  func details() throws {
    let bound = try #require(OriginBoundCode.parse("hello\n@Example.COM #ab-12"))
    #expect(bound.binding.domain == "example.com")
    #expect(bound.code == "ab12")
  }
}

@Suite("CodeExtractor: hints and explanations")
struct HintsTests {
  @Test("an expected length picks the candidate that fits")
  func length() {
    let text = "Your PIN is 1234 and your code is 482913"
    #expect(extractor.extract(from: text, hints: ExtractionHints(length: 4))?.code == "1234")
    #expect(extractor.extract(from: text, hints: ExtractionHints(length: 6))?.code == "482913")
    #expect(extractor.extract(from: "Your code is 12345", hints: ExtractionHints(length: 6)) == nil)
  }

  @Test("a character set drops what does not fit")
  func characterSet() {
    let text = "Use AB12CD to sign in"
    #expect(
      extractor.extract(from: text, hints: ExtractionHints(length: 6, characterSet: .alphanumeric))?
        .code
        == "AB12CD")
    #expect(extractor.extract(from: text, hints: ExtractionHints(characterSet: .digits)) == nil)
  }

  @Test("a minimum confidence filters weak guesses")
  func minimumConfidence() {
    #expect(
      extractor.extract(from: "483927", hints: ExtractionHints(minimumConfidence: 0.99)) == nil)
  }

  @Test("every candidate carries the features that moved its score")
  func explanation() throws {
    let candidates = extractor.candidates(in: "Order 5521: your code is 8812")
    #expect(candidates.map(\.code) == ["8812", "5521"])
    let best = try #require(candidates.first)
    #expect(best.reasons.contains { $0.feature == "code-word-before" && $0.weight > 0 })
    #expect(candidates[1].reasons.contains { $0.feature == "reference-number" && $0.weight < 0 })
    let sum = best.reasons.reduce(0) { $0 + $1.weight }
    #expect(abs(sum - best.score) < 1e-9)
  }

  @Test("the extractor is deterministic and can be shared between tasks")
  func sendable() async {
    let text = "Your code is 482913"
    let results = await withTaskGroup(of: String?.self) { group in
      for _ in 0..<8 { group.addTask { extractor.extract(from: text)?.code } }
      var all: [String?] = []
      for await r in group { all.append(r) }
      return all
    }
    #expect(Set(results.map { $0 ?? "" }) == ["482913"])
  }

  @Test("a one-megabyte message is handled in one pass")
  func large() {
    var text = String(repeating: "Order 5521 shipped to 10 Main St. ", count: 30_000)
    text += "Your verification code is 482913."
    #expect(text.utf8.count > 1_000_000)
    #expect(extractor.extract(from: text)?.code == "482913")
  }
}
