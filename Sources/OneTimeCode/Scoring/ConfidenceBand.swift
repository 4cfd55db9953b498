/// Whether a score's confidence (``CodeExtractor/confidence(_:)``) reaches a minimum, told
/// for most scores by two comparisons instead of the confidence's dozen multiplications, a
/// division and a rounding.
///
/// The confidence rises with the score, so there is one score where it first reaches the
/// minimum: found once, by bisection, when the band is made. Below a narrow band around that
/// score the answer is no, at or above it yes; inside the band the confidence is computed, so
/// that a last-place rounding in it can never turn an answer. The tests compare the band with
/// the confidence over a fine sweep of scores and minimums.
struct ConfidenceBand: Sendable {
  /// The confidence asked for.
  let minimum: Double
  /// Scores below this fall short of `minimum`.
  let low: Double
  /// Scores at or above this reach `minimum`.
  let high: Double

  /// Half the band's width, in points of score: far wider than the bisection's last
  /// interval (10⁻⁹) and than any rounding in the confidence (a few units in the last place).
  static let halfWidth = 0.01

  /// The band for `minimum`. The score is clamped to ±30 by the confidence, so a minimum
  /// that no score reaches (or NaN) gives a band above every score, and one that every score
  /// reaches gives a band below all.
  init(minimum: Double) {
    self.minimum = minimum
    guard CodeExtractor.confidence(30) >= minimum else {
      (low, high) = (.infinity, .infinity)
      return
    }
    guard CodeExtractor.confidence(-30) < minimum else {
      (low, high) = (-.infinity, -.infinity)
      return
    }
    // confidence(short) < minimum <= confidence(reached), all along.
    var short = -30.0
    var reached = 30.0
    while reached - short > 1e-9 {
      let middle = (short + reached) / 2
      if CodeExtractor.confidence(middle) >= minimum { reached = middle } else { short = middle }
    }
    low = short - Self.halfWidth
    high = reached + Self.halfWidth
  }

  /// The band for the default minimum confidence (0.5), made once.
  static let standard = ConfidenceBand(minimum: ExtractionHints().minimumConfidence)

  /// `CodeExtractor.confidence(score) >= minimum`.
  @inline(__always) func reaches(_ score: Double) -> Bool {
    if score < low { return false }
    if score >= high { return true }
    return CodeExtractor.confidence(score) >= minimum
  }
}
