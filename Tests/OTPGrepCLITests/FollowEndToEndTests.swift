import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `otpgrep --follow` as a subprocess: its stdout is read as records arrive while the test grows,
/// truncates and replaces a file, or inserts rows into a database; Ctrl-C ends it.
@Suite("otpgrep --follow", .serialized)
struct FollowEndToEndTests {
  /// How long to wait for one record: generous, the machine is shared.
  static let timeout = 10.0

  /// Reads the next record the child writes, as a JSON object.
  func nextRecord(_ child: SpawnedChild) throws -> [String: Any] {
    let line = try #require(readLine(from: child.output, timeout: Self.timeout), "no record came")
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(object as? [String: Any])
  }

  /// Sends Ctrl-C and checks the child died of it with nothing more written.
  func interrupt(_ child: SpawnedChild) {
    kill(child.pid, SIGINT)
    let outcome = child.wait()
    #expect(outcome.signal == SIGINT, "ends as an interrupted filter (status 130)")
    #expect(readAll(from: child.output).isEmpty, "no record after the ones expected")
    close(child.output)
    close(child.input)
  }

  /// Appends (or, with `truncating`, replaces the contents of) the file at `path`.
  func write(_ text: String, to path: String, truncating: Bool = false) {
    let fd = open(path, O_WRONLY | O_CREAT | (truncating ? O_TRUNC : O_APPEND), 0o644)
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }

  @Test func aGrowingFileIsFollowedThroughTruncationAndRotation() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("sms.log").path
    write("Your code is 111222\n", to: path)
    let child = try SpawnedChild(["--follow", path])
    var record = try nextRecord(child)
    #expect(record["code"] as? String == "111222")
    #expect(record["line"] as? Int == 1)

    write("no code here\nYour code is 333", to: path)
    record = try nextRecord(child)
    #expect(record["code"] is NSNull)
    #expect(record["line"] as? Int == 2)
    write("444 expires soon\n", to: path)  // the line was half written: one message, not two
    record = try nextRecord(child)
    #expect(record["code"] as? String == "333444")
    #expect(record["line"] as? Int == 3)

    write("Code 555666\n", to: path, truncating: true)  // `> sms.log`: start again from 0
    record = try nextRecord(child)
    #expect(record["code"] as? String == "555666")
    #expect(record["line"] as? Int == 1)

    try FileManager.default.moveItem(atPath: path, toPath: path + ".1")  // rotated
    write("Your code is 777888\n", to: path)
    record = try nextRecord(child)
    #expect(record["code"] as? String == "777888")
    #expect(record["line"] as? Int == 1)
    #expect(record["file"] as? String == path)
    interrupt(child)
  }

  /// A sample database and the SQL that adds one message with `TEXT` as its body.
  static let databases: [(String, String)] = [
    (
      "mmssms.db",
      "INSERT INTO sms (address, date, type, body) VALUES ('+15550100', 1773309000000, 1, 'TEXT');"
    ),
    (
      "chat.db",
      """
      PRAGMA journal_mode=WAL;
      INSERT INTO message (guid, text, handle_id, date, is_from_me)
      VALUES (hex(randomblob(8)), 'TEXT', 1, 795002000000000000, 0);
      """
    ),
  ]

  @Test(
    "a live database is polled for new rows, old ones never read again",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")),
    arguments: databases)
  func aLiveDatabaseIsFollowed(fixture: String, insert: String) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent(fixture).path
    try FileManager.default.copyItem(atPath: dumpFixture(fixture), toPath: path)
    // The writer waits for otpgrep's brief read locks, as a phone's own writer does: without a
    // busy timeout, an insert that meets one fails ("database is locked") and never arrives.
    let errors = dir.appendingPathComponent("err").path
    let sql = { (text: String) in
      let outcome = try spawnAndWait(
        "/usr/bin/sqlite3",
        ["-cmd", ".timeout 10000", path, insert.replacingOccurrences(of: "TEXT", with: text)],
        stdin: "/dev/null", stdout: "/dev/null", stderr: errors)
      let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      try #require(outcome.status == 0 && outcome.signal == nil, "sqlite3 failed: \(message)")
    }
    let child = try SpawnedChild(["--follow", "--only-found", path])
    // The codes already there come first; the inserted one follows them.
    var records = [try nextRecord(child)]
    try sql("Your code is 246810")
    while records.last?["code"] as? String != "246810" { records.append(try nextRecord(child)) }
    let newID = try #require(Int(records.last?["id"] as? String ?? ""))
    #expect(records.last?["line"] as? Int == newID, "line is the row id")
    #expect(records.last?["sender"] as? String == "+15550100")
    #expect(records.last?["date"] is String)

    try sql("Your code is 135790")
    try sql("Your code is 864202")
    records.append(try nextRecord(child))
    records.append(try nextRecord(child))
    #expect(records.suffix(2).map { $0["code"] as? String } == ["135790", "864202"])
    let ids = records.map { Int($0["id"] as? String ?? "") ?? 0 }
    #expect(ids.suffix(3) == [newID, newID + 1, newID + 2])
    #expect(ids == ids.sorted() && Set(ids).count == ids.count, "no row is read twice: \(ids)")
    interrupt(child)
  }

  @Test func followNeedsOneFile() throws {
    for arguments in [["--follow"], ["--follow", "a", "b"], ["-f", "-m", "x", "a"]] {
      let outcome = try runBinary(arguments)
      #expect(outcome.status == 2)
      #expect(outcome.stderrText.hasPrefix("otpgrep: --follow needs exactly one FILE"))
    }
  }
}
