import Testing
import Transit
import TransitTestSupport

/// Edge cases of binding, sampling and reversal that random cases rarely hit.
@Suite("Timeline edges")
struct TimelineEdgeTests {
  let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

  func scene() -> Scene {
    Scene(
      size: bounds.size,
      views: [
        View(
          id: "old", frame: bounds,
          children: [View(id: "bar", frame: Rect(x: 10, y: 10, width: 100, height: 20))]),
        View(id: "new", frame: bounds),
      ])
  }

  @Test func emptyAnimationSamplesTheSceneItself() throws {
    let timeline = try Animation.empty.timeline(from: scene())
    #expect(timeline.duration == 0)
    #expect(timeline.sample(at: 0) == scene())
    #expect(timeline.sample(frame: 3, of: 5) == scene())
    #expect(timeline.reversed().endScene == scene())
    #expect(timeline.stepSpans.isEmpty)
  }

  @Test func zeroLengthStepsApplyAtOnce() throws {
    let animation = Animation([
      .instant([.translate("new", x: 390, y: 0), .alpha("new", to: 0)]),
      .instant([.hidden("old")]),
    ])
    let timeline = try animation.timeline(from: scene())
    #expect(timeline.duration == 0)
    let start = timeline.sample(frame: 0, of: 1)
    #expect(start.view("new")?.transform == .translation(x: 390, y: 0))
    #expect(start.view("new")?.alpha == 0)
    #expect(start.view("old")?.isHidden == true)
    // The reverse of an instant animation is the same single state.
    #expect(timeline.reversed().sample(frame: 0, of: 1) == start)
  }

  @Test func singleFrameShowsTheStart() throws {
    let animation = Animation([
      AnimationStep(duration: 1, changes: [.translate("new", x: -100, y: 0)])
    ])
    let timeline = try animation.timeline(from: scene())
    #expect(timeline.sample(frame: 0, of: 1).view("new")?.transform == .identity)
    #expect(timeline.time(ofFrame: 0, of: 1) == 0)
    // Out-of-range frames are clamped, not trapped.
    #expect(timeline.sample(frame: 7, of: 1) == timeline.sample(frame: 0, of: 1))
    #expect(timeline.sample(frame: -3, of: 4) == timeline.sample(frame: 0, of: 4))
  }

