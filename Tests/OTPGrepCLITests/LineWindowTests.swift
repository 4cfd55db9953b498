import Foundation
import OneTimeCode
import Synchronization
import Testing

@testable import OTPGrepCLI

/// Lines of many templates, scripts and lengths, with digits, empty lines and a long one.
private func sampleLines(_ count: Int, seed: UInt64) -> [[UInt8]] {
  var rng = SeededGenerator(seed: seed)
  let templates = [
    "Your code is #", "Ваш код: #", "رمز التحقق #", "#は認証コードです", "Card ending # charged $#.##",
    "Order # shipped", "", "Tu código es #. Caduca en # minutos", "no digits at all here",
    "#", "Ref #, code #", "Код подтверждения #",
  ]
  return (0..<count).map { _ in
    var line = ""
    for c in templates[Int.random(in: 0..<templates.count, using: &rng)] {
      line += c == "#" ? String(Int.random(in: 0..<1_000_000, using: &rng)) : String(c)
    }
    if Int.random(in: 0..<50, using: &rng) == 0 {
      line += String(repeating: "x", count: Int.random(in: 0..<400, using: &rng))
    }
    return Array(line.utf8)
  }
}

/// A small deterministic generator (SplitMix64), so that a failure can be run again.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Lines' bytes one after the other in memory of their own, where a window may point until it
/// is sorted (as it points into the framer's buffer).
private final class LineBytes {
  let base: UnsafeMutablePointer<UInt8>
  let spans: [Range<Int>]

  init(_ lines: [[UInt8]]) {
    let total = lines.reduce(0) { $0 + $1.count }
    base = .allocate(capacity: max(1, total))
    var spans: [Range<Int>] = []
    var at = 0
    for line in lines {
      (base + at).initialize(from: line, count: line.count)
      spans.append(at..<at + line.count)
      at += line.count
    }
    self.spans = spans
  }

  deinit { base.deallocate() }

  func line(_ k: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base + spans[k].lowerBound, count: spans[k].count)
  }
}

/// Fills `window` with `lines`, every fifth from the fourth on flagged as cut.
private func fill(_ window: LineWindow, _ lines: LineBytes, firstLine: Int = 1) {
  for k in lines.spans.indices {
    window.append(lines.line(k), line: firstLine + k, cut: k % 5 == 3)
  }
}

/// A window of `count` sample lines (``sampleLines(_:seed:)``), filled and sorted, and the bytes
/// it was filled from.
private func sortedWindow(_ count: Int, seed: UInt64) -> (LineWindow, LineBytes) {
  let window = LineWindow(capacity: count, sorter: LineWindow.Sorter(capacity: count))
  let bytes = LineBytes(sampleLines(count, seed: seed))
  fill(window, bytes)
  window.sort()
  return (window, bytes)
}

@Suite("LineWindow")
struct LineWindowTests {
  @Test(
    "the lines are sorted by their first two bytes, digits as 0, and length, ties in input order",
    arguments: [1, 2, 37, 1000, 5000])
  func sortsByOrderKey(count: Int) {
    let lines = sampleLines(count, seed: UInt64(count))
    let window = LineWindow(capacity: count, sorter: LineWindow.Sorter(capacity: count))
    let bytes = LineBytes(lines)
    fill(window, bytes, firstLine: 41)
    window.sort()
    #expect(window.count == count)
    func key(_ line: [UInt8]) -> [Int] {
      let masked = line.map { $0 >= 0x30 && $0 <= 0x39 ? 0x30 : Int($0) }
      return [
        masked.count > 0 ? masked[0] : 0, masked.count > 1 ? masked[1] : 0, min(line.count, 255),
      ]
    }
    let expected = lines.indices.sorted {
      key(lines[$0]).lexicographicallyPrecedes(key(lines[$1]))
        || (key(lines[$0]) == key(lines[$1]) && $0 < $1)
    }
    for (j, i) in expected.enumerated() {
      #expect(Array(window.staged(j)) == lines[i], "place \(j)")
      #expect(window.place(i) == j)
    }
    for i in lines.indices {
      #expect(Array(window.text(i)) == lines[i])
      #expect(window.line(i) == 41 + i)
      #expect(window.isCut(i) == (i % 5 == 3))
    }
  }

