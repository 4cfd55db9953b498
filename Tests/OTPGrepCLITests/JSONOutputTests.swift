import Foundation
import OneTimeCode
import Testing

@testable import OTPGrepCLI

@Suite("JSON output")
struct JSONOutputTests {
  static let strings: [String] = [
    "",
    "plain ASCII",
    "quote \" and backslash \\",
    "slash / stays",
    "newline\ncarriage\rtab\tbackspace\u{08}formfeed\u{0C}",
    "NUL \u{0} and \u{1} and \u{1F} and DEL \u{7F}",
    "é, 中文, 😀, combining e\u{301}",
    "line separator \u{2028} paragraph \u{2029}",
    "replacement \u{FFFD}",
    "<html> & 'quotes'",
    String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
  ]

  @Test("strings are escaped byte for byte as JSONEncoder does", arguments: strings)
  func matchesJSONEncoder(text: String) throws {
    var ours: [UInt8] = []
    JSONOutput.appendString(text, to: &ours)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let theirs = try encoder.encode(text)
    #expect(ours == Array(theirs))
  }

  @Test("every ASCII byte at every place of a string is escaped as JSONEncoder does")
  func everyByteEverywhere() throws {
    // Strings of 19 bytes (two words of eight, then a tail) with one byte changed: the
    // words without an escape are copied whole, the rest byte by byte.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    for value in 0..<128 {
      for place in 0..<19 {
        var bytes = Array("abcdefghijklmnopqrs".utf8)
        bytes[place] = UInt8(value)
        let text = String(decoding: bytes, as: UTF8.self)
        var ours: [UInt8] = []
        JSONOutput.appendString(text, to: &ours)
        #expect(ours == Array(try encoder.encode(text)), "\(value) at \(place)")
      }
    }
  }

  @Test("strings are escaped byte for byte as JSONSerialization does", arguments: strings)
  func matchesJSONSerialization(text: String) throws {
    var ours: [UInt8] = [UInt8(ascii: "[")]
    JSONOutput.appendString(text, to: &ours)
    ours.append(UInt8(ascii: "]"))
    let theirs = try JSONSerialization.data(
      withJSONObject: [text], options: [.withoutEscapingSlashes])
    #expect(ours == Array(theirs))
  }

  @Test(
    "numbers are written as JSONEncoder writes them",
    arguments: [0, 1, 0.5, 0.6, 0.9735, 0.0001, 1e-5, 12, -3.25])
  func numbers(value: Double) throws {
    var ours: [UInt8] = []
    JSONOutput.appendNumber(value, to: &ours)
    #expect(ours == Array(try JSONEncoder().encode(value)))
  }

  @Test("a confidence written from its ten-thousandths is what the rounded number writes")
  func confidenceRoundedOnce() {
    var values: [Double] = [
      0, 1, -0.25, 0.00049, 0.0005, 0.00099, 0.00095, 0.99995, 0.99994, 2, .nan, .infinity,
    ]
    for k in 0...100_000 {
      let value = Double(k) / 100_000
      values += [value, value.nextUp, value.nextDown]
    }
    for value in values {
      var once: [UInt8] = []
      JSONOutput.append(upTo: JSONOutput.numberBound, to: &once) {
        $0.fourDecimals(rounding: value)
      }
      var twice: [UInt8] = []
      JSONOutput.appendNumber(RecordWriter.rounded(value), to: &twice)
      #expect(once == twice, "\(value)")
    }
  }

  @Test("every confidence of four decimals is written as JSONEncoder writes it")
  func everyRoundedConfidence() throws {
    // The fast path for 0.001..<1 must agree with the encoder on all 10,000 values a
    // rounded confidence can take, and the values around them.
    for k in 0...10_000 {
      for value in [Double(k) / 10_000, (Double(k) / 10_000).nextUp, (Double(k) / 10_000).nextDown]
      where value >= 0 {
        var ours: [UInt8] = []
        JSONOutput.appendNumber(value, to: &ours)
        let theirs = Array(try JSONEncoder().encode(value))
        #expect(ours == theirs, "\(value)")
      }
    }
  }

  @Test(
    "integers are written as String(_:) writes them",
    arguments: [0, 1, 9, 10, 99, 100, 482_913, -1, -10, Int.max, Int.min])
  func integers(value: Int) {
    var out: [UInt8] = []
    JSONOutput.appendInteger(value, to: &out)
    #expect(String(decoding: out, as: UTF8.self) == String(value))
  }

  @Test(
    "integers of every length, at and around each power of ten, are written as String(_:) writes them"
  )
  func integersOfEveryLength() {
    var values: [Int] = [Int.max, Int.min, Int.max - 1, Int.min + 1]
    var power = 1
    for _ in 0...18 {
      values += [power - 1, power, power + 1, -power, -(power - 1), power * 5 + 3]
      if power <= Int.max / 10 { power *= 10 }
    }
    var random = UInt64(0x5EED_0009)
    for _ in 0..<5_000 {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(Int(bitPattern: UInt(random >> UInt64(random % 64))))
    }
    for value in values {
      var out: [UInt8] = []
      JSONOutput.appendInteger(value, to: &out)
      #expect(String(decoding: out, as: UTF8.self) == String(value))
    }
  }

  @Test func missingValuesAreNull() {
    var out: [UInt8] = []
    JSONOutput.appendString(nil, to: &out)
    JSONOutput.appendInteger(nil, to: &out)
    JSONOutput.appendNumber(nil, to: &out)
    JSONOutput.appendNumber(.nan, to: &out)
    #expect(String(decoding: out, as: UTF8.self) == "nullnullnullnull")
  }
}

