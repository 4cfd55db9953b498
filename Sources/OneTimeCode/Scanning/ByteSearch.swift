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

  /// The index of the first `byte` (below 0x80) in `bytes` at or after `start`, or `nil`.
  static func firstIndex(
    of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    let pattern = UInt64(byte) &* ones
    let low7 = ones &* 0x7F
    // The zero bytes of the word xor the pattern, flagged in their high bits with no carry
    // between bytes (a byte's low seven bits plus 0x7F reach its high bit unless they are all
    // zero).
    return firstFlagged(
      in: bytes, from: start,
      flags: { word in
        let x = word ^ pattern
        return ~(((x & low7) &+ low7) | x) & highs
      },
      matching: { $0 == byte })
  }

  /// The index of the first ASCII digit in `bytes` at or after `start`, or `nil`: sixteen
  /// bytes a step with SSE2 (`otc_first_digit`).
  static func firstDigit(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = bytes.baseAddress, start < bytes.count else { return nil }
    let at = otc_first_digit(base, start, bytes.count)
    return at < bytes.count ? at : nil
  }

  /// The index of the first byte at or after `start` that `flags` marks in the high bit of its
  /// byte of a little-endian word, eight bytes at a time (`matching` says the same of one byte,
  /// for buffers shorter than a word). The flags must be exact for every byte, with no carry
  /// from one byte to the next: the last bytes are read in one load that ends with the buffer,
  /// and the flags of the bytes before `start` in it are masked off.
  @inline(__always)
  private static func firstFlagged(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, flags: (UInt64) -> UInt64,
    matching: (UInt8) -> Bool
  ) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let n = bytes.count
    func flagged(at offset: Int) -> UInt64 {
      flags(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }
    var i = start
    while i + 8 <= n {
      let found = flagged(at: i)
      if found != 0 { return i + found.trailingZeroBitCount &>> 3 }
      i += 8
    }
    if i < n && n >= 8 {
      let found = flagged(at: n - 8) & (~0 &<< UInt64((i - (n - 8)) &* 8))
      return found == 0 ? nil : n - 8 + found.trailingZeroBitCount &>> 3
    }
    while i < n {
      if matching(bytes[i]) { return i }
      i += 1
    }
    return nil
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
