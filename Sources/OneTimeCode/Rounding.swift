/// Rounding to a whole number without a call into the C library.
///
/// ```swift
/// Rounding.halfAwayFromZero(2.5)  // 3.0, as 2.5.rounded()
/// ```
package enum Rounding {
  /// `value.rounded()`: the nearest whole number, half away from zero. On the baseline
  /// x86-64 target (SSE2, without SSE4.1's `roundsd`) `rounded()` calls `round` in the C
  /// library: once per candidate's ceiling and twice per record with a code. From 0.5 to
  /// 2⁵², `a + 0.5` is exact, or (across a power of two) keeps its integer part, so
  /// truncating it rounds; below 0.5 and from 2⁵² on, `rounded()` itself is used.
  ///
  /// ```swift
  /// Rounding.halfAwayFromZero(-0.5)  // -1.0
  /// ```
  @inline(__always) package static func halfAwayFromZero(_ value: Double) -> Double {
    let a = abs(value)
    guard a >= 0.5 && a < 0x1p52 else { return value.rounded() }
    let r = Double(Int(a + 0.5))
    return value < 0 ? -r : r
  }
}
