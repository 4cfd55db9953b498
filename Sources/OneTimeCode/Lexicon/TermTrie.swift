/// The lexicon's terms as a trie packed for short walks: each walk starts where a term
/// could begin and follows the message until no term goes on.
///
/// Built from the automaton's goto edges (its failure links are not needed). A state is
/// four words in one place, so a step reads one record and then its edges:
/// the first edge, the edge count and the number of terms ending at the state, the first
/// of those terms, and the state's full row of children (or `noRow`).
struct TermTrie: Sendable {
  static let noRow = UInt32.max
  /// States with this many children or more get a full row of 256 children.
  static let rowThreshold = 8

  /// Four words per state, as described above.
  let nodes: [UInt32]
  /// Per edge, `target << 8 | byte`; a state's edges are together and sorted by byte.
  let edges: [UInt32]
  /// The terms ending at each state (not those of shorter suffixes), by state.
  let outputs: [Int32]
  /// Rows of 256 children (0 for none).
  let rows: [Int32]
  /// The root's children, by byte.
  let root: [Int32]

  /// The trie of an Aho-Corasick automaton whose outputs at a state are the state's own
  /// terms followed by those of its failure state.
  init(
    rootNext: [Int32], edgeStart: [Int32], edgeBytes: [UInt8], edgeTargets: [Int32],
    fail: [Int32], outputStart: [Int32], outputs allOutputs: [Int32]
  ) {
    let count = fail.count
    var rowCount = 0
    for state in 0..<count where edgeStart[state + 1] - edgeStart[state] >= TermTrie.rowThreshold {
      rowCount += 1
    }
    var nodes = [UInt32](repeating: 0, count: count * 4)
    var edges = [UInt32](repeating: 0, count: edgeBytes.count)
    var outputs: [Int32] = []
    outputs.reserveCapacity(allOutputs.count)
    var rows = [Int32](repeating: 0, count: rowCount * 256)
    var row = 0
    for state in 0..<count {
      let e0 = Int(edgeStart[state])
      let e1 = Int(edgeStart[state + 1])
      // A state's outputs are its own terms, then those of its failure state.
      let all = Int(outputStart[state + 1] - outputStart[state])
      let f = Int(fail[state])
      let inherited = state == 0 ? 0 : Int(outputStart[f + 1] - outputStart[f])
      let own = all - inherited
      nodes[state * 4] = UInt32(e0)
      nodes[state * 4 + 1] = UInt32(e1 - e0) | UInt32(own) << 16
      nodes[state * 4 + 2] = UInt32(outputs.count)
      let o0 = Int(outputStart[state])
      for k in o0..<(o0 + own) { outputs.append(allOutputs[k]) }
      for e in e0..<e1 { edges[e] = UInt32(edgeTargets[e]) << 8 | UInt32(edgeBytes[e]) }
      if e1 - e0 >= TermTrie.rowThreshold {
        nodes[state * 4 + 3] = UInt32(row)
        for e in e0..<e1 { rows[row * 256 + Int(edgeBytes[e])] = edgeTargets[e] }
        row += 1
      } else {
        nodes[state * 4 + 3] = TermTrie.noRow
      }
    }
    self.nodes = nodes
    self.edges = edges
    self.outputs = outputs
    self.rows = rows
    self.root = rootNext
  }
}
