/// A pull-based reader of one dump: each `next()` returns the next message, an error for a bad
/// record, or `nil` at the end.
///
/// A bad record yields `.failure` for that record only and reading goes on with the next one;
/// after an error the reader cannot get past (a truncated file, a refused DTD, a broken database)
/// the following `next()` returns `nil`. Readers hold a file or a database connection and release
/// it when they are deinitialized. They are used from one task at a time (they are not
/// `Sendable`); the messages they return are.
///
/// ```swift
/// let reader = try DumpFormat.xml.makeReader(path: "backup.xml")
/// for result in reader {
///   switch result {
///   case .success(let message): print(message.text)
///   case .failure(let error): print("otpgrep: \(error)")  // "backup.xml:41: file ends inside..."
///   }
/// }
/// ```
public protocol MessageReader: AnyObject, Sequence, IteratorProtocol
where Element == Result<Message, SourceError>, Iterator == Self {
  /// The path the reader was opened with, as it appears in origins and errors.
  var path: String { get }
  /// The format the reader reads.
  var format: DumpFormat { get }
  /// The next message, an error for one bad record, or `nil` when the reader is done.
  ///
  /// Not `mutating`: readers are classes, so `let reader = try format.makeReader(path: p)`
  /// can be read with `while let result = reader.next() { ... }`.
  func next() -> Result<Message, SourceError>?
}

/// Settings for the readers; each format uses the ones that apply to it.
///
/// ```swift
/// var options = ReaderOptions()
/// options.textColumn = "message"   // CSV: take the text from the "message" column
/// options.afterRowID = 1200        // databases: only rows with a larger id
/// let reader = try DumpFormat.csv.makeReader(path: "export.csv", options: options)
/// ```
public struct ReaderOptions: Sendable, Equatable {
  /// CSV: the header name of the text column (case-insensitive). `nil` tries `text`, then `body`,
  /// then `message`.
  public var textColumn: String?
  /// CSV: the field delimiter; `nil` sniffs `,`, `;` or tab from the header line.
  public var delimiter: UInt8?
  /// Databases: read only rows whose id (`_id`, `ROWID`) is greater than this.
  public var afterRowID: Int64

  /// Makes options; the defaults sniff and read everything.
  ///
  /// ```swift
  /// let options = ReaderOptions(textColumn: "body")
  /// print(options.afterRowID)  // 0
  /// ```
  public init(textColumn: String? = nil, delimiter: UInt8? = nil, afterRowID: Int64 = 0) {
    self.textColumn = textColumn
    self.delimiter = delimiter
    self.afterRowID = afterRowID
  }
}
