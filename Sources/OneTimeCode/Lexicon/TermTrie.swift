/// The lexicon's terms as a trie packed for short walks: each walk starts where a term
/// could begin and follows the message until no term goes on.
///
/// Built from the automaton's goto edges (its failure links are not needed), keeping its
/// numbering, in which each state's children are numbered one after the other (see
/// `Lexicon.numberedDepthFirst`). Each state is one 64-bit word, and a step finds the
/// child's byte among the word's own and goes to the first child's number plus the
/// child's place: one load per step. The states are numbered depth first, a state's
/// children as one block before the first child's own block, so that a walk down one term
/// (most states have one child) reads neighbouring words.
/// (Breadth-first numbering, which puts the shallow states together instead, made
/// `otpgrep` 2–3% slower when a state took two words and a step read its child's number
/// from the automaton's edges, and the matcher 5% slower with one word a state.)
///
/// Its tables are plain memory: the built-in lexicon's are read in place from the program's
/// read-only data (`Lexicon.standard` builds nothing at start-up), a trie built or copied at
/// run time owns its own. `@unchecked Sendable`: they are written before the trie exists and
/// only read after, from any thread.
struct TermTrie: @unchecked Sendable {
  /// States with more children than a word holds the bytes of get a full row of 256.
  static let inlineChildren = 4
  /// The kind of a state whose children are in `rows`.
  static let rowKind = 7
  /// The byte that fills a state's child bytes past the last child: an upper-case "A"
  /// never reaches the trie (bytes are lowered first), so it matches nothing.
  static let noChild: UInt8 = 0x41

  /// States are numbered below this (22 bits of a state's word).
  static let stateLimit = 1 << 22
  /// Fewer terms than this end at one state (7 bits of a state's word).
  static let ownTermLimit = 128
  /// A state has fewer children than this: a row holds a child's place plus one in a byte.
  static let childLimit = 256

  /// One word per state: the number of terms ending here (bits 57–63), the kind (bits
  /// 54–56: 0 without children, 1 to 4 with that many children whose bytes are in bits
  /// 0–31, the first in the lowest byte and `noChild` after the last, `rowKind` with a
  /// row whose number is in bits 0–31) and the first child's number (bits 32–53). The
  /// functions below read and make it.
  let nodes: UnsafeBufferPointer<UInt64>
  /// Per state with terms ending at it, where they start in `outputs`.
  let outputFirst: UnsafeBufferPointer<UInt32>
  /// The terms ending at each state (not those of shorter suffixes), state after state.
  let outputs: UnsafeBufferPointer<Int32>
  /// Rows of 256 children, by byte: the child's place among its siblings plus one (0 for
  /// none), a byte each, so that a row takes 256 bytes (four cache lines).
  let rows: UnsafeBufferPointer<UInt8>
  /// The root's children, by byte.
  let root: UnsafeBufferPointer<Int32>
  /// Per byte after a digit (256 for the end of the text), the digits from which a walk
  /// would go further than its first state or find a term there (bit *d* for digit *d*):
  /// what a walk that begins at a digit depends on (see ``DigitLog``).
  let digitStarts: UnsafeBufferPointer<UInt16>
  /// Per state, a bit (bit *s* % 64 of word *s* / 64): whether a term that makes a message
  /// look like a code message (a code word or a safety phrase, `Lexicon.positiveRoles`) ends
  /// there or below, where a walk looking for such terms only may stop
  /// (`Lexicon.mayHavePositiveTerm(in:)`).
  let positiveBelow: UnsafeBufferPointer<UInt64>
  /// The memory of the tables above when the trie owns it; `nil` when they are the
  /// program's own read-only bytes (the built-in lexicon's compiled form, read in place).
  private let owner: Tables?

  /// Memory that a trie built or copied at run time owns, freed with the last trie that
  /// holds it.
  private final class Tables {
    let memory: UnsafeMutableRawPointer

    init(byteCount: Int) {
      memory = .allocate(byteCount: max(byteCount, 1), alignment: 16)
    }

    deinit { memory.deallocate() }
  }

  /// The tables' sizes, as ``init(reading:counts:inPlace:)`` and the compiled form need.
  struct Counts: Equatable, Sendable {
    var states: Int
    var outputs: Int
    var rowBytes: Int
  }