@Suite("JSON Lines input parser")
struct JSONObjectParserTests {
  static let valid: [String] = [
    #"{}"#,
    #"{"text":"Your code is 482913"}"#,
    #"  { "text" : "a\"b\\c\/d\n\t\u00e9\ud83d\ude00" , "n": -1.5e+3, "b": true, "z": null } "#,
    #"{"text":"x","nested":{"a":[1,2,{"b":[]}]},"list":[]}"#,
    #"{"text":"中文 ✓"}"#,
  ]

  @Test("agrees with JSONSerialization on valid objects", arguments: valid)
  func agreesOnValid(line: String) throws {
    let ours = try JSONObjectParser.parse(Array(line.utf8))
    let theirs = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    #expect(Set(ours.keys) == Set(theirs.keys))
    for (key, value) in ours {
      switch value {
      case .string(let s): #expect(s == theirs[key] as? String)
      case .number(let n): #expect(Double(n) == (theirs[key] as? NSNumber)?.doubleValue)
      case .bool(let b): #expect(b == theirs[key] as? Bool)
      case .null: #expect(theirs[key] is NSNull)
      case .composite: #expect(theirs[key] is [Any] || theirs[key] is [String: Any])
      }
    }
  }

  static let invalid: [String] = [
    "", "not json", "[1,2]", #""text""#, "{", #"{"text":}"#, #"{"text":"x"} extra"#,
    #"{text:"x"}"#, #"{"text":'x'}"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":tru}"#,
    #"{"a":"\x"}"#, #"{"a":"\u12"}"#, "{\"a\":\"tab\tinside\"}", #"{"a":-}"#,
  ]

