/// Reads a phone's message database through SQLite, read-only, streaming rows in id order.
///
/// - ``Schema/android``: `mmssms.db`, table `sms` (`_id`, `address`, `date` in ms, `type`,
///   `body`); `type` 1 is incoming, others (sent, draft, outbox...) outgoing.
/// - ``Schema/apple``: `sms.db` / `chat.db`, table `message` (`ROWID`, `text`, `attributedBody`,
///   `date`, `is_from_me`, `handle_id`) left-joined with `handle` (`ROWID`, `id`) for the sender.
///   `date` counts from 2001 in seconds or nanoseconds (see ``Timestamp/fromAppleDate(_:)``);
///   when `text` is NULL the text comes from `attributedBody` (see ``TypedStream``); a row with
///   neither (an attachment, a reaction) is skipped.
///
/// The database is opened read-only and creates nothing, so the owning app is never blocked or
/// written to; a hot write-ahead log is read. (A WAL-mode database whose `-wal` file is absent is
/// read as an immutable snapshot, since a read-only connection would leave empty `-wal` and `-shm`
/// files behind; it is reopened on each poll to see later writes.) Rows stream from one prepared
/// statement (`WHERE id > ? ORDER BY id`, a scan of the table's b-tree); the table is never loaded
/// whole. A row that cannot be decoded (a cut-short `attributedBody`) gives an error naming its
/// row id, and the next rows follow.
///
/// To follow a live database, keep the reader: when `next()` returns `nil`, wait, call
/// ``pollForNewRows()``, and read again; only rows with an id above ``lastRowID`` come back.
///
/// ```swift
/// let reader = try MessageDatabaseReader(path: "chat.db", schema: .apple)
/// while true {
///   while let result = reader.next() { handle(result) }
///   sleep(2)
///   reader.pollForNewRows()
/// }
/// ```
public final class MessageDatabaseReader: MessageReader {
  /// Which phone's database layout to read.
  ///
  /// ```swift
  /// print(MessageDatabaseReader.Schema.android.table)  // "sms"
  /// ```
  public enum Schema: String, Sendable, Equatable, CaseIterable {
    /// Android's telephony provider database, `mmssms.db`.
    case android
    /// Apple Messages, `sms.db` (iOS) or `chat.db` (macOS).
    case apple

    /// The table the messages are in.
    public var table: String {
      switch self {
      case .android: "sms"
      case .apple: "message"
      }
    }

    /// The format whose `--input` spelling is this schema's.
    public var format: DumpFormat {
      switch self {
      case .android: .android
      case .apple: .apple
      }
    }
  }

  /// The path the reader was opened with, as it appears in origins and errors.
  public let path: String
  /// The layout being read.
  public let schema: Schema
  /// The format read: `android` or `apple`.
  public var format: DumpFormat { schema.format }
  /// The id of the last row returned (as a message or as an error), or the starting point.
  public private(set) var lastRowID: Int64

  private var connection: SQLiteConnection
  private var statement: SQLiteStatement
  private var isScanning = false
  private var isFinished = false
  private var needsReopening = false

  /// Opens `path` read-only and checks that it holds the schema's table and key columns.
  ///
  /// Throws ``SourceError/notSQLite(file:)`` for a file that is not a database,
  /// ``SourceError/missingTable(file:table:)`` or ``SourceError/missingColumn(file:table:column:)``
  /// for another database, ``SourceError/cannotOpen(file:errno:)`` for a missing file (nothing is
  /// created).
  ///
  /// ```swift
  /// let reader = try MessageDatabaseReader(path: "mmssms.db", schema: .android, afterRowID: 100)
  /// print(reader.lastRowID)  // 100
  /// ```
  public init(path: String, schema: Schema, afterRowID: Int64 = 0) throws(SourceError) {
    self.path = path
    self.schema = schema
    self.lastRowID = afterRowID
    (connection, statement) = try Self.open(path, schema)
  }

