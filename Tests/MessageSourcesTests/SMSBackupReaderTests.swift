import MessageSources
import Testing

@Suite struct SMSBackupReaderTests {
  @Test func readsEverySMSAndTextMMSInOrder() throws {
    let reader = try SMSBackupReader(path: fixture("sms-backup.xml"))
    let read = drain(reader)
    #expect(read.errors.isEmpty)
    #expect(read.messages.count == 12)  // 11 SMS + 1 MMS with text; the picture-only MMS is skipped
    let first = read.messages[0]
    #expect(first.text == "Your Acme verification code is 482910. It expires in 10 minutes.")
    #expect(first.sender == "+15550100")
    #expect(first.date == 1_773_303_302_000)
    #expect(first.isoDate == "2026-03-12T08:15:02Z")
    #expect(first.direction == .incoming)
    #expect(first.origin == Origin(file: fixture("sms-backup.xml"), position: .line(5)))
    #expect(read.messages[2].direction == .outgoing)
    #expect(read.messages[2].text == "Running late, be there at 7:45 & bring the keys")
  }

  @Test func decodesNewlinesAndNonLatinScripts() throws {
    let read = drain(try SMSBackupReader(path: fixture("sms-backup.xml")))
    #expect(read.texts.contains("Votre code de connexion : 205 118\nNe le partagez avec personne."))
    #expect(read.texts.contains("Код подтверждения: 6619. Никому не сообщайте этот код."))
    #expect(read.texts.contains("【云服务】您的验证码是 902417，5分钟内有效。"))
    #expect(read.texts.contains("Use code \"AB7K2Q\" at checkout \u{2014} 10% off until Sunday"))
  }

  @Test func joinsSurrogatePairReferencesIntoOneEmoji() throws {
    let read = drain(try SMSBackupReader(path: fixture("sms-backup.xml")))
    #expect(read.texts.contains("G-318204 is your verification code. \u{1F510} Don't share it."))
  }

  @Test func unknownSenderNullIsNoSender() throws {
    let read = drain(try SMSBackupReader(path: fixture("sms-backup.xml")))
    let order = try #require(read.messages.first { $0.text.hasPrefix("Order #1183") })
    #expect(order.sender == nil)
    #expect(order.text == "Order #1183-2291 shipped <tracking 1Z999AA10123456784>")
  }

  @Test func mmsTakesTextPartsAndTheFromAddress() throws {
    let read = drain(try SMSBackupReader(path: fixture("sms-backup.xml")))
    let mms = try #require(read.messages.first { $0.text.hasPrefix("Group:") })
    #expect(mms.text == "Group: your table code is 4471 \u{1F37D}\nSee you at 8")
    #expect(mms.sender == "+15550142")
    #expect(mms.direction == .incoming)
    #expect(mms.origin?.position == .line(10))
  }

  @Test func truncatedFileKeepsEveryCompleteMessageThenNamesTheLine() throws {
    let path = fixture("sms-truncated.xml")
    let read = drain(try SMSBackupReader(path: path))
    #expect(read.messages.count == 9)
    #expect(read.errors.count == 1)
    let error = try #require(read.errors.first)
    guard case .truncated(let origin, _) = error else {
      Issue.record("expected truncated, got \(error)")
      return
    }
    #expect(origin == Origin(file: path, position: .line(29)))
    #expect("\(error)".hasPrefix("\(path):29: file ends inside a <sms> tag"))
    #expect(read.results.last.map { if case .failure = $0 { true } else { false } } == true)
  }

  @Test func refusesBillionLaughsDTDBeforeAnyExpansion() throws {
    let path = fixture("sms-billion-laughs.xml")
    let read = drain(try SMSBackupReader(path: path))
    #expect(read.messages.isEmpty)
    #expect(read.errors == [.forbiddenDTD(Origin(file: path, position: .line(2)))])
    #expect("\(read.errors[0])".contains("DTDs and entity declarations are refused"))
  }

  @Test func refusesExternalEntityAfterEarlierMessages() throws {
    let path = fixture("sms-xxe.xml")
    let read = drain(try SMSBackupReader(path: path))
    #expect(read.texts == ["Code 120034 before the DTD"])
    #expect(read.errors == [.forbiddenDTD(Origin(file: path, position: .line(4)))])
  }

  @Test func refusesEntityDeclarationWithoutDoctype() {
    let xml = "<smses><!ENTITY x SYSTEM \"http://example.com/x\"><sms body=\"&x;\"/></smses>"
    let read = drain(SMSBackupReader(bytes: Array(xml.utf8), path: "e.xml"))
    #expect(read.messages.isEmpty)
    #expect(read.errors == [.forbiddenDTD(Origin(file: "e.xml", position: .line(1)))])
  }

