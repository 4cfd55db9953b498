/// One message read from a dump: its text, what the dump knows about it, and where it came from.
///
/// Readers fill in what their format stores; fields a format lacks stay `nil`.
///
/// ```swift
/// let message = Message(
///   text: "Your code is 482910", sender: "+15550100", date: 1_773_303_302_000,
///   origin: Origin(file: "backup.xml", position: .line(12)))
/// print(message.isoDate ?? "-")  // "2026-03-12T08:15:02Z"
/// print(message.origin!)         // "backup.xml:12"
/// ```
public struct Message: Sendable, Equatable {
  /// The message text, private to its owner: errors never quote it.
  public var text: String
  /// The record's identifier in its dump, when it has one: a database row id, a CSV `id` column.
  public var id: String?
  /// The other party's address: who sent an incoming message, or whom an outgoing one went to.
  ///
  /// Check ``direction`` to tell the two apart.
  public var sender: String?
  /// When the message was sent or received, in milliseconds since 1970-01-01T00:00:00Z.
  public var date: Int64?
  /// Whether the message came in or went out, when the dump says.
  public var direction: Direction?
  /// The file and the line or row the message was read from; `nil` for messages made in memory.
  public var origin: Origin?

  /// Makes a message; every field but the text is optional.
  ///
  /// ```swift
  /// let message = Message(text: "G-123456 is your code")
  /// print(message.sender == nil)  // true
  /// ```
  public init(
    text: String, id: String? = nil, sender: String? = nil, date: Int64? = nil,
    direction: Direction? = nil, origin: Origin? = nil
  ) {
    self.text = text
    self.id = id
    self.sender = sender
    self.date = date
    self.direction = direction
    self.origin = origin
  }

  /// The ``date`` in ISO 8601, UTC, to the second, or `nil` when the date is unknown.
  ///
  /// ```swift
  /// print(Message(text: "", date: 1_773_303_302_000).isoDate!)  // "2026-03-12T08:15:02Z"
  /// ```
  public var isoDate: String? { date.map(Timestamp.iso8601) }
}

/// Which way a message went, seen from the dump's owner.
///
/// ```swift
/// let direction = Direction.incoming
/// print(direction.rawValue)  // "incoming"
/// ```
public enum Direction: String, Sendable, Equatable, CaseIterable {
  /// Received by the dump's owner.
  case incoming
  /// Sent, drafted or queued by the dump's owner.
  case outgoing
}

/// Where in a dump a message or an error is: the file, then a line or a database row.
///
/// Its description is the `FILE:LINE` or `FILE: row ID` that error messages start with.
///
/// ```swift
/// print(Origin(file: "sms.csv", position: .line(7)))   // "sms.csv:7"
/// print(Origin(file: "chat.db", position: .row(42)))   // "chat.db: row 42"
/// ```
public struct Origin: Sendable, Equatable, CustomStringConvertible {
  /// The path of the dump, as given to the reader.
  public var file: String
  /// The line (text formats, 1-based) or row id (databases) within it.
  public var position: Position

  /// Makes an origin.
  ///
  /// ```swift
  /// let origin = Origin(file: "backup.xml", position: .line(3))
  /// print(origin.position.line!)  // 3
  /// ```
  public init(file: String, position: Position) {
    self.file = file
    self.position = position
  }

  /// `FILE:LINE` for a line, `FILE: row ID` for a database row.
  public var description: String {
    switch position {
    case .line(let line): "\(file):\(line)"
    case .row(let row): "\(file): row \(row)"
    }
  }
}

/// A place within a dump: a 1-based line in a text format, or a row id in a database.
///
/// ```swift
/// let position = Position.row(42)
/// print(position.row!, position.line == nil)  // 42 true
/// ```
public enum Position: Sendable, Equatable, Hashable {
  /// A 1-based line of a text file (XML, CSV): where the record starts.
  case line(Int)
  /// A row id (`_id` in Android's `sms`, `ROWID` in Apple's `message`).
  case row(Int64)

  /// The line number, for a text position.
  ///
  /// ```swift
  /// print(Position.line(9).line!)  // 9
  /// ```
  public var line: Int? {
    if case .line(let line) = self { return line }
    return nil
  }

  /// The row id, for a database position.
  ///
  /// ```swift
  /// print(Position.row(7).row!)  // 7
  /// ```
  public var row: Int64? {
    if case .row(let row) = self { return row }
    return nil
  }
}