  @Test("rejects what JSONSerialization rejects", arguments: invalid)
  func rejectsInvalid(line: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONObjectParser.parse(Array(line.utf8)) }
    #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) == nil)
  }

  @Test(
    "stays strict where JSONSerialization is lenient: trailing commas",
    arguments: [#"{"text":"x",}"#, #"{"a":[1,]}"#])
  func rejectsTrailingCommas(line: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONObjectParser.parse(Array(line.utf8)) }
  }

  @Test func errorsNameAByteOffsetAndNeverTheText() {
    #expect(throws: JSONSyntaxError(offset: 8, expected: "a value")) {
      try JSONObjectParser.parse(Array(#"{"text":}"#.utf8))
    }
  }
  /// The reading of named members only (the runner's) keeps what the dictionary has for those
  /// names, and fails where it fails, at the same byte, nested and skipped values included.
  @Test(
    "named members agree with the whole object",
    arguments: valid + invalid + [
      #"{"text":"a","text":"b","id":1,"id":"2"}"#,
      #"{"te\u0078t":"escaped key","i\u0064":7}"#,
      #"{"skip":{"a":"\x"},"text":"x"}"#,
      #"{"skip":["\u12"],"text":"x"}"#,
      "{\"skip\":[1,{\"b\":\"tab\tinside\"}],\"text\":\"x\"}",
      #"{"skip":-,"text":"x"}"#,
      #"{"skip":"\ud83d","text":"\ude00"}"#,
    ])
  func namedMembersAgreeWithTheWholeObject(line: String) {
    let bytes = Array(line.utf8)
    let names = ["text", "id", "nested", "text"].map { Array($0.utf8) }
    let whole = Result { () throws(JSONSyntaxError) in try JSONObjectParser.parse(bytes) }
    let named = Result { () throws(JSONSyntaxError) in
      try JSONObjectParser.values(named: names, in: bytes)
    }
    switch (whole, named) {
    case (.success(let members), .success(let values)):
      #expect(values == names.map { members[String(decoding: $0, as: UTF8.self)] })
    case (.failure(let expected), .failure(let error)):
      #expect(error == expected)
    default:
      Issue.record("one way read \(line.utf8.count) bytes, the other failed")
    }
  }
}

@Suite("Records with a file escaped once")
struct RecordFileTests {
  /// Every record shape: no code, a code, a laid-out code, an explained one, one with an
  /// error, and one from a database row with id, sender and date.
  private static func records(file: String?) -> [(InputMessage, Extraction?, String?, Bool)] {
    let extractor = CodeExtractor()
    let code = InputMessage(text: "Your code is 482-913", line: 2)
    let letters = InputMessage(text: "Your login code: K7P2QX", line: 3)
    var row = InputMessage(text: "PIN 5521", line: nil)
    row.row = 7
    row.id = "x\"1"
    row.sender = "Bank"
    row.date = "2026-11-30T04:00:00Z"
    var broken = InputMessage(text: "", line: 4)
    broken.error = "invalid JSON"
    return [
      (InputMessage(text: "no digits here", line: 1), nil, nil, false),
      (code, extractor.extract(from: code.text), nil, false),
      (code, extractor.extract(from: code.text), "482 913", false),
      (code, extractor.extract(from: code.text), nil, true),
      (letters, extractor.extract(from: letters.text), nil, false),
      (letters, extractor.extract(from: letters.text), nil, true),
      (broken, nil, nil, false),
      (row, extractor.extract(from: row.text), nil, false),
    ]
  }

  @Test("a record whose every string escapes at its longest is written whole")
  func longestEscapes() throws {
    // A control byte takes six bytes as `\u00xx`: the most any byte takes, which the bound
    // on a record's length counts on.
    let controls = String(repeating: "\u{1}\u{1F}", count: 150)
    var message = InputMessage(text: "Code \u{1}482913\u{1}, or 5521", line: Int.max)
    message.id = controls
    message.sender = controls
    message.date = controls
    message.error = controls
    let extraction = CodeExtractor().extract(from: message.text)
    let candidates = CodeExtractor().candidates(in: message.text)
    #expect(candidates.count >= 2)
    for format in [OutputFormat.jsonLines, .json] {
      var out: [UInt8] = []
      RecordWriter(format: format).write(
        message: message, file: RecordFile(controls), extraction: extraction,
        candidates: candidates, formatted: controls, to: &out)
      let body = format == .json ? Array(out.dropFirst(2)) : out
      let record = try #require(
        try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
      for key in ["file", "id", "sender", "date", "error", "formatted"] {
        #expect(record[key] as? String == controls, "\(key)")
      }
      #expect(record["line"] as? Int == Int.max)
      #expect(record["code"] as? String == extraction?.code)
      #expect((record["candidates"] as? [Any])?.count == candidates.count)
    }
  }

  @Test(
    "every record names its file and line, whatever the name holds",
    arguments: JSONOutputTests.strings.map { Optional($0) } + [
      nil, "<stdin>", "dir/sms \"2024\".txt",
    ])
  func fileAndLine(name: String?) throws {
    let file = RecordFile(name)
    for format in [OutputFormat.jsonLines, .json] {
      for (message, extraction, formatted, explain) in Self.records(file: name) {
        let candidates = explain ? CodeExtractor().candidates(in: message.text) : nil
        var out: [UInt8] = []
        RecordWriter(format: format).write(
          message: message, file: file, extraction: extraction, candidates: candidates,
          formatted: formatted, to: &out)
        // The same record through the String entry point.
        var again: [UInt8] = []
        RecordWriter(format: format).write(
          message: message, file: name, extraction: extraction, candidates: candidates,
          formatted: formatted, to: &again)
        #expect(out == again)
        let body = format == .json ? Array(out.dropFirst(2)) : out
        #expect(format == .json || body.last == 0x0A)
        #expect(body.dropLast(format == .jsonLines ? 1 : 0).last == UInt8(ascii: "}"))
        let record = try #require(
          try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        if let name {
          #expect(record["file"] as? String == name)
        } else {
          #expect(record["file"] is NSNull)
        }
        #expect(record["line"] as? Int == message.line ?? message.row.map { Int($0) })
        #expect(record["code"] as? String == extraction?.code)
        #expect(record["kind"] as? String == extraction?.kind.rawValue)
        if let candidates, let written = record["candidates"] as? [[String: Any]] {
          #expect(written.map { $0["kind"] as? String } == candidates.map { $0.kind.rawValue })
        }
        #expect(record["formatted"] as? String == formatted)
        #expect(record["error"] as? String == message.error)
        #expect((record["candidates"] as? [Any])?.count == candidates?.count)
        #expect(record["id"] as? String == message.id)
        #expect(record["date"] as? String == message.date)
      }
    }
  }
}
