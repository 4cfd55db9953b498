import Foundation
import OneTimeCode
import Testing

@testable import OTPGrepCLI

@Suite("otpgrep in-process")
struct InProcessTests {
  static let schemaKeys = [
    "code", "match", "start", "end", "confidence", "kind", "service", "expires_in", "origin",
    "file", "line", "id",
    "sender", "date",
  ]

  @Test func everyMessageGetsARecordInInputOrder() {
    let run = otpgrep([], stdin: "Your code is 482913\nno digits here\n\nYour code is 777123\n")
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let records = run.records
    #expect(records.count == 4)
    #expect(records.map { $0["line"] as? Int } == [1, 2, 3, 4])
    #expect(records[0]["code"] as? String == "482913")
    #expect(records[1]["code"] is NSNull)
    #expect(records[2]["code"] is NSNull)
    #expect(records[3]["code"] as? String == "777123")
    #expect(records.allSatisfy { $0["file"] as? String == "<stdin>" })
  }

  @Test func keysComeInTheDocumentedOrder() {
    let run = otpgrep([], stdin: "Your code is 482913\nno digits here\n")
    for line in run.lines { #expect(topLevelKeys(line) == Self.schemaKeys) }
  }

  @Test func startAndEndAreUnicodeScalarOffsetsOfTheMatch() throws {
    // Built by hand so the test pins the writer, not the extractor's offsets.
    let text = "Código é😀: 482-913"
    let range = text.range(of: "482-913")!
    let start = text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound)
    let extraction = Extraction(
      code: "482913", range: range, scalarOffsets: start..<start + 7,
      utf8Offsets: text.utf8.distance(
        from: text.startIndex, to: range.lowerBound)..<text.utf8.count,
      confidence: 0.97, kind: .numeric, service: "Acme", expiresIn: 600,
      origin: OriginBinding(domain: "example.com"))
    var out: [UInt8] = []
    RecordWriter(format: .jsonLines).write(
      Record(message: InputMessage(text: text, line: 1), file: "f", extraction: extraction),
      to: &out)
    let record = try JSONSerialization.jsonObject(with: Data(out)) as! [String: Any]
    let scalars = Array(text.unicodeScalars)[(record["start"] as! Int)..<(record["end"] as! Int)]
    #expect(String(String.UnicodeScalarView(scalars)) == record["match"] as? String)
    #expect(record["match"] as? String == "482-913")
    #expect(record["service"] as? String == "Acme")
    #expect(record["expires_in"] as? Int == 600)
    #expect(record["confidence"] as? Double == 0.97)
    let origin = record["origin"] as? [String: Any]
    #expect(origin?["domain"] as? String == "example.com")
    #expect(origin?["embedded"] is NSNull)
    #expect(
      String(decoding: out, as: UTF8.self).contains(
        #""origin":{"domain":"example.com","embedded":null}"#))
  }

  @Test func exitStatusIsOneWhenNoCodeIsFound() {
    let run = otpgrep([], stdin: "no digits here\n")
    #expect(run.status == 1)
    #expect(run.records.count == 1)
  }

  @Test func anEmptyInputWritesNothingAndFindsNothing() {
    let run = otpgrep([], stdin: "")
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
  }

  @Test func onlyFoundDropsRecordsWithoutACode() {
    let run = otpgrep(["--only-found"], stdin: "no digits here\nYour code is 482913\n")
    #expect(run.records.map { $0["line"] as? Int } == [2])
  }

  @Test func quietWritesNothingButKeepsTheStatus() {
    #expect(otpgrep(["-q"], stdin: "Your code is 482913\n").stdout.isEmpty)
    #expect(otpgrep(["-q"], stdin: "Your code is 482913\n").status == 0)
    #expect(otpgrep(["-q"], stdin: "no digits here\n").status == 1)
  }

  @Test func codeFormatPrintsBareCodes() {
    let run = otpgrep(
      ["--format", "code"], stdin: "Your code is 482913\nno digits here\nYour code is 777123\n")
    #expect(run.stdout == "482913\n777123\n")
  }

  @Test func tsvFormatHasOneEscapedRowPerMessage() {
    let run = otpgrep(["--format=tsv"], stdin: "Your code is 482913\nno digits here\n")
    let rows = run.lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    #expect(rows.count == 2)
    #expect(rows.allSatisfy { $0.count == 8 })
    #expect(
      rows[0][0] == "<stdin>" && rows[0][1] == "1" && rows[0][3] == "482913"
        && rows[0][7] == "482913")
    #expect(rows[1][3] == "")
  }

