#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What kind of thing a byte source reads from; decides buffering and progress.
///
/// ```swift
/// MemorySource("a\nb\n").kind  // .file(size: 4)
/// ```
public enum SourceKind: Sendable, Equatable {
  /// A regular file of a known size: batch mode, block-buffered output, progress, `-j`.
  case file(size: Int)
  /// A pipe, socket, FIFO or terminal: streaming mode, one flush per record.
  case stream
}

/// A failed read or write, with the system's error number.
///
/// ```swift
/// IOError.brokenPipe.description  // "broken pipe"
/// ```
public enum IOError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The reader of our output went away (`EPIPE`): a normal, quiet end.
  case brokenPipe
  /// A Ctrl-C arrived while waiting on a read or write.
  case interrupted
  /// Any other failure, with its `errno`.
  case system(Int32)

  /// A short, lower-case description such as `is a directory`.
  public var description: String {
    switch self {
    case .brokenPipe: "broken pipe"
    case .interrupted: "interrupted"
    case .system(let code): IOError.describe(errno: code)
    }
  }

  /// A lower-case `strerror`, such as `no such file or directory`.
  ///
  /// ```swift
  /// IOError.describe(errno: ENOENT)  // "no such file or directory"
  /// ```
  public static func describe(errno code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    var message = String(cString: text)
    if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase ?? true
    {
      message = first.lowercased() + message.dropFirst()
    }
    return message
  }
}

/// Where otpgrep reads bytes from: a file descriptor, or memory in tests.
///
/// ```swift
/// let source = MemorySource("Your code is 482913\n")
/// var buffer = [UInt8](repeating: 0, count: 64)
/// let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }  // 20
/// ```
public protocol ByteSource: AnyObject {
  /// Reads at most `buffer.count` bytes into `buffer`; returns 0 at the end of the input.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOError) -> Int
  /// A regular file of known size, or a stream.
  var kind: SourceKind { get }
  /// Whether a read now would return at once (bytes, the end of the input or an error are
  /// there) instead of waiting for a writer.
  ///
  /// ```swift
  /// MemorySource("x").hasInput()  // true
  /// ```
  func hasInput() -> Bool
}

extension ByteSource {
  /// Memory and regular files never wait.
  public func hasInput() -> Bool { true }
}

/// Where otpgrep writes bytes: a file descriptor, or memory in tests.
///
/// ```swift
/// let sink = MemorySink()
/// try sink.write(Array("hi\n".utf8))
/// sink.string  // "hi\n"
/// ```
public protocol ByteSink: AnyObject {
  /// Writes all of `bytes`, or throws.
  func write(_ bytes: UnsafeRawBufferPointer) throws(IOError)
  /// Whether the sink is a terminal (colour and the progress bar need one).
  var isTerminal: Bool { get }
}

