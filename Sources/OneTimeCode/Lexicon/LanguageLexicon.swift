/// What a number near a negative term is likely to be, instead of a code.
///
/// ```swift
/// NegativeKind.order.rawValue  // "order"
/// ```
public enum NegativeKind: String, Sendable, Hashable, CaseIterable {
  /// Order, invoice, transaction, reference, booking, ticket, flight, tracking, parcel numbers.
  case reference
  /// Phone numbers: "call", "tel", "phone", "hotline", "toll-free", "WhatsApp us".
  case phone
  /// Money: "balance", "amount", "paid", "debited", "credited", "price", "total".
  case money
  /// Cards and accounts: "ending in", "card", "a/c", "account no".
  case account
  /// Places: "postcode", "zip", "street", "apt", "room", "gate", "floor".
  case address
  /// Promotions: "promo code", "coupon", "discount code", "voucher".
  case promo
  /// Short codes to text back: "reply STOP to", "text HELP to", "send ... to".
  case shortCode
  /// Dates and times: month names, weekdays, "at", "on", "am", "pm".
  case date
}

/// The words of one language that the scorer uses, written as data.
///
/// Every term is written in lower case (the matcher folds case). A term matches
/// at the start of a word, unless it starts with a character of a script written
/// without spaces (Han, Kana, Thai...). It must end at the end of a word, unless
/// it ends in `*`, which lets a suffix follow: `код*` matches "кода" and "кодом".
/// A space in a term matches any run of spaces and line breaks.
///
/// ```swift
/// let es = LanguageLexicon(
///   language: "es", name: "Spanish",
///   strongCodeTerms: ["código de verificación"], weakCodeTerms: ["código*"],
///   codeLinkers: ["es"], negativeTerms: [.reference: ["pedido"]],
///   durationUnits: [60: ["minutos"]], expiryTerms: ["válido por"], safetyTerms: ["no lo compartas"])
/// ```
public struct LanguageLexicon: Sendable {
  /// The BCP 47 tag, such as `es`, `zh-Hans`, `pt`.
  public var language: String
  /// The English name of the language.
  public var name: String
  /// Phrases that certainly name a one-time code: "verification code", "OTP", "验证码".
  public var strongCodeTerms: [String]
  /// Words that name a code only with help: "code", "PIN", "password", "key".
  public var weakCodeTerms: [String]
  /// Short words that join a code word to the code: "is", "es", "est", "ist", "是".
  public var codeLinkers: [String]
  /// Words that make a nearby number something else than a code.
  public var negativeTerms: [NegativeKind: [String]]
  /// Time units after a number, by their length in seconds: `60: ["minutes", "min"]`.
  public var durationUnits: [Int: [String]]
  /// Phrases that say how long the code lasts: "valid for", "expires in", "有效".
  public var expiryTerms: [String]
  /// Currency words and abbreviations written next to amounts: "rs", "руб*", "zł", "ريال".
  /// (Signs such as `$ € £ ₹ ¥` and ISO codes such as `USD` are common to all languages.)
  public var currencyTerms: [String]
  /// Phrases that talk about codes in general: "never share your code", "do not share".
  public var safetyTerms: [String]

  /// Creates a language's table.
  ///
  /// ```swift
  /// LanguageLexicon(language: "xx", name: "Example", strongCodeTerms: ["one time code"])
  /// ```
  public init(
    language: String, name: String, strongCodeTerms: [String], weakCodeTerms: [String] = [],
    codeLinkers: [String] = [], negativeTerms: [NegativeKind: [String]] = [:],
    durationUnits: [Int: [String]] = [:], expiryTerms: [String] = [], currencyTerms: [String] = [],
    safetyTerms: [String] = []
  ) {
    self.language = language
    self.name = name
    self.strongCodeTerms = strongCodeTerms
    self.weakCodeTerms = weakCodeTerms
    self.codeLinkers = codeLinkers
    self.negativeTerms = negativeTerms
    self.durationUnits = durationUnits
    self.expiryTerms = expiryTerms
    self.currencyTerms = currencyTerms
    self.safetyTerms = safetyTerms
  }
}
