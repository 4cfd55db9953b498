/// The `--since`, `--until` and `--sender` filters, decided per message.
///
/// - `since`: keeps messages dated at or after it (milliseconds since 1970).
/// - `until`: keeps messages dated strictly before it.
/// - Either bound drops messages without a date (they cannot be shown to be in range).
/// - `sender`: keeps messages whose ``Message/sender`` matches (see ``SenderPattern``).
///
/// ```swift
/// let now = Timestamp.milliseconds(year: 2026, month: 3, day: 12, hour: 12)!
/// let filter = try MessageFilter(since: "2h", until: nil, sender: "bank", now: now)
/// let message = Message(text: "Code 1234", sender: "MyBank", date: now - 60_000)
/// print(filter.matches(message))  // true
/// ```
public struct MessageFilter: Sendable, Equatable {
  /// The earliest date kept, inclusive, in milliseconds since 1970.
  public var since: Int64?
  /// The end of the dates kept, exclusive, in milliseconds since 1970.
  public var until: Int64?
  /// The sender pattern, if any.
  public var sender: SenderPattern?

  /// Makes a filter from parsed values; `nil` means no constraint.
  ///
  /// ```swift
  /// let filter = MessageFilter(since: 0, until: nil, sender: nil)
  /// print(filter.matches(Message(text: "x", date: 5)))  // true
  /// ```
  public init(since: Int64? = nil, until: Int64? = nil, sender: SenderPattern? = nil) {
    self.since = since
    self.until = until
    self.sender = sender
  }

  /// Makes a filter from command-line spellings, relative to `now` (ms since 1970).
  ///
  /// `since` and `until` take what ``DateBound/parse(_:now:)`` reads. An `until` given as a bare
  /// day (`2026-03-12`) includes that whole day: the bound is the next midnight, UTC.
  ///
  /// ```swift
  /// let filter = try MessageFilter(since: "2026-03-01", until: "2026-03-12", sender: nil, now: 0)
  /// print(Timestamp.iso8601(filter.until!))  // "2026-03-13T00:00:00Z"
  /// ```
  public init(since: String?, until: String?, sender: String?, now: Int64) throws(FilterError) {
    self.since = try since.map { (text) throws(FilterError) in try DateBound.parse(text, now: now) }
    self.until = try until.map { (text) throws(FilterError) in
      let bound = try DateBound.parse(text, now: now)
      return DateBound.isDayOnly(text) ? bound + 86_400_000 : bound
    }
    self.sender = try sender.map { (text) throws(FilterError) in try SenderPattern(text) }
  }

  /// Whether the filter lets `message` through.
  ///
  /// ```swift
  /// let filter = MessageFilter(since: 1_000, until: 2_000)
  /// print(filter.matches(Message(text: "a", date: 1_500)))  // true
  /// print(filter.matches(Message(text: "a", date: 2_000)))  // false
  /// print(filter.matches(Message(text: "a")))               // false: no date
  /// ```
  public func matches(_ message: Message) -> Bool {
    if since != nil || until != nil {
      guard let date = message.date else { return false }
      if let since, date < since { return false }
      if let until, date >= until { return false }
    }
    if let sender, !sender.matches(message.sender) { return false }
    return true
  }

  /// Whether the filter lets everything through.
  ///
  /// ```swift
  /// print(MessageFilter().isEmpty)  // true
  /// ```
  public var isEmpty: Bool { since == nil && until == nil && sender == nil }
}

/// A command-line filter value that could not be read.
///
/// ```swift
/// do { _ = try DateBound.parse("yesterday", now: 0) } catch { print(error) }
/// // "invalid date 'yesterday': use ISO 8601 (2026-03-12, 2026-03-12T08:15:02Z) or an age (30m, 2h, 7d)"
/// ```
public enum FilterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A date that is neither ISO 8601 nor a relative age.
  case invalidDate(String)
  /// An empty sender pattern.
  case emptySenderPattern

  /// A one-line message with a hint.
  public var description: String {
    switch self {
    case .invalidDate(let text):
      "invalid date '\(text)': use ISO 8601 (2026-03-12, 2026-03-12T08:15:02Z) or an age (30m, 2h, 7d)"
    case .emptySenderPattern: "empty sender pattern"
    }
  }
}
