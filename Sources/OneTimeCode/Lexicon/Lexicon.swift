internal import CLexicon
import Synchronization

/// What a lexicon term tells the scorer.
enum TermRole: Sendable, Hashable {
  case strongCode
  case weakCode
  case linker
  case negative(NegativeKind)
  case duration(seconds: Int32)
  case expiry
  case currency
  case dataUnit
  case safety
  case entryVerb

  var isCodeWord: Bool { self == .strongCode || self == .weakCode }

  /// The role's kind, a negative of any kind and a duration of any length alike.
  var kind: TermRoles {
    switch self {
    case .strongCode: .strongCode
    case .weakCode: .weakCode
    case .linker: .linker
    case .negative: .negative
    case .duration: .duration
    case .expiry: .expiry
    case .currency: .currency
    case .dataUnit: .dataUnit
    case .safety: .safety
    case .entryVerb: .entryVerb
    }
  }
}

/// The kinds of term a message holds, one bit per kind of ``TermRole``: gathered by the
/// matcher as it keeps each match (an OR of the term's own bit), so that the scorer and the
/// extraction ask it, instead of passing over the matches again with a branch on each role.
struct TermRoles: OptionSet, Sendable, Hashable {
  let rawValue: UInt16
  static let strongCode = TermRoles(rawValue: 1 << 0)
  static let weakCode = TermRoles(rawValue: 1 << 1)
  static let linker = TermRoles(rawValue: 1 << 2)
  static let negative = TermRoles(rawValue: 1 << 3)
  static let duration = TermRoles(rawValue: 1 << 4)
  static let expiry = TermRoles(rawValue: 1 << 5)
  static let currency = TermRoles(rawValue: 1 << 6)
  static let dataUnit = TermRoles(rawValue: 1 << 7)
  static let safety = TermRoles(rawValue: 1 << 8)
  static let entryVerb = TermRoles(rawValue: 1 << 9)

  /// The kinds of the terms in `matches`, for the callers that did not gather them.
  init(_ matches: [TermMatch]) {
    var raw: UInt16 = 0
    for m in matches { raw |= m.role.kind.rawValue }
    self.init(rawValue: raw)
  }

  init(rawValue: UInt16) { self.rawValue = rawValue }
}

/// One compiled term.
struct Term: Sendable {
  let role: TermRole
  /// Bytes of the folded term (whitespace collapsed to one space).
  var length: Int
  /// The term must start after a non-letter.
  var startBoundary: Bool
  /// The term must end before a non-letter (false for `*` terms and spaceless scripts).
  var endBoundary: Bool
  /// The language the term came from.
  var language: Int16
  /// The role's kind, kept beside it for the matcher (see ``TermRoles``).
  let kind: TermRoles

  init(role: TermRole, length: Int, startBoundary: Bool, endBoundary: Bool, language: Int16) {
    self.role = role
    self.length = length
    self.startBoundary = startBoundary
    self.endBoundary = endBoundary
    self.language = language
    kind = role.kind
  }

  var isCodeWord: Bool { role.isCodeWord }
}

/// A term found in a message: which one and where, in normalized bytes, and its role (kept
/// here so the scorer need not look the term up again).
struct TermMatch: Sendable {
  var term: Int32
  var start: Int32
  var end: Int32
  var role: TermRole
  /// The term's own length in folded bytes (at most ``Lexicon/maximumTermLength``), which
  /// the span can exceed where the message has several spaces for one: kept here so that
  /// the scorer needs no lexicon.
  var length: UInt8
}

/// Every language's terms, compiled into one trie over folded UTF-8 (with the failure links
/// of an Aho-Corasick automaton, kept in the compiled form and as the tests' reference).
///
/// Matching is linear in the text: walks of bounded length from the places a term can
/// start, no backtracking.
///
/// ```swift
/// let lexicon = Lexicon.standard
/// lexicon.languages.count  // 35
/// ```
public struct Lexicon: Sendable {
  /// The tables behind one reference, so that copying a lexicon into every message's
  /// analysis costs one retain instead of one per array.
  ///
  /// `@unchecked Sendable`: `compiled` points at bytes that live as long as the program and
  /// are never written, and the automaton read from them is kept under a lock.
  private final class Storage: @unchecked Sendable {
    let languages: [LanguageLexicon]
    let terms: [Term]
    let trie: TermTrie
    /// The trie's outputs (``TermTrie/outputs``) with what the matcher reads of each term,
    /// in the same order: a state's terms are read one after the other, instead of each from
    /// wherever it sits among all the terms.
    let outputTerms: [OutputTerm]
    /// The compiled form the trie is read from in place (the built-in lexicon), else `nil`.
    let compiled: UnsafeRawBufferPointer?
    /// The automaton: built with the lexicon, or read from `compiled` when first asked for
    /// (only the compiled form and the tests read it; the matcher walks the trie).
    let automaton: Mutex<Automaton?>

    init(
      languages: [LanguageLexicon], terms: [Term], trie: TermTrie, automaton: Automaton?,
      compiled: UnsafeRawBufferPointer? = nil
    ) {
      self.languages = languages
      self.terms = terms
      self.trie = trie
      self.compiled = compiled
      self.automaton = Mutex(automaton)
      outputTerms = trie.outputs.map { OutputTerm(id: $0, terms[Int($0)]) }
      let below = trie.positiveBelow
      var roots: UInt16 = 0
      var afterDigit: UInt16 = 0
      for d in 0..<10 {
        let state = Int(trie.root[0x30 + d])
        if state != 0 && below[state >> 6] >> (state & 63) & 1 != 0 { roots |= 1 << d }
        afterDigit |= trie.digitStarts[0x30 + d]
      }
      positiveDigitRoots = roots
      digitStartsAfterDigit = afterDigit
    }

