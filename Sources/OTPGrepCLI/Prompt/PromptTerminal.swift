// Linux only for now: Glibc's termios, sigaction and ioctl spellings.
import Glibc

// What a signal handler needs to put the terminal back. Signal handlers cannot capture
// context, so this lives in globals, written before the handlers are installed and read only by
// them (tcsetattr and write are async-signal-safe).
// The settings are in memory allocated once, not a global `termios`: that global was emitted
// 57 bytes long for the struct's 60, and AddressSanitizer caught the copy into it running past its
// end; through a pointer, the handler makes no exclusivity check on a global either.
nonisolated(unsafe) private let savedAttributes: UnsafeMutablePointer<termios> = {
  let attributes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  attributes.initialize(to: termios())
  return attributes
}()
nonisolated(unsafe) private var savedInput: Int32 = -1
nonisolated(unsafe) private var savedOutput: Int32 = -1
nonisolated(unsafe) private var restoreArmed: sig_atomic_t = 0
nonisolated(unsafe) private var windowChanged: sig_atomic_t = 0

/// Turns bracketed paste off and shows the cursor again.
private let resetSequence: StaticString = "\u{1B}[?2004l\u{1B}[?25h"

/// Restores the terminal from a signal handler: only async-signal-safe calls.
private func restoreFromSignal() {
  guard restoreArmed != 0 else { return }
  restoreArmed = 0
  _ = tcsetattr(savedInput, TCSANOW, savedAttributes)
  _ = write(savedOutput, resetSequence.utf8Start, resetSequence.utf8CodeUnitCount)
  _ = write(savedOutput, "\r\n", 2)
}

/// The terminal signals that end the prompt: restore the terminal, then die of the signal.
private let fatalSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

/// A terminal in raw mode for the prompt, restored on every way out.
///
/// Reads from `input` (the terminal on standard input), draws on `output` (`/dev/tty`, or
/// standard error), never on standard output.
final class PromptTerminal {
  let input: Int32
  let output: Int32
  private var original = termios()
  private var isRaw = false

  /// Opens the terminal: `input` must be a TTY.
  init(input: Int32) {
    self.input = input
    let tty = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
    self.output = tty >= 0 ? tty : STDERR_FILENO
  }

  deinit {
    restore()
    if output != STDERR_FILENO { close(output) }
  }

  /// Raw mode, no echo, no signals from keys (Ctrl-C arrives as a byte), bracketed paste on,
  /// cursor hidden; and handlers that restore all that on SIGINT, SIGTERM, SIGHUP and SIGQUIT.
  func enterRawMode() -> Bool {
    guard tcgetattr(input, &original) == 0 else { return false }
    savedAttributes.pointee = original
    savedInput = input
    savedOutput = output
    restoreArmed = 1
    for signal in fatalSignals { installHandler(signal) }
    installWindowHandler()

    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      restoreArmed = 0
      return false
    }
    isRaw = true
    write("\u{1B}[?2004h\u{1B}[?25l")
    return true
  }

  /// Puts the terminal back as it was; safe to call more than once.
  func restore() {
    guard isRaw else { return }
    isRaw = false
    restoreArmed = 0
    write("\u{1B}[?2004l\u{1B}[?25h")
    _ = tcsetattr(input, TCSAFLUSH, &original)
    for signal in fatalSignals { Glibc.signal(signal, SIG_DFL) }
    Glibc.signal(SIGWINCH, SIG_DFL)
  }

  /// The terminal's width in columns, 80 when unknown.
  var columns: Int {
    var size = winsize()
    if ioctl(output, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 { return Int(size.ws_col) }
    if ioctl(input, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }

  /// Whether the window was resized since the last call.
  func takeWindowChange() -> Bool {
    guard windowChanged != 0 else { return false }
    windowChanged = 0
    return true
  }

  /// Writes all of `text` to the terminal.
  func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// What the next read brings.
  enum ReadResult {
    /// Bytes from the terminal.
    case bytes([UInt8])
    /// Nothing arrived within the timeout.
    case timeout
    /// The window was resized.
    case resized
    /// End of input or an error.
    case closed
  }

  /// Waits for input, up to `timeout` milliseconds (-1 for ever), or a resize.
  func read(timeout: Int32) -> ReadResult {
    while true {
      if takeWindowChange() { return .resized }
      var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        return .closed
      }
      if ready == 0 { return .timeout }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      if count <= 0 { return .closed }
      return .bytes(Array(buffer[..<count]))
    }
  }

  private func installHandler(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      restoreFromSignal()
      Glibc.signal(signal, SIG_DFL)
      raise(signal)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signal, &action, nil)
  }

  /// SIGWINCH without SA_RESTART, so it wakes the poll and the prompt redraws.
  private func installWindowHandler() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in windowChanged = 1 }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGWINCH, &action, nil)
  }
}
