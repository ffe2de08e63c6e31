import CTransitShadow
import RealModule
import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// Shadows are a Gaussian blur of the view's rounded shape: every drawn
/// pixel within one step per channel of the same blur worked out directly
/// in doubles, over several blurs, offsets, corner shapes, scales and
/// positions that fall between pixels.
@Suite struct ShadowBlurTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var size: Size
    var radii: CornerRadii
    var origin: Point
    var shadow: Shadow
    var scale: Double = 1
    var background: Color = .clear
    var testDescription: String {
      "\(size.width)×\(size.height) at (\(origin.x), \(origin.y)) ×\(scale), σ \(shadow.radius), "
        + "offset (\(shadow.offset.width), \(shadow.offset.height))"
    }
  }

  static let cases: [Case] = [
    Case(
      size: Size(width: 40, height: 30), radii: CornerRadii(uniform: 8),
      origin: Point(x: 20, y: 20),
      shadow: Shadow(opacity: 0.5, radius: 3, offset: Size(width: 5, height: 7))),
    Case(
      size: Size(width: 50, height: 24),
      radii: CornerRadii(topLeft: 0, topRight: 12, bottomRight: 4, bottomLeft: 20),
      origin: Point(x: 30.4, y: 25.7),
      shadow: Shadow(
        color: Color(red: 0.9, green: 0.2, blue: 0.1), opacity: 0.8, radius: 1.5,
        offset: Size(width: -3.5, height: 2.25))),
    Case(
      size: Size(width: 30, height: 30), radii: CornerRadii(uniform: 15),
      origin: Point(x: 10.25, y: 12.75),
      shadow: Shadow(opacity: 1, radius: 0, offset: Size(width: 0.5, height: 0.5))),
    Case(
      size: Size(width: 36, height: 20),
      radii: CornerRadii(topLeft: 10, topRight: 0, bottomRight: 10, bottomLeft: 0),
      origin: Point(x: 30, y: 20),
      shadow: Shadow(
        color: Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.7), opacity: 0.9, radius: 6,
        offset: Size(width: 4, height: -3)), scale: 2),
    Case(
      size: Size(width: 24, height: 18), radii: CornerRadii(uniform: 3),
      origin: Point(x: 8.5, y: 9.5),
      shadow: Shadow(opacity: 0.7, radius: 0.4, offset: Size(width: 1, height: 1))),
    Case(
      size: Size(width: 30, height: 20), radii: CornerRadii(uniform: 6),
      origin: Point(x: 45.3, y: 45.6),
      shadow: Shadow(opacity: 0.6, radius: 8, offset: Size(width: 2, height: 5)), scale: 2,
      background: Color(red: 0.95, green: 0.9, blue: 0.8)),
    Case(
      size: Size(width: 44, height: 26),
      radii: CornerRadii(topLeft: 13, topRight: 2, bottomRight: 13, bottomLeft: 30),
      origin: Point(x: 16.7, y: 14.1),
      shadow: Shadow(
        color: Color(red: 0.2, green: 0.9, blue: 0.4), opacity: 0.75, radius: 2.5,
        offset: Size(width: -2.5, height: 6)),
      background: Color(red: 0.3, green: 0.1, blue: 0.5)),
    // The narrowest blur that is moved by a fraction of a pixel rather
    // than blurred again (ShadowMasks.smoothSigma), at a phase on each axis.
    Case(
      size: Size(width: 40, height: 22),
      radii: CornerRadii(topLeft: 2, topRight: 11, bottomRight: 0, bottomLeft: 7),
      origin: Point(x: 33.37, y: 41.81),
      shadow: Shadow(
        color: Color(red: 0.95, green: 0.85, blue: 0.1), opacity: 1, radius: 6,
        offset: Size(width: 1.5, height: -2.5)),
      background: Color(red: 0.1, green: 0.1, blue: 0.2)),
    // Moved along one axis only (a screen sliding sideways or up), which
    // takes two of the four bilinear weights.
    Case(
      size: Size(width: 36, height: 20), radii: CornerRadii(uniform: 5),
      origin: Point(x: 30.7, y: 30),
      shadow: Shadow(opacity: 1, radius: 7, offset: Size(width: 0, height: 3))),
    Case(
      size: Size(width: 20, height: 36), radii: CornerRadii(uniform: 5),
      origin: Point(x: 30, y: 30.35),
      shadow: Shadow(opacity: 1, radius: 7, offset: Size(width: 3, height: 0))),
    Case(
      size: Size(width: 30, height: 30), radii: CornerRadii(uniform: 30),
      origin: Point(x: 40.5, y: 40.25),
      shadow: Shadow(opacity: 1, radius: 3.5, offset: Size(width: 0.3, height: 0.6)), scale: 2),
    // Wider than the exact blur (16 device pixels): the coarser grid.
    Case(
      size: Size(width: 20, height: 20), radii: CornerRadii(uniform: 4),
      origin: Point(x: 120.5, y: 120),
      shadow: Shadow(opacity: 1, radius: 24, offset: Size(width: 3, height: 0))),
  ]

  @Test(arguments: cases)
  func drawnShadowIsTheBlurWithinOneStep(_ c: Case) throws {
    let reach = 5 * c.shadow.radius + abs(c.shadow.offset.width) + abs(c.shadow.offset.height) + 4
    let sceneSize = Size(
      width: (c.origin.x + c.size.width + reach).rounded(.up),
      height: (c.origin.y + c.size.height + reach).rounded(.up))
    var view = View(
      id: "v", frame: Rect(origin: c.origin, size: c.size), shadow: c.shadow)
    view.cornerRadii = c.radii
    let scene = Scene(size: sceneSize, backgroundColor: c.background, views: [view])
    let image = try Renderer(options: RenderOptions(scale: c.scale)).render(scene)
    let reference = try Self.reference(c, width: image.width, height: image.height)
    var worst = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x, y]
        let expected = reference[y * image.width + x]
        for (k, shift) in [24, 16, 8, 0].enumerated() {
          let got = Double((pixel >> UInt32(shift)) & 0xFF)
          worst = max(worst, Int(abs(got - (expected[k] * 255).rounded())))
        }
      }
    }
    #expect(worst <= 1, "largest difference \(worst) steps")
  }

  /// The scene's pixels, premultiplied (a, r, g, b) in 0…1: the shape
  /// rasterized by Cairo as the view's background is, convolved with the
  /// 2-D Gaussian integrated over each pixel square (cut at 6σ), in
  /// doubles, then composited over the background's pixel.
  static func reference(_ c: Case, width: Int, height: Int) throws -> [[Double]] {
    let mask = try CairoSurface(alphaWidth: width, height: height, what: "mask")
    let context = try CairoContext(surface: mask)
    context.scale(c.scale, c.scale)
    context.translate(c.origin.x + c.shadow.offset.width, c.origin.y + c.shadow.offset.height)
    context.roundedRectangle(Rect(size: c.size), radii: c.radii)
    context.fill(.black)
    try context.check("reference mask")
    let coverage: [Double] = try mask.withPixels { pixels, stride in
      var values = [Double](repeating: 0, count: width * height)
      for y in 0..<height {
        for x in 0..<width {
          values[y * width + x] =
            Double(pixels.load(fromByteOffset: y * stride + x, as: UInt8.self)) / 255
        }
      }
      return values
    }
    let sigma = c.shadow.radius * c.scale
    let r = sigma > 0 ? Int((6 * sigma).rounded(.up)) : 0
    func phi(_ x: Double) -> Double {
      sigma > 0 ? (1 + Double.erf(x / (sigma * 2.0.squareRoot()))) / 2 : (x >= 0 ? 1 : 0)
    }
    let oneAxis = (-r...r).map { k in phi(Double(k) + 0.5) - phi(Double(k) - 0.5) }
    var kernel = [Double](repeating: 0, count: (2 * r + 1) * (2 * r + 1))
    for j in 0...(2 * r) {
      for i in 0...(2 * r) { kernel[j * (2 * r + 1) + i] = oneAxis[i] * oneAxis[j] }
    }
    let total = kernel.reduce(0, +)
    var blurred = [Double](repeating: 0, count: width * height)
    // Scattered from each covered pixel: the same sum as gathering.
    for y in 0..<height {
      for x in 0..<width where coverage[y * width + x] > 0 {
        let m = coverage[y * width + x] / total
        for j in -r...r where y + j >= 0 && y + j < height {
          for i in -r...r where x + i >= 0 && x + i < width {
            blurred[(y + j) * width + x + i] += m * kernel[(j + r) * (2 * r + 1) + i + r]
          }
        }
      }
    }
    let color = c.shadow.color
    let strength = color.alpha * c.shadow.opacity
    // The frame starts as the background's own pixel, already in steps.
    let fill = c.background.premultipliedARGB32
    let under = [24, 16, 8, 0].map { Double((fill >> UInt32($0)) & 0xFF) / 255 }
    return blurred.map { b in
      let a = strength * b
      let source = [a, color.red * a, color.green * a, color.blue * a]
      return (0..<4).map { source[$0] + under[$0] * (1 - a) }
    }
  }
}