    /// The digits under which a term of ``Lexicon/positiveRoles`` begins (bit *d* for *d*).
    let positiveDigitRoots: UInt16
    /// The digits from which a walk may go on when a digit follows, whichever it is: the
    /// union of ``TermTrie/digitStarts`` for the ten digits.
    let digitStartsAfterDigit: UInt16
  }

  /// The kinds of term without which no candidate's ceiling takes words into account: code
  /// words and safety phrases (see ``Scorer/ceiling(_:explain:assumingEveryWord:)``).
  static let positiveRoles: TermRoles = [.strongCode, .weakCode, .safety]

  /// Whether a term of ``positiveRoles`` may be in `bytes` (folded text): false only when
  /// ``matches(in:into:log:)`` would find none. The walks start where the matcher's start,
  /// and stop where no such term lies below; a walk that meets a digit goes on along every
  /// digit that leads to one, so that the answer never depends on a digit's value (nothing is
  /// noted for the memo). Terms are taken without their boundaries. Its loop over the places
  /// where walks start mirrors the matcher's (a test holds the two together): one loop for
  /// both, taking the two kinds of walk as closures, cost 3.8% more instructions on the
  /// bench's dump, and even the shared pieces as inlined functions 0.46% more.
  func mayHavePositiveTerm(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = bytes.count
    guard n > 0 else { return false }
    let trie = storage.trie
    let (root, nodes, rows, outputFirst) = (trie.root, trie.nodes, trie.rows, trie.outputFirst)
    let positiveDigitRoots = storage.positiveDigitRoots
    let digitStartsAfterDigit = storage.digitStartsAfterDigit
    let below = trie.positiveBelow
    return storage.outputTerms.withUnsafeBufferPointer { outputs in
      @inline(__always) func isPositive(_ state: Int) -> Bool {
        below[state &>> 6] &>> UInt64(state & 63) & 1 != 0
      }
      // Whether a walk at `state`, having read byte `j` as `last`, finds a positive term.
      func walk(_ state: Int, at j: Int, last: UInt8) -> Bool {
        var state = state
        var j = j
        var last = last
        while true {
          guard isPositive(state) else { return false }
          let node = nodes[state]
          let own = TermTrie.ownTerms(node)
          if own != 0 {
            let first = Int(outputFirst[state])
            for k in first..<first &+ own
            where !outputs[k].kind.isDisjoint(with: Lexicon.positiveRoles) {
              return true
            }
          }
          guard TermTrie.kind(node) != 0 else { return false }
          j &+= 1
          if last == 0x20 {
            while j < n && otc_trie_byte(bytes[j]) == 0x20 { j &+= 1 }
          }
          guard j < n else { return false }
          let byte = otc_trie_byte(bytes[j])
          last = byte
          if byte &- 0x30 < 10 {
            var digits = TermTrie.digitChildren(node, rows: rows)
            while digits != 0 {
              let d = digits.trailingZeroBitCount
              digits &= digits &- 1
              let child = TermTrie.child(node, byte: 0x30 &+ UInt8(d), rows: rows)
              if walk(child, at: j, last: byte) { return true }
            }
            return false
          }
          let child = TermTrie.child(node, byte: byte, rows: rows)
          guard child >= 0 else { return false }
          state = child
        }
      }
      var afterLetter = false
      var afterSpace = true
      var i = 0
      while i < n {
        let b = bytes[i]
        if Lexicon.isASCIILetter(b) {
          let first = Int(root[Int(Lexicon.lower(b))])
          if first != 0 && isPositive(first)
            && (!afterLetter || Lexicon.isCamelCaseBoundary(bytes, at: i))
            && walk(first, at: i, last: otc_trie_byte(b))
          {
            return true
          }
          i += 1
          while i < n && bytes[i] &- 0x61 < 26 { i += 1 }
          afterLetter = true
          afterSpace = false
          continue
        }
        if b < 0x80 {
          let isSpace = Lexicon.isSpace(b)
          if b &- 0x30 < 10 {
            // Every digit here that may begin such a term, whatever the digit is (and
            // whatever the next one is, when a digit follows).
            let next = i + 1 < n ? Int(otc_trie_byte(bytes[i + 1])) : 256
            var digits =
              positiveDigitRoots
              & (0x30...0x39 ~= next ? digitStartsAfterDigit : trie.digitStarts[next])
            while digits != 0 {
              let d = digits.trailingZeroBitCount
              digits &= digits &- 1
              if walk(Int(root[0x30 &+ d]), at: i, last: b) { return true }
            }
          } else {
            let first = Int(root[Int(isSpace ? 0x20 : b)])
            if first != 0 && isPositive(first) && !(isSpace && afterSpace)
              && walk(first, at: i, last: otc_trie_byte(b))
            {
              return true
            }
          }
          afterLetter = false
          afterSpace = isSpace
        } else if b & 0xC0 != 0x80 {
          let isLetter = Lexicon.isSpacedScriptLetter(lead: b, bytes, at: i)
          let first = Int(root[Int(b)])
          if first != 0 && isPositive(first) && !(isLetter && afterLetter)
            && walk(first, at: i, last: otc_trie_byte(b))
          {
            return true
          }
          afterLetter = isLetter
          afterSpace = false
          i += 1
          while i < n && bytes[i] & 0xC0 == 0x80 { i += 1 }
          if isLetter {
            while i &+ 1 < n {
              let lead = bytes[i]
              if lead &- 0xC3 <= 0xDF - 0xC3 && bytes[i &+ 1] & 0xC0 == 0x80 {
                i &+= 2
              } else if i &+ 2 < n && Lexicon.isSpacedLetterOfThreeBytes(lead, bytes[i &+ 1])
                && bytes[i &+ 1] & 0xC0 == 0x80 && bytes[i &+ 2] & 0xC0 == 0x80
              {
                i &+= 3
              } else {
                break
              }
            }
          }
          continue
        } else {
          afterSpace = false
        }
        i += 1
      }
      return false
    }
  }

