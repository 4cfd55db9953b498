#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Owns a file descriptor and closes it when the last reader lets go.
final class FileDescriptorBox {
  let fd: Int32

  init(fd: Int32) { self.fd = fd }

  deinit { _ = close(fd) }

  /// Opens `path` read-only, retrying on `EINTR`.
  static func opening(_ path: String, file: String) throws(SourceError) -> FileDescriptorBox {
    while true {
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      if fd >= 0 { return FileDescriptorBox(fd: fd) }
      if errno != EINTR { throw .cannotOpen(file: file, errno: errno) }
    }
  }
}

/// Bytes of a file (read with `read(2)` in 64 KiB chunks, so memory stays constant) or of an
/// array, one at a time, counting lines as it goes.
///
/// A struct, so the parsers' byte loops touch no class storage; the descriptor lives in a box.
struct ByteInput {
  static let chunkSize = 64 * 1024

  /// The path used in origins and errors.
  let path: String
  private let file: FileDescriptorBox?
  /// Whether a read can wait for input that has not come yet (a pipe, a terminal, a socket):
  /// then bytes are read only when a caller needs them.
  private let readsCanWait: Bool
  private var buffer: [UInt8]
  private var index = 0
  private var end: Int
  /// The 1-based line of the next byte.
  private(set) var line = 1
  /// The `errno` of a failed read; reading stops at the first failure.
  private(set) var readErrno: Int32?

  /// Reads from memory; `firstLine` is the line number of the first byte.
  init(bytes: [UInt8], path: String, firstLine: Int = 1) {
    self.path = path
    self.file = nil
    self.readsCanWait = false
    self.buffer = bytes
    self.end = bytes.count
    self.line = firstLine
  }

  /// Reads the file at `path`.
  init(path: String) throws(SourceError) {
    self.path = path
    let file = try FileDescriptorBox.opening(path, file: path)
    self.file = file
    var status = stat()
    self.readsCanWait = fstat(file.fd, &status) != 0 || status.st_mode & S_IFMT != S_IFREG
    self.buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    self.end = 0
  }

  /// The next byte, or `nil` at the end of input or after a read error (see ``readErrno``).
  @inline(__always)
  mutating func next() -> UInt8? {
    if index == end, !refill() { return nil }
    let byte = buffer[index]
    index &+= 1
    if byte == 0x0A { line &+= 1 }
    return byte
  }

  /// The next byte without consuming it.
  @inline(__always)
  mutating func peek() -> UInt8? {
    if index == end, !refill() { return nil }
    return buffer[index]
  }

  /// Skips bytes up to and including the first `target`; returns false if input ended first.
  mutating func skip(through target: UInt8) -> Bool {
    while true {
      if index == end, !refill() { return false }
      while index < end {
        let byte = buffer[index]
        index &+= 1
        if byte == 0x0A { line &+= 1 }
        if byte == target { return true }
      }
    }
  }

