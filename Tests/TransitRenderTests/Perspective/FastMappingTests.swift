import CTransitCairo
import Foundation
import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// The fast mapping (spans, hoisted divisions, the AVX2 and the scalar row
/// loops of CTransitPerspective) against ``PlainMapping``, the formula
/// evaluated pixel by pixel: identical pixels, bit for bit, on random seeded
/// maps — turns about either axis (level rows, per-column rows), arbitrary
/// projective maps, views turned edge-on, quads with a collapsed corner,
/// quads reaching past the destination and past the camera plane, pictures
/// of one pixel, one row, one column, and thousands of pixels a side.
/// Compositing straight into a frame must give what Cairo's paint of the
/// replaced picture gives, also bit for bit; and the fixed-point blend must
/// stay within one step per channel of the blend in doubles it replaced.
@Suite struct FastMappingTests {
  struct Case {
    var sourceWidth: Int, sourceHeight: Int, scaleX: Double, scaleY: Double
    var toDevice: Homography
    var quad: [(x: Double, y: Double)]
    var width: Int, height: Int, originX: Int, originY: Int
  }

  /// A random case: about half turn a view about one axis (as the 3-D
  /// styles do), the rest are arbitrary projective maps; some turned to
  /// exactly or nearly edge-on, some with two corners at one point.
  static func randomCase(_ rng: inout SplitMix64) -> Case? {
    let sizes = [1, 2, 3, 17, 40, 64]
    let sourceWidth =
      Bool.random(using: &rng)
      ? sizes.randomElement(using: &rng)! : Int.random(in: 1...70, using: &rng)
    let sourceHeight =
      Bool.random(using: &rng)
      ? sizes.randomElement(using: &rng)! : Int.random(in: 1...70, using: &rng)
    let scale = Double.random(in: 0.5...2, using: &rng)
    let (vw, vh) = (Double(sourceWidth) / scale, Double(sourceHeight) / scale)
    var toDevice: Homography
    var quad: [(x: Double, y: Double)]
    switch Int.random(in: 0..<4, using: &rng) {
    case 0, 1:
      guard let turned = ProjectiveMappingTests.randomCase(width: vw, height: vh, &rng) else {
        return nil
      }
      (toDevice, quad) = (turned.toDevice, turned.quad)
    case 2:
      // Edge-on, exactly or nearly: a sliver, or a line.
      let angle = [Double.pi / 2, -Double.pi / 2, 1.5707, 1.57079632, 1.5]
        .randomElement(using: &rng)!
      let (c, s) = (cos(angle), sin(angle))
      let p = Double.random(in: 0.001...0.004, using: &rng)
      let vertical = Bool.random(using: &rng)
      let (hw, hh) = (vw / 2, vh / 2)
      let (tx, ty) = (
        Double.random(in: 0...40, using: &rng), Double.random(in: 0...40, using: &rng)
      )
      // Centred turn, then moved by (hw + tx, hh + ty).
      let (a, e, g, h) = vertical ? (c, 1.0, -s * p, 0.0) : (1.0, c, 0.0, -s * p)
      let i = 1 - g * hw - h * hh
      toDevice = Homography(
        a: a + (hw + tx) * g, b: (hw + tx) * h, c: -a * hw + (hw + tx) * i,
        d: (hh + ty) * g, e: e + (hh + ty) * h, f: -e * hh + (hh + ty) * i, g: g, h: h, i: i)
      quad = []
    default:
      // Any projective map with the view in front of the camera: the
      // destination box may still reach past the horizon.
      toDevice = Homography(
        a: Double.random(in: -2...2, using: &rng), b: Double.random(in: -2...2, using: &rng),
        c: Double.random(in: -10...60, using: &rng), d: Double.random(in: -2...2, using: &rng),
        e: Double.random(in: -2...2, using: &rng), f: Double.random(in: -10...60, using: &rng),
        g: Double.random(in: -0.02...0.02, using: &rng),
        h: Double.random(in: -0.02...0.02, using: &rng), i: 1)
      quad = []
    }
    if quad.isEmpty {
      for (u, v) in [(0.0, 0.0), (vw, 0), (vw, vh), (0, vh)] {
        guard let p = toDevice.apply(Point(x: u, y: v)) else { return nil }
        quad.append((p.x, p.y))
      }
    }
    if Int.random(in: 0..<8, using: &rng) == 0 { quad[2] = quad[1] }  // a collapsed corner
    return Case(
      sourceWidth: sourceWidth, sourceHeight: sourceHeight, scaleX: scale, scaleY: scale,
      toDevice: toDevice,
      quad: quad, width: Int.random(in: 1...110, using: &rng),
      height: Int.random(in: 1...90, using: &rng),
      originX: Int.random(in: -30...30, using: &rng), originY: Int.random(in: -30...30, using: &rng)
    )
  }