  /// A term as the matcher reads it at a state where it ends (see ``Storage/outputTerms``).
  struct OutputTerm: Sendable {
    let id: Int32
    let role: TermRole
    /// ``Term/length``, at most ``Lexicon/maximumTermLength``.
    let length: UInt8
    let startBoundary: Bool
    let endBoundary: Bool
    let kind: TermRoles

    init(id: Int32, _ term: Term) {
      self.id = id
      role = term.role
      length = UInt8(truncatingIfNeeded: term.length)
      startBoundary = term.startBoundary
      endBoundary = term.endBoundary
      kind = term.kind
    }

    var isCodeWord: Bool { role.isCodeWord }
  }

  private let storage: Storage

  /// Which compiled lexicon this is: two values share it when one is a copy of the other.
  var identity: ObjectIdentifier { ObjectIdentifier(storage) }

  /// The language tables the lexicon was built from.
  public var languages: [LanguageLexicon] { storage.languages }
  var terms: [Term] { storage.terms }
  var trie: TermTrie { storage.trie }

  /// The Aho-Corasick automaton the trie was built from (read from the compiled form the
  /// first time it is asked for, when the lexicon was read in place).
  var automaton: Automaton {
    storage.automaton.withLock { kept in
      if let kept { return kept }
      guard let compiled = storage.compiled,
        let read = Lexicon.Compiled(compiled, readingAutomaton: true)?.automaton
      else { preconditionFailure("a lexicon read in place keeps its compiled form") }
      kept = read
      return read
    }
  }

  /// The Aho-Corasick automaton over folded UTF-8. State 0 is the root.
  struct Automaton: Sendable {
    var rootNext: [Int32]  // 256 entries
    var edgeStart: [Int32]  // per state, into edgeBytes/edgeTargets; count+1 entries
    var edgeBytes: [UInt8]
    var edgeTargets: [Int32]
    var fail: [Int32]
    var outputStart: [Int32]  // per state, into outputs; count+1 entries
    var outputs: [Int32]

    /// The goto edges packed for walks from a start (see ``matches(in:into:)``), built anew
    /// at each call.
    func makeTrie(terms: [Term]) -> TermTrie {
      TermTrie(
        rootNext: rootNext, edgeStart: edgeStart, edgeBytes: edgeBytes, edgeTargets: edgeTargets,
        fail: fail, outputStart: outputStart, outputs: outputs
      ) { !terms[Int($0)].kind.isDisjoint(with: Lexicon.positiveRoles) }
    }

    /// Whether these tables make an automaton that ``TermTrie`` can be built from and
    /// walked without reading outside them: the edges of state after state tile the edge
    /// list, each state has fewer than ``TermTrie/childLimit`` children, numbered one after
    /// the other, every state number and term number is in range, and each state's outputs
    /// include its failure state's and fewer than ``TermTrie/ownTermLimit`` more.
    ///
    /// `Lexicon(languages:)` always makes such tables; bytes read from outside may not.
    static func isWellFormed(
      rootNext: [Int32], edgeStart: [Int32], edgeTargets: [Int32], fail: [Int32],
      outputStart: [Int32], outputs: [Int32], termCount: Int
    ) -> Bool {
      let count = fail.count
      guard count > 0, count < TermTrie.stateLimit, edgeStart.count == count + 1,
        outputStart.count == count + 1, rootNext.count == 256,
        edgeStart.first == 0, Int(edgeStart[count]) == edgeTargets.count,
        outputStart.first == 0, Int(outputStart[count]) == outputs.count,
        rootNext.allSatisfy({ 0 <= $0 && Int($0) < count }),
        fail.allSatisfy({ 0 <= $0 && Int($0) < count }),
        edgeTargets.allSatisfy({ 0 < $0 && Int($0) < count }),
        outputs.allSatisfy({ 0 <= $0 && Int($0) < termCount })
      else { return false }
      for state in 0..<count {
        let e0 = Int(edgeStart[state])
        let e1 = Int(edgeStart[state + 1])
        guard e0 <= e1, e1 - e0 < TermTrie.childLimit, outputStart[state] <= outputStart[state + 1]
        else { return false }
        for e in e0..<e1 where e > e0 && edgeTargets[e] != edgeTargets[e - 1] + 1 {
          return false
        }
      }
      // A state's own terms are its outputs less its failure state's (none at the root).
      for state in 1..<count {
        let f = Int(fail[state])
        let own =
          (outputStart[state + 1] - outputStart[state]) - (outputStart[f + 1] - outputStart[f])
        guard 0 <= own, own < TermTrie.ownTermLimit else { return false }
      }
      return true
    }
  }

