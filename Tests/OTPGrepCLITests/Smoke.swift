import OTPGrepCLI
import Testing

@Test func unknownArgumentsFail() {
  #expect(
    OTPGrep.run(arguments: ["--bogus"], stdin: MemorySource(""), stdout: MemorySink(), stderr: MemorySink(), environment: [:]) == 2)
}
