import MessageSources

extension InputMessage {
  /// Adapts a message read by a `MessageSources` dump reader.
  ///
  /// ```swift
  /// InputMessage(Message(text: "Code 482913", id: "17", date: 1_773_303_302_000)).date
  /// // "2026-03-12T08:15:02Z"
  /// ```
  public init(_ message: Message) {
    self.init(
      text: message.text, line: message.origin?.position.line, id: message.id,
      sender: message.sender, date: message.isoDate)
  }
}
