import Testing
import MessageSources

@Test func messageHoldsText() { #expect(Message(text: "a").text == "a") }
