import Foundation
import Testing
import Transit

@Suite("Transition perspective: flips and hinged rotations")
struct TransitionPerspectiveTests {
  typealias F = TransitionFixtures

  /// `R(angle about axis) · P(d)`: a turn seen through the camera.
  static func turned(_ angle: Double, axis: (Double, Double), distance d: Double) -> Transform3D {
    Transform3D.rotation(angle: angle, x: axis.0, y: axis.1, z: 0)
      .concatenating(.perspective(distance: d))
  }

  /// CoconutKit's flip at a moment: the layer turned by `angle`, then its
  /// parent's sublayer transform, a move of `z` in depth and the camera:
  /// `R · T(0, 0, z) · P`.
  static func coconutKit(
    _ angle: Double, axis: (Double, Double), depth z: Double, distance d: Double
  ) -> Transform3D {
    Transform3D.rotation(angle: angle, x: axis.0, y: axis.1, z: 0)
      .concatenating(.translation(x: 0, y: 0, z: z))
      .concatenating(.perspective(distance: d))
  }

  @Test(
    "a flip's corners are where CoconutKit draws them, pushed back by camera/5 and forward again",
    arguments: ["flip-horizontally", "flip-vertically"])
  func flipDepthAsCoconutKit(name: String) throws {
    let axis: (Double, Double) = name == "flip-horizontally" ? (1, 0) : (0, 1)
    for bounds in [F.portrait, F.landscape, F.square] {
      let d = 4 * max(bounds.width, bounds.height)
      let timeline = try F.transition(F.style(name)).forwardTimeline(
        from: F.scene(bounds), bounds: bounds)
      let corners = [
        Point(x: 0, y: 0), Point(x: bounds.width, y: 0), Point(x: 0, y: bounds.height),
        Point(x: bounds.width, y: bounds.height),
      ]
      var largestPush = 0.0
      for i in 0..<61 {
        let time = 0.6 * Double(i) / 60
        // The model: ease-in over the first 0.3 s, ease-out over the next.
        let (angle, depth): (Double, Double)
        if time <= 0.3 {
          let p = TimingCurve.easeIn.value(at: time / 0.3)
          (angle, depth) = (.pi / 2 * p, -d / 5 * p)
        } else {
          let p = TimingCurve.easeOut.value(at: (time - 0.3) / 0.3)
          (angle, depth) = (.pi / 2 + .pi / 2 * p, -d / 5 + d / 5 * p)
        }
        let model = Self.coconutKit(angle, axis: axis, depth: depth, distance: d)
        let flat = Self.turned(angle, axis: axis, distance: d)
        let actual = try #require(timeline.state(of: F.disappearing, at: time)).transform
        for corner in corners {
          guard let expected = F.project(corner, frame: bounds, transform: model),
            let drawn = F.project(corner, frame: bounds, transform: actual)
          else { continue }
          #expect(
            abs(expected.x - drawn.x) < 1e-6 && abs(expected.y - drawn.y) < 1e-6,
            "\(name) at \(time): \(drawn), CoconutKit \(expected)")
          if let unpushed = F.project(corner, frame: bounds, transform: flat) {
            largestPush = max(
              largestPush, abs(unpushed.x - expected.x), abs(unpushed.y - expected.y))
          }
        }
      }
      // The push is no detail: without it corners are tens of points off.
      #expect(largestPush > 20, "\(name) at \(bounds.size)")
    }
  }

  @Test(
    "a flip's frames carry a camera at 4 × the bounds' larger side",
    arguments: ["flip-horizontally", "flip-vertically"])
  func flipCamera(name: String) throws {
    let style = try F.style(name)
    let axis: (Double, Double) = name == "flip-horizontally" ? (1, 0) : (0, 1)
    for bounds in [F.portrait, F.landscape, F.square] {
      let d = 4 * max(bounds.width, bounds.height)
      let timeline = try F.transition(style).forwardTimeline(from: F.scene(bounds), bounds: bounds)
      // Mid-progress (0.3 s of 0.6): both views edge-on, a fifth of the
      // camera distance further away, seen through the camera.
      let middle = try #require(timeline.state(of: F.disappearing, at: 0.3)).transform
      let pushedBack = Self.coconutKit(.pi / 2, axis: axis, depth: -d / 5, distance: d)
      #expect(F.isCloseOnPlane(middle, pushedBack, tolerance: 1e-9), "\(name)")
      let other = try #require(timeline.state(of: F.appearing, at: 0.3)).transform
      let otherPushedBack = Self.coconutKit(-.pi / 2, axis: axis, depth: -d / 5, distance: d)
      #expect(F.isCloseOnPlane(other, otherPushedBack, tolerance: 1e-9), "\(name)")
      #expect(!middle.isAffine2D)
      // Frame 0: the appearing view turned by −π, through the same camera.
      let start = try #require(timeline.state(of: F.appearing, at: 0)).transform
      #expect(F.isCloseOnPlane(start, Self.turned(-.pi, axis: axis, distance: d)))
      // The disappearing view ends turned by π; the appearing one is flat.
      let end = try #require(timeline.state(of: F.disappearing, at: 0.6)).transform
      #expect(F.isCloseOnPlane(end, Self.turned(.pi, axis: axis, distance: d), tolerance: 1e-9))
      #expect(timeline.state(of: F.appearing, at: 0.6)?.transform == .identity)
    }
  }

  @Test("between steps a flip stays on its path: every frame is a turn, a push and the camera")
  func flipFramesStayOnTheArc() throws {
    let bounds = F.portrait
    let d = 4 * max(bounds.width, bounds.height)
    let timeline = try F.transition(F.style("flip-vertically")).forwardTimeline(
      from: F.scene(bounds), bounds: bounds)
    for i in 1..<30 {
      let t = try #require(timeline.state(of: F.disappearing, frame: i, of: 60)).transform
      // A turn about y has m11 = cos θ and m13 = −sin θ on the plane rows
      // before the camera; recover θ, and the push that goes with it (the
      // same progress of the same step), and rebuild the frame.
      let angle = atan2(-t.m13, t.m11)
      let depth = -d / 5 * angle / (.pi / 2)
      #expect(
        F.isCloseOnPlane(
          t, Self.coconutKit(angle, axis: (0, 1), depth: depth, distance: d), tolerance: 1e-9))
    }
  }

  @Test("a flip in zero-size bounds has no camera and no infinities")
  func flipWithoutBounds() throws {
    for name in ["flip-horizontally", "flip-vertically"] {
      let timeline = try F.transition(F.style(name)).forwardTimeline(
        from: F.scene(.zero), bounds: .zero)
      for time in stride(from: 0.0, through: 0.6, by: 0.05) {
        let t = try #require(timeline.state(of: F.disappearing, at: time)).transform
        #expect(t.isFinite)
        #expect(t.m34 == 0 && t.m14 == 0 && t.m24 == 0)
      }
    }
  }

  static let rotateNames = TransitionStyles.builtIn.names.filter { $0.hasPrefix("rotate-") }

  @Test("a rotate style keeps its hinge edge fixed", arguments: rotateNames)
  func hingeStaysFixed(name: String) throws {
    let style = try F.style(name)
    for bounds in [F.portrait, F.landscape] {
      let (w, h) = (bounds.width, bounds.height)
      let hinge: [Point]
      let opposite: [Point]
      if name.contains("-bottom-") {
        hinge = [Point(x: 0, y: h), Point(x: w, y: h)]
        opposite = [Point(x: 0, y: 0), Point(x: w, y: 0)]
      } else if name.contains("-top-") {
        hinge = [Point(x: 0, y: 0), Point(x: w, y: 0)]
        opposite = [Point(x: 0, y: h), Point(x: w, y: h)]
      } else if name.contains("-left-") {
        hinge = [Point(x: 0, y: 0), Point(x: 0, y: h)]
        opposite = [Point(x: w, y: 0), Point(x: w, y: h)]
      } else {
        hinge = [Point(x: w, y: 0), Point(x: w, y: h)]
        opposite = [Point(x: 0, y: 0), Point(x: 0, y: h)]
      }
      let timeline = try F.transition(style).forwardTimeline(from: F.scene(bounds), bounds: bounds)
      // Mid-progress (0.3 s of 0.6), and the step boundaries around it.
      for time in [0.0, 0.3, 0.6] {
        for id in [F.appearing, F.disappearing] {
          let state = try #require(timeline.state(of: id, at: time))
          for corner in hinge {
            let p = try #require(F.project(corner, frame: state.frame, transform: state.transform))
            #expect(
              abs(p.x - corner.x) < 1e-9 && abs(p.y - corner.y) < 1e-9, "\(name) \(id) \(time)")
          }
        }
      }
      // At mid-progress both views are turned by π/4: the far edge has moved.
      for id in [F.appearing, F.disappearing] {
        let state = try #require(timeline.state(of: id, at: 0.3))
        #expect(!state.transform.isAffine2D)
        let moved = opposite.map { corner in
          F.project(corner, frame: state.frame, transform: state.transform).map {
            abs($0.x - corner.x) + abs($0.y - corner.y)
          } ?? .infinity
        }
        #expect(moved.allSatisfy { $0 > 1 }, "\(name) \(id)")
      }
    }
  }
}
