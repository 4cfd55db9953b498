import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `Fixtures/dumps/NAME` under the package root.
func dumpFixture(_ name: String) -> String {
  var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while root.path != "/"
    && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
  {
    root.deleteLastPathComponent()
  }
  return root.appendingPathComponent("Fixtures/dumps/\(name)").path
}

/// Message dumps through the built binary: every format, detection, broken files, filters.
@Suite("otpgrep on message dumps", .serialized)
struct DumpEndToEndTests {
  /// The first record of each sample dump: the file, `--input`, the record count, then the first
  /// record's code, line (the row id for databases), id, sender and date.
  static let samples: [(String, String, Int, String, Int, String?, String, String)] = [
    ("sms-backup.xml", "xml", 12, "482910", 5, nil, "+15550100", "2026-03-12T08:15:02Z"),
    ("mmssms.db", "android", 8, "482910", 1, "1", "+15550100", "2026-03-12T08:15:02Z"),
    ("chat.db", "apple", 8, "119382", 1, "1", "+15550100", "2016-09-08T02:55:02Z"),
    ("messages.csv", "csv", 5, "482910", 2, "101", "+15550100", "2026-03-12T08:15:02Z"),
    ("messages-semicolon.csv", "csv", 5, "482910", 2, "101", "+15550100", "2026-03-12T08:15:02Z"),
    ("messages.tsv", "csv", 5, "482910", 2, "101", "+15550100", "2026-03-12T08:15:02Z"),
  ]

  @Test("each format gives records with sender, date and id, detected or named", arguments: samples)
  func eachFormat(sample: (String, String, Int, String, Int, String?, String, String)) throws {
    let (name, format, count, code, line, id, sender, date) = sample
    let path = dumpFixture(name)
    for arguments in [[path], ["--input", format, path]] {
      let outcome = try runBinary(arguments)
      #expect(outcome.status == 0, "\(arguments)")
      #expect(outcome.stderr.isEmpty, "\(outcome.stderrText)")
      #expect(outcome.records.count == count, "\(arguments)")
      let first = try #require(outcome.records.first)
      #expect(first["code"] as? String == code)
      #expect(first["file"] as? String == path)
      #expect(first["line"] as? Int == line)
      #expect(first["id"] as? String == id)
      #expect(first["sender"] as? String == sender)
      #expect(first["date"] as? String == date)
      #expect(topLevelKeys(outcome.lines[0]).suffix(5) == ["file", "line", "id", "sender", "date"])
    }
  }

