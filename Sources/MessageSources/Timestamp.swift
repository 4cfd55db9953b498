/// Conversions between dates and milliseconds since 1970-01-01T00:00:00Z, without Foundation.
///
/// Messages carry their date as `Int64` milliseconds (``Message/date``); these helpers format and
/// parse them and convert the epochs other formats count from.
///
/// ```swift
/// print(Timestamp.iso8601(1_773_303_302_000))  // "2026-03-12T08:15:02Z"
/// print(Timestamp.milliseconds(year: 2026, month: 3, day: 12)!)  // 1773273600000
/// ```
public enum Timestamp {
  /// Milliseconds from 1970-01-01 to 2001-01-01, where Apple's Messages dates count from.
  ///
  /// ```swift
  /// print(Timestamp.appleEpochOffset)  // 978307200000
  /// ```
  public static let appleEpochOffset: Int64 = 978_307_200_000

  /// Formats milliseconds since 1970 as ISO 8601 in UTC, to the second (milliseconds dropped).
  ///
  /// ```swift
  /// print(Timestamp.iso8601(0))                  // "1970-01-01T00:00:00Z"
  /// print(Timestamp.iso8601(1_773_303_302_999))  // "2026-03-12T08:15:02Z"
  /// ```
  public static func iso8601(_ milliseconds: Int64) -> String {
    let seconds = floorDiv(milliseconds, 1000)
    let days = floorDiv(seconds, 86_400)
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    guard (0...9999).contains(year) else {
      return padded(year: year, month: month, day: day, secondOfDay: secondOfDay)
    }
    // The twenty bytes written in place: one allocation, where joining padded parts made many.
    return String(unsafeUninitializedCapacity: 20) { out in
      func put(_ value: Int64, width: Int, at end: Int) {
        var value = value
        for index in stride(from: end - 1, through: end - width, by: -1) {
          out[index] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
          value /= 10
        }
      }
      put(year, width: 4, at: 4)
      put(month, width: 2, at: 7)
      put(day, width: 2, at: 10)
      put(secondOfDay / 3600, width: 2, at: 13)
      put(secondOfDay / 60 % 60, width: 2, at: 16)
      put(secondOfDay % 60, width: 2, at: 19)
      out[4] = UInt8(ascii: "-")
      out[7] = UInt8(ascii: "-")
      out[10] = UInt8(ascii: "T")
      out[13] = UInt8(ascii: ":")
      out[16] = UInt8(ascii: ":")
      out[19] = UInt8(ascii: "Z")
      return 20
    }
  }

  /// ``iso8601(_:)`` for a year outside 0...9999: a sign, or more than four digits.
  private static func padded(year: Int64, month: Int64, day: Int64, secondOfDay: Int64) -> String {
    var out = ""
    out.reserveCapacity(20)
    out += pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    out += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
    out += pad(secondOfDay % 60, 2) + "Z"
    return out
  }

  /// Milliseconds since 1970 of a UTC date and time, or `nil` when a field is out of range.
  ///
  /// ```swift
  /// print(Timestamp.milliseconds(year: 2001, month: 1, day: 1)!)  // 978307200000
  /// print(Timestamp.milliseconds(year: 2026, month: 2, day: 30) == nil)  // true
  /// ```
  public static func milliseconds(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
    millisecond: Int = 0
  ) -> Int64? {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...daysIn(month: month, year: year)).contains(day), (0...23).contains(hour),
      (0...59).contains(minute), (0...60).contains(second), (0...999).contains(millisecond)
    else { return nil }
    let days = Int64(daysFromCivil(year: year, month: month, day: day))
    let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return seconds * 1000 + Int64(millisecond)
  }

  /// Converts an Apple Messages `date` (since 2001-01-01) to milliseconds since 1970.
  ///
  /// Old databases count seconds, newer ones nanoseconds; a value whose magnitude is above 10^12
  /// is taken as nanoseconds (10^12 seconds would be 31,000 years away). Zero means "no date".
  ///
  /// ```swift
  /// print(Timestamp.fromAppleDate(794_996_102)!)              // 1773303302000
  /// print(Timestamp.fromAppleDate(794_996_102_000_000_000)!)  // 1773303302000
  /// print(Timestamp.fromAppleDate(0) == nil)                  // true
  /// ```
  public static func fromAppleDate(_ value: Int64) -> Int64? {
    if value == 0 { return nil }
    // Neither branch can overflow: |value| / 10^6 and (|value| <= 10^12) * 1000 stay far from 2^63.
    let sinceApple = value.magnitude > 1_000_000_000_000 ? value / 1_000_000 : value * 1000
    return sinceApple + appleEpochOffset
  }

  /// Converts an Apple Messages `date` stored as a floating-point number (seconds or nanoseconds
  /// since 2001, told apart as for integers).
  ///
  /// ```swift
  /// print(Timestamp.fromAppleDate(seconds: 794_996_102.5)!)  // 1773303302500
  /// ```
  public static func fromAppleDate(seconds: Double) -> Int64? {
    guard seconds.isFinite, seconds != 0 else { return nil }
    let milliseconds = seconds.magnitude > 1e12 ? seconds / 1e6 : seconds * 1000
    guard let value = Int64(exactly: milliseconds.rounded()) else { return nil }
    return value + appleEpochOffset
  }

  // MARK: - Civil calendar (proleptic Gregorian), after Howard Hinnant's algorithms.

  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let sign = value < 0 ? "-" : ""
    return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