  @Test func jsonFormatIsOneArray() throws {
    let run = otpgrep(["--format", "json"], stdin: "Your code is 482913\nno digits here\n")
    let array = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [[String: Any]]
    #expect(array.count == 2)
    #expect(array[0]["code"] as? String == "482913")
    let empty = otpgrep(["--format", "json"], stdin: "")
    #expect(try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [Any] != nil)
  }

  @Test func messagesOnTheCommandLineComeFirstAndHaveNoFile() {
    let run = otpgrep(["-m", "Your code is 482913", "--message=no digits here"])
    #expect(run.records.count == 2)
    #expect(run.records.allSatisfy { $0["file"] is NSNull })
    #expect(run.records.map { $0["line"] as? Int } == [1, 2])
  }

  @Test func jsonLinesInputReadsTextIdSenderAndDate() {
    let input = """
      {"id":"a1","sender":"Bank","date":"2026-03-12T08:15:02Z","text":"Your code is 482913"}

      {"id":42,"date":1773303302,"text":"no digits here"}

      """
    let run = otpgrep(["--input", "jsonl"], stdin: input)
    let records = run.records
    #expect(run.status == 0)
    #expect(records.count == 2)
    #expect(records.map { $0["line"] as? Int } == [1, 3])
    #expect(records[0]["id"] as? String == "a1")
    #expect(records[0]["sender"] as? String == "Bank")
    #expect(records[0]["date"] as? String == "2026-03-12T08:15:02Z")
    #expect(records[1]["id"] as? String == "42")
    #expect(records[1]["date"] as? String == "2026-03-12T08:15:02Z")
  }