  var counts: Counts {
    Counts(states: nodes.count, outputs: outputs.count, rowBytes: rows.count)
  }

  /// Where each table starts in one block of memory laid out for `counts`, every table on
  /// an 8-byte boundary, and the block's size: the trie's own memory and the compiled form
  /// (see `Lexicon.compiledData()`) share this layout.
  static func layout(_ counts: Counts) -> (offsets: [Int], byteCount: Int) {
    let sizes = [
      counts.states * 8, counts.states * 4, counts.outputs * 4, counts.rowBytes, 256 * 4,
      257 * 2, (counts.states + 63) / 64 * 8,
    ]
    var offsets: [Int] = []
    var at = 0
    for size in sizes {
      offsets.append(at)
      at += (size + 7) & ~7
    }
    return (offsets, at)
  }

  /// The tables laid out as ``layout(_:)`` says at `base` (8-byte aligned), kept alive by
  /// `owner` (or by nothing: bytes that live as long as the program).
  private init(at base: UnsafeRawPointer, counts: Counts, owner: Tables?) {
    let offsets = TermTrie.layout(counts).offsets
    func table<T>(_ k: Int, _: T.Type, _ count: Int) -> UnsafeBufferPointer<T> {
      // Bound to their types once (the built-in bytes are declared as bytes in C); only
      // raw loads read them as bytes after that.
      UnsafeBufferPointer(
        start: (base + offsets[k]).bindMemory(to: T.self, capacity: count), count: count)
    }
    nodes = table(0, UInt64.self, counts.states)
    outputFirst = table(1, UInt32.self, counts.states)
    outputs = table(2, Int32.self, counts.outputs)
    rows = table(3, UInt8.self, counts.rowBytes)
    root = table(4, Int32.self, 256)
    digitStarts = table(5, UInt16.self, 257)
    positiveBelow = table(6, UInt64.self, (counts.states + 63) / 64)
    self.owner = owner
  }

