import Foundation
import Testing
import Transit

@testable import AnimRenderCLI

/// Every object of a scene file, with a key it does not know, a required
/// key missing, and a value of the wrong type or null, at every level of
/// nesting: the exact line the user sees, so that a decoder that drops a
/// field, misses a strict key check or rewords a message fails here.
@Suite("Scene files: objects and their keys")
struct SceneFileShapeTests {
  /// A scene file and the message decoding it gives.
  static let cases: [(json: String, message: String)] = [
    (
      ##"{"container": {"width": 10, "height": 10, "colour": "#fff"}, "views": [{"id": "a"}], "script": [{"show": "a"}]}"##,
      #"s.json: container.colour: unknown key "colour"; did you mean "color"? (known: width, height, color, kind, tabs, slots)"#
    ),
    (
      ##"{"container": {"width": 10}, "views": [{"id": "a"}], "script": [{"show": "a"}]}"##,
      #"s.json: container.height: missing (required)"#
    ),
    (
      ##"{"container": {"width": "10", "height": 10}, "views": [{"id": "a"}], "script": [{"show": "a"}]}"##,
      #"s.json: container.width: expected a number"#
    ),
    (
      ##"{"container": {"width": 10, "height": null}, "views": [{"id": "a"}], "script": [{"show": "a"}]}"##,
      #"s.json: container.height: expected a number, found null"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10, "color": 3}, "views": [{"id": "a"}], "script": [{"show": "a"}]}"##,
      #"s.json: container.color: expected a string"#
    ),
    (
      ##"{"container": [10, 10], "views": [{"id": "a"}], "script": [{"show": "a"}]}"##,
      #"s.json: container: expected an object"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "border": {"width": 1}}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].border.color: missing (required)"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "border": {"width": 1, "color": "#000", "dash": 2}}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].border.dash: unknown key "dash"; did you mean "width"? (known: width, color)"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "text": {"size": 12}}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].text.string: missing (required)"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "text": {"string": "x", "size": "big"}}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].text.size: expected a number"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "text": {"string": "x", "font": "y"}}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].text.font: unknown key "font"; did you mean "size"? (known: string, size, color, weight, align)"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "text": "x"}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].text: expected an object"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"color": "#fff"}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].id: missing (required)"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": null}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].id: expected a string, found null"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "frame": "0 0 1 1"}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].frame: expected a list"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "relative": 1}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].relative: expected true or false"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "alpha": "half"}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].alpha: expected a number"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "hidden": "yes"}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].hidden: expected true or false"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "children": {"id": "b"}}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].children: expected a list"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "children": [{"id": "b", "frame": [0, 0, 1, 1], "colour": "#fff"}]}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].children[0].colour: unknown key "colour"; did you mean "color"? (known: id, frame, relative, autoresizing, color, alpha, cornerRadius, cornerRadii, border, shadow, clipsToBounds, hidden, image, contentMode, text, match, children)"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "clipsToBounds": 0, "cornerRadius": 1}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].clipsToBounds: expected true or false"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "image": 5}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].image: expected a string"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a", "cornerRadius": true}], "script": [{"show": "a"}]}"##,
      #"s.json: views[0].cornerRadius: expected a number"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a"}], "script": [{"show": "a"}], "scrpit": 1}"##,
      #"s.json: scrpit: unknown key "scrpit"; did you mean "script"? (known: container, frames, views, script, interruptions)"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "script": [{"show": "a"}]}"##,
      #"s.json: views: missing (required)"#
    ),
    (
      ##"{"views": [{"id": "a"}], "script": [{"show": "a"}]}"##,
      #"s.json: container: missing (required)"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a"}]}"##,
      #"s.json: script: missing (required)"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "frames": "8", "views": [{"id": "a"}], "script": [{"show": "a"}]}"##,
      #"s.json: frames: expected a whole number"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "frames": 2.5, "views": [{"id": "a"}], "script": [{"show": "a"}]}"##,
      #"s.json: frames: expected a whole number, got 2.5"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "frames": 2, "views": [{"id": "a"}], "script": [{"show": "a"} {"show": "a"}]}"##,
      #"s.json: line 1, column 106: expected "," or "]" after a list's element, found "{""#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a"}], "script": [{"show": "a"}], "interruptions": "wait"}"##,
      #"s.json: interruptions: expected "queue" or "reverse", got "wait""#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a"}], "script": [{"show": "a"}], "interruptions": 1}"##,
      #"s.json: interruptions: expected a string"#
    ),
    (
      ##"{"container": {"width": 10, "height": 10}, "views": [{"id": "a"}], "script": {"show": "a"}}"##,
      #"s.json: script: expected a list"#
    ),
    (##"[1]"##, #"s.json: top level: expected an object"#),
  ]

  @Test("every malformed object is refused with the exact line the user sees")
  func malformedObjects() {
    for (json, expected) in Self.cases {
      var message = "decodes"
      do {
        _ = try SceneFile.decode(Data(json.utf8), name: "s.json")
      } catch {
        message = error.message
      }
      #expect(message == expected, "\(json)")
    }
  }

  @Test("every optional field may be absent or null; absent interruptions queue")
  func optionalFields() throws {
    let full = try SceneFile.decode(
      Data(
        ##"""
        {"container": {"width": 10, "height": 20, "color": "#102030"}, "frames": 4,
         "views": [{"id": "a", "frame": [0, 0, 10, 20], "relative": false, "color": "#fff",
                    "alpha": 0.5, "cornerRadius": 2, "border": {"width": 1, "color": "#000"},
                    "clipsToBounds": true, "hidden": false, "image": null,
                    "text": {"string": "Hi", "size": 12, "color": "#111", "weight": "bold",
                             "align": "center"},
                    "children": [{"id": "b", "frame": [1, 2, 3, 4]}]}],
         "script": [{"show": "a"}], "interruptions": "reverse"}
        """##.utf8), name: "s.json")
    #expect(full.container.width == 10 && full.container.height == 20)
    #expect(full.container.color == "#102030" && full.frames == 4)
    #expect(full.interruptions == .reverse)
    let view = try #require(full.views.first)
    #expect(view.id == "a" && view.frame == [0, 0, 10, 20] && view.relative == false)
    #expect(view.color == "#fff" && view.alpha == 0.5 && view.cornerRadius == 2)
    #expect(view.border?.width == 1 && view.border?.color == "#000")
    #expect(view.clipsToBounds == true && view.hidden == false && view.image == nil)
    #expect(view.text?.string == "Hi" && view.text?.size == 12 && view.text?.color == "#111")
    #expect(view.text?.weight == "bold" && view.text?.align == "center")
    #expect(view.children?.map(\.id) == ["b"] && view.children?.first?.frame == [1, 2, 3, 4])

    let bare = try SceneFile.decode(
      Data(
        ##"{"container": {"width": 10, "height": 20, "color": null}, "views": [{"id": "a"}], "script": [{"show": "a"}], "frames": null}"##
          .utf8), name: "s.json")
    #expect(bare.container.color == nil && bare.frames == nil && bare.interruptions == .queue)
    let a = try #require(bare.views.first)
    #expect(a.frame == nil && a.relative == nil && a.color == nil && a.alpha == nil)
    #expect(a.cornerRadius == nil && a.border == nil && a.clipsToBounds == nil)
    #expect(a.hidden == nil && a.image == nil && a.text == nil && a.children == nil)
  }

  @Test("a text object's keys are TextContent's initialiser labels, value for value")
  func textKeysAreTheInitialiserLabels() throws {
    // The keys, in the order TextContent(string:size:color:weight:align:)
    // takes them: a key renamed on either side fails here.
    #expect(SceneFile.TextSpec.fields.map(\.key) == ["string", "size", "color", "weight", "align"])
    let file = try SceneFile.decode(
      Data(
        ##"""
        {"container": {"width": 10, "height": 20}, "frames": 2,
         "views": [{"id": "a", "text": {"string": "Hi", "size": 12, "color": "#ff0000",
                                         "weight": "bold", "align": "right"}}],
         "script": [{"show": "a"}]}
        """##.utf8), name: "s.json")
    let view = try #require(file.screen("a", bounds: Rect(x: 0, y: 0, width: 10, height: 20)))
    #expect(
      view.text
        == TextContent(
          string: "Hi", size: 12, color: Color(red: 1, green: 0, blue: 0), weight: .bold,
          align: .right))
  }
}