  /// Blocks of colour with translucent parts and single odd pixels, as
  /// drawn views have (text gives neighbours that all differ); the last
  /// column and row are odd pixels throughout, so that a sample taken from
  /// the wrong side of the picture's edge shows.
  static func picture(_ test: Case, _ rng: inout SplitMix64) -> [UInt32] {
    let colours: [UInt32] = [0xFFE6_3333, 0xFF33_4DE6, 0xE619_CCCC, 0x8040_2010, 0, 0xFFFF_FFFF]
    var pixels = [UInt32](repeating: 0, count: test.sourceWidth * test.sourceHeight)
    for y in 0..<test.sourceHeight {
      for x in 0..<test.sourceWidth {
        pixels[y * test.sourceWidth + x] =
          Int.random(in: 0..<6, using: &rng) == 0 || x == test.sourceWidth - 1
            || y == test.sourceHeight - 1
          ? colours.randomElement(using: &rng)! : colours[(x / 7 + y / 5) % colours.count]
      }
    }
    return pixels
  }

  enum Way { case plain, double, vectorised, scalar }

  /// `test` mapped into `destination` (replaced, or composited over it).
  static func map(
    _ test: Case, source: [UInt32], into destination: inout [UInt32], way: Way,
    compositing: ProjectiveMapping.Compositing = .replace, runs: ColumnRuns? = nil
  ) {
    source.withUnsafeBytes { pixels in
      let s = ProjectiveMapping.Source(
        block: .init(
          start: pixels.baseAddress!, rowStride: test.sourceWidth * 4, width: test.sourceWidth,
          height: test.sourceHeight),
        scaleX: test.scaleX, scaleY: test.scaleY, columnRuns: runs)
      destination.withUnsafeMutableBytes { out in
        let d = ProjectiveMapping.Destination(
          block: .init(
            start: out.baseAddress!, rowStride: test.width * 4, width: test.width,
            height: test.height),
          originX: test.originX, originY: test.originY)
        switch way {
        case .plain: PlainMapping.map(s, through: test.toDevice, quad: test.quad, into: d)
        case .double:
          PlainMapping.map(s, through: test.toDevice, quad: test.quad, into: d, blend: .double)
        case .vectorised:
          ProjectiveMapping.map(
            s, through: test.toDevice, quad: test.quad, into: d, compositing: compositing)
        case .scalar:
          ProjectiveMapping.map(
            s, through: test.toDevice, quad: test.quad, into: d, compositing: compositing,
            vectorised: false)
        }
      }
    }
  }

  static func firstDifference(_ a: [UInt32], _ b: [UInt32], width: Int) -> String? {
    guard let index = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
    return "pixel (\(index % width), \(index / width)): "
      + "\(String(a[index], radix: 16)) ≠ \(String(b[index], radix: 16))"
  }

  /// Where the vectorised or the scalar loop first differs from `plain`,
  /// `test` mapped into a destination of `filling` by each (which loop, and
  /// the pixel), or `nil` when both give `plain` bit for bit.
  static func fastDifference(
    _ test: Case, source: [UInt32], from plain: [UInt32], filling: UInt32
  ) -> String? {
    for way in [Way.vectorised, .scalar] {
      var fast = [UInt32](repeating: filling, count: test.width * test.height)
      map(test, source: source, into: &fast, way: way)
      if let difference = firstDifference(fast, plain, width: test.width) {
        return "\(way): \(difference)"
      }
    }
    return nil
  }

