/// A `--sender` pattern: which senders a filter keeps.
///
/// - Case-insensitive.
/// - Without wildcards, a substring: `bank` matches `MyBank` and `BANK-ALERTS`.
/// - With `*` (any run) or `?` (one character), a glob over the whole sender: `+1555*` matches
///   `+15550100` but not `+4415550100`.
/// - A pattern that looks like a phone number (digits, with only `+`, spaces, `-`, `.`, `(` and `)`
///   besides, and no wildcards) compares digits only, as a substring: `555 010-0` matches
///   `+1 (555) 0100`.
/// - A message without a sender never matches.
///
/// ```swift
/// let pattern = try SenderPattern("*bank*")
/// print(pattern.matches("MyBank Alerts"))  // true
/// print(pattern.matches(nil))              // false
/// ```
public struct SenderPattern: Sendable, Equatable {
  /// The pattern as given.
  public let pattern: String
  private let kind: Kind
  private let needle: [Unicode.Scalar]

  private enum Kind: Sendable, Equatable {
    case substring, glob, digits
  }

  /// Reads a pattern; an empty one is refused.
  ///
  /// ```swift
  /// print(try SenderPattern("+1 555 0100").matches("+15550100"))  // true
  /// ```
  public init(_ pattern: String) throws(FilterError) {
    guard !pattern.isEmpty else { throw .emptySenderPattern }
    self.pattern = pattern
    let scalars = Array(pattern.lowercased().unicodeScalars)
    if scalars.contains("*") || scalars.contains("?") {
      kind = .glob
      needle = scalars
    } else if scalars.contains(where: Self.isDigit),
      scalars.allSatisfy({ Self.isDigit($0) || "+-.() ".unicodeScalars.contains($0) })
    {
      kind = .digits
      needle = scalars.filter(Self.isDigit)
    } else {
      kind = .substring
      needle = scalars
    }
  }

  /// Whether `sender` matches the pattern.
  ///
  /// ```swift
  /// let pattern = try SenderPattern("G?OGLE")
  /// print(pattern.matches("Google"), pattern.matches("Googles"))  // true false
  /// ```
  public func matches(_ sender: String?) -> Bool {
    guard let sender else { return false }
    let haystack = Array(sender.lowercased().unicodeScalars)
    switch kind {
    case .substring: return Self.contains(haystack, needle)
    case .digits: return Self.contains(haystack.filter(Self.isDigit), needle)
    case .glob: return Self.glob(needle, haystack)
    }
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && ASCII.isDigit(UInt8(scalar.value))
  }

  private static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return true
    }
    return false
  }

  /// `*` and `?` matching over the whole text, with one backtrack point (linear in practice).
  private static func glob(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
    var p = 0
    var t = 0
    var star: Int?
    var resume = 0
    while t < text.count {
      if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
        p += 1
        t += 1
      } else if p < pattern.count, pattern[p] == "*" {
        star = p
        resume = t
        p += 1
      } else if let star {
        p = star + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
