import Foundation
import Testing

@testable import OneTimeCode

/// The floor for F1 on `Fixtures/corpus`, set just under what the extractor reaches
/// (see README, "Accuracy"). A change that drops below it fails `make test`.
private let f1Floor = 0.99

@Suite("Accuracy on Fixtures/corpus")
struct CorpusAccuracyTests {
  static let corpus: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/corpus")

  struct Line {
    var text: String
    var code: String?
    var lang: String
  }

  static func lines() throws -> [Line] {
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    var result: [Line] = []
    for file in files {
      let data = try Data(contentsOf: corpus.appendingPathComponent(file))
      for raw in data.split(separator: UInt8(ascii: "\n")) {
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(raw)) as? [String: Any])
        let text = try #require(object["text"] as? String)
        result.append(
          Line(
            text: text, code: object["code"] as? String, lang: object["lang"] as? String ?? "und"))
      }
    }
    return result
  }

  @Test("the corpus is large and varied enough to mean something")
  func shape() throws {
    let lines = try Self.lines()
    #expect(lines.count >= 600)
    #expect(Set(lines.map(\.lang)).count >= 30)
    let withoutCode = lines.filter { $0.code == nil }.count
    #expect(Double(withoutCode) / Double(lines.count) >= 0.4)
  }

  @Test("F1 stays above the floor")
  func accuracy() throws {
    let extractor = CodeExtractor()
    var tp = 0
    var fp = 0
    var fn = 0
    for line in try Self.lines() {
      let got = extractor.extract(from: line.text)?.code
      if let want = line.code {
        if got == want {
          tp += 1
        } else {
          fn += 1
          if got != nil { fp += 1 }
        }
      } else if got != nil {
        fp += 1
      }
    }
    let precision = Double(tp) / Double(max(1, tp + fp))
    let recall = Double(tp) / Double(max(1, tp + fn))
    let f1 = 2 * precision * recall / max(1e-9, precision + recall)
    #expect(f1 >= f1Floor, "F1 \(f1) (P \(precision), R \(recall)) is below the floor \(f1Floor)")
  }
}