  @Test func matchesThePlainFormulaBitForBit() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_0007)
    var rng = SplitMix64(seed: seed)
    var (cases, covered, blended) = (0, 0, 0)
    for trial in 0..<400 {
      guard let test = Self.randomCase(&rng) else { continue }
      let source = Self.picture(test, &rng)
      var plain = [UInt32](repeating: 0xDEAD_BEEF, count: test.width * test.height)
      Self.map(test, source: source, into: &plain, way: .plain)
      cases += 1
      covered += plain.filter { $0 != 0 }.count
      blended += plain.filter { $0 != 0 && !source.contains($0) }.count
      let difference = Self.fastDifference(test, source: source, from: plain, filling: 0xDEAD_BEEF)
      #expect(difference == nil, "seed \(seed), trial \(trial), \(difference ?? "")")
      if difference != nil { return }
    }
    // The cases must mostly be drawable, cover pixels and blend many.
    #expect(
      cases >= 300 && covered > 10_000 && blended > 3_000,
      "seed \(seed): \(cases) cases, \(covered) pixels covered, \(blended) blended")
  }

  /// The largest difference of any channel of any pixel.
  static func largestDifference(_ a: [UInt32], _ b: [UInt32]) -> Int {
    var worst = 0
    for (p, q) in zip(a, b) {
      for shift: UInt32 in [0, 8, 16, 24] {
        worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
      }
    }
    return worst
  }

  /// Positions rounded to 1/256 of a pixel move the sample by at most
  /// 1/512 of a pixel each way, which changes a blend of 0…255 by less
  /// than 255/512 per axis; halving the column sums loses at most 1/256
  /// more. Less than one step in all, so after rounding the fixed-point
  /// blend is within one step of the blend in doubles, edges included.
  @Test func staysWithinOneStepOfTheDoubleBlend() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_0008)
    var rng = SplitMix64(seed: seed)
    var (cases, differing) = (0, 0)
    for trial in 0..<300 {
      guard let test = Self.randomCase(&rng) else { continue }
      let source = Self.picture(test, &rng)
      var fixed = [UInt32](repeating: 0, count: test.width * test.height)
      var double = fixed
      Self.map(test, source: source, into: &fixed, way: .vectorised)
      Self.map(test, source: source, into: &double, way: .double)
      let worst = Self.largestDifference(fixed, double)
      #expect(worst <= 1, "seed \(seed), trial \(trial): a channel differs by \(worst)")
      if worst > 1 { return }
      cases += 1
      differing += zip(fixed, double).filter { $0 != $1 }.count
    }
    // Rounding differently must show somewhere, or the blends are the same.
    #expect(cases >= 200 && differing > 100, "seed \(seed): \(cases) cases, \(differing) differ")
  }

  /// Pictures far larger than the destination (thousands of pixels along a
  /// side, so that positions need many bits) and pictures of one row or
  /// column, turned about either axis or mapped arbitrarily: the fast
  /// paths match the formula bit for bit.
  @Test func hugeAndThinPicturesMatchThePlainFormula() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_0009)
    var rng = SplitMix64(seed: seed)
    let sizes = [(4_000, 3), (3, 4_000), (1, 900), (900, 1), (1_800, 1_200), (2, 2), (1, 1)]
    var drawn = 0
    for (sourceWidth, sourceHeight) in sizes {
      for trial in 0..<8 {
        guard var test = Self.randomCase(&rng) else { continue }
        // The same view, now drawn from a picture of this size.
        let (vw, vh) = (
          Double(test.sourceWidth) / test.scaleX, Double(test.sourceHeight) / test.scaleY
        )
        test.sourceWidth = sourceWidth
        test.sourceHeight = sourceHeight
        test.scaleX = Double(sourceWidth) / vw
        test.scaleY = Double(sourceHeight) / vh
        let source = Self.picture(test, &rng)
        var plain = [UInt32](repeating: 0xDEAD_BEEF, count: test.width * test.height)
        Self.map(test, source: source, into: &plain, way: .plain)
        drawn += plain.filter { $0 != 0 }.count
        let difference = Self.fastDifference(
          test, source: source, from: plain, filling: 0xDEAD_BEEF)
        #expect(
          difference == nil,
          "seed \(seed), \(sourceWidth)×\(sourceHeight), trial \(trial), \(difference ?? "")")
        if difference != nil { return }
      }
    }
    #expect(drawn > 500, "seed \(seed): \(drawn) pixels drawn")
  }

  /// Small pictures magnified 4 to 10 times and turned a little about
  /// either axis or both: many whole pixels near the right and bottom edges
  /// sample the last column or row itself (their positions clamp to it),
  /// where the second neighbour is the first again.
  @Test func magnifiedPicturesClampAtTheirLastColumnAndRow() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_000A)
    var rng = SplitMix64(seed: seed)
    var clamped = 0
    for trial in 0..<60 {
      let (w, h) = (Int.random(in: 2...6, using: &rng), Int.random(in: 2...6, using: &rng))
      let zoom = Double.random(in: 4...10, using: &rng)
      let angle = Double.random(in: -0.4...0.4, using: &rng)
      let (c, s) = (cos(angle), sin(angle))
      let p = 0.002
      let (vw, vh) = (Double(w), Double(h))
      // Turned about the vertical axis, the horizontal one, or projective.
      let (g, hh): (Double, Double) =
        [(-s * p, 0.0), (0.0, -s * p), (-s * p, s * p / 2)][trial % 3]
      let (a, e) = trial % 3 == 1 ? (zoom, zoom * c) : (zoom * c, zoom)
      let toDevice = Homography(
        a: a + 3 * g, b: 3 * hh, c: 3, d: 2 * g, e: e + 2 * hh, f: 2, g: g, h: hh, i: 1)
      var quad: [(x: Double, y: Double)] = []
      for (u, v) in [(0.0, 0.0), (vw, 0), (vw, vh), (0, vh)] {
        let q = try #require(toDevice.apply(Point(x: u, y: v)))
        quad.append((q.x, q.y))
      }
      let test = Case(
        sourceWidth: w, sourceHeight: h, scaleX: 1, scaleY: 1, toDevice: toDevice, quad: quad,
        width: Int(zoom * vw) + 8, height: Int(zoom * vh) + 8, originX: 0, originY: 0)
      // Every pixel its own colour.
      let source = (0..<w * h).map { _ in
        0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng)
      }
      var plain = [UInt32](repeating: 0, count: test.width * test.height)
      Self.map(test, source: source, into: &plain, way: .plain)
      clamped += plain.filter { source.contains($0) }.count
      let difference = Self.fastDifference(test, source: source, from: plain, filling: 0)
      #expect(difference == nil, "seed \(seed), trial \(trial), \(difference ?? "")")
      if difference != nil { return }
    }
    // Pixels that are a source pixel exactly: sampled at a clamped corner
    // or on whole source positions.
    #expect(clamped > 500, "seed \(seed): \(clamped) pixels")
  }

  /// A view as drawn, several hundred pixels wide: wide flat areas (opaque,
  /// translucent and transparent), bars, and a few boxes of "text" whose
  /// pixels all differ, with a changed pixel here and there.
  static func drawnView(width: Int, height: Int, _ rng: inout SplitMix64) -> [UInt32] {
    let colours: [UInt32] = [0xFFFA_DADD, 0xFFE6_3333, 0x8040_2010, 0, 0xFFFF_FFFF]
    let band = Int.random(in: 6...20, using: &rng)
    var pixels = (0..<width * height).map { index -> UInt32 in
      let (x, y) = (index % width, index / width)
      return colours[(y / band + (x < width / 3 ? 0 : 1)) % colours.count]
    }
    for _ in 0..<Int.random(in: 1...6, using: &rng) {
      let (x0, y0) = (
        Int.random(in: 0..<width, using: &rng), Int.random(in: 0..<height, using: &rng)
      )
      for y in y0..<min(y0 + 6, height) {
        for x in x0..<min(x0 + Int.random(in: 4...60, using: &rng), width) {
          pixels[y * width + x] = 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng)
        }
      }
    }
    for _ in 0..<Int.random(in: 0...8, using: &rng) {
      pixels[Int.random(in: 0..<pixels.count, using: &rng)] = 0xFF12_3456
    }
    return pixels
  }

  /// A drawn view turned about one axis, centred, in perspective: views
  /// hundreds of pixels wide (drawn at 0.6 to 1.5 times their size), or a
  /// `tiny` picture stretched over dozens of pixels (at its right and bottom
  /// edges every position clamps to its last column or row); `mirrored`
  /// turns it upside down as well, so that its source rows go up as the
  /// destination's go down.
  static func turnedView(
    aboutVerticalAxis vertical: Bool, tiny: (Int, Int)?, mirrored: Bool = false,
    _ rng: inout SplitMix64
  ) throws -> (Case, [UInt32]) {
    let (w, h) =
      tiny ?? (Int.random(in: 120...420, using: &rng), Int.random(in: 30...90, using: &rng))
    var (vw, vh) = (
      Double.random(in: 64...200, using: &rng), Double.random(in: 10...40, using: &rng)
    )
    if tiny == nil {
      let zoom = Double.random(in: 0.6...1.5, using: &rng)
      (vw, vh) = (Double(w) / zoom, Double(h) / zoom)
    }
    let (scaleX, scaleY) = (Double(w) / vw, Double(h) / vh)
    let angle = Double.random(in: -1.3...1.3, using: &rng)
    let (c, s) = (cos(angle), sin(angle))
    let p = Double.random(in: 0.001...0.004, using: &rng)
    let (hw, hh) = (vw / 2, vh / 2)
    let (tx, ty) = (
      Double.random(in: -20...20, using: &rng), Double.random(in: 0...20, using: &rng)
    )
    // Centred turn, then moved by (hw + tx, hh + ty).
    var (a, e, g, hTerm) = vertical ? (c, 1.0, -s * p, 0.0) : (1.0, c, 0.0, -s * p)
    if mirrored { e = -e }
    let i = 1 - g * hw - hTerm * hh
    let toDevice = Homography(
      a: a + (hw + tx) * g, b: (hw + tx) * hTerm, c: -a * hw + (hw + tx) * i,
      d: (hh + ty) * g, e: e + (hh + ty) * hTerm, f: -e * hh + (hh + ty) * i,
      g: g, h: hTerm, i: i)
    var quad: [(x: Double, y: Double)] = []
    for (u, v) in [(0.0, 0.0), (vw, 0), (vw, vh), (0, vh)] {
      let q = try #require(toDevice.apply(Point(x: u, y: v)))
      quad.append((q.x, q.y))
    }
    let test = Case(
      sourceWidth: w, sourceHeight: h, scaleX: scaleX, scaleY: scaleY, toDevice: toDevice,
      quad: quad, width: Int(vw * 1.6) + 40, height: Int(vh * 1.6) + 40, originX: 0, originY: 0)
    return (test, drawnView(width: w, height: h, &rng))
  }

  /// `test` mapped by the vectorised loop against the plain formula when
  /// replacing, and against the scalar loop when compositing over a frame
  /// of stripes, opaque and translucent: the first difference, if any.
  static func vectorisedDifference(_ test: Case, source: [UInt32], plain: [UInt32]) -> String? {
    var fast = [UInt32](repeating: 0xDEAD_BEEF, count: test.width * test.height)
    map(test, source: source, into: &fast, way: .vectorised)
    if let difference = firstDifference(fast, plain, width: test.width) { return difference }
    let frame = (0..<test.width * test.height).map { index -> UInt32 in
      [0xFF20_4060, 0x8010_2030, 0][(index / test.width / 3 + index % 5) % 3]
    }
    var (overFast, overScalar) = (frame, frame)
    map(test, source: source, into: &overFast, way: .vectorised, compositing: .over)
    map(test, source: source, into: &overScalar, way: .scalar, compositing: .over)
    return firstDifference(overFast, overScalar, width: test.width).map { "over: \($0)" }
  }

  /// The flat colours of ``drawnView(width:height:_:)``.
  static let drawnColours: [UInt32] = [0xFFFA_DADD, 0xFFE6_3333, 0x8040_2010, 0xFFFF_FFFF]

  /// `views` drawn views turned about one axis, then each tiny picture
  /// twice (``turnedView(aboutVerticalAxis:tiny:mirrored:_:)``), every
  /// fourth one mirrored when `mirroring`, from the seed `fallback` (or the
  /// one the environment gives): each mapped by the vectorised loop against
  /// the plain formula and the scalar loop
  /// (``vectorisedDifference(_:source:plain:)``), then checked by `more`;
  /// most of what they cover must be flat (one of ``drawnColours``).
  static func expectTurnedViewsMatch(
    aboutVerticalAxis vertical: Bool, views: Int, mirroring: Bool = false, seed fallback: UInt64,
    more: (Case, [UInt32]) -> String? = { _, _ in nil }
  ) throws {
    let seed = SplitMix64.seed(fallback: fallback)
    var rng = SplitMix64(seed: seed)
    let tiny = [(1, 1), (2, 7), (9, 1), (3, 5), (1, 6), (2, 2)]
    var (covered, flat) = (0, 0)
    for trial in 0..<(views + 2 * tiny.count) {
      let (test, source) = try turnedView(
        aboutVerticalAxis: vertical, tiny: trial < views ? nil : tiny[trial % tiny.count],
        mirrored: mirroring && trial % 4 == 3, &rng)
      var plain = [UInt32](repeating: 0xDEAD_BEEF, count: test.width * test.height)
      map(test, source: source, into: &plain, way: .plain)
      covered += plain.filter { $0 != 0 }.count
      flat += plain.filter { drawnColours.contains($0) }.count
      let difference =
        vectorisedDifference(test, source: source, plain: plain) ?? more(test, source)
      #expect(difference == nil, "seed \(seed), trial \(trial): \(difference ?? "")")
      if difference != nil { return }
    }
    // Most of what is drawn is flat: runs of it are there to be taken.
    #expect(covered > 200_000 && flat * 2 > covered, "seed \(seed): \(flat) of \(covered) flat")
  }

  /// Views turned about the horizontal axis onto wide destinations: LEVEL
  /// rows, whose runs of columns that sample one colour are filled without
  /// blending, and whose other runs are blended — runs that end at every
  /// kind of change: a band's edge, text, a lone pixel, the picture's own
  /// edge. Bit for bit the plain formula when replacing, and the scalar
  /// loop when compositing over a frame.
  @Test func flatRunsOfLevelRowsMatchThePlainFormula() throws {
    try Self.expectTurnedViewsMatch(aboutVerticalAxis: false, views: 40, seed: 0xBA7C_000F)
  }

  /// Views turned about the vertical axis: per-column rows, whose columns
  /// remember the run of alike source rows they last blended and its pixel
  /// (``ColumnRuns``), and take that pixel while their source rows stay in
  /// the run — runs that end at a band's edge, text, a lone pixel and the
  /// picture's last row, read downward and (mirrored views) upward, with
  /// the runs worked out for the mapping or kept with the picture from an
  /// earlier one. Bit for bit the plain formula when replacing, and the
  /// scalar loop when compositing over a frame.
  @Test func knownColumnsOfVerticalTurnsMatchThePlainFormula() throws {
    try Self.expectTurnedViewsMatch(
      aboutVerticalAxis: true, views: 48, mirroring: true, seed: 0xBA7C_0010
    ) { test, source in
      // The same picture's runs, worked out by one mapping and kept for
      // the next, each turned a little further than the one before.
      var test = test
      let runs = ColumnRuns()
      for step in 0..<2 {
        test.toDevice.a *= 0.99
        var kept = [UInt32](repeating: 0xDEAD_BEEF, count: test.width * test.height)
        var again = kept
        Self.map(test, source: source, into: &again, way: .plain)
        Self.map(test, source: source, into: &kept, way: .vectorised, runs: runs)
        if let difference = Self.firstDifference(kept, again, width: test.width) {
          return "kept runs, step \(step): \(difference)"
        }
      }
      return nil
    }
  }

  /// Outside references for the blend: a picture mapped by the identity is
  /// copied exactly, and moved by half a pixel each way it is the average
  /// of each 2×2 block, halves rounded up — (a + b + c + d + 2) / 4 — where
  /// the block lies wholly inside the picture.
  @Test func identityCopiesAndHalfPixelShiftsAverage() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_000B)
    var rng = SplitMix64(seed: seed)
    for shift in [0.0, 0.5] {
      let (width, height) = (37, 23)
      var test = Case(
        sourceWidth: width, sourceHeight: height, scaleX: 1, scaleY: 1,
        toDevice: Homography(a: 1, b: 0, c: shift, d: 0, e: 1, f: shift, g: 0, h: 0, i: 1),
        quad: [], width: width, height: height, originX: 0, originY: 0)
      test.quad = [
        (shift, shift), (37 + shift, shift), (37 + shift, 23 + shift), (shift, 23 + shift),
      ]
      let source = (0..<width * height).map { _ -> UInt32 in
        let alpha = UInt32.random(in: 0...255, using: &rng)
        var pixel = alpha << 24
        for channel: UInt32 in [0, 8, 16] {
          pixel |= UInt32.random(in: 0...alpha, using: &rng) << channel
        }
        return pixel
      }
      for way in [Way.vectorised, .scalar] {
        var out = [UInt32](repeating: 0, count: width * height)
        Self.map(test, source: source, into: &out, way: way)
        if shift == 0 {
          #expect(out == source, "seed \(seed), \(way)")
          continue
        }
        // Pixel (x, y) samples source (x − ½, y − ½): the block at x − 1, y − 1.
        for y in 1..<height {
          for x in 1..<width {
            var expected: UInt32 = 0
            for channel: UInt32 in [0, 8, 16, 24] {
              let sum = [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)].reduce(0) {
                $0 + (source[$1.1 * width + $1.0] >> channel) & 0xFF
              }
              expected |= ((sum + 2) / 4) << channel
            }
            #expect(out[y * width + x] == expected, "seed \(seed), \(way), pixel (\(x), \(y))")
            if out[y * width + x] != expected { return }
          }
        }
      }
    }
  }

  /// Compositing while mapping is Cairo's paint of the mapped picture (an
  /// OVER by pixman) over whatever the frame held, bit for bit.
  @Test func compositingMatchesCairosPaint() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_000C)
    var rng = SplitMix64(seed: seed)
    var compared = 0
    for trial in 0..<150 {
      guard let test = Self.randomCase(&rng) else { continue }
      let source = Self.picture(test, &rng)
      // A frame of random valid premultiplied pixels.
      var frame = (0..<test.width * test.height).map { _ -> UInt32 in
        let alpha = UInt32(
          [0, 255, 255, UInt32.random(in: 0...255, using: &rng)].randomElement(using: &rng)!)
        var pixel = alpha << 24
        for shift: UInt32 in [0, 8, 16] {
          pixel |= UInt32.random(in: 0...alpha, using: &rng) << shift
        }
        return pixel
      }
      var mapped = [UInt32](repeating: 0, count: frame.count)
      Self.map(test, source: source, into: &mapped, way: .plain)
      var painted = frame
      try painted.withUnsafeMutableBufferPointer { target in
        try mapped.withUnsafeMutableBufferPointer { picture in
          let surface = try CairoSurface(
            wrapping: target.baseAddress!, width: test.width, height: test.height, what: "frame")
          let pictureSurface = try CairoSurface(
            wrapping: picture.baseAddress!, width: test.width, height: test.height, what: "picture")
          let context = try CairoContext(surface: surface)
          context.paint(pictureSurface, x: 0, y: 0, alpha: 1, smooth: false)
          try context.check("painting")
          surface.finish()
          pictureSurface.finish()
        }
      }
      for way in [Way.vectorised, .scalar] {
        var fused = frame
        Self.map(test, source: source, into: &fused, way: way, compositing: .over)
        let difference = Self.firstDifference(fused, painted, width: test.width)
        #expect(difference == nil, "seed \(seed), trial \(trial), \(way): \(difference ?? "")")
        if difference != nil { return }
      }
      compared += 1
      frame = painted
    }
    #expect(compared >= 100, "seed \(seed): \(compared) cases")
  }

  /// A frame drawn with a 3-D view composited straight into it is the
  /// frame drawn through a separate projected picture and Cairo's paint.
  /// The same card, at the same device position, sits in a clipping holder
  /// whose edge is on whole pixels (composited directly) or on half pixels
  /// (which Cairo cannot give as pixel rectangles, so the picture is made
  /// and painted); the holder's edge is far from the card either way.
  @Test func directCompositingLeavesFramesUnchanged() throws {
    let turns: [(angle: Double, x: Double, y: Double)] = [
      (0.3, 0, 1), (1.0, 0, 1), (-0.7, 0, 1), (0.5, 1, 0), (-1.1, 1, 0), (0.6, 1, 1),
    ]
    for turn in turns {
      func frame(holderAt offset: Double) throws -> Image {
        let card = View(
          id: "card", frame: Rect(x: 60 - offset, y: 40 - offset, width: 100, height: 60),
          transform: Transform3D.rotation(angle: turn.angle, x: turn.x, y: turn.y, z: 0)
            .concatenating(.perspective(distance: 300)),
          backgroundColor: Color(red: 0.9, green: 0.2, blue: 0.2),
          children: [
            View(
              id: "stripe", frame: Rect(x: 10, y: 10, width: 80, height: 12),
              backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.7),
              cornerRadius: 5)
          ])
        let holder = View(
          id: "holder", frame: Rect(x: offset, y: offset, width: 210, height: 130),
          clipsToBounds: true, children: [card])
        let scene = Scene(
          size: Size(width: 220, height: 140), backgroundColor: Color(red: 1, green: 1, blue: 0.8),
          views: [holder])
        return try Renderer().render(scene)
      }
      let direct = try frame(holderAt: 2)
      let throughPicture = try frame(holderAt: 2.5)
      #expect(direct.pixels == throughPicture.pixels, "turn \(turn)")
      #expect(Set(direct.pixels).count > 20, "turn \(turn): the card is drawn and blended")
    }
  }
}
