// otc-eval: measures the extractor on labelled JSON Lines corpora (`make eval`).
//
// Usage: otc-eval [--misses N] [--floor F1] [--merge NAME] FILE.jsonl...
//        otc-eval --explain TEXT          every candidate of TEXT with its reasons
//        otc-eval --write-lexicon PATH    compile the built-in lexicon (make lexicon)
//        otc-eval --lines FILE            extract from every line, print a checksum (profiling)
//        otc-eval --time FILE             extract from the whole file as one message, timed
// --merge scores the files as one corpus (per language and per tag across them).
// Each line: {"text": ..., "code": "..." | null, "lang": ..., "tags": [...]}
// Presence-only lines ("presence_only": true) are scored as fire / no fire;
// lines with "domain" are checked against the origin binding too.
import Foundation
import OneTimeCode

struct Counts {
  var tp = 0
  var fp = 0
  var fn = 0
  var negatives = 0
  var falseAlarms = 0
  var lines = 0
  var agree = 0
  var presence = 0

  mutating func add(_ other: Counts) {
    tp += other.tp
    fp += other.fp
    fn += other.fn
    negatives += other.negatives
    falseAlarms += other.falseAlarms
    lines += other.lines
    agree += other.agree
    presence += other.presence
  }

  var precision: Double { tp + fp == 0 ? 1 : Double(tp) / Double(tp + fp) }
  var recall: Double { tp + fn == 0 ? 1 : Double(tp) / Double(tp + fn) }
  var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }

  func row(_ name: String) -> String {
    var s = name.padding(toLength: 24, withPad: " ", startingAt: 0)
    s += String(format: " %5d", lines)
    if presence > 0 {
      s += String(
        format: "  agreement %.3f (%d/%d)", Double(agree) / Double(presence), agree, presence)
    }
    if tp + fp + fn + negatives > 0 {
      let rate = negatives == 0 ? 0 : 100 * Double(falseAlarms) / Double(negatives)
      s += String(
        format: "  P %.3f  R %.3f  F1 %.3f  false alarms %d/%d (%.1f%%)", precision, recall, f1,
        falseAlarms, negatives, rate)
    }
    return s
  }
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--write-lexicon", arguments.count == 2 {
  // otc-eval --write-lexicon PATH: compiles the built-in tables into PATH (make lexicon), the
  // bytes that Sources/CLexicon embeds.
  let bytes = Lexicon(languages: LanguageLexicon.builtIn).compiledData()
  guard FileManager.default.createFile(atPath: arguments[1], contents: Data(bytes)) else {
    FileHandle.standardError.write("otc-eval: \(arguments[1]): cannot write\n".data(using: .utf8)!)
    exit(2)
  }
  exit(0)
}
if arguments.first == "--lines", arguments.count == 2 {
  // otc-eval --lines FILE: extracts from every line (a library-only benchmark); prints a checksum.
  let data = FileManager.default.contents(atPath: arguments[1]) ?? Data()
  let extractor = CodeExtractor()
  var found = 0
  var checksum = 0
  for line in data.split(separator: UInt8(ascii: "\n")) {
    if let e = extractor.extract(from: String(decoding: line, as: UTF8.self)) {
      found += 1
      checksum &+= e.code.utf8.reduce(0) { $0 &* 31 &+ Int($1) } ^ Int(e.confidence * 1000)
    }
  }
  print("\(found) codes, checksum \(checksum)")
  exit(0)
}
if arguments.first == "--time", arguments.count == 2 {
  // otc-eval --time FILE: extracts from the whole file as one message, and times it.
  let text = String(
    decoding: FileManager.default.contents(atPath: arguments[1]) ?? Data(), as: UTF8.self)
  let clock = ContinuousClock()
  var code: String? = nil
  let elapsed = clock.measure { code = CodeExtractor().extract(from: text)?.code }
  print("\(text.utf8.count) bytes: \(code ?? "nil") in \(elapsed)")
  exit(0)
}
if arguments.first == "--explain" {
  // otc-eval --explain TEXT: every candidate with the reasons for its score.
  let text = arguments.dropFirst().joined(separator: " ").replacingOccurrences(
    of: "\\n", with: "\n")
  let e = CodeExtractor().extract(from: text)
  print(
    "extract:",
    e.map {
      "\($0.code) \($0.confidence) service=\($0.service ?? "-") expires=\($0.expiresIn.map(String.init) ?? "-")"
    } ?? "nil")
  for c in CodeExtractor().candidates(in: text) {
    print(
      String(format: "%-12@ %6.2f  ", c.code, c.score)
        + c.reasons.map { "\($0.feature) \(String(format: "%+.2f", $0.weight))" }.joined(
          separator: ", "))
  }
  exit(0)
}
var showMisses = 40
var floor: Double? = nil
var merge: String? = nil
var files: [String] = []
while !arguments.isEmpty {
  let a = arguments.removeFirst()
  switch a {
  case "--misses": showMisses = Int(arguments.removeFirst()) ?? 40
  case "--floor": floor = Double(arguments.removeFirst())
  case "--merge": merge = arguments.removeFirst()
  default: files.append(a)
  }
}