  /// A single frame is a first frame before it is a last one: each
  /// timeline's own start, as `time(ofFrame: 0, of: 1) == 0` says, so the
  /// reverse's single frame is the forward's end (not its start, which is
  /// where the reverse ends).
  @Test func aSingleFrameIsTheStartInEveryDirection() throws {
    let animation = Animation([
      AnimationStep(
        duration: 1, curve: .easeIn,
        changes: [.translate("new", x: -100, y: 0), .fade("old", by: -0.5)]),
      AnimationStep(duration: 0.5, overlap: 0.2, changes: [.rotate("bar", by: 0.7)]),
    ])
    let forward = try animation.timeline(from: scene())
    for timeline in [forward, forward.reversed(), forward.reversed(along: .easeOut)] {
      let single = timeline.sample(frame: 0, of: 1)
      #expect(timeline.time(ofFrame: 0, of: 1) == 0)
      #expect(bitIdentical(single, timeline.sample(at: 0)), "\(timeline.direction)")
      #expect(bitIdentical(single, timeline.sample(frame: 0, of: 7)), "\(timeline.direction)")
      #expect(bitIdentical(single, timeline.startScene), "\(timeline.direction)")
      #expect(
        bitIdentical(timeline.state(of: "bar", frame: 0, of: 1), single.state(of: "bar")),
        "\(timeline.direction)")
    }
    #expect(bitIdentical(forward.reversed().sample(frame: 0, of: 1), forward.endScene))
    #expect(!bitIdentical(forward.reversed().sample(frame: 0, of: 1), forward.startScene))
    #expect(
      bitIdentical(forward.reversed(along: .easeOut).sample(frame: 0, of: 1), forward.endScene))
  }

  @Test func lastFrameIsTheEndExactly() throws {
    // 0.1 · 3 / 3 is not 0.1 in floating point; frame N−1 must still be the end.
    let animation = Animation([
      AnimationStep(duration: 0.1, curve: .linear, changes: [.translate("new", x: 0.3, y: 0)])
    ])
    let timeline = try animation.timeline(from: scene())
    for n in 2...50 {
      #expect(timeline.time(ofFrame: n - 1, of: n) == 0.1)
      #expect(
        timeline.sample(frame: n - 1, of: n).view("new")?.transform == .translation(x: 0.3, y: 0))
    }
  }

  @Test func scaleToZeroAndBackIsExactThroughTheTimeline() throws {
    let animation = Animation([
      AnimationStep(duration: 0.4, changes: [.scale("new", by: 0)]),
      AnimationStep(duration: 0.4, changes: [.fade("new", by: -1)]),
    ])
    let forward = try animation.timeline(from: scene())
    let end = forward.endScene
    #expect(end.view("new")?.transform.m11 == 0)
    #expect(end.view("new")?.alpha == 0)
    #expect(forward.reversed().endScene == forward.startScene)
    // Without a scene the inverse of a zero scale does not exist.
    #expect(throws: TransitError.self) { try animation.reversed() }
  }

  @Test func alphaStaysWithinItsRangeAtBothEnds() throws {
    var s = scene()
    s.updateView("new") { $0.alpha = 0 }
    let animation = Animation([
      AnimationStep(duration: 1, changes: [.fade("new", by: 1)]),
      AnimationStep(duration: 1, changes: [.alpha("new", to: 0)]),
    ])
    let timeline = try animation.timeline(from: s)
    #expect(timeline.state(of: "new", at: 1)?.alpha == 1)
    #expect(timeline.state(of: "new", at: 2)?.alpha == 0)
    #expect(timeline.reversed().state(of: "new", at: 1)?.alpha == 1)
    let tooMuch = Animation([
      AnimationStep(duration: 1, changes: [.fade("new", by: 0.5), .fade("new", by: 0.6)])
    ])
    let error = #expect(throws: TransitError.self) { try tooMuch.timeline(from: s) }
    #expect(error?.message.contains("step 1") == true)
    #expect(error?.message.contains("'new'") == true)
  }

  /// A segment at its very start gives its `from` as it is, not `from`
  /// mixed with `to` at 0: a mix would turn −0 into +0, and a step that
  /// starts on a view's own value would then move it by a sign bit.
  @Test func aSegmentAtItsStartGivesItsFromBitForBit() throws {
    var s = scene()
    s.updateView("new") { $0.frame = Rect(x: -0.0, y: 0, width: 10, height: 10) }
    let animation = Animation([
      AnimationStep(duration: 1, changes: [.alpha("new", to: 0.5)]),
      AnimationStep(
        duration: 1, changes: [.frame("new", to: Rect(x: 10, y: 0, width: 10, height: 10))]),
    ])
    let timeline = try animation.timeline(from: s)
    let x = try #require(timeline.state(of: "new", at: 1)?.frame.origin.x)
    #expect(x.bitPattern == (-0.0 as Double).bitPattern)
  }

  @Test func hundredStepsForwardThenReverseLandBitForBit() throws {
    var steps: [AnimationStep] = []
    for k in 0..<100 {
      steps.append(
        AnimationStep(
          duration: 0.01 * Double(k % 7), curve: k.isMultiple(of: 2) ? .easeIn : .easeOut,
          overlap: k > 0 && k.isMultiple(of: 3) ? 0.001 : 0,
          changes: [
            .translate("new", x: 0.1 * Double(k), y: -0.3),
            .rotate("bar", by: 0.1, z: 1),
            .scale("old", by: k.isMultiple(of: 2) ? 1.1 : 1 / 1.1),
          ]))
    }
    let forward = try Animation(steps).timeline(from: scene())
    let back = forward.reversed()
    #expect(bitIdentical(back.endScene, forward.startScene))
    #expect(bitIdentical(back.startScene, forward.endScene))
    for i in 0..<30 {
      #expect(bitIdentical(back.sample(frame: i, of: 30), forward.sample(frame: 29 - i, of: 30)))
    }
    // Inverting the deltas instead (CoconutKit's way) drifts: this is why Transit does not.
    let inverted = try Animation(steps).reversed().timeline(from: forward.endScene)
    let drift = inverted.endScene.view("bar")!.transform.entries
    let exact = forward.initialScene.view("bar")!.transform.entries
    #expect(drift != exact)
    #expect(zip(drift, exact).allSatisfy { abs($0 - $1) < 1e-6 })
  }

  @Test func overlappingStepsPlayTogether() throws {
    let animation = Animation([
      AnimationStep(duration: 1, curve: .linear, changes: [.translate("new", x: 100, y: 0)]),
      AnimationStep(duration: 1, curve: .linear, overlap: 0.5, changes: [.fade("old", by: -1)]),
    ])
    let timeline = try animation.timeline(from: scene())
    #expect(timeline.duration == 1.5)
    let middle = timeline.sample(at: 0.75)
    #expect(middle.view("new")?.transform.m41 == 75)
    #expect(middle.view("old")?.alpha == 0.75)
    #expect(timeline.stepSpans.map(\.end) == [1, 1.5])
    #expect(timeline.reversed().stepSpans.map(\.index) == [1, 0])
  }

  @Test func rerunGoesBackAlongAnotherCurve() throws {
    let animation = Animation([
      AnimationStep(duration: 1, curve: .easeIn, changes: [.translate("new", x: 100, y: 0)])
    ])
    let forward = try animation.timeline(from: scene())
    let mirror = forward.reversed()
    let rerun = forward.reversed(along: .linear)
    #expect(rerun.state(of: "new", at: 0.25)?.transform.m41 == 75)
    #expect(mirror.state(of: "new", at: 0.25)?.transform.m41 != 75)
    #expect(rerun.endScene == forward.startScene)
  }

  @Test func initialDelayIsKeptByTheUnboundReverse() throws {
    let animation = Animation([
      AnimationStep(duration: 1, overlap: -0.5, changes: [.translate("new", x: 64, y: 0)])
    ])
    #expect(animation.duration == 1.5)
    let back = try animation.reversed()
    #expect(back.duration == 1.5)
    let timeline = try back.timeline(from: try animation.timeline(from: scene()).endScene)
    #expect(timeline.endScene.view("new")?.transform == .identity)
  }
}