  @Test func formatsAreRecognizedByContentNotByName() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fileManager = FileManager.default
    let copies = [
      ("mmssms.db", "phone-backup"), ("chat.db", "messages.bin"), ("sms-backup.xml", "backup.txt"),
    ]
    for (fixture, name) in copies {
      try fileManager.copyItem(
        atPath: dumpFixture(fixture), toPath: dir.appendingPathComponent(name).path)
    }
    let plain = dir.appendingPathComponent("notes.xml")
    try Data("Your code is 482913\nsee you\n".utf8).write(to: plain)
    let outcome = try runBinary(copies.map { dir.appendingPathComponent($0.1).path } + [plain.path])
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty, "\(outcome.stderrText)")
    let perFile = Dictionary(grouping: outcome.records) {
      URL(fileURLWithPath: $0["file"] as? String ?? "").lastPathComponent
    }
    #expect(perFile["phone-backup"]?.count == 8)
    #expect(perFile["messages.bin"]?.count == 8)
    #expect(perFile["backup.txt"]?.count == 12)
    #expect(perFile["notes.xml"]?.count == 2, "text that only ends in .xml stays lines")
    #expect(perFile["backup.txt"]?.first?["sender"] as? String == "+15550100")
  }

  @Test func anXMLBackupCanComeFromStdin() throws {
    let outcome = try runBinary(["--input", "xml"], stdinFile: dumpFixture("sms-backup.xml"))
    #expect(outcome.status == 0)
    #expect(outcome.records.count == 12)
    #expect(outcome.records.first?["file"] as? String == "<stdin>")
  }

  /// A backup read from a pipe gives each record once its tag has come, even with a name or a
  /// value cut between two writes: the reader waits only for bytes it needs, not for a buffer
  /// full of input that may not come yet.
  @Test(arguments: ["xml", "csv"])
  func aDumpThroughAPipeGivesEachRecordOnceItHasCome(format: String) throws {
    let child = try SpawnedChild(["--input", format, "--line-buffered", "--format", "code"])
    let pieces =
      format == "xml"
      ? ["<smses>\n<sms bo", "dy=\"Your code", " is 482913\" addr", "ess=\"+1\"/", ">\n"]
      : ["id,text\n1,Your co", "de is 482913\n"]
    for piece in pieces { child.write(piece) }
    #expect(readLine(from: child.output, timeout: 20) == "482913")
    child.write(
      format == "xml" ? "<sms body=\"Your code is 777123\"/>\n" : "2,\"Your code\nis 777123\"\n")
    #expect(readLine(from: child.output, timeout: 20) == "777123")
    if format == "xml" { child.write("</smses>\n") }
    close(child.input)
    #expect(child.wait().status == 0)
    close(child.output)
  }

  /// Broken dumps: the file, the error line, how many records come out, and which of them carry
  /// the `error` (by its `line`, the row id for a database).
  static let broken: [(String, String, Int, Int?)] = [
    ("sms-truncated.xml", ":29: file ends inside a <sms> tag", 10, 29),
    (
      "sms-billion-laughs.xml",
      ":2: DTDs and entity declarations are refused (possible XXE or entity expansion)", 1, 2
    ),
    (
      "sms-xxe.xml",
      ":4: DTDs and entity declarations are refused (possible XXE or entity expansion)", 2, 4
    ),
    ("sms-entities.xml", ":5: undefined entity reference", 4, 5),
    ("chat-cut-blob.db", ": row 4: attributedBody is cut short", 8, 4),
    ("not-sqlite.db", ": not an SQLite database", 0, nil),
    (
      "no-message-table.db", ": not a message database (no table 'sms' or 'message'); try --input",
      0, nil
    ),
    ("unterminated.csv", ":4: quoted field is never closed", 4, 4),
  ]

  @Test(
    "a broken dump is named with its line or row; other messages and files go on; exit 2",
    arguments: broken)
  func brokenDump(sample: (String, String, Int, Int?)) throws {
    let (name, error, count, errorLine) = sample
    let path = dumpFixture(name)
    let good = dumpFixture("messages.csv")
    let outcome = try runBinary([path, good])
    #expect(outcome.status == 2)
    #expect(outcome.stderrText == "otpgrep: \(path)\(error)\n")
    let mine = outcome.records.filter { $0["file"] as? String == path }
    #expect(mine.count == count)
    let failed = mine.filter { $0["error"] != nil }
    #expect(failed.map { $0["line"] as? Int } == (errorLine.map { [$0] } ?? []))
    #expect(failed.allSatisfy { $0["code"] is NSNull })
    #expect(outcome.records.filter { $0["file"] as? String == good }.count == 5)
  }

  @Test func aMissingTableIsNamedWhenTheFormatIsGiven() throws {
    let path = dumpFixture("no-message-table.db")
    let outcome = try runBinary(["--input", "apple", path])
    #expect(outcome.status == 2)
    #expect(outcome.stderrText == "otpgrep: \(path): no table 'message'\n")
  }

  @Test func textFieldNamesTheCSVColumn() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("export.csv")
    try Data("id,note,content\n1,hello,\"Your code is 482913\"\n".utf8).write(to: file)
    let outcome = try runBinary(["--text-field", "content", file.path])
    #expect(outcome.status == 0)
    #expect(outcome.records.first?["code"] as? String == "482913")
    #expect(outcome.records.first?["id"] as? String == "1")
    let wrong = try runBinary(["--text-field", "nope", file.path])
    #expect(wrong.status == 2)
    #expect(wrong.stderrText.hasPrefix("otpgrep: \(file.path)"))
  }

  // MARK: Filters

  /// Filters over the Android sample (rows 1, 2, 3, 5, 6, 8, 9, 12, sent from 08:15:02 to
  /// 08:45:02 on 2026-03-12): the arguments, then the ids that pass.
  static let filters: [([String], [String])] = [
    (["--since", "2026-03-12T08:20"], ["5", "6", "8", "9", "12"]),
    (["--until", "2026-03-12T08:20"], ["1", "2", "3"]),
    (["--since", "2026-03-12T08:17:02", "--until", "2026-03-12T08:22:02"], ["2", "3"]),
    (["--until", "2026-03-12"], ["1", "2", "3", "5", "6", "8", "9", "12"]),
    (["--until", "2026-03-11"], []),
    (["--sender", "bank"], ["3"]),
    (["--sender", "+1 555 0100", "--since", "2026-03-12T08:00+01:00"], ["1"]),
    (["--sender", "+1*", "--since", "30d"], []),
  ]

  @Test("--since, --until, --sender keep only the matching messages", arguments: filters)
  func filter(arguments: [String], ids: [String]) throws {
    let outcome = try runBinary(arguments + [dumpFixture("mmssms.db")])
    #expect(outcome.stderr.isEmpty)
    #expect(outcome.records.map { $0["id"] as? String ?? "-" } == ids)
  }

  @Test func filtersApplyToJSONLinesDatesAndSenders() throws {
    let input = """
      {"text":"Your code is 482913","sender":"Bank","date":"2026-03-12T08:00:00Z"}
      {"text":"Your code is 111222","sender":"Shop","date":1773302400}
      {"text":"Your code is 333444","sender":"Bank"}

      """
    let outcome = try runBinary(
      ["--input", "jsonl", "--since", "2026-03-12", "--sender", "bank"], input: input)
    #expect(outcome.records.map { $0["code"] as? String } == ["482913"])
  }

  @Test func filtersOnPlainLinesWarnThatNothingCanPass() throws {
    let outcome = try runBinary(["--since", "2h"], input: "Your code is 482913\n")
    #expect(outcome.status == 1)
    #expect(outcome.records.isEmpty)
    #expect(outcome.stderrText.contains("warning: --since, --until and --sender need dates"))
  }

  @Test(
    "a bad filter value is a usage error",
    arguments: [["--since", "yesterday"], ["--until", "2026-13-01"], ["--sender="]])
  func badFilterValue(arguments: [String]) throws {
    let outcome = try runBinary(arguments + [dumpFixture("mmssms.db")])
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderrText.hasSuffix("\ntry 'otpgrep --help'\n"))
  }

  // MARK: Message cap

  @Test func maxMessageBytesMovesTheCap() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("long.txt")
    var data = Data("Your code is 482913. ".utf8)
    data.append(Data(repeating: UInt8(ascii: "x"), count: 3000))
    data.append(0x0A)
    try data.write(to: file)
    let cut = try runBinary(["--max-message-bytes", "2K", "--format", "tsv", file.path])
    #expect(
      cut.stderrText
        == "otpgrep: \(file.path):1: warning: message longer than 2048 bytes, cut there\n")
    let whole = try runBinary(["--max-message-bytes=4k", "--format", "tsv", file.path])
    #expect(whole.stderr.isEmpty, "\(whole.stderrText)")
    #expect(whole.lines.count == 1)
    let dump = try runBinary([
      "--max-message-bytes", "16", "--format", "tsv", dumpFixture("mmssms.db"),
    ])
    #expect(dump.stderrText.contains("mmssms.db: row 1: warning: message longer than 16 bytes"))
  }

  @Test(
    "--max-message-bytes takes a positive size up to 1G",
    arguments: ["0", "-5", "1T", "2G", "12x", ""])
  func badMaximum(value: String) throws {
    let outcome = try runBinary(["--max-message-bytes=\(value)", "-m", "x"])
    #expect(outcome.status == 2)
  }

  /// Every sample dump, the broken ones included.
  static let dumps = [
    "sms-backup.xml", "sms-entities.xml", "sms-truncated.xml", "sms-xxe.xml",
    "sms-billion-laughs.xml", "mmssms.db", "chat.db", "chat-cut-blob.db", "no-message-table.db",
    "not-sqlite.db", "messages.csv", "messages-semicolon.csv", "messages.tsv", "unterminated.csv",
  ]

  @Test(
    "a dump gives the same records, messages and exit status on one thread and on several",
    arguments: dumps)
  func threadsGiveTheSameOutput(name: String) throws {
    let path = dumpFixture(name)
    let one = try runBinary(["-j", "1", path])
    for jobs in ["2", "3"] {
      let more = try runBinary(["-j", jobs, path])
      #expect(more.status == one.status, "\(name) -j \(jobs)")
      #expect(more.stdout == one.stdout, "\(name) -j \(jobs)")
      #expect(more.stderr == one.stderr, "\(name) -j \(jobs)")
    }
  }

  @Test func aLargeBackupIsSplitAcrossThreadsInOrder() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("backup.xml")
    // Many batches' worth of messages, and a last tag cut short: its error comes after them all.
    var xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"6000\">\n"
    for n in 0..<6000 {
      let body =
        n % 3 == 0
        ? "Your verification code is \(100_000 + n). Do not share it."
        : "Order \(n) shipped, arriving Tuesday; track it in the app, reply STOP to opt out."
      xml +=
        "  <sms protocol=\"0\" address=\"+1555\(n % 97)\" date=\"\(1_735_725_600_000 + n * 1000)\""
      xml += " type=\"1\" body=\"\(body)\" read=\"1\" />\n"
    }
    xml += "  <sms protocol=\"0\" address=\"+15550100\" body=\"cut"
    try Data(xml.utf8).write(to: file)
    for format in ["jsonl", "json", "tsv"] {
      let one = try runBinary(["-j", "1", "--format", format, file.path])
      let two = try runBinary(["-j", "2", "--format", format, file.path])
      #expect(two.status == one.status, "\(format)")
      #expect(two.stdout == one.stdout, "\(format)")
      #expect(two.stderr == one.stderr, "\(format)")
      #expect(two.stderrText.contains("file ends inside a <sms> tag"), "\(format)")
    }
    // Each message's record, then the cut tag's, with its error.
    let records = try runBinary(["-j", "2", file.path]).records
    #expect(records.count == 6001)
    #expect(records.last?["error"] as? String == "file ends inside a <sms> tag")
    let lines = records.map { $0["line"] as? Int ?? 0 }
    #expect(lines == lines.sorted())
    let codes = records.compactMap { $0["code"] as? String }
    #expect(codes.count == 2000)
    #expect(codes.elementsEqual(stride(from: 0, to: 6000, by: 3).lazy.map { String(100_000 + $0) }))
  }
}
