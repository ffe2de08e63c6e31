import TransitTestSupport

/// Text a user should not send but may: long strings with no place to
/// break, stacks of combining marks, right-to-left scripts, control
/// characters, bidirectional overrides, emoji sequences, and JSON string
/// literals whose escapes name no character (lone surrogates, NUL) or whose
/// bytes are not UTF-8. The structured fuzzer puts it in scene files (text,
/// ids, image paths) and in flags (styles, curves, colours).
enum HostileText {
  /// Pieces text is made of, each a kind of trouble.
  static let pieces: [String] = [
    "Inbox", "Settings", " ", "  ", "\n", "\t", "word ",
    "שלום עולם ", "مرحبا بالعالم ", "Ελληνικά ", "日本語のテキスト", "한국어 ",
    "\u{202E}evil\u{202C}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    "\u{200E}", "\u{200F}", "\u{061C}", "\u{200B}", "\u{FEFF}", "\u{00AD}",
    "\u{01}", "\u{07}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\r",
    "👩‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷", "👍🏽", "❤️", "🧑🏿‍🚀", "\u{1F600}",
    "e\u{301}", noncharacter(0xFDD0), noncharacter(0xFFFF), noncharacter(0x10FFFF), "\u{E000}",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    "ﷺ", "꧅", "\u{0BCD}\u{0BCD}", "a\u{0300}\u{0301}\u{0302}",
  ]

  /// A code point Unicode reserves never to assign (Swift's literals
  /// refuse them), which text may still hold.
  static func noncharacter(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }

  /// A random string of ordinary and hostile pieces, up to about
  /// `maxLength` characters, sometimes one long run with no space or a
  /// letter carrying many combining marks.
  static func string(_ random: inout SplitMix64, maxLength: Int) -> String {
    switch random.below(8) {
    case 0:
      let count = Int(random.below(UInt64(max(1, maxLength))))
      return String(repeating: ["x", "ש", "ب", "字"][Int(random.below(4))], count: count)
    case 1:
      // Up to 40 marks on one letter: past 32 is refused.
      let marks = Int(random.below(41))
      return "a" + String(repeating: "\u{0301}", count: marks)
        + (random.below(2) == 0 ? " b" : "")
    default:
      var text = ""
      let count = 1 + Int(random.below(UInt64(max(1, min(maxLength, 64)))))
      for _ in 0..<count {
        text += pieces[Int(random.below(UInt64(pieces.count)))]
        if text.unicodeScalars.count >= maxLength { break }
      }
      return text
    }
  }

  /// A JSON string literal, quotes included, holding hostile text. Usually
  /// well formed (with some characters written as `\u` escapes); sometimes
  /// an escape that names no character, a NUL, a raw control byte or bytes
  /// that are not UTF-8, which a reader must refuse with 65.
  static func jsonLiteral(_ random: inout SplitMix64, maxLength: Int) -> [UInt8] {
    var out: [UInt8] = [UInt8(ascii: "\"")]
    for scalar in string(&random, maxLength: maxLength).unicodeScalars {
      switch scalar {
      case "\"": out += Array("\\\"".utf8)
      case "\\": out += Array("\\\\".utf8)
      case _ where scalar.value < 0x20 || random.below(16) == 0:
        if scalar.value > 0xFFFF {
          for unit in String(scalar).utf16 { out += Array(escape(unit).utf8) }
        } else {
          out += Array(escape(UInt16(scalar.value)).utf8)
        }
      default: out += Array(String(scalar).utf8)
      }
    }
    if random.below(5) == 0 {
      let broken: [[UInt8]] = [
        Array(#"\ud800"#.utf8), Array(#"\udc00"#.utf8), Array(#"\ud800\u0041"#.utf8),
        Array(#"\udbff\udfff"#.utf8), Array(#"\u0000"#.utf8), Array(#"\uFFFE"#.utf8),
        Array(#"\u12"#.utf8), Array(#"\x41"#.utf8), Array(#"\uZZZZ"#.utf8), [0xFF], [0xC0, 0x80],
        [0xED, 0xA0, 0x80], [0x80], [0xF4, 0x90, 0x80, 0x80], [0x01], [0x1F], [0xE2, 0x82],
      ]
      // At the end, so that it never lands inside a character or an escape.
      out += broken[Int(random.below(UInt64(broken.count)))]
    }
    out.append(UInt8(ascii: "\""))
    return out
  }

  static func escape(_ unit: UInt16) -> String {
    let hex = String(unit, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