/// The shadow compositor's vector paths (AVX-512, AVX2, SSE2) and its
/// scalar one give the same bits, on random pixels, masks and colours, over
/// widths that leave every kind of tail. The scalar path blends every pixel
/// whose mask is not 0, the vector paths skip those whose mask values leave
/// every pixel as it is: faint colours over bright pixels, with masks of
/// small values, check that no skipped value would have changed a pixel.
@Suite struct ShadowCompositingTests {
  @Test func everyPathGivesTheSameBits() {
    var generator = SplitMix64(seed: 28)
    for round in 0..<8 {
      for width in [1, 3, 4, 7, 8, 9, 15, 16, 17, 23, 24, 31, 37, 40] {
        let height = 3
        let pixels = (0..<(width * height)).map { _ -> UInt32 in
          // Premultiplied: no channel above the alpha; often opaque and bright.
          if generator.next() % 3 == 0 {
            return 0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0x00FF_FFFF
              | (generator.next() % 2 == 0 ? 0x00FF_FFFF : 0)
          }
          let a = UInt32(generator.next() % 256)
          let channel = { a == 0 ? 0 : UInt32(generator.next() % UInt64(a + 1)) }
          return a << 24 | channel() << 16 | channel() << 8 | channel()
        }
        // Zeros, full coverage, the faint rim and everything between, in runs.
        let mask = (0..<(width * height)).map { _ -> UInt8 in
          switch generator.next() % 5 {
          case 0: 0
          case 1: 255
          case 2: UInt8(1 + generator.next() % 4)
          default: UInt8(generator.next() % 256)
          }
        }
        // Opaque to faint (a quarter-opaque black and fainter), grey and coloured.
        let alpha = Float(
          round % 2 == 0 ? generator.next() % 256 : [64, 40, 16, 3][round / 2 % 4])
        let grey = round % 4 == 1
        let color: [Float] = [
          alpha, grey ? 0 : alpha * 0.3, grey ? 0 : alpha * Float(generator.next() % 100) / 100,
          grey ? 0 : alpha * 0.99,
        ]
        var results: [[UInt32]] = []
        for level in [0, 1, 2, 3] {
          var out = pixels
          out.withUnsafeMutableBufferPointer { o in
            mask.withUnsafeBufferPointer { m in
              transit_shadow_over_using(
                Int32(level), o.baseAddress!, width, m.baseAddress!, width, Int32(width),
                Int32(height), color)
            }
          }
          results.append(out)
        }
        #expect(results[0] == results[1], "SSE2 differs from scalar at width \(width)")
        #expect(results[0] == results[2], "AVX2 differs from scalar at width \(width)")
        #expect(results[0] == results[3], "AVX-512 differs from scalar at width \(width)")
        #expect(results[0] != pixels || mask.allSatisfy { $0 == 0 } || alpha < 4)
      }
    }
  }
}