  /// Appends to `out` the bytes before the next one for which `isStop` holds, which is left
  /// unread, a chunk at a time; returns false if input ended first (after appending what there
  /// was). `isStop` must hold for a line feed, which these runs do not count.
  @inline(__always)
  mutating func appendRun(to out: inout [UInt8], until isStop: (UInt8) -> Bool) -> Bool {
    while true {
      if index == end, !refill() { return false }
      let start = index
      let limit = end
      let stop = buffer.withUnsafeBufferPointer { bytes in
        var at = start
        while at < limit, !isStop(bytes[at]) { at &+= 1 }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<at]))
        return at
      }
      index = stop
      if stop < limit { return true }
    }
  }

  /// Skips bytes through the first that is `first` or `second` and returns it (counting the
  /// lines passed), or returns `nil` if input ended first.
  mutating func skip(throughEither first: UInt8, or second: UInt8) -> UInt8? {
    _ = skipRun { $0 != first && $0 != second }
    return next()
  }

  /// Makes the bytes read and not yet consumed one piece of at least `count` bytes, unless the
  /// input ends (or a read fails) first, and returns whether it did: a file's unconsumed bytes
  /// are moved to the front of the buffer and more are read after them, waiting for them if they
  /// have not come. `count` must not exceed ``chunkSize``.
  @discardableResult
  @inline(__always)
  mutating func makeContiguous(atLeast count: Int) -> Bool {
    if end &- index < count { fill(atLeast: count) }
    return end &- index >= count
  }

  /// Like ``makeContiguous(atLeast:)`` where no read can wait (a regular file); where one can
  /// (a pipe, a terminal), only what has been read already: a record that has come whole is then
  /// handled before input that has not come yet.
  @inline(__always)
  mutating func readAhead(upTo count: Int) {
    if end &- index < count, !readsCanWait { fill(atLeast: count) }
  }

  /// Calls `body` with the bytes read and not yet consumed (see ``makeContiguous(atLeast:)`` and
  /// ``readAhead(upTo:)``).
  @inline(__always)
  func withReadable<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let start = index
    let stop = end
    return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<stop])) }
  }

  /// Consumes `count` bytes of those ``withReadable(_:)`` showed, `lines` of them line feeds.
  @inline(__always)
  mutating func consume(_ count: Int, lines: Int = 0) {
    index &+= count
    line &+= lines
  }

  private mutating func fill(atLeast count: Int) {
    guard let file, readErrno == nil else { return }
    let kept = end &- index
    buffer.withUnsafeMutableBufferPointer { bytes in
      let base = bytes.baseAddress!
      base.update(from: base + index, count: kept)
    }
    index = 0
    end = kept
    while end < count {
      let got = buffer.withUnsafeMutableBytes {
        read(file.fd, $0.baseAddress! + end, $0.count - end)
      }
      if got > 0 {
        end += got
      } else if got == 0 {
        return
      } else if errno != EINTR {
        readErrno = errno
        return
      }
    }
  }

  /// Skips the bytes for which `isMember` holds (counting lines); returns whether it skipped any.
  @inline(__always)
  mutating func skip(while isMember: (UInt8) -> Bool) -> Bool {
    // Most calls find a non-member at once.
    if index < end, !isMember(buffer[index]) { return false }
    return skipRun(while: isMember)
  }

  private mutating func skipRun(while isMember: (UInt8) -> Bool) -> Bool {
    var skipped = false
    while true {
      if index == end, !refill() { return skipped }
      let start = index
      let limit = end
      let (stop, lines) = buffer.withUnsafeBufferPointer { bytes in
        var at = start
        var lines = 0
        while at < limit {
          let byte = bytes[at]
          guard isMember(byte) else { break }
          if byte == 0x0A { lines &+= 1 }
          at &+= 1
        }
        return (at, lines)
      }
      line &+= lines
      skipped = skipped || stop > start
      index = stop
      if stop < limit { return skipped }
    }
  }

  private mutating func refill() -> Bool {
    guard let file, readErrno == nil else { return false }
    while true {
      let count = buffer.withUnsafeMutableBytes { read(file.fd, $0.baseAddress, $0.count) }
      if count > 0 {
        index = 0
        end = count
        return true
      }
      if count == 0 { return false }
      if errno != EINTR {
        readErrno = errno
        return false
      }
    }
  }

  /// Up to `count` bytes from the start of the file at `path` (for format detection).
  static func prefix(ofFile path: String, count: Int) throws(SourceError) -> [UInt8] {
    let file = try FileDescriptorBox.opening(path, file: path)
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes {
        read(file.fd, $0.baseAddress! + filled, count - filled)
      }
      if got > 0 {
        filled += got
      } else if got == 0 {
        break
      } else if errno != EINTR {
        throw .readFailed(file: path, errno: errno)
      }
    }
    return Array(bytes[..<filled])
  }
}

/// The system's message for an `errno` value, e.g. "No such file or directory".
func systemMessage(_ code: Int32) -> String {
  guard let text = strerror(code) else { return "error \(code)" }
  return String(cString: text)
}
