import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The entry point of `otpgrep`: finds one-time codes in messages, one JSON record per message.
///
/// ```swift
/// let stdout = MemorySink(), stderr = MemorySink()
/// let status = OTPGrep.run(
///   arguments: ["--format", "code"], stdin: MemorySource("Your code is 482913\n"),
///   stdout: stdout, stderr: stderr, environment: [:])
/// status         // 0
/// stdout.string  // "482913\n"
/// ```
public enum OTPGrep {
  /// The version printed by `--version`.
  public static let version = "0.1.0"

  /// The most arenas malloc keeps, however many threads run: two, one for the reading thread
  /// and one that the workers share (two jobs keep the arenas glibc gives them anyway). glibc
  /// gives each thread an arena of its own, and each kept about half a megabyte of freed
  /// memory: with eight and sixteen jobs on two cores, the 1 GB file piped to `cat` peaked 3.4
  /// and 6.4 MiB higher than with two arenas (see docs/PERFORMANCE-HISTORY.md, "Memory against
  /// the number of jobs"). The workers allocate little: their buffers come from pools.
  static let mallocArenas = 2

  /// Limits malloc to ``mallocArenas`` arenas (`mallopt(M_ARENA_MAX)`, under glibc); returns
  /// whether the C library took it. Called before any thread starts.
  ///
  /// ```swift
  /// OTPGrep.limitMallocArenas()  // true under glibc
  /// ```
  @discardableResult
  static func limitMallocArenas() -> Bool {
    otc_limit_malloc_arenas(Int32(mallocArenas)) != 0
  }

  /// Whether a sanitizer's allocator stands in for the C library's (the tests under ASan and
  /// TSan): ``limitMallocArenas()`` then has nothing to limit.
  static var mallocIsSanitizers: Bool { otc_malloc_is_sanitizers() != 0 }

  /// Runs otpgrep with the command-line arguments (without the program name) on the process's
  /// standard streams, and returns the exit status. Installs the `SIGINT` and `SIGPIPE`
  /// handling; after Ctrl-C it does not return but dies of `SIGINT`, as a shell expects.
  /// Limits malloc to ``mallocArenas`` arenas, so that peak memory does not grow with the
  /// number of threads.
  ///
  /// ```swift
  /// exit(OTPGrep.main(Array(CommandLine.arguments.dropFirst())))
  /// ```
  public static func main(_ arguments: [String]) -> Int32 {
    if arguments.first == "prompt" { return PromptCommand.main(Array(arguments.dropFirst())) }
    Interruption.install()
    limitMallocArenas()
    let stdout = FileDescriptorSink(fd: 1)
    stdout.widenPipe()
    let stdin = FileDescriptorSource(fd: 0)
    stdin.widenPipe()
    let status = run(
      arguments: arguments, stdin: stdin, stdout: stdout,
      stderr: FileDescriptorSink(fd: 2), environment: processEnvironment())
    if Interruption.isRequested { Interruption.reraise() }
    return status
  }

  /// Runs otpgrep on the given streams: the in-process entry point that tests use.
  ///
  /// Exit status: 0 when a code was found, 1 when none was, 2 after any error or a usage
  /// error, 130 after Ctrl-C. A closed stdout ends the run quietly with 0.
  ///
  /// ```swift
  /// let err = MemorySink()
  /// OTPGrep.run(arguments: ["--bogus"], stdin: MemorySource(""), stdout: MemorySink(),
  ///             stderr: err, environment: [:])  // 2
  /// err.string  // "otpgrep: unknown option '--bogus'\ntry 'otpgrep --help'\n"
  /// ```
  public static func run(
    arguments: [String], stdin: ByteSource, stdout: ByteSink, stderr: ByteSink,
    environment: [String: String]
  ) -> Int32 {
    let config: Configuration
    do {
      config = try Configuration(arguments: arguments, environment: environment)
    } catch {
      stderr.writeQuietly("otpgrep: \(error)\ntry 'otpgrep --help'\n")
      return 2
    }
    switch config.action {
    case .help:
      _ = try? stdout.write(Array(help.utf8))
      return 0
    case .version:
      _ = try? stdout.write(Array("otpgrep \(version)\n".utf8))
      return 0
    case .run:
      return Runner(config: config, stdin: stdin, stdout: stdout, stderr: stderr).run()
    }
  }

  /// The `--help` text: usage, every option, examples.
  public static var help: String {
    var text = """
      otpgrep: find the one-time code in each message

      usage: otpgrep [OPTIONS] [FILE...]
             otpgrep -m TEXT [-m TEXT...]
             otpgrep prompt [--length N] [--charset digits|alnum] [--secure] [--mask M]
                            (a code field on the terminal; see otpgrep prompt --help)

      Reads messages from FILEs or stdin ('-' or no FILE) and writes one JSON record per message,
      in input order. Files may be text, JSON Lines, or message dumps (SMS Backup & Restore XML,
      Android mmssms.db, Apple chat.db, CSV), recognized by their content. Exit status: 0 if a
      code was found, 1 if none, 2 on any error.

      options:

      """
    for option in Option.allCases {
      var name = option.short.map { "-\($0), " } ?? "    "
      name += option.spelling
      if let value = option.valueName { name += " " + value }
      text += "  " + name.padding(to: 28) + option.summary + "\n"
    }
    text += """

      examples:
        tail -f sms.log | otpgrep --only-found
        otpgrep -j 4 dump.txt > codes.jsonl
        code=$(otpgrep --format code -m "$SMS") && echo "$code"
        otpgrep --only-found --sender bank --since 7d sms-backup.xml mmssms.db
        otpgrep --follow --since 5m --format code ~/Library/Messages/chat.db

      See otpgrep(1) for the JSON schema.

      """
    return text
  }

  private static func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let pair = String(cString: pointer)
      if let equals = pair.firstIndex(of: "=") {
        result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      entry += 1
    }
    return result
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
