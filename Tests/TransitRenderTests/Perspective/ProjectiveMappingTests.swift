import Foundation
import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// The span-cutting mapping against the per-pixel reference model on random
/// perspective maps: the same pixels, antialiased edges included, to within
/// one step of rounding per channel.
@Suite struct ProjectiveMappingTests {
  struct Case {
    var toDevice: Homography
    var quad: [(x: Double, y: Double)]
  }

  /// A view of `width`×`height` turned about a random axis in the plane,
  /// seen in perspective and moved about: what 3-D styles produce.
  static func randomCase(width: Double, height: Double, _ rng: inout SplitMix64) -> Case? {
    let angle = Double.random(in: -1.4...1.4, using: &rng)
    let (c, s) = (cos(angle), sin(angle))
    let perspective = Double.random(in: 0...0.004, using: &rng)
    let aboutVertical = Bool.random(using: &rng)
    let scale = Double.random(in: 0.5...1.5, using: &rng)
    let (tx, ty) = (
      Double.random(in: -20...60, using: &rng), Double.random(in: -20...60, using: &rng)
    )
    // Centred coordinates, turned, projected, moved back and about.
    let (hw, hh) = (width / 2, height / 2)
    let g = aboutVertical ? -s * perspective : 0
    let h = aboutVertical ? 0 : -s * perspective
    let base = Homography(
      a: aboutVertical ? c * scale : scale, b: 0, c: 0,
      d: 0, e: aboutVertical ? scale : c * scale, f: 0, g: g, h: h, i: 1)
    // Centre: (u − hw, v − hh) in, + (hw + tx, hh + ty) out.
    let centred = Homography(
      a: base.a + (hw + tx) * base.g, b: base.b + (hw + tx) * base.h,
      c: -(base.a * hw + base.b * hh) + (hw + tx) * (1 - base.g * hw - base.h * hh),
      d: base.d + (hh + ty) * base.g, e: base.e + (hh + ty) * base.h,
      f: -(base.d * hw + base.e * hh) + (hh + ty) * (1 - base.g * hw - base.h * hh),
      g: base.g, h: base.h, i: 1 - base.g * hw - base.h * hh)
    var quad: [(x: Double, y: Double)] = []
    for (u, v) in [(0.0, 0.0), (width, 0), (width, height), (0, height)] {
      guard let p = centred.apply(Point(x: u, y: v)) else { return nil }
      quad.append((p.x, p.y))
    }
    return Case(toDevice: centred, quad: quad)
  }

  @Test func matchesTheReferenceModel() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_000F)
    var rng = SplitMix64(seed: seed)
    var (cases, covered) = (0, 0)
    for trial in 0..<60 {
      let (sw, sh) = (Int.random(in: 2...60, using: &rng), Int.random(in: 2...60, using: &rng))
      // Blocks of colour with translucent parts, as drawn views have.
      var source = [UInt32](repeating: 0, count: sw * sh)
      let colours: [UInt32] = [0xFFE6_3333, 0xFF33_4DE6, 0xE619_CCCC, 0x8040_2010, 0]
      for y in 0..<sh {
        for x in 0..<sw { source[y * sw + x] = colours[(x / 7 + y / 5) % colours.count] }
      }
      let scale = Double.random(in: 0.5...2, using: &rng)
      let (vw, vh) = (Double(sw) / scale, Double(sh) / scale)
      guard let test = Self.randomCase(width: vw, height: vh, &rng) else { continue }
      let (dw, dh) = (Int.random(in: 1...120, using: &rng), Int.random(in: 1...120, using: &rng))
      let (ox, oy) = (Int.random(in: -10...10, using: &rng), Int.random(in: -10...10, using: &rng))
      var fast = [UInt32](repeating: 0xDEAD_BEEF, count: dw * dh)
      var reference = [UInt32](repeating: 0xDEAD_BEEF, count: dw * dh)
      source.withUnsafeBytes { pixels in
        let s = ProjectiveMapping.Source(
          block: .init(start: pixels.baseAddress!, rowStride: sw * 4, width: sw, height: sh),
          scaleX: scale, scaleY: scale)
        fast.withUnsafeMutableBytes { out in
          ProjectiveMapping.map(
            s, through: test.toDevice, quad: test.quad,
            into: .init(
              block: .init(start: out.baseAddress!, rowStride: dw * 4, width: dw, height: dh),
              originX: ox, originY: oy))
        }
        reference.withUnsafeMutableBytes { out in
          ReferenceMapping.map(
            s, through: test.toDevice, quad: test.quad,
            into: .init(
              block: .init(start: out.baseAddress!, rowStride: dw * 4, width: dw, height: dh),
              originX: ox, originY: oy))
        }
      }
      cases += 1
      covered += reference.filter { $0 != 0 }.count
      var worst = 0
      for (a, b) in zip(fast, reference) {
        for shift: UInt32 in [0, 8, 16, 24] {
          worst = max(worst, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
        }
      }
      #expect(worst <= 1, "seed \(seed), trial \(trial): a channel differs by \(worst)")
      if worst > 1 { return }
    }
    // The random cases must mostly be drawable, and draw something.
    #expect(cases >= 40 && covered > 2_000, "seed \(seed): \(cases) cases, \(covered) pixels")
  }
}
