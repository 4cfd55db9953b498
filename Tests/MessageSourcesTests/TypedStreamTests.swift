import MessageSources
import Testing

/// Builds typedstream archives of attributed strings, as NSArchiver lays them out.
enum TypedStreamBuilder {
  static func integer(_ value: Int) -> [UInt8] {
    if value < 0x80 { return [UInt8(value)] }
    if value < 0x8000 { return [0x81, UInt8(value & 0xFF), UInt8(value >> 8)] }
    return [0x82] + (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
  }

  static func classInfo(_ name: String, version: Int) -> [UInt8] {
    [0x84, 0x84] + integer(name.utf8.count) + Array(name.utf8) + integer(version)
  }

  static func archive(_ text: String, stringClass: String = "NSString") -> [UInt8] {
    var out: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]
    out += [0x84, 0x01, UInt8(ascii: "@"), 0x84]
    out += classInfo("NSAttributedString", version: 0) + classInfo("NSObject", version: 0)
    out += [0x85, 0x92, 0x84] + classInfo(stringClass, version: 1) + [0x94]
    out += [0x84, 0x01, UInt8(ascii: "+")] + integer(text.utf8.count) + Array(text.utf8) + [0x86]
    out += [0x84, 0x02, UInt8(ascii: "i"), UInt8(ascii: "I"), 0x01] + integer(text.utf16.count)
    out += [0x92, 0x84] + classInfo("NSDictionary", version: 0) + [0x94, 0x86, 0x86]
    return out
  }
}

@Suite struct TypedStreamTests {
  @Test func decodesTheSampleLayoutFromThePublicDescription() throws {
    // The layout documented for an attributed string "Fesker": header, classes, "+", 06, bytes.
    var blob: [UInt8] =
      [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x40]
    blob += [0x84, 0x84, 0x84, 0x12] + Array("NSAttributedString".utf8) + [0x00]
    blob += [0x84, 0x84, 0x08] + Array("NSObject".utf8) + [0x00, 0x85, 0x92]
    blob +=
      [0x84, 0x84, 0x84, 0x08] + Array("NSString".utf8) + [0x01, 0x94, 0x84, 0x01, 0x2B, 0x06]
    blob += Array("Fesker".utf8) + [0x86, 0x84, 0x02, 0x69, 0x49, 0x01, 0x06, 0x86]
    #expect(try TypedStream.plainText(of: blob) == "Fesker")
  }

  @Test(arguments: [
    "",
    "Code 482910",
    String(repeating: "a", count: 127),  // the longest one-byte length
    String(repeating: "b", count: 128),  // 0x81 form
    String(repeating: "c", count: 255),
    String(repeating: "d", count: 300),
    String(repeating: "e", count: 40_000),  // 0x82 form
    "Ваш код: 731 554 — никому не сообщайте \u{1F6E1}",
    String(repeating: "验证码 902417。", count: 20),  // >= 128 bytes of UTF-8, fewer characters
  ])
  func roundTripsLengthsAndScripts(text: String) throws {
    #expect(try TypedStream.plainText(of: TypedStreamBuilder.archive(text)) == text)
  }

  @Test func acceptsMutableStrings() throws {
    let blob = TypedStreamBuilder.archive("PIN 8841", stringClass: "NSMutableString")
    #expect(try TypedStream.plainText(of: blob) == "PIN 8841")
  }

  @Test func everyCutShortBlobIsAnErrorNeverACrash() throws {
    let blob = TypedStreamBuilder.archive(String(repeating: "x", count: 200))
    guard
      let plus = (0..<blob.count - 2).first(where: {
        blob[$0] == 0x84 && blob[$0 + 1] == 0x01 && blob[$0 + 2] == 0x2B
      })
    else {
      Issue.record("no '+' marker")
      return
    }
    let textEnd = plus + 3 + 3 + 200  // marker, 0x81 length (3 bytes), text
    for cut in 0..<textEnd {
      let result = Result { () throws(TypedStream.DecodeError) in
        try TypedStream.plainText(of: Array(blob[..<cut]))
      }
      if case .success(let text) = result {
        Issue.record("cut at \(cut) decoded \(text.count) characters")
      }
    }
    #expect(throws: TypedStream.DecodeError.truncated) {
      try TypedStream.plainText(of: Array(blob[..<(textEnd - 1)]))
    }
    #expect(throws: TypedStream.DecodeError.truncated) {
      try TypedStream.plainText(of: Array(blob[..<(plus + 4)]))  // inside the 0x81 length
    }
    #expect(
      try TypedStream.plainText(of: Array(blob[..<textEnd])) == String(repeating: "x", count: 200))
  }

  @Test func refusesWhatIsNotATypedStream() {
    #expect(throws: TypedStream.DecodeError.notTypedStream) {
      try TypedStream.plainText(of: Array("bplist00".utf8))
    }
    #expect(throws: TypedStream.DecodeError.notTypedStream) { try TypedStream.plainText(of: []) }
  }

  @Test func completeArchiveWithoutAStringSaysSo() {
    var blob: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]
    blob +=
      [0x84, 0x01, 0x40, 0x84] + TypedStreamBuilder.classInfo("NSNumber", version: 0) + [
        0x85, 0x86,
      ]
    #expect(throws: TypedStream.DecodeError.noString) { try TypedStream.plainText(of: blob) }
  }

  @Test func errorsDescribeTheColumnNotTheText() {
    #expect("\(TypedStream.DecodeError.truncated)" == "attributedBody is cut short")
  }
}
