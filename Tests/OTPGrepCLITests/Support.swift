import Foundation

@testable import OTPGrepCLI

/// The result of one in-process run.
struct InProcessRun {
  var status: Int32
  var stdout: String
  var stderr: String
  var writes: Int

  /// The stdout lines, without the final empty one.
  var lines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Each stdout line parsed as a JSON object.
  var records: [[String: Any]] {
    lines.map {
      try! JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed])
        as! [String: Any]
    }
  }
}

/// Runs otpgrep in-process on `input` given as stdin.
func otpgrep(
  _ arguments: [String], stdin input: String = "", kind: SourceKind? = nil, chunk: Int = 65536,
  closingAfter limit: Int? = nil, environment: [String: String] = [:]
) -> InProcessRun {
  otpgrep(
    arguments, bytes: Array(input.utf8), kind: kind, chunk: chunk, closingAfter: limit,
    environment: environment)
}

/// Runs otpgrep in-process on raw stdin bytes.
func otpgrep(
  _ arguments: [String], bytes: [UInt8], kind: SourceKind? = nil, chunk: Int = 65536,
  closingAfter limit: Int? = nil, environment: [String: String] = [:]
) -> InProcessRun {
  let stdout = MemorySink(closingAfter: limit)
  let stderr = MemorySink()
  let status = OTPGrep.run(
    arguments: arguments, stdin: MemorySource(bytes, chunk: chunk, kind: kind), stdout: stdout,
    stderr: stderr, environment: environment)
  return InProcessRun(
    status: status, stdout: stdout.string, stderr: stderr.string, writes: stdout.writes)
}

/// Runs a `Runner` made with `config` on `input` as stdin, read `chunk` bytes at a time: its
/// exit status, stdout and stderr.
func run(_ config: Configuration, stdin input: [UInt8], chunk: Int) -> (Int32, String, String) {
  let stdout = MemorySink()
  let stderr = MemorySink()
  let status = Runner(
    config: config, stdin: MemorySource(input, chunk: chunk), stdout: stdout, stderr: stderr
  ).run()
  return (status, stdout.string, stderr.string)
}

/// A fresh temporary directory, removed by the caller's `defer`.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "otpgrep-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// The keys of a JSON object line, in the order written (top level only).
func topLevelKeys(_ line: String) -> [String] {
  var keys: [String] = []
  var depth = 0
  var inString = false
  var escaped = false
  var current = ""
  var expectingKey = false
  for c in line {
    if inString {
      if escaped {
        escaped = false
        current.append(c)
      } else if c == "\\" {
        escaped = true
      } else if c == "\"" {
        inString = false
        if expectingKey && depth == 1 { keys.append(current) }
        expectingKey = false
      } else {
        current.append(c)
      }
      continue
    }
    switch c {
    case "\"":
      inString = true
      current = ""
    case "{", "[":
      depth += 1
      expectingKey = c == "{" && depth == 1
    case "}", "]": depth -= 1
    case ",": expectingKey = depth == 1
    default: break
    }
  }
  return keys
}
