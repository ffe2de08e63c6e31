import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// `Renderer.render(_:into:)`, which draws each frame into the memory of the
/// frame before, against the simple model: every frame drawn into a fresh
/// image by a renderer of its own (`render(_:)`). Seeded random sequences of
/// small scenes — sizes that stay, grow, shrink a little or a lot; opaque,
/// translucent and clear backgrounds; views that cover part of the frame,
/// translucent, rounded, bordered, turned — so that a pixel of an earlier
/// frame left where nothing is drawn, or a kept copy drawn over, shows.
@Suite struct RenderIntoTests {
  static func randomColour(_ rng: inout SplitMix64) -> Color {
    let alpha = [0, 1, 1, Double.random(in: 0.05...0.95, using: &rng)].randomElement(using: &rng)!
    return Color(
      red: Double.random(in: 0...1, using: &rng), green: Double.random(in: 0...1, using: &rng),
      blue: Double.random(in: 0...1, using: &rng), alpha: alpha)
  }

  /// A scene of `width`×`height` points with up to three views.
  static func randomScene(width: Int, height: Int, _ rng: inout SplitMix64) -> Scene {
    var views: [View] = []
    for n in 0..<Int.random(in: 0...3, using: &rng) {
      let x = Double.random(in: -4...Double(width), using: &rng)
      let y = Double.random(in: -4...Double(height), using: &rng)
      let frame = Rect(
        x: x, y: y, width: Double.random(in: 1...Double(width), using: &rng),
        height: Double.random(in: 1...Double(height), using: &rng))
      views.append(
        View(
          id: "v\(n)", frame: frame, alpha: [1, 0.5, 0].randomElement(using: &rng)!,
          transform: Bool.random(using: &rng)
            ? .identity
            : .rotation(angle: Double.random(in: -1...1, using: &rng), x: 0, y: 0, z: 1),
          backgroundColor: randomColour(&rng),
          cornerRadius: Bool.random(using: &rng) ? 0 : 3,
          border: Bool.random(using: &rng)
            ? .none : Border(width: 1.5, color: randomColour(&rng))))
    }
    return Scene(
      size: Size(width: Double(width), height: Double(height)),
      backgroundColor: randomColour(&rng), views: views)
  }

  /// The next frame's size: mostly the same, sometimes larger, a little
  /// smaller or much smaller (whose memory is then given back).
  static func nextSize(_ size: (Int, Int), _ rng: inout SplitMix64) -> (Int, Int) {
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: return (Int.random(in: 1...48, using: &rng), Int.random(in: 1...32, using: &rng))
    case 1: return (max(1, size.0 - 1), size.1)
    case 2: return (max(1, size.0 / 3), max(1, size.1 / 2))
    default: return size
    }
  }

  /// Where `image` differs from `expected`, said briefly; `nil` when equal.
  static func difference(_ image: Image, _ expected: Image) -> String? {
    guard image.width == expected.width, image.height == expected.height else {
      return "\(image.width)×\(image.height) instead of \(expected.width)×\(expected.height)"
    }
    guard let i = image.pixels.indices.first(where: { image.pixels[$0] != expected.pixels[$0] })
    else { return nil }
    return
      "pixel (\(i % image.width), \(i / image.width)) is \(image.pixels[i]), not \(expected.pixels[i])"
  }

  @Test func everyFrameEqualsAFreshRender() async {
    await seededPropertyCheck(count: 60, base: 0x5EED_F4A3) { seed in
      var rng = SplitMix64(seed: seed)
      let renderer = Renderer()
      var frame = try Image(width: 1, height: 1, fill: .white)
      var kept: [(Image, Image)] = []
      var size = (Int.random(in: 1...48, using: &rng), Int.random(in: 1...32, using: &rng))
      for step in 0..<Int.random(in: 2...8, using: &rng) {
        size = Self.nextSize(size, &rng)
        let scene = Self.randomScene(width: size.0, height: size.1, &rng)
        try renderer.render(scene, into: &frame)
        let expected = try Renderer().render(scene)
        #expect(
          Self.difference(frame, expected) == nil,
          "seed \(seed), step \(step): \(size.0)×\(size.1): \(Self.difference(frame, expected) ?? "")"
        )
        // A copy the caller keeps must never be drawn over by later frames.
        if Bool.random(using: &rng) { kept.append((frame, expected)) }
      }
      for (copy, expected) in kept {
        #expect(
          Self.difference(copy, expected) == nil,
          "seed \(seed): a kept frame changed: \(Self.difference(copy, expected) ?? "")")
      }
    }
  }

  /// The memory is reused: drawing the same size again writes where the
  /// frame before was, rather than into new memory.
  @Test func sameSizeReusesTheMemory() throws {
    let renderer = Renderer()
    let scene = Scene(size: Size(width: 64, height: 32), backgroundColor: .white)
    var frame = try renderer.render(scene)
    let before = frame.pixels.withUnsafeBufferPointer { $0.baseAddress }
    try renderer.render(scene, into: &frame)
    #expect(frame.pixels.withUnsafeBufferPointer { $0.baseAddress } == before)
  }

  /// A copy held elsewhere keeps its memory and pixels; the frame gets new memory.
  @Test func sharedMemoryIsNotDrawnOver() throws {
    let renderer = Renderer()
    var frame = try renderer.render(Scene(size: Size(width: 8, height: 4), backgroundColor: .white))
    let copy = frame
    try renderer.render(
      Scene(size: Size(width: 8, height: 4), backgroundColor: Color(red: 1, green: 0, blue: 0)),
      into: &frame)
    #expect(copy.pixels.allSatisfy { $0 == 0xFFFF_FFFF })
    #expect(frame.pixels.allSatisfy { $0 == 0xFFFF_0000 })
  }

  /// An invalid size leaves the image as it was.
  @Test func invalidSceneLeavesTheImage() throws {
    let renderer = Renderer()
    var frame = try Image(width: 3, height: 2, fill: .white)
    let before = frame
    #expect(throws: RenderError.self) {
      try renderer.render(Scene(size: Size(width: 0, height: 5)), into: &frame)
    }
    #expect(frame == before)
  }
}
