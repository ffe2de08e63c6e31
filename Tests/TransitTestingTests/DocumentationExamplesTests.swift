import Testing
import Transit
import TransitRender
import TransitTestSupport

@testable import TransitTesting

// The code of the TransitRender and TransitTesting documentation catalogs
// (Sources/TransitRender/TransitRender.docc, Sources/TransitTesting/
// TransitTesting.docc), run for real. Each test names the page and the
// section its code mirrors; when you change a code block there, change it
// here. The Transit catalog's code is in
// Tests/TransitTests/Documentation/DocumentationExamplesTests.swift.
//
// Where a page writes into the package (a PNG next to you, Goldens/,
// .artifacts/), the test writes into a temporary directory instead; the
// rest is the same code.

/// A push from the right between two placeholder screens, drawn as a strip
/// of `count` frames.
///
/// Mirrors TransitTesting.docc/GoldenImageTests.md, section "Draw what you
/// want to keep", and the strip of TransitRender.md's overview.
func pushStrip(count: Int = 6) throws -> Image {
  let bounds = Rect(x: 0, y: 0, width: 120, height: 200)
  let scene = Scene(
    size: bounds.size,
    views: [
      PlaceholderScreen.red.view(id: "from", bounds: bounds),
      PlaceholderScreen.blue.view(id: "to", bounds: bounds),
    ])
  let transition = Transition(
    style: PushStyle(from: .right), appearingViewID: "to", disappearingViewID: "from")
  let timeline = try transition.forwardTimeline(from: scene, bounds: bounds)
  return try Renderer().renderSheet(count: count, padding: 4, background: .white) {
    timeline.sample(frame: $0, of: count)
  }
}

@Suite("Documentation examples (render and testing)")
struct RenderingDocumentationExamplesTests {
  @Test("TransitRender landing page: render a frame, a strip, a PNG")
  func renderLandingPage() throws {
    let directory = TemporaryDirectory.make().path
    // TransitRender.md, "Overview" (writing to `directory` rather than the
    // current one).
    let bounds = Rect(x: 0, y: 0, width: 120, height: 200)
    let scene = Scene(
      size: bounds.size,
      views: [
        View(id: "home", frame: bounds, backgroundColor: .white),
        View(
          id: "card", frame: Rect(x: 10, y: 60, width: 100, height: 80),
          backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.9), cornerRadius: 12,
          border: Border(width: 2, color: .black)),
      ])
    let fade = try Animation([
      AnimationStep(duration: 0.3, changes: [.fade("card", by: -1), .scale("card", by: 0.5)])
    ]).timeline(from: scene)

    let renderer = Renderer(options: RenderOptions(scale: 2))
    let first = try renderer.render(fade.sample(frame: 0, of: 5))
    try first.writePNG(to: directory + "/first.png")

    let strip = try renderer.renderSheet(count: 5, padding: 4, background: .white) {
      fade.sample(frame: $0, of: 5)
    }
    try strip.writePNG(to: directory + "/strip.png")

