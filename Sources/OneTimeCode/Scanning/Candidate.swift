/// The shape of a candidate, as the scanner found it.
enum CandidateShape: UInt8, Sendable {
  /// A run of digits: `482913`.
  case digits
  /// Equal groups of digits joined by one separator: `482 913`, `48-29-13`.
  case grouped
  /// Letters and digits mixed: `AB12CD`.
  case alphanumeric
  /// A short upper-case label, a dash, and digits: `G-482913`.
  case prefixed
  /// Letters only, right after "code:" at the end of a line: `code: QGFDAE`.
  case letters
}

/// A possible code in normalized text.
struct Candidate: Sendable {
  /// The span in normalized bytes, label and separators included.
  var start: Int
  var end: Int
  /// Where the code itself starts (after a label).
  var codeStart: Int
  var shape: CandidateShape
  /// How many ASCII digits and letters the code has.
  var digits: Int
  var letters: Int
  var groups: Int
  var hasUpper: Bool
  var hasLower: Bool

  var length: Int { digits + letters }
}

@inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
@inline(__always) func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
@inline(__always) func isAlnum(_ b: UInt8) -> Bool { isDigit(b) || isLetter(b) }
@inline(__always) func isUpper(_ b: UInt8) -> Bool { b &- 0x41 < 26 }

/// A maximal run of ASCII letters and digits, with what it holds.
struct Run {
  var end: Int
  var digits = 0
  var letters = 0
  var hasUpper = false
  var hasLower = false

  init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
    var j = start
    while j < bytes.count {
      let b = bytes[j]
      if isDigit(b) {
        digits += 1
      } else if isLetter(b) {
        letters += 1
        if isUpper(b) { hasUpper = true } else { hasLower = true }
      } else {
        break
      }
      j += 1
    }
    end = j
  }
}

