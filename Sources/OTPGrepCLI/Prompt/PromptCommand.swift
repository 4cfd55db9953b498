import Glibc
import OneTimeCode

/// `otpgrep prompt`: an interactive code field in the terminal (issue 5).
///
/// On a terminal it draws one box per character on `/dev/tty` (never on standard output),
/// reads keys in raw mode and prints only the finished code on standard output. Without a
/// terminal on standard input, it reads one line and prints the code in it.
///
/// Exit status: 0 with a code, 1 when a line holds none, 2 on a usage error, 130 when
/// cancelled with Esc or Ctrl-C.
public enum PromptCommand {
  /// Runs the prompt with the arguments after `prompt`, and returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    let options: PromptOptions
    do {
      options = try PromptOptions.parse(arguments)
    } catch {
      writeAll(STDERR_FILENO, "otpgrep: prompt: \(error)\ntry 'otpgrep --help'\n")
      return 2
    }
    if options.help {
      writeAll(STDOUT_FILENO, PromptOptions.usage)
      return 0
    }
    if isatty(STDIN_FILENO) == 0 { return runLine(options) }
    return runInteractive(options)
  }

  /// Without a terminal: one line in, its code out.
  static func runLine(_ options: PromptOptions) -> Int32 {
    var line: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    reading: while true {
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      for byte in buffer[..<count] {
        if byte == 0x0A { break reading }
        line.append(byte)
      }
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let code = PromptSession.code(inLine: text, options: options) else { return 1 }
    writeAll(STDOUT_FILENO, code + "\n")
    return 0
  }

  /// On a terminal: boxes, keys, and the code on standard output once they are full.
  static func runInteractive(_ options: PromptOptions) -> Int32 {
    let terminal = PromptTerminal(input: STDIN_FILENO)
    guard terminal.enterRawMode() else {
      writeAll(STDERR_FILENO, "otpgrep: prompt: cannot set up the terminal\n")
      return 2
    }
    let renderer = PromptRenderer(
      style: .forEnvironment(
        noColor: getenv("NO_COLOR").map { String(cString: $0) },
        term: getenv("TERM").map { String(cString: $0) }),
      secure: options.secure, label: options.label)
    var session = PromptSession(options: options)
    var decoder = PromptKeyDecoder()
    var drawnWidths: [Int] = []

    func draw() {
      let columns = terminal.columns
      let lines = renderer.lines(for: session, columns: columns)
      var frame = ""
      if !drawnWidths.isEmpty {
        // Back to the first row of the last frame. After a resize a terminal that reflows
        // (tmux, VTE, kitty) may have wrapped its lines, so count rows at the new width.
        let rows = drawnWidths.reduce(0) { $0 + max(1, ($1 + columns - 1) / columns) }
        frame += "\r"
        if rows > 1 { frame += "\u{1B}[\(rows - 1)A" }
        frame += "\u{1B}[J"
      }
      frame += lines.joined(separator: "\r\n")
      terminal.write(frame)
      drawnWidths = lines.map(PromptRenderer.visibleWidth)
    }

    draw()
    var outcome = PromptSession.Outcome.editing
    loop: while true {
      // A lone ESC may start a sequence: wait a moment for the rest before calling it Esc.
      let keys: [PromptKey]
      switch terminal.read(timeout: decoder.isWaiting ? 50 : -1) {
      case .bytes(let bytes): keys = decoder.feed(bytes)
      case .timeout: keys = decoder.flush()
      case .resized:
        draw()
        continue
      case .closed:
        outcome = .cancelled
        break loop
      }
      for key in keys {
        outcome = session.handle(key)
        if outcome != .editing { break }
      }
      draw()
      if outcome != .editing { break }
    }
    terminal.write("\r\n")
    terminal.restore()
    guard case .finished(let code) = outcome else { return 130 }
    writeAll(STDOUT_FILENO, code + "\n")
    return 0
  }

  /// Writes all of `text` to `descriptor`; a closed pipe ends quietly.
  static func writeAll(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
