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
    self.buffer = bytes
    self.end = bytes.count
    self.line = firstLine
  }

  /// Reads the file at `path`.
  init(path: String) throws(SourceError) {
    self.path = path
    self.file = try FileDescriptorBox.opening(path, file: path)
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
