/// The compiled form of a lexicon: its terms, automaton and trie as bytes, so that a
/// program starts without compiling thousands of terms (`make lexicon` writes the
/// built-in one into `Sources/CLexicon/standard.lexicon`, which the program embeds and
/// reads in place: the trie's tables are walked where they lie, and the automaton is read
/// only when asked for).
extension Lexicon {
  private static let magic: [UInt8] = Array("OTCLEX3\n".utf8)

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
    let automaton = automaton
    w.int32s(automaton.rootNext)
    w.int32s(automaton.edgeStart)
    w.int32(Int32(automaton.edgeBytes.count))
    w.bytes(automaton.edgeBytes)
    w.int32s(automaton.edgeTargets)
    w.int32s(automaton.fail)
    w.int32s(automaton.outputStart)
    w.int32s(automaton.outputs)
    // The trie's tables, from an 8-byte boundary of the whole, so that they can be read in
    // place.
    let counts = trie.counts
    w.int32(Int32(counts.states))
    w.int32(Int32(counts.outputs))
    w.int32(Int32(counts.rowBytes))
    while w.data.count % 8 != 0 { w.data.append(0) }
    trie.writeTables(to: &w.data)
    return w.data
  }

  /// Rebuilds a lexicon from ``compiledData()``; `nil` when the bytes are not one, including
  /// when their tables would lead a term lookup outside them (a state or term number out of
  /// range, a state's children not numbered one after the other) or their trie is not the
  /// one their automaton makes.
  ///
  /// ```swift
  /// Lexicon(compiledData: [1, 2, 3], languages: [])  // nil
  /// ```
  public init?(compiledData data: [UInt8], languages: [LanguageLexicon]) {
    guard
      let lexicon = data.withUnsafeBytes({
        Lexicon(compiledBytes: $0, languages: languages, checkingTables: true)
      })
    else { return nil }
    self = lexicon
  }

  /// Rebuilds a lexicon from the bytes of ``compiledData()``; `nil` when they are not one.
  ///
  /// With `checkingTables`, the bytes may be anywhere and are copied: the automaton must be
  /// well-formed (`Automaton.isWellFormed`) and the trie the one it makes, so that no walk
  /// reads outside the tables. Without it, the bytes must live as long as the program and
  /// are read in place (the built-in lexicon, from the program's read-only data, written by
  /// `make lexicon` and compared with the tables by the tests): the trie is walked where it
  /// lies and the automaton read only when asked for, so that start-up builds nothing.
  init?(
    compiledBytes data: UnsafeRawBufferPointer, languages: [LanguageLexicon],
    checkingTables: Bool = false
  ) {
    guard let compiled = Compiled(data, readingAutomaton: checkingTables) else { return nil }
    guard checkingTables else {
      guard
        let trie = TermTrie(reading: compiled.trieBytes, counts: compiled.trieCounts, inPlace: true)
      else { return nil }
      self.init(
        languages: languages, terms: compiled.terms, trie: trie, automaton: nil, compiled: data)
      return
    }
    guard let automaton = compiled.automaton,
      Automaton.isWellFormed(
        rootNext: automaton.rootNext, edgeStart: automaton.edgeStart,
        edgeTargets: automaton.edgeTargets, fail: automaton.fail,
        outputStart: automaton.outputStart, outputs: automaton.outputs,
        termCount: compiled.terms.count),
      let stored = TermTrie(
        reading: compiled.trieBytes, counts: compiled.trieCounts, inPlace: false)
    else { return nil }
    let trie = automaton.makeTrie(terms: compiled.terms)
    guard trie.hasTables(of: stored) else { return nil }
    self.init(languages: languages, terms: compiled.terms, trie: trie, automaton: automaton)
  }

  /// The parts of a compiled form, read without checking more than their sizes.
  struct Compiled {
    var terms: [Term] = []
    /// `nil` unless asked for: its tables are skipped, not copied.
    var automaton: Automaton?
    var trieCounts = TermTrie.Counts(states: 0, outputs: 0, rowBytes: 0)
    var trieBytes = UnsafeRawBufferPointer(start: nil, count: 0)

    init?(_ data: UnsafeRawBufferPointer, readingAutomaton: Bool) {
      var r = ByteReader(data: data)
      guard r.matches(Lexicon.magic), let termCount = r.int32(), termCount >= 0,
        r.remaining >= Int(termCount) * 11
      else {
        return nil
      }
      terms.reserveCapacity(Int(termCount))
      for _ in 0..<termCount {
        guard let role = r.byte(), let length = r.byte(), let flags = r.byte(),
          let value = r.int32(), let language = r.int32(),
          let role = Lexicon.decode(role, value)
        else { return nil }
        terms.append(
          Term(
            role: role, length: Int(length), startBoundary: flags & 1 != 0,
            endBoundary: flags & 2 != 0, language: Int16(language)))
      }
      if readingAutomaton {
        guard let rootNext = r.int32s(), rootNext.count == 256, let edgeStart = r.int32s(),
          let edgeCount = r.int32(), let edgeBytes = r.bytes(Int(edgeCount)),
          let edgeTargets = r.int32s(),
          let fail = r.int32s(), let outputStart = r.int32s(), let outputs = r.int32s(),
          edgeTargets.count == edgeBytes.count, fail.count + 1 == edgeStart.count,
          outputStart.count == edgeStart.count
        else { return nil }
        automaton = Automaton(
          rootNext: rootNext, edgeStart: edgeStart, edgeBytes: edgeBytes,
          edgeTargets: edgeTargets, fail: fail, outputStart: outputStart, outputs: outputs)
      } else {
        // Seven tables, skipped: the edges' bytes have a count of their own.
        for table in 0..<7 {
          guard let count = r.int32(), count >= 0,
            r.skip(table == 2 ? Int(count) : Int(count) * 4)
          else { return nil }
        }
      }
      guard let states = r.int32(), let outputs = r.int32(), let rowBytes = r.int32(),
        states > 0, outputs >= 0, rowBytes >= 0, rowBytes % 256 == 0
      else { return nil }
      while r.offset % 8 != 0 {
        guard r.byte() == 0 else { return nil }
      }
      trieCounts = TermTrie.Counts(
        states: Int(states), outputs: Int(outputs), rowBytes: Int(rowBytes))
      let byteCount = TermTrie.layout(trieCounts).byteCount
      guard r.remaining == byteCount else { return nil }
      trieBytes = UnsafeRawBufferPointer(rebasing: data[r.offset...])
    }
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
  let data: UnsafeRawBufferPointer
  var offset = 0

  var isAtEnd: Bool { offset == data.count }
  var remaining: Int { data.count - offset }

  /// Reads `expected` if the bytes here are it.
  mutating func matches(_ expected: [UInt8]) -> Bool {
    guard remaining >= expected.count,
      expected.indices.allSatisfy({ data[offset + $0] == expected[$0] })
    else { return false }
    offset += expected.count
    return true
  }

  /// Skips `n` bytes if there are that many.
  mutating func skip(_ n: Int) -> Bool {
    guard n >= 0, n <= remaining else { return false }
    offset += n
    return true
  }

  mutating func byte() -> UInt8? {
    guard offset < data.count else { return nil }
    defer { offset += 1 }
    return data[offset]
  }

  mutating func bytes(_ n: Int) -> [UInt8]? {
    guard n >= 0, n <= remaining else { return nil }
    defer { offset += n }
    return Array(UnsafeRawBufferPointer(rebasing: data[offset..<offset + n]))
  }

  mutating func int32() -> Int32? {
    guard offset + 4 <= data.count else { return nil }
    defer { offset += 4 }
    // Little-endian on the wire; loadUnaligned then fixes the byte order on any host.
    return Int32(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: Int32.self))
  }

  mutating func int32s() -> [Int32]? {
    guard let n = int32(), n >= 0, Int(n) <= remaining / 4 else { return nil }
    let count = Int(n)
    let start = offset
    let result = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
      #if _endian(little)
        // The bytes are the values: copied in one piece.
        UnsafeMutableRawBufferPointer(buffer).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: data[start..<start + count * 4]))
      #else
        for i in 0..<count {
          buffer[i] = Int32(
            littleEndian: data.loadUnaligned(fromByteOffset: start + i * 4, as: Int32.self))
        }
      #endif
      initialized = count
    }
    offset += count * 4
    return result
  }
}