/// The relative turn through a camera: on the view's plane it is a rotation
/// about the pivot seen through the camera, at every progress.
@Suite("Turns in perspective")
struct PerspectiveTurnTests {
  @Test func everyFrameIsATurnAboutThePivotThroughTheCamera() throws {
    let bounds = Rect(x: 0, y: 0, width: 200, height: 300)
    let scene = Scene(size: bounds.size, views: [View(id: "card", frame: bounds)])
    let pivot = Vector3(x: 0, y: 150, z: 0)  // the bottom edge
    let d = 1_200.0
    let turn = Animation([
      AnimationStep(
        duration: 1, curve: .linear,
        changes: [
          .rotate(
            "card", by: .pi / 2, axis: Vector3(x: 1, y: 0, z: 0), pivot: pivot, cameraDistance: d)
        ])
    ])
    let timeline = try turn.timeline(from: scene)
    for i in 0...10 {
      let t = Double(i) / 10
      let m = try #require(timeline.state(of: "card", at: t)).transform
      let expected = Transform3D.translation(x: 0, y: -150)
        .concatenating(.rotation(angle: .pi / 2 * t, x: 1, y: 0, z: 0))
        .concatenating(.translation(x: 0, y: 150))
        .concatenating(.perspective(distance: d))
      // The hinge (bottom edge) stays where it is at every frame.
      for x in [-100.0, 0, 100] {
        let p = try #require(m.projecting(Point(x: x, y: 150)))
        #expect(abs(p.x - x) < 1e-9 && abs(p.y - 150) < 1e-9)
      }
      // And every point of the plane lands where the reference turn puts it.
      for point in [Point(x: -100, y: -150), Point(x: 50, y: 20), Point(x: 100, y: -150)] {
        let a = m.projecting(point)
        let b = expected.projecting(point)
        #expect(
          a.map { a in b.map { abs(a.x - $0.x) < 1e-9 && abs(a.y - $0.y) < 1e-9 } ?? false }
            ?? (b == nil))
      }
    }
  }

  @Test func badCamerasAndAxesAreRejected() {
    let scene = Scene(size: Size(width: 10, height: 10), views: [View(id: "a", frame: .zero)])
    for change in [
      Change.rotate("a", by: 1, axis: .zero, cameraDistance: 100),
      Change.rotate("a", by: 1, axis: Vector3(x: 0, y: 1, z: 0), cameraDistance: 0),
      Change.rotate("a", by: .nan, axis: Vector3(x: 0, y: 1, z: 0), cameraDistance: nil),
    ] {
      #expect(throws: TransitError.self) {
        try Animation([AnimationStep(duration: 1, changes: [change])]).timeline(from: scene)
      }
    }
  }
}
