import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// A view lays out only the text it could show: its first characters, as
/// many as could fill it twice (``VisibleText``), and lines up to twice its
/// height. Neither may change a text that fits, and both bound the work of
/// a megabyte of text in a small view.
@Suite struct VisibleTextTests {
  @Test func theLimitFollowsTheViewAndTheFontSize() {
    // A phone-sized label holds far fewer: the floor.
    #expect(VisibleText.characterLimit(width: 36, height: 50, size: 17) == 4_096)
    // 1,280 × 720 at 10 points: 2 × (2,048 + 1) × (72 + 1).
    #expect(VisibleText.characterLimit(width: 1_280, height: 720, size: 10) == 299_154)
    #expect(VisibleText.characterLimit(width: 1e300, height: 1e300, size: 1e-300) == 1 << 40)
    for size in [0.0, -1, .nan, .infinity] {
      #expect(VisibleText.characterLimit(width: 100, height: 100, size: size) == 4_096)
    }
  }

  @Test func theCutFallsBetweenCharacters() {
    // Letters with two marks, family emoji, CR LF: each one character of
    // several scalars, never split.
    for piece in ["e\u{301}\u{302}", "👩‍👩‍👧", "\r\n", "ש\u{5B8}", "x"] {
      let string = String(repeating: piece, count: 5_000)
      let cut = VisibleText.prefix(of: string, width: 36, height: 50, size: 17)
      #expect(cut.count == 4_096, "\(piece.unicodeScalars.map(\.value))")
      #expect(cut.unicodeScalars.count == 4_096 * piece.unicodeScalars.count)
      #expect(string.hasPrefix(cut))
    }
    // A text within the limit is the same string, however many bytes.
    let short = String(repeating: "👩‍👩‍👧", count: 4_096)
    #expect(VisibleText.prefix(of: short, width: 36, height: 50, size: 17) == short)
  }

  /// The lines `engine` places for `text` in a view `width` × `height`
  /// that meet it, as drawing lays them out (only what the view shows) or
  /// with the whole text laid out.
  static func placed(
    _ engine: TextEngine, _ text: TextContent, width: Double, height: Double, asDrawn: Bool
  ) -> [[Double]] {
    var result: [[Double]] = []
    let reach = 16 * text.size
    let visible = -reach...(height + reach)
    func add(_ placed: TextEngine.PlacedLine) {
      result.append([Double(placed.start), Double(placed.x), Double(placed.baseline), placed.top])
    }
    if asDrawn {
      engine.placeShownLines(of: text, width: width, height: height, visible: visible, add)
    } else {
      engine.placeLines(of: text, width: width, height: height, visible: visible, add)
    }
    return result
  }

  @Test func aTextThatFitsOrOverflowsALittleIsLaidOutWhole() throws {
    // Random texts of several scripts and both directions, in views that
    // hold them exactly, or that they overflow by up to half again: the
    // lines drawn are the whole layout's.
    let engine = try TextEngine()
    var generator = SplitMix64(seed: SplitMix64.seed(fallback: 0x715_1B1E))
    for round in 0..<24 {
      let text = TextContent(
        string: LongTextTests.randomText(
          &generator, bytes: 1_500 + Int(generator.below(6_000)),
          from: round % 2 == 0 ? LongTextTests.pieces : LongTextTests.leftToRight),
        size: [9, 13, 17][Int(generator.below(3))],
        align: TextContent.Alignment.allCases[Int(generator.below(3))])
      let width = [24.0, 36, 90, 200][Int(generator.below(4))]
      var height = 0.0
      engine.placeLines(of: text, width: width, height: 0, visible: 0...0) { placed in
        height = -2 * placed.top
      }
      #expect(height > 100)
      for view in [height, height / 1.5] {
        let drawn = Self.placed(engine, text, width: width, height: view, asDrawn: true)
        let whole = Self.placed(engine, text, width: width, height: view, asDrawn: false)
        #expect(!drawn.isEmpty)
        #expect(drawn == whole, "round \(round), width \(width), view height \(view)")
      }
    }
  }

  @Test func aMegabyteInASmallViewCostsWhatTheViewShows() throws {
    // One frame of a MiB in a 36 × 50 view: random letters (no two windows
    // alike, so nothing is reused), words, and a left-to-right paragraph
    // with a Hebrew word and then digits without a space (whose windows
    // have other bidirectional levels than the whole paragraph). Laid out
    // whole, Pango would be handed megabytes over a hundred thousand lines.
    var generator = SplitMix64(seed: 26)
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let random = String((0..<(1 << 20)).map { _ in letters[Int(generator.below(26))] })
    let digits = "Inbox שלום " + String(repeating: "1234567890", count: 100_000)
    for string in [random, digits] {
      let renderer = Renderer()
      let scene = Scene(
        size: Size(width: 36, height: 50),
        views: [
          View(
            id: "long", frame: Rect(x: 0, y: 0, width: 36, height: 50), backgroundColor: .white,
            text: TextContent(string: string))
        ])
      _ = try renderer.render(scene)
      let work = try renderer.text().work
      #expect(work.bytes < 20_000)
      #expect(work.byteLines < 400_000)
      #expect(work.drawnLines > 0)
    }
    // In 1,280 × 720 at 10 points the view may show 299,154 characters,
    // but its lines pass twice its height after some 25,000.
    let engine = try TextEngine()
    let lines = Self.placed(
      engine, TextContent(string: random, size: 10), width: 1_280, height: 720, asDrawn: true)
    #expect(lines.count > 50)
    #expect(engine.work.bytes < 100_000)
  }

  @Test func aMixedParagraphInATallViewIsLaidOutOnlyToTwiceItsHeight() throws {
    // The same paragraph in a phone-sized view keeps 37,500 characters:
    // its windows' levels differ from the whole paragraph's, and laying
    // the rest out whole would shape it once a line (some 600 lines).
    let string = "Inbox שלום " + String(repeating: "1234567890", count: 100_000)
    let engine = try TextEngine()
    let text = TextContent(string: string)
    let lines = Self.placed(engine, text, width: 390, height: 844, asDrawn: true)
    #expect(lines.count > 40)
    #expect(engine.work.byteLines < 4_000_000)
  }
}