  @Test func textFieldChoosesTheKey() {
    let run = otpgrep(
      ["--input=jsonl", "--text-field", "body"], stdin: #"{"body":"Your code is 482913"}"# + "\n")
    #expect(run.records.first?["code"] as? String == "482913")
  }

  @Test(
    "a bad JSON line gives a record with an error, and the run goes on",
    arguments: [
      ("not json", "malformed JSON"),
      (#"{"id":1}"#, "missing text field 'text'"),
      (#"{"text":5}"#, "text field 'text' is not a string"),
    ])
  func badJSONLines(line: String, error: String) {
    let run = otpgrep(
      ["--input", "jsonl"], stdin: line + "\n" + #"{"text":"Your code is 482913"}"# + "\n")
    #expect(run.status == 2)
    let records = run.records
    #expect(records.count == 2)
    #expect((records[0]["error"] as? String)?.hasPrefix(error) == true)
    #expect(records[0]["line"] as? Int == 1)
    #expect(records[1]["code"] as? String == "482913")
    #expect(run.stderr.hasPrefix("otpgrep: <stdin>:1: \(error)"))
    #expect(topLevelKeys(run.lines[0]) == Self.schemaKeys + ["error"])
  }

  @Test func errorsNeverEchoTheMessage() {
    let run = otpgrep(["--input", "jsonl"], stdin: #"{"text":"secret 482913", "#)
    #expect(!run.stderr.contains("secret"))
    #expect(!run.stdout.contains("secret"))
  }

  @Test func crlfLineEndingsAreTolerated() {
    let run = otpgrep(["--format", "tsv"], stdin: "Your code is 482913\r\nx\r\n")
    #expect(run.lines[0].hasSuffix("\t482913"))
    #expect(run.lines.count == 2)
  }

  @Test func nulInputKeepsNewlinesInsideMessages() {
    let run = otpgrep(["-z"], bytes: Array("Your\ncode is 482913\u{0}second\nmessage\u{0}".utf8))
    #expect(run.records.count == 2)
    #expect(run.records[0]["code"] as? String == "482913")
  }

  @Test func aNULByteInLinesModeIsText() {
    let run = otpgrep([], bytes: Array("Your\u{0}code is 482913\n".utf8))
    #expect(run.records.count == 1)
    #expect(run.records[0]["code"] as? String == "482913")
  }

  @Test func invalidUTF8IsRepairedWithOneWarningAndACount() {
    let bytes: [UInt8] =
      Array("Your code is 482913 ".utf8) + [0xFF, 0x0A] + [0xC3, 0x0A, 0x41, 0x0A]
    let run = otpgrep([], bytes: bytes)
    #expect(run.records.count == 3)
    #expect(run.status == 0)
    #expect(
      run.stderr
        == "otpgrep: <stdin>: warning: 2 messages had invalid UTF-8, replaced with U+FFFD\n")
  }

  @Test func explainAddsCandidatesAfterTheSchema() {
    let run = otpgrep(["--explain"], stdin: "Your code is 482913\n")
    #expect(run.records[0]["candidates"] is [Any])
    #expect(topLevelKeys(run.lines[0]) == Self.schemaKeys + ["candidates"])
  }

  @Test func maskAddsAFormattedField() {
    let run = otpgrep(["--mask", "###-###", "-m", "Your code is 482913"])
    #expect(run.records[0]["formatted"] as? String == "482-913")
    let keys = topLevelKeys(run.lines[0])
    #expect(keys == Array(Self.schemaKeys[..<9]) + ["formatted"] + Array(Self.schemaKeys[9...]))
    #expect(
      otpgrep(["--mask", "###-###", "--format", "code", "-m", "Your code is 482913"]).stdout
        == "482-913\n")
  }

  @Test func aClosedOutputIsAQuietSuccess() {
    let input = String(repeating: "Your code is 482913\n", count: 10_000)
    let run = otpgrep([], stdin: input, closingAfter: 100)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
  }

  @Test func aClosedOutputIsQuietEvenWhenNothingWasFound() {
    let run = otpgrep(
      [], stdin: String(repeating: "no digits here\n", count: 10_000), closingAfter: 10)
    #expect(run.status == 0)
  }

  @Test func streamsFlushOncePerReadAndFilesAreBlockBuffered() {
    let input = String(repeating: "Your code is 482913\n", count: 50)
    let streamed = otpgrep([], stdin: input, kind: .stream, chunk: 20)
    #expect(streamed.writes == 50)
    let batch = otpgrep([], stdin: input, chunk: 20)
    #expect(batch.writes == 1)
    #expect(streamed.stdout == batch.stdout)
    let lineBuffered = otpgrep(["--line-buffered"], stdin: input)
    #expect(lineBuffered.writes == 50)
  }

  @Test func aMessageOverTheCapIsCutWithAWarning() throws {
    var config = try Configuration(arguments: [], environment: [:])
    config.maximumMessageBytes = 64
    let stdout = MemorySink()
    let stderr = MemorySink()
    let input = "Your code is 482913 " + String(repeating: "x", count: 1000) + "\nnext\n"
    let status = Runner(
      config: config, stdin: MemorySource(input, chunk: 16), stdout: stdout, stderr: stderr
    ).run()
    #expect(status != 2, "a warning is not an error")
    #expect(stdout.string.split(separator: "\n").count == 2)
    #expect(
      stderr.string == "otpgrep: <stdin>:1: warning: message longer than 64 bytes, cut there\n")
  }

  @Test(
    "threads keep the output identical and in order",
    arguments: [("lines", 2), ("lines", 3), ("jsonl", 2), ("nul", 4)])
  func parallelOutputMatchesSequential(format: String, jobs: Int) throws {
    let delimiter = format == "nul" ? "\u{0}" : "\n"
    let input =
      (0..<5000).map { n -> String in
        let text = n % 3 == 0 ? "no digits here" : "Your code is \(100_000 + n)"
        return format == "jsonl" ? #"{"id":\#(n),"text":"\#(text)"}"# : text
      }.joined(separator: delimiter) + delimiter
    func run(jobs: Int) throws -> (Int32, String, String) {
      var config = try Configuration(
        arguments: ["--input", format, "-j", String(jobs)], environment: [:])
      config.parallelThreshold = 0
      config.chunkBytes = 1000
      return OTPGrepCLITests.run(config, stdin: Array(input.utf8), chunk: 777)
    }
    let sequential = try run(jobs: 1)
    let parallel = try run(jobs: jobs)
    #expect(parallel.0 == sequential.0)
    #expect(parallel.1 == sequential.1)
    #expect(parallel.2 == sequential.2)
    #expect(sequential.1.split(separator: "\n").count == 5000)
  }

  /// The reading thread copies the lines of each read into its batch as one run: lines cut
  /// at the cap, empty lines, lines split across reads and a last line without its newline
  /// each end a run or sit inside one, and every line still reaches its record whole.
  @Test("threads read cut, empty and split lines as one thread does", arguments: [2, 3])
  func parallelRunsOfLines(jobs: Int) throws {
    var lines: [String] = []
    for n in 0..<3000 {
      switch n % 7 {
      case 0: lines.append("")
      case 1: lines.append("Your code is \(300_000 + n) " + String(repeating: "x", count: n % 90))
      case 2: lines.append(String(repeating: "y", count: 50 + n % 40) + " code \(400_000 + n)")
      case 3: lines.append("Ваш код \(500_000 + n)")
      default: lines.append("Ref \(n), no code")
      }
    }
    let input = lines.joined(separator: "\n") + "\nYour code is 654321"
    func run(jobs: Int, chunk: Int) throws -> (Int32, String, String) {
      var config = try Configuration(arguments: ["-j", String(jobs)], environment: [:])
      config.parallelThreshold = 0
      config.chunkBytes = 700
      config.maximumMessageBytes = 64
      return OTPGrepCLITests.run(config, stdin: Array(input.utf8), chunk: chunk)
    }
    let sequential = try run(jobs: 1, chunk: 65536)
    #expect(sequential.1.split(separator: "\n").count == lines.count + 1)
    #expect(sequential.2.contains("warning: message longer than 64 bytes"))
    for chunk in [1, 13, 777, 65536] {
      let parallel = try run(jobs: jobs, chunk: chunk)
      #expect(parallel.0 == sequential.0, "chunk \(chunk)")
      #expect(parallel.1 == sequential.1, "chunk \(chunk)")
      #expect(parallel.2 == sequential.2, "chunk \(chunk)")
    }
  }

  @Test(
    "the input in flight in a parallel run does not grow with the number of threads",
    arguments: [1, 2, 3, 4, 8, 16, 64])
  func batchesShrinkWithThreads(jobs: Int) {
    let batch = Runner.batchBytes(jobs: jobs, largest: 1 << 18)
    // At most 2 × jobs batches are in flight.
    #expect(2 * jobs * batch <= max(Runner.parallelBudget, 2 * jobs * Runner.smallestChunk))
    #expect(batch >= Runner.smallestChunk)
    #expect(batch <= 1 << 18)
    // A smaller configured batch (as the tests use) is kept.
    #expect(Runner.batchBytes(jobs: jobs, largest: 1000) == 1000)
  }

  @Test func parallelJSONArrayStaysValid() throws {
    var config = try Configuration(
      arguments: ["--format", "json", "-j", "2", "-o"], environment: [:])
    config.parallelThreshold = 0
    config.chunkBytes = 100
    let stdout = MemorySink()
    let input = (0..<500).map { $0 % 2 == 0 ? "none" : "Your code is \(100_000 + $0)" }.joined(
      separator: "\n")
    _ = Runner(config: config, stdin: MemorySource(input), stdout: stdout, stderr: MemorySink())
      .run()
    let array = try JSONSerialization.jsonObject(with: Data(stdout.bytes)) as! [[String: Any]]
    #expect(array.count == 250)
  }

  /// A sink that fails like a full disk once it holds `limit` bytes.
  final class FullDiskSink: ByteSink {
    private(set) var bytes: [UInt8] = []
    let isTerminal = false
    let limit: Int
    init(limit: Int) { self.limit = limit }
    func write(_ bytes: UnsafeRawBufferPointer) throws(IOError) {
      guard self.bytes.count + bytes.count <= limit else { throw .system(ENOSPC) }
      self.bytes.append(contentsOf: bytes)
    }
  }

  /// otpgrep over `input` with `jobs` threads (in parallel from the first byte), into `stdout`.
  func runParallel(
    _ arguments: [String], jobs: Int, input: String, stdout: ByteSink
  ) throws -> (status: Int32, stderr: String) {
    var config = try Configuration(arguments: arguments + ["-j", String(jobs)], environment: [:])
    config.parallelThreshold = 0
    config.chunkBytes = 1000
    let stderr = MemorySink()
    let status = Runner(
      config: config, stdin: MemorySource(input, chunk: 777), stdout: stdout, stderr: stderr
    ).run()
    return (status, stderr.string)
  }

  static let mixedInput = (0..<3000).map { $0 % 3 == 0 ? "none" : "Your code is \(100_000 + $0)" }
    .joined(separator: "\n")

  @Test("a parallel run stops at a full disk, says so and exits 2", arguments: [1, 2, 3])
  func parallelWriteFailure(jobs: Int) throws {
    // Room for one whole block of one job's output (and several batches of more jobs'), not
    // for the whole of it (about 600 KB).
    let sink = FullDiskSink(limit: OutputBuffer.blockSize + 50_000)
    let run = try runParallel([], jobs: jobs, input: Self.mixedInput, stdout: sink)
    #expect(run.status == 2)
    #expect(run.stderr == "otpgrep: standard output: \(IOError.system(ENOSPC))\n")
    // What was written is whole records, the first ones in order.
    let complete = MemorySink()
    _ = try runParallel([], jobs: 1, input: Self.mixedInput, stdout: complete)
    #expect(!sink.bytes.isEmpty)
    #expect(complete.bytes.starts(with: sink.bytes))
    #expect(sink.bytes.last == 0x0A)
  }

  @Test("a parallel run into a closed pipe exits 0 quietly", arguments: [2, 3])
  func parallelBrokenPipe(jobs: Int) throws {
    let sink = MemorySink(closingAfter: 5000)
    let run = try runParallel([], jobs: jobs, input: Self.mixedInput, stdout: sink)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let complete = MemorySink()
    _ = try runParallel([], jobs: 1, input: Self.mixedInput, stdout: complete)
    #expect(complete.bytes.starts(with: sink.bytes))
  }

  @Test(
    "a pipe is split across threads, its output identical to one thread's",
    arguments: [("lines", 65536), ("lines", 4096), ("nul", 65536), ("jsonl", 3000)])
  func parallelPipe(format: String, chunk: Int) throws {
    let delimiter = format == "nul" ? "\u{0}" : "\n"
    let input = (0..<6000).map { n -> String in
      let text = n % 4 == 0 ? "Ref 2024-11-30, no code" : "Your code is \(200_000 + n)"
      return format == "jsonl" ? #"{"text":"\#(text)"}"# : text
    }.joined(separator: delimiter)
    func run(jobs: Int) throws -> (Int32, String) {
      var config = try Configuration(
        arguments: ["--input", format, "-j", String(jobs)], environment: [:])
      config.chunkBytes = 2000
      let stdout = MemorySink()
      let status = Runner(
        config: config, stdin: MemorySource(input, chunk: chunk, kind: .stream), stdout: stdout,
        stderr: MemorySink()
      ).run()
      return (status, stdout.string)
    }
    let sequential = try run(jobs: 1)
    let parallel = try run(jobs: 2)
    #expect(parallel.0 == sequential.0)
    #expect(parallel.1 == sequential.1)
    #expect(sequential.1.split(separator: "\n").count == 6000)
  }

  @Test func aSlowPipeIsAnsweredReadByRead() throws {
    // Each read (20 bytes, one line) is short: its record is written before the next read, as
    // in a sequential run, so the writes match the reads that hold a record.
    var config = try Configuration(arguments: ["-j", "2"], environment: [:])
    config.chunkBytes = 1 << 16
    let stdout = MemorySink()
    let input = String(repeating: "Your code is 482913\n", count: 50)
    let status = Runner(
      config: config, stdin: MemorySource(input, chunk: 20, kind: .stream), stdout: stdout,
      stderr: MemorySink()
    ).run()
    #expect(status == 0)
    #expect(stdout.writes == 50)
    #expect(stdout.string == otpgrep(["-j", "1"], stdin: input).stdout)
  }

  /// A pipe whose writer stops after 64 KiB: a read gets at most what was written by then, and
  /// the next read would wait. It notes how many records had been written when that read came.
  final class StallingPipe: ByteSource {
    let kind = SourceKind.stream
    private let bytes: [UInt8]
    private var offset = 0
    private let output: MemorySink
    private(set) var linesWrittenBeforeWaiting: Int?

    init(_ bytes: [UInt8], output: MemorySink) {
      self.bytes = bytes
      self.output = output
    }

    func hasInput() -> Bool { offset < RecordFramer.readSize }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOError) -> Int {
      if offset >= RecordFramer.readSize && linesWrittenBeforeWaiting == nil {
        linesWrittenBeforeWaiting = output.bytes.count { $0 == 0x0A }
      }
      // What the writer has written so far: its first 64 KiB, then the rest.
      let written = offset < RecordFramer.readSize ? RecordFramer.readSize : bytes.count
      let n = min(buffer.count, written - offset)
      bytes.withUnsafeBytes {
        buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: n)
      }
      offset += n
      return n
    }
  }

