internal import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only SQLite connection, closed on deinit; SQLite errors become ``SourceError``s.
///
/// It opens with `SQLITE_OPEN_READONLY` and a `mode=ro` URI: it never creates a missing database,
/// never writes, and takes no lock that would stop the owning app from writing. A database in WAL
/// mode is read with its write-ahead log (a "hot" WAL with committed but not yet checkpointed
/// pages included), through the shared-memory index the owner keeps beside it.
///
/// A WAL-mode database whose `-wal` file is absent (its owner closed it cleanly) is complete in
/// its main file. A read-only connection would still create empty `-wal` and `-shm` files and
/// leave them behind, so such a database is opened `immutable=1` instead, which creates nothing;
/// ``isImmutable`` tells the caller to reopen before reading again, to see later writes.
final class SQLiteConnection {
  /// The first 16 bytes of every SQLite 3 database file.
  static let magic: [UInt8] = Array("SQLite format 3\0".utf8)

  let file: String
  /// Whether the connection reads a snapshot of the main file only (see the type's notes).
  let isImmutable: Bool
  private let handle: OpaquePointer

  init(readOnly path: String) throws(SourceError) {
    // The header: the magic, and at offsets 18 and 19 the read/write versions (2 for WAL).
    let header = try ByteInput.prefix(ofFile: path, count: 20)
    guard header.starts(with: Self.magic) else { throw .notSQLite(file: path) }
    let walMode = header.count == 20 && header[18] == 2
    isImmutable = walMode && access(path + "-wal", F_OK) != 0
    var db: OpaquePointer?
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
    let uri = Self.uri(forPath: path) + (isImmutable ? "&immutable=1" : "")
    let status = sqlite3_open_v2(uri, &db, flags, nil)
    guard status == SQLITE_OK, let db else {
      let what = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
      if let db { sqlite3_close_v2(db) }
      throw .database(file: path, what: what)
    }
    self.file = path
    self.handle = db
    // Wait out a writer's short exclusive lock (rollback-journal mode) instead of failing.
    sqlite3_busy_timeout(db, 5000)
  }

  deinit { sqlite3_close_v2(handle) }

  /// A `file:` URI for `path`, with `?`, `#` and `%` escaped, asking for read-only mode.
  static func uri(forPath path: String) -> String {
    var escaped = ""
    for scalar in path.unicodeScalars {
      switch scalar {
      case "%": escaped += "%25"
      case "?": escaped += "%3F"
      case "#": escaped += "%23"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    // "file:///abs/path" or "file:relative/path" (a relative path must not look like an authority).
    return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?mode=ro"
  }

  func error(_ status: Int32) -> SourceError {
    let message = String(cString: sqlite3_errmsg(handle))
    if status == SQLITE_NOTADB { return .notSQLite(file: file) }
    return .database(file: file, what: message.isEmpty ? "database error \(status)" : message)
  }

  func prepare(_ sql: String) throws(SourceError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else { throw error(status) }
    return SQLiteStatement(handle: statement, connection: self)
  }

  /// The names of the tables in the main schema.
  func tableNames() throws(SourceError) -> Set<String> {
    let statement = try prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    var names = Set<String>()
    while try statement.step() { names.insert(statement.text(0) ?? "") }
    return names
  }

  /// The lower-cased column names of `table` (which must be a trusted identifier).
  func columnNames(of table: String) throws(SourceError) -> Set<String> {
    let statement = try prepare("PRAGMA table_info(\"\(table)\")")
    var names = Set<String>()
    while try statement.step() { names.insert((statement.text(1) ?? "").lowercased()) }
    return names
  }
}

/// A prepared statement, finalized on deinit.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private let connection: SQLiteConnection

  init(handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit { sqlite3_finalize(handle) }

  /// Steps to the next row: true for a row, false when done (the statement is then reset, so no
  /// read transaction stays open between polls).
  func step() throws(SourceError) -> Bool {
    let status = sqlite3_step(handle)
    if status == SQLITE_ROW { return true }
    sqlite3_reset(handle)
    if status == SQLITE_DONE { return false }
    throw connection.error(status)
  }

  /// Resets the statement and binds `value` to parameter `index` (1-based).
  func reset(binding value: Int64, at index: Int32) throws(SourceError) {
    sqlite3_reset(handle)
    let status = sqlite3_bind_int64(handle, index, value)
    guard status == SQLITE_OK else { throw connection.error(status) }
  }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

  func isFloat(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_FLOAT }

  func int64(_ column: Int32) -> Int64? {
    isNull(column) ? nil : sqlite3_column_int64(handle, column)
  }

  func double(_ column: Int32) -> Double? {
    isNull(column) ? nil : sqlite3_column_double(handle, column)
  }

  func text(_ column: Int32) -> String? {
    guard !isNull(column), let pointer = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  func blob(_ column: Int32) -> [UInt8]? {
    guard !isNull(column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }
}
