import Testing
import TransitTestSupport

@testable import Transit

/// The one "did you mean" of the package (curves, styles, scene-file keys):
/// the edit distance against its definition, the ranking against a plain
/// model, and the phrase. The callers' messages are tested where they are
/// made (TimingCurveTests, TransitionRegistryTests, HostileInputTests).
@Suite("Suggestions")
struct SuggestionsTests {
  /// Levenshtein's definition, recursively: the reference model for short
  /// words.
  static func definition(_ a: ArraySlice<Character>, _ b: ArraySlice<Character>) -> Int {
    guard let x = a.first else { return b.count }
    guard let y = b.first else { return a.count }
    if x == y { return definition(a.dropFirst(), b.dropFirst()) }
    return 1
      + min(
        definition(a.dropFirst(), b), definition(a, b.dropFirst()),
        definition(a.dropFirst(), b.dropFirst()))
  }

  /// A short word over a small alphabet, so that random words share letters.
  static func word(_ random: inout SplitMix64, maxLength: Int = 6) -> [Character] {
    let alphabet: [Character] = ["a", "b", "c", "A", "-", "é"]
    return (0..<Int.random(in: 0...maxLength, using: &random)).map { _ in
      alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
    }
  }

  @Test("the edit distance is Levenshtein's definition, and a metric")
  func editDistance() async {
    await seededPropertyCheck(count: 400, base: 0x5EED_000A) { seed in
      var random = SplitMix64(seed: seed)
      let (a, b, c) = (Self.word(&random), Self.word(&random), Self.word(&random))
      let d = Suggestions.editDistance(a, b)
      #expect(d == Self.definition(a[...], b[...]), "seed \(seed)")
      #expect(d == Suggestions.editDistance(b, a))
      #expect(Suggestions.editDistance(a, a) == 0)
      #expect(d <= Suggestions.editDistance(a, c) + Suggestions.editDistance(c, b))
      #expect(abs(a.count - b.count) <= d && d <= max(a.count, b.count))
    }
    #expect(Suggestions.editDistance(Array("kitten"), Array("sitting")) == 3)
    #expect(Suggestions.editDistance(Array("flaw"), Array("lawn")) == 2)
  }

  @Test("names rank by distance ignoring case, ties in listing order, at most `limit`")
  func ranking() async {
    await seededPropertyCheck(count: 400, base: 0x5EED_000B) { seed in
      var random = SplitMix64(seed: seed)
      let word = String(Self.word(&random))
      let names = (0..<Int.random(in: 0...8, using: &random)).map { _ in
        String(Self.word(&random))
      }
      let limit = Int.random(in: 0...4, using: &random)
      // The model: repeatedly take the first of the closest remaining names.
      var remaining = Array(names.enumerated())
      var expected: [String] = []
      while expected.count < limit, !remaining.isEmpty {
        let distances = remaining.map {
          Self.definition(Array(word.lowercased())[...], Array($0.element.lowercased())[...])
        }
        let best = distances.firstIndex(of: distances.min()!)!
        expected.append(remaining.remove(at: best).element)
      }
      #expect(
        Suggestions.closest(to: word, among: names, limit: limit) == expected,
        "seed \(seed): \(word) among \(names)")
    }
  }

  @Test("known misspellings find their names; a huge word costs what a long one does")
  func examples() {
    #expect(
      Suggestions.closest(to: "colour", among: ["id", "color", "alpha"], limit: 1) == ["color"])
    #expect(
      Suggestions.closest(to: "Duraton", among: ["style", "duration", "curve"], limit: 1)
        == ["duration"])
    // Equally close: the listed order decides, whatever the sort does.
    #expect(
      Suggestions.closest(to: "ab", among: ["xb", "ax", "ab"], limit: 3) == ["ab", "xb", "ax"])
    #expect(Suggestions.closest(to: "x", among: [], limit: 3).isEmpty)
    let huge = String(repeating: "x", count: 1_000_000) + "frame"
    // Only the first 64 characters count: "frame" at the end is not seen.
    #expect(
      Suggestions.closest(to: huge, among: ["frame", String(repeating: "x", count: 64)], limit: 1)
        == [String(repeating: "x", count: 64)])
  }

  @Test("the phrase lists the names best first, the last after 'or'")
  func phrase() {
    #expect(Suggestions.didYouMean([]) == "")
    #expect(Suggestions.didYouMean(["steps"]) == "did you mean 'steps'?")
    #expect(Suggestions.didYouMean(["a", "b"], quote: "\"") == #"did you mean "a" or "b"?"#)
    #expect(Suggestions.didYouMean(["a", "b", "c"]) == "did you mean 'a', 'b' or 'c'?")
  }

  @Test("trimming removes whitespace around, never inside")
  func trimming() async {
    #expect("  ease-in \t".trimmingWhitespace() == "ease-in")
    #expect("\r\n steps(2) \r\n".trimmingWhitespace() == "steps(2)")
    #expect("\u{00A0}red\u{2003}".trimmingWhitespace() == "red")
    #expect(" \n ".trimmingWhitespace() == "")
    #expect("".trimmingWhitespace() == "")
    #expect("a b".trimmingWhitespace() == "a b")
    await seededPropertyCheck(count: 200, base: 0x5EED_000C) { seed in
      var random = SplitMix64(seed: seed)
      let spaces: [Character] = [" ", "\t", "\n", "\r\n", "\u{00A0}"]
      func padding() -> String {
        String(
          (0..<Int.random(in: 0...3, using: &random)).map { _ in
            spaces.randomElement(using: &random)!
          })
      }
      let core = String(Self.word(&random)) + "x"
      let inner = core + String(spaces.randomElement(using: &random)!) + core
      #expect((padding() + inner + padding()).trimmingWhitespace() == inner, "seed \(seed)")
    }
  }
}