  @Test func whatAPipeBroughtIsWrittenBeforeAReadThatWouldWait() throws {
    // 20-byte lines: the writer's first 64 KiB hold 3,276 of them and part of the next.
    let input = Array(String(repeating: "Your code is 482913\n", count: 4000).utf8)
    for jobs in [1, 2] {
      var config = try Configuration(arguments: ["-j", String(jobs)], environment: [:])
      config.chunkBytes = 1 << 18
      let stdout = MemorySink()
      let pipe = StallingPipe(input, output: stdout)
      let status = Runner(config: config, stdin: pipe, stdout: stdout, stderr: MemorySink()).run()
      #expect(status == 0)
      #expect(pipe.linesWrittenBeforeWaiting == RecordFramer.readSize / 20)
      #expect(stdout.string.split(separator: "\n").count == 4000)
    }
  }

  @Test(
    "what the reading thread writes and what the workers write keep their order",
    arguments: ["json", "jsonl"])
  func parallelOutputAfterAndBeforeOtherInput(format: String) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = dir.appendingPathComponent("a.txt").path
    let b = dir.appendingPathComponent("b.txt").path
    try Self.mixedInput.write(toFile: a, atomically: true, encoding: .utf8)
    try "none\nYour code is 424242\n".write(toFile: b, atomically: true, encoding: .utf8)
    func run(jobs: Int) throws -> String {
      let stdout = MemorySink()
      _ = try runParallel(
        ["--format", format, "-o", "-m", "Your code is 111111", a, b, a], jobs: jobs, input: "",
        stdout: stdout)
      return stdout.string
    }
    let sequential = try run(jobs: 1)
    #expect(try run(jobs: 2) == sequential)
    #expect(try run(jobs: 3) == sequential)
    if format == "json" {
      let array = try JSONSerialization.jsonObject(with: Data(sequential.utf8)) as! [Any]
      #expect(array.count == 1 + 2000 + 1 + 2000)
    }
  }

  @Test func usageErrorsAreOneLineAndAHint() {
    let run = otpgrep(["--format"])
    #expect(run.status == 2)
    #expect(run.stderr == "otpgrep: option '--format' needs a value\ntry 'otpgrep --help'\n")
    #expect(run.stdout.isEmpty)
  }

  @Test func helpAndVersion() {
    let help = otpgrep(["--help"])
    #expect(help.status == 0)
    for option in Option.allCases { #expect(help.stdout.contains(option.spelling)) }
    #expect(otpgrep(["-V"]).stdout == "otpgrep \(OTPGrep.version)\n")
  }

  @Test func filesAreReadInOrderAndMissingOnesReported() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = dir.appendingPathComponent("a.txt").path
    let b = dir.appendingPathComponent("b.jsonl").path
    try "Your code is 482913\n".write(toFile: a, atomically: true, encoding: .utf8)
    try #"{"text":"Your code is 777123"}"#.write(toFile: b, atomically: true, encoding: .utf8)
    let run = otpgrep([a, dir.appendingPathComponent("missing").path, dir.path, b])
    #expect(run.status == 2)
    #expect(run.records.map { $0["code"] as? String } == ["482913", "777123"])
    #expect(run.records.map { $0["file"] as? String } == [a, b])
    #expect(run.stderr.contains("otpgrep: \(dir.path)/missing: no such file or directory\n"))
    #expect(run.stderr.contains("otpgrep: \(dir.path): is a directory\n"))
  }

  @Test func aMessageSourcePlugsIntoTheRunner() throws {
    struct Dump: MessageSource {
      var left = [
        InputMessage(
          text: "Your code is 482913", line: 7, id: "r1", sender: "Bank",
          date: "2026-03-12T08:15:02Z")
      ]
      mutating func next() throws -> InputMessage? { left.popLast() }
    }
    let stdout = MemorySink()
    let runner = Runner(
      config: try Configuration(arguments: [], environment: [:]), stdin: MemorySource(""),
      stdout: stdout,
      stderr: MemorySink())
    var source = Dump()
    try runner.run(&source, file: "dump.xml", streaming: false)
    _ = runner.run()  // flushes; stdin is empty
    let record =
      try JSONSerialization.jsonObject(with: Data(stdout.string.split(separator: "\n")[0].utf8))
      as! [String: Any]
    #expect(record["file"] as? String == "dump.xml")
    #expect(record["id"] as? String == "r1")
    #expect(record["sender"] as? String == "Bank")
    #expect(record["line"] as? Int == 7)
  }
}

