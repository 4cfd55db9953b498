/// Why a dump, or one record of it, could not be read.
///
/// Every case names the file; record-level cases also name the line or row. Descriptions are
/// short, lower-case, and never quote message text (it is private), so a CLI can print
/// `otpgrep: \(error)` as is.
///
/// ```swift
/// let error = SourceError.malformed(
///   Origin(file: "backup.xml", position: .line(1207)), "unterminated element")
/// print(error)  // "backup.xml:1207: unterminated element"
/// ```
public enum SourceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be opened; `errno` is the system's error number.
  case cannotOpen(file: String, errno: Int32)
  /// Reading the file failed part-way; `errno` is the system's error number.
  case readFailed(file: String, errno: Int32)
  /// The file was expected to be an SQLite database and is not one.
  case notSQLite(file: String)
  /// SQLite reported an error; `what` is SQLite's own message (it never holds row data).
  case database(file: String, what: String)
  /// An SQLite database that is neither an Android nor an Apple message database.
  case unknownDatabase(file: String)
  /// The database lacks a table the format needs.
  case missingTable(file: String, table: String)
  /// A table lacks a column the format needs.
  case missingColumn(file: String, table: String, column: String)
  /// The file declares a DTD or entities, which are refused (no XXE, no billion laughs).
  case forbiddenDTD(Origin)
  /// The file ends in the middle of a record; every record before it was returned.
  case truncated(Origin, String)
  /// A record (or the file's structure at that point) is malformed; `what` says how.
  case malformed(Origin, String)

  /// The file the error is about.
  ///
  /// ```swift
  /// print(SourceError.notSQLite(file: "fake.db").file)  // "fake.db"
  /// ```
  public var file: String {
    switch self {
    case .cannotOpen(let file, _), .readFailed(let file, _), .notSQLite(let file),
      .unknownDatabase(let file), .database(let file, _), .missingTable(let file, _),
      .missingColumn(let file, _, _):
      file
    case .forbiddenDTD(let origin), .truncated(let origin, _), .malformed(let origin, _):
      origin.file
    }
  }

  /// The line or row the error is about, when it is about one record.
  ///
  /// ```swift
  /// let error = SourceError.truncated(Origin(file: "a.xml", position: .line(9)), "file ends")
  /// print(error.position!)  // line(9)
  /// ```
  public var position: Position? {
    switch self {
    case .forbiddenDTD(let origin), .truncated(let origin, _), .malformed(let origin, _):
      origin.position
    default: nil
    }
  }

  /// `FILE:LINE: what`, `FILE: row ID: what` or `FILE: what`.
  public var description: String {
    switch self {
    case .cannotOpen(let file, let errno): "\(file): cannot open: \(systemMessage(errno))"
    case .readFailed(let file, let errno): "\(file): read failed: \(systemMessage(errno))"
    case .notSQLite(let file): "\(file): not an SQLite database"
    case .unknownDatabase(let file):
      "\(file): not a message database (no table 'sms' or 'message'); try --input"
    case .database(let file, let what): "\(file): \(what)"
    case .missingTable(let file, let table): "\(file): no table '\(table)'"
    case .missingColumn(let file, let table, let column):
      "\(file): table '\(table)' has no column '\(column)'"
    case .forbiddenDTD(let origin):
      "\(origin): DTDs and entity declarations are refused (possible XXE or entity expansion)"
    case .truncated(let origin, let what), .malformed(let origin, let what): "\(origin): \(what)"
    }
  }
}
