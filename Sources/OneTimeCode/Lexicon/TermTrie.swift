/// The lexicon's terms as a trie packed for short walks: each walk starts where a term
/// could begin and follows the message until no term goes on.
///
/// Built from the automaton's goto edges (its failure links are not needed). States are
/// numbered breadth first, so the shallow ones that nearly every walk visits sit together
/// in a few kilobytes; a state is one 64-bit word (its first edge, its edge count, the number
/// of terms ending at it, and its row of children or `noRow`), so a step reads that word and
/// then one edge list or row.
struct TermTrie: Sendable {
  static let noRow: UInt64 = 0xFFFF
  /// States with this many children or more get a full row of 256 children.
  static let rowThreshold = 8

  /// Per state: first edge (bits 32–63), edge count (bits 24–31), terms ending here
  /// (bits 16–23), row (bits 0–15, `noRow` for none).
  let nodes: [UInt64]
  /// Per state with terms ending at it, where they start in `outputs`.
  let outputFirst: [UInt32]
  /// Per edge, `target << 8 | byte`; a state's edges are together and sorted by byte.
  let edges: [UInt32]
  /// The terms ending at each state (not those of shorter suffixes), state after state.
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
    // Breadth-first order: `order[new]` is the automaton's state, `renumbered[old]` the new one.
    // The compiled lexicon is numbered so already; then both are the identity.
    var order = [Int32](repeating: 0, count: count)
    var renumbered = [Int32](repeating: 0, count: count)
    if TermTrie.isBreadthFirst(rootNext: rootNext, edgeStart: edgeStart, edgeTargets: edgeTargets) {
      for i in 0..<count {
        order[i] = Int32(i)
        renumbered[i] = Int32(i)
      }
    } else {
      TermTrie.breadthFirst(
        rootNext: rootNext, edgeStart: edgeStart, edgeTargets: edgeTargets, order: &order,
        renumbered: &renumbered)
    }

    var rowCount = 0
    for state in 0..<count where edgeStart[state + 1] - edgeStart[state] >= TermTrie.rowThreshold {
      rowCount += 1
    }
    precondition(rowCount < Int(TermTrie.noRow), "rows fit in 16 bits")
    var nodes = [UInt64](repeating: 0, count: count)
    var outputFirst = [UInt32](repeating: 0, count: count)
    var edges = [UInt32](repeating: 0, count: edgeBytes.count)
    var outputs = [Int32](repeating: 0, count: allOutputs.count)
    var rows = [Int32](repeating: 0, count: rowCount * 256)
    var outputCount = 0
    // Written through buffers: this runs at start-up, over every state and edge.
    nodes.withUnsafeMutableBufferPointer { nodes in
      outputFirst.withUnsafeMutableBufferPointer { outputFirst in
        edges.withUnsafeMutableBufferPointer { edges in
          outputs.withUnsafeMutableBufferPointer { outputs in
            rows.withUnsafeMutableBufferPointer { rows in
              var row = 0
              var edgeCount = 0
              for new in 0..<count {
                let state = Int(order[new])
                let e0 = Int(edgeStart[state])
                let e1 = Int(edgeStart[state + 1])
                // A state's outputs are its own terms, then those of its failure state.
                let all = Int(outputStart[state + 1] - outputStart[state])
                let f = Int(fail[state])
                let inherited = state == 0 ? 0 : Int(outputStart[f + 1] - outputStart[f])
                let own = all - inherited
                precondition(own < 256, "terms ending at one state fit in 8 bits")
                outputFirst[new] = UInt32(outputCount)
                let o0 = Int(outputStart[state])
                for k in 0..<own { outputs[outputCount + k] = allOutputs[o0 + k] }
                outputCount += own
                var rowBits = TermTrie.noRow
                if e1 - e0 >= TermTrie.rowThreshold {
                  rowBits = UInt64(row)
                  for e in e0..<e1 {
                    rows[row * 256 + Int(edgeBytes[e])] = renumbered[Int(edgeTargets[e])]
                  }
                  row += 1
                }
                nodes[new] =
                  UInt64(edgeCount) << 32 | UInt64(min(e1 - e0, 255)) << 24 | UInt64(own) << 16
                  | rowBits
                for e in e0..<e1 {
                  edges[edgeCount] =
                    UInt32(renumbered[Int(edgeTargets[e])]) << 8 | UInt32(edgeBytes[e])
                  edgeCount += 1
                }
              }
            }
          }
        }
      }
    }
    outputs.removeLast(outputs.count - outputCount)
    self.nodes = nodes
    self.outputFirst = outputFirst
    self.edges = edges
    self.outputs = outputs
    self.rows = rows
    self.root = rootNext.map { $0 == 0 ? 0 : renumbered[Int($0)] }
  }

  /// Whether states are numbered breadth first with children in byte order: the root's
  /// children are 1, 2, … in byte order, and each state's children follow those of the
  /// state numbered before it.
  static func isBreadthFirst(rootNext: [Int32], edgeStart: [Int32], edgeTargets: [Int32]) -> Bool {
    var next: Int32 = 1
    for byte in 0..<256 where rootNext[byte] != 0 {
      guard rootNext[byte] == next else { return false }
      next += 1
    }
    for e in edgeStart[1]..<edgeStart[edgeStart.count - 1] {
      guard edgeTargets[Int(e)] == next else { return false }
      next += 1
    }
    return Int(next) == edgeStart.count - 1
  }

  /// Numbers states breadth first, children in byte order.
  static func breadthFirst(
    rootNext: [Int32], edgeStart: [Int32], edgeTargets: [Int32], order: inout [Int32],
    renumbered: inout [Int32]
  ) {
    let count = order.count
    var filled = 1
    var head = 0
    while head < filled {
      let state = Int(order[head])
      head += 1
      if state == 0 {
        for byte in 0..<256 where rootNext[byte] != 0 {
          order[filled] = rootNext[byte]
          filled += 1
        }
      } else {
        for e in Int(edgeStart[state])..<Int(edgeStart[state + 1]) {
          order[filled] = edgeTargets[e]
          filled += 1
        }
      }
    }
    precondition(filled == count, "every automaton state is reachable from the root")
    for (new, old) in order.enumerated() { renumbered[Int(old)] = Int32(new) }
  }
}
