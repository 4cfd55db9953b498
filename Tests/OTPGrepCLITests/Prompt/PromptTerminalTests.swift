import Foundation
import Testing

/// The built `otpgrep`: `OTPGREP_BIN`, else next to this test binary (the same build), else
/// `.build/debug/otpgrep` under the package root found from this file.
private let promptTestBinary: String? = {
  let fileManager = FileManager.default
  if let path = ProcessInfo.processInfo.environment["OTPGREP_BIN"], !path.isEmpty {
    return fileManager.isExecutableFile(atPath: path) ? path : nil
  }
  let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  let sibling = testBinary.deletingLastPathComponent().appendingPathComponent("otpgrep").path
  if fileManager.isExecutableFile(atPath: sibling) { return sibling }
  var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while directory.path != "/" {
    if fileManager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
      let path = directory.appendingPathComponent(".build/debug/otpgrep").path
      return fileManager.isExecutableFile(atPath: path) ? path : nil
    }
    directory.deleteLastPathComponent()
  }
  return nil
}()

/// Where tmux is, if it is installed.
private let tmuxPath: String = {
  ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  } ?? "/usr/bin/tmux"
}()

/// Whether tmux can be run.
private let tmuxAvailable = FileManager.default.isExecutableFile(atPath: tmuxPath)

/// Serializes making pipes and spawning, so no child inherits another test's pipes.
private let spawnLock = NSLock()

/// Runs `executable` with `arguments`, feeding `input`, and returns its status and output.
///
/// With `capture` false, output goes to `/dev/null`: a command that starts a daemon (tmux
/// new-session) must not hold our pipes, or reading them to the end would never end.
/// (posix_spawn and waitpid rather than Foundation's Process, whose exit monitoring can miss a
/// child under the test runner.)
@discardableResult
private func spawn(
  _ executable: String, _ arguments: [String], input: String? = nil, capture: Bool = true
)
  throws -> (status: Int32, stdout: String, stderr: String)
{
  struct SpawnError: Error { let code: Int32 }
  var inPipe: [Int32] = [0, 0]
  var outPipe: [Int32] = [0, 0]
  var errPipe: [Int32] = [0, 0]
  // Tests run in parallel: a child spawned for another test (a tmux server above all) must not
  // inherit our pipes' write ends. So pipes are close-on-exec, made under a lock with the spawn.
  spawnLock.lock()
  defer { spawnLock.unlock() }
  guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
    throw SpawnError(code: errno)
  }
  for descriptor in inPipe + outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  if input == nil {
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  } else {
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
  }
  if capture {
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  }
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { for argument in argv { free(argument) } }
  var pid: pid_t = 0
  // The test runner blocks most signals in its threads, and a spawned child inherits that
  // mask: a tmux server would then ignore the SIGTERM its kill-server sends itself, and live on.
  // Start children with no signal blocked and every signal at its default.
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  var allSignals = sigset_t()
  sigfillset(&allSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  posix_spawnattr_setsigdefault(&attributes, &allSignals)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
  close(inPipe[0])
  close(outPipe[1])
  close(errPipe[1])
  guard spawned == 0 else {
    for descriptor in [inPipe[1], outPipe[0], errPipe[0]] { close(descriptor) }
    throw SpawnError(code: spawned)
  }
  spawnLock.unlock()
  defer { spawnLock.lock() }  // balances the deferred unlock above
  if let input {
    var bytes = Array(input.utf8)
    _ = bytes.withUnsafeMutableBytes { write(inPipe[1], $0.baseAddress, $0.count) }
  }
  close(inPipe[1])
  func readAll(_ descriptor: Int32) -> String {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      data += buffer[..<count]
    }
    close(descriptor)
    return String(decoding: data, as: UTF8.self)
  }
  let out = readAll(outPipe[0])
  let err = readAll(errPipe[0])
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return (exitStatus, out, err)
}

