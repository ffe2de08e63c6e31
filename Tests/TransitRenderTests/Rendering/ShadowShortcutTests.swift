import CTransitShadow
import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// The shortcuts that keep shadows and fading layers cheap change no pixel:
/// a blur that copies repeated columns gives the bits of one that sums
/// every column, a mask that leaves out what an opaque card covers paints
/// every pixel around the card as the whole mask does, and a group cut to
/// what its view's subtree paints holds all of it.
@Suite struct ShadowShortcutTests {
  /// A wide rounded rectangle (long straight sides: many repeated columns)
  /// blurred by `GaussianBlur.blur` and by the plain separable sums, in the
  /// same order, every column summed (rows still take the shortcut for
  /// repeated rows): the same bits.
  @Test(arguments: [0.4, 3.0, 8.0])
  func repeatedColumnsTakeTheBitsOfTheSums(sigma: Double) throws {
    let reach = GaussianBlur.reach(sigma: sigma)
    let (width, height) = (180 + 2 * reach, 60 + 2 * reach)
    let input = try CairoSurface(alphaWidth: width, height: height, what: "shape")
    let context = try CairoContext(surface: input)
    context.roundedRectangle(
      Rect(x: Double(reach) + 10.3, y: Double(reach) + 7.6, width: 150.5, height: 40.25),
      radii: CornerRadii(topLeft: 12, topRight: 3, bottomRight: 0, bottomLeft: 7.5))
    context.fill(.black)
    try context.check("shape")
    let (outWidth, outHeight) = (width - 2 * reach, height - 2 * reach)
    let (fast, plain) = try input.withPixels { pixels, stride in
      let bytes = pixels.assumingMemoryBound(to: UInt8.self)
      var fast = [Float](repeating: -1, count: outWidth * outHeight)
      fast.withUnsafeMutableBufferPointer { out in
        GaussianBlur.blur(
          bytes, inputWidth: width, inputHeight: height, inputStride: stride,
          into: out.baseAddress!, sigmaX: sigma, sigmaY: sigma)
      }
      let w = GaussianBlur.weights(sigma: sigma)
      var rows = [Float](repeating: 0, count: outWidth * height)
      for y in 0..<height {
        for x in 0..<outWidth {
          var sum: Float = 0
          for k in w.indices { sum += w[k] * Float(bytes[y * stride + x + k]) }
          rows[y * outWidth + x] = sum
        }
      }
      // An output row whose window holds one repeated input row is that
      // row's first pass (the blur's documented shortcut for rows).
      func row(_ y: Int) -> [UInt8] { (0..<width).map { bytes[y * stride + $0] } }
      var plain = [Float](repeating: 0, count: outWidth * outHeight)
      for y in 0..<outHeight {
        if (y...(y + w.count - 1)).allSatisfy({ row($0) == row(y) }) {
          for x in 0..<outWidth { plain[y * outWidth + x] = rows[y * outWidth + x] }
          continue
        }
        for x in 0..<outWidth {
          var sum: Float = 0
          for j in w.indices { sum += w[j] * rows[(y + j) * outWidth + x] }
          plain[y * outWidth + x] = sum
        }
      }
      return (fast, plain)
    }
    let differing = zip(fast, plain).filter { $0.bitPattern != $1.bitPattern }.count
    #expect(differing == 0, "\(differing) of \(plain.count) values differ")
  }

  /// The blur's C passes (AVX2, SSE2, scalar) give the bits of the plain
  /// loop, rows and columns, over counts that leave every kind of tail.
  @Test func everyBlurPathGivesTheBitsOfThePlainLoop() {
    var generator = SplitMix64(seed: 29)
    let weights = GaussianBlur.weights(sigma: 2.7)
    let taps = weights.count
    for count in [1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 40] {
      for step in [1, count + taps] {
        let source = (0..<(count + taps * step)).map { _ in Float(generator.next() % 256) }
        var plain = [Float](repeating: 0, count: count)
        for x in 0..<count {
          var sum: Float = 0
          for k in 0..<taps { sum += weights[k] * source[x + k * step] }
          plain[x] = sum
        }
        for level in [0, 1, 2] {
          var target = [Float](repeating: -1, count: count)
          transit_blur_pass_using(
            Int32(level), &target, source, step, weights, Int32(taps), Int32(count))
          #expect(
            zip(target, plain).allSatisfy { $0.bitPattern == $1.bitPattern },
            "level \(level), \(count) outputs, step \(step)")
        }
      }
    }
  }

  /// An opaque card's shadow, drawn at several fractions of a pixel with
  /// one renderer (masks shared between draws), leaves every pixel beside
  /// the card exactly as the same shadow drawn under no background (whose
  /// mask is whole): the part of the mask left out is all under the card.
  @Test(arguments: [3.0, 8.0])
  func aMaskWithAHoleShowsTheSameAroundTheCard(sigma: Double) throws {
    let renderer = Renderer()
    for (x, y) in [(30.0, 30.0), (30.3, 30.7), (30.5, 30.0), (30.0, 30.9), (30.99, 30.01)] {
      let frame = Rect(x: x, y: y, width: 120, height: 60)
      let shadow = Shadow(opacity: 0.8, radius: sigma, offset: Size(width: 1.5, height: 4))
      func picture(_ background: Color) throws -> Image {
        let card = View(
          id: "card", frame: frame, backgroundColor: background, cornerRadius: 10, shadow: shadow)
        return try renderer.render(
          Scene(size: Size(width: 180, height: 130), backgroundColor: .white, views: [card]))
      }
      let opaque = try picture(Color(red: 0.2, green: 0.6, blue: 0.3))
      let bare = try picture(.clear)
      var differing = 0
      var compared = 0
      for py in 0..<opaque.height {
        for px in 0..<opaque.width {
          // Pixels that the card's own fill does not touch.
          let apart =
            Double(px + 1) <= frame.minX || Double(px) >= frame.maxX
            || Double(py + 1) <= frame.minY || Double(py) >= frame.maxY
          guard apart else { continue }
          compared += 1
          if opaque[px, py] != bare[px, py] { differing += 1 }
        }
      }
      #expect(compared > 10_000)
      #expect(differing == 0, "at (\(x), \(y)): \(differing) pixels differ")
    }
  }

  /// A view that paints nothing itself holds only its children's extents
  /// (cut to its bounds when it clips them); one that paints holds its own.
  @Test func aGroupHoldsWhatTheSubtreePaints() {
    let title = View(
      id: "title", frame: Rect(x: 16, y: 10, width: 100, height: 20), backgroundColor: .black)
    let layer = View(
      id: "layer", frame: Rect(x: 0, y: 0, width: 400, height: 300), children: [title])
    let extent = Renderer().subtreeExtent(of: layer)
    #expect(extent == Rect(x: 14, y: 8, width: 104, height: 24))

    var clipped = layer
    clipped.clipsToBounds = true
    clipped.children[0].frame = Rect(x: -50, y: 280, width: 100, height: 40)
    #expect(Renderer().subtreeExtent(of: clipped) == Rect(x: -1, y: 278, width: 53, height: 23))

    var painted = layer
    painted.backgroundColor = .white
    #expect(Renderer().subtreeExtent(of: painted) == Rect(x: -1, y: -1, width: 402, height: 302))
  }
}
