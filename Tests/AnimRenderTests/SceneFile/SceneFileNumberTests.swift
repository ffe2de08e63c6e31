import Foundation
import Testing

@testable import AnimRenderCLI

/// Numbers that are valid JSON but fit no field — fractions where a whole
/// number is read, numbers beyond a 64-bit float or a 64-bit integer —
/// and numbers written in unusual but exact ways: the exact line the user
/// sees for each, at every kind of place a number can stand (a top-level
/// field, a nested object's, a list element, a script operation's), and
/// the value each accepted one is read as.
@Suite("Scene files: numbers")
struct SceneFileNumberTests {
  /// A scene with a child view (`child` is spliced into it), screens a
  /// and b, and `operation` after `{"show": "a"}`.
  static func scene(
    top: String = "", container: String = #""width": 10, "height": 10"#, view: String = "",
    child: String = "", operation: String = #"{"wait": 1}"#
  ) -> Data {
    Data(
      """
      {"container": {\(container)}\(top),
       "views": [{"id": "a"\(view), "children": [{"id": "c", "frame": [0, 0, 1, 1]\(child)}]},
                 {"id": "b"}],
       "script": [{"show": "a"}, \(operation)]}
      """.utf8)
  }

  static func message(_ data: Data) -> String? {
    do {
      _ = try SceneFile.decode(data, name: "s.json")
      return nil
    } catch {
      #expect(error.kind == .dataError, "\(error.message)")
      return error.message
    }
  }

  static let tooBig =
    "expected a number a 64-bit float holds (at most ±1.7976931348623157e+308, and not so close to 0 that it rounds to 0)"
  static let beyondInt =
    "expected a whole number in -9223372036854775808…9223372036854775807"