  @Test func decodesEntitiesAndCharacterReferences() throws {
    let path = fixture("sms-entities.xml")
    let read = drain(try SMSBackupReader(path: path))
    #expect(read.messages.count == 3)
    #expect(read.messages[0].text == "a <b> \"c\" 'd' &amp;")
    #expect(read.messages[0].sender == "Lab & Co")
    #expect(read.messages[1].text == "line1\nline2\ttab \u{1F600} \u{1F600} café é")
    // The literal newline in an attribute value is normalized to a space, as XML requires.
    #expect(read.messages[2].text == "single 'quoted'   with a literal newline")
    #expect(read.messages[2].direction == .outgoing)
  }

  @Test func undefinedEntityFailsOnlyItsRecord() throws {
    let path = fixture("sms-entities.xml")
    let read = drain(try SMSBackupReader(path: path))
    #expect(
      read.errors == [
        .malformed(Origin(file: path, position: .line(5)), "undefined entity reference")
      ])
    // The error comes in its place, between the second and the fourth record.
    guard read.results.count == 4, case .failure = read.results[2] else {
      Issue.record("error not in place: \(read.results)")
      return
    }
    #expect(!"\(read.errors[0])".contains("bogus"))  // Errors never quote message text.
  }

  @Test(arguments: [
    ("&#0;", "invalid character reference"),
    ("&#x110000;", "invalid character reference"),
    ("&#xZZ;", "undefined entity reference"),
    ("&nbsp;", "undefined entity reference"),
  ])
  func badReferencesAreRecordErrors(reference: String, what: String) {
    let xml = "<smses>\n<sms body=\"x\(reference)y\"/>\n<sms body=\"ok\"/>\n</smses>"
    let read = drain(SMSBackupReader(bytes: Array(xml.utf8), path: "r.xml"))
    #expect(read.errors == [.malformed(Origin(file: "r.xml", position: .line(2)), what)])
    #expect(read.texts == ["ok"])
  }

  @Test func loneSurrogatesBecomeReplacementCharacters() {
    let xml = "<smses><sms body=\"a&#55357;b&#56832;c&#55357;\"/></smses>"
    let read = drain(SMSBackupReader(bytes: Array(xml.utf8), path: "s.xml"))
    #expect(read.texts == ["a\u{FFFD}b\u{FFFD}c\u{FFFD}"])
  }

  @Test func skipsCommentsCDATAAndProcessingInstructions() {
    let xml = """
      <?xml version="1.0"?><!-- a -- comment ---><smses><![CDATA[ <sms body="no"/> ]]]>
      <?pi <sms body="no"/> ?><sms body="yes"/></smses>
      """
    let read = drain(SMSBackupReader(bytes: Array(xml.utf8), path: "c.xml"))
    #expect(read.errors.isEmpty)
    #expect(read.texts == ["yes"])
  }

  @Test(arguments: [
    ("<calls><call number=\"1\"/></calls>", "root element is <calls>, not <smses>"),
    ("<smses><sms body=\"a\"></smses>", "end tag </smses> does not match <sms>"),
    ("<smses><sms body=a/></smses>", "unquoted attribute value"),
    ("<smses><sms body=\"a<b\"/></smses>", "'<' in an attribute value"),
  ])
  func brokenMarkupStopsWithAnError(xml: String, what: String) {
    let read = drain(SMSBackupReader(bytes: Array(xml.utf8), path: "b.xml"))
    #expect(read.errors == [.malformed(Origin(file: "b.xml", position: .line(1)), what)])
  }

  @Test func emptyFileIsAnError() {
    let read = drain(SMSBackupReader(bytes: [], path: "empty.xml"))
    #expect(
      read.errors == [
        .truncated(Origin(file: "empty.xml", position: .line(1)), "no <smses> element")
      ])
  }

  @Test func fileCutBetweenRecordsNamesTheMissingEndTag() {
    let xml = "<smses>\n<sms body=\"one\"/>\n"
    let read = drain(SMSBackupReader(bytes: Array(xml.utf8), path: "t.xml"))
    #expect(read.texts == ["one"])
    #expect(
      read.errors == [
        .truncated(Origin(file: "t.xml", position: .line(3)), "file ends before </smses>")
      ])
  }

  @Test func fileCutInsideAnMMSNamesTheMMS() {
    let xml =
      "<smses>\n<sms body=\"one\"/>\n<mms msg_box=\"1\">\n<parts>\n<part ct=\"text/plain\" text=\"t\"/>"
    let read = drain(SMSBackupReader(bytes: Array(xml.utf8), path: "m.xml"))
    #expect(read.texts == ["one"])
    #expect(read.errors.map(\.position) == [.line(3)])
  }

  @Test func missingFileCannotBeOpened() {
    #expect(throws: SourceError.cannotOpen(file: "/nonexistent/x.xml", errno: 2)) {
      _ = try SMSBackupReader(path: "/nonexistent/x.xml")
    }
  }

  @Test func largeAttributeValuesThatAreNotKeptCostNothing() {
    let image = String(repeating: "QUJD", count: 1_000_000)
    let xml =
      "<smses><mms msg_box=\"2\"><part ct=\"image/png\" data=\"\(image)\"/>"
      + "<part ct=\"Text/Plain; charset=utf-8\" text=\"caption\"/></mms></smses>"
    let read = drain(SMSBackupReader(bytes: Array(xml.utf8), path: "big.xml"))
    #expect(read.texts == ["caption"])
    #expect(read.messages.first?.direction == .outgoing)
  }
}