  init(
    languages: [LanguageLexicon], terms: [Term], trie: TermTrie, automaton: Automaton?,
    compiled: UnsafeRawBufferPointer? = nil
  ) {
    storage = Storage(
      languages: languages, terms: terms, trie: trie, automaton: automaton, compiled: compiled)
  }

  /// The lexicon of every built-in language.
  ///
  /// ```swift
  /// Lexicon.standard.languages.map(\.language).contains("zh-Hans")  // true
  /// ```
  public static let standard: Lexicon = {
    // The compiled form written by `make lexicon`, read where the program holds it;
    // compiling the tables is the fallback.
    if let lexicon = Lexicon(compiledBytes: compiledStandard, languages: LanguageLexicon.builtIn) {
      return lexicon
    }
    return Lexicon(languages: LanguageLexicon.builtIn)
  }()

  /// The built-in lexicon's compiled form, embedded in the program by the `CLexicon` target.
  static var compiledStandard: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: otc_lexicon_bytes(), count: otc_lexicon_size())
  }

  /// Compiles the given language tables.
  ///
  /// ```swift
  /// let mine = Lexicon(languages: [LanguageLexicon(language: "xx", name: "X", strongCodeTerms: ["zork"])])
  /// ```
  public init(languages: [LanguageLexicon]) {
    var terms: [Term] = []
    var patterns: [[UInt8]] = []
    var seen: [String: Int] = [:]

    func add(_ raw: String, _ role: TermRole, _ language: Int) {
      var text = raw
      var isPrefix = false
      if text.hasSuffix("*") {
        isPrefix = true
        text.removeLast()
      }
      let folded = Lexicon.fold(text)
      guard !folded.isEmpty, folded.count <= Lexicon.maximumTermLength else { return }
      // A single ASCII letter ("s", "m", "a") would fire inside every word for nothing:
      // units glued to numbers are read by the scanner, and linkers that short add nothing.
      if folded.count == 1 && isLetter(folded[0]) { return }
      let key = String(decoding: folded, as: UTF8.self) + (isPrefix ? "*" : "") + "\(role)"
      if seen[key] != nil { return }
      seen[key] = terms.count
      let first = Lexicon.firstScalar(folded)
      let last = Lexicon.lastScalar(folded)
      terms.append(
        Term(
          role: role, length: folded.count,
          startBoundary: Lexicon.isSpacedScriptLetter(first),
          endBoundary: !isPrefix && Lexicon.isSpacedScriptLetter(last),
          language: Int16(language)))
      patterns.append(folded)
    }

    for (index, language) in languages.enumerated() {
      for t in language.strongCodeTerms { add(t, .strongCode, index) }
      for t in language.weakCodeTerms { add(t, .weakCode, index) }
      for t in language.codeLinkers { add(t, .linker, index) }
      for kind in NegativeKind.allCases {
        for t in language.negativeTerms[kind] ?? [] { add(t, .negative(kind), index) }
      }
      for (seconds, words) in language.durationUnits.sorted(by: { $0.key < $1.key }) {
        for t in words { add(t, .duration(seconds: Int32(seconds)), index) }
      }
      for t in language.expiryTerms { add(t, .expiry, index) }
      for t in language.currencyTerms { add(t, .currency, index) }
      for t in language.safetyTerms { add(t, .safety, index) }
    }
    for t in LanguageLexicon.currencySigns { add(t, .currency, -1) }
    for t in LanguageLexicon.dataUnits { add(t, .dataUnit, -1) }
    for t in LanguageLexicon.commonDateUnits { add(t, .negative(.date), -1) }
    for t in LanguageLexicon.entryVerbs { add(t, .entryVerb, -1) }

    // Build the trie.
    var children: [[(UInt8, Int32)]] = [[]]
    var termsAt: [[Int32]] = [[]]
    for (id, pattern) in patterns.enumerated() {
      var state = 0
      for byte in pattern {
        if let next = children[state].first(where: { $0.0 == byte })?.1 {
          state = Int(next)
        } else {
          children.append([])
          termsAt.append([])
          children[state].append((byte, Int32(children.count - 1)))
          state = children.count - 1
        }
      }
      termsAt[state].append(Int32(id))
    }
    (children, termsAt) = Lexicon.numberedDepthFirst(children, termsAt)
    // Failure links, breadth first; outputs include those of the failure chain.
    let count = children.count
    var fail = [Int32](repeating: 0, count: count)
    var queue: [Int] = []
    var rootNext = [Int32](repeating: 0, count: 256)
    for (byte, next) in children[0] {
      rootNext[Int(byte)] = next
      queue.append(Int(next))
    }
    var head = 0
    var allOutputs = termsAt
    while head < queue.count {
      let state = queue[head]
      head += 1
      allOutputs[state] += allOutputs[Int(fail[state])]
      for (byte, next) in children[state] {
        var f = Int(fail[state])
        while true {
          if let t = children[f].first(where: { $0.0 == byte })?.1 {
            fail[Int(next)] = t
            break
          }
          if f == 0 {
            fail[Int(next)] = 0
            break
          }
          f = Int(fail[f])
        }
        queue.append(Int(next))
      }
    }
    var edgeStart: [Int32] = []
    var edgeBytes: [UInt8] = []
    var edgeTargets: [Int32] = []
    var outputStart: [Int32] = []
    var outputs: [Int32] = []
    edgeStart.reserveCapacity(count + 1)
    outputStart.reserveCapacity(count + 1)
    for state in 0..<count {
      edgeStart.append(Int32(edgeBytes.count))
      for (byte, next) in children[state].sorted(by: { $0.0 < $1.0 }) {
        edgeBytes.append(byte)
        edgeTargets.append(next)
      }
      outputStart.append(Int32(outputs.count))
      outputs += allOutputs[state]
    }
    edgeStart.append(Int32(edgeBytes.count))
    outputStart.append(Int32(outputs.count))
    let automaton = Automaton(
      rootNext: rootNext, edgeStart: edgeStart, edgeBytes: edgeBytes, edgeTargets: edgeTargets,
      fail: fail,
      outputStart: outputStart, outputs: outputs)
    storage = Storage(
      languages: languages, terms: terms, trie: automaton.makeTrie(terms: terms),
      automaton: automaton)
  }

  /// The trie's states numbered depth first, each state's children (in the order of their
  /// bytes) one after the other, before the first child's subtree, then the next child's:
  /// ``TermTrie`` finds a child from the first child's number, and a walk down a term,
  /// where most states have one child, reads neighbouring states.
  private static func numberedDepthFirst(_ children: [[(UInt8, Int32)]], _ termsAt: [[Int32]])
    -> ([[(UInt8, Int32)]], [[Int32]])
  {
    var newNumber = [Int32](repeating: 0, count: children.count)
    var oldState = [0]
    var stack = [0]
    while let state = stack.popLast() {
      let sorted = children[state].sorted { $0.0 < $1.0 }
      for (_, child) in sorted {
        newNumber[Int(child)] = Int32(oldState.count)
        oldState.append(Int(child))
      }
      stack += sorted.reversed().map { Int($0.1) }
    }
    return (
      oldState.map { old in children[old].map { ($0.0, newNumber[Int($0.1)]) } },
      oldState.map { termsAt[$0] }
    )
  }

  static let maximumTermLength = 120

  /// Folds a term the way messages are folded: normalized, ASCII lower case,
  /// whitespace runs collapsed to one space, trimmed.
  static func fold(_ text: String) -> [UInt8] {
    let normalized = TextNormalizer.normalize(text).bytes
    var out: [UInt8] = []
    out.reserveCapacity(normalized.count)
    var lastWasSpace = true
    for byte in normalized {
      if Lexicon.isSpace(byte) {
        if !lastWasSpace { out.append(0x20) }
        lastWasSpace = true
      } else {
        out.append(Lexicon.lower(byte))
        lastWasSpace = false
      }
    }
    while out.last == 0x20 { out.removeLast() }
    return out
  }

  @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  @inline(__always) static func lower(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }

  /// Finds every term in `bytes`, in order of their end (and, at one end, longest first), and
  /// returns the kinds of those it found.
  ///
  /// Terms are looked up by walking the trie from each place where one could start and be
  /// kept, instead of feeding every byte through the automaton: a term that begins with a
  /// letter of a spaced script must start a word, so inside a word (except at a camel-case
  /// boundary, where code words may start) no walk begins. Whitespace runs read as one
  /// space, and a byte in no term ends the walk. The tests check that it finds the terms
  /// the automaton's failure links find, byte by byte.
  /// - Complexity: O(*n* · *d*) where *d*, the longest term, is bounded (120 bytes); in
  ///   practice a walk ends after three or four bytes.
  /// - Note: Kept out of line: inlined into the analysis, whose state held the registers,
  ///   its loops kept their counters and the trie's tables on the stack (1% more
  ///   instructions on 100,000 of the bench's messages).
  @discardableResult @inline(never)
  func matches(
    in bytes: UnsafeBufferPointer<UInt8>, into result: inout [TermMatch],
    log: UnsafeMutablePointer<DigitLog>? = nil
  ) -> TermRoles {
    let n = bytes.count
    guard n > 0 else { return [] }
    guard let log else {
      // Without a log, the digits' conditions go to scratch memory that no one reads, so
      // that a walk tests a digit without testing for a log. (The conditions on walks that
      // start at a digit are worked out for nothing then, a few instructions a digit; a flag
      // to skip them cost the run with a log more: 0.1% of its instructions.)
      return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: DigitLog.capacity) {
        var scratch = DigitLog(conditions: $0.baseAddress!)
        return matches(in: bytes, into: &result, log: &scratch)
      }
    }
    let trie = storage.trie
    let (root, nodes, rows, outputFirst) = (trie.root, trie.nodes, trie.rows, trie.outputFirst)
    let kinds = storage.outputTerms.withUnsafeBufferPointer { outputs in
      // The latest end kept so far: a match ending there or later goes last.
      var lastEnd = result.last.map { Int($0.end) } ?? 0
      // The kinds of the terms kept (see ``TermRoles``), returned by each walk.
      var kinds: UInt16 = 0
      // Keeps the terms ending at `state` (at byte `end`) that fit their
      // boundaries, in end order: walks begin in order, so a match ending
      // before the last one found goes back after every one ending no later.
      // Returns the kinds of those it keeps.
      func emit(_ first: Int, _ count: Int, start: Int, end: Int) -> UInt16 {
        var kept: UInt16 = 0
        var k = first
        let stop = first &+ count
        repeat {
          let term = outputs[k]
          k &+= 1
          if term.startBoundary && Lexicon.letterEnds(bytes, before: start)
            && !(term.isCodeWord && term.endBoundary
              && Lexicon.isCamelCaseBoundary(bytes, at: start))
          {
            continue
          }
          if term.endBoundary && Lexicon.letterStarts(bytes, at: end) { continue }
          let match = TermMatch(
            term: term.id, start: Int32(start), end: Int32(end), role: term.role,
            length: term.length)
          kept |= term.kind.rawValue
          if end >= lastEnd {
            result.append(match)
            lastEnd = end
            continue
          }
          var at = result.count
          while at > 0 && Int(result[at - 1].end) > end { at -= 1 }
          result.insert(match, at: at)
        } while k < stop
        return kept
      }
      // Where a walk reads its next byte after byte `j`, which read as `last`: a run of
      // whitespace reads as its first byte. `n` at the end.
      @inline(__always) func step(from j: Int, last: UInt8) -> Int {
        var j = j + 1
        if last == 0x20 {
          while j < n && otc_trie_byte(bytes[j]) == 0x20 { j += 1 }
        }
        return j
      }
      // Walks from `start` and returns the kinds of the terms it keeps.
      func walk(from start: Int, to first: Int) -> UInt16 {
        var kept: UInt16 = 0
        var state = first
        var j = start
        // The byte the trie read last, folded (`otc_trie_byte`: lowered,
        // whitespace as a space).
        var last = otc_trie_byte(bytes[start])
        while true {
          let node = nodes[state]
          let own = TermTrie.ownTerms(node)
          if own != 0 {
            kept |= emit(Int(outputFirst[state]), own, start: start, end: j + 1)
          }
          let kind = TermTrie.kind(node)
          guard kind != 0 else { return kept }
          j = step(from: j, last: last)
          guard j < n else { return kept }
          let byte = otc_trie_byte(bytes[j])
          last = byte
          if byte &- 0x30 < 10 {
            // Where the walk goes from here depends on the digit's value.
            let children = TermTrie.digitChildren(node, rows: rows)
            if children != 0 {
              log.pointee.note(
                j,
                allowed: sameOutcome(j, byte, children) {
                  TermTrie.child(node, byte: 0x30 &+ UInt8($0), rows: rows)
                })
            }
          }
          // A byte in no term has no child and no row entry: the walk ends.
          if kind == TermTrie.rowKind {
            let row = Int(TermTrie.low(node))
            let place = Int(rows[row &* 256 &+ Int(byte)])
            guard place != 0 else { return kept }
            state = TermTrie.firstChild(node) &+ place &- 1
          } else {
            // The child's byte among up to four, found without a loop: a zero
            // byte of `x` is a match, and the classic test flags the first one
            // exactly (a later flag may be a borrow's false one).
            let x = TermTrie.low(node) ^ (UInt32(byte) &* 0x0101_0101)
            let hits = (x &- 0x0101_0101) & ~x & 0x8080_8080
            guard hits != 0 else { return kept }
            state = TermTrie.firstChild(node) &+ hits.trailingZeroBitCount &>> 3
          }
        }
      }
      // Whether a walk that reaches `state` on the digit at `j` could keep a term from
      // there on: a state with terms of its own, or a digit read (which another digit
      // might not match), counts as yes.
      func mayFind(from state: Int, at j: Int) -> Bool {
        var state = state
        var j = j
        var last = otc_trie_byte(bytes[j])
        while true {
          let node = nodes[state]
          if TermTrie.ownTerms(node) != 0 { return true }
          guard TermTrie.kind(node) != 0 else { return false }
          j = step(from: j, last: last)
          guard j < n else { return false }
          let byte = otc_trie_byte(bytes[j])
          last = byte
          if byte &- 0x30 < 10 { return true }
          let child = TermTrie.child(node, byte: byte, rows: rows)
          guard child >= 0 else { return false }
          state = child
        }
      }
      // The digits at `j` that lead to what the digit `old` there leads to (see
      // ``DigitLog``): `old` alone when it may lead to a term, else every digit that
      // cannot. `children` holds the digits that go on, to the state `child` gives.
      func sameOutcome(_ j: Int, _ old: UInt8, _ children: UInt16, child: (Int) -> Int)
        -> UInt16
      {
        var finds: UInt16 = 0
        // The digits that go on, lowest first.
        var rest = children & DigitLog.allDigits
        while rest != 0 {
          let d = rest.trailingZeroBitCount
          rest &= rest &- 1
          if mayFind(from: child(d), at: j) { finds |= 1 << UInt16(d) }
        }
        let bit: UInt16 = 1 << UInt16(old &- 0x30)
        return finds & bit != 0 ? bit : ~finds & DigitLog.allDigits
      }
      // Whether the scalar before `i` is a letter of a spaced script (what
      // `letterEnds(bytes, before: i)` finds by walking back), and whether byte
      // `i - 1` is whitespace (a whitespace run feeds only its first byte).
      var afterLetter = false
      var afterSpace = true
      var i = 0
      while i < n {
        let b = bytes[i]
        if Lexicon.isASCIILetter(b) {
          let first = Int(root[Int(Lexicon.lower(b))])
          if first != 0 && (!afterLetter || Lexicon.isCamelCaseBoundary(bytes, at: i)) {
            kinds |= walk(from: i, to: first)
          }
          // No term starts at a lower-case letter inside a word: skip them.
          i += 1
          while i < n && bytes[i] &- 0x61 < 26 { i += 1 }
          afterLetter = true
          afterSpace = false
          continue
        }
        if b < 0x80 {
          let isSpace = Lexicon.isSpace(b)
          let first = Int(root[Int(isSpace ? 0x20 : b)])
          if b &- 0x30 < 10 {
            // Whether a walk from this digit goes anywhere depends on its value.
            let next = i + 1 < n ? Int(otc_trie_byte(bytes[i + 1])) : 256
            let starts = trie.digitStarts[next]
            if starts != 0 {
              log.pointee.note(
                i, allowed: sameOutcome(i, b, starts) { Int(root[0x30 + $0]) })
            }
          }
          if first != 0 && !(isSpace && afterSpace) { kinds |= walk(from: i, to: first) }
          afterLetter = false
          afterSpace = isSpace
        } else if b & 0xC0 != 0x80 {
          let isLetter = Lexicon.isSpacedScriptLetter(lead: b, bytes, at: i)
          let first = Int(root[Int(b)])
          if first != 0 && !(isLetter && afterLetter) {
            kinds |= walk(from: i, to: first)
          }
          afterLetter = isLetter
          afterSpace = false
          // Its continuation bytes start nothing and leave the scalar before as
          // the one this lead began.
          i += 1
          while i < n && bytes[i] & 0xC0 == 0x80 { i += 1 }
          if isLetter {
            // Nor do the word's further letters that their lead bytes tell (see
            // `isSpacedScriptLetter(lead:_:at:)`): skipped whole, as lower-case ASCII is.
            while i &+ 1 < n {
              let lead = bytes[i]
              if lead &- 0xC3 <= 0xDF - 0xC3 && bytes[i &+ 1] & 0xC0 == 0x80 {
                i &+= 2
              } else if i &+ 2 < n && Lexicon.isSpacedLetterOfThreeBytes(lead, bytes[i &+ 1])
                && bytes[i &+ 1] & 0xC0 == 0x80 && bytes[i &+ 2] & 0xC0 == 0x80
              {
                i &+= 3
              } else {
                break
              }
            }
          }
          continue
        } else {
          // A stray continuation byte: the scalar before stays the one its lead
          // began.
          afterSpace = false
        }
        i += 1
      }
      return kinds
    }
    return TermRoles(rawValue: kinds)
  }

  /// Whether a letter of a spaced script ends just before `index`.
  static func letterEnds(_ bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> Bool {
    if index == 0 { return false }
    let b = bytes[index - 1]
    if b < 0x80 { return isASCIILetter(b) }
    var s = index - 1
    while s > 0 && bytes[s] & 0xC0 == 0x80 { s -= 1 }
    return isSpacedScriptLetter(decode(bytes, at: s))
  }

  /// Whether a letter of a spaced script starts at `index`.
  static func letterStarts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    if index >= bytes.count { return false }
    let b = bytes[index]
    if b < 0x80 { return isASCIILetter(b) }
    return isSpacedScriptLetter(decode(bytes, at: index))
  }

  /// "VerifyCode": an upper-case letter after a lower-case one starts a word.
  static func isCamelCaseBoundary(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    index > 0 && bytes[index] &- 0x41 < 26 && bytes[index - 1] &- 0x61 < 26
  }

  @inline(__always) static func isASCIILetter(_ b: UInt8) -> Bool {
    (b | 0x20) &- 0x61 < 26
  }

  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32 {
    let lead = UInt32(bytes[i])
    let n = bytes.count
    if lead < 0x80 { return lead }
    if lead < 0xE0, i + 1 < n { return (lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F) }
    if lead < 0xF0, i + 2 < n {
      return (lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
    }
    if i + 3 < n {
      return (lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F)
        << 6
        | UInt32(bytes[i + 3] & 0x3F)
    }
    return 0xFFFD
  }

  /// Letters of scripts that separate words with spaces. Han, Kana, Thai, Lao,
  /// Khmer and Myanmar are written without spaces, so a term in them may sit
  /// anywhere; currency signs are not letters.
  /// `isSpacedScriptLetter(decode(bytes, at: i))` for the non-ASCII `lead` at `i`, without
  /// decoding where the lead alone decides: two-byte scalars from U+00C0 (Latin, Greek,
  /// Cyrillic, Armenian, Hebrew, Arabic) are letters, complete ones from U+3000 to U+9FFF
  /// (CJK, kana) are not, and those from U+A000 to U+EFFF (Hangul among them) are.
  @inline(__always)
  static func isSpacedScriptLetter(lead: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, at i: Int)
    -> Bool
  {
    if lead &- 0xC3 <= 0xDF - 0xC3 { return true }
    if lead &- 0xEA <= 0xEE - 0xEA { return true }
    if lead == 0xE0 && i + 2 < bytes.count && bytes[i + 1] &- 0xA0 <= 0xBF - 0xA0 {
      // U+0800 to U+0FFF: letters (Devanagari, Bengali among them) below Thai's U+0E00.
      return bytes[i + 1] < 0xB8
    }
    // A cut sequence decodes as U+FFFD, which counts as a letter.
    if lead &- 0xE3 <= 0xE9 - 0xE3 && i + 2 < bytes.count { return false }
    return isSpacedScriptLetter(decode(bytes, at: i))
  }

  /// Whether a complete three-byte scalar whose first two bytes are `lead` and `second` is
  /// a letter of a spaced script, as ``isSpacedScriptLetter(lead:_:at:)`` tells from them
  /// alone: U+A000 to U+EFFF, and U+0800 to U+0DFF.
  @inline(__always) static func isSpacedLetterOfThreeBytes(_ lead: UInt8, _ second: UInt8)
    -> Bool
  {
    lead &- 0xEA <= 0xEE - 0xEA || (lead == 0xE0 && second &- 0xA0 <= 0xB7 - 0xA0)
  }

  static func isSpacedScriptLetter(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x30...0x39: return false
    case 0x41...0x5A, 0x61...0x7A: return true
    case 0..<0x80: return false
    case 0x0E00...0x0FFF: return false  // Thai, Lao, Tibetan
    case 0x1000...0x109F: return false  // Myanmar
    case 0x1780...0x17FF: return false  // Khmer
    case 0x20A0...0x20CF: return false  // currency signs
    case 0x2E80...0x9FFF: return false  // CJK, Kana, Bopomofo
    case 0xF900...0xFAFF: return false
    case 0xFF00...0xFFEF: return false
    case 0x20000...0x3FFFF: return false
    case 0xA2, 0xA3, 0xA5: return false  // ¢ £ ¥
    default: return true
    }
  }

  static func firstScalar(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { decode($0, at: 0) }
  }

  static func lastScalar(_ bytes: [UInt8]) -> UInt32 {
    var s = bytes.count - 1
    while s > 0 && bytes[s] & 0xC0 == 0x80 { s -= 1 }
    return bytes.withUnsafeBufferPointer { decode($0, at: s) }
  }
}

