/// What one Unicode scalar of typed or pasted text can stand for in a code field.
///
/// Digits of every script become ASCII digits through the stdlib's Unicode properties (no
/// Foundation); fullwidth ASCII letters become ASCII letters; nothing else is data.
enum EntryCharacter {
  /// The ASCII digit a decimal digit of any script stands for, such as `4` for `٤` or `４`.
  static func digit(_ scalar: Unicode.Scalar) -> UInt8? {
    if scalar.value >= 0x30 && scalar.value <= 0x39 { return UInt8(scalar.value) }
    if scalar.isASCII { return nil }
    let properties = scalar.properties
    guard properties.numericType == .decimal, let number = properties.numericValue,
      number >= 0, number <= 9
    else { return nil }
    return 0x30 + UInt8(number)
  }

  /// The ASCII letter an ASCII or fullwidth ASCII letter stands for, in its own case.
  static func letter(_ scalar: Unicode.Scalar) -> UInt8? {
    var value = scalar.value
    if value >= 0xFF21 && value <= 0xFF5A { value -= 0xFEE0 }  // Ａ...ｚ
    if (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A) { return UInt8(value) }
    return nil
  }

  /// The ASCII character `scalar` stands for under `characterSet`, letters uppercased.
  static func character(_ scalar: Unicode.Scalar, in characterSet: CodeCharacterSet) -> UInt8? {
    if let digit = digit(scalar) { return digit }
    guard characterSet == .alphanumeric, let letter = letter(scalar) else { return nil }
    return letter & ~0x20  // uppercase
  }
}
