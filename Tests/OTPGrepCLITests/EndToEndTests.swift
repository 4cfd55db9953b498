import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built binary as a subprocess: stdin, stdout, stderr, exit status, signals.
@Suite("otpgrep end to end", .serialized)
struct EndToEndTests {
  // MARK: Exit status

  @Test(
    "exit status: 0 found, 1 none, 2 error",
    arguments: [
      ("Your code is 482913\n", [String](), Int32(0)),
      ("no digits here\n", [], 1),
      ("", [], 1),
      ("Your code is 482913\n", ["/nonexistent/otpgrep-test"], 2),
    ])
  func exitStatus(input: String, arguments: [String], expected: Int32) throws {
    let outcome = try runBinary(arguments + (arguments.isEmpty ? [] : ["-"]), input: input)
    #expect(outcome.status == expected)
  }

  @Test func stdinToStdoutFilter() throws {
    let outcome = try runBinary([], input: "Your code is 482913\nno digits here\n")
    #expect(outcome.status == 0)
    #expect(outcome.records.map { $0["code"] as? String } == ["482913", nil])
    #expect(outcome.stderr.isEmpty)
  }

  @Test func scriptGetsOneBareCode() throws {
    let outcome = try runBinary(["--format", "code", "-m", "Your code is 482913"])
    #expect(outcome.stdoutText == "482913\n")
    #expect(outcome.status == 0)
  }

  // MARK: Bad input table

