/// Reads messages from a CSV export (RFC 4180), streaming.
///
/// - The first record is the header. The text comes from the column named by
///   ``ReaderOptions/textColumn`` (case-insensitive; by default `text`, else `body`, else
///   `message`); `id` (or `_id`), `sender` (or `address`, `from`), and `date` (or `timestamp`,
///   `time`) columns are used when present. A date is ISO 8601 (see ``DateBound``) or a Unix time
///   in seconds, or milliseconds when above 10^11.
/// - Fields may be quoted with `"`, hold delimiters and line breaks, and double a quote to
///   escape it (`"say ""hi"""`). Records end with LF or CR LF. A UTF-8 byte-order mark is skipped.
/// - The delimiter is ``ReaderOptions/delimiter``, or sniffed from the header line: whichever of
///   `,` `;` and tab occurs most often outside quotes (`,` on a tie or none).
///
/// A record too short to hold the text column gives an error for that line and reading goes on;
/// a quote left open at the end of the file gives an error naming the line where its record
/// starts, after every earlier record.
///
/// ```swift
/// // export.csv:  date;from;text
/// //              2026-03-12T08:15:02Z;Bank;"Code: 4821
/// //              valid 5 min"
/// let reader = try CSVMessageReader(path: "export.csv")
/// print(try reader.next()!.get().text)  // "Code: 4821\nvalid 5 min"
/// ```
public final class CSVMessageReader: MessageReader {
  /// The path the reader was opened with, as it appears in origins and errors.
  public let path: String
  /// The format read: `csv`.
  public var format: DumpFormat { .csv }
  /// The delimiter in use, given or sniffed.
  public let delimiter: UInt8
  /// The header's column names, as written.
  public let columns: [String]

  private var parser: CSVParser
  private let textIndex: Int
  private let idIndex: Int?
  private let senderIndex: Int?
  private let dateIndex: Int?
  private var isFinished = false

  /// Opens the CSV file at `path` and reads its header.
  ///
  /// Throws ``SourceError/malformed(_:_:)`` (line 1) when the header has no text column.
  ///
  /// ```swift
  /// let reader = try CSVMessageReader(path: "export.tsv", options: ReaderOptions(textColumn: "Body"))
  /// print(reader.delimiter == 9)  // true: tab, sniffed
  /// ```
  public convenience init(path: String, options: ReaderOptions = ReaderOptions())
    throws(SourceError)
  {
    try self.init(input: try ByteInput(path: path), options: options)
  }

  /// Reads CSV held in memory; `path` names it in origins and errors.
  ///
  /// ```swift
  /// let reader = try CSVMessageReader(bytes: Array("id,text\n1,Code 77\n".utf8), path: "x.csv")
  /// print(try reader.next()!.get().id!)  // "1"
  /// ```
  public convenience init(
    bytes: [UInt8], path: String, options: ReaderOptions = ReaderOptions()
  ) throws(SourceError) {
    try self.init(input: ByteInput(bytes: bytes, path: path), options: options)
  }

  private init(input: ByteInput, options: ReaderOptions) throws(SourceError) {
    var input = input
    path = input.path
    if input.peek() == 0xEF {
      // Skip a UTF-8 byte-order mark (EF BB BF) when it is one.
      let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
      var head: [UInt8] = []
      while head.count < 3, let byte = input.peek(), byte == bom[head.count] {
        head.append(byte)
        _ = input.next()
      }
      if head.count != 3 {
        input = ByteInput(bytes: head + Self.drain(&input), path: input.path)
      }
    }
    // Read the raw header line (quote-aware) to sniff the delimiter, then parse it.
    var headerLine: [UInt8] = []
    var inQuotes = false
    while let byte = input.next() {
      if byte == ASCII.quote { inQuotes.toggle() }
      if byte == ASCII.lineFeed, !inQuotes { break }
      headerLine.append(byte)
      if headerLine.count > CSVParser.maximumRecordLength {
        throw .malformed(Origin(file: input.path, position: .line(1)), "header line too long")
      }
    }
    if let code = input.readErrno { throw .readFailed(file: input.path, errno: code) }
    delimiter = options.delimiter ?? Self.sniffDelimiter(headerLine)
    var headerParser = CSVParser(
      input: ByteInput(bytes: headerLine, path: input.path), delimiter: delimiter)
    var header: [[UInt8]] = []
    if case .some(.some) = try? headerParser.nextRecord() { header = headerParser.fields }
    columns = header.map { String(decoding: $0, as: UTF8.self) }
    let names = columns.map { $0.trimmingSpaces().lowercased() }
    func index(_ candidates: [String]) -> Int? {
      for candidate in candidates {
        if let found = names.firstIndex(of: candidate) { return found }
      }
      return nil
    }
    let wanted =
      options.textColumn.map { [$0.trimmingSpaces().lowercased()] } ?? ["text", "body", "message"]
    guard let textIndex = index(wanted) else {
      throw .malformed(
        Origin(file: input.path, position: .line(1)), "no column '\(wanted[0])' in the header")
    }
    self.textIndex = textIndex
    idIndex = index(["id", "_id"])
    senderIndex = index(["sender", "address", "from"])
    dateIndex = index(["date", "timestamp", "time"])
    parser = CSVParser(input: input, delimiter: delimiter)
  }

