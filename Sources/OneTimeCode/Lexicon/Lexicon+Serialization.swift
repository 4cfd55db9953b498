/// The compiled form of a lexicon: its terms and automaton as bytes, so that a
/// program starts without compiling thousands of terms (`make lexicon` writes the
/// built-in one into `Lexicon+Compiled.swift`; a test checks that it is current).
extension Lexicon {
  private static let magic: [UInt8] = Array("OTCLEX1\n".utf8)

  /// The lexicon's compiled form.
  ///
  /// ```swift
  /// let bytes = Lexicon.standard.compiledData()
  /// let again = Lexicon(compiledData: bytes, languages: Lexicon.standard.languages)
  /// again?.compiledData() == bytes  // true
  /// ```
  public func compiledData() -> [UInt8] {
    var w = ByteWriter()
    w.bytes(Lexicon.magic)
    w.int32(Int32(terms.count))
    for t in terms {
      let (role, value) = Lexicon.encode(t.role)
      w.bytes([role, UInt8(t.length), (t.startBoundary ? 1 : 0) | (t.endBoundary ? 2 : 0)])
      w.int32(value)
      w.int32(Int32(t.language))
    }
    w.int32s(automaton.rootNext)
    w.int32s(automaton.edgeStart)
    w.int32(Int32(automaton.edgeBytes.count))
    w.bytes(automaton.edgeBytes)
    w.int32s(automaton.edgeTargets)
    w.int32s(automaton.fail)
    w.int32s(automaton.outputStart)
    w.int32s(automaton.outputs)
    return w.data
  }

  /// Rebuilds a lexicon from ``compiledData()``; `nil` when the bytes are not one.
  ///
  /// ```swift
  /// Lexicon(compiledData: [1, 2, 3], languages: [])  // nil
  /// ```
  public init?(compiledData data: [UInt8], languages: [LanguageLexicon]) {
    var r = ByteReader(data: data)
    guard r.bytes(Lexicon.magic.count) == Lexicon.magic, let termCount = r.int32(), termCount >= 0
    else {
      return nil
    }
    var terms: [Term] = []
    terms.reserveCapacity(Int(termCount))
    for _ in 0..<termCount {
      guard let head = r.bytes(3), let value = r.int32(), let language = r.int32(),
        let role = Lexicon.decode(head[0], value)
      else { return nil }
      terms.append(
        Term(
          role: role, length: Int(head[1]), startBoundary: head[2] & 1 != 0,
          endBoundary: head[2] & 2 != 0,
          language: Int16(language)))
    }
    guard let rootNext = r.int32s(), rootNext.count == 256, let edgeStart = r.int32s(),
      let edgeCount = r.int32(), let edgeBytes = r.bytes(Int(edgeCount)),
      let edgeTargets = r.int32s(),
      let fail = r.int32s(), let outputStart = r.int32s(), let outputs = r.int32s(), r.isAtEnd,
      edgeTargets.count == edgeBytes.count, fail.count + 1 == edgeStart.count,
      outputStart.count == edgeStart.count
    else { return nil }
    self.init(
      languages: languages, terms: terms,
      automaton: Automaton(
        rootNext: rootNext, edgeStart: edgeStart, edgeBytes: edgeBytes, edgeTargets: edgeTargets,
        fail: fail,
        outputStart: outputStart, outputs: outputs))
  }

  /// The compiled form as Base64 text, in lines, for a Swift string literal.
  ///
  /// ```swift
  /// Lexicon.standard.compiledBase64().hasPrefix("T1RDTEVYMQ")  // true
  /// ```
  public func compiledBase64(lineLength: Int = 100) -> String {
    let encoded = Base64.encode(compiledData())
    var out = ""
    out.reserveCapacity(encoded.count + encoded.count / lineLength + 1)
    var i = encoded.startIndex
    while i < encoded.endIndex {
      let j =
        encoded.index(i, offsetBy: lineLength, limitedBy: encoded.endIndex) ?? encoded.endIndex
      out += encoded[i..<j]
      out += "\n"
      i = j
    }
    return out
  }

  private static func encode(_ role: TermRole) -> (UInt8, Int32) {
    switch role {
    case .strongCode: (0, 0)
    case .weakCode: (1, 0)
    case .linker: (2, 0)
    case .negative(let kind): (3, Int32(NegativeKind.allCases.firstIndex(of: kind)!))
    case .duration(let seconds): (4, seconds)
    case .expiry: (5, 0)
    case .currency: (6, 0)
    case .dataUnit: (7, 0)
    case .safety: (8, 0)
    case .entryVerb: (9, 0)
    }
  }

