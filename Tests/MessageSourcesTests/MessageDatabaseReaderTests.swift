import CSQLite
import MessageSources
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct AndroidDatabaseTests {
  @Test func readsTheSMSTableInIDOrder() throws {
    let path = fixture("mmssms.db")
    let read = drain(try MessageDatabaseReader(path: path, schema: .android))
    #expect(read.errors.isEmpty)
    #expect(read.messages.map(\.id) == ["1", "2", "3", "5", "6", "8", "9", "12"])
    let first = read.messages[0]
    #expect(first.text == "Your Acme verification code is 482910. It expires in 10 minutes.")
    #expect(first.sender == "+15550100")
    #expect(first.isoDate == "2026-03-12T08:15:02Z")
    #expect(first.direction == .incoming)
    #expect(first.origin == Origin(file: path, position: .row(1)))
    #expect(read.messages[1].direction == .outgoing)
    let draft = read.messages[5]
    #expect(draft.sender == nil)
    #expect(draft.direction == .outgoing)
    #expect(read.messages[7].text == "認証コード：557203 このコードを他人に教えないでください。")
  }

  @Test func startsAfterAGivenRowID() throws {
    let reader = try MessageDatabaseReader(
      path: fixture("mmssms.db"), schema: .android, afterRowID: 6)
    #expect(drain(reader).messages.map(\.id) == ["8", "9", "12"])
    #expect(reader.lastRowID == 12)
  }

  @Test func aDatabaseWithoutTheTableNamesFileAndTable() {
    let path = fixture("no-message-table.db")
    #expect(throws: SourceError.missingTable(file: path, table: "sms")) {
      _ = try MessageDatabaseReader(path: path, schema: .android)
    }
    #expect(throws: SourceError.missingTable(file: path, table: "message")) {
      _ = try MessageDatabaseReader(path: path, schema: .apple)
    }
    #expect("\(SourceError.missingTable(file: path, table: "sms"))" == "\(path): no table 'sms'")
  }

  @Test func aFileThatIsNotSQLiteSaysSo() {
    let path = fixture("not-sqlite.db")
    for schema in MessageDatabaseReader.Schema.allCases {
      #expect(throws: SourceError.notSQLite(file: path)) {
        _ = try MessageDatabaseReader(path: path, schema: schema)
      }
    }
  }

  @Test func aMissingDatabaseIsNotCreated() {
    let path = "/tmp/otc-missing-\(getpid()).db"
    #expect(throws: SourceError.cannotOpen(file: path, errno: ENOENT)) {
      _ = try MessageDatabaseReader(path: path, schema: .android)
    }
    #expect(access(path, F_OK) != 0)
  }
}

@Suite struct AppleDatabaseTests {
  @Test func readsTextAndAttributedBodyRows() throws {
    let path = fixture("chat.db")
    let read = drain(try MessageDatabaseReader(path: path, schema: .apple))
    #expect(read.errors.isEmpty)
    // ROWID 7 has neither text nor attributedBody (an attachment): skipped.
    #expect(read.messages.map(\.id) == ["1", "2", "3", "4", "5", "6", "9", "10"])
    #expect(read.messages[1].text == "Your Acme verification code is 482910.")
    #expect(read.messages[1].sender == "+15550100")
    #expect(read.messages[1].origin == Origin(file: path, position: .row(2)))
    #expect(read.messages[3].text.hasPrefix("Your Northwind Health portal sign-in code is 650912."))
    #expect(read.messages[3].text.utf8.count >= 128)
    #expect(read.messages[4].text.hasPrefix("Ваш код для входа: 731 554."))
    #expect(read.messages[4].text.hasSuffix("\u{1F6E1}"))
    #expect(read.messages[5].text == "Code de vérification : 408 227 \u{1F510}")
    #expect(read.messages[7].text == "Order 55120 is ready for pickup, PIN 8841")
  }