@Suite("Progress bar")
struct ProgressBarTests {
  func run(environment: [String: String], arguments: [String] = [], stdinKind: SourceKind? = nil)
    throws -> String
  {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("sms.txt").path
    try String(repeating: "Your code is 482913\n", count: 100).write(
      toFile: file, atomically: true, encoding: .utf8)
    let stderr = MemorySink(isTerminal: true)
    _ = OTPGrep.run(
      arguments: arguments + [file], stdin: MemorySource(""), stdout: MemorySink(), stderr: stderr,
      environment: environment)
    return stderr.string
  }

  @Test func appearsOnATerminalForAFileAndIsErasedAtTheEnd() throws {
    let shown = try run(environment: [:])
    #expect(shown.contains("100 messages"))
    #expect(shown.hasSuffix("\r\u{1B}[K"))
  }

  @Test(
    "never with --no-progress, NO_COLOR or TERM=dumb",
    arguments: [
      ([String: String](), ["--no-progress"]), (["NO_COLOR": "1"], []), (["TERM": "dumb"], []),
    ])
  func turnedOff(environment: [String: String], arguments: [String]) throws {
    #expect(try run(environment: environment, arguments: arguments).isEmpty)
  }

  @Test func neverForAStream() {
    let stderr = MemorySink(isTerminal: true)
    _ = OTPGrep.run(
      arguments: [], stdin: MemorySource("Your code is 482913\n", kind: .stream),
      stdout: MemorySink(), stderr: stderr, environment: [:])
    #expect(stderr.string.isEmpty)
  }
}