  /// Connects and prepares the query for the columns the table has.
  private static func open(
    _ path: String, _ schema: Schema
  ) throws(SourceError) -> (SQLiteConnection, SQLiteStatement) {
    let connection = try SQLiteConnection(readOnly: path)
    let tables = try connection.tableNames()
    guard tables.contains(schema.table) else {
      throw .missingTable(file: path, table: schema.table)
    }
    let columns = try connection.columnNames(of: schema.table)
    let sql: String
    switch schema {
    case .android:
      for required in ["_id", "body"] where !columns.contains(required) {
        throw .missingColumn(file: path, table: "sms", column: required)
      }
      let optional = { (name: String) in columns.contains(name) ? name : "NULL" }
      sql = """
        SELECT _id, \(optional("address")), \(optional("date")), \(optional("type")), body
        FROM sms WHERE _id > ?1 ORDER BY _id
        """
    case .apple:
      guard columns.contains("text") else {
        throw .missingColumn(file: path, table: "message", column: "text")
      }
      let optional = { (name: String) in
        columns.contains(name.lowercased()) ? "m.\(name)" : "NULL"
      }
      var hasHandle = columns.contains("handle_id") && tables.contains("handle")
      if hasHandle { hasHandle = try connection.columnNames(of: "handle").contains("id") }
      sql = """
        SELECT m.ROWID, \(hasHandle ? "h.id" : "NULL"), \(optional("date")),
          \(optional("is_from_me")), m.text, \(optional("attributedBody"))
        FROM message AS m \(hasHandle ? "LEFT JOIN handle AS h ON h.ROWID = m.handle_id" : "")
        WHERE m.ROWID > ?1 ORDER BY m.ROWID
        """
    }
    return (connection, try connection.prepare(sql))
  }

  /// Starts a new scan for rows added since the last one returned.
  ///
  /// Call it after ``next()`` returned `nil` (or a database error, which may be passing, such as
  /// a lock held too long); then `next()` returns only rows whose id is above ``lastRowID``.
  ///
  /// ```swift
  /// while reader.next() != nil {}
  /// reader.pollForNewRows()
  /// let fresh = reader.next()  // a row added since, or nil
  /// ```
  public func pollForNewRows() {
    isScanning = false
    isFinished = false
    needsReopening = connection.isImmutable
  }

  /// The next message, an error for a row that cannot be decoded, or `nil` at the end.
  public func next() -> Result<Message, SourceError>? {
    guard !isFinished else { return nil }
    do {
      if needsReopening {
        // A snapshot connection cannot see later writes: connect again (see SQLiteConnection).
        (connection, statement) = try Self.open(path, schema)
        needsReopening = false
      }
      if !isScanning {
        try statement.reset(binding: lastRowID, at: 1)
        isScanning = true
      }
      while try statement.step() {
        let rowID = statement.int64(0) ?? lastRowID
        lastRowID = Swift.max(lastRowID, rowID)
        if let result = message(rowID: rowID) { return result }
      }
      isFinished = true
      return nil
    } catch {
      isFinished = true
      return .failure(error)
    }
  }

  /// The current row as a message, an error, or `nil` to skip it. Columns: id, sender, date,
  /// direction, text, and (Apple) attributedBody.
  private func message(rowID: Int64) -> Result<Message, SourceError>? {
    let origin = Origin(file: path, position: .row(rowID))
    var message = Message(text: "", id: String(rowID), sender: statement.text(1), origin: origin)
    if message.sender?.isEmpty == true { message.sender = nil }
    switch schema {
    case .android:
      message.date = statement.int64(2)
      message.direction = statement.int64(3).map { $0 == 1 ? .incoming : .outgoing }
      guard let text = statement.text(4) else { return nil }
      message.text = text
    case .apple:
      message.date =
        statement.isFloat(2)
        ? statement.double(2).flatMap(Timestamp.fromAppleDate(seconds:))
        : statement.int64(2).flatMap(Timestamp.fromAppleDate(_:))
      message.direction = statement.int64(3).map { $0 != 0 ? .outgoing : .incoming }
      if let text = statement.text(4) {
        message.text = text
      } else if let blob = statement.blob(5), !blob.isEmpty {
        do {
          message.text = try TypedStream.plainText(of: blob)
        } catch {
          return .failure(.malformed(origin, error.description))
        }
      } else {
        return nil
      }
    }
    return .success(message)
  }
}
