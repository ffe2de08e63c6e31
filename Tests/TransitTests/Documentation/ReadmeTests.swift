import Foundation
import Testing
import Transit

/// README.md's "library in one screen" must compile and run: this file holds
/// the same code between the BEGIN and END markers, and the first test
/// checks that README still shows exactly that code.
@Suite("README")
struct ReadmeTests {
  @Test func readmeShowsTheCodeThatIsTestedHere() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    // The markers are spelled in two pieces so that these lines do not match.
    let begin = try #require(source.range(of: "// BEGIN " + "README\n"))
    let end = try #require(
      source.range(of: "    // END " + "README", range: begin.upperBound..<source.endIndex))
    let tested = source[begin.upperBound..<end.lowerBound].split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
    .joined(separator: "\n")
    #expect(readme.contains("```swift\nimport Transit\n" + tested + "```"))
  }

  @Test func theLibraryInOneScreenRuns() throws {
    var drawn = 0
    func draw(_ scene: Scene) {
      drawn += 1
      #expect(scene.viewCount == 2)
    }
    // BEGIN README

    let clock = ManualClock()  // MonotonicClock() in an app
    let stack = StackContainer(size: Size(width: 390, height: 844), clock: clock)
    stack.observer = { event in print(event) }  // viewWillAppear, didShow, …

    let styles = TransitionStyles.builtIn
    let home = View(id: "home", frame: .zero, backgroundColor: .white)
    let detail = View(
      id: "detail", frame: .zero, backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.9))
    stack.push(home, style: try styles.style(named: "none"), animated: false)
    stack.push(detail, style: try styles.style(named: "cover-from-bottom"))

    // Drive it from your display link: each tick samples the running timeline.
    while stack.isAnimating {
      clock.advance(by: 1.0 / 60)
      stack.tick()
      draw(stack.scene)  // a Scene: a value you can render, diff or encode
    }

    // Rotations wait for running animations (or are refused: RotationPolicy).
    stack.rotate(to: Size(width: 844, height: 390))
    stack.pop()  // the cover's exact reverse, rebuilt at 844×390
    while stack.isAnimating {
      clock.advance(by: 1.0 / 60)
      stack.tick()
    }
    assert(
      stack.scene.state(of: "home") == ViewState(frame: Rect(x: 0, y: 0, width: 844, height: 390)))

    // Underneath: animations are data, timelines sample them, reversal is exact.
    let slide = Animation([
      .instant([.translate("detail", x: 390, y: 0)]),
      AnimationStep(
        duration: 0.4, curve: .easeInOut, changes: [.translate("detail", x: -390, y: 0)]),
    ])
    let scene = Scene(size: Size(width: 390, height: 844), views: [home, detail])
    let push = try slide.timeline(from: scene)
    assert(push.reversed().sample(frame: 2, of: 8) == push.sample(frame: 5, of: 8))
    // END README
    #expect(drawn > 10)
    #expect(stack.childIDs == ["home"])
  }
}