  @Test("lines of one template come together whatever their digits")
  func templatesComeTogether() {
    let lines = ["12 ab", "Hi 1", "98 ab", "Hi 7", "45 ab"].map { Array($0.utf8) }
    let window = LineWindow(capacity: 8, sorter: LineWindow.Sorter(capacity: 8))
    let bytes = LineBytes(lines)
    fill(window, bytes)
    window.sort()
    #expect(
      (0..<5).map { String(decoding: window.staged($0), as: UTF8.self) } == [
        "12 ab", "98 ab", "45 ab", "Hi 1", "Hi 7",
      ])
  }

  @Test("codes found in ranges of the sorted order are kept, taken once each, and cleared")
  func findings() throws {
    let (window, bytes) = sortedWindow(300, seed: 9)
    let extractor = CodeExtractor()
    var workspace = ExtractionWorkspace()
    var expected: [String?] = Array(repeating: nil, count: 300)
    // Three ranges of places, each with slots from its first place on, as jobs keep them.
    for range in [0..<100, 100..<250, 250..<300] {
      var slot = range.lowerBound
      for j in range {
        let found = try? extractor.find(utf8: window.staged(j), reusing: &workspace)
        // Every third line is taken as not UTF-8, to hold that path too.
        window.setFinding(j % 3 == 0 ? nil : found, inOrder: j, slot: &slot)
        #expect(slot <= range.upperBound)
      }
    }
    for i in 0..<300 where window.place(i) % 3 != 0 {
      expected[i] = try extractor.find(utf8: window.text(i), reusing: &workspace).code
    }
    for i in 0..<300 {
      #expect(window.findsAgain(i) == (window.place(i) % 3 == 0))
      if !window.findsAgain(i) {
        #expect(window.takeFinding(of: i).code == expected[i], "line \(i)")
        // Taken: nothing is held any more.
        if case .none = window.takeFinding(of: i) {} else { Issue.record("taken twice") }
      }
    }
    #expect(expected.contains { $0 != nil })
    window.clear()
    #expect(window.count == 0)
    // Filled again after clearing, with codes left untaken: clearing frees them.
    fill(window, bytes)
    window.sort()
    var slot = 0
    for j in 0..<300 {
      window.setFinding(
        try? extractor.find(utf8: window.staged(j), reusing: &workspace), inOrder: j, slot: &slot)
    }
    window.clear()
  }

  @Test("a window holds at most 65,536 lines: its index fits the order key")
  func capacityIsBounded() {
    let sorter = LineWindow.Sorter(capacity: 1 << 20)
    #expect(sorter.capacity == LineWindow.largestCapacity)
    #expect(LineWindow(capacity: 1 << 20, sorter: sorter).capacity == LineWindow.largestCapacity)
    #expect(LineWindow(capacity: 10, sorter: sorter).capacity == 10)
    #expect(
      LineWindow(capacity: 100, sorter: LineWindow.Sorter(capacity: 50)).capacity == 50)
  }

  @Test("a parallel run holds at most sixteen record jobs, whatever its threads")
  func recordJobsInFlightAreBounded() {
    for jobs in 1...256 {
      let inFlight = Runner.windowJobsInFlight(jobs: jobs)
      #expect(inFlight <= 16, "\(jobs) jobs")
      // One and two jobs keep eight for each thread.
      #expect(inFlight >= 8 * min(jobs, 2), "\(jobs) jobs")
    }
  }

  @Test("malloc is limited to two arenas, so that memory does not grow with the threads")
  func mallocArenasAreLimited() {
    #if canImport(Glibc)
      // Under ASan or TSan, their allocator's `mallopt` takes nothing.
      #expect(OTPGrep.limitMallocArenas() || OTPGrep.mallocIsSanitizers)
    #endif
  }

  @Test("the latch lets its waiters go only once every count is down, from any thread")
  func latch() {
    let latch = LineWindow.Latch(count: 8)
    let done = Mutex(0)
    let group = DispatchGroup()
    for _ in 0..<8 {
      DispatchQueue.global().async(group: group) {
        usleep(2000)
        done.withLock { $0 += 1 }
        latch.countDown()
      }
    }
    latch.wait()
    // Every job had counted down, after its count here, when the wait ended.
    #expect(done.withLock { $0 } == 8)
    #expect(group.wait(timeout: .now() + 10) == .success)
  }

  @Test(
    "a claiming latch hands out every place once, in blocks that shrink to the smallest",
    arguments: [(0, 1), (1, 1), (63, 2), (64, 2), (65, 2), (1000, 2), (13_000, 2), (40_000, 7)])
  func claims(places: Int, finders: Int) {
    let latch = LineWindow.Latch(count: places, places: places, finders: finders)
    var blocks: [Range<Int>] = []
    while let block = latch.claim() { blocks.append(block) }
    #expect(latch.claim() == nil)
    // One after the other, from 0 to the end: every place once.
    #expect(blocks.first?.lowerBound ?? 0 == 0)
    #expect(blocks.last?.upperBound ?? 0 == places)
    for (a, b) in zip(blocks, blocks.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
    // Never longer than the one before, never shorter than the smallest (but the last), and
    // at most half of what was left over the finders.
    for (a, b) in zip(blocks, blocks.dropFirst()) { #expect(b.count <= a.count) }
    for block in blocks.dropLast() { #expect(block.count >= LineWindow.claimedPlaces) }
    for block in blocks where block.count > LineWindow.claimedPlaces {
      #expect(block.count <= (places - block.lowerBound) / (2 * finders))
    }
  }

  @Test("finders on several threads find every code of a window once, as one thread does")
  func findsClaimedBlocks() throws {
    let (window, bytes) = sortedWindow(5000, seed: 21)
    defer { withExtendedLifetime(bytes) {} }
    let processor = MessageProcessor(
      configuration: try Configuration(arguments: [], environment: [:]))
    let latch = window.claimingLatch(finders: 4)
    let group = DispatchGroup()
    for _ in 0..<4 {
      DispatchQueue.global().async(group: group) {
        var workspace = ExtractionWorkspace()
        window.findClaimed(with: processor, reusing: &workspace, counting: latch)
      }
    }
    latch.wait()
    #expect(group.wait(timeout: .now() + 30) == .success)
    // Every block is handed out once: a finder that comes after the last one (a record job
    // that finds the blocks left) is given none, and runs through without finding.
    #expect(latch.claim() == nil)
    var late = ExtractionWorkspace()
    window.findClaimed(with: processor, reusing: &late, counting: latch)
    var workspace = ExtractionWorkspace()
    var codes = 0
    for i in 0..<5000 {
      // A line a window does not keep the code of is found again when its record is written.
      if window.findsAgain(i) { continue }
      let expected = processor.find(utf8: window.text(i), reusing: &workspace).flatMap(\.code)
      let kept = window.takeFinding(of: i)
      #expect(kept.code == expected, "line \(i)")
      if kept.code != nil { codes += 1 }
    }
    #expect(codes > 500)
    window.clear()
  }
}

@Suite("Lines in an order of their own")
struct WindowedRunTests {
  /// Runs otpgrep in-process on `input` with windows of `windowBytes` and `windowLines`.
  private func run(
    _ arguments: [String], _ input: [UInt8], jobs: Int, windowBytes: Int, windowLines: Int,
    chunk: Int
  ) throws -> (Int32, String, String) {
    var config = try Configuration(arguments: arguments + ["-j", String(jobs)], environment: [:])
    config.parallelThreshold = 0
    config.chunkBytes = 1000
    config.windowBytes = windowBytes
    config.windowLines = windowLines
    config.maximumMessageBytes = 300
    return OTPGrepCLITests.run(config, stdin: input, chunk: chunk)
  }

  /// Lines whose records come out of windows of many sizes as they do line by line
  /// (`--line-buffered` takes each line through the extractor as it is read): cut lines and
  /// their warnings, lines that are not UTF-8, CRLF, empty lines, lines across reads, a last
  /// line without its newline, windows ended by their line count inside a read.
  @Test(
    "records, warnings and status are those of a run line by line",
    arguments: [
      ("lines", 1), ("lines", 2), ("lines", 3), ("nul", 1), ("nul", 2),
    ])
  func windowsMatchLineByLine(format: String, jobs: Int) throws {
    var lines = sampleLines(4000, seed: UInt64(jobs))
    lines[17] = Array("Your code is 4821\r".utf8)
    lines[18] = [0x59, 0xFF, 0x20, 0x31, 0x32, 0x33, 0x34]  // not UTF-8
    lines[900] = Array(String(repeating: "code 1234 ", count: 80).utf8)  // cut at 300
    let delimiter: UInt8 = format == "nul" ? 0 : 0x0A
    var input = Array(lines.joined(separator: [delimiter]))
    input += Array("\(delimiter == 0 ? "\u{0}" : "\n")Your code is 654321".utf8)
    let reference = try run(
      ["--input", format, "--line-buffered"], input, jobs: 1, windowBytes: 1 << 21,
      windowLines: 1 << 15, chunk: 65536)
    #expect(reference.1.split(separator: "\n").count == lines.count + 1)
    #expect(reference.2.contains("warning: message longer than 300 bytes"))
    #expect(reference.2.contains("invalid UTF-8"))
    for (windowBytes, windowLines, chunk) in [
      (1 << 21, 1 << 15, 65536), (900, 37, 777), (5000, 1000, 1), (64, 3, 13),
      (1 << 16, 1 << 15, 4096),
    ] {
      let windowed = try run(
        ["--input", format], input, jobs: jobs, windowBytes: windowBytes,
        windowLines: windowLines, chunk: chunk)
      let label = "window \(windowBytes) bytes, \(windowLines) lines, reads of \(chunk)"
      #expect(windowed.0 == reference.0, "\(label)")
      #expect(windowed.1 == reference.1, "\(label)")
      #expect(windowed.2 == reference.2, "\(label)")
    }
  }

  @Test(
    "every format and option writes what a run line by line writes",
    arguments: [
      ["--format", "tsv"], ["--format", "json"], ["--format", "code"], ["--only-found"],
      ["--explain"], ["--mask", "XXX-XXX"], ["--length", "6"], ["--min-confidence", "0.95"],
    ])
  func optionsMatchLineByLine(options: [String]) throws {
    let input = Array(sampleLines(700, seed: 3).joined(separator: [0x0A]))
    let reference = try run(
      options + ["--line-buffered"], input, jobs: 1, windowBytes: 1 << 21, windowLines: 1 << 15,
      chunk: 65536)
    for jobs in [1, 2] {
      let windowed = try run(
        options, input, jobs: jobs, windowBytes: 2000, windowLines: 50, chunk: 333)
      #expect(windowed.0 == reference.0, "\(jobs) jobs")
      #expect(windowed.1 == reference.1, "\(jobs) jobs")
      #expect(windowed.2 == reference.2, "\(jobs) jobs")
    }
  }
}