  @Test func convertsSecondAndNanosecondDates() throws {
    let read = drain(try MessageDatabaseReader(path: fixture("chat.db"), schema: .apple))
    #expect(read.messages[0].isoDate == "2016-09-08T02:55:02Z")  // seconds since 2001
    #expect(read.messages[1].isoDate == "2026-03-12T08:15:02Z")  // nanoseconds since 2001
  }

  @Test func senderAndDirection() throws {
    let read = drain(try MessageDatabaseReader(path: fixture("chat.db"), schema: .apple))
    #expect(read.messages[2].sender == "friend@example.com")
    #expect(read.messages[2].direction == .outgoing)
    #expect(read.messages[1].direction == .incoming)
    #expect(read.messages[6].sender == nil)  // handle_id 0: no handle
  }

  @Test func cutShortBlobFailsItsRowOnly() throws {
    let path = fixture("chat-cut-blob.db")
    let read = drain(try MessageDatabaseReader(path: path, schema: .apple))
    #expect(
      read.errors == [
        .malformed(Origin(file: path, position: .row(4)), "attributedBody is cut short")
      ])
    #expect("\(read.errors[0])" == "\(path): row 4: attributedBody is cut short")
    #expect(read.messages.map(\.id) == ["1", "2", "3", "5", "6", "9", "10"])
  }
}

@Suite struct AppleDateTests {
  @Test(arguments: [
    (Int64(794_996_102), Int64(1_773_303_302_000)),
    (Int64(794_996_102_000_000_000), Int64(1_773_303_302_000)),
    (Int64(1), Int64(978_307_201_000)),
    (Int64(-31_622_400), Int64(946_684_800_000)),  // 2000-01-01: before the epoch, in seconds
    (Int64(999_999_999_999), Int64(999_999_999_999_000 + 978_307_200_000)),  // still seconds
    (Int64(1_000_000_000_001), Int64(978_307_200_000 + 1_000_000)),  // nanoseconds
  ])
  func integerDates(apple: Int64, expected: Int64) {
    #expect(Timestamp.fromAppleDate(apple) == expected)
  }

  @Test func zeroAndFloatingPointDates() {
    #expect(Timestamp.fromAppleDate(0) == nil)
    #expect(Timestamp.fromAppleDate(seconds: 794_996_102.25) == 1_773_303_302_250)
    #expect(Timestamp.fromAppleDate(seconds: 7.94996102e17) == 1_773_303_302_000)
    #expect(Timestamp.fromAppleDate(seconds: .nan) == nil)
  }
}

/// A writable SQLite connection for building test databases.
final class Writer {
  let handle: OpaquePointer

  init(_ path: String) throws {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
      let db
    else { throw SourceError.database(file: path, what: "cannot create") }
    handle = db
  }

  deinit { sqlite3_close_v2(handle) }

  func exec(_ sql: String) {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, sql, nil, nil, &message)
    if status != SQLITE_OK {
      Issue.record("SQL failed: \(message.map { String(cString: $0) } ?? "\(status)")")
    }
    sqlite3_free(message)
  }
}

@Suite(.serialized) struct LiveDatabaseTests {
  func temporaryPath(_ name: String) -> String {
    let path = "/tmp/otc-\(getpid())-\(name).db"
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    return path
  }