@Suite struct SMSBackupReaderStressTests {
  @Test func manyPictureOnlyMMSInARowAreSkippedWithoutRecursion() {
    var xml = "<smses>\n"
    for _ in 0..<50_000 { xml += "<mms msg_box=\"1\"><part ct=\"image/png\" data=\"x\"/></mms>\n" }
    xml += "<sms body=\"last\"/>\n</smses>\n"
    let read = drain(SMSBackupReader(bytes: Array(xml.utf8), path: "p.xml"))
    #expect(read.texts == ["last"])
    #expect(read.errors.isEmpty)
  }
}

#if canImport(Glibc)
  import Glibc
#endif

/// A file is read in chunks of 64 KiB; the same bytes in memory are one chunk. Reading both must
/// give the same messages wherever a chunk ends: in a name, a plain run, a reference, a CR LF.
@Suite struct SMSBackupReaderChunkTests {
  /// Escaped bodies and the texts they decode to; `@` stands for the message's number.
  static let bodies: [(escaped: String, text: String)] = [
    ("Code &amp; 4821@, ok", "Code & 4821@, ok"),
    ("line&#10;two @", "line\ntwo @"),
    ("cr\r\nlf and cr\ralone @", "cr lf and cr alone @"),
    ("tab\there @", "tab here @"),
    ("&#55357;&#56832; smile @", "\u{1F600} smile @"),
    ("Код @ &quot;q&quot; &lt;b&gt;", "Код @ \"q\" <b>"),
    ("&#x4E2D;文 @ it&apos;s", "中文 @ it's"),
    ("Plain code @ here", "Plain code @ here"),
    ("Код @ без ссылок", "Код @ без ссылок"),
  ]

  static func document(padding: Int) -> (xml: [UInt8], texts: [String], lines: [Int]) {
    var xml = "<?xml version='1.0'?>\n<!--\(String(repeating: "p", count: padding))-->\n<smses>\n"
    var texts: [String] = []
    var lines: [Int] = []
    var line = 4
    var number = 0
    while xml.utf8.count < 100_000 {
      let (escaped, text) = bodies[number % bodies.count]
      // An unkept value with a line feed in it, and lengths that move the next tag along.
      let filler =
        String(repeating: "Q", count: number % 53) + "\n"
        + String(repeating: "R", count: number % 7)
      let sms =
        "  <sms protocol=\"0\" address=\"+1555\(number)\" date=\"\(1_700_000_000_000 + number)\""
        + " type=\"\(number % 2 + 1)\" data=\"\(filler)\"\n"
        + "    body=\"\(escaped.replacing("@", with: "\(number)"))\"/>\n"
      xml += sms
      texts.append(text.replacing("@", with: "\(number)"))
      lines.append(line)
      line += sms.utf8.count { $0 == UInt8(ascii: "\n") }
      number += 1
    }
    return (Array((xml + "</smses>\n").utf8), texts, lines)
  }

  @Test func chunkBoundariesAnywhereGiveTheSameMessages() throws {
    let path = "/tmp/otc-\(getpid())-chunks.xml"
    defer { unlink(path) }
    for padding in 0..<130 {
      let (xml, texts, lines) = Self.document(padding: padding)
      let file = try #require(fopen(path, "w"))
      #expect(fwrite(xml, 1, xml.count, file) == xml.count)
      fclose(file)
      let fromFile = drain(try SMSBackupReader(path: path))
      let fromMemory = drain(SMSBackupReader(bytes: xml, path: path))
      #expect(fromFile.errors.isEmpty)
      #expect(fromFile.texts == texts, "padding \(padding)")
      #expect(fromFile.messages.map { $0.origin?.position.line } == lines, "padding \(padding)")
      #expect(fromFile.messages == fromMemory.messages, "padding \(padding)")
    }
  }

