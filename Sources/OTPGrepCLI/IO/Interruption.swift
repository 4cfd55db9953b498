#if canImport(Glibc)
  import Glibc
#endif
import Synchronization

/// Ctrl-C handling: a flag set by the `SIGINT` handler and checked between records.
///
/// The handler is installed without `SA_RESTART`, so a `read(2)` blocked on a pipe or FIFO
/// returns `EINTR` and the run stops at once. Output is only ever written as whole records, so
/// nothing half-written reaches stdout.
///
/// ```swift
/// Interruption.install()
/// if Interruption.isRequested { /* stop */ }
/// ```
public enum Interruption {
  private static let flag = Atomic<Bool>(false)

  /// Whether Ctrl-C (`SIGINT`) was received.
  public static var isRequested: Bool { flag.load(ordering: .relaxed) }

  /// Marks the run as interrupted; the signal handler calls this, tests may too.
  ///
  /// ```swift
  /// Interruption.request()
  /// ```
  public static func request() { flag.store(true, ordering: .relaxed) }

  /// Installs the `SIGINT` handler (no `SA_RESTART`) and ignores `SIGPIPE`, so a closed pipe
  /// shows up as `EPIPE`.
  ///
  /// ```swift
  /// Interruption.install()
  /// ```
  public static func install() {
    signal(SIGPIPE, SIG_IGN)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in Interruption.request() }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }

  /// Dies of `SIGINT`, as a shell expects of an interrupted filter (status 130).
  ///
  /// ```swift
  /// if Interruption.isRequested { Interruption.reraise() }
  /// ```
  public static func reraise() -> Never {
    signal(SIGINT, SIG_DFL)
    raise(SIGINT)
    exit(130)
  }
}