/// `otpgrep prompt` running in a tmux pane of its own tmux server, 80 by 24.
///
/// The pane runs a script: it saves `stty -a`, runs the prompt with standard output and
/// standard error to files, saves `stty -a` again and the exit status, then copies whatever is
/// pasted next into a file, so a test can see whether bracketed paste was left on.
private final class TmuxPrompt {
  let directory: URL
  private let socket: String

  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("otpgrep-prompt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    socket = "otpgrep-test-\(UUID().uuidString.prefix(8))"
    func quote(_ text: String) -> String {
      "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let exports = environment.map { "export \($0.key)=\(quote($0.value))" }.sorted()
    let command = ([promptTestBinary!, "prompt"] + arguments).map(quote).joined(separator: " ")
    let script =
      ["unset NO_COLOR"] + exports + [
        "cd \(quote(directory.path))",
        "stty -a > before",
        "sh -c 'echo $$ > pid; exec \"$@\"' sh \(command) > out 2> err",
        "status=$?",
        "stty -a > after",
        "echo $status > status",
        "head -n 1 > pasted-after",
        "sleep 600",
      ]
    let scriptPath = directory.appendingPathComponent("run.sh").path
    try script.joined(separator: "\n").write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let start = ["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "80", "-y", "24"]
    try spawn(tmuxPath, ["-L", socket] + start + ["sh " + scriptPath], capture: false)
    _ = waitForScreen { $0.contains("entered") }
  }

  deinit {
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(at: directory)
  }

  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    let result = try spawn(tmuxPath, ["-L", socket] + arguments)
    return result.stdout
  }

  /// Sends tmux key names (`4`, `BSpace`, `C-c`, `Escape`, `Enter`).
  func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "t"] + keys)
  }

  /// Pastes `text` as a terminal does: in bracketed-paste markers when the program asked.
  func paste(_ text: String) throws {
    try tmux(["set-buffer", "--", text])
    try tmux(["paste-buffer", "-p", "-t", "t"])
  }

  /// The pane's text; with `escapes`, with its colours and attributes.
  func screen(escapes: Bool = false) -> String {
    (try? tmux(["capture-pane", "-p", "-t", "t"] + (escapes ? ["-e"] : []))) ?? ""
  }

  /// Waits up to 10 s for the screen to satisfy `condition`; returns the last screen.
  @discardableResult
  func waitForScreen(escapes: Bool = false, _ condition: (String) -> Bool) -> String {
    var text = ""
    for _ in 0..<200 {
      text = screen(escapes: escapes)
      if condition(text) { return text }
      usleep(50_000)
    }
    return text
  }

  /// Waits up to 10 s for the prompt to exit; its exit status as the shell saw it.
  func waitForExit() -> Int32? {
    for _ in 0..<200 {
      if let text = file("status"),
        let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return status
      }
      usleep(50_000)
    }
    return nil
  }

  func file(_ name: String) -> String? {
    try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  /// Whether tmux shows the pane's cursor.
  var cursorVisible: Bool {
    ((try? tmux(["display-message", "-p", "-t", "t", "#{cursor_flag}"])) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
  }

  /// The prompt's process id.
  var pid: Int32? {
    file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// Checks the terminal is as before: same `stty -a`, cursor shown, bracketed paste off.
  func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(file("before") != nil, sourceLocation: sourceLocation)
    #expect(file("after") == file("before"), "stty -a changed", sourceLocation: sourceLocation)
    #expect(cursorVisible, "cursor still hidden", sourceLocation: sourceLocation)
    try paste("after\n")
    var pasted: String?
    for _ in 0..<100 {
      pasted = file("pasted-after")
      if pasted?.isEmpty == false { break }
      usleep(50_000)
    }
    #expect(pasted == "after\n", "bracketed paste still on", sourceLocation: sourceLocation)
  }
}

@Suite(
  .enabled(if: promptTestBinary != nil, "build otpgrep first (swift build), or set OTPGREP_BIN"),
  .enabled(if: tmuxAvailable, "tmux is not installed"))
struct PromptTerminalTests {
  @Test func typingFillsTheBoxesAndPrintsTheCode() throws {
    let pane = try TmuxPrompt(["--length", "6"])
    #expect(pane.screen().contains("[_][ ][ ][ ][ ][ ]"))
    try pane.send("4", "8", "2")
    let screen = pane.waitForScreen { $0.contains("3 of 6 digits entered") }
    #expect(screen.contains("Enter the code"))
    #expect(screen.contains("[4][8][2][_][ ][ ]"))
    try pane.send("x", "9", "1", "3")
    #expect(pane.waitForExit() == 0)
    #expect(pane.file("out") == "482913\n")
    #expect(pane.file("err") == "")  // drawn on /dev/tty, not on standard error
    try pane.expectTerminalRestored()
  }

  @Test func backspaceDeletes() throws {
    let pane = try TmuxPrompt(["--length", "4", "--label", "PIN"])
    try pane.send("1", "2", "3", "BSpace")
    let screen = pane.waitForScreen { $0.contains("2 of 4 digits entered") }
    #expect(screen.contains("[1][2][_][ ]"))
    try pane.send("C-h")  // BS (0x08) deletes too
    #expect(pane.waitForScreen { $0.contains("1 of 4") }.contains("[1][_][ ][ ]"))
    try pane.send("7", "8", "9")
    #expect(pane.waitForExit() == 0)
    #expect(pane.file("out") == "1789\n")
  }

  @Test func aPastedMessageFillsEveryBox() throws {
    let pane = try TmuxPrompt(["--length", "6"])
    try pane.send("9")
    _ = pane.waitForScreen { $0.contains("1 of 6") }
    try pane.paste("Your verification code is 771-204.\nDo not share it with anyone.")
    #expect(pane.waitForExit() == 0)
    #expect(pane.file("out") == "771204\n")
    try pane.expectTerminalRestored()
  }

  @Test func secureModeShowsDots() throws {
    let pane = try TmuxPrompt(["--secure", "--confirm"])
    try pane.send("4", "8", "2", "9", "1", "3")
    let screen = pane.waitForScreen { $0.contains("press Enter") }
    #expect(screen.contains("[•][•][•][•][•][•]"))
    #expect(!screen.contains("482913") && !screen.contains("[4]"))
    try pane.send("Enter")
    #expect(pane.waitForExit() == 0)
    #expect(pane.file("out") == "482913\n")
  }

  @Test func aMaskShapesTheBoxesAndTheCode() throws {
    let pane = try TmuxPrompt(["--mask", "###-###"])
    try pane.send("4", "8", "2", "9")
    #expect(pane.waitForScreen { $0.contains("4 of 6") }.contains("[4][8][2]-[9][_][ ]"))
    try pane.send("1", "3")
    #expect(pane.waitForExit() == 0)
    #expect(pane.file("out") == "482-913\n")
  }

  @Test(
    "Ctrl-C and Esc cancel: exit 130, nothing printed, the terminal restored",
    arguments: ["C-c", "Escape"])
  func cancelRestoresTheTerminal(key: String) throws {
    let pane = try TmuxPrompt(["--length", "6"])
    #expect(!pane.cursorVisible)  // hidden while the prompt runs
    try pane.send("1", "2")
    _ = pane.waitForScreen { $0.contains("2 of 6") }
    try pane.send(key)
    #expect(pane.waitForExit() == 130)
    #expect(pane.file("out") == "")
    try pane.expectTerminalRestored()
  }

  @Test(
    "A signal restores the terminal, then kills the prompt",
    arguments: [(SIGTERM, 143), (SIGINT, 130), (SIGHUP, 129)] as [(Int32, Int32)])
  func signalRestoresTheTerminal(signal: Int32, status: Int32) throws {
    let pane = try TmuxPrompt(["--length", "6"])
    try pane.send("1", "2")
    _ = pane.waitForScreen { $0.contains("2 of 6") }
    let pid = try #require(pane.pid)
    kill(pid, signal)
    #expect(pane.waitForExit() == status)
    #expect(pane.file("out") == "")
    try pane.expectTerminalRestored()
  }

  @Test func aResizeRedraws() throws {
    let pane = try TmuxPrompt(["--label", "Enter the code sent to your phone"])
    try pane.send("4")
    _ = pane.waitForScreen { $0.contains("1 of 6") }
    try pane.tmux(["resize-window", "-t", "t", "-x", "24", "-y", "10"])
    let screen = pane.waitForScreen {
      $0.contains("Enter the code sent to") && !$0.contains("phone")
    }
    #expect(screen.components(separatedBy: "Enter the code").count == 2)  // drawn once
    #expect(screen.contains("[4][_][ ][ ][ ][ ]"))
    try pane.send("C-c")
    #expect(pane.waitForExit() == 130)
  }

  @Test(
    "The active box is coloured, or in reverse video under NO_COLOR",
    arguments: [[:], ["NO_COLOR": "1"]])
  func noColor(environment: [String: String]) throws {
    let pane = try TmuxPrompt(["--length", "4"], environment: environment)
    let screen = pane.waitForScreen(escapes: true) { $0.contains("[_]") }
    if environment.isEmpty {
      #expect(screen.contains("36m"))
    } else {
      #expect(!screen.contains("36m"))
      #expect(screen.contains("\u{1B}[7m"))
    }
    try pane.send("C-c")
    #expect(pane.waitForExit() == 130)
  }
}

@Suite(
  .enabled(if: promptTestBinary != nil, "build otpgrep first (swift build), or set OTPGREP_BIN"))
struct PromptLineModeTests {
  @Test(
    "Without a terminal it reads one line and prints its code",
    arguments: [
      ([], "Your code is 482-913.\nsecond line 111111\n", 0 as Int32, "482913\n"),
      (["--length", "4"], "PIN: 4829", 0, "4829\n"),
      (["--mask", "###-###"], "482913 is your code\n", 0, "482-913\n"),
      ([], "no code in this one\n482913\n", 1, ""),
      ([], "", 1, ""),
    ] as [([String], String, Int32, String)])
  func lineMode(arguments: [String], input: String, status: Int32, stdout: String) throws {
    let result = try spawn(promptTestBinary!, ["prompt"] + arguments, input: input)
    #expect(result.status == status)
    #expect(result.stdout == stdout)
    #expect(result.stderr == "")
  }

  @Test(
    "Usage errors exit 2 with one line and a hint", arguments: [["--length", "3"], ["--nope"]])
  func usageErrors(arguments: [String]) throws {
    let result = try spawn(promptTestBinary!, ["prompt"] + arguments, input: "")
    #expect(result.status == 2)
    #expect(result.stdout == "")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("otpgrep: prompt: ") == true)
    #expect(lines.last == "try 'otpgrep --help'")
  }
}