  /// The trie whose tables are the bytes at `bytes`, laid out for `counts` as
  /// ``layout(_:)`` says and written by ``writeTables(to:)``: read in place when they are
  /// 8-byte aligned and in this machine's byte order (`inPlace`, for bytes that live as long
  /// as the program), else copied. `nil` when `bytes` is not their size.
  init?(reading bytes: UnsafeRawBufferPointer, counts: Counts, inPlace: Bool) {
    let byteCount = TermTrie.layout(counts).byteCount
    guard bytes.count == byteCount, let base = bytes.baseAddress else { return nil }
    #if _endian(little)
      if inPlace && UInt(bitPattern: base) % 8 == 0 {
        self.init(at: base, counts: counts, owner: nil)
        return
      }
      let tables = Tables(byteCount: byteCount)
      tables.memory.copyMemory(from: base, byteCount: byteCount)
    #else
      // Little-endian in the compiled form: each table's words turned round.
      let tables = Tables(byteCount: byteCount)
      let offsets = TermTrie.layout(counts).offsets
      func turn<T: FixedWidthInteger>(_ k: Int, _: T.Type, _ count: Int) {
        for i in 0..<count {
          let at = offsets[k] + i * MemoryLayout<T>.size
          tables.memory.storeBytes(
            of: T(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: T.self)),
            toByteOffset: at, as: T.self)
        }
      }
      turn(0, UInt64.self, counts.states)
      turn(1, UInt32.self, counts.states)
      turn(2, Int32.self, counts.outputs)
      (tables.memory + offsets[3]).copyMemory(
        from: base + offsets[3], byteCount: counts.rowBytes)
      turn(4, Int32.self, 256)
      turn(5, UInt16.self, 257)
      turn(6, UInt64.self, (counts.states + 63) / 64)
    #endif
    self.init(at: UnsafeRawPointer(tables.memory), counts: counts, owner: tables)
  }

  /// Appends the tables to `data` as ``init(reading:counts:inPlace:)`` reads them
  /// (little-endian, laid out as ``layout(_:)`` says, zeros between tables).
  func writeTables(to data: inout [UInt8]) {
    let (offsets, byteCount) = TermTrie.layout(counts)
    let start = data.count
    data += repeatElement(0, count: byteCount)
    func put<T: FixedWidthInteger>(_ k: Int, _ table: UnsafeBufferPointer<T>) {
      data.withUnsafeMutableBytes { data in
        let at = start + offsets[k]
        #if _endian(little)
          if let from = table.baseAddress {
            (data.baseAddress! + at).copyMemory(from: from, byteCount: table.count * T.bitWidth / 8)
          }
        #else
          for (i, value) in table.enumerated() {
            data.storeBytes(
              of: value.littleEndian, toByteOffset: at + i * T.bitWidth / 8, as: T.self)
          }
        #endif
      }
    }
    put(0, nodes)
    put(1, outputFirst)
    put(2, outputs)
    put(3, rows)
    put(4, root)
    put(5, digitStarts)
    put(6, positiveBelow)
  }

  /// Whether two tries have the same tables.
  func hasTables(of other: TermTrie) -> Bool {
    counts == other.counts && nodes.elementsEqual(other.nodes)
      && outputFirst.elementsEqual(other.outputFirst) && outputs.elementsEqual(other.outputs)
      && rows.elementsEqual(other.rows) && root.elementsEqual(other.root)
      && digitStarts.elementsEqual(other.digitStarts)
      && positiveBelow.elementsEqual(other.positiveBelow)
  }

  /// The trie of an Aho-Corasick automaton whose outputs at a state are the state's own
  /// terms followed by those of its failure state, and whose states' children are
  /// numbered one after the other in the order of their bytes (after their parent);
  /// `isPositive` says which terms ``positiveBelow`` marks.
  init(
    rootNext: [Int32], edgeStart: [Int32], edgeBytes: [UInt8], edgeTargets: [Int32],
    fail: [Int32], outputStart: [Int32], outputs allOutputs: [Int32],
    isPositive: (Int32) -> Bool
  ) {
    let count = fail.count
    precondition(count < TermTrie.stateLimit, "states fit in 22 bits")
    var rowCount = 0
    for state in 0..<count
    where edgeStart[state + 1] - edgeStart[state] > TermTrie.inlineChildren {
      rowCount += 1
    }
    var nodes = [UInt64](repeating: 0, count: count)
    var outputFirst = [UInt32](repeating: 0, count: count)
    var outputs = [Int32](repeating: 0, count: allOutputs.count)
    var rows = [UInt8](repeating: 0, count: rowCount * 256)
    var outputCount = 0
    // Written through buffers: this runs over every state and edge (the built-in lexicon's
    // trie is built by `make lexicon`, not at start-up).
    nodes.withUnsafeMutableBufferPointer { nodes in
      outputFirst.withUnsafeMutableBufferPointer { outputFirst in
        outputs.withUnsafeMutableBufferPointer { outputs in
          rows.withUnsafeMutableBufferPointer { rows in
            var row = 0
            for state in 0..<count {
              let e0 = Int(edgeStart[state])
              let e1 = Int(edgeStart[state + 1])
              // A state's outputs are its own terms, then those of its failure state.
              let all = Int(outputStart[state + 1] - outputStart[state])
              let f = Int(fail[state])
              let inherited = state == 0 ? 0 : Int(outputStart[f + 1] - outputStart[f])
              let own = all - inherited
              precondition(own < TermTrie.ownTermLimit, "terms ending at one state fit in 7 bits")
              outputFirst[state] = UInt32(outputCount)
              let o0 = Int(outputStart[state])
              for k in 0..<own { outputs[outputCount + k] = allOutputs[o0 + k] }
              outputCount += own
              let low: UInt64
              let kind: Int
              if e1 - e0 > TermTrie.inlineChildren {
                kind = TermTrie.rowKind
                low = UInt64(row)
                precondition(e1 - e0 < TermTrie.childLimit, "a child's place fits in a byte")
                for e in e0..<e1 {
                  rows[row * 256 + Int(edgeBytes[e])] = UInt8(e - e0 + 1)
                }
                row += 1
              } else {
                kind = e1 - e0
                var bytes = UInt64(TermTrie.noChild) &* 0x0101_0101
                for e in e0..<e1 {
                  let shift = UInt64((e - e0) * 8)
                  bytes = bytes & ~(0xFF << shift) | UInt64(edgeBytes[e]) << shift
                }
                low = bytes
              }
              nodes[state] = TermTrie.node(
                ownTerms: own, kind: kind, firstChild: e1 > e0 ? Int(edgeTargets[e0]) : 0,
                low: low)
            }
          }
        }
      }
    }
    outputs.removeLast(outputs.count - outputCount)
    var digitStarts = [UInt16](repeating: 0, count: 257)
    rows.withUnsafeBufferPointer { rows in
      for d in 0..<10 {
        let first = Int(rootNext[0x30 + d])
        guard first != 0 else { continue }
        let node = nodes[first]
        for next in 0...256 {
          if TermTrie.ownTerms(node) != 0
            || (next < 256 && TermTrie.child(node, byte: UInt8(next), rows: rows) >= 0)
          {
            digitStarts[next] |= 1 << UInt16(d)
          }
        }
      }
    }
    // From the last state up: a state's children come after it.
    var positiveBelow = [UInt64](repeating: 0, count: (count + 63) / 64)
    for state in stride(from: count - 1, through: 0, by: -1) {
      let first = Int(outputFirst[state])
      var positive = outputs[first..<first + TermTrie.ownTerms(nodes[state])].contains(
        where: isPositive)
      for e in Int(edgeStart[state])..<Int(edgeStart[state + 1]) where !positive {
        let child = Int(edgeTargets[e])
        positive = positiveBelow[child >> 6] >> (child & 63) & 1 != 0
      }
      if positive { positiveBelow[state >> 6] |= 1 << (state & 63) }
    }
    // Into memory of its own, laid out as the compiled form has it.
    let counts = Counts(states: count, outputs: outputs.count, rowBytes: rows.count)
    let (offsets, byteCount) = TermTrie.layout(counts)
    let tables = Tables(byteCount: byteCount)
    tables.memory.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    func put<T>(_ k: Int, _ table: [T]) {
      table.withUnsafeBytes { bytes in
        if let from = bytes.baseAddress {
          (tables.memory + offsets[k]).copyMemory(from: from, byteCount: bytes.count)
        }
      }
    }
    put(0, nodes)
    put(1, outputFirst)
    put(2, outputs)
    put(3, rows)
    put(4, rootNext)
    put(5, digitStarts)
    put(6, positiveBelow)
    self.init(at: UnsafeRawPointer(tables.memory), counts: counts, owner: tables)
  }

  /// The child of the state whose word is `node` for `byte`, or -1.
  static func child(_ node: UInt64, byte: UInt8, rows: UnsafeBufferPointer<UInt8>) -> Int {
    let kind = TermTrie.kind(node)
    if kind == rowKind {
      let place = Int(rows[Int(low(node)) * 256 + Int(byte)])
      return place == 0 ? -1 : firstChild(node) + place - 1
    }
    for k in 0..<kind where UInt8(truncatingIfNeeded: low(node) >> UInt32(8 * k)) == byte {
      return firstChild(node) + k
    }
    return -1
  }

  /// The digits whose bytes are children of the state whose word is `node` (bit *d* for
  /// digit *d*): where a walk that meets a digit goes on.
  static func digitChildren(_ node: UInt64, rows: UnsafeBufferPointer<UInt8>) -> UInt16 {
    var mask: UInt16 = 0
    for d in 0..<10 where child(node, byte: 0x30 + UInt8(d), rows: rows) >= 0 {
      mask |= 1 << UInt16(d)
    }
    return mask
  }

  /// A state's word (see ``nodes``).
  @inline(__always)
  static func node(ownTerms: Int, kind: Int, firstChild: Int, low: UInt64) -> UInt64 {
    UInt64(ownTerms) << 57 | UInt64(kind) << 54 | UInt64(firstChild) << 32 | low
  }

  /// The number of terms ending at the state of `node`.
  @inline(__always) static func ownTerms(_ node: UInt64) -> Int {
    Int(truncatingIfNeeded: node >> 57)
  }

  /// 0 without children, the number of children whose bytes `node` holds, or ``rowKind``.
  @inline(__always) static func kind(_ node: UInt64) -> Int {
    Int(truncatingIfNeeded: node >> 54) & 7
  }

  /// The number of the first child: the others follow it in the order of their bytes.
  @inline(__always) static func firstChild(_ node: UInt64) -> Int {
    Int(truncatingIfNeeded: node >> 32) & (stateLimit - 1)
  }

  /// The children's bytes, or the row's number for ``rowKind``.
  @inline(__always) static func low(_ node: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: node)
  }
}