/// A card's shadow in one call: every pixel outside the holes is the
/// plain composite, every pixel inside them is left as it was, whatever
/// the holes (overlapping, empty, partly or wholly outside the block).
@Suite struct ShadowAroundHolesTests {
  @Test func pixelsOutsideTheHolesAreCompositedAndInsideLeftAlone() {
    var generator = SplitMix64(seed: 30)
    for _ in 0..<300 {
      let (width, height) = (Int(1 + generator.next() % 40), Int(1 + generator.next() % 30))
      let pixels = (0..<(width * height)).map { _ in
        0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0x00FF_FFFF
      }
      let mask = (0..<(width * height)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let holes = (0..<Int(generator.next() % 4)).flatMap { _ -> [Int32] in
        let x = Int32(generator.next() % 60) - 10
        let y = Int32(generator.next() % 50) - 10
        return [x, y, x + Int32(generator.next() % 30) - 2, y + Int32(generator.next() % 30) - 2]
      }
      func inHole(_ x: Int, _ y: Int) -> Bool {
        let (px, py) = (Int32(x), Int32(y))
        for h in stride(from: 0, to: holes.count, by: 4) {
          let across: Bool = px >= holes[h] && px < holes[h + 2]
          let down: Bool = py >= holes[h + 1] && py < holes[h + 3]
          if across && down { return true }
        }
        return false
      }
      let color: [Float] = [64, 0, 0, 0]
      // The reference: the plain composite of the mask with the holes at 0.
      var expected = pixels
      let holed = (0..<(width * height)).map { i in inHole(i % width, i / width) ? 0 : mask[i] }
      transit_shadow_over_using(
        0, &expected, width, holed, width, Int32(width), Int32(height), color)
      var got = pixels
      transit_shadow_over_around(
        &got, width, mask, width, Int32(width), Int32(height), holes, Int32(holes.count / 4),
        color)
      #expect(got == expected, "\(width)×\(height), holes \(holes)")
    }
  }
}

/// Shadows in SVG and PDF sheets: Cairo's vector surfaces have no pixels
/// to composite into, so the mask is painted through Cairo and lands in
/// the document as an image.
@Suite struct ShadowVectorTests {
  @Test func shadowsAreDrawnIntoVectorDocuments() throws {
    let cells = [VectorSheet.Cell(scene: AppearanceGoldenScenes.shadows)]
    let svg = String(decoding: try VectorSheet.encode(cells, as: .svg), as: UTF8.self)
    #expect(svg.contains("<image"))
    let pdf = try VectorSheet.encode(cells, as: .pdf)
    #expect(pdf.starts(with: Array("%PDF".utf8)))
  }
}

/// Hostile shadows draw what they can and never trap or allocate without
/// bound: blurs far wider than the frame, offsets far off it, views far
/// larger than it, at scale 1 and turned.
@Suite struct HostileShadowTests {
  @Test(arguments: [
    (1e12, 0.0, 100.0), (5.0, 1e300, 100.0), (0.0, -1e15, 100.0), (40.0, 3.0, 1e9),
    (1e6, 1e6, 1e12), (2_000.0, 0.0, 100.0),
  ])
  func hostileShadowsRender(radius: Double, offset: Double, side: Double) throws {
    let shadow = Shadow(opacity: 0.5, radius: radius, offset: Size(width: offset, height: offset))
    let turns: [Transform3D] = [
      .identity, .rotation(angle: 0.3, x: 0, y: 0, z: 1),
      Transform3D.rotation(angle: 0.5, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500)),
    ]
    // Alone, and half transparent over a child (drawn as a group).
    for transform in turns {
      for alpha in [1.0, 0.5] {
        let scene = Scene(
          size: Size(width: 64, height: 48), backgroundColor: .white,
          views: [
            View(
              id: "v", frame: Rect(x: 10, y: 10, width: side, height: side), alpha: alpha,
              transform: transform, backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.9),
              cornerRadius: 8,
              children: alpha < 1
                ? [
                  View(
                    id: "c", frame: Rect(x: 2, y: 2, width: 8, height: 8), backgroundColor: .black)
                ]
                : [],
              shadow: shadow)
          ])
        let image = try Renderer().render(scene)
        #expect(image.width == 64 && image.height == 48)
      }
    }
  }
}