extension ByteSink {
  /// Writes all of `bytes`, or throws.
  ///
  /// ```swift
  /// try MemorySink().write(Array("x".utf8))
  /// ```
  public func write(_ bytes: [UInt8]) throws(IOError) {
    var failure: IOError?
    bytes.withUnsafeBytes { raw in
      do throws(IOError) { try write(raw) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Writes a string as UTF-8, ignoring failures; for diagnostics on stderr.
  ///
  /// ```swift
  /// MemorySink().writeQuietly("otpgrep: a.txt: is a directory\n")
  /// ```
  public func writeQuietly(_ text: String) {
    var text = text
    text.withUTF8 { buffer in try? write(UnsafeRawBufferPointer(buffer)) }
  }
}

/// Reads a file descriptor with `read(2)`, retrying on `EINTR` unless Ctrl-C was pressed.
///
/// ```swift
/// let stdin = FileDescriptorSource(fd: 0)
/// ```
public final class FileDescriptorSource: ByteSource {
  /// The descriptor read from.
  public let fd: Int32
  /// A regular file of known size, or a stream.
  public let kind: SourceKind
  private let ownsDescriptor: Bool

  /// Wraps `fd`; when `closing` is true the descriptor is closed with this object.
  ///
  /// ```swift
  /// let source = FileDescriptorSource(fd: 0)  // stdin, not closed
  /// ```
  public init(fd: Int32, closing: Bool = false) {
    self.fd = fd
    self.ownsDescriptor = closing
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
      kind = .file(size: Int(info.st_size))
    } else {
      kind = .stream
    }
  }

  deinit {
    if ownsDescriptor { close(fd) }
  }

  /// Asks the kernel for a pipe buffer of `bytes`, or the largest the system allows below it,
  /// when the descriptor is a pipe; returns whether it got one. Does nothing to a file or a
  /// terminal.
  ///
  /// A parallel run batches a pipe's reads while they come back full: with the default 64 KiB,
  /// `cat dump | otpgrep --jobs 2` on the benchmark's 1 M messages took 0.615 s, with 1 MiB
  /// 0.500 s (one job: no change).
  ///
  /// ```swift
  /// FileDescriptorSource(fd: 0).widenPipe()  // true under `zcat backup.gz | otpgrep`
  /// ```
  @discardableResult
  public func widenPipe(to bytes: Int = 1 << 20) -> Bool {
    PipeBuffer.widen(fd, to: bytes)
  }

  /// Whether a read now would return at once: `poll(2)` with no timeout (a failed poll says
  /// yes, and the read reports the error).
  public func hasInput() -> Bool {
    var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) != 0
  }

  /// Opens `path` for reading; refuses directories.
  ///
  /// ```swift
  /// let source = try FileDescriptorSource(path: "messages.txt")
  /// ```
  public convenience init(path: String) throws(IOError) {
    var fd: Int32
    repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
    guard fd >= 0 else { throw .system(errno) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      close(fd)
      throw .system(EISDIR)
    }
    self.init(fd: fd, closing: true)
  }

  /// Reads with `read(2)`; `EINTR` is retried, except after Ctrl-C.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOError) -> Int {
    while true {
      let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
      if n >= 0 { return n }
      let code = errno
      if code == EINTR {
        if Interruption.isRequested { throw .interrupted }
        continue
      }
      throw .system(code)
    }
  }
}

/// Writes to a file descriptor with `write(2)`, looping over short writes and `EINTR`.
///
/// ```swift
/// let stdout = FileDescriptorSink(fd: 1)
/// ```
public final class FileDescriptorSink: ByteSink {
  /// The descriptor written to.
  public let fd: Int32
  /// Whether the descriptor is a terminal.
  public let isTerminal: Bool

  /// Wraps `fd`, which stays open.
  ///
  /// ```swift
  /// let stderr = FileDescriptorSink(fd: 2)
  /// ```
  public init(fd: Int32) {
    self.fd = fd
    self.isTerminal = isatty(fd) == 1
  }

  /// Asks the kernel for a pipe buffer of `bytes`, or the largest the system allows below
  /// it (`/proc/sys/fs/pipe-max-size`, 1 MiB by default), when the descriptor is a pipe;
  /// returns whether it got one. Does nothing to a file or a terminal.
  ///
  /// A writer that fills the default 64 KiB pipe waits for its reader to drain it, block
  /// after block: `otpgrep --jobs 1` on the benchmark's 1 M messages (216 MB of records)
  /// took 3.6 s piped to `cat` against 3.1 s to `/dev/null`, and 3.2 s with 1 MiB.
  ///
  /// ```swift
  /// FileDescriptorSink(fd: 1).widenPipe()  // true under `otpgrep ... | jq`
  /// ```
  @discardableResult
  public func widenPipe(to bytes: Int = 1 << 20) -> Bool {
    PipeBuffer.widen(fd, to: bytes)
  }

