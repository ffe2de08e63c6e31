import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport

@testable import AnimRenderCLI

/// A small scene for the `animate` verb: a card with an image, a shadow and
/// a text label on the screen "home", and a second screen "other".
enum AnimateFixture {
  /// The card's keys after its id (replaced by the view-key cases).
  static let card =
    ##""frame": [5, 10, 50, 30], "color": "#ffffff", "cornerRadius": 6, "shadow": {"opacity": 0.2, "radius": 2}, "image": "p.png", "contentMode": "aspectFill""##

  static func json(script: String, card: String = card) -> String {
    ##"""
    {"container": {"width": 60, "height": 80, "color": "#101014"}, "frames": 3,
     "views": [{"id": "home", "color": "#f2f2f7", "children": [
       {"id": "card", \##(card), "children": [
         {"id": "label", "frame": [2, 2, 40, 10], "text": {"string": "Hi", "size": 8}}]}]},
       {"id": "other", "color": "#0000ff"}],
     "script": [{"show": "home"}, \##(script)]}
    """##
  }

  /// `json(script:)` with one animate step of `change`.
  static func animating(_ change: String, step: String = ##""duration": 0.4"##) -> String {
    json(script: ##"{"animate": [{\##(step), "changes": [\##(change)]}]}"##)
  }

  /// Writes the scene and the card's image (8 × 4: aspect-fit and
  /// aspect-fill differ in a 50 × 30 card) into `folder`.
  static func write(_ json: String, to folder: URL) throws -> String {
    var image = try Image(width: 8, height: 4, fill: Color(red: 0.1, green: 0.6, blue: 0.3))
    for y in 0..<4 { image[0, y] = Color.black.premultipliedARGB32 }
    try image.writePNG(to: folder.appendingPathComponent("p.png").path)
    try Data(json.utf8).write(to: folder.appendingPathComponent("scene.json"))
    return "scene.json"
  }
}

@Suite("Scene files: animated properties and the animate verb")
struct AnimateVerbTests {
  @Test("views read cornerRadii, shadow and contentMode into the scene's views")
  func viewKeys() throws {
    let file = try SceneFile.decode(
      Data(
        AnimateFixture.json(
          script: ##"{"wait": 0}"##,
          card:
            ##""frame": [5, 10, 50, 30], "cornerRadii": [1, 2, 3, 4], "shadow": {"color": "#ff0000", "opacity": 0.5, "radius": 8, "offset": [1, -2]}, "image": "p.png", "contentMode": "bottomLeft""##
        ).utf8), name: "s.json")
    let home = try #require(file.screen("home", bounds: Rect(x: 0, y: 0, width: 60, height: 80)))
    let card = home.children[0]
    #expect(card.cornerRadii == CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4))
    #expect(
      card.shadow
        == Shadow(
          color: Color(red: 1, green: 0, blue: 0), opacity: 0.5, radius: 8,
          offset: Size(width: 1, height: -2)))
    #expect(card.imagePlacement == ImagePlacement(.bottomLeft))
    // The defaults: aspect-fill, no shadow, square corners.
    let plain = try SceneFile.decode(
      Data(AnimateFixture.json(script: ##"{"wait": 0}"##, card: ##""frame": [0, 0, 1, 1]"##).utf8),
      name: "s.json")
    let view = try #require(plain.screen("home", bounds: Rect(x: 0, y: 0, width: 60, height: 80)))
    #expect(view.children[0].imagePlacement == ImagePlacement(.scaleAspectFill))
    #expect(view.children[0].shadow == .none && view.children[0].cornerRadii == .zero)
    // Every UIKit mode by its scene-file name.
    for name in ContentModeName.allCases {
      #expect(ContentModeName(name.mode) == name)
    }
    #expect(ContentModeName.aspectFit.mode == .scaleAspectFit)
  }

  @Test("an animate operation reads its steps and changes into the library's changes")
  func animateReads() throws {
    let file = try SceneFile.decode(
      Data(
        AnimateFixture.animating(
          ##"{"view": "card", "frame": [0, 0.5, 1, 0.5], "relative": true, "cornerRadii": [0, 1, 2, 3], "color": "#ff0000", "alpha": 0.5, "borderWidth": 2, "borderColor": "#00ff00", "shadow": {"opacity": 1, "radius": 4}, "contentMode": "aspectFit", "translate": [3, 4], "scale": 2, "rotate": 90}, {"view": "label", "textColor": "#ffffff", "cornerRadius": 5}"##,
          step: ##""duration": 0.3, "curve": "ease-out", "overlap": 0"##
        ).utf8), name: "s.json")
    guard case .animate(.steps(let steps)) = file.script[1].kind else {
      Issue.record("not an animate: \(file.script[1].kind)")
      return
    }
    #expect(steps.count == 1 && steps[0].duration == 0.3 && steps[0].curve == "ease-out")
    let changes = steps[0].changes[0].changes(parent: Size(width: 60, height: 80))
    let red = Color(red: 1, green: 0, blue: 0)
    #expect(
      changes == [
        .frame("card", to: Rect(x: 0, y: 40, width: 60, height: 40)),
        .cornerRadii(
          "card", to: CornerRadii(topLeft: 0, topRight: 1, bottomRight: 2, bottomLeft: 3)),
        .backgroundColor("card", to: red), .alpha("card", to: 0.5), .borderWidth("card", to: 2),
        .borderColor("card", to: Color(red: 0, green: 1, blue: 0)),
        .shadow("card", to: Shadow(opacity: 1, radius: 4)),
        .contentMode("card", to: .scaleAspectFit), .translate("card", x: 3, y: 4),
        .scale("card", by: 2), .rotate("card", by: .pi / 2),
      ])
    #expect(
      steps[0].changes[1].changes(parent: .zero) == [
        .cornerRadius("label", to: 5), .textColor("label", to: .white),
      ])
    let reverse = try SceneFile.decode(
      Data(
        AnimateFixture.json(
          script:
            ##"{"animate": [{"duration": 0.1, "changes": []}]}, {"animate": "reverse", "frames": 4}"##
        ).utf8), name: "s.json")
    #expect(reverse.script[2].kind == .animate(.reverse) && reverse.script[2].frames == 4)
    #expect(reverse.scriptFrameCount == 1 + 3 + 4)
  }

  /// Each mistake and the exact line it gives.
  static let badViews: [(card: String, message: String)] = [
    (
      ##""frame": [0, 0, 1, 1], "cornerRadii": [1, 2, 3]"##,
      "s.json: views[0].children[0].cornerRadii: expected [topLeft, topRight, bottomRight, bottomLeft], got 3 numbers"
    ),
    (
      ##""frame": [0, 0, 1, 1], "cornerRadii": [1, 2, 3, -4]"##,
      "s.json: views[0].children[0].cornerRadii: expected radii in 0…1000000, got [1.0, 2.0, 3.0, -4.0]"
    ),
    (
      ##""frame": [0, 0, 1, 1], "cornerRadius": 2, "cornerRadii": [1, 2, 3, 4]"##,
      "s.json: views[0].children[0].cornerRadii: give cornerRadius (all four corners alike) or cornerRadii, not both"
    ),
    (
      ##""frame": [0, 0, 1, 1], "cornerRadii": "round""##,
      "s.json: views[0].children[0].cornerRadii: expected a list"
    ),
    (
      ##""frame": [0, 0, 1, 1], "shadow": {"opacity": 2, "radius": 1}"##,
      "s.json: views[0].children[0].shadow.opacity: expected 0…1, got 2.0"
    ),
    (
      ##""frame": [0, 0, 1, 1], "shadow": {"opacity": 1, "radius": 1001}"##,
      "s.json: views[0].children[0].shadow.radius: expected 0…1000 points, got 1001.0"
    ),
    (
      ##""frame": [0, 0, 1, 1], "shadow": {"opacity": 1, "radius": -1}"##,
      "s.json: views[0].children[0].shadow.radius: expected 0…1000 points, got -1.0"
    ),
    (
      ##""frame": [0, 0, 1, 1], "shadow": {"opacity": 1, "radius": 1, "offset": [1]}"##,
      "s.json: views[0].children[0].shadow.offset: expected [x, y], got 1 numbers"
    ),
    (
      ##""frame": [0, 0, 1, 1], "shadow": {"opacity": 1, "radius": 1, "offset": [1, 1e7]}"##,
      "s.json: views[0].children[0].shadow.offset: expected numbers within ±1000000, got [1.0, 10000000.0]"
    ),
    (
      ##""frame": [0, 0, 1, 1], "shadow": {"opacity": 1, "radius": 1, "color": "#12"}"##,
      "s.json: views[0].children[0].shadow.color: expected \(ColorText.expected), got \"#12\""
    ),
    (
      ##""frame": [0, 0, 1, 1], "shadow": {"radius": 1}"##,
      "s.json: views[0].children[0].shadow.opacity: missing (required)"
    ),
    (
      ##""frame": [0, 0, 1, 1], "shadow": {"opacity": 1, "radius": 1, "blur": 3}"##,
      ##"s.json: views[0].children[0].shadow.blur: unknown key "blur"; did you mean "color"? (known: color, opacity, radius, offset)"##
    ),
    (
      ##""frame": [0, 0, 1, 1], "contentMode": "aspectFil""##,
      ##"s.json: views[0].children[0].contentMode: expected a content mode ("scaleToFill", "aspectFit", "aspectFill", "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"), got "aspectFil"; did you mean "aspectFill"?"##
    ),
    (
      ##""frame": [0, 0, 1, 1], "contentMode": "aspectFi""##,
      ##"s.json: views[0].children[0].contentMode: expected a content mode ("scaleToFill", "aspectFit", "aspectFill", "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"), got "aspectFi"; did you mean "aspectFit" or "aspectFill"?"##
    ),
    (
      ##""frame": [0, 0, 1, 1], "contentMode": 3"##,
      "s.json: views[0].children[0].contentMode: expected a string"
    ),
    (
      ##""frame": [0, 0, 1, 1], "contentmode": "center""##,
      ##"s.json: views[0].children[0].contentmode: unknown key "contentmode"; did you mean "contentMode"? (known: id, frame, relative, autoresizing, color, alpha, cornerRadius, cornerRadii, border, shadow, clipsToBounds, hidden, image, contentMode, text, match, children)"##
    ),
  ]

  @Test("every bad view key is refused with the exact line naming its place")
  func badViewKeys() {
    for (card, expected) in Self.badViews {
      #expect(
        decodingMessage(AnimateFixture.json(script: ##"{"wait": 0}"##, card: card)) == expected,
        "\(card)")
    }
  }

  static let at = "s.json: script[1].animate[0].changes[0]"

  static let badChanges: [(change: String, message: String)] = [
    (
      ##"{"view": "card", "colour": "#fff"}"##,
      ##"\##(at).colour: unknown key "colour"; did you mean "color"? (known: view, frame, relative, cornerRadius, cornerRadii, color, alpha, borderWidth, borderColor, shadow, contentMode, textColor, translate, scale, rotate)"##
    ),
    (##"{"alpha": 0.5}"##, "\(at).view: missing (required)"),
    (
      ##"{"view": "card"}"##,
      "\(at): changes nothing: give frame, cornerRadius, cornerRadii, color, alpha, borderWidth, borderColor, shadow, contentMode, textColor, translate, scale, rotate or some of them"
    ),
    (##"{"view": "nope", "alpha": 1}"##, ##"\##(at).view: no view "nope" in the file"##),
    (
      ##"{"view": "home", "alpha": 1}"##,
      ##"\##(at).view: "home" is a screen, which the container lays out; animate the views inside it"##
    ),
    (
      ##"{"view": "card", "relative": true, "alpha": 1}"##,
      "\(at).relative: applies to frame, which this change does not give"
    ),
    (
      ##"{"view": "card", "frame": [0, 0, 1]}"##,
      "\(at).frame: expected [x, y, width, height], got 3 numbers"
    ),
    (
      ##"{"view": "card", "frame": [0, 0, -1, 1]}"##,
      "\(at).frame: expected numbers within ±1000000 and a size of 0 or more, got [0.0, 0.0, -1.0, 1.0]"
    ),
    (
      ##"{"view": "card", "cornerRadius": -1}"##, "\(at).cornerRadius: expected 0…1000000, got -1.0"
    ),
    (
      ##"{"view": "card", "cornerRadius": 1, "cornerRadii": [1, 1, 1, 1]}"##,
      "\(at).cornerRadii: give cornerRadius (all four corners alike) or cornerRadii, not both"
    ),
    (
      ##"{"view": "card", "cornerRadii": [1, 1]}"##,
      "\(at).cornerRadii: expected [topLeft, topRight, bottomRight, bottomLeft], got 2 numbers"
    ),
    (
      ##"{"view": "card", "color": "pink"}"##,
      "\(at).color: expected \(ColorText.expected), got \"pink\""
    ),
    (
      ##"{"view": "card", "borderColor": "#gg0000"}"##,
      "\(at).borderColor: expected \(ColorText.expected), got \"#gg0000\""
    ),
    (
      ##"{"view": "label", "textColor": "#00"}"##,
      "\(at).textColor: expected \(ColorText.expected), got \"#00\""
    ),
    (##"{"view": "card", "alpha": 1.5}"##, "\(at).alpha: expected 0…1, got 1.5"),
    (##"{"view": "card", "borderWidth": -2}"##, "\(at).borderWidth: expected 0…1000000, got -2.0"),
    (
      ##"{"view": "card", "shadow": {"opacity": 0.5, "radius": 1, "offset": [0, 0, 0]}}"##,
      "\(at).shadow.offset: expected [x, y], got 3 numbers"
    ),
    (
      ##"{"view": "card", "shadow": {"opacity": -0.5, "radius": 1}}"##,
      "\(at).shadow.opacity: expected 0…1, got -0.5"
    ),
    (
      ##"{"view": "card", "contentMode": "fill"}"##,
      ##"\##(at).contentMode: expected a content mode ("scaleToFill", "aspectFit", "aspectFill", "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"), got "fill"; did you mean "scaleToFill" or "aspectFill"?"##
    ),
    (
      ##"{"view": "label", "contentMode": "center"}"##,
      ##"\##(at).contentMode: applies to a view with an image, and "label" has none"##
    ),
    (
      ##"{"view": "card", "textColor": "#ffffff"}"##,
      ##"\##(at).textColor: applies to a view with text, and "card" has none"##
    ),
    (
      ##"{"view": "card", "translate": [1, 2, 3]}"##,
      "\(at).translate: expected [x, y], got 3 numbers"
    ),
    (
      ##"{"view": "card", "translate": [1, 2e6]}"##,
      "\(at).translate: expected numbers within ±1000000, got [1.0, 2000000.0]"
    ),
    (##"{"view": "card", "scale": 0}"##, "\(at).scale: expected a factor in 0.001…1000, got 0.0"),
    (##"{"view": "card", "scale": -1}"##, "\(at).scale: expected a factor in 0.001…1000, got -1.0"),
    (##"{"view": "card", "scale": [2, 2]}"##, "\(at).scale: expected a number"),
    (
      ##"{"view": "card", "rotate": 36001}"##,
      "\(at).rotate: expected degrees in −36000…36000, got 36001.0"
    ),
  ]

  @Test("every bad change is refused with the exact line naming its key path")
  func badChanges() {
    for (change, expected) in Self.badChanges {
      #expect(decodingMessage(AnimateFixture.animating(change)) == expected, "\(change)")
    }
  }

  static let badSteps: [(script: String, message: String)] = [
    (
      ##"{"animate": "reversed"}"##,
      ##"s.json: script[1].animate: expected a list of steps or "reverse", got "reversed""##
    ),
    (##"{"animate": 3}"##, ##"s.json: script[1].animate: expected a list of steps or "reverse""##),
    (
      ##"{"animate": {"duration": 1}}"##,
      ##"s.json: script[1].animate: expected a list of steps or "reverse""##
    ),
    (
      ##"{"animate": null}"##,
      ##"s.json: script[1].animate: expected a list of steps or "reverse""##
    ),
    (##"{"animate": []}"##, "s.json: script[1].animate: expected at least one step"),
    (
      ##"{"animate": "reverse"}"##,
      "s.json: script[1].animate: no animate before it to reverse"
    ),
    (
      ##"{"animate": [{"changes": []}]}"##,
      "s.json: script[1].animate[0].duration: missing (required)"
    ),
    (
      ##"{"animate": [{"duration": 1}]}"##,
      "s.json: script[1].animate[0].changes: missing (required)"
    ),
    (
      ##"{"animate": [{"duration": -1, "changes": []}]}"##,
      "s.json: script[1].animate[0].duration: expected 0…3600 seconds, got -1.0"
    ),
    (
      ##"{"animate": [{"duration": 1, "overlap": 4000, "changes": []}]}"##,
      "s.json: script[1].animate[0].overlap: expected −3600…3600 seconds, got 4000.0"
    ),
    (
      ##"{"animate": [{"duration": 1, "curve": "ease-outt", "changes": []}]}"##,
      "s.json: script[1].animate[0].curve: \(Self.curveProblem("ease-outt"))"
    ),
    (
      ##"{"animate": [{"duration": 1, "curves": "linear", "changes": []}]}"##,
      ##"s.json: script[1].animate[0].curves: unknown key "curves"; did you mean "curve"? (known: duration, curve, overlap, changes)"##
    ),
    (
      ##"{"animate": [{"duration": 1, "changes": [{"view": "card", "alpha": 1}]}], "style": "fade-in"}"##,
      ##"s.json: script[1].style: "style" does not apply to animate (animate takes frames, after)"##
    ),
    (
      ##"{"animate": [{"duration": 1, "changes": []}], "frames": 10001}"##,
      "s.json: script[1].frames: expected 0…10000 frames, got 10001"
    ),
  ]

  static func curveProblem(_ text: String) -> String {
    do {
      _ = try TimingCurve(parsing: text)
      return "parses"
    } catch {
      return error.message
    }
  }

  @Test("every bad step or animate value is refused with the exact line")
  func badSteps() {
    #expect(Self.curveProblem("ease-outt") != "parses")
    for (script, expected) in Self.badSteps {
      #expect(decodingMessage(AnimateFixture.json(script: script)) == expected, "\(script)")
    }
  }
}