extension LanguageLexicon {
  /// Every built-in language.
  ///
  /// ```swift
  /// LanguageLexicon.builtIn.count  // 35
  /// ```
  public static let builtIn: [LanguageLexicon] = [english] + otherLanguages

  /// Currency signs and ISO codes common to every language.
  static let currencySigns: [String] = [
    "$", "€", "£", "¥", "₹", "₽", "₺", "₩", "₪", "₫", "฿", "₱", "₦", "₴", "₸", "₵", "₲", "₡",
    "¢", "₼", "₾", "৳", "₭", "₮", "﷼", "usd", "eur", "gbp", "jpy", "cny", "rmb", "inr", "rub",
    "uah", "try", "brl", "mxn", "ars", "clp", "cop", "pen", "chf", "sek", "nok", "dkk", "pln",
    "czk", "huf", "ron", "bgn", "aed", "sar", "qar", "kwd", "egp", "irr", "pkr", "bdt", "thb",
    "vnd", "idr", "myr", "php", "sgd", "hkd", "twd", "krw", "ngn", "kes", "zar", "ils",
    "us$", "c$", "a$", "r$", "hk$", "nt$", "s$",
  ]

  /// Data sizes.
  static let dataUnits: [String] = [
    "gb", "mb", "kb", "tb", "gib", "mib", "kib", "gbps", "mbps", "kbps", "g", "go", "mo", "ko",
    "гб", "мб", "кб", "ギガ", "기가",
  ]

