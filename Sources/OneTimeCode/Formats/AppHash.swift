/// Android's SMS Retriever app hash: 11 characters of `[A-Za-z0-9+/]` that end
/// the message, on its last line (`<#> Your code is 123456\nFA+9qCX9VSu`).
///
/// ```swift
/// // AppHash.find(in: bytes) gives the span of "FA+9qCX9VSu", which is never a code.
/// ```
enum AppHash {
  /// The span of the app hash in normalized bytes, or `nil`.
  static func find(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    var end = bytes.count
    while end > 0 && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) {
      end -= 1
    }
    var start = end
    while start > 0 && isHashCharacter(bytes[start - 1]) { start -= 1 }
    guard end - start == 11 else { return nil }
    if start > 0 && bytes[start - 1] != 0x20 && bytes[start - 1] != 0x0A { return nil }
    var letters = 0
    for i in start..<end where isLetter(bytes[i]) { letters += 1 }
    // An 11-digit number is a phone number, not a hash.
    guard letters >= 1 else { return nil }
    return start..<end
  }

  @inline(__always) static func isHashCharacter(_ b: UInt8) -> Bool {
    isAlnum(b) || b == 0x2B || b == 0x2F
  }
}
