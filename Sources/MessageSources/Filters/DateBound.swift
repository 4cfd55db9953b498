/// Reads the dates `--since` and `--until` take.
///
/// - ISO 8601 days and times: `2026-03-12` (midnight), `2026-03-12T08:15`,
///   `2026-03-12T08:15:02`, `2026-03-12T08:15:02.250`, with `Z`, `+01:00`, `-0500` or `+01` for the
///   zone; a space may replace the `T`; a time without a zone is UTC, like the output.
/// - Ages, counted back from a given "now": a number and a unit, `s`, `m` (minutes), `h`, `d`,
///   `w`: `45s`, `30m`, `2h`, `7d`, `1w`.
///
/// ```swift
/// let now = Timestamp.milliseconds(year: 2026, month: 3, day: 12, hour: 12)!
/// print(Timestamp.iso8601(try DateBound.parse("2h", now: now)))  // "2026-03-12T10:00:00Z"
/// print(try DateBound.parse("2026-03-12T08:15:02+01:00", now: now))  // 1773299702000
/// ```
public enum DateBound {
  /// A date or an age before `now`, in milliseconds since 1970.
  ///
  /// ```swift
  /// print(try DateBound.parse("7d", now: 7 * 86_400_000))  // 0
  /// ```
  public static func parse(_ text: String, now: Int64) throws(FilterError) -> Int64 {
    if let age = age(text) { return now - age }
    return try parseAbsolute(text)
  }

  /// An ISO 8601 date or date-time, in milliseconds since 1970.
  ///
  /// ```swift
  /// print(try DateBound.parseAbsolute("1970-01-02"))  // 86400000
  /// ```
  public static func parseAbsolute(_ text: String) throws(FilterError) -> Int64 {
    guard let value = iso8601(Array(text.utf8)) else { throw .invalidDate(text) }
    return value
  }

  /// Whether `text` is a bare day, `YYYY-MM-DD`.
  static func isDayOnly(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.count == 10 && iso8601(bytes) != nil
  }

  /// The age `30m`, `2h`... in milliseconds.
  private static func age(_ text: String) -> Int64? {
    guard let unit = text.utf8.last, text.utf8.count >= 2,
      text.utf8.first.map(ASCII.isDigit) == true,
      let count = Int64(text.dropLast())
    else { return nil }
    let milliseconds: Int64
    switch unit {
    case UInt8(ascii: "s"): milliseconds = 1000
    case UInt8(ascii: "m"): milliseconds = 60_000
    case UInt8(ascii: "h"): milliseconds = 3_600_000
    case UInt8(ascii: "d"): milliseconds = 86_400_000
    case UInt8(ascii: "w"): milliseconds = 7 * 86_400_000
    default: return nil
    }
    let (product, overflow) = count.multipliedReportingOverflow(by: milliseconds)
    return overflow ? nil : product
  }

  /// Parses ISO 8601 from bytes.
  private static func iso8601(_ bytes: [UInt8]) -> Int64? {
    var reader = DigitReader(bytes: bytes)
    guard let year = reader.number(4), reader.take(ASCII.hyphen), let month = reader.number(2),
      reader.take(ASCII.hyphen), let day = reader.number(2)
    else { return nil }
    if reader.isAtEnd { return Timestamp.milliseconds(year: year, month: month, day: day) }
    guard
      reader.take(UInt8(ascii: "T")) || reader.take(UInt8(ascii: "t")) || reader.take(ASCII.space),
      let hour = reader.number(2), reader.take(ASCII.colon), let minute = reader.number(2)
    else { return nil }
    var second = 0
    var millisecond = 0
    if reader.take(ASCII.colon) {
      guard let value = reader.number(2) else { return nil }
      second = value
      if reader.take(ASCII.period) || reader.take(ASCII.comma) {
        var digits = 0
        var scale = 100
        while let digit = reader.digit() {
          digits += 1
          millisecond += digit * scale
          scale /= 10
        }
        guard digits > 0 else { return nil }
      }
    }
    var offsetMinutes = 0
    if reader.take(UInt8(ascii: "Z")) || reader.take(UInt8(ascii: "z")) {
      // UTC.
    } else if let sign = reader.sign() {
      guard let hours = reader.number(2) else { return nil }
      var minutes = 0
      if reader.take(ASCII.colon) {
        guard let value = reader.number(2) else { return nil }
        minutes = value
      } else if let value = reader.number(2) {
        minutes = value
      }
      guard hours <= 23, minutes <= 59 else { return nil }
      offsetMinutes = sign * (hours * 60 + minutes)
    }
    guard reader.isAtEnd,
      let local = Timestamp.milliseconds(
        year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59),
        millisecond: millisecond)
    else { return nil }
    return local - Int64(offsetMinutes) * 60_000
  }
}

/// Reads fixed-width numbers and single bytes from an ASCII date.
private struct DigitReader {
  let bytes: [UInt8]
  var index = 0

  var isAtEnd: Bool { index == bytes.count }

  mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  mutating func digit() -> Int? {
    guard index < bytes.count, ASCII.isDigit(bytes[index]) else { return nil }
    index += 1
    return Int(bytes[index - 1] - 0x30)
  }

  mutating func number(_ width: Int) -> Int? {
    var value = 0
    for _ in 0..<width {
      guard let digit = digit() else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  /// `+1` or `-1` for a zone offset's sign.
  mutating func sign() -> Int? {
    if take(UInt8(ascii: "+")) { return 1 }
    if take(ASCII.hyphen) { return -1 }
    return nil
  }
}