  /// Verbs that ask to type or use what follows: "Enter 6931", "Wpisz 2745", "Введите 4471".
  static let entryVerbs: [String] = [
    "enter", "use", "type", "input", "key in", "please enter", "please use",  // en
    "introduce", "introduzca", "ingresa", "ingrese", "usa", "utiliza", "utilice", "digita",
    "digite",  // es
    "insira", "insere", "use o", "utilize", "informe",  // pt
    "saisissez", "saisis", "entrez", "entre", "utilisez", "utilise", "tapez", "indiquez",  // fr
    "gib", "geben sie", "verwende", "verwenden sie", "nutze", "nutzen sie", "eingeben",  // de
    "inserisci", "inserire", "digita", "usa il", "utilizza",  // it
    "voer", "gebruik", "vul",  // nl
    "wpisz", "wprowadź", "podaj", "użyj",  // pl
    "zadej", "zadejte", "použij", "použijte",  // cs
    "introdu", "introduceți", "folosește", "folosiți",  // ro
    "ange", "använd", "skriv in",  // sv
    "indtast", "brug", "tast",  // da
    "skriv inn", "bruk", "oppgi",  // nb
    "syötä", "käytä", "anna",  // fi
    "írd be", "add meg", "használd",  // hu
    "πληκτρολογήστε", "εισάγετε", "χρησιμοποιήστε",  // el
    "введите", "используйте", "укажите", "введи",  // ru
    "введіть", "використовуйте", "вкажіть",  // uk
    "girin", "giriniz", "kullanın", "kullanınız",  // tr
    "masukkan", "gunakan", "ketik",  // id, ms
    "nhập", "sử dụng",  // vi
    "weka", "tumia", "ingiza",  // sw
    "ilagay", "gamitin",  // tl
    "输入", "請輸入", "请输入", "輸入",  // zh
    "입력",  // ko
    "أدخل", "استخدم",  // ar
    "وارد کنید", "را وارد",  // fa
    "הזן", "הזינו", "השתמש",  // he
    "दर्ज करें", "डालें",  // hi
    "กรอก", "ใส่",  // th
  ]

  /// Date units written after numbers in Chinese, Japanese and Korean: 3月13日, 2026년.
  static let commonDateUnits: [String] = [
    "年", "月", "日", "号", "號", "时", "時", "点", "點", "년", "월", "일", "시",
  ]
}
