/// The dump formats `otpgrep` reads; raw values are the `--input` spellings.
///
/// ```swift
/// let format = DumpFormat(rawValue: "apple")  // from `--input apple`
/// print(format == .apple, DumpFormat.allCases.map(\.rawValue))
/// // true ["xml", "android", "apple", "csv"]
/// ```
public enum DumpFormat: String, Sendable, Equatable, CaseIterable {
  /// SMS Backup & Restore XML (`<smses>`).
  case xml
  /// Android's telephony database, `mmssms.db` (table `sms`).
  case android
  /// Apple Messages, `sms.db` or `chat.db` (tables `message` and `handle`).
  case apple
  /// CSV with a header row (RFC 4180).
  case csv

  /// How many leading bytes ``detect(prefix:path:)`` looks at.
  ///
  /// ```swift
  /// print(DumpFormat.prefixLength)  // 512
  /// ```
  public static let prefixLength = 512

  /// Recognizes a dump from its first bytes (and, for a database, its tables), or returns `nil`
  /// for anything else (which a caller reads as plain text).
  ///
  /// - `SQLite format 3\0`: the database is opened read-only; a table `message` means ``apple``
  ///   (when there is also `handle` or `chat`, or no `sms`), a table `sms` means ``android``;
  ///   neither throws ``SourceError/unknownDatabase(file:)``.
  /// - `<?xml`, `<smses` or `<!--` (after a byte-order mark and white space): ``xml``.
  /// - A name ending in `.csv` or `.tsv`: ``csv``.
  /// - A name ending in `.db`, `.sqlite` or `.sqlite3` that is not SQLite throws
  ///   ``SourceError/notSQLite(file:)`` rather than being read as text.
  ///
  /// ```swift
  /// let prefix = try DumpFormat.prefix(ofFile: "export.csv")
  /// print(try DumpFormat.detect(prefix: prefix, path: "export.csv") ?? "text")  // csv
  /// print(try DumpFormat.detect(prefix: Array("hello".utf8), path: "notes.txt") == nil)  // true
  /// ```
  public static func detect(prefix: [UInt8], path: String) throws(SourceError) -> DumpFormat? {
    if prefix.starts(with: SQLiteConnection.magic) {
      let tables = try SQLiteConnection(readOnly: path).tableNames()
      if tables.contains("message"),
        tables.contains("handle") || tables.contains("chat") || !tables.contains("sms")
      {
        return .apple
      }
      if tables.contains("sms") { return .android }
      throw .unknownDatabase(file: path)
    }
    var start = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < prefix.count, ASCII.isSpace(prefix[start]) { start += 1 }
    let head = prefix[start...]
    for marker in ["<?xml", "<smses", "<!--"] where head.starts(with: marker.utf8) {
      return .xml
    }
    let name = Self.lowercasedExtension(path)
    if name == "csv" || name == "tsv" { return .csv }
    if name == "db" || name == "sqlite" || name == "sqlite3" { throw .notSQLite(file: path) }
    return nil
  }

  /// Reads the first ``prefixLength`` bytes of the file at `path` and detects its format.
  ///
  /// ```swift
  /// print(try DumpFormat.detect(path: "mmssms.db")!)  // android
  /// ```
  public static func detect(path: String) throws(SourceError) -> DumpFormat? {
    try detect(prefix: try prefix(ofFile: path), path: path)
  }

  /// The first ``prefixLength`` bytes of the file at `path` (fewer if it is shorter).
  ///
  /// ```swift
  /// print(try DumpFormat.prefix(ofFile: "chat.db").count)  // 512
  /// ```
  public static func prefix(ofFile path: String) throws(SourceError) -> [UInt8] {
    try ByteInput.prefix(ofFile: path, count: prefixLength)
  }

  private static func lowercasedExtension(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }
}

extension DumpFormat {
  /// Opens a reader for a dump in this format.
  ///
  /// Opening checks what can be checked up front (the file opens; a database is SQLite and has
  /// its table; a CSV header names a text column) and throws if not; record errors come later,
  /// from the reader.
  ///
  /// ```swift
  /// let reader = try DumpFormat.apple.makeReader(path: "chat.db")
  /// print(reader.format)  // apple
  /// ```
  public func makeReader(
    path: String, options: ReaderOptions = ReaderOptions()
  ) throws(SourceError) -> any MessageReader {
    switch self {
    case .xml: try SMSBackupReader(path: path)
    case .csv: try CSVMessageReader(path: path, options: options)
    case .android:
      try MessageDatabaseReader(path: path, schema: .android, afterRowID: options.afterRowID)
    case .apple:
      try MessageDatabaseReader(path: path, schema: .apple, afterRowID: options.afterRowID)
    }
  }
}
