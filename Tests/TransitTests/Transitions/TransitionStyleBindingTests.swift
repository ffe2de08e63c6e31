import Testing
import Transit

@Suite("Transition styles bind anywhere")
struct TransitionStyleBindingTests {
  typealias F = TransitionFixtures

  @Test(
    "every style binds at every bounds, with either view absent, and stays finite",
    arguments: F.styleNames)
  func bindsEverywhere(name: String) throws {
    let style = try F.style(name)
    let halves: [(String?, String?)] = [
      (F.appearing, F.disappearing), (nil, F.disappearing), (F.appearing, nil), (nil, nil),
    ]
    for bounds in F.allBounds {
      for (appearing, disappearing) in halves {
        let context = TransitionContext(
          bounds: bounds, appearingViewID: appearing, disappearingViewID: disappearing)
        let animation = try style.animation(for: context)
        try animation.validate()
        #expect(abs(animation.duration - style.intrinsicDuration) < 1e-12)
        let scene = F.scene(bounds, appearing: appearing != nil, disappearing: disappearing != nil)
        let timeline = try animation.timeline(from: scene)
        for i in 0..<13 {
          let frame = timeline.sample(frame: i, of: 13)
          #expect(F.isFinite(frame), "\(name) at \(bounds.size), frame \(i) of 13")
        }
      }
    }
  }

  @Test("the 48 built-in styles have the design's names, in the table's order")
  func names() {
    let edges = ["top", "bottom", "left", "right"]
    let corners = edges + ["top-left", "top-right", "bottom-left", "bottom-right"]
    var expected = ["none"]
    expected += corners.map { "cover-from-\($0)" }
    expected += corners.map { "cover-from-\($0)-push-to-back" }
    expected += ["fade-in", "fade-in-push-to-back", "cross-dissolve"]
    expected += edges.map { "push-from-\($0)" }
    expected += edges.map { "push-from-\($0)-fade-in" }
    expected += edges.map { "push-to-back-from-\($0)" }
    expected += edges.map { "flow-from-\($0)" }
    expected += ["emerge-from-center", "emerge-from-center-push-to-back"]
    expected += ["flip-horizontally", "flip-vertically"]
    for hinge in ["horizontally-from-bottom", "horizontally-from-top", "vertically-from-left"]
      + ["vertically-from-right"]
    {
      expected += ["rotate-\(hinge)-clockwise", "rotate-\(hinge)-counterclockwise"]
    }
    #expect(expected.count == 48)
    #expect(TransitionStyles.builtIn.names == expected)
    #expect(TransitionStyles.builtInStyles.map(\.name) == expected)
  }

  @Test("intrinsic durations follow the table", arguments: TransitionStyles.builtIn.names)
  func intrinsicDurations(name: String) throws {
    let expected: Double
    if name == "none" {
      expected = 0
    } else if name.hasSuffix("-fade-in") || name.hasPrefix("flow-") || name.hasPrefix("flip-")
      || name.hasPrefix("rotate-")
    {
      expected = 0.6
    } else {
      expected = 0.4
    }
    let style = try F.style(name)
    #expect(style.intrinsicDuration == expected)
    let animation = try style.intrinsicAnimation(
      in: TransitionContext(
        bounds: F.portrait, appearingViewID: F.appearing, disappearingViewID: F.disappearing))
    #expect(abs(animation.duration - expected) < 1e-12)
    // Setup and cleanup steps are instant; every animated step uses the
    // table's durations.
    for step in animation.steps {
      #expect([0, 0.2, 0.3, 0.4].contains(step.duration), "\(name): step of \(step.duration) s")
    }
  }

  @Test(
    "a context's duration rescales every step; 0 makes the style instant",
    arguments: F.styleNames)
  func contextDuration(name: String) throws {
    let style = try F.style(name)
    let scene = F.scene(F.portrait)
    let intrinsic = try F.transition(style).forwardTimeline(from: scene, bounds: F.portrait)
    let slow = try F.transition(style, duration: 1.2).forwardTimeline(
      from: scene, bounds: F.portrait)
    let instant = try F.transition(style, duration: 0).forwardTimeline(
      from: scene, bounds: F.portrait)
    #expect(instant.duration == 0)
    if style.intrinsicDuration > 0 {
      #expect(abs(slow.duration - 1.2) < 1e-12)
    } else {
      #expect(slow.duration == 0)
    }
    // The same changes, whatever the duration: the same end.
    #expect(slow.endScene == intrinsic.endScene)
    #expect(instant.endScene == intrinsic.endScene)
    #expect(instant.startScene == intrinsic.endScene)
  }
}
