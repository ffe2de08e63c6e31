import Foundation
import Testing
import Transit
import TransitTestSupport

@Suite("Text content")
struct TextContentTests {
  @Test func viewsWithTextRoundTripThroughJSON() throws {
    let view = View(
      id: "title", frame: Rect(x: 0, y: 0, width: 100, height: 44),
      text: TextContent(
        string: "Inbox", size: 17, color: Color(red: 0.1, green: 0.2, blue: 0.3), weight: .bold,
        align: .center))
    let decoded = try JSONRoundTrip.decode(View.self, JSONRoundTrip.encode(view))
    #expect(decoded == view)
    #expect(decoded.text?.weight == .bold && decoded.text?.alignment == .center)
  }

  @Test func scenesEncodedBeforeViewsHadTextDecodeUnchanged() throws {
    let old = View(id: "plain", frame: Rect(x: 1, y: 2, width: 3, height: 4), alpha: 0.5)
    var json = try #require(
      try JSONSerialization.jsonObject(with: JSONRoundTrip.encode(old)) as? [String: Any])
    json.removeValue(forKey: "text")
    let decoded = try JSONRoundTrip.decode(View.self, JSONSerialization.data(withJSONObject: json))
    #expect(decoded == old)
    #expect(decoded.text == nil)
  }

  @Test func textSizesAndColoursAreValidated() {
    for size in [0, -1, .nan, .infinity, 1_001] {
      let scene = Scene(
        size: Size(width: 10, height: 10),
        views: [View(id: "t", frame: .zero, text: TextContent(string: "x", size: size))])
      #expect(throws: TransitError.self, "size \(size)") { try scene.validate() }
    }
    let badColor = Scene(
      size: Size(width: 10, height: 10),
      views: [
        View(
          id: "t", frame: .zero,
          text: TextContent(string: "x", color: Color(red: 2, green: 0, blue: 0)))
      ])
    #expect(throws: TransitError.self) { try badColor.validate() }
    let good = Scene(
      size: Size(width: 10, height: 10),
      views: [View(id: "t", frame: .zero, text: TextContent(string: "x", size: 1_000))])
    #expect(throws: Never.self) { try good.validate() }
  }

  @Test func textLengthAndMarksPerCharacterAreCapped() throws {
    func problem(_ string: String) -> String? {
      let scene = Scene(
        size: Size(width: 10, height: 10),
        views: [View(id: "t", frame: .zero, text: TextContent(string: string))])
      do {
        try scene.validate()
        return nil
      } catch {
        return error.message
      }
    }
    let longest = String(repeating: "é", count: TextContent.maximumLength / 2)
    #expect(problem(longest) == nil)
    let tooLong = try #require(problem(longest + "x"))
    #expect(tooLong.contains("text.string") && tooLong.contains("1048577 bytes"), "\(tooLong)")
    // A letter with 31 marks is 32 code points: allowed; one more is not.
    let marks = String(repeating: "\u{301}", count: 31)
    #expect(problem("ab" + marks + " c") == nil)
    let piled = try #require(problem("ab" + marks + "\u{302} c"))
    #expect(piled.contains("text.string") && piled.contains("character 2 holds 33 code points"))
    // The whole pile is named, however long.
    let zalgo = try #require(problem("e" + String(repeating: "\u{301}", count: 100_000)))
    #expect(zalgo.contains("character 1 holds 100001 code points"), "\(zalgo)")
    // Emoji sequences are well inside the cap.
    #expect(problem("👩‍👩‍👧‍👦 🏴󠁧󠁢󠁳󠁣󠁴󠁿") == nil)
  }
}
