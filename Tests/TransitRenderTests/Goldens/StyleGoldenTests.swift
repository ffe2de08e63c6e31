import Testing
import Transit
import TransitRender
import TransitTesting

/// A golden strip for every built-in style, and the proof that each style's
/// reverse is its forward strip mirrored pixel for pixel (the reverse is not
/// stored: it cannot differ).
@Suite("Style goldens")
struct StyleGoldenTests {
  static let bounds = Rect(x: 0, y: 0, width: 120, height: 200)
  static let frameCount = 6
  static let styleNames = TransitionStyles.builtInStyles.map(\.name)

  /// The two plain screens of every style golden: red goes, blue comes.
  static func scene(_ bounds: Rect) -> Scene {
    Scene(
      size: bounds.size, backgroundColor: .black,
      views: [
        PlaceholderScreen.red.view(id: "from", bounds: bounds),
        PlaceholderScreen.blue.view(id: "to", bounds: bounds),
      ])
  }

  static func forward(_ name: String, bounds: Rect = bounds) throws -> Timeline {
    let style = try TransitionStyles.builtIn.style(named: name)
    let context = TransitionContext(
      bounds: bounds, appearingViewID: "to", disappearingViewID: "from")
    return try style.animation(for: context).timeline(from: scene(bounds))
  }

  static func frames(_ timeline: Timeline, renderer: Renderer) throws -> [Image] {
    try (0..<frameCount).map { try renderer.render(timeline.sample(frame: $0, of: frameCount)) }
  }

  static let sheetBackground = Color(red: 0.13, green: 0.13, blue: 0.13)

  @Test("every style has 48 entries") func fortyEightStyles() {
    #expect(Self.styleNames.count == 48)
  }

  @Test("forward strip matches its golden", arguments: styleNames)
  func forwardStrip(_ name: String) throws {
    let renderer = Renderer()
    let frames = try Self.frames(Self.forward(name), renderer: renderer)
    let strip = try FrameSheet.strip(frames, padding: 2, background: Self.sheetBackground)
    try assertGolden(strip, named: name, suite: "styles")
  }

  @Test("reverse strip is the forward strip mirrored, pixel for pixel", arguments: styleNames)
  func reverseMirrorsForward(_ name: String) throws {
    let renderer = Renderer()
    let forward = try Self.forward(name)
    let forwardFrames = try Self.frames(forward, renderer: renderer)
    let reverseFrames = try Self.frames(forward.reversed(), renderer: renderer)
    #expect(reverseFrames == Array(forwardFrames.reversed()))
    let a = try FrameSheet.strip(
      Array(forwardFrames.reversed()), padding: 2, background: Self.sheetBackground)
    let b = try FrameSheet.strip(reverseFrames, padding: 2, background: Self.sheetBackground)
    #expect(a == b)
  }
}
