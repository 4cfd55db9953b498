import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `otpgrep`: `$OTPGREP_BIN`, else beside the test bundle (same build directory),
/// else `.build/debug/otpgrep` under the package root found from this file.
let otpgrepBinary: String? = {
  let fileManager = FileManager.default
  if let path = ProcessInfo.processInfo.environment["OTPGREP_BIN"],
    fileManager.isExecutableFile(atPath: path)
  {
    return path
  }
  var candidates: [String] = []
  if let test = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
    var dir = URL(fileURLWithPath: test).deletingLastPathComponent()
    // Inside an .xctest bundle directory on some platforms.
    if dir.pathExtension == "xctest" { dir.deleteLastPathComponent() }
    candidates.append(dir.appendingPathComponent("otpgrep").path)
  }
  var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while root.path != "/"
    && !fileManager.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
  {
    root.deleteLastPathComponent()
  }
  candidates.append(root.appendingPathComponent(".build/debug/otpgrep").path)
  return candidates.first { fileManager.isExecutableFile(atPath: $0) }
}()

/// What a finished `otpgrep` process left.
struct ProcessOutcome {
  var status: Int32
  var signaled: Bool
  var stdout: Data
  var stderr: Data

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }
  var lines: [String] {
    stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
  var records: [[String: Any]] {
    lines.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
  }
}

/// Spawns `executable` with its standard streams opened on the given paths, waits, and returns
/// its exit status or the signal that killed it. (`posix_spawn` and `waitpid`: Foundation's
/// `Process` can miss a child's exit on Linux and hang in `waitUntilExit`.)
func spawnAndWait(
  _ executable: String, _ arguments: [String], stdin: String, stdout: String, stderr: String,
  environment: [String: String] = [:]
) throws -> (status: Int32, signal: Int32?) {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  var env = ProcessInfo.processInfo.environment
  env.merge(environment) { $1 }
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv { free(pointer) }
    for pointer in envp { free(pointer) }
  }
  var pid: pid_t = 0
  try #require(posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0)
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let signal = status & 0x7F
  return signal == 0 ? ((status >> 8) & 0xFF, nil) : (0, signal)
}

/// Runs the binary with stdin from a file (or `/dev/null`), stdout and stderr to temporary files,
/// so no pipe can fill up and deadlock.
func runBinary(
  _ arguments: [String], stdinFile: String? = nil, environment: [String: String] = [:]
) throws -> ProcessOutcome {
  let binary = try #require(otpgrepBinary, "build otpgrep first (swift build) or set OTPGREP_BIN")
  let dir = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: dir) }
  let out = dir.appendingPathComponent("stdout")
  let err = dir.appendingPathComponent("stderr")
  let result = try spawnAndWait(
    binary, arguments, stdin: stdinFile ?? "/dev/null", stdout: out.path, stderr: err.path,
    environment: environment)
  return ProcessOutcome(
    status: result.status, signaled: result.signal != nil, stdout: try Data(contentsOf: out),
    stderr: try Data(contentsOf: err))
}

/// Runs the binary on `input` given through a file.
func runBinary(_ arguments: [String], input: String) throws -> ProcessOutcome {
  try runBinary(arguments, inputBytes: Array(input.utf8))
}

/// Runs the binary on raw bytes given through a file.
func runBinary(_ arguments: [String], inputBytes: [UInt8]) throws -> ProcessOutcome {
  let dir = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: dir) }
  let file = dir.appendingPathComponent("stdin")
  try Data(inputBytes).write(to: file)
  return try runBinary(arguments, stdinFile: file.path)
}

/// Reads one line from `fd`, waiting at most `timeout` seconds; `nil` on timeout or end of file.
func readLine(from fd: Int32, timeout: Double) -> String? {
  var line: [UInt8] = []
  let deadline = Date().addingTimeInterval(timeout)
  while true {
    let left = deadline.timeIntervalSinceNow
    guard left > 0 else { return nil }
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, Int32(left * 1000))
    guard ready > 0 else {
      if ready < 0 && errno == EINTR { continue }
      return nil
    }
    var byte: UInt8 = 0
    let n = read(fd, &byte, 1)
    if n <= 0 { return nil }
    if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
    line.append(byte)
  }
}

/// Reads `fd` to its end.
func readAll(from fd: Int32) -> [UInt8] {
  var result: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = read(fd, &buffer, buffer.count)
    if n < 0 && errno == EINTR { continue }
    if n <= 0 { return result }
    result += buffer[0..<n]
  }
}

/// A child `otpgrep` started with `posix_spawn`, its stdin and stdout on pipes we hold the other
/// ends of (Foundation's `Process` can miss the exit of a child killed by a signal).
struct SpawnedChild {
  var pid: pid_t
  /// Our end of the child's stdin.
  var input: Int32
  /// Our end of the child's stdout.
  var output: Int32

  /// Starts the binary; stderr goes to `/dev/null`.
  init(_ arguments: [String]) throws {
    let binary = try #require(otpgrepBinary)
    var stdinPipe: [Int32] = [0, 0]
    var stdoutPipe: [Int32] = [0, 0]
    try #require(pipe(&stdinPipe) == 0 && pipe(&stdoutPipe) == 0)
    for fd in stdinPipe + stdoutPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // The test thread may have signals blocked; the child starts with none blocked.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGINT)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, binary, &actions, &attributes, argv, environ)
    close(stdinPipe[0])
    close(stdoutPipe[1])
    try #require(spawned == 0)
    self.pid = pid
    self.input = stdinPipe[1]
    self.output = stdoutPipe[0]
  }

  /// Writes all of `text` to the child's stdin.
  func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeMutableBytes {
        Glibc.write(input, $0.baseAddress! + offset, $0.count - offset)
      }
      if n <= 0 { return }
      offset += n
    }
  }

  /// The child's peak resident set size so far, in KiB (`VmHWM`).
  func peakResidentKiB() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
  }

  /// Waits for the child; returns its exit status, or the signal that killed it.
  func wait() -> (status: Int32, signal: Int32?) {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? ((status >> 8) & 0xFF, nil) : (0, signal)
  }
}
