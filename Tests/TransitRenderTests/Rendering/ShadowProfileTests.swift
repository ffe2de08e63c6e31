import CTransitCairo
import CTransitShadow
import RealModule
import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// A shadow mask built from one-dimensional profiles (`ShadowProfiles`)
/// is the two-dimensional blur of the rasterized shape: every pixel
/// outside the hole within 0.55 of a step of the blur worked out directly
/// in doubles (half a step of rounding, and float sums), over random
/// sizes, corner radii (0, small, half the side and more), blurs, scales
/// and sub-pixel phases.
@Suite struct ShadowProfileTests {
  @Test func profileMasksAreTheTwoDimensionalBlur() throws {
    var generator = SplitMix64(seed: 2_029)
    func random(_ range: ClosedRange<Double>) -> Double {
      Double.random(in: range, using: &generator)
    }
    var built = 0
    for index in 0..<90 {
      let scale = [1, 2, 0.75, random(0.5...2.5)][index % 4]
      let size = Size(width: random(2...60), height: random(2...60))
      let side = min(size.width, size.height)
      func radius() -> Double {
        switch generator.next() % 4 {
        case 0: 0
        case 1: random(side / 2...side)
        default: random(0...side / 4)
        }
      }
      let radii = CornerRadii(
        topLeft: radius(), topRight: radius(), bottomRight: radius(), bottomLeft: radius())
      let sigma = index % 10 == 0 ? 0 : random(0.2...5)
      let phase = index % 7 == 0 ? (0.0, 0.0) : (random(0...0.999), random(0...0.999))
      var key = Self.key(size: size, radii: radii, sigma: sigma, scale: scale, phase: phase)
      if index % 3 == 0 {
        // A hole somewhere inside, as under an opaque card.
        key.holeX0 = Int(random(0...Double(key.width / 2)))
        key.holeY0 = Int(random(0...Double(key.height / 2)))
        key.holeX1 = key.holeX0 + 1 + Int(random(0...Double(key.width / 2)))
        key.holeY1 = key.holeY0 + 1 + Int(random(0...Double(key.height / 2)))
      }
      let mask = try CairoSurface(alphaWidth: key.width, height: key.height, what: "mask")
      guard try ShadowProfiles().write(key, into: mask) else {
        // Only shapes without a straight stretch on some axis are left to
        // the two-dimensional blur.
        let r = radii.fitted(to: size)
        let straightX =
          size.width * scale - max(r.topLeft, r.bottomLeft) * scale
          - max(r.topRight, r.bottomRight) * scale
        let straightY =
          size.height * scale - max(r.topLeft, r.topRight) * scale
          - max(r.bottomLeft, r.bottomRight) * scale
        #expect(
          straightX < 2.1 || straightY < 2.1 || size.width * scale <= 2
            || size.height * scale <= 2,
          "case \(index): \(size) ×\(scale) \(radii) not built")
        continue
      }
      built += 1
      let reference = try Self.reference(key)
      var worst = 0.0
      try mask.withPixels { pixels, stride in
        for y in 0..<key.height {
          let (first, second) = key.spans(ofRow: y)
          for x in Array(first) + Array(second) {
            let got = Double(pixels.load(fromByteOffset: y * stride + x, as: UInt8.self))
            worst = max(worst, abs(got - reference[y * key.width + x]))
          }
        }
      }
      #expect(
        worst <= 0.55,
        "case \(index): \(size) ×\(scale) \(radii) σ \(sigma) phase \(phase): \(worst) steps")
    }
    #expect(built >= 50, "only \(built) of 90 masks built from profiles")
  }

  /// Painted straight from the profiles (`ShadowProfiles.paint`, a
  /// flight's shadow), a shadow is bit for bit the mask written from them
  /// and painted by `transit_shadow_over_around`: over random shapes
  /// (square, rounded, capsules and circles, which neither path builds,
  /// tiny and wide), blurs up to 12 pixels, scales and phases, random
  /// blocks of the mask (as the frame's clip cuts it), holes and colours.
  @Test func paintingFromProfilesIsTheMaskPainted() throws {
    var generator = SplitMix64(seed: 2_030)
    func random(_ range: ClosedRange<Double>) -> Double {
      Double.random(in: range, using: &generator)
    }
    func integer(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    var painted = 0
    for index in 0..<120 {
      let scale = [1, 2, 0.75, random(0.5...2.5)][index % 4]
      let size =
        index % 5 == 0
        ? Size(width: random(2...8), height: random(2...8))
        : Size(width: random(2...240), height: random(2...160))
      let side = min(size.width, size.height)
      func radius() -> Double {
        switch generator.next() % 5 {
        case 0: 0
        case 1: random(side / 2...side)
        case 2: side / 2
        default: random(0...side / 4)
        }
      }
      let radii =
        index % 9 == 0
        ? CornerRadii(uniform: side / 2)
        : CornerRadii(
          topLeft: radius(), topRight: radius(), bottomRight: radius(), bottomLeft: radius())
      let sigma = index % 10 == 0 ? 0 : index % 6 == 0 ? random(6...12) : random(0.2...5)
      let phase = index % 7 == 0 ? (0.0, 0.0) : (random(0...0.999), random(0...0.999))
      let key = Self.key(size: size, radii: radii, sigma: sigma, scale: scale, phase: phase)
      // A block of the mask, often all of it.
      let (bx, by) =
        index % 2 == 0 ? (0, 0) : (integer(0...key.width / 3), integer(0...key.height / 3))
      let bw = index % 2 == 0 ? key.width : integer(1...(key.width - bx))
      let bh = index % 2 == 0 ? key.height : integer(1...(key.height - by))
      var holes: [Int32] = []
      for _ in 0..<integer(0...3) {
        let x = Int32(integer(-2...bw))
        let y = Int32(integer(-2...bh))
        holes += [x, y, x + Int32(integer(-1...bw)), y + Int32(integer(-1...bh))]
      }
      let pixels = (0..<(bw * bh)).map { _ in
        0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0x00FF_FFFF
      }
      let alpha = Float(integer(1...255))
      let color: [Float] = [alpha, alpha * 0.2, 0, alpha * Float(integer(0...100)) / 100]

      let mask = try CairoSurface(alphaWidth: key.width, height: key.height, what: "mask")
      let written = try ShadowProfiles().write(key, into: mask)
      var expected = pixels
      if written {
        try mask.withPixels { maskPixels, stride in
          let start = maskPixels.assumingMemoryBound(to: UInt8.self) + by * stride + bx
          transit_shadow_over_around(
            &expected, bw, start, stride, Int32(bw), Int32(bh), holes, Int32(holes.count / 4),
            color)
        }
      }
      var got = pixels
      let done = try got.withUnsafeMutableBufferPointer { out in
        try ShadowProfiles().paint(
          key, onto: out.baseAddress!, stride: bw, x0: bx, y0: by, width: bw, height: bh,
          holes: holes, holeCount: holes.count / 4, color: color)
      }
      #expect(done == written, "case \(index): painted \(done), written \(written)")
      if done { painted += 1 }
      let differing = zip(got, expected).filter { $0 != $1 }.count
      #expect(
        differing == 0,
        "case \(index): \(size) ×\(scale) \(radii) σ \(sigma) phase \(phase), block \(bx), \(by), \(bw)×\(bh), holes \(holes): \(differing) pixels differ"
      )
    }
    #expect(painted >= 40, "only \(painted) of 120 shadows painted from profiles")
  }

  /// One `ShadowProfiles` keeps its kernels and working memory from
  /// shape to shape (a flight's, new on every frame): a shape written or
  /// painted through it after others, larger and smaller, with other
  /// blurs on either axis, is bit for bit what a fresh one gives it.
  @Test func keptStateLeavesNoTraceOnTheNextShape() throws {
    var generator = SplitMix64(seed: 2_031)
    func random(_ range: ClosedRange<Double>) -> Double {
      Double.random(in: range, using: &generator)
    }
    let kept = ShadowProfiles()
    var compared = 0
    for index in 0..<60 {
      // Sizes that grow and shrink, radii up to half the side, blurs that
      // change often (and repeat: the same σ as two shapes before).
      let side = index % 3 == 0 ? random(4...30) : random(30...200)
      let size = Size(width: side * random(0.5...2), height: side)
      let radii = CornerRadii(
        topLeft: random(0...side / 2), topRight: random(0...side / 2),
        bottomRight: random(0...side / 2), bottomLeft: random(0...side / 2))
      let sigma = [0, 1.5, 8, random(0.2...10)][index % 4]
      var key = Self.key(
        size: size, radii: radii, sigma: sigma, scale: 1,
        phase: (random(0...0.999), random(0...0.999)))
      if index % 2 == 1 {
        // Another scale down than across: two blurs in one shape.
        key.scaleY = random(0.5...2)
        let reach = (3 * sigma * key.scaleY).rounded(.up)
        key.y0 = Int(-reach - 1)
        key.y1 = Int((size.height * key.scaleY + reach + 2).rounded(.up))
      }
      let pixels = (0..<(key.width * key.height)).map { _ in
        0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0x00FF_FFFF
      }
      let color: [Float] = [200, 40, 0, 120]
      func painted(by profiles: ShadowProfiles) throws -> [UInt32]? {
        var out = pixels
        let done = try out.withUnsafeMutableBufferPointer { out in
          try profiles.paint(
            key, onto: out.baseAddress!, stride: key.width, x0: 0, y0: 0, width: key.width,
            height: key.height, holes: nil, holeCount: 0, color: color)
        }
        return done ? out : nil
      }
      func written(by profiles: ShadowProfiles) throws -> [UInt8]? {
        let mask = try CairoSurface(alphaWidth: key.width, height: key.height, what: "mask")
        guard try profiles.write(key, into: mask) else { return nil }
        return try mask.withPixels { pixels, stride in
          (0..<(key.width * key.height)).map { i in
            pixels.load(
              fromByteOffset: (i / key.width) * stride + i % key.width, as: UInt8.self)
          }
        }
      }
      let fresh = try painted(by: ShadowProfiles())
      #expect(try painted(by: kept) == fresh, "case \(index): painted \(key)")
      #expect(try written(by: kept) == written(by: ShadowProfiles()), "case \(index): written")
      if fresh != nil { compared += 1 }
    }
    #expect(compared >= 40, "only \(compared) of 60 shapes built from profiles")
  }

  /// A shape painted once and asked for again (two cards of one size)
  /// gets the mask its profiles build, and counts as one phase, not two:
  /// a card sliding through eight phases, two of it on the screen, keeps
  /// its exact masks and is not moved from a kept blur before the ninth,
  /// as when every shape had its mask from the first request.
  @Test func aShapePaintedOnceCountsItsPhaseOnce() throws {
    let masks = ShadowMasks()
    for step in 0..<8 {
      let phase = (Double(step) / 8, 0.0)
      let key = Self.key(
        size: Size(width: 120, height: 60), radii: CornerRadii(uniform: 12), sigma: 8,
        scale: 1, phase: phase)
      var painted = 0
      let first = try masks.mask(for: key) { _ in
        painted += 1
        return true
      }
      #expect(first == nil && painted == 1, "phase \(step): not painted")
      let second = try masks.mask(for: key) { _ in
        painted += 1
        return true
      }
      #expect(painted == 1, "phase \(step): painted twice")
      let expected = try CairoSurface(alphaWidth: key.width, height: key.height, what: "mask")
      #expect(try ShadowProfiles().write(key, into: expected))
      let same = try second.map { mask throws(RenderError) in
        try mask.withPixels { got, stride throws(RenderError) in
          try expected.withPixels { want, _ in
            (0..<key.height).allSatisfy { y in
              (0..<key.width).allSatisfy { x in
                got.load(fromByteOffset: y * stride + x, as: UInt8.self)
                  == want.load(fromByteOffset: y * stride + x, as: UInt8.self)
              }
            }
          }
        }
      }
      #expect(same == true, "phase \(step): the mask is not the one its profiles build")
    }
  }

  /// `ShadowMasks` remembers the latest 256 shadows it painted without a
  /// mask, forgetting the oldest first: of 600 painted once each, the
  /// latest 256 asked for again get their masks, and older ones are
  /// painted again.
  @Test func paintedShadowsAreForgottenOldestFirst() throws {
    let masks = ShadowMasks()
    func key(_ index: Int) -> ShadowMasks.Key {
      Self.key(
        size: Size(width: 40 + Double(index) / 8, height: 30), radii: CornerRadii(uniform: 6),
        sigma: 2, scale: 1, phase: (0, 0))
    }
    for index in 0..<600 {
      #expect(try masks.mask(for: key(index)) { _ in true } == nil, "shape \(index)")
    }
    var painted = 0
    for index in [599, 500, 345, 344] {
      let mask = try masks.mask(for: key(index)) { _ in
        painted += 1
        return true
      }
      #expect(mask != nil && painted == 0, "shape \(index) forgotten")
    }
    for (count, index) in [343, 200, 0].enumerated() {
      let mask = try masks.mask(for: key(index)) { _ in
        painted += 1
        return true
      }
      #expect(mask == nil && painted == count + 1, "shape \(index) remembered")
    }
  }

  /// `ShadowMasks` counts the phases of the latest 64 shapes with a wide
  /// blur, forgetting the oldest first: a shape asked for at eight phases
  /// gets its ninth moved from its kept blur while fewer than 64 shapes
  /// came since, and its ninth exact (counted anew) once 64 did.
  @Test func phasesAreForgottenOldestFirst() throws {
    for (others, moved) in [(63, true), (64, false), (200, false)] {
      let masks = ShadowMasks()
      func key(_ index: Int, phase: Double) -> ShadowMasks.Key {
        Self.key(
          size: Size(width: 120 + Double(index), height: 60), radii: CornerRadii(uniform: 12),
          sigma: 8, scale: 1, phase: (phase, phase))
      }
      for step in 0..<8 { _ = try masks.mask(for: key(0, phase: Double(step) / 8)) }
      for index in 1...others { _ = try masks.mask(for: key(index, phase: 0)) }
      let ninth = key(0, phase: 0.55)
      let got = try masks.mask(for: ninth)
      let exact = try CairoSurface(alphaWidth: ninth.width, height: ninth.height, what: "mask")
      #expect(try ShadowProfiles().write(ninth, into: exact))
      let same = try got.withPixels { got, stride throws(RenderError) in
        try exact.withPixels { want, _ in
          (0..<(ninth.height * stride)).allSatisfy { i in
            i % stride >= ninth.width
              || got.load(fromByteOffset: i, as: UInt8.self)
                == want.load(fromByteOffset: i, as: UInt8.self)
          }
        }
      }
      #expect(same != moved, "after \(others) other shapes: moved \(!same), expected \(moved)")
    }
  }

  /// A key as `Renderer.drawShadow` makes it for a shape drawn at `scale`
  /// with its origin at `phase` in its pixel.
  static func key(
    size: Size, radii: CornerRadii, sigma: Double, scale: Double, phase: (Double, Double)
  ) -> ShadowMasks.Key {
    let reach = (3 * sigma * scale).rounded(.up)
    return ShadowMasks.Key(
      size: size, radii: radii, sigma: sigma, scaleX: scale, scaleY: scale, phaseX: phase.0,
      phaseY: phase.1, x0: Int(-reach - 1), y0: Int(-reach - 1),
      x1: Int((size.width * scale + reach + 2).rounded(.up)),
      y1: Int((size.height * scale + reach + 2).rounded(.up)))
  }

  /// The blur at each of the key's pixels, 0…255: the whole shape
  /// rasterized by Cairo as a view's background is, convolved with the
  /// Gaussian integrated over each pixel square (cut at 6σ, scaled to sum
  /// to 1), in doubles.
  static func reference(_ key: ShadowMasks.Key) throws -> [Double] {
    let sigma = key.sigmaX
    let r = sigma > 0 ? Int((6 * sigma).rounded(.up)) : 0
    let (width, height) = (key.width + 2 * r, key.height + 2 * r)
    let surface = try CairoSurface(alphaWidth: width, height: height, what: "reference")
    let context = try CairoContext(surface: surface)
    context.matrix = AffineMatrix(
      xx: key.scaleX, yx: 0, xy: 0, yy: key.scaleY, x0: key.phaseX - Double(key.x0 - r),
      y0: key.phaseY - Double(key.y0 - r))
    context.roundedRectangle(Rect(size: key.size), radii: key.radii)
    context.fill(.black)
    try context.check("reference shape")
    let shape: [Double] = try surface.withPixels { pixels, stride in
      (0..<(width * height)).map { i in
        Double(pixels.load(fromByteOffset: (i / width) * stride + i % width, as: UInt8.self))
      }
    }
    func phi(_ x: Double) -> Double {
      sigma > 0 ? (1 + Double.erf(x / (sigma * 2.0.squareRoot()))) / 2 : (x >= 0 ? 1 : 0)
    }
    var weights = (-r...r).map { k in phi(Double(k) + 0.5) - phi(Double(k) - 0.5) }
    let total = weights.reduce(0, +)
    weights = weights.map { $0 / total }
    // Across, then down: the 2-D kernel is the product of the two.
    var across = [Double](repeating: 0, count: key.width * height)
    for y in 0..<height {
      for x in 0..<key.width {
        var sum = 0.0
        for k in 0...(2 * r) { sum += weights[k] * shape[y * width + x + k] }
        across[y * key.width + x] = sum
      }
    }
    var blur = [Double](repeating: 0, count: key.width * key.height)
    for y in 0..<key.height {
      for x in 0..<key.width {
        var sum = 0.0
        for k in 0...(2 * r) { sum += weights[k] * across[(y + k) * key.width + x] }
        blur[y * key.width + x] = sum
      }
    }
    return blur
  }
}
