/// One message ready for the extractor, with what its source knows about it.
///
/// Every reader produces these: the line, NUL and JSON Lines readers of this module, and the dump
/// readers of `MessageSources` through ``init(_:)``.
///
/// ```swift
/// let message = InputMessage(text: "Your code is 482913", line: 3)
/// message.id      // nil
/// message.error   // nil
/// ```
public struct InputMessage: Sendable, Equatable {
  /// The text; empty when ``error`` is set.
  public var text: String
  /// The 1-based line (or record) where the message starts, when the source has lines.
  public var line: Int?
  // The two flags sit here, in the padding after `line`, not last: the message then takes 128
  // bytes, not 130. A worker copies the message for each line it processes, and `memcpy` copied
  // 130 bytes with overlapping stores, which the loads reading the copy back had to wait for
  // (95 of 4,792 samples in a two-job run; see docs/PERFORMANCE.md).
  /// Whether the text was longer than the cap and was cut.
  public var truncated = false
  /// Whether invalid UTF-8 was replaced by U+FFFD.
  public var repairedUTF8 = false
  /// The database row id (`_id`, `ROWID`), for a message read from a database; records write
  /// it as `line`, and errors place it as `FILE: row N`.
  public var row: Int64?
  /// The input's identifier for the record, as a string (a JSON Lines `id`, a database row id).
  public var id: String?
  /// Who sent it, when the source says.
  public var sender: String?
  /// When it was sent, in ISO 8601 UTC (`2026-03-12T08:15:02Z`), when the source says.
  public var date: String?
  /// The same date in milliseconds since 1970, when it is known; `--since` and `--until` use it.
  public var timestamp: Int64?
  /// Why the record could not be read (malformed JSON, missing text field); the record is still
  /// written, with this message and `code: null`.
  public var error: String?

  /// Makes a message; every field but the text is optional.
  ///
  /// ```swift
  /// InputMessage(text: "PIN 1234", line: 1, id: "m-7", sender: "Bank", date: "2026-03-12T08:15:02Z")
  /// ```
  public init(
    text: String, line: Int? = nil, id: String? = nil, sender: String? = nil, date: String? = nil,
    error: String? = nil
  ) {
    self.text = text
    self.line = line
    self.id = id
    self.sender = sender
    self.date = date
    self.error = error
  }
}

/// A reader that hands out messages one at a time: the plug-in point for new input formats.
///
/// A dump reader (SMS Backup & Restore XML, Android or Apple databases, CSV) conforms by
/// returning ``InputMessage``s; record-level problems become messages with ``InputMessage/error``
/// set, and a failure that ends the file is thrown.
///
/// ```swift
/// struct ArraySource: MessageSource {
///   var texts: [String]
///   mutating func next() throws -> InputMessage? {
///     texts.isEmpty ? nil : InputMessage(text: texts.removeFirst())
///   }
/// }
/// ```
public protocol MessageSource {
  /// The next message, or `nil` at the end of the input.
  mutating func next() throws -> InputMessage?
}