    // What the page says: 2 pixels per point, five cells of 240×400 with
    // 4 pixels of padding, and the PNG reads back to the same pixels.
    #expect(first.width == 240 && first.height == 400)
    #expect(strip.width == 5 * 240 + 6 * 4 && strip.height == 400 + 2 * 4)
    #expect(try Image(contentsOfPNGFile: directory + "/first.png") == first)
    // The card is drawn in the first frame and gone in the last one.
    // (Cairo rounds 0.3 × 255 its own way: compare channels within 1.)
    let blue = Color(red: 0.2, green: 0.3, blue: 0.9).premultipliedARGB32
    let centre = first[120, 200]
    #expect(
      [0, 8, 16, 24].allSatisfy { abs(Int(centre >> $0 & 0xFF) - Int(blue >> $0 & 0xFF)) <= 1 })
    let lastCell = 4 + 4 * (240 + 4)
    #expect(strip[lastCell + 120, 4 + 200] == Color.white.premultipliedARGB32)
  }

  @Test("TransitTesting landing page and golden article: record, pass, fail with a diff")
  func goldenLifecycle() throws {
    let goldens = TemporaryDirectory.make().path
    let artifacts = TemporaryDirectory.make().path
    // GoldenImageTests.md, "Draw what you want to keep" and "Assert", with
    // the directories and record modes a real test takes from the package
    // and from TRANSIT_RECORD spelt out.
    let strip = try pushStrip()

    // First run: no golden yet; `missing` (the default) records it and fails.
    let recorded = #expect(throws: GoldenFailure.self) {
      try assertGolden(
        strip, named: "push-from-right", suite: "styles", goldensDirectory: goldens,
        artifactsDirectory: artifacts, recordMode: .missing)
    }
    #expect(recorded?.kind == .recorded)
    #expect(BinaryFile.exists(goldens + "/styles/push-from-right.png"))

    // Second run: the same pixels pass.
    try assertGolden(
      strip, named: "push-from-right", suite: "styles", goldensDirectory: goldens,
      artifactsDirectory: artifacts, recordMode: .never)

    // A regression: fewer frames, so a different picture. CI's `never`
    // fails and leaves the actual image in the artifacts.
    let changed = try pushStrip(count: 5)
    let failure = #expect(throws: GoldenFailure.self) {
      try assertGolden(
        changed, named: "push-from-right", suite: "styles", goldensDirectory: goldens,
        artifactsDirectory: artifacts, recordMode: .never)
    }
    #expect(failure?.kind == .sizeMismatch)
    #expect(failure?.actualPath == artifacts + "/styles/push-from-right.actual.png")
    #expect(BinaryFile.exists(artifacts + "/styles/push-from-right.actual.png"))
  }

  @Test("Golden article: reviewing a difference")
  func reviewingADifference() throws {
    let directory = TemporaryDirectory.make().path
    // GoldenImageTests.md, "Review a failure": the comparison a failing
    // assertion runs, and the diff image it writes.
    let golden = try pushStrip()
    var actual = golden
    actual[50, 50] = 0xFF00_FF00  // one green pixel where the strip has none

    let check = GoldenCheck(
      goldenPath: directory + "/push.png", artifactsStem: directory + "/push",
      recordMode: .never)
    try golden.writePNG(to: check.goldenPath)
    let failure = #expect(throws: GoldenFailure.self) { try check.verify(actual) }
    let result = try ImageComparison.compare(golden, actual)

    #expect(failure?.kind == .differs)
    #expect(result.differing == 1)
    for path in [check.expectedPath, check.actualPath, check.comparePath] {
      #expect(failure?.message.contains(path) == true, "\(path)")
    }
    #expect(try Image(contentsOfPNGFile: check.expectedPath) == golden)
    // The comparison's third panel is the diff: that one pixel in red.
    let compare = try Image(contentsOfPNGFile: check.comparePath)
    let panels = ComparisonSheet.panels(expected: golden, actual: actual, comparison: result)
    let difference = try ComparisonSheet.imageOrigin(ofPanel: 2, in: panels)
    #expect(
      compare[difference.x + 50, difference.y + 50]
        == Color(red: 1, green: 0, blue: 0).premultipliedARGB32)
    // An allowance of one pixel lets the same image pass.
    try GoldenCheck(
      goldenPath: check.goldenPath, artifactsStem: check.artifactsStem, recordMode: .never,
      allowance: 1
    ).verify(actual)
  }

  @Test("Golden article: a container's transition in one call")
  func containerTransitionInOneCall() throws {
    let goldens = TemporaryDirectory.make().path
    let artifacts = TemporaryDirectory.make().path
    // GoldenImageTests.md, "Picture a container's transition in one call",
    // with the directories and record mode spelt out, run twice: the first
    // run records, the second compares.
    for mode in [GoldenRecordMode.missing, .never] {
      let bounds = Rect(x: 0, y: 0, width: 120, height: 200)
      let stack = StackContainer(size: bounds.size, clock: ManualClock())
      stack.push(
        PlaceholderScreen.red.view(id: "list", bounds: bounds), style: NoneStyle(),
        animated: false)

      let push = goldenFailure {
        try assertGolden(
          of: stack, scene: \.scene, named: "push-detail", suite: "stack",
          goldensDirectory: goldens, artifactsDirectory: artifacts, recordMode: mode
        ) {
          $0.push(
            PlaceholderScreen.blue.view(id: "detail", bounds: bounds),
            style: PushStyle(from: .right))
        }
      }
      let pop = goldenFailure {
        try assertGolden(
          of: stack, scene: \.scene, frames: 4, named: "pop-detail", suite: "stack",
          goldensDirectory: goldens, artifactsDirectory: artifacts, recordMode: mode
        ) { $0.pop() }
      }
      if mode == .missing {
        #expect(push?.kind == .recorded && pop?.kind == .recorded)
      } else {
        #expect(push == nil && pop == nil)
      }
      #expect(stack.childIDs == ["list"] && !stack.isAnimating)
    }
    // Six frames and four, each 120 pixels wide, 4 apart, under a title.
    let push = try Image(contentsOfPNGFile: goldens + "/stack/push-detail.png")
    let pop = try Image(contentsOfPNGFile: goldens + "/stack/pop-detail.png")
    #expect(push.width == 6 * 124 + 4 && push.height == 200 + 22 + 8)
    #expect(pop.width == 4 * 124 + 4)
  }
}
