import Foundation
import Testing
import TransitTestSupport

/// The built `animrender` on scene files whose numbers are valid JSON but
/// fit no field: one line naming the field, status 65, no output; and
/// whole numbers in other notations draw exactly what the plain ones draw.
@Suite("animrender play: hostile numbers")
struct SceneFileNumberEndToEndTests {
  /// The benchmark's scene with `replace`'s first text replaced by its second.
  static func reference(_ replace: (String, String)) throws -> String {
    let text = try String(
      contentsOf: PackageFiles.root.appendingPathComponent("Examples/reference-push.json"),
      encoding: .utf8)
    #expect(text.contains(replace.0))
    return text.replacingOccurrences(of: replace.0, with: replace.1)
  }

  @Test func numbersThatFitNoFieldAreOneLineAndStatus65() throws {
    let folder = TemporaryDirectory.make()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases: [((String, String), String)] = [
      (
        (#""script": ["#, #""frames": 2.5, "script": ["#),
        "frames: expected a whole number, got 2.5"
      ),
      (
        (#""frames": 60"#, #""frames": 99999999999999999999"#),
        "script[1].frames: expected a whole number in -9223372036854775808…9223372036854775807, got 99999999999999999999"
      ),
      (
        (#""duration": 0.4"#, #""duration": 1e400"#),
        "script[1].duration: expected a number a 64-bit float holds (at most ±1.7976931348623157e+308, and not so close to 0 that it rounds to 0), got 1e400"
      ),
      (
        ("0.82,", "-1e-400,"),
        "views[0].children[7].frame[1]: expected a number a 64-bit float holds (at most ±1.7976931348623157e+308, and not so close to 0 that it rounds to 0), got -1e-400"
      ),
      ((#""alpha": 0.9"#, #""alpha": "0.9""#), "views[0].children[0].alpha: expected a number"),
      (
        (#""frames": 60"#, #""frames": 4503599627370496.5"#),
        "script[1].frames: expected a whole number, got 4503599627370496.5"
      ),
      ((#""frames": 60"#, #""frames": "60""#), "script[1].frames: expected a whole number"),
      ((#""width": 1280"#, #""width": null"#), "container.width: expected a number, found null"),
      // Three million digits, under the 4 MiB file limit: only their start is echoed.
      (
        (#""script": ["#, #""frames": 1\#(String(repeating: "0", count: 3_000_000)), "script": ["#),
        "frames: expected a number a 64-bit float holds (at most ±1.7976931348623157e+308, and not so close to 0 that it rounds to 0), got 10000000000000000000… (3000001 characters)"
      ),
    ]
    for (replace, message) in cases {
      try Data(try Self.reference(replace).utf8).write(to: folder.appendingPathComponent("s.json"))
      let result = try animrender.run(["play", "s.json", "-o", "x.png"], in: folder)
      #expect(result.status == 65, "\(message)")
      #expect(result.stderr == "animrender: s.json: \(message)\n")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }
  }

  @Test func wholeNumbersInOtherNotationsAndNegativeZeroDrawTheSame() throws {
    let folder = TemporaryDirectory.make()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = """
      {"container": {"width": 24, "height": 16}, "frames": 3,
       "views": [{"id": "a", "color": "#ff0000",
                  "children": [{"id": "c", "frame": [0, 2, 8, 8], "color": "#00ff00"}]},
                 {"id": "b", "color": "#0000ff"}],
       "script": [{"show": "a"}, {"push": "b", "duration": 0.5}, {"wait": 0, "frames": 1}]}
      """
    let spelled =
      plain
      .replacingOccurrences(of: #""frames": 3"#, with: #""frames": 30e-1"#)
      .replacingOccurrences(of: "[0, 2, 8, 8]", with: "[-0, 2.0, 0.8e1, 8E0]")
      .replacingOccurrences(of: #""wait": 0, "frames": 1"#, with: #""wait": -0.0, "frames": 1.0"#)
    #expect(spelled != plain)
    for (name, text) in [("plain", plain), ("spelled", spelled)] {
      try Data(text.utf8).write(to: folder.appendingPathComponent("\(name).json"))
      let result = try animrender.run(
        ["play", "\(name).json", "-o", "\(name).png", "--layout", "apng"], in: folder)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let a = try Data(contentsOf: folder.appendingPathComponent("plain.png"))
    let b = try Data(contentsOf: folder.appendingPathComponent("spelled.png"))
    #expect(!a.isEmpty && a == b)
  }
}
