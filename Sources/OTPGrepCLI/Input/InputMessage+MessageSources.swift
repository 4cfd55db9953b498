import MessageSources

extension InputMessage {
  /// Adapts a message read by a `MessageSources` dump reader: a line for text dumps, a row id for
  /// databases, and the date both as ISO 8601 and in milliseconds.
  ///
  /// ```swift
  /// let m = InputMessage(
  ///   Message(text: "Code 482913", id: "17", date: 1_773_303_302_000,
  ///           origin: Origin(file: "mmssms.db", position: .row(17))))
  /// m.date  // "2026-03-12T08:15:02Z"
  /// m.row   // 17
  /// ```
  public init(_ message: Message) {
    self.init(
      text: message.text, line: message.origin?.position.line, id: message.id,
      sender: message.sender, date: message.isoDate)
    row = message.origin?.position.row
    timestamp = message.date
  }

  /// A record for a dump error that has a place (a line or a row): no text, the error's own
  /// words without its `FILE:LINE: ` prefix.
  ///
  /// ```swift
  /// let error = SourceError.truncated(Origin(file: "a.xml", position: .line(29)), "file ends")
  /// InputMessage(error)?.error  // "file ends"
  /// InputMessage(.notSQLite(file: "x.db"))  // nil: not about one record
  /// ```
  public init?(_ error: SourceError) {
    guard let position = error.position else { return nil }
    let full = error.description
    let prefix = Origin(file: error.file, position: position).description + ": "
    self.init(text: "", line: position.line)
    row = position.row
    self.error = full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
  }
}
