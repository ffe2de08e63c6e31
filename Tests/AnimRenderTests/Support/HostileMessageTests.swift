import Foundation
import Testing
import TransitTestSupport

/// What animrender says about hostile input, run against the built binary:
/// every message true, naming only flags the command has, never echoing
/// megabytes of the user's text, and never printing a number that is not
/// one.
@Suite("animrender's messages on hostile input", .serialized)
struct HostileMessageTests {
  /// A scene file of `views` (JSON objects) and `script`, written into
  /// `folder` as `name`.
  static func scene(
    _ folder: URL, views: String, script: String, name: String = "scene.json"
  ) throws -> String {
    let text = """
      {"container": {"width": 20, "height": 30}, "frames": 2, "views": \(views), "script": \(script)}
      """
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    return name
  }

  /// `count` characters of words and spaces, so that only a message's own
  /// cut (not the net for long runs without spaces) keeps it short.
  static func words(_ count: Int) -> String {
    String(String(repeating: "big id ", count: count / 7 + 1).prefix(count))
  }

  static let longestLine = 300

  /// Every line of `stderr` is under ``longestLine`` characters.
  static func expectShortLines(
    _ stderr: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let longest = stderr.split(separator: "\n").map(\.count).max() ?? 0
    #expect(
      longest < longestLine, "\(what): a line of \(longest) characters: \(stderr.prefix(400))",
      sourceLocation: sourceLocation)
  }

  // MARK: pop

  @Test func popSaysWhatIsOnTheStack() throws {
    let folder = TemporaryDirectory.make()
    let empty = try Self.scene(folder, views: #"[{"id": "a"}]"#, script: #"[{"pop": true}]"#)
    let nothing = try animrender.run(["play", empty, "-o", "x.png"], in: folder)
    #expect(nothing.status == 65)
    #expect(
      nothing.stderr.contains("script[0]: cannot pop: nothing is on the stack"), "\(nothing.stderr)"
    )
    #expect(!nothing.stderr.contains("root"))
    let one = try Self.scene(
      folder, views: #"[{"id": "a"}]"#, script: #"[{"show": "a"}, {"pop": true}]"#)
    let single = try animrender.run(["play", one, "-o", "x.png"], in: folder)
    #expect(single.status == 65)
    #expect(
      single.stderr.contains(#"script[1]: cannot pop: only one screen ("a") is on the stack"#),
      "\(single.stderr)")
    let toRoot = try Self.scene(folder, views: #"[{"id": "a"}]"#, script: #"[{"popToRoot": true}]"#)
    let root = try animrender.run(["play", toRoot, "-o", "x.png"], in: folder)
    #expect(root.status == 65)
    #expect(
      root.stderr.contains("script[0]: cannot pop to the root: nothing is on the stack"),
      "\(root.stderr)")
    #expect(try HostileInputTests.files(folder) == ["scene.json"])
  }

  // MARK: NUL

  @Test func nulInAnImagePathOrTextIsADataError() throws {
    let folder = TemporaryDirectory.make()
    for (view, field) in [
      (#"{"id": "a", "image": "a\u0000.png"}"#, "views[0].image"),
      (
        #"{"id": "b", "children": [{"id": "c", "frame": [0, 0, 5, 5], "image": "a\u0000"}]}"#,
        "views[0].children[0].image"
      ),
      (#"{"id": "a", "text": {"string": "one\u0000two"}}"#, "views[0].text.string"),
    ] {
      let id = view.contains(#""b""#) ? "b" : "a"
      let name = try Self.scene(folder, views: "[\(view)]", script: #"[{"show": "\#(id)"}]"#)
      let result = try animrender.run(["play", name, "-o", "x.png"], in: folder)
      #expect(result.status == 65, "\(view): \(result.stderr)")
      #expect(result.stderr.contains("\(field): "), "\(view): \(result.stderr)")
      #expect(result.stderr.contains("NUL"), "\(view): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }
  }

  // MARK: demo

  @Test func demoSuggestsOnlyItsOwnFlags() throws {
    let folder = TemporaryDirectory.make()
    for (arguments, status) in [
      (["demo", "-o", "demo.gif"], 64),
      (["demo", "-o", "demo.mp4"], 64),
      (["demo", "--output", "demo.webp"], 64),
      (["demo", "--styles", "push-form-right", "-o", "d.png"], 65),
      (["demo", "--styles", "", "-o", "d.png"], 64),
      (["demo", "-o", "demo.txt"], 64),
    ] {
      let result = try animrender.run(arguments, in: folder)
      #expect(result.status == Int32(status), "\(arguments): \(result.stderr)")
      let flags = result.stderr.matches(of: /--[a-z-]+/).map { String($0.output) }
      for flag in flags {
        #expect(
          ["--output", "--styles", "--quiet", "--help"].contains(flag),
          "\(arguments) names \(flag), not a flag of demo: \(result.stderr)")
      }
      #expect(!result.stderr.contains("--style:"), "\(arguments): \(result.stderr)")
    }
    #expect(try HostileInputTests.files(folder).isEmpty)
  }

  // MARK: curve

  @Test func curveRowsAreNeverNaNOrInfinite() throws {
    let folder = TemporaryDirectory.make()
    for curve in ["cubic-bezier(0.5,1e308,0.5,-1e308)", "cubic-bezier(0.5,1e308,0.5,1e308)"] {
      let rows = try animrender.run(["curve", curve], in: folder)
      let plot = try animrender.run(["curve", curve, "--plot", "p.png"], in: folder)
      #expect(rows.status == 65, "\(curve): \(rows.stdout.prefix(200)) \(rows.stderr)")
      #expect(plot.status == rows.status, "\(curve): \(plot.stderr)")
      #expect(rows.stdout.isEmpty, "\(curve): \(rows.stdout.prefix(200))")
      #expect(!rows.stdout.contains("nan") && !rows.stdout.contains("inf"))
    }
    // A curve that overshoots a lot but stays finite prints and plots.
    let wide = "cubic-bezier(0.5,1e10,0.5,-1e10)"
    let rows = try animrender.run(["curve", wide, "--samples", "5"], in: folder)
    let plot = try animrender.run(["curve", wide, "--plot", "p.png"], in: folder)
    #expect(rows.status == 0 && plot.status == 0, "\(rows.stderr) \(plot.stderr)")
    #expect(rows.stdout.split(separator: "\n").count == 6)
  }

  // MARK: echoed text

  /// A flag's value the parser refuses (`--background`, ArgumentParser's
  /// own "The value … is invalid") is echoed escaped: a newline, an escape
  /// sequence or a right-to-left override in it cannot add a line or
  /// reorder what the terminal shows. The structured fuzzer found them raw.
  @Test func parserMessagesEscapeTheValueTheyEcho() throws {
    let folder = TemporaryDirectory.make()
    let hostile = "a\nb\r\u{1B}[31m\u{202E}x\u{2066}\t\u{7F}"
    for arguments in [
      ["render", "--background", hostile, "-o", "x.png"],
      ["render", "--layout", hostile, "-o", "x.png"],
      ["render", "--frames", hostile, "-o", "x.png"],
    ] {
      let result = try animrender.run(arguments, in: folder)
      #expect(result.status == 64, "\(result.stderr)")
      let raw = result.stderr.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || (0x202A...0x202E).contains($0.value)
          || (0x2066...0x2069).contains($0.value)
      }
      #expect(raw.isEmpty, "\(arguments[1]): \(result.stderr.debugDescription)")
      let first = result.stderr.split(separator: "\n").first ?? ""
      #expect(first.contains(#"a\nb\r\u{1b}[31m\u{202e}x"#), "\(result.stderr.debugDescription)")
    }
  }

  /// A value starting with `-` that holds an `h` was read as a group of
  /// short flags asking for help: `curve -steps(5,jump-both)` printed the
  /// help on standard output with status 0, where a script expects CSV.
  /// The structured fuzzer found it.
  @Test func aValueStartingWithADashIsNotAHelpRequest() throws {
    let folder = TemporaryDirectory.make()
    let disguised = try animrender.run(["curve", "-steps(5,jump-both)"], in: folder)
    #expect(disguised.status == 64, "\(disguised.stdout)")
    #expect(disguised.stdout.isEmpty)
    #expect(disguised.stderr.contains("goes after --"), "\(disguised.stderr)")
    // After --, it is the curve (a malformed one).
    let value = try animrender.run(["curve", "--", "-steps(5,jump-both)"], in: folder)
    #expect(value.status == 65, "\(value.stderr)")
    // A real help request still is one.
    #expect(try animrender.run(["curve", "-h"], in: folder).status == 0)
  }

  @Test func hugeUserTextIsCutInEveryMessage() throws {
    let folder = TemporaryDirectory.make()
    let threeMB = 3_000_000
    // A 3 MB id (with spaces), listed among the screens a missing one is not.
    let id = Self.words(threeMB)
    let missing = try Self.scene(
      folder, views: #"[{"id": "\#(id)"}]"#, script: #"[{"show": "q"}]"#)
    // A 3 MB style name and a 3 MB curve in a script.
    let style = try Self.scene(
      folder, views: #"[{"id": "a"}, {"id": "b"}]"#,
      script: #"[{"show": "a"}, {"push": "b", "style": "\#(Self.words(threeMB))"}]"#,
      name: "style.json")
    let curve = try Self.scene(
      folder, views: #"[{"id": "a"}, {"id": "b"}]"#,
      script: #"[{"show": "a"}, {"push": "b", "curve": "\#(Self.words(threeMB))"}]"#,
      name: "curve.json")
    // 1 MB ids twice in a file: used twice, pushed twice, popped alone, the top.
    let mb = Self.words(1_000_000)
    let cases: [(String, String, String)] = [
      ("twice.json", #"[{"id": "\#(mb)"}, {"id": "\#(mb)"}]"#, #"[{"show": "a"}]"#),
      ("pushed.json", #"[{"id": "\#(mb)"}]"#, #"[{"show": "\#(mb)"}, {"push": "\#(mb)"}]"#),
      ("popped.json", #"[{"id": "\#(mb)"}]"#, #"[{"show": "\#(mb)"}, {"pop": true}]"#),
      ("top.json", #"[{"id": "\#(mb)"}]"#, #"[{"show": "\#(mb)"}, {"popTo": "\#(mb)"}]"#),
      ("color.json", #"[{"id": "a", "color": "\#(mb)"}]"#, #"[{"show": "a"}]"#),
      (
        "weight.json", #"[{"id": "a", "text": {"string": "x", "weight": "\#(mb)"}}]"#,
        #"[{"show": "a"}]"#
      ),
    ]
    var names = [missing, style, curve]
    for (name, views, script) in cases {
      names.append(try Self.scene(folder, views: views, script: script, name: name))
    }
    for name in names {
      let result = try animrender.run(["play", name, "-o", "x.png"], in: folder, timeout: 60)
      #expect(result.status == 65, "\(name): \(result.stderr.prefix(300))")
      Self.expectShortLines(result.stderr, name)
    }
    // On the command line (at most 128 KiB an argument): a style, a curve,
    // a path, a flag's value, an unexpected argument.
    let long = Self.words(100_000)
    let run = String(repeating: "x", count: 100_000)
    for arguments in [
      ["render", "--style", long], ["render", "--curve", long], ["curve", long],
      ["curve", "cubic-bezier(0.5,1e308,0.5,-1e308) \(long)"],
      ["demo", "--styles", long, "-o", "d.png"], ["render", "-o", run + ".png"],
      ["play", run], ["diff", run, run + "b"], ["render", "--frames", run],
      ["render", "--format", long], ["styles", run], ["demo", "-o", run + ".gif"],
    ] {
      let result = try animrender.run(arguments, in: folder, timeout: 60)
      #expect(result.status != 0, "\(arguments.map { $0.prefix(40) })")
      Self.expectShortLines(result.stderr, "\(arguments.map { $0.prefix(40) })")
    }
  }
}
