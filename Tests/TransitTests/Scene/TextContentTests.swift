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
}