  private static func drain(_ input: inout ByteInput) -> [UInt8] {
    var rest: [UInt8] = []
    while let byte = input.next() { rest.append(byte) }
    return rest
  }

  /// `,` `;` or tab, whichever occurs most outside quotes in a header line; `,` on a tie or none.
  ///
  /// ```swift
  /// print(CSVMessageReader.sniffDelimiter(Array("date;\"a,b,c\";text".utf8)) == UInt8(ascii: ";"))
  /// // true
  /// ```
  public static func sniffDelimiter(_ line: [UInt8]) -> UInt8 {
    var counts: [UInt8: Int] = [ASCII.comma: 0, ASCII.semicolon: 0, ASCII.tab: 0]
    var inQuotes = false
    for byte in line {
      if byte == ASCII.quote {
        inQuotes.toggle()
      } else if !inQuotes, counts[byte] != nil {
        counts[byte]! += 1
      }
    }
    var best = ASCII.comma
    for candidate in [ASCII.semicolon, ASCII.tab] where counts[candidate]! > counts[best]! {
      best = candidate
    }
    return best
  }

  /// The next message, an error for a bad record, or `nil` at the end.
  public func next() -> Result<Message, SourceError>? {
    guard !isFinished else { return nil }
    do {
      while let line = try parser.nextRecord() {
        let count = parser.fieldCount
        if count == 1, parser.field(0).isEmpty { continue }  // A blank line.
        let origin = Origin(file: path, position: .line(line))
        guard textIndex < count else {
          return .failure(
            .malformed(origin, "record has \(count) fields; the text is field \(textIndex + 1)"))
        }
        var message = Message(
          text: String(decoding: parser.field(textIndex), as: UTF8.self), origin: origin)
        message.id = field(idIndex)
        message.sender = field(senderIndex)
        message.date = field(dateIndex).flatMap(Self.date)
        return .success(message)
      }
      isFinished = true
      return nil
    } catch {
      if case .unterminatedQuote = error {} else { isFinished = true }
      return .failure(error.sourceError(file: path))
    }
  }

  private func field(_ index: Int?) -> String? {
    guard let index, index < parser.fieldCount else { return nil }
    let bytes = parser.field(index)
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// ISO 8601, or Unix seconds (milliseconds above 10^11).
  static func date(_ text: String) -> Int64? {
    let trimmed = text.trimmingSpaces()
    if let number = Int64(trimmed) {
      return number.magnitude >= 100_000_000_000 ? number : number * 1000
    }
    return try? DateBound.parseAbsolute(trimmed)
  }
}

/// Splits RFC 4180 records into fields.
///
/// The fields of the record read last are kept one after the other in a buffer reused from
/// record to record, and runs of plain bytes are copied a chunk at a time.
struct CSVParser {
  /// The longest record accepted, in bytes, to keep memory bounded.
  static let maximumRecordLength = 16 * 1024 * 1024
  /// The capacity of the fields' buffer kept after a record; a larger one is given back.
  private static let keptCapacity = 256 * 1024

  enum Failure: Error {
    /// A quote is open at the end of input; reading can go on from the line after `line`.
    case unterminatedQuote(line: Int)
    case tooLong(line: Int)
    case readFailed(errno: Int32)

    func sourceError(file: String) -> SourceError {
      switch self {
      case .unterminatedQuote(let line):
        .truncated(Origin(file: file, position: .line(line)), "quoted field is never closed")
      case .tooLong(let line):
        .malformed(Origin(file: file, position: .line(line)), "record too long")
      case .readFailed(let code): .readFailed(file: file, errno: code)
      }
    }
  }