  @Test func invalidUTF8IsRepairedWithOneWarningAndTheCount() throws {
    let bytes = Array("Your code is 482913\n".utf8) + [0x61, 0xFF, 0x62, 0x0A, 0xC3, 0x28, 0x0A]
    let outcome = try runBinary([], inputBytes: bytes)
    #expect(outcome.status == 0)
    #expect(outcome.records.count == 3)
    #expect(outcome.records[1]["line"] as? Int == 2)
    #expect(
      outcome.stderrText
        == "otpgrep: <stdin>: warning: 2 messages had invalid UTF-8, replaced with U+FFFD\n")
  }

  @Test func aNULByteInLinesModeIsText() throws {
    let outcome = try runBinary([], inputBytes: Array("Your\u{0}code is 482913\n".utf8))
    #expect(outcome.records.count == 1)
    #expect(outcome.records[0]["code"] as? String == "482913")
    #expect(outcome.status == 0)
  }

  @Test func anEmptyLineGetsARecordWithANullCode() throws {
    let outcome = try runBinary([], input: "\n")
    #expect(outcome.lines.count == 1)
    #expect(outcome.records[0]["code"] is NSNull)
    #expect(outcome.status == 1)
  }

  @Test func a50MBLineIsCutAtTheCapWithAWarning() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("big.txt")
    var data = Data("Your code is 482913 ".utf8)
    data.append(Data(repeating: UInt8(ascii: "x"), count: 50_000_000))
    try data.write(to: file)
    let outcome = try runBinary([file.path])
    #expect(outcome.status != 2, "a warning is not an error")
    #expect(outcome.records.count == 1)
    #expect(outcome.records.first?["line"] as? Int == 1)
    #expect(
      outcome.stderrText
        == "otpgrep: \(file.path):1: warning: message longer than 1048576 bytes, cut there\n")
  }

  /// The peak RSS of a child fed one line of `megabytes` MiB through a pipe, in KiB.
  func peakForOneLine(megabytes: Int) throws -> Int {
    let child = try SpawnedChild([])
    let block = String(repeating: "x", count: 1 << 20)
    for _ in 0..<megabytes { child.write(block) }
    // Measured while the child is still running: its own peak, not its parent's.
    let peak = child.peakResidentKiB()
    close(child.input)
    let record = readLine(from: child.output, timeout: 60)
    #expect(record?.contains(#""line":1"#) == true)
    #expect(child.wait().status != 2)
    close(child.output)
    return try #require(peak)
  }

  @Test func memoryStaysBoundedWhateverTheLineLength() throws {
    // Both lines are cut to 1 MiB; what the 48 extra MiB cost must be small.
    let small = try peakForOneLine(megabytes: 2)
    let large = try peakForOneLine(megabytes: 50)
    #expect(large < small + 8_192, "peak RSS in KiB: 2 MiB line \(small), 50 MiB line \(large)")
  }

  @Test(
    "a bad JSON line gives a record with error and its line; the run goes on; exit 2",
    arguments: ["{not json", #"{"id":1}"#, #"{"text":["x"]}"#])
  func badJSONLine(line: String) throws {
    let input =
      #"{"text":"Your code is 482913"}"# + "\n" + line + "\n" + #"{"text":"no digits"}"# + "\n"
    let outcome = try runBinary(["--input", "jsonl"], input: input)
    #expect(outcome.status == 2)
    #expect(outcome.records.count == 3)
    #expect(outcome.records[1]["error"] is String)
    #expect(outcome.records[1]["line"] as? Int == 2)
    #expect(outcome.stderrText.hasPrefix("otpgrep: <stdin>:2: "))
    #expect(outcome.stderrText.split(separator: "\n").count == 1)
  }

  @Test func badPathsAreNamedAndTheOtherFilesStillProcessed() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = dir.appendingPathComponent("good.txt").path
    try "Your code is 482913\n".write(toFile: good, atomically: true, encoding: .utf8)
    let locked = dir.appendingPathComponent("locked.txt").path
    try "Your code is 111111\n".write(toFile: locked, atomically: true, encoding: .utf8)
    chmod(locked, 0)
    let missing = dir.appendingPathComponent("missing.txt").path
    // As root, mode 000 does not stop reading; /proc/self/mem always fails to read (EIO).
    let unreadable = geteuid() == 0 ? "/proc/self/mem" : locked
    let outcome = try runBinary([missing, dir.path, unreadable, good])
    #expect(outcome.status == 2)
    #expect(outcome.records.map { $0["file"] as? String } == [good])
    let errors = outcome.stderrText.split(separator: "\n").map(String.init)
    #expect(errors.count == 3)
    #expect(errors[0] == "otpgrep: \(missing): no such file or directory")
    #expect(errors[1] == "otpgrep: \(dir.path): is a directory")
    #expect(errors[2].hasPrefix("otpgrep: \(unreadable): "))
  }

  @Test(
    "usage errors: one line, a hint, exit 2",
    arguments: [["--bogus"], ["--format"], ["-j"], ["--format", "yaml"], ["-x"]])
  func usageError(arguments: [String]) throws {
    let outcome = try runBinary(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    let lines = outcome.stderrText.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("otpgrep: ") == true)
    #expect(lines.last == "try 'otpgrep --help'")
  }

  @Test func outputClosedEarlyIsAQuietExitZero() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let big = dir.appendingPathComponent("big.txt")
    try Data(String(repeating: "Your code is 482913\n", count: 200_000).utf8).write(to: big)
    // Like `otpgrep big.txt | head -1`, with stderr kept to check that it stays empty.
    let err = dir.appendingPathComponent("stderr").path
    let out = dir.appendingPathComponent("stdout").path
    let script = "set -o pipefail; \"$0\" \"$1\" 2>\"$2\" | head -1"
    let result = try spawnAndWait(
      "/bin/bash", ["-c", script, try #require(otpgrepBinary), big.path, err], stdin: "/dev/null",
      stdout: out, stderr: "/dev/null")
    #expect(result.status == 0, "pipefail: otpgrep's own status")
    #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix(#"{"code":"482913""#))
    #expect(try Data(contentsOf: URL(fileURLWithPath: err)).isEmpty)
  }

  @Test func aPipeIsFilteredLineByLine() throws {
    let child = try SpawnedChild(["--format", "code"])
    child.write("Your code is 482913\n")
    #expect(readLine(from: child.output, timeout: 20) == "482913")
    child.write("Your code is 777123\n")
    #expect(readLine(from: child.output, timeout: 20) == "777123")
    close(child.input)
    #expect(child.wait().status == 0)
    close(child.output)
  }

  @Test func ctrlCStopsAtOnceWithNoPartialLine() throws {
    let child = try SpawnedChild([])
    child.write("Your code is 482913\nYour code is 7771")
    let first = readLine(from: child.output, timeout: 20)
    #expect(first.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil } == true)
    // The child is now blocked reading the pipe, in the middle of a message.
    let sent = Date()
    kill(child.pid, SIGINT)
    let outcome = child.wait()
    #expect(Date().timeIntervalSince(sent) < 5)
    #expect(outcome.signal == SIGINT)
    let rest = readAll(from: child.output)
    #expect(rest.isEmpty)
    close(child.input)
    close(child.output)
  }

  // MARK: Threads

  @Test func twoThreadsKeepTheOutputInInputOrder() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("many.txt")
    // Over 1 MiB, so that -j 2 splits it; mostly messages without digits, which are quick.
    let lines = (0..<30_000).map { n in
      n % 10 == 0
        ? "Your code is \(100_000 + n)"
        : "message \(n % 7 == 0 ? "" : "with no code at all, ")just some words to fill the line"
    }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
    #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as! Int > 1 << 20)
    let one = try runBinary(["-j", "1", "--no-progress", file.path])
    let two = try runBinary(["-j2", "--no-progress", file.path])
    #expect(two.status == 0)
    #expect(two.stdout == one.stdout)
    let numbers = two.records.map { $0["line"] as? Int ?? 0 }
    #expect(numbers == Array(1...30_000))
  }

  // MARK: Help

  @Test func helpAndVersionExitZero() throws {
    let help = try runBinary(["--help"])
    #expect(help.status == 0)
    #expect(help.stdoutText.contains("usage: otpgrep"))
    let version = try runBinary(["--version"])
    #expect(version.status == 0)
    #expect(version.stdoutText.hasPrefix("otpgrep "))
  }
}
