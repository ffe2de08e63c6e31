import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// Long text is laid out a window at a time (`TextLines`): the lines must
/// be exactly those of one Pango layout, and the work must grow with the
/// text's length, never with its square.
@Suite struct LongTextTests {
  /// Words of several kinds: Latin with kerning pairs, long unbroken runs,
  /// digits and punctuation, accents (precomposed and combining), Hebrew
  /// and Arabic (right to left), runs of spaces and paragraph breaks.
  static let pieces = [
    "Inbox", "AVATAR", "To", "Wave", "settings", "x", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "12,345.67", "(see: below)", "«quoted»", "Chloé", "e\u{301}\u{302}", "naïve", "שלום", "עולם",
    "مرحبا", "بالعالم", "🙂", "👩‍👩‍👧", "—", "-", "   ", "\n", "\n\n", "\r\n", "a\u{2029}b",
  ]

  /// The pieces without right-to-left text, which is cut only between
  /// paragraphs; these texts are cut anywhere.
  static let leftToRight = pieces.filter { piece in
    !piece.unicodeScalars.contains { (0x0590...0x08FF).contains($0.value) }
  }

  static func randomText(_ generator: inout SplitMix64, bytes: Int, from pieces: [String]) -> String
  {
    var text = ""
    while text.utf8.count < bytes {
      let piece = pieces[Int(generator.below(UInt64(pieces.count)))]
      text += piece
      if generator.below(3) > 0 { text += " " }
    }
    return text
  }