/// Under an opaque card only the ring of shadow outside the card's two
/// uncut rectangles (a cross) is painted: the rows left after taking the
/// holes out cover every pixel of the rectangle outside the holes exactly
/// once, and none inside them.
@Suite struct ShadowBandsTests {
  @Test func bandsCoverExactlyThePixelsOutsideTheHoles() {
    let whole = Rect(x: -3, y: -2, width: 40, height: 30)
    let card = Rect(x: 5, y: 4, width: 24, height: 18)
    let holes =
      CornerRadii(topLeft: 6, topRight: 2, bottomRight: 5, bottomLeft: 3).uncut(card)
      .map { r in
        Rect(
          x: r.minX.rounded(.up), y: r.minY.rounded(.up),
          width: r.maxX.rounded(.down) - r.minX.rounded(.up),
          height: r.maxY.rounded(.down) - r.minY.rounded(.up))
      } + [Rect(x: 30, y: -10, width: 20, height: 5)]
    let parts = whole.subtracting(holes)
    for y in Int(whole.minY)..<Int(whole.maxY) {
      for x in Int(whole.minX)..<Int(whole.maxX) {
        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
        func holds(_ r: Rect) -> Bool { px > r.minX && px < r.maxX && py > r.minY && py < r.maxY }
        let expected = holes.contains(where: holds) ? 0 : 1
        #expect(parts.filter(holds).count == expected, "pixel (\(x), \(y))")
      }
    }
  }
}