/// Finds the candidates in normalized text in one pass over its bytes.
///
/// ```swift
/// // "Code 482-913, order 5521" gives the grouped 482-913 and the digits 5521.
/// ```
enum CandidateScanner {
  /// Appends the candidates of `bytes` to `result`, in order.
  ///
  /// Every candidate holds a digit, so the scan goes from digit to digit, eight bytes at a
  /// time, back each time to where a byte-by-byte scan would start the token that holds it
  /// (or the label before it: "G-"). `jumping: false` scans byte by byte, for the tests that
  /// compare the two.
  /// - Complexity: O(*n*).
  static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, into result: inout [Candidate], jumping: Bool = true
  ) {
    let n = bytes.count
    var i = 0
    while i < n {
      if jumping && !isDigit(bytes[i]) {
        // `i` starts a token or is no alphanumeric: the tokens before the next digit are
        // letters only, and only a label right before it ("G-482913") makes a candidate.
        guard let digit = ByteSearch.firstDigit(in: bytes, from: i) else { break }
        var start = digit
        while start > i && isAlnum(bytes[start - 1]) { start -= 1 }
        if start == digit && start >= i + 2 && bytes[start - 1] == 0x2D
          && isLetter(bytes[start - 2])
        {
          start -= 1
          while start > i && isLetter(bytes[start - 1]) { start -= 1 }
        }
        i = start
      }
      guard isAlnum(bytes[i]) else {
        i += 1
        continue
      }
      if isLetter(bytes[i]) {
        // Most tokens are words: one with no digit and no dash after its letters starts
        // nothing (a label such as "G-482913" is the only letters-only start).
        var k = i + 1
        while k < n && isLetter(bytes[k]) { k += 1 }
        if k >= n || !(isDigit(bytes[k]) || bytes[k] == 0x2D) {
          i = k
          continue
        }
      }
      // One token: a maximal run of ASCII letters and digits.
      let token = Run(bytes, from: i)
      let j = token.end
      let digits = token.digits
      let letters = token.letters
      let upper = token.hasUpper
      let lower = token.hasLower
      let length = j - i
      if digits == 0 {
        // A label such as "G" in "G-482913".
        if letters <= 4 && !lower && j + 1 < n && bytes[j] == 0x2D && isDigit(bytes[j + 1]) {
          var k = j + 1
          while k < n && isDigit(bytes[k]) { k += 1 }
          let run = k - (j + 1)
          if (k >= n || !isAlnum(bytes[k])) && run >= 4 && run <= 10 {
            result.append(
              Candidate(
                start: i, end: k, codeStart: j + 1, shape: .prefixed, digits: run, letters: 0,
                groups: 1,
                hasUpper: false, hasLower: false))
            i = k
            continue
          }
          if k < n && isLetter(bytes[k]) {
            // "G-3d523": a label before a mixed code; the token after is scanned next.
            let tail = Run(bytes, from: k)
            let m = tail.end
            let d = run + tail.digits
            let l = tail.letters
            let up = tail.hasUpper
            let lo = tail.hasLower
            if d + l >= 4 && d + l <= 10 {
              result.append(
                Candidate(
                  start: i, end: m, codeStart: j + 1, shape: .alphanumeric, digits: d, letters: l,
                  groups: 1,
                  hasUpper: up, hasLower: lo))
              i = m
              continue
            }
          }
        }
        i = j
        continue
      }
      if letters == 0 {
        // Digits; try equal groups joined by one separator: 482 913, 48-29-13, 482.913.
        var sizes = GroupSizes(length)
        var k = j
        var separator: UInt8 = 0
        while k + 1 < n && sizes.count < (length == 1 ? 8 : 4) {
          let s = bytes[k]
          guard s == 0x20 || s == 0x2D || s == 0x2E, separator == 0 || s == separator,
            isDigit(bytes[k + 1])
          else { break }
          var m = k + 1
          while m < n && isDigit(bytes[m]) { m += 1 }
          if m < n && isLetter(bytes[m]) { break }
          sizes.append(m - k - 1)
          separator = s
          k = m
        }
        // Single digits spaced out, 4 to 8 of them: "7 7 3 0 1 2" (it needs context).
        if length == 1 && sizes.count >= 4 && sizes.allAreOne && separator == 0x20 {
          let end = k
          result.append(
            Candidate(
              start: i, end: end, codeStart: i, shape: .grouped, digits: sizes.count, letters: 0,
              groups: sizes.count, hasUpper: false, hasLower: false))
          i = end
          continue
        }
        // Two unequal groups of 6 or 7 digits: 888-8888 (a code format, and a phone
        // number's), 9021 64. They need context; the scorer marks them uneven.
        if sizes.count == 2 && sizes[0] != sizes[1] && (2...4).contains(sizes[0])
          && (2...4).contains(sizes[1])
          && (6...7).contains(sizes[0] + sizes[1]) && (separator == 0x2D || separator == 0x20)
        {
          let end = k
          result.append(
            Candidate(
              start: i, end: end, codeStart: i, shape: .grouped, digits: sizes[0] + sizes[1],
              letters: 0,
              groups: 2, hasUpper: false, hasLower: false))
          i = end
          continue
        }
        if let count = validGroups(sizes) {
          var total = 0
          var end = i
          for g in 0..<count {
            total += sizes[g]
            end += sizes[g] + (g > 0 ? 1 : 0)
          }
          result.append(
            Candidate(
              start: i, end: end, codeStart: i, shape: .grouped, digits: total, letters: 0,
              groups: count,
              hasUpper: false, hasLower: false))
          i = end
          continue
        }
        if length >= 3 && length <= 10 {
          result.append(
            Candidate(
              start: i, end: j, codeStart: i, shape: .digits, digits: length, letters: 0, groups: 1,
              hasUpper: false, hasLower: false))
        }
        i = j
        continue
      }
      // Two short parts joined by a dash: A8D-291.
      if length >= 3 && length <= 5 && j + 3 < n && bytes[j] == 0x2D && isAlnum(bytes[j + 1]) {
        let tail = Run(bytes, from: j + 1)
        let m = tail.end
        let d = digits + tail.digits
        let l = letters + tail.letters
        let up = upper || tail.hasUpper
        let lo = lower || tail.hasLower
        let second = m - j - 1
        if second >= 3 && second <= 5 && (m >= n || bytes[m] != 0x2D) && d >= 2 {
          result.append(
            Candidate(
              start: i, end: m, codeStart: i, shape: .alphanumeric, digits: d, letters: l,
              groups: 2,
              hasUpper: up, hasLower: lo))
          i = m
          continue
        }
      }
      // "98point6", "iphone15": four lower-case letters in a row read as a word, not a code.
      if length >= 4 && length <= 10 && !hasLowercaseWord(bytes, i, j) {
        result.append(
          Candidate(
            start: i, end: j, codeStart: i, shape: .alphanumeric, digits: digits, letters: letters,
            groups: 1,
            hasUpper: upper, hasLower: lower))
      }
      i = j
    }
  }

  static func hasLowercaseWord(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool
  {
    var run = 0
    for k in from..<to {
      if bytes[k] &- 0x61 < 26 {
        run += 1
        if run >= 4 { return true }
      } else {
        run = 0
      }
    }
    return false
  }

  /// Adds the letters-only codes that follow a code word and a colon and end their
  /// line: "verification code: QGFDAE", "PASSCODE: mifsuc". Keeps `result` in order.
  static func addLetterCodes(
    _ bytes: UnsafeBufferPointer<UInt8>, after codeWords: [Int], into result: inout [Candidate]
  ) {
    let n = bytes.count
    var added = false
    var lastColon = -1
    for end in codeWords {
      var i = end
      while i < n && bytes[i] == 0x20 { i += 1 }
      // Code words ending together ("passcode", "code") or before the same colon make one
      // candidate, not one each.
      guard i < n, bytes[i] == 0x3A, i != lastColon,
        let code = letterCode(bytes, afterColon: i)
      else { continue }
      lastColon = i
      result.append(code)
      added = true
    }
    if added { result.sort { $0.start < $1.start } }
  }

  /// Whether some colon in `bytes` has a letters-only code after it: a code word before it
  /// would make it a candidate (``addLetterCodes(_:after:into:)``). Without one, the terms
  /// can add no candidate.
  static func mayHaveLetterCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var from = 0
    while let colon = ByteSearch.firstIndex(of: 0x3A, in: bytes, from: from) {
      if letterCode(bytes, afterColon: colon) != nil { return true }
      from = colon + 1
    }
    return false
  }

  /// The letters-only code after the colon at `colon`: 4 to 10 ASCII letters of one case,
  /// ending their line or sentence.
  private static func letterCode(_ bytes: UnsafeBufferPointer<UInt8>, afterColon colon: Int)
    -> Candidate?
  {
    let n = bytes.count
    var i = colon + 1
    while i < n && (bytes[i] == 0x20 || bytes[i] == 0x0A) { i += 1 }
    var j = i
    var upper = false
    var lower = false
    while j < n && isLetter(bytes[j]) {
      if isUpper(bytes[j]) { upper = true } else { lower = true }
      j += 1
    }
    let length = j - i
    guard length >= 4, length <= 10, upper != lower, j >= n || !isAlnum(bytes[j]) else {
      return nil
    }
    // The code ends its line or sentence.
    var k = j
    while k < n && bytes[k] == 0x20 { k += 1 }
    guard k >= n || bytes[k] == 0x0A || bytes[k] == 0x2E || bytes[k] == 0x0D else { return nil }
    return Candidate(
      start: i, end: j, codeStart: i, shape: .letters, digits: 0, letters: length, groups: 1,
      hasUpper: upper,
      hasLower: lower)
  }

  /// How many of the leading groups make a grouped code, or `nil`.
  /// Groups are equal, of 2 to 4 digits, 4 to 9 digits in all.
  static func validGroups(_ sizes: GroupSizes) -> Int? {
    guard sizes.count >= 2 else { return nil }
    let size = sizes[0]
    guard size >= 2 && size <= 4 else { return nil }
    var count = 1
    while count < sizes.count && sizes[count] == size { count += 1 }
    // A longer run of unequal groups (a phone number: 555 123 4567) is not a code,
    // but a shorter number after the code is only the next word (482 913 5 min).
    if count < sizes.count && sizes[count] >= size { return nil }
    let total = size * count
    guard total >= 6 || (size == 2 && count >= 2), total <= 9 else {
      return nil
    }
    return count
  }
}

/// The sizes of up to eight digit groups of one number, kept inline: the scanner meets a
/// digit run in most messages and must not allocate for each.
struct GroupSizes {
  private var sizes: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
  private(set) var count = 0

  init(_ first: Int) { append(first) }

  subscript(index: Int) -> Int {
    precondition(index >= 0 && index < count)
    return withUnsafeBytes(of: sizes) {
      $0.load(fromByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
    }
  }

  mutating func append(_ size: Int) {
    precondition(count < 8)
    withUnsafeMutableBytes(of: &sizes) {
      $0.storeBytes(of: size, toByteOffset: count * MemoryLayout<Int>.stride, as: Int.self)
    }
    count += 1
  }

  var allAreOne: Bool {
    for i in 0..<count where self[i] != 1 { return false }
    return true
  }
}
