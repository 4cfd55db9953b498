#if canImport(Glibc)
  import Glibc
#endif

/// One record found by ``RecordFramer``: its bytes (valid only during the callback) and place.
///
/// ```swift
/// // framer.run(source) { frame in print(frame.line, frame.bytes.count, frame.truncated) }
/// ```
public struct Frame {
  /// The record's bytes, without its delimiter.
  public var bytes: UnsafeRawBufferPointer
  /// The 1-based number of the record (the line number in `lines` and `jsonl` input).
  public var line: Int
  /// Whether the record was longer than the cap and only its first part is here.
  public var truncated: Bool
  /// The next record's bytes, without its delimiter, when its delimiter has been read already
  /// and it is not over the cap (valid only during the callback, as `bytes`): what the next
  /// frame's `bytes` will be. `nil` otherwise, and after a record that was cut.
  public var next: UnsafeRawBufferPointer? = nil
}

/// Splits a byte stream into records at a delimiter byte, in reads of `readSize` (64 KiB unless
/// asked otherwise) and `memchr` scans, with memory bounded by the cap on one record and the
/// read size.
///
/// A record longer than `maximumBytes` is cut there (at a UTF-8 character boundary), flagged, and
/// the rest of it is skipped without being kept. A final record without a delimiter still counts;
/// an empty input has no records.
///
/// ```swift
/// let framer = RecordFramer(delimiter: 0x0A, maximumBytes: 1 << 20)
/// var lines: [String] = []
/// try framer.run(MemorySource("a\nb")) { lines.append(String(decoding: $0.bytes, as: UTF8.self)) }
/// lines  // ["a", "b"]
/// ```
/// - Complexity: O(*n*) in the input's length; memory O(`maximumBytes` + `readSize`).
public final class RecordFramer {
  /// The read size unless another is asked for: 64 KiB.
  public static let readSize = 1 << 16
  private let delimiter: UInt8
  private let maximumBytes: Int
  /// The most one read asks for.
  public let readSize: Int
  private let capacity: Int
  private let buffer: UnsafeMutableRawPointer

  /// A framer for records ending in `delimiter` (`0x0A` or `0x00`), each at most `maximumBytes`,
  /// read `readSize` bytes at a time.
  ///
  /// ```swift
  /// RecordFramer(delimiter: 0, maximumBytes: 1024)  // NUL-separated, 1 KiB per record
  /// ```
  public init(delimiter: UInt8, maximumBytes: Int, readSize: Int = RecordFramer.readSize) {
    self.delimiter = delimiter
    self.maximumBytes = max(1, maximumBytes)
    self.readSize = max(1, readSize)
    self.capacity = self.maximumBytes + 2 * self.readSize
    self.buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
  }

  deinit { buffer.deallocate() }

  /// Reads `source` to its end, calling `body` for each record in order.
  ///
  /// `afterRead` runs after each read with the number of bytes read, once the records completed
  /// by that read have been handed out: the place to flush streaming output and to check Ctrl-C
  /// (it throws to stop).
  ///
  /// ```swift
  /// try RecordFramer(delimiter: 0x0A, maximumBytes: 100).run(MemorySource("x\n")) { print($0.line) }
  /// // 1
  /// ```
  @inline(__always)
  public func run(
    _ source: ByteSource, afterRead: (Int) throws -> Void = { _ in },
    each body: (Frame) throws -> Void
  ) throws {
    // Inlined into each of the runner's two callers (the sequential and the parallel run), so
    // that a frame reaches its closure without a call through a thunk.
    var start = 0  // first byte of the record being read
    var scan = 0  // where the next delimiter search starts
    var end = 0  // bytes in the buffer
    var line = 1
    var skipping = false  // dropping the rest of a record that was cut

    while true {
      // Keep only the unfinished record, at the buffer's start, before every read: the reads
      // then go to the same first 64 KiB and a little more, which stay in the cache, not to
      // the next 64 KiB of a megabyte-long buffer, each read's lines fetched anew. A record
      // ended in the last read, so what moves came in with it: at most its bytes. The cap
      // below guarantees it fits.
      if start > 0 {
        buffer.copyMemory(from: buffer + start, byteCount: end - start)
        scan -= start
        end -= start
        start = 0
      }
      let n = try source.read(
        into: UnsafeMutableRawBufferPointer(
          start: buffer + end, count: min(readSize, capacity - end)))
      if n == 0 { break }
      end += n

      // Each delimiter is found before the record it ends is handed out, so that a frame
      // shows the next record when it is whole (``Frame/next``).
      var hit = scan < end ? memchr(buffer + scan, Int32(delimiter), end - scan) : nil
      while let found = hit {
        let at = found - buffer
        hit = at + 1 < end ? memchr(found + 1, Int32(delimiter), end - at - 1) : nil
        if skipping {
          skipping = false
        } else if at - start > maximumBytes {
          let cut = RecordFramer.characterBoundary(buffer + start, maximumBytes)
          try body(
            Frame(
              bytes: UnsafeRawBufferPointer(start: buffer + start, count: cut), line: line,
              truncated: true))
        } else {
          try body(
            Frame(
              bytes: UnsafeRawBufferPointer(start: buffer + start, count: at - start), line: line,
              truncated: false,
              next: hit.flatMap {
                $0 - found - 1 <= maximumBytes
                  ? UnsafeRawBufferPointer(start: found + 1, count: $0 - found - 1) : nil
              }))
        }
        line += 1
        start = at + 1
        scan = start
      }
      scan = end
      if skipping {
        start = end
        scan = end
      } else if end - start > maximumBytes {
        let cut = RecordFramer.characterBoundary(buffer + start, maximumBytes)
        try body(
          Frame(
            bytes: UnsafeRawBufferPointer(start: buffer + start, count: cut), line: line,
            truncated: true))
        skipping = true
        start = end
        scan = end
      }
      try afterRead(n)
    }
    if !skipping && end > start {
      try body(
        Frame(
          bytes: UnsafeRawBufferPointer(start: buffer + start, count: end - start), line: line,
          truncated: false))
    }
  }

  /// The largest length `<= limit` that does not split a UTF-8 character.
  static func characterBoundary(_ bytes: UnsafeRawPointer, _ limit: Int) -> Int {
    var cut = limit
    var back = 0
    while cut > 0 && back < 4 && bytes.load(fromByteOffset: cut, as: UInt8.self) & 0xC0 == 0x80 {
      cut -= 1
      back += 1
    }
    return back == 4 ? limit : cut
  }
}
