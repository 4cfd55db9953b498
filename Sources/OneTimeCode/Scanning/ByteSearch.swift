import CMemoKey

/// Whole-buffer byte tests, eight bytes at a time or more: the checks every message goes
/// through before any real work (is it ASCII, does it hold an `@`) cost a fraction of a byte
/// loop. Whether a byte occurs is the C library's `memchr`, the first digit sixteen bytes a
/// step (`otc_first_digit`, in the memo key's C module).
///
/// ```swift
/// [UInt8]("héllo".utf8).withUnsafeBufferPointer { ByteSearch.isASCII($0) }  // false
/// ```
enum ByteSearch {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// Whether every byte is below 0x80.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let n = bytes.count
    var i = 0
    while i + 8 <= n {
      if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & highs != 0 { return false }
      i += 8
    }
    // The last bytes in one load that ends with the buffer (its first bytes were seen).
    if i < n && n >= 8 {
      return raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) & highs == 0
    }
    while i < n {
      if bytes[i] >= 0x80 { return false }
      i += 1
    }
    return true
  }

  /// Whether `byte` occurs in `bytes`: the C library's `memchr` (32 bytes a step with AVX2),
  /// about 40 instructions where a loop of eight bytes a step took about 160, on a message of
  /// about 100 bytes without it.
  static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    return otc_contains_byte(base, bytes.count, byte) != 0
  }

  /// The index of the first `byte` in `bytes` at or after `start`, or `nil`: the C library's
  /// `memchr`, as in ``contains(_:in:)`` (a loop of eight bytes a step took about 110
  /// instructions to reach the colon of a link near a message's end).
  static func firstIndex(
    of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    guard let base = bytes.baseAddress, start < bytes.count else { return nil }
    let at = otc_first_byte(base, start, bytes.count, byte)
    return at < bytes.count ? at : nil
  }

  /// The index of the first ASCII digit in `bytes` at or after `start`, or `nil`: sixteen
  /// bytes a step with SSE2 (`otc_first_digit`).
  static func firstDigit(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = bytes.baseAddress, start < bytes.count else { return nil }
    let at = otc_first_digit(base, start, bytes.count)
    return at < bytes.count ? at : nil
  }

  /// How many UTF-8 scalars begin in `bytes[range]`: its bytes that are not continuation
  /// bytes (`10xxxxxx`), counted eight at a time.
  static func scalarCount(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var count = 0
    var i = range.lowerBound
    while i + 8 <= range.upperBound {
      // A continuation byte has its high bit set and the next one clear.
      let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      count += 8 - (x & ~(x &<< 1) & highs).nonzeroBitCount
      i += 8
    }
    while i < range.upperBound {
      if bytes[i] & 0xC0 != 0x80 { count += 1 }
      i += 1
    }
    return count
  }
}