  @Test func readsAHotWALWhileTheWriterHoldsAnOpenTransaction() throws {
    let path = temporaryPath("hot-wal")
    defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
    let writer = try Writer(path)
    writer.exec("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;")
    writer.exec(
      "CREATE TABLE sms (_id INTEGER PRIMARY KEY, address TEXT, date INTEGER, type INTEGER, body TEXT)"
    )
    writer.exec("INSERT INTO sms VALUES (1, '+15550100', 1773303302000, 1, 'Code 111111')")
    writer.exec("INSERT INTO sms VALUES (2, '+15550100', 1773303362000, 1, 'Code 222222')")
    // Uncommitted: a reader must neither see it nor be blocked by it.
    writer.exec(
      "BEGIN IMMEDIATE; INSERT INTO sms VALUES (3, '+15550100', 1773303422000, 1, 'Code 333333')")
    var walInfo = stat()
    // The committed rows are in the WAL only: nothing was checkpointed.
    #expect(stat(path + "-wal", &walInfo) == 0 && walInfo.st_size > 0)

    let reader = try MessageDatabaseReader(path: path, schema: .android)
    #expect(drain(reader).texts == ["Code 111111", "Code 222222"])

    // Follow: commit, poll, and only the new row comes back.
    writer.exec("COMMIT")
    writer.exec("INSERT INTO sms VALUES (4, '+15550100', 1773303482000, 1, 'Code 444444')")
    reader.pollForNewRows()
    #expect(drain(reader).texts == ["Code 333333", "Code 444444"])
    #expect(reader.lastRowID == 4)
    reader.pollForNewRows()
    #expect(drain(reader).messages.isEmpty)

    // The reader never blocked the writer: it can still write and checkpoint.
    writer.exec("INSERT INTO sms VALUES (5, '+15550100', 1773303542000, 1, 'Code 555555')")
    writer.exec("PRAGMA wal_checkpoint(TRUNCATE)")
    reader.pollForNewRows()
    #expect(drain(reader).texts == ["Code 555555"])
  }

  @Test func aCleanlyClosedWALDatabaseGetsNoNewFilesAndIsStillFollowed() throws {
    let path = temporaryPath("clean-wal")
    defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
    do {
      let writer = try Writer(path)
      writer.exec("PRAGMA journal_mode=WAL")
      writer.exec("CREATE TABLE sms (_id INTEGER PRIMARY KEY, body TEXT)")
      writer.exec("INSERT INTO sms VALUES (1, 'Code 1')")
    }
    #expect(access(path + "-wal", F_OK) != 0)  // the last close checkpointed and removed it
    let reader = try MessageDatabaseReader(path: path, schema: .android)
    #expect(drain(reader).texts == ["Code 1"])
    #expect(access(path + "-wal", F_OK) != 0)
    #expect(access(path + "-shm", F_OK) != 0)

    let writer = try Writer(path)
    writer.exec("INSERT INTO sms VALUES (2, 'Code 2')")
    reader.pollForNewRows()
    #expect(drain(reader).texts == ["Code 2"])
  }

  @Test func readerDoesNotWriteToTheDatabaseFile() throws {
    let path = temporaryPath("untouched")
    defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
    do {
      let writer = try Writer(path)
      writer.exec(
        "CREATE TABLE sms (_id INTEGER PRIMARY KEY, address TEXT, date INTEGER, type INTEGER, body TEXT)"
      )
      writer.exec("INSERT INTO sms VALUES (1, 'x', 0, 1, 'Code 1')")
    }
    var before = stat()
    stat(path, &before)
    chmod(path, 0o444)  // a read-write open would fail on a read-only file
    let read = drain(try MessageDatabaseReader(path: path, schema: .android))
    #expect(read.texts == ["Code 1"])
    var after = stat()
    stat(path, &after)
    #expect(
      before.st_mtim.tv_sec == after.st_mtim.tv_sec
        && before.st_mtim.tv_nsec == after.st_mtim.tv_nsec)
    #expect(access(path + "-journal", F_OK) != 0)
  }

  @Test func pathsWithURICharactersOpen() throws {
    let path = temporaryPath("odd?name#1%20")
    defer { unlink(path) }
    do {
      let writer = try Writer(path)
      writer.exec("CREATE TABLE sms (_id INTEGER PRIMARY KEY, body TEXT)")
      writer.exec("INSERT INTO sms VALUES (1, 'Code 42')")
    }
    let read = drain(try MessageDatabaseReader(path: path, schema: .android))
    #expect(read.texts == ["Code 42"])
    #expect(read.messages.first?.sender == nil)
  }
}