  private static func decode(_ role: UInt8, _ value: Int32) -> TermRole? {
    switch role {
    case 0: .strongCode
    case 1: .weakCode
    case 2: .linker
    case 3:
      value >= 0 && Int(value) < NegativeKind.allCases.count
        ? .negative(NegativeKind.allCases[Int(value)]) : nil
    case 4: .duration(seconds: value)
    case 5: .expiry
    case 6: .currency
    case 7: .dataUnit
    case 8: .safety
    case 9: .entryVerb
    default: nil
    }
  }
}

private struct ByteWriter {
  var data: [UInt8] = []

  mutating func bytes(_ b: [UInt8]) { data += b }

  mutating func int32(_ v: Int32) {
    let u = UInt32(bitPattern: v)
    data += [UInt8(u & 0xFF), UInt8(u >> 8 & 0xFF), UInt8(u >> 16 & 0xFF), UInt8(u >> 24)]
  }

  mutating func int32s(_ values: [Int32]) {
    int32(Int32(values.count))
    data.reserveCapacity(data.count + values.count * 4)
    for v in values { int32(v) }
  }
}

private struct ByteReader {
  let data: [UInt8]
  var offset = 0

  var isAtEnd: Bool { offset == data.count }

  mutating func bytes(_ n: Int) -> [UInt8]? {
    guard n >= 0, offset + n <= data.count else { return nil }
    defer { offset += n }
    return Array(data[offset..<offset + n])
  }

  mutating func int32() -> Int32? {
    guard offset + 4 <= data.count else { return nil }
    let v =
      UInt32(data[offset]) | UInt32(data[offset + 1]) << 8 | UInt32(data[offset + 2]) << 16
      | UInt32(data[offset + 3]) << 24
    offset += 4
    return Int32(bitPattern: v)
  }

  mutating func int32s() -> [Int32]? {
    guard let n = int32(), n >= 0, offset + Int(n) * 4 <= data.count else { return nil }
    let count = Int(n)
    let start = offset
    let result = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
      data.withUnsafeBytes { raw in
        for i in 0..<count {
          // Little-endian on the wire; loadUnaligned then fixes the byte order on any host.
          buffer[i] = Int32(
            littleEndian: raw.loadUnaligned(fromByteOffset: start + i * 4, as: Int32.self))
        }
      }
      initialized = count
    }
    offset += count * 4
    return result
  }

}

/// Base64 (RFC 4648), enough for the compiled lexicon; line breaks are skipped.
enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encode(_ data: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((data.count + 2) / 3 * 4)
    var i = 0
    while i + 2 < data.count {
      let n = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2])
      out += [
        alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)],
        alphabet[Int(n & 63)],
      ]
      i += 3
    }
    let rest = data.count - i
    if rest == 1 {
      let n = UInt32(data[i]) << 16
      out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], 0x3D, 0x3D]
    } else if rest == 2 {
      let n = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8
      out += [
        alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], 0x3D,
      ]
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static let table: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
    return table
  }()

  static func decode(_ text: String) -> [UInt8]? {
    var text = text
    return text.withUTF8 { input -> [UInt8]? in
      table.withUnsafeBufferPointer { table -> [UInt8]? in
        var failed = false
        let capacity = input.count / 4 * 3 + 3
        let out = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
          var n = 0
          var i = 0
          let count = input.count
          // Whole groups of four first: the common case, with no line break inside.
          while i + 4 <= count {
            let a = table[Int(input[i])]
            let b = table[Int(input[i + 1])]
            let c = table[Int(input[i + 2])]
            let d = table[Int(input[i + 3])]
            if (a | b | c | d) & 0xC0 != 0 { break }
            let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
            buffer[n] = UInt8(truncatingIfNeeded: v >> 16)
            buffer[n + 1] = UInt8(truncatingIfNeeded: v >> 8)
            buffer[n + 2] = UInt8(truncatingIfNeeded: v)
            n += 3
            i += 4
            // Skip the line breaks and indentation between lines.
            while i < count && (input[i] == 0x0A || input[i] == 0x0D || input[i] == 0x20) { i += 1 }
          }
          // The rest one character at a time (padding, a group cut by a line break).
          var accumulator: UInt32 = 0
          var bits: UInt32 = 0
          while i < count {
            let ch = input[i]
            i += 1
            if ch == 0x0A || ch == 0x0D || ch == 0x20 { continue }
            if ch == 0x3D { break }
            let v = table[Int(ch)]
            if v == 0xFF {
              failed = true
              break
            }
            accumulator = accumulator << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
              bits -= 8
              buffer[n] = UInt8(truncatingIfNeeded: accumulator >> bits)
              n += 1
            }
          }
          initialized = n
        }
        return failed ? nil : out
      }
    }
  }
}
