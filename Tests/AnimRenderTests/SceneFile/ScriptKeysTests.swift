import Foundation
import Testing
import TransitTestSupport

@testable import AnimRenderCLI

/// Each script verb takes the keys of one table and refuses every other
/// key, naming the key and the verb, so that no key is silently ignored
/// (`{"push": "b", "at": 1}` once pushed, its `at` unread).
@Suite("Scene files: the keys each verb takes")
struct ScriptKeysTests {
  /// The rule, written out here independently of the decoder's table.
  static let takes: [String: [String]] = [
    "show": ["style", "curve", "duration", "frames", "after"],
    "push": ["style", "curve", "duration", "frames", "interactive", "after", "match", "alongside"],
    "pop": ["style", "curve", "duration", "frames", "interactive", "after", "match", "alongside"],
    "popTo": [
      "style", "curve", "duration", "frames", "interactive", "after", "match", "alongside",
    ],
    "popToRoot": ["style", "curve", "duration", "frames", "after", "match", "alongside"],
    "insert": ["at", "style", "curve", "duration", "frames", "after", "match", "alongside"],
    "remove": ["duration", "frames", "after", "match", "alongside"],
    "rotate": ["duration", "curve", "frames", "after"],
    "wait": ["frames", "after"],
    "animate": ["frames", "after"],
    "grab": ["frames", "after"],
    "back": ["preview", "duration", "frames", "after", "match", "alongside"],
  ]

  /// A valid value for each verb and each other key.
  static let verbValues = [
    "show": #""a""#, "push": #""b""#, "pop": "true", "popTo": #""a""#, "popToRoot": "true",
    "insert": #""b""#, "remove": "1", "rotate": #""landscape""#, "wait": "0.5",
    "animate": #"[{"duration": 0.1, "changes": []}]"#,
    "grab": #"{"progress": [0.5], "release": "cancel"}"#,
    "back": "true",
  ]
  static let keyValues = [
    "at": "1", "style": #""fade-in""#, "curve": #""linear""#, "duration": "0.25", "frames": "2",
    "interactive": #"{"progress": [0.5], "release": "finish"}"#, "after": "0.1",
    "match": "false", "preview": #""full-screen""#,
    "alongside": #"[{"duration": 0.1, "changes": []}]"#,
  ]

  static func scene(_ operation: String) -> Data {
    Data(
      """
      {"container": {"width": 10, "height": 10},
       "views": [{"id": "a"}, {"id": "b"}],
       "script": [{"show": "a"}, \(operation)]}
      """.utf8)
  }

  @Test("the decoder's table is the rule, for every verb")
  func tableIsTheRule() {
    for (verb, keys) in Self.takes {
      #expect(ScriptOperation.keys(of: verb) == keys, "\(verb)")
    }
    #expect(ScriptOperation.keys(of: "fly").isEmpty)
  }

  @Test(
    "every key is read with the verbs that take it and refused, naming it and the verb, with the others",
    arguments: [
      "show", "push", "pop", "popTo", "popToRoot", "insert", "remove", "rotate", "wait", "animate",
      "grab", "back",
    ])
  func everyKeyWithEveryVerb(verb: String) throws {
    let takes = try #require(Self.takes[verb])
    for (key, value) in Self.keyValues.sorted(by: { $0.key < $1.key }) {
      var operation = #"{"\#(verb)": \#(Self.verbValues[verb]!), "\#(key)": \#(value)"#
      if verb == "insert", key != "at" { operation += #", "at": 1"# }
      operation += "}"
      do {
        let file = try SceneFile.decode(Self.scene(operation), name: "s.json")
        #expect(takes.contains(key), "\(operation) was accepted")
        #expect(file.script.count == 2)
      } catch {
        let expected =
          #"s.json: script[1].\#(key): "\#(key)" does not apply to \#(verb) (\#(verb) takes "#
          + "\(takes.joined(separator: ", ")))"
        #expect(!takes.contains(key), "\(operation): \(error.message)")
        if !takes.contains(key) { #expect(error.message == expected, "\(operation)") }
      }
    }
  }

  @Test("keys that do not apply are exit 65 through animrender, naming the key and the verb")
  func endToEnd() throws {
    let folder = TemporaryDirectory.make()
    for (operation, key, verb) in [
      (#"{"push": "b", "at": 1}"#, "at", "push"),
      (#"{"wait": 0.2, "style": "fade-in"}"#, "style", "wait"),
      (#"{"rotate": "landscape", "style": "fade-in"}"#, "style", "rotate"),
      (#"{"remove": 0, "curve": "linear"}"#, "curve", "remove"),
      (#"{"animate": "reverse", "style": "fade-in"}"#, "style", "animate"),
    ] {
      let name = try HostileInputTests.scene(folder, #"[{"show": "a"}, \#(operation)]"#)
      let result = try animrender.run(["play", name, "-o", "x.png"], in: folder)
      #expect(result.status == 65, "\(operation): \(result.stderr)")
      #expect(
        result.stderr.contains(#"script[1].\#(key): "\#(key)" does not apply to \#(verb) ("#),
        "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
    #expect(try HostileInputTests.files(folder) == ["scene.json"])
  }
}

/// Docs/SceneFiles.md, the scene-file reference, says what the code does.
@Suite("Scene files: the reference")
struct SceneFilesReferenceTests {
  static func reference() throws -> String {
    try String(
      contentsOf: PackageFiles.root.appendingPathComponent("Docs/SceneFiles.md"), encoding: .utf8)
  }

  @Test("the verbs' table lists the keys each verb takes, as the decoder's table does")
  func verbTable() throws {
    var verbs: [String] = []
    let text = try Self.reference()
    let start = try #require(text.range(of: "## Script verbs"))
    let end = try #require(text.range(of: "### Pops"))
    for line in text[start.upperBound..<end.lowerBound].split(separator: "\n")
    where line.hasPrefix("| `{\"") {
      let cells = line.split(separator: " | ")
      let verb = String(cells[0].dropFirst(5).prefix { $0 != "\"" })
      let keys = cells[cells.count - 1].split(separator: "`", omittingEmptySubsequences: false)
        .enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      #expect(keys == ScriptOperation.keys(of: verb), "\(verb)")
      verbs.append(verb)
    }
    #expect(
      verbs == [
        "show", "push", "pop", "popTo", "popToRoot", "insert", "remove", "rotate", "wait",
        "animate", "grab", "back",
      ])
  }

  @Test("the example file decodes")
  func example() throws {
    let text = try Self.reference()
    let start = try #require(text.range(of: "```json\n"))
    let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
    let file = try SceneFile.decode(Data(text[start.upperBound..<end.lowerBound].utf8), name: "doc")
    #expect(file.script.last?.kind == .pop && file.script.last?.style == "fade-in")
  }
}
