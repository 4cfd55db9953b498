extension LanguageLexicon {
  /// The built-in languages besides English. To add a language, write its table in
  /// `Lexicon+<Name>.swift` and list it here.
  static let otherLanguages: [LanguageLexicon] = [
    spanish, portuguese, french, german, italian, dutch, polish, romanian, swedish, danish,
    norwegian,
    finnish, czech, hungarian, greek, russian, ukrainian, turkish, arabic, persian, urdu, hebrew,
    hindi,
    bengali, thai, vietnamese, indonesian, malay, tagalog, swahili, chineseSimplified,
    chineseTraditional,
    japanese, korean,
  ]
}
