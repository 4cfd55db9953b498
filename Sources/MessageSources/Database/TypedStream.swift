/// Recovers the plain string from an Apple `typedstream` archive of an attributed string, as
/// Messages stores in `message.attributedBody` when `message.text` is NULL.
///
/// The archive (written by the old `NSArchiver`) starts with a header: version byte `04`, the
/// length-prefixed signature `streamtyped`, and a system version. The object graph follows: the
/// `NSAttributedString` (or `NSMutableAttributedString`) class chain, then the `NSString` (or
/// `NSMutableString`) class, then its contents written with the type string `+` (tag `84`, length
/// `01`, `2B`): a length and that many UTF-8 bytes. The attribute runs come after and are ignored.
///
/// Integers, lengths included, are one byte when below `0x80`; `81` announces a 2-byte and `82` a
/// 4-byte little-endian value (bytes `80`...`91` are tags, never plain values).
///
/// ```swift
/// let text = try TypedStream.plainText(of: blob)  // "Your code is 482910"
/// ```
public enum TypedStream {
  /// Why no string could be recovered.
  ///
  /// ```swift
  /// print(TypedStream.DecodeError.truncated)  // "attributedBody is cut short"
  /// ```
  public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The blob does not start with a typedstream header.
    case notTypedStream
    /// The blob ends before the string does.
    case truncated
    /// The blob is a complete typedstream holding no string.
    case noString
    /// A length field is malformed.
    case invalidLength

    /// A short lower-case description naming the column.
    public var description: String {
      switch self {
      case .notTypedStream: "attributedBody is not a typedstream archive"
      case .truncated: "attributedBody is cut short"
      case .noString: "attributedBody holds no string"
      case .invalidLength: "attributedBody has a malformed string length"
      }
    }
  }

  private static let signature = Array("streamtyped".utf8)
  private static let stringClasses = [Array("NSString".utf8), Array("NSMutableString".utf8)]
  private static let newTag: UInt8 = 0x84
  private static let endTag: UInt8 = 0x86
  private static let int16Tag: UInt8 = 0x81
  private static let int32Tag: UInt8 = 0x82
  /// How far after the string class name the `+` type string may start.
  private static let typeSearchWindow = 96

  /// The plain string of the archived attributed string in `blob`.
  ///
  /// ```swift
  /// // 04 0B "streamtyped" 81 E8 03 84 01 40 84 84 84 12 "NSAttributedString" 00 84 84 08
  /// // "NSObject" 00 85 92 84 84 84 08 "NSString" 01 94 84 01 2B 05 "Hello" 86 ...
  /// print(try TypedStream.plainText(of: blob))  // "Hello"
  /// ```
  public static func plainText(of blob: [UInt8]) throws(DecodeError) -> String {
    try blob.withUnsafeBufferPointer { (bytes) throws(DecodeError) -> String in
      try plainText(bytes)
    }
  }

  private static func plainText(_ bytes: UnsafeBufferPointer<UInt8>) throws(DecodeError) -> String {
    var position = try headerEnd(bytes)
    guard let classEnd = stringClassEnd(bytes, from: position) else {
      throw bytes.last == endTag ? .noString : .truncated
    }
    position = classEnd
    // Find the "+" type string: 84 01 2B.
    let windowEnd = min(bytes.count, position + typeSearchWindow)
    var found: Int?
    var index = position
    while index + 2 < windowEnd {
      if bytes[index] == newTag, bytes[index + 1] == 0x01, bytes[index + 2] == ASCII.plus {
        found = index + 3
        break
      }
      index += 1
    }
    guard let start = found else {
      throw windowEnd == bytes.count ? .truncated : .noString
    }
    position = start
    let length = try integer(bytes, at: &position)
    guard length >= 0 else { throw .invalidLength }
    guard length <= bytes.count - position else { throw .truncated }
    let text = UnsafeBufferPointer(rebasing: bytes[position..<position + length])
    return String(decoding: text, as: UTF8.self)
  }

  /// The offset after the header, or an error if the header is missing or cut.
  private static func headerEnd(_ bytes: UnsafeBufferPointer<UInt8>) throws(DecodeError) -> Int {
    let expected = [0x04, UInt8(signature.count)] + signature
    for (index, byte) in expected.enumerated() {
      guard index < bytes.count else { throw index == 0 ? .notTypedStream : .truncated }
      guard bytes[index] == byte else { throw .notTypedStream }
    }
    var position = expected.count
    _ = try integer(bytes, at: &position)  // The system version, 1000 on current systems.
    return position
  }

  /// The offset just after the first `NSString`/`NSMutableString` class name at or after `start`.
  private static func stringClassEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      for name in stringClasses where bytes[index] == UInt8(name.count) {
        let end = index + 1 + name.count
        if end <= bytes.count, index > start, bytes[index - 1] == newTag,
          bytes[(index + 1)..<end].elementsEqual(name)
        {
          return end
        }
      }
      index += 1
    }
    return nil
  }

  /// A typedstream integer: one byte below `0x80`, else `81` + 2 or `82` + 4 bytes little-endian.
  private static func integer(
    _ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int
  ) throws(DecodeError) -> Int {
    guard position < bytes.count else { throw .truncated }
    let first = bytes[position]
    position += 1
    let width: Int
    switch first {
    case ..<0x80: return Int(first)
    case int16Tag: width = 2
    case int32Tag: width = 4
    default: throw .invalidLength
    }
    guard bytes.count - position >= width else { throw .truncated }
    var value: UInt32 = 0
    for offset in (0..<width).reversed() {
      value = value << 8 | UInt32(bytes[position + offset])
    }
    position += width
    // Lengths are never negative: read 2-byte values unsigned, so either writer convention works.
    return width == 2 ? Int(value) : Int(Int32(bitPattern: value))
  }
}
