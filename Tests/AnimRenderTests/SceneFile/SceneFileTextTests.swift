import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport

/// The scene file's `text` object: drawn when valid, one clear line and
/// exit 65 when not.
@Suite("Scene files: text")
struct SceneFileTextTests {
  static func scene(text: String) -> String {
    """
    {"container": {"width": 120, "height": 80, "color": "#ffffff"}, "frames": 2,
     "views": [{"id": "a", "color": "#ffffff", "children": [
       {"id": "label", "frame": [0, 0, 120, 80], "text": \(text)}]}],
     "script": [{"show": "a"}]}
    """
  }

  @Test func textIsDrawnWithItsColourAndAlignment() throws {
    let folder = TemporaryDirectory.make()
    let cases = [
      ("left", ##"{"string": "Hi", "size": 30, "color": "#ff0000", "align": "left"}"##),
      ("right", ##"{"string": "Hi", "size": 30, "color": "#ff0000", "align": "right"}"##),
      ("plain", ##"{"string": "Hi", "size": 30, "color": "#ff0000", "weight": "bold"}"##),
    ]
    var inked: [String: [Int]] = [:]
    for (name, text) in cases {
      try Self.scene(text: text).write(
        to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
      let result = try animrender.run(
        ["play", "\(name).json", "-o", "\(name).png", "--quiet"], in: folder)
      #expect(result.status == 0, "\(result.stderr)")
      let image = try PNGDecoder.decode(
        contentsOf: folder.appendingPathComponent("\(name).png").path)
      // Columns holding red ink.
      inked[name] = (0..<image.width).filter { x in
        (0..<image.height).contains { y in
          let p = image[x, y]
          return (p >> 16) & 0xFF > 0xC0 && (p >> 8) & 0xFF < 0x80
        }
      }
    }
    let left = try #require(inked["left"]).min() ?? -1
    let right = try #require(inked["right"]).max() ?? -1
    #expect(left >= 0 && left < 10, "left-aligned text starts at \(left)")
    #expect(right > 110, "right-aligned text ends at \(right)")
    // Bold strokes cover more columns' worth of ink than regular ones.
    #expect((inked["plain"]?.count ?? 0) > (inked["left"]?.count ?? 0))
  }

  /// Noncharacters are Unicode scalars a text may hold, but Cairo calls a
  /// string with one invalid UTF-8: a PDF once failed with 70. Every format
  /// draws them (as U+FFFD).
  @Test(arguments: ["png", "svg", "pdf", "gif"])
  func noncharactersAreDrawnInEveryFormat(_ format: String) throws {
    let folder = TemporaryDirectory.make()
    try Self.scene(text: #"{"string": "a\uFFFF b\uFDD0 c\uDBFF\uDFFF d\uFFFE"}"#).write(
      to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    let result = try animrender.run(["play", "s.json", "-o", "s.\(format)", "--quiet"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func badTextIsOneLineAndExit65() throws {
    let folder = TemporaryDirectory.make()
    let bad: [(String, String)] = [
      (##"{"string": "x", "weight": "heavy"}"##, "text.weight"),
      (##"{"string": "x", "align": "middle"}"##, "text.align"),
      (##"{"string": "x", "size": 0}"##, "text.size"),
      (##"{"string": "x", "color": "blurple"}"##, "text.color"),
      (##"{"size": 12}"##, "string"),
    ]
    for (text, field) in bad {
      try Self.scene(text: text).write(
        to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
      let result = try animrender.run(["play", "bad.json", "-o", "bad.png", "--quiet"], in: folder)
      #expect(result.status == 65, "\(text): \(result.stderr)")
      #expect(result.stderr.contains(field), "\(text): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
  }

  @Test func overlongTextIsRefusedBeforeLayout() throws {
    let folder = TemporaryDirectory.make()
    let cases = [
      (
        "{\"string\": \"" + String(repeating: "x", count: 1_048_577) + "\"}",
        "views[0].children[0].text.string: 1048577 bytes of UTF-8, more than the 1048576 (1 MiB) allowed"
      ),
      (
        "{\"string\": \"e" + String(repeating: "\\u0301", count: 100_000) + "\"}",
        "views[0].children[0].text.string: character 1 holds 100001 code points"
      ),
    ]
    for (text, message) in cases {
      try Self.scene(text: text).write(
        to: folder.appendingPathComponent("long.json"), atomically: true, encoding: .utf8)
      let result = try animrender.run(
        ["play", "long.json", "-o", "long.png", "--quiet"], in: folder)
      #expect(result.status == 65, "\(result.stderr)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("long.png").path))
    }
  }
}
