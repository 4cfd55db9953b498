#if canImport(Glibc)
  import Glibc
#endif

/// A file read like `tail -f`: at its end, the read waits for more instead of returning 0.
///
/// Every `pollMilliseconds` it looks at the file again:
/// - it grew: the new bytes are returned;
/// - it shrank below what was read (truncated, as by `> file` or `copytruncate`): reading starts
///   again from byte 0;
/// - the path now names another file (rotated: renamed away and created again): once the old file
///   is read to its end, the new one is opened and read from byte 0.
///
/// In both last cases `read` returns 0 once, so that the record reader finishes its pass (a last
/// record without a newline still counts), and ``takeRestart()`` says a new pass, numbered from
/// line 1 again, should begin. Ctrl-C makes a waiting `read` throw ``IOError/interrupted``.
///
/// ```swift
/// let source = try FollowedFileSource(path: "sms.log", pollMilliseconds: 200)
/// repeat {
///   try framer.run(source) { frame in print(frame.line) }
/// } while source.takeRestart()  // ends only by Ctrl-C or a read error
/// ```
public final class FollowedFileSource: ByteSource {
  /// The path followed.
  public let path: String
  /// The descriptor of the file currently read.
  public private(set) var fd: Int32
  /// Always `.stream`: output is flushed after every read.
  public let kind = SourceKind.stream
  /// Why the last pass ended, when the file was truncated or replaced.
  public private(set) var restartReason: String?
  private let pollMilliseconds: Int
  private var offset: Int64 = 0

  /// Opens `path` for reading; refuses directories.
  ///
  /// ```swift
  /// let source = try FollowedFileSource(path: "sms.log", pollMilliseconds: 200)
  /// ```
  public init(path: String, pollMilliseconds: Int) throws(IOError) {
    self.path = path
    self.pollMilliseconds = max(1, pollMilliseconds)
    fd = try FollowedFileSource.open(path)
  }

  deinit { close(fd) }

  /// Whether the file was truncated or replaced since the last call: the caller starts a new pass.
  ///
  /// ```swift
  /// if source.takeRestart() { /* read again, from line 1 */ }
  /// ```
  public func takeRestart() -> Bool {
    defer { restartReason = nil }
    return restartReason != nil
  }

  /// Reads what is there, or waits until there is more; returns 0 only to end a pass (see
  /// ``takeRestart()``).
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOError) -> Int {
    while true {
      let n = try readOnce(into: buffer)
      if n > 0 { return n }
      if Interruption.isRequested { throw .interrupted }
      var current = stat()
      if fstat(fd, &current) == 0 && Int64(current.st_size) < offset {
        lseek(fd, 0, SEEK_SET)
        offset = 0
        restartReason = "truncated"
        return 0
      }
      var named = stat()
      if stat(path, &named) == 0
        && (named.st_ino != current.st_ino || named.st_dev != current.st_dev)
      {
        // Bytes written to the old file just before the switch are read first.
        let late = try readOnce(into: buffer)
        if late > 0 { return late }
        if let fresh = try? FollowedFileSource.open(path) {
          close(fd)
          fd = fresh
          offset = 0
          restartReason = "replaced"
          return 0
        }
      }
      var pause = timespec(
        tv_sec: pollMilliseconds / 1000, tv_nsec: (pollMilliseconds % 1000) * 1_000_000)
      var rest = timespec()
      _ = nanosleep(&pause, &rest)
      if Interruption.isRequested { throw .interrupted }
    }
  }

  private func readOnce(into buffer: UnsafeMutableRawBufferPointer) throws(IOError) -> Int {
    while true {
      let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
      if n >= 0 {
        offset += Int64(n)
        return n
      }
      let code = errno
      if code == EINTR {
        if Interruption.isRequested { throw .interrupted }
        continue
      }
      throw .system(code)
    }
  }

  private static func open(_ path: String) throws(IOError) -> Int32 {
    var fd: Int32
    repeat { fd = Glibc.open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
    guard fd >= 0 else { throw .system(errno) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      close(fd)
      throw .system(EISDIR)
    }
    return fd
  }
}