  /// A name of 256 bytes is read and one of 257 refused, also when a chunk ends inside it.
  @Test(arguments: [256, 257])
  func longestNameHoldsAcrossAChunkEnd(length: Int) throws {
    let path = "/tmp/otc-\(getpid())-long-name-\(length).xml"
    defer { unlink(path) }
    // The attribute's name starts 100 bytes before the file's first chunk ends.
    let head = "<smses>\n<!--" + String(repeating: "p", count: 65_536 - 100 - 20) + "-->"
    let name = "a" + String(repeating: "n", count: length - 1)
    let xml = Array((head + "<sms \(name)=\"1\" body=\"Code 1234\"/>\n</smses>\n").utf8)
    #expect(head.utf8.count + 5 == 65_536 - 100)
    let file = try #require(fopen(path, "w"))
    #expect(fwrite(xml, 1, xml.count, file) == xml.count)
    fclose(file)
    for read in [
      drain(try SMSBackupReader(path: path)), drain(SMSBackupReader(bytes: xml, path: path)),
    ] {
      if length <= 256 {
        #expect(read.texts == ["Code 1234"])
        #expect(read.errors.isEmpty)
      } else {
        #expect(read.texts.isEmpty)
        #expect(
          read.errors == [.malformed(Origin(file: path, position: .line(2)), "name too long")])
      }
    }
  }

  /// A start tag is read in one pass over the buffer when it ends within it, and byte by byte
  /// otherwise: an unkept attribute longer than a file's 64 KiB chunk, put first in each tag, sends
  /// every tag the second way, and the messages, errors and lines must be the same.
  @Test func tagsReadInOnePassOrByteByByteGiveTheSameMessages() throws {
    let tags = [
      "<sms address=\"+15550100\" date=\"1773303302000\" type=\"1\" body=\"Code 4821\"/>",
      "<sms address='Bank' date = '17' type\t=\t'2' body='It&apos;s 5521'/>",
      "<sms\n  address=\"x\"\n  note=\"a\nb\"\n  body=\"Kod 7730\"\n/>",
      "<sms body=\"first 1111\" body=\"second 2222\" _id=\"9\" />",
      "<sms body=\"\" address=\"\" date=\"\" type=\"x\"></sms>",
      "<sms body=\"PIN 3141 &amp; more\"/>",
      "<sms body=\"tab\there 6061\"/>",
      "<sms body=\"two&#10;lines\r\nand a CR\rhere 7071\"/>",
      "<sms body=\"&#55357;&#56832; pair, lone &#55357; and &#56832; 9091\"/>",
      "<sms body=\"undefined &nbsp; 1212\"/>",
      "<sms body=\"bad &#0; 1313\"/>",
      "<sms \(String(repeating: "n", count: 255))=\"1\" body=\"long name 8080\"/>",
      "<mms msg_box=\"1\" date=\"5\"><parts><part ct=\"text/plain\" text=\"Hi 1234\"/>"
        + "<part ct=\"image/png\" data=\"QUJD\"/></parts>"
        + "<addrs><addr address=\"+15550199\" type=\"137\"/></addrs></mms>",
      "<sms body=\"unterminated &amp 1\"/>",
    ]
    let padding = "pad=\"\(String(repeating: "P", count: 70_000))\" "
    /// Every start tag in `tags` with the padding after its name.
    func padded(_ tags: String) -> String {
      let pieces = tags.split(separator: "<", omittingEmptySubsequences: false)
      return pieces.enumerated().map { index, piece in
        guard index > 0, piece.first?.isLetter == true else { return String(piece) }
        let name = piece.prefix { $0 != " " && $0 != "\n" && $0 != ">" && $0 != "/" }
        return name + " " + padding + piece.dropFirst(name.count)
      }.joined(separator: "<")
    }
    func document(padded isPadded: Bool) -> [UInt8] {
      let body = tags.map { isPadded ? padded($0) : $0 }
      return Array(("<smses>\n" + body.joined(separator: "\n") + "\n</smses>\n").utf8)
    }
    let path = "/tmp/otc-\(getpid())-padded.xml"
    defer { unlink(path) }
    let padded = document(padded: true)
    let file = try #require(fopen(path, "w"))
    #expect(fwrite(padded, 1, padded.count, file) == padded.count)
    fclose(file)
    let onePass = drain(SMSBackupReader(bytes: document(padded: false), path: path))
    let byteByByte = drain(try SMSBackupReader(path: path))
    #expect(onePass.texts.count == 11)
    #expect(onePass.results.count == tags.count)
    #expect(onePass.messages == byteByByte.messages)
    #expect(onePass.errors == byteByByte.errors)
  }
}