let extractor = CodeExtractor()
var failed = false
var total = Counts()
let groups: [(String, [String])] = merge.map { [($0, files)] } ?? files.map { ($0, [$0]) }
for (name, members) in groups {
  var counts = Counts()
  var byLang: [String: Counts] = [:]
  var byTag: [String: Counts] = [:]
  var misses: [String] = []
  for file in members {
    guard let data = FileManager.default.contents(atPath: file) else {
      FileHandle.standardError.write("otc-eval: \(file): cannot read\n".data(using: .utf8)!)
      failed = true
      continue
    }
    for (n, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
        let text = object["text"] as? String
      else { continue }
      let want = object["code"] as? String
      let presenceOnly = object["presence_only"] as? Bool ?? false
      let lang = object["lang"] as? String ?? "und"
      var tags = object["tags"] as? [String] ?? []
      if let kind = object["kind"] as? String { tags.append(kind) }
      let got = extractor.extract(from: text)
      var c = Counts()
      c.lines = 1
      var ok: Bool
      if presenceOnly {
        c.presence = 1
        ok = (got != nil) == (want != nil)
        if ok { c.agree = 1 }
      } else {
        let gotCode = got?.code
        if let want {
          if gotCode == want {
            c.tp = 1
          } else {
            c.fn = 1
            if gotCode != nil { c.fp = 1 }
          }
        } else {
          c.negatives = 1
          if gotCode != nil {
            c.fp = 1
            c.falseAlarms = 1
          }
        }
        ok = gotCode == want
        if ok, let domain = object["domain"] as? String {
          ok =
            got?.origin?.domain == domain
            && got?.origin?.embeddedDomain == (object["embedded_domain"] as? String)
          if !ok {
            c.tp = 0
            c.fn = 1
            c.fp = 1
          }
        }
      }
      counts.add(c)
      byLang[lang, default: Counts()].add(c)
      for tag in tags { byTag[tag, default: Counts()].add(c) }
      if !ok {
        let shown = text.replacingOccurrences(of: "\n", with: "⏎")
        let gotText = got.map { "\($0.code) (\(String(format: "%.2f", $0.confidence)))" } ?? "nil"
        misses.append(
          "  \(file.split(separator: "/").last!):\(n + 1) want \(want ?? "nil") got \(gotText): \(shown.prefix(150))"
        )
      }
    }
  }
  total.add(counts)
  print("== \(name)")
  print(counts.row("all"))
  if byLang.count > 1 {
    for (lang, c) in byLang.sorted(by: { $0.key < $1.key }) { print(c.row("  lang " + lang)) }
  }
  if byTag.count > 1 {
    for (tag, c) in byTag.sorted(by: { $0.key < $1.key }) { print(c.row("  tag " + tag)) }
  }
  if !misses.isEmpty {
    print("misses (\(misses.count)):")
    for m in misses.prefix(showMisses) { print(m) }
    if misses.count > showMisses { print("  ... \(misses.count - showMisses) more") }
  }
  print("")
}
if groups.count > 1 { print(total.row("TOTAL")) }
if let floor, total.f1 < floor {
  FileHandle.standardError.write(
    "otc-eval: F1 \(total.f1) is below the floor \(floor)\n".data(using: .utf8)!)
  failed = true
}
exit(failed ? 1 : 0)