  @Test func windowedLinesAreThoseOfOneLayout() throws {
    let engine = try TextEngine()
    var generator = SplitMix64(seed: SplitMix64.seed(fallback: 0x7E47))
    for round in 0..<60 {
      let text = TextContent(
        string: Self.randomText(
          &generator, bytes: 1_500 + Int(generator.below(4_000)),
          from: round % 3 == 0 ? Self.pieces : Self.leftToRight),
        size: [9, 13, 17, 30][Int(generator.below(4))],
        weight: generator.below(2) == 0 ? .regular : .bold,
        align: TextContent.Alignment.allCases[Int(generator.below(3))])
      let width = [24.0, 36, 90, 200, 390][Int(generator.below(5))]
      let whole = engine.wholeLayoutLines(of: text, width: width)
      var windowed: [[Int]] = []
      engine.placeLines(of: text, width: width, height: 0, visible: -1e12...1e12) { placed in
        windowed.append([placed.start, placed.x, placed.baseline])
      }
      #expect(whole.count > 10)
      if windowed != whole {
        let first =
          zip(windowed, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset
          ?? min(windowed.count, whole.count)
        let from = whole[max(0, first - 3)][0]
        let bytes = Array(text.string.utf8)
        let piece = String(decoding: bytes[from..<min(bytes.count, from + 60)], as: UTF8.self)
        Issue.record(
          "round \(round), width \(width), size \(text.size), line \(first): windowed \(windowed.dropFirst(first).prefix(2)), whole \(whole.dropFirst(first).prefix(2)), text from byte \(from): \(piece.unicodeScalars.map { String($0.value, radix: 16) })"
        )
      }
    }
  }

  /// Pieces for one long paragraph: no paragraph breaks.
  static let inParagraph = pieces.filter { piece in
    !piece.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{2029}" }
  }

  /// Long single paragraphs, right to left or mixed (digits, punctuation,
  /// Latin words inside Hebrew and Arabic, and the reverse), are cut into
  /// windows in their middle: their lines must still be one layout's.
  @Test func rightToLeftParagraphsCutInTheMiddleKeepTheirLines() throws {
    let engine = try TextEngine()
    var generator = SplitMix64(seed: SplitMix64.seed(fallback: 0xB1D1))
    let rightToLeft = ["שלום", "עולם", "مرحبا", "بالعالم", "١٢٣", "(כן)", "«لا»", "12", "3.5", ","]
    for round in 0..<40 {
      // Mostly right to left, sometimes starting left to right.
      var string = round % 4 == 0 ? "Inbox " : ""
      let pieces = round % 2 == 0 ? rightToLeft : rightToLeft + Self.inParagraph
      string += Self.randomText(
        &generator, bytes: 3_000 + Int(generator.below(5_000)), from: pieces)
      let text = TextContent(
        string: string, size: [9, 13, 17, 30][Int(generator.below(4))],
        weight: generator.below(2) == 0 ? .regular : .bold,
        align: TextContent.Alignment.allCases[Int(generator.below(3))])
      let width = [24.0, 36, 90, 200, 390][Int(generator.below(5))]
      let whole = engine.wholeLayoutLines(of: text, width: width)
      var windowed: [[Int]] = []
      let before = engine.work
      engine.placeLines(of: text, width: width, height: 0, visible: -1e12...1e12) { placed in
        windowed.append([placed.start, placed.x, placed.baseline])
      }
      #expect(whole.count > 10)
      // Laid out a window at a time, not as one layout.
      #expect(engine.work.layouts - before.layouts > 2, "round \(round)")
      if windowed != whole {
        let first =
          zip(windowed, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset
          ?? min(windowed.count, whole.count)
        Issue.record(
          "round \(round), width \(width), size \(text.size), align \(text.alignment), line \(first) of \(whole.count): windowed \(windowed.dropFirst(first).prefix(2)), whole \(whole.dropFirst(first).prefix(2))"
        )
      }
    }
  }

  /// The lines of `string` repeated to `bytes` placed in a 36×50 view as
  /// a whole text (not cut to what the view shows, as drawing does): what
  /// Pango was asked to do.
  static func work(_ string: String, bytes: Int) throws -> TextWork {
    var text = String(repeating: string, count: bytes / string.utf8.count + 1)
    text = String(decoding: text.utf8.prefix(bytes), as: UTF8.self)
    let engine = try TextEngine()
    let reach = 16 * 17.0
    engine.placeLines(
      of: TextContent(string: text), width: 36, height: 50, visible: -reach...(50 + reach)
    ) { _ in }
    return engine.work
  }

  @Test func rightToLeftParagraphWorkGrowsWithTheLength() throws {
    // One paragraph of Hebrew words with a varying tail, so that windows
    // are seldom the same: twice the text, about twice Pango's work.
    var generator = SplitMix64(seed: 7)
    var words = ""
    while words.utf8.count < 200_000 {
      words += ["שלום", "עולם", "כן", "לא", "ספר", "בית"][Int(generator.below(6))]
      words += String(repeating: " ", count: 1 + Int(generator.below(2)))
    }
    let short = try Self.work(words, bytes: 50_000)
    let long = try Self.work(words, bytes: 100_000)
    #expect(short.layouts > 100)
    #expect(long.byteLines <= 40 * 100_000)
    #expect(long.byteLines <= 5 * short.byteLines / 2)
    #expect(long.layouts + long.reusedLayouts <= 5 * (short.layouts + short.reusedLayouts) / 2)
  }

  @Test func repeatedTextReusesItsWindows() throws {
    // A MiB of one letter breaks into the same lines window after window:
    // Pango lays out a handful of windows, the rest are reused.
    let work = try Self.work("x", bytes: 200_000)
    #expect(work.layouts < 10)
    #expect(work.reusedLayouts > 1_000)
  }

  @Test func layoutWorkGrowsWithTheLength() throws {
    // 200 KB placed in a 36×50 view: Pango's work (bytes handed to it
    // times the lines of each layout, a bound on what it shapes) per byte
    // stays the same as the text grows, and only the lines in view are
    // drawn. Laid out as one layout, the work per byte would grow with the
    // length (100,000 lines of two letters, each shaping up to 200 KB).
    func work(bytes: Int) throws -> TextWork {
      try Self.work("x", bytes: bytes)
    }
    let short = try work(bytes: 20_000)
    let long = try work(bytes: 200_000)
    #expect(long.bytes <= 3 * 200_000)
    #expect(long.byteLines <= 40 * 200_000)
    // Ten times the text, about ten times the work: not a hundred.
    #expect(long.byteLines <= 11 * short.byteLines)
    #expect(long.layouts + long.reusedLayouts <= 11 * (short.layouts + short.reusedLayouts))
    // Lines of 17-point text (19.8 points apart) that meet the 50-point
    // view or could reach into it with stacked marks (16 em above and
    // below): some 30 of the 100,000.
    #expect(long.drawnLines <= (50 + 2 * 16 * 17) / 19 + 2)
    #expect(long.drawnLines == short.drawnLines)
  }
}