  @Test("each number that fits no field is refused with the exact line the user sees")
  func refusedNumbers() {
    let op = { (operation: String) in Self.scene(operation: operation) }
    let cases: [(Data, String)] = [
      (Self.scene(top: #", "frames": -0.5"#), "frames: expected a whole number, got -0.5"),
      (Self.scene(top: #", "frames": 1e-5"#), "frames: expected a whole number, got 1e-5"),
      (
        Self.scene(top: #", "frames": 99999999999999999999"#),
        "frames: \(Self.beyondInt), got 99999999999999999999"
      ),
      (
        Self.scene(top: #", "frames": 9223372036854775808"#),
        "frames: \(Self.beyondInt), got 9223372036854775808"
      ),
      (Self.scene(top: #", "frames": 1e400"#), "frames: \(Self.tooBig), got 1e400"),
      (Self.scene(top: #", "frames": -1e400"#), "frames: \(Self.tooBig), got -1e400"),
      (Self.scene(top: #", "frames": 1e-400"#), "frames: \(Self.tooBig), got 1e-400"),
      (
        Self.scene(top: ", \"frames\": 1\(String(repeating: "0", count: 400))"),
        "frames: \(Self.tooBig), got 10000000000000000000… (401 characters)"
      ),
      (Self.scene(top: #", "frames": true"#), "frames: expected a whole number"),
      (Self.scene(top: #", "frames": [8]"#), "frames: expected a whole number"),
      (Self.scene(top: #", "frames": {"n": 8}"#), "frames: expected a whole number"),
      (
        Self.scene(container: #""width": 1e400, "height": 10"#),
        "container.width: \(Self.tooBig), got 1e400"
      ),
      (
        Self.scene(container: #""width": 10, "height": -1e999"#),
        "container.height: \(Self.tooBig), got -1e999"
      ),
      (Self.scene(view: #", "alpha": -1e400"#), "views[0].alpha: \(Self.tooBig), got -1e400"),
      (
        Self.scene(view: #", "cornerRadius": 1e-400"#),
        "views[0].cornerRadius: \(Self.tooBig), got 1e-400"
      ),
      (
        Self.scene(view: ##", "border": {"width": 1e999, "color": "#000"}"##),
        "views[0].border.width: \(Self.tooBig), got 1e999"
      ),
      (
        Self.scene(view: #", "text": {"string": "x", "size": 1e400}"#),
        "views[0].text.size: \(Self.tooBig), got 1e400"
      ),
      (
        Self.scene(child: #", "alpha": 1e400"#),
        "views[0].children[0].alpha: \(Self.tooBig), got 1e400"
      ),
      (
        Self.scene(view: #", "frame": [0, 0, 1, 1e400]"#),
        "views[0].frame[3]: \(Self.tooBig), got 1e400"
      ),
      (
        Self.scene(view: #", "frame": [0, null, 1, 1]"#),
        "views[0].frame[1]: expected a number, found null"
      ),
      (
        Self.scene(view: #", "frame": [0, 0, "1", 1]"#),
        "views[0].frame[2]: expected a number"
      ),
      (
        Self.scene(view: #", "frame": [0, 0, [1], 1]"#),
        "views[0].frame[2]: expected a number"
      ),
      (op(#"{"wait": 1e400}"#), "script[1].wait: \(Self.tooBig), got 1e400"),
      (op(#"{"wait": null}"#), "script[1].wait: expected a number, found null"),
      (op(#"{"wait": "1"}"#), "script[1].wait: expected a number"),
      (op(#"{"push": "b", "duration": 1e400}"#), "script[1].duration: \(Self.tooBig), got 1e400"),
      (op(#"{"push": "b", "after": -1e400}"#), "script[1].after: \(Self.tooBig), got -1e400"),
      (op(#"{"push": "b", "frames": 2.5}"#), "script[1].frames: expected a whole number, got 2.5"),
      (op(#"{"push": "b", "frames": 1e20}"#), "script[1].frames: \(Self.beyondInt), got 1e20"),
      (op(#"{"push": "b", "frames": false}"#), "script[1].frames: expected a whole number"),
      (op(#"{"insert": "b", "at": 0.5}"#), "script[1].at: expected a whole number, got 0.5"),
      (op(#"{"insert": "b", "at": null}"#), "script[1].at: expected a whole number, found null"),
      (op(#"{"remove": -1e19}"#), "script[1].remove: \(Self.beyondInt), got -1e19"),
      (op(#"{"remove": 1e400}"#), "script[1].remove: \(Self.tooBig), got 1e400"),
      (op(#"{"remove": {}}"#), "script[1].remove: expected a whole number"),
      (
        op(#"{"pop": true, "interactive": {"progress": [0.5, 1e400], "release": "finish"}}"#),
        "script[1].interactive.progress[1]: \(Self.tooBig), got 1e400"
      ),
      (
        op(#"{"pop": true, "interactive": {"progress": [null], "release": "finish"}}"#),
        "script[1].interactive.progress[0]: expected a number, found null"
      ),
      (
        op(
          #"{"pop": true, "interactive": {"progress": [1], "release": "finish", "velocity": 1e400}}"#
        ),
        "script[1].interactive.velocity: \(Self.tooBig), got 1e400"
      ),
      // Beyond 2^52 a double holds no fraction: these are decided from
      // their digits, never rounded to a whole number.
      (
        op(#"{"remove": 4503599627370496.5}"#),
        "script[1].remove: expected a whole number, got 4503599627370496.5"
      ),
      (
        op(#"{"remove": 9007199254740993.5}"#),
        "script[1].remove: expected a whole number, got 9007199254740993.5"
      ),
      (
        op(#"{"remove": 9007199254740993.9}"#),
        "script[1].remove: expected a whole number, got 9007199254740993.9"
      ),
      (
        op(#"{"insert": "b", "at": 4503599627370495.9999999}"#),
        "script[1].at: expected a whole number, got 4503599627370495.9999999"
      ),
      (
        op(#"{"remove": 9223372036854775807.5}"#),
        "script[1].remove: expected a whole number, got 9223372036854775807.5"
      ),
      (
        op(#"{"remove": -9223372036854775807.5}"#),
        "script[1].remove: expected a whole number, got -9223372036854775807.5"
      ),
      (
        Self.scene(top: #", "frames": 92233720368547758075e-1"#),
        "frames: expected a whole number, got 92233720368547758075e-1"
      ),
      // More digits than a Decimal keeps (38): the last one still counts.
      (
        Self.scene(top: ", \"frames\": 2.\(String(repeating: "0", count: 50))1"),
        "frames: expected a whole number, got 2.000000000000000000… (53 characters)"
      ),
      (
        Self.scene(top: #", "frames": -92233720368547758090e-1"#),
        "frames: \(Self.beyondInt), got -92233720368547758090e-1"
      ),
      // A key given twice is refused whatever its values.
      (
        op(#"{"remove": 2.5, "remove": 2}"#),
        #"line 4, column 44: the key "remove" is given twice in script[1] (first at line 4, column 29)"#
      ),
      (
        op(#"{"push": "\ud800"}"#),
        #"line 4, column 38: "\ud800" is the first half of a surrogate pair without its second, not Unicode text"#
      ),
    ]
    for (data, expected) in cases {
      #expect(
        Self.message(data) == "s.json: \(expected)", "\(String(decoding: data, as: UTF8.self))")
    }
  }

  static func file(_ data: Data) throws -> SceneFile {
    try SceneFile.decode(data, name: "s.json")
  }

  @Test("whole numbers written as 2.0, 2e0 or 20E-1 are 2; -0 is 0")
  func wholeNumbersInEveryNotation() throws {
    for text in ["2", "2.0", "2e0", "20E-1", "0.2e1", "2.000"] {
      #expect(try Self.file(Self.scene(top: #", "frames": \#(text)"#)).frames == 2, "\(text)")
      let op = try Self.file(Self.scene(operation: #"{"remove": \#(text)}"#)).script[1]
      #expect(op.kind == .remove(at: 2), "\(text)")
    }
    for text in ["-0", "-0.0", "-0e5", "0e400"] {
      let op = try Self.file(Self.scene(operation: #"{"wait": 1, "frames": \#(text)}"#)).script[1]
      #expect(op.frames == 0, "\(text)")
    }
    // -0 is a whole number, and then out of `frames`' range like 0.
    #expect(
      Self.message(Self.scene(top: #", "frames": -0"#)) == "s.json: frames: expected 1…10000, got 0"
    )
  }

  @Test("whole numbers beyond 2^53 keep every digit; Int's ends are whole numbers")
  func largeWholeNumbersAreExact() throws {
    let insert = try Self.file(Self.scene(operation: #"{"insert": "b", "at": 9007199254740993}"#))
    #expect(insert.script[1].kind == .insert("b", at: 9_007_199_254_740_993))
    let first = try Self.file(Self.scene(operation: #"{"remove": -9223372036854775808}"#))
    #expect(first.script[1].kind == .remove(at: Int.min))
    let last = try Self.file(Self.scene(operation: #"{"remove": 9223372036854775807}"#))
    #expect(last.script[1].kind == .remove(at: Int.max))
  }

  @Test("whole numbers are read from their digits in any notation, exactly, up to Int's ends")
  func largeWholeNumbersInOtherNotations() throws {
    let cases: [(String, Int)] = [
      ("9007199254740993.000", 9_007_199_254_740_993),
      ("900719925474099300e-2", 9_007_199_254_740_993),
      ("0.9007199254740993e16", 9_007_199_254_740_993),
      ("4503599627370497.0", 4_503_599_627_370_497),
      ("-92233720368547758080e-1", Int.min),
      ("0.9223372036854775807e19", Int.max),
      ("9223372036854775807.\(String(repeating: "0", count: 60))", Int.max),
      ("2.\(String(repeating: "0", count: 50))", 2),
      ("0.\(String(repeating: "0", count: 50))2e51", 2),
    ]
    for (text, value) in cases {
      let file = try Self.file(Self.scene(operation: #"{"remove": \#(text)}"#))
      #expect(file.script[1].kind == .remove(at: value), "\(text)")
    }
    // A key given twice is refused, whatever its values, even when one is
    // written with escapes: which value counts would be a guess.
    for text in [#"2, "remove": 2.5"#, #"2, "remove": {"x": [2.5]}"#, #"2.0, "r\u0065move": 3"#] {
      #expect(
        Self.message(Self.scene(operation: #"{"remove": \#(text)}"#))?.contains(
          #"the key "remove" is given twice in script[1] (first at line 4, column 29)"#) == true,
        "\(text)")
    }
    // A key written with escapes is the key it spells.
    let escaped = try Self.file(Self.scene(operation: #"{"r\u0065move": 3.0}"#))
    #expect(escaped.script[1].kind == .remove(at: 3))
  }

  @Test("a key whose \\u escapes are not Unicode is refused at its line and column")
  func keyWithLoneSurrogate() {
    // JSONDecoder refuses such a key while it lists the object's keys,
    // without a place; the scan before it names the escape's place.
    #expect(
      Self.message(Self.scene(operation: #"{"\ud800": 1}"#))
        == #"s.json: line 4, column 30: "\ud800" is the first half of a surrogate pair without its second, not Unicode text"#
    )
    #expect(
      Self.message(Self.scene(operation: #"{"push": "\udc00\ud800"}"#))
        == #"s.json: line 4, column 38: "\udc00" is the second half of a surrogate pair without its first, not Unicode text"#
    )
  }

  @Test("-0 reads as +0 everywhere a real number is read; the smallest double is read")
  func negativeZeroIsZero() throws {
    let file = try Self.file(
      Self.scene(
        view: #", "alpha": -0, "cornerRadius": -0.0, "frame": [-0, -0e3, 1, 1]"#,
        operation: #"{"wait": -0, "after": -0.0}"#))
    let view = try #require(file.views.first)
    for value in [view.alpha, view.cornerRadius] + (view.frame ?? []).prefix(2).map(Optional.some) {
      #expect(value?.sign == .plus && value == 0)
    }
    guard case .wait(let seconds) = file.script[1].kind else {
      Issue.record("not a wait")
      return
    }
    #expect(seconds.sign == .plus && seconds == 0)
    #expect(file.script[1].after?.sign == .plus)
    let tiny = try Self.file(Self.scene(operation: #"{"wait": 5e-324}"#))
    #expect(tiny.script[1].kind == .wait(.leastNonzeroMagnitude))
  }
}
