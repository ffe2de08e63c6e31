import Testing

@testable import AnimRenderCLI

/// ``NumberTexts`` finds each number as written at the place a decoder
/// names, the way `JSONDecoder` reads the file.
@Suite("Scene files: numbers as written, by place")
struct NumberTextsTests {
  @Test func placesEscapesAndPlainIntegers() {
    let texts = NumberTexts(
      Array(
        #"""
        {"a": [1.5, [], {"b": -2e3, "c": [7, 123456789012345678, 1234567890123456789]}],
         "d": {"x": 1, "w": 2.5, "y": 0.25}, "\u0066": 3.0, "s": "1.5, 2.5",
         "e": {"\"q\"": [0.5, {"z": 1E2}]}}
        """#.utf8))
    let cases: [([NumberTexts.Step], String?)] = [
      ([.key("a"), .index(0)], "1.5"),
      ([.key("a"), .index(2), .key("b")], "-2e3"),
      // Plain integers of at most 18 digits are not kept; 19 digits are.
      ([.key("a"), .index(2), .key("c"), .index(0)], nil),
      ([.key("a"), .index(2), .key("c"), .index(1)], nil),
      ([.key("a"), .index(2), .key("c"), .index(2)], "1234567890123456789"),
      ([.key("d"), .key("x")], nil),
      ([.key("d"), .key("w")], "2.5"),
      ([.key("d"), .key("y")], "0.25"),
      ([.key("d")], nil),
      ([.key("f")], "3.0"),
      ([.key("s")], nil),
      ([.key("e"), .key(#""q""#), .index(0)], "0.5"),
      ([.key("e"), .key(#""q""#), .index(1), .key("z")], "1E2"),
    ]
    for (place, text) in cases {
      #expect(texts.text(at: place) == text, "\(place)")
    }
  }

  @Test func textThatIsNotJSONIsAProblemAndNoCrash() {
    for text in ["]]]}}", "{\"a\": 1.5,,]", "[\"abc", "{{{", "-", "{\"a\" 1.5}", "\"\\", "\"\\u12"]
    {
      #expect(NumberTexts(Array(text.utf8)).problem != nil, "\(text)")
    }
  }

  @Test func aKeyGivenTwiceIsAProblemAtTheSecond() {
    let texts = NumberTexts(Array(#"{"d": {"x": 1, "x": 2.5}}"#.utf8))
    #expect(texts.problem?.offset == 15)
    #expect(texts.problem?.related?.offset == 7)
  }

  @Test func messagesShowAtMost40Characters() {
    #expect(
      NumberTexts.shown(String(repeating: "1", count: 40)) == String(repeating: "1", count: 40))
    #expect(
      NumberTexts.shown(String(repeating: "1", count: 41))
        == "\(String(repeating: "1", count: 20))… (41 characters)")
  }
}
