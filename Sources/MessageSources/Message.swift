/// A message read from some source (placeholder until the readers land).
public struct Message: Sendable {
  /// The message text.
  public var text: String
}
