import OTPGrepCLI
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Widening the pipes that messages are read from and records written to")
struct PipeTests {
  /// `F_GETPIPE_SZ` from `<fcntl.h>`.
  static let getPipeSize: Int32 = 1032

  /// The system's limit on a pipe buffer that an unprivileged process may ask for.
  static func pipeMaximum() -> Int {
    let fd = open("/proc/sys/fs/pipe-max-size", O_RDONLY)
    guard fd >= 0 else { return 1 << 20 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 32)
    let n = read(fd, &buffer, buffer.count)
    guard n > 0 else { return 1 << 20 }
    return Int(String(decoding: buffer[..<n], as: UTF8.self).filter(\.isNumber)) ?? 1 << 20
  }

  /// The two ends otpgrep widens: stdout's write end (index 1) and stdin's read end (index 0).
  static let ends: [Int] = [1, 0]

  @Test(
    "a pipe gets the largest buffer allowed up to 1 MiB, from the end otpgrep holds",
    arguments: ends)
  func aPipeGetsTheLargestBufferAllowedUpToOneMebibyte(end: Int) throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let before = Int(fcntl(ends[end], PipeTests.getPipeSize))
    let widened =
      end == 1
      ? FileDescriptorSink(fd: ends[1]).widenPipe() : FileDescriptorSource(fd: ends[0]).widenPipe()
    let after = Int(fcntl(ends[end], PipeTests.getPipeSize))
    let limit = min(1 << 20, PipeTests.pipeMaximum())
    if limit > before {
      #expect(widened)
      #expect(after > before)
      #expect(after <= max(limit, before))
    } else {
      #expect(after >= before)
    }
    // Both ends are the same pipe: the other one sees the new size.
    #expect(Int(fcntl(ends[1 - end], PipeTests.getPipeSize)) == after)
    // Still a working pipe.
    #expect(write(ends[1], "ok", 2) == 2)
    var buffer: [UInt8] = [0, 0]
    #expect(read(ends[0], &buffer, 2) == 2)
    #expect(buffer == Array("ok".utf8))
  }

  @Test func aFileIsLeftAlone() throws {
    var template = Array("/tmp/otpgrep-pipe-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    #expect(fd >= 0)
    defer {
      close(fd)
      unlink(template)
    }
    #expect(!FileDescriptorSink(fd: fd).widenPipe())
    #expect(!FileDescriptorSource(fd: fd).widenPipe())
  }
}
