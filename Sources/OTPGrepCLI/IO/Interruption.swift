import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

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

  /// Installs the `SIGINT` handler (no `SA_RESTART`; unless the parent made us ignore
  /// `SIGINT`) and ignores `SIGPIPE`, so a closed pipe shows up as `EPIPE`.
  ///
  /// ```swift
  /// Interruption.install()
  /// ```
  public static func install() {
    signal(SIGPIPE, SIG_IGN)
    // A SIGINT ignored by the parent (`nohup`, `cmd &` in a script) stays ignored.
    var old = sigaction()
    sigaction(SIGINT, nil, &old)
    if let handler = old.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) == 1 {
      return
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in Interruption.request() }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    // A thread that spawned us may have had SIGINT blocked; Ctrl-C must still work.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
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
