import MessageSources

/// The path of a file in `Fixtures/dumps/`, found from this source file.
func fixture(_ name: String, filePath: String = #filePath) -> String {
  var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)  // Support.swift, MessageSourcesTests, Tests
  return (parts + ["Fixtures", "dumps", Substring(name)]).joined(separator: "/")
}

/// Everything a reader returns, in order, split into messages and errors.
struct Drained {
  var messages: [Message] = []
  var errors: [SourceError] = []
  /// Messages and errors in reading order.
  var results: [Result<Message, SourceError>] = []

  var texts: [String] { messages.map(\.text) }
}

func drain(_ reader: some MessageReader, limit: Int = 10_000) -> Drained {
  var drained = Drained()
  while let result = reader.next(), drained.results.count < limit {
    drained.results.append(result)
    switch result {
    case .success(let message): drained.messages.append(message)
    case .failure(let error): drained.errors.append(error)
    }
  }
  return drained
}

func drain(_ reader: any MessageReader) -> Drained {
  var drained = Drained()
  for result in reader {
    drained.results.append(result)
    switch result {
    case .success(let message): drained.messages.append(message)
    case .failure(let error): drained.errors.append(error)
    }
  }
  return drained
}
