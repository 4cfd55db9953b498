/// Whole-buffer byte tests, eight bytes at a time: the checks every message goes through
/// before any real work (is it ASCII, does it hold an `@`) cost a fraction of a byte loop.
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
    while i < n {
      if bytes[i] >= 0x80 { return false }
      i += 1
    }
    return true
  }

  /// Whether `byte` (below 0x80) occurs in `bytes`.
  static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let n = bytes.count
    let pattern = UInt64(byte) &* ones
    var i = 0
    while i + 8 <= n {
      // A zero byte of `x` is a match; the classic test flags it in its high bit (bytes
      // of 0x80 and above in the input never make a false positive: `byte` is ASCII).
      let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
      if (x &- ones) & ~x & highs != 0 { return true }
      i += 8
    }
    while i < n {
      if bytes[i] == byte { return true }
      i += 1
    }
    return false
  }
}