  private var input: ByteInput
  private let delimiter: UInt8
  /// The last record's fields, decoded, one after the other.
  private var bytes: [UInt8] = []
  /// Where each of the last record's fields ends in ``bytes``.
  private var ends: [Int] = []

  init(input: ByteInput, delimiter: UInt8) {
    self.input = input
    self.delimiter = delimiter
  }

  /// How many fields the last record has.
  var fieldCount: Int { ends.count }

  /// The last record's field `index`, decoded.
  func field(_ index: Int) -> ArraySlice<UInt8> {
    bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
  }

  /// The last record's fields, each as an array.
  var fields: [[UInt8]] { (0..<fieldCount).map { Array(field($0)) } }

  /// Reads the next record and returns the line it starts on, or `nil` at the end of input; its
  /// fields are read with ``field(_:)``.
  mutating func nextRecord() throws(Failure) -> Int? {
    guard input.peek() != nil else {
      if let code = input.readErrno { throw .readFailed(errno: code) }
      return nil
    }
    let line = input.line
    if bytes.capacity > Self.keptCapacity {
      bytes = []
    } else {
      bytes.removeAll(keepingCapacity: true)
    }
    ends.removeAll(keepingCapacity: true)
    // Where the current field starts in `bytes`.
    var fieldStart = 0
    var inQuotes = false
    // The record's bytes read, to bound its length.
    var length = 0
    // The record's raw bytes after its first line feed, kept from that line feed on, to re-read
    // them if a quote turns out never to close (every line feed of such a record is quoted).
    var rest: [UInt8]?
    while true {
      if rest == nil {
        // Plain bytes in one copy: up to a quote, a line feed, and (outside quotes) a delimiter.
        let before = bytes.count
        let stop = inQuotes ? ASCII.quote : delimiter
        let more = input.appendRun(to: &bytes) {
          $0 == stop || $0 == ASCII.quote || $0 == ASCII.lineFeed
        }
        length &+= bytes.count &- before
        if length > Self.maximumRecordLength { throw .tooLong(line: line) }
        guard more else { break }
      }
      guard let byte = input.next() else { break }
      rest?.append(byte)
      length &+= 1
      if length > Self.maximumRecordLength { throw .tooLong(line: line) }
      if inQuotes {
        if byte == ASCII.quote {
          if input.peek() == ASCII.quote {
            _ = input.next()
            rest?.append(ASCII.quote)
            length &+= 1
            if length > Self.maximumRecordLength { throw .tooLong(line: line) }
            bytes.append(ASCII.quote)
          } else {
            inQuotes = false
          }
        } else {
          if byte == ASCII.lineFeed, rest == nil { rest = [] }
          bytes.append(byte)
        }
        continue
      }
      switch byte {
      case delimiter:
        ends.append(bytes.count)
        fieldStart = bytes.count
      case ASCII.lineFeed:
        if bytes.count > fieldStart, bytes.last == ASCII.carriageReturn { bytes.removeLast() }
        ends.append(bytes.count)
        return line
      case ASCII.quote where bytes.count == fieldStart:
        inQuotes = true
      default:
        bytes.append(byte)  // Lenient: a stray quote inside an unquoted field is kept.
      }
    }
    if let code = input.readErrno { throw .readFailed(errno: code) }
    if inQuotes {
      // Report this record, then resume at its second line: the lines the open quote swallowed
      // are read again as records, so only the broken one is lost.
      if let rest {
        input = ByteInput(bytes: rest, path: input.path, firstLine: line + 1)
      }
      throw .unterminatedQuote(line: line)
    }
    if bytes.count > fieldStart, bytes.last == ASCII.carriageReturn { bytes.removeLast() }
    ends.append(bytes.count)
    return line
  }
}

extension String {
  /// The string without leading and trailing ASCII spaces and tabs.
  func trimmingSpaces() -> String {
    var bytes = Substring(self).utf8[...]
    while let first = bytes.first, first == ASCII.space || first == ASCII.tab {
      bytes.removeFirst()
    }
    while let last = bytes.last,
      last == ASCII.space || last == ASCII.tab || last == ASCII.carriageReturn
    {
      bytes.removeLast()
    }
    return String(Substring(bytes))
  }
}
