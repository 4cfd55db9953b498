import Testing
@testable import OneTimeCode

@Test func extractsPlainCode() {
  #expect(CodeExtractor().extract(from: "Your code is 482913")?.code == "482913")
}
