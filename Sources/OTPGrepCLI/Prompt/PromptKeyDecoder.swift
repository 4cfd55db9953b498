/// A key or a paste, read from a terminal in raw mode.
enum PromptKey: Equatable, Sendable {
  /// Printable characters that arrived together (typed, or pasted without bracketed paste).
  case text(String)
  /// The text between `ESC[200~` and `ESC[201~`.
  case paste(String)
  /// DEL (0x7f) or BS (0x08).
  case backspace
  /// CR or LF.
  case enter
  /// Esc, Ctrl-C or Ctrl-D.
  case cancel
}

/// Turns the bytes of a raw terminal into keys.
///
/// Escape sequences other than bracketed paste (arrows, function keys) are ignored. A lone ESC
/// could be the start of a sequence, so it waits: ``isWaiting`` says so, and ``flush()`` after
/// a short timeout turns it into ``PromptKey/cancel``.
///
/// ```swift
/// var decoder = PromptKeyDecoder()
/// decoder.feed(Array("48\u{7F}".utf8))  // [.text("48"), .backspace]
/// ```
struct PromptKeyDecoder {
  private static let escape: UInt8 = 0x1B
  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  private var pending: [UInt8] = []
  private var pasted: [UInt8]? = nil

  /// Whether bytes wait for more: an escape sequence or a UTF-8 character cut in two.
  var isWaiting: Bool { !pending.isEmpty && pasted == nil }

  /// The keys that `bytes` complete.
  mutating func feed(_ bytes: [UInt8]) -> [PromptKey] {
    pending += bytes
    var keys: [PromptKey] = []
    var text: [UInt8] = []
    func flushText() {
      if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
      text = []
    }
    var index = 0
    while index < pending.count {
      if pasted != nil {
        // Inside a paste: everything up to the end marker is pasted text.
        guard let end = Self.find(Self.pasteEnd, in: pending, from: index) else {
          // Keep what could be the start of the end marker.
          let keep = Self.partialSuffix(of: pending[index...], matching: Self.pasteEnd)
          pasted! += pending[index..<(pending.count - keep)]
          index = pending.count - keep
          break
        }
        pasted! += pending[index..<end]
        keys.append(.paste(String(decoding: pasted!, as: UTF8.self)))
        pasted = nil
        index = end + Self.pasteEnd.count
        continue
      }
      let byte = pending[index]
      switch byte {
      case Self.escape:
        flushText()
        guard let length = Self.escapeLength(pending, at: index) else {
          pending.removeFirst(index)
          return keys
        }
        if pending[index + 1] == Self.escape {
          keys.append(.cancel)  // ESC ESC
        } else if pending[index..<(index + length)].elementsEqual(Self.pasteStart) {
          pasted = []
        }
        index += length
      case 0x7F, 0x08:
        flushText()
        keys.append(.backspace)
        index += 1
      case 0x0D, 0x0A:
        flushText()
        keys.append(.enter)
        index += 1
      case 0x03, 0x04:
        flushText()
        keys.append(.cancel)
        index += 1
      case 0x00..<0x20:
        index += 1  // other control characters do nothing
      default:
        let length = Self.utf8Length(byte)
        guard index + length <= pending.count else {
          flushText()
          pending.removeFirst(index)
          return keys
        }
        text += pending[index..<(index + length)]
        index += length
      }
    }
    flushText()
    pending.removeFirst(min(index, pending.count))
    return keys
  }

  /// What the waiting bytes mean when nothing followed them: a lone ESC is Esc.
  mutating func flush() -> [PromptKey] {
    guard isWaiting else { return [] }
    let lone = pending == [Self.escape]
    pending = []
    return lone ? [.cancel] : []
  }

  /// The length of the escape sequence at `index`, or `nil` when it is not complete yet.
  private static func escapeLength(_ bytes: [UInt8], at index: Int) -> Int? {
    guard index + 1 < bytes.count else { return nil }
    switch bytes[index + 1] {
    case UInt8(ascii: "["):
      // CSI: parameters and intermediates, then a final byte in 0x40...0x7E.
      var end = index + 2
      while end < bytes.count {
        if (0x40...0x7E).contains(bytes[end]) { return end - index + 1 }
        end += 1
      }
      return nil
    case UInt8(ascii: "O"):
      return index + 2 < bytes.count ? 3 : nil
    case escape:
      return 2  // ESC ESC: Esc pressed twice
    default:
      return 2  // Alt and a key
    }
  }

  private static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...0xF7: 4
    case 0xE0...0xEF: 3
    case 0xC0...0xDF: 2
    default: 1
    }
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count - start >= needle.count else { return nil }
    for index in start...(bytes.count - needle.count)
    where bytes[index..<(index + needle.count)].elementsEqual(needle) {
      return index
    }
    return nil
  }

  /// How many bytes at the end of `bytes` begin `marker`.
  private static func partialSuffix(of bytes: ArraySlice<UInt8>, matching marker: [UInt8]) -> Int {
    for length in stride(from: min(marker.count - 1, bytes.count), to: 0, by: -1)
    where bytes.suffix(length).elementsEqual(marker.prefix(length)) {
      return length
    }
    return 0
  }
}
