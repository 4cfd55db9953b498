@testable import OneTimeCode

extension Lexicon {
  /// Every term in `bytes`, found by feeding each byte through the lexicon's Aho-Corasick
  /// automaton (its failure links), in order of their end and, at one end, longest first:
  /// the reference the trie walk of ``Lexicon/matches(in:into:)`` is tested against. Written
  /// for plainness, not speed.
  func automatonMatches(in bytes: UnsafeBufferPointer<UInt8>) -> [TermMatch] {
    let a = automaton
    var result: [TermMatch] = []
    // Where each byte fed to the automaton was (a whitespace run feeds only its first).
    var fed: [Int] = []
    var state = 0
    var previousWasSpace = true
    for i in 0..<bytes.count {
      var byte = bytes[i]
      if Lexicon.isSpace(byte) {
        if previousWasSpace { continue }
        byte = 0x20
        previousWasSpace = true
      } else {
        byte = Lexicon.lower(byte)
        previousWasSpace = false
      }
      fed.append(i)
      // One step: the state's edge for the byte, else its failure link.
      while true {
        if state == 0 {
          state = Int(a.rootNext[Int(byte)])
          break
        }
        let edges = Int(a.edgeStart[state])..<Int(a.edgeStart[state + 1])
        if let e = edges.first(where: { a.edgeBytes[$0] == byte }) {
          state = Int(a.edgeTargets[e])
          break
        }
        state = Int(a.fail[state])
      }
      for k in Int(a.outputStart[state])..<Int(a.outputStart[state + 1]) {
        let id = Int(a.outputs[k])
        let term = terms[id]
        let start = fed[fed.count - term.length]
        let end = i + 1
        if term.startBoundary && Lexicon.letterEnds(bytes, before: start)
          && !(term.isCodeWord && term.endBoundary
            && Lexicon.isCamelCaseBoundary(bytes, at: start))
        {
          continue
        }
        if term.endBoundary && Lexicon.letterStarts(bytes, at: end) { continue }
        result.append(
          TermMatch(
            term: Int32(id), start: Int32(start), end: Int32(end), role: term.role,
            length: UInt8(term.length)))
      }
    }
    return result
  }
}
