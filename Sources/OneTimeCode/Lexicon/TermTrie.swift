/// The lexicon's terms as a trie packed for short walks: each walk starts where a term
/// could begin and follows the message until no term goes on.
///
/// Built from the automaton's goto edges (its failure links are not needed), keeping its
/// numbering: states were numbered as the terms were added, so the states along one term
/// sit together and a walk down a term reads neighbouring words. A state is one 64-bit
/// word (its first edge, its edge count, the number of terms ending at it, and its row of
/// children or `noRow`) followed by a word holding the bytes of its children (up to
/// eight, `noChild` after the last), so a step finds the child without a loop and reads one
/// edge target.
/// (Breadth-first numbering, which puts the shallow states together instead, made
/// `otpgrep` 2–3% slower.)
struct TermTrie: Sendable {
  static let noRow: UInt64 = 0xFFFF
  /// States with this many children or more get a full row of 256 children; the others
  /// have their children's bytes in one word.
  static let rowThreshold = 9
  /// The byte that fills a child-bytes word past the last child: an upper-case "A" never
  /// reaches the trie (bytes are lowered first), so it matches nothing.
  static let noChild: UInt8 = 0x41

  /// Two words per state: first edge (bits 32–63), edge count (bits 24–31), terms ending
  /// here (bits 16–23) and row (bits 0–15, `noRow` for none); then the children's bytes,
  /// the first in the lowest byte, `noChild` after the last.
  let nodes: [UInt64]
  /// Per state with terms ending at it, where they start in `outputs`.
  let outputFirst: [UInt32]
  /// The automaton's edge targets: a state's are together, sorted by their byte.
  let targets: [Int32]
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
    var rowCount = 0
    for state in 0..<count where edgeStart[state + 1] - edgeStart[state] >= TermTrie.rowThreshold {
      rowCount += 1
    }
    precondition(rowCount < Int(TermTrie.noRow), "rows fit in 16 bits")
    var nodes = [UInt64](repeating: 0, count: count * 2)
    var outputFirst = [UInt32](repeating: 0, count: count)
    var outputs = [Int32](repeating: 0, count: allOutputs.count)
    var rows = [Int32](repeating: 0, count: rowCount * 256)
    var outputCount = 0
    // Written through buffers: this runs at start-up, over every state and edge.
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
              precondition(own < 256, "terms ending at one state fit in 8 bits")
              outputFirst[state] = UInt32(outputCount)
              let o0 = Int(outputStart[state])
              for k in 0..<own { outputs[outputCount + k] = allOutputs[o0 + k] }
              outputCount += own
              var rowBits = TermTrie.noRow
              if e1 - e0 >= TermTrie.rowThreshold {
                rowBits = UInt64(row)
                for e in e0..<e1 {
                  rows[row * 256 + Int(edgeBytes[e])] = edgeTargets[e]
                }
                row += 1
              }
              nodes[state * 2] =
                UInt64(e0) << 32 | UInt64(min(e1 - e0, 255)) << 24 | UInt64(own) << 16
                | rowBits
              var childBytes = UInt64(TermTrie.noChild) &* 0x0101_0101_0101_0101
              if rowBits == TermTrie.noRow {
                for e in e0..<e1 {
                  let shift = UInt64((e - e0) * 8)
                  childBytes = childBytes & ~(0xFF << shift) | UInt64(edgeBytes[e]) << shift
                }
              }
              nodes[state * 2 + 1] = childBytes
            }
          }
        }
      }
    }
    outputs.removeLast(outputs.count - outputCount)
    self.nodes = nodes
    self.outputFirst = outputFirst
    self.targets = edgeTargets
    self.outputs = outputs
    self.rows = rows
    self.root = rootNext
  }
}