  /// Writes every byte; a short write is continued, so records are never cut, even by Ctrl-C.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(IOError) {
    var offset = 0
    while offset < bytes.count {
      let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n >= 0 {
        offset += n
        continue
      }
      let code = errno
      if code == EINTR { continue }
      throw code == EPIPE ? .brokenPipe : .system(code)
    }
  }
}

/// Bytes in memory as a source, handed out in reads of at most `chunk` bytes.
///
/// ```swift
/// let source = MemorySource("one\ntwo\n", chunk: 3)  // three-byte reads, to test splitting
/// ```
public final class MemorySource: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0
  private let chunk: Int
  /// `.file(size:)` unless made with `kind: .stream`.
  public let kind: SourceKind

  /// Wraps `bytes`.
  ///
  /// ```swift
  /// MemorySource([0x34, 0x32, 0x0A])
  /// ```
  public init(_ bytes: [UInt8], chunk: Int = 65536, kind: SourceKind? = nil) {
    self.bytes = bytes
    self.chunk = max(1, chunk)
    self.kind = kind ?? .file(size: bytes.count)
  }

  /// Wraps the UTF-8 of `text`.
  ///
  /// ```swift
  /// MemorySource("Your code is 482913\n")
  /// ```
  public convenience init(_ text: String, chunk: Int = 65536, kind: SourceKind? = nil) {
    self.init(Array(text.utf8), chunk: chunk, kind: kind)
  }

  /// Copies the next bytes into `buffer`.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOError) -> Int {
    let n = min(buffer.count, chunk, bytes.count - offset)
    guard n > 0 else { return 0 }
    bytes.withUnsafeBytes { raw in
      buffer.baseAddress!.copyMemory(from: raw.baseAddress! + offset, byteCount: n)
    }
    offset += n
    return n
  }
}

/// Collects written bytes in memory; can fail after a number of bytes, like a closed pipe.
///
/// ```swift
/// let sink = MemorySink()
/// try sink.write(Array("ok\n".utf8))
/// sink.string  // "ok\n"
/// ```
public final class MemorySink: ByteSink {
  /// Everything written so far.
  public private(set) var bytes: [UInt8] = []
  /// How many `write` calls were made (one per flush).
  public private(set) var writes = 0
  /// Whether to pretend to be a terminal.
  public let isTerminal: Bool
  private let limit: Int?

  /// A sink; with `closingAfter`, writes past that many bytes throw `.brokenPipe`.
  ///
  /// ```swift
  /// let head = MemorySink(closingAfter: 10)  // like `| head -c 10`
  /// ```
  public init(isTerminal: Bool = false, closingAfter limit: Int? = nil) {
    self.isTerminal = isTerminal
    self.limit = limit
  }

  /// The bytes as UTF-8 text.
  public var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends `bytes`.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(IOError) {
    writes += 1
    if let limit, self.bytes.count + bytes.count > limit {
      self.bytes.append(contentsOf: bytes.prefix(limit - self.bytes.count))
      throw .brokenPipe
    }
    self.bytes.append(contentsOf: bytes)
  }
}

/// The pipe buffer of a descriptor.
enum PipeBuffer {
  /// `F_SETPIPE_SZ` from `<fcntl.h>`, which the Swift module of Glibc does not export.
  static let setSize: Int32 = 1031

  /// Sets the pipe buffer of `fd` to `bytes`, or to the largest size allowed below it
  /// (halving down to 64 KiB), when `fd` is a pipe; returns whether it was set.
  ///
  /// ```swift
  /// PipeBuffer.widen(1, to: 1 << 20)  // true when stdout is a pipe
  /// ```
  static func widen(_ fd: Int32, to bytes: Int) -> Bool {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return false }
    var size = bytes
    // Above the system's limit (/proc/sys/fs/pipe-max-size) the call is refused: try less.
    while size >= 1 << 16 {
      if fcntl(fd, setSize, Int32(size)) >= 0 { return true }
      size /= 2
    }
    return false
  }
}