/// A stream that counts its reads: the first gives `first`, every later one `rest`.
private final class CountingSource: ByteSource {
  let first: [UInt8]
  let rest: [UInt8]
  var reads = 0
  let kind = SourceKind.stream

  init(first: String, rest: String) {
    self.first = Array(first.utf8)
    self.rest = Array(rest.utf8)
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOError) -> Int {
    reads += 1
    let bytes = reads == 1 ? first : (reads < 1000 ? rest : [])
    buffer.copyBytes(from: bytes)
    return bytes.count
  }
}

@Suite("otpgrep -q")
struct QuietTests {
  @Test func quietStopsAtTheFirstCodeLikeGrep() {
    let source = CountingSource(first: "Your code is 482913\n", rest: "no digits here\n")
    let status = OTPGrep.run(
      arguments: ["-q"], stdin: source, stdout: MemorySink(), stderr: MemorySink(), environment: [:]
    )
    #expect(status == 0)
    #expect(source.reads <= 2)
  }

  @Test func withoutQuietEveryMessageIsRead() {
    let source = CountingSource(first: "Your code is 482913\n", rest: "no digits here\n")
    _ = OTPGrep.run(
      arguments: ["--only-found"], stdin: source, stdout: MemorySink(), stderr: MemorySink(),
      environment: [:])
    #expect(source.reads == 1000)
  }
}
