import Foundation
import Testing
import TransitTestSupport

@testable import AnimRenderCLI

/// A scene file that is not JSON is refused by the scan before decoding
/// (``NumberTexts``) with its line and column, what is wrong in words, and
/// the line with a caret under the column; never with the decoder's own
/// words.
@Suite("Scene files: JSON errors")
struct JSONSyntaxTests {
  /// The error decoding `text` gives.
  static func error(_ text: String) -> CLIError? {
    error(Array(text.utf8))
  }

  static func error(_ bytes: [UInt8]) -> CLIError? {
    do {
      _ = try SceneFile.decode(Data(bytes), name: "s.json")
      return nil
    } catch {
      return error
    }
  }

  /// Texts over several lines and the message each gives.
  static let cases: [(text: String, message: String)] = [
    ("{\"a\": [1, 2,]\n}", #"line 1, column 12: trailing comma: a value must follow ",", not "]""#),
    ("{\n  \"a\": 1,\n}", #"line 2, column 9: trailing comma: a key must follow ",", not "}""#),
    (
      "[[], {},\n [1,\n  ]]", #"line 2, column 4: trailing comma: a value must follow ",", not "]""#
    ),
    (
      "{\"views\": [{\"id\": \"a\",\n  \"id\": \"b\"}]}",
      #"line 2, column 3: the key "id" is given twice in views[0] (first at line 1, column 13)"#
    ),
    (
      "{\"a\": 1,\n \"\\u0061\": 2}",
      #"line 2, column 2: the key "a" is given twice in the top level (first at line 1, column 2)"#
    ),
    (
      "{\"x\": {\"y\": [{\"k\": 1, \"k\": 1}]}}",
      #"line 1, column 23: the key "k" is given twice in x.y[0] (first at line 1, column 15)"#
    ),
    (
      "{\"a\":\n 05}",
      #"line 2, column 2: malformed number "05": a number starts with 0 only when it is 0 or below 1 (0.5)"#
    ),
    ("{\"a\": 5.}", #"line 1, column 7: malformed number "5.": a digit must follow ".""#),
    (
      "{\"a\": 1e}",
      #"line 1, column 7: malformed number "1e": a digit must follow the exponent's "e""#
    ),
    (
      "{\"a\": 1E+}",
      #"line 1, column 7: malformed number "1E+": a digit must follow the exponent's "e""#
    ),
    ("{\"a\": -}", #"line 1, column 7: malformed number "-": a digit must follow "-""#),
    (
      "{\"a\": -05}",
      #"line 1, column 7: malformed number "-05": a number starts with 0 only when it is 0 or below 1 (0.5)"#
    ),
    (
      "{\"a\": +1}", #"line 1, column 7: malformed number "+1": JSON writes no "+" before a number"#
    ),
    ("{\"a\": .5}", #"line 1, column 7: malformed number ".5": a digit must come before ".""#),
    ("{\"a\": 1.e5}", #"line 1, column 7: malformed number "1.e5": a digit must follow ".""#),
    (
      "{\"a\": 1.5.2}",
      #"line 1, column 7: malformed number "1.5.2": "." cannot stand there in a number"#
    ),
    ("{\"a\": --1}", #"line 1, column 7: malformed number "--1": a digit must follow "-""#),
    (
      "{\"a\": NaN}",
      #"line 1, column 7: expected a value (a string, number, object, list, true, false or null), found "NaN""#
    ),
    (
      "{\"a\": True}",
      #"line 1, column 7: expected a value (a string, number, object, list, true, false or null), found "True""#
    ),
    ("{'a': 1}", #"line 1, column 2: expected a key in double quotes, found "'a'""#),
    ("{\"a\" 1}", #"line 1, column 6: expected ":" after the key "a", found "1""#),
    (
      "{\"a\": 1 \"b\": 2}",
      #"line 1, column 9: expected "," or "}" after an object's member, found the start of a string"#
    ),
    ("[1 2]", #"line 1, column 4: expected "," or "]" after a list's element, found "2""#),
    ("[1}", #"line 1, column 3: expected "," or "]" after a list's element, found "}""#),
    ("{\"a\": 1]", #"line 1, column 8: expected "," or "}" after an object's member, found "]""#),
    (
      "{\"a\": }",
      #"line 1, column 7: expected a value (a string, number, object, list, true, false or null), found "}""#
    ),
    ("{} {}", #"line 1, column 4: expected the end of the file after its value, found "{""#),
    ("", "line 1, column 1: the file holds no JSON value (expected an object)"),
    ("  \n  ", "line 1, column 1: the file holds no JSON value (expected an object)"),
    (
      "{\"a\": [1,\n  {\"b\": 2}\n",
      "line 2, column 11: the file ends inside a list (it opens at line 1, column 7)"
    ),
    (
      "{\"a\": {", "line 1, column 8: the file ends inside an object (it opens at line 1, column 7)"
    ),
    ("{\"a\": \"abc", "line 1, column 7: this string is never closed: the file ends inside it"),
    (
      "{\"a\": \"tab\there\"}",
      #"line 1, column 11: a string cannot hold the control character \t as it is; write it as an escape"#
    ),
    (
      #"{"a": "\x41"}"#,
      #"line 1, column 8: invalid escape "\x" in a string (JSON's are \" \\ \/ \b \f \n \r \t and \u with four hex digits)"#
    ),
    (#"{"a": "\u12"}"#, #"line 1, column 8: "\u" must be followed by four hex digits"#),
    (
      #"{"a": "\ud83d x"}"#,
      #"line 1, column 8: "\ud83d" is the first half of a surrogate pair without its second, not Unicode text"#
    ),
    (
      #"{"a": "\ud83d\u0041"}"#,
      #"line 1, column 8: "\ud83d" is the first half of a surrogate pair without its second, not Unicode text"#
    ),
    (
      #"{"a": "\ude00"}"#,
      #"line 1, column 8: "\ude00" is the second half of a surrogate pair without its first, not Unicode text"#
    ),
    // Columns count characters, not bytes: "é" and "😀" are one column each.
    ("{\"é😀\": 1,, }", #"line 1, column 10: expected a key in double quotes, found ",""#),
    (
      "[" + String(repeating: "[", count: 64) + String(repeating: "]", count: 65),
      "line 1, column 65: arrays and objects nested more than 64 deep"
    ),
  ]

  @Test("each error names its line and column and says what is wrong")
  func messages() {
    for (text, message) in Self.cases {
      let error = Self.error(text)
      #expect(error?.kind == .dataError, "\(text)")
      #expect(error?.message == "s.json: \(message)", "\(text)")
      // The caret stands under the column the message names.
      let column = Int(message.split(separator: " ")[3].dropLast()) ?? -1
      #expect(error?.excerpt.count == 2, "\(text)")
      if error?.excerpt.first?.contains("…") == false {
        #expect(error?.excerpt.last == String(repeating: " ", count: column + 1) + "^", "\(text)")
      }
    }
  }

  @Test("bytes that are not UTF-8 are named so, with their place, in strings and out of them")
  func invalidUTF8() {
    let cases: [([UInt8], String)] = [
      (
        Array(#"{"a": "x"#.utf8) + [0xFF] + Array(#""}"#.utf8),
        "line 1, column 9: invalid UTF-8: the byte 0xFF"
      ),
      (
        Array("{\"a\":\n \"".utf8) + [0xC3] + Array("\"}".utf8),
        "line 2, column 3: invalid UTF-8: the byte 0xC3"
      ),
      // An overlong "/" and an encoded surrogate are not UTF-8 either.
      (
        Array(#"{"a": ""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),
        "line 1, column 8: invalid UTF-8: the byte 0xC0"
      ),
      (
        Array(#"{"a": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
        "line 1, column 8: invalid UTF-8: the byte 0xED"
      ),
      (
        Array(#"{""#.utf8) + [0xFE] + Array(#"": 1}"#.utf8),
        "line 1, column 3: invalid UTF-8: the byte 0xFE"
      ),
      (Array(#"{"a": 1, "#.utf8) + [0x80], "line 1, column 10: invalid UTF-8: the byte 0x80"),
      // UTF-16 with its byte order mark.
      ([0xFF, 0xFE] + Array("{".utf8) + [0], "line 1, column 1: invalid UTF-8: the byte 0xFF"),
    ]
    for (bytes, message) in cases {
      #expect(
        Self.error(bytes)?.message == "s.json: \(message) (scene files are UTF-8)", "\(bytes)")
    }
    // The excerpt shows the byte as \xFF and the caret under it.
    let shown = Self.error(Array(#"{"a": "x"#.utf8) + [0xFF] + Array(#""}"#.utf8))?.excerpt
    #expect(shown == [#"  {"a": "x\xFF"}"#, "          ^"])
  }

  @Test("the shown line is cut to 80 characters around the column, escaped, caret aligned")
  func excerpts() throws {
    // A long line: the window holds the column, with an ellipsis where it is cut.
    let long = "{\"a\": [" + String(repeating: "1, ", count: 100) + "2,]}"
    let cut = try #require(Self.error(long))
    #expect(
      cut.message
        == #"s.json: line 1, column 309: trailing comma: a value must follow ",", not "]""#)
    let line = try #require(cut.excerpt.first)
    let caret = try #require(cut.excerpt.last)
    #expect(line.count <= 82 && line.hasPrefix("  …"), "\(line)")
    #expect(
      caret.count - 1 == line.distance(from: line.startIndex, to: line.firstIndex(of: "]")!) - 1)
    let under = line[line.index(line.startIndex, offsetBy: caret.count - 1)]
    #expect(under == ",")
    // Control characters, line separators and bidi overrides in the line
    // are escaped, and the caret counts the escapes.
    let hostile = "{\"a\u{202E}b\u{2066}\u{2028}\u{9B}[31m\": 1,}"
    let escaped = try #require(Self.error(hostile))
    #expect(
      escaped.excerpt == [
        #"  {"a\u{202e}b\u{2066}\u{2028}\u{9b}[31m": 1,}"#,
        "  " + String(repeating: " ", count: 42) + "^",
      ])
    #expect(
      escaped.message
        == #"s.json: line 1, column 17: trailing comma: a key must follow ",", not "}""#)
    // A raw control character in a string is an error of its own, escaped too.
    let control = try #require(Self.error("{\"a\u{1B}[31m\": 1}"))
    #expect(
      control.message.contains(#"column 4: a string cannot hold the control character \u{1b}"#))
    #expect(control.excerpt.first == #"  {"a\u{1b}[31m": 1}"#)
    // A key of megabytes is echoed cut to 80 characters.
    let key = String(repeating: "k", count: 1_000_000)
    let twice = try #require(Self.error(#"{"\#(key)": 1, "\#(key)": 2}"#))
    #expect(twice.message.count < 200)
    #expect(
      twice.message.contains(
        #"the key ""# + String(repeating: "k", count: 79) + #"…" is given twice"#))
    #expect(twice.excerpt.allSatisfy { $0.count <= 82 })
    // So is an unknown key, in its place and in its words.
    let unknown = try #require(Self.error(#"{"\#(key)": 1}"#))
    #expect(unknown.message.count < 400, "\(unknown.message.prefix(200))")
    #expect(
      unknown.message.hasPrefix("s.json: " + String(repeating: "k", count: 79) + "…: unknown key"))
  }

  @Test("valid JSON passes the scan: every escape, surrogate pairs, numbers, a byte order mark")
  func validJSON() throws {
    let texts = [
      #"{"a": "\" \\ \/ \b \f \n \r \t \u0041 \ud83d\ude00 é 😀", "b": [-0, 0.5e-3, 1E+2, 12, -1.25]}"#,
      "\t{\r\n\"a\" : [ ] , \"b\" : { } , \"c\" : null , \"d\" : true , \"e\" : false }\n",
      "[" + String(repeating: "[", count: 63) + String(repeating: "]", count: 64),
      "3", "\"x\"", "null",
    ]
    for text in texts {
      #expect(NumberTexts(Array(text.utf8), nestingLimit: 64).problem == nil, "\(text)")
    }
    // A UTF-8 byte order mark is passed over, and columns count from after it.
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let file =
      #"{"container": {"width": 10, "height": 10}, "views": [{"id": "a"}], "script": [{"show": "a"}]}"#
    #expect(throws: Never.self) {
      try SceneFile.decode(Data(bom + Array(file.utf8)), name: "s.json")
    }
    #expect(Self.error(bom + Array("[1,]".utf8))?.message.contains("line 1, column 3:") == true)
  }

  @Test("the scan agrees with JSONSerialization on random edits of valid files")
  func agreesWithFoundation() async {
    await seededPropertyCheck(count: 100, base: 0x4A53_4F4E) { seed in
      var random = SplitMix64(seed: seed)
      let bases = SceneFileNumberPropertyTests.baseFiles(seed: seed)
      let alphabet =
        Array(#"{}[]:,"\ 0123456789.eE+-tfnul\u"#.utf8) + [0x0A, 0x09, 0xC3, 0xA9, 0xFF]
      for base in bases {
        var bytes = Array(base.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          let at = Int.random(in: 0..<bytes.count, using: &random)
          switch Int.random(in: 0..<3, using: &random) {
          case 0: bytes.remove(at: at)
          case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
          default: bytes[at] = alphabet.randomElement(using: &random)!
          }
        }
        let scanned = NumberTexts(bytes).problem
        let foundation: Any?
        do {
          foundation = try JSONSerialization.jsonObject(
            with: Data(bytes), options: .fragmentsAllowed)
        } catch {
          // A number beyond a double is JSON: the field reading it refuses it.
          if "\(error)".contains("is not representable") { continue }
          foundation = nil
        }
        if foundation == nil {
          // What Foundation refuses the scan refuses too.
          #expect(scanned != nil, "seed \(seed): \(String(decoding: bytes, as: UTF8.self))")
        } else if let scanned {
          // What the scan refuses and Foundation reads is a key given
          // twice or a trailing comma, which Foundation lets through.
          #expect(
            scanned.detail.contains("is given twice") || scanned.detail.hasPrefix("trailing comma"),
            "seed \(seed): \(scanned.detail)\n\(String(decoding: bytes, as: UTF8.self))")
        }
      }
    }
  }

  @Test("through animrender: exit 65, the message, the line and the caret, nothing written")
  func endToEnd() throws {
    let folder = TemporaryDirectory.make()
    let text = """
      {"container": {"width": 20, "height": 30},
       "views": [{"id": "a"}],
       "script": [{"show": "a"},]}
      """
    try Data(text.utf8).write(to: folder.appendingPathComponent("s.json"))
    let result = try animrender.run(["play", "s.json", "-o", "x.png"], in: folder)
    #expect(result.status == 65)
    #expect(
      result.stderr.split(separator: "\n") == [
        #"animrender: s.json: line 3, column 26: trailing comma: a value must follow ",", not "]""#,
        #"   "script": [{"show": "a"},]}"#,
        "                           ^",
      ], "\(result.stderr)")
    #expect(try HostileInputTests.files(folder) == ["s.json"])
  }
}
