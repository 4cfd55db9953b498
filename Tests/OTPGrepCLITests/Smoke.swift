import Testing
import OTPGrepCLI

@Test func unknownArgumentsFail() { #expect(OTPGrep.main(["--bogus"]) == 2) }
