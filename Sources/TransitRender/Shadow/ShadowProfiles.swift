import CTransitCairo
import CTransitShadow
import Transit

/// Builds a rounded rectangle's blurred shadow mask from one-dimensional
/// profiles, without blurring the whole shape in two dimensions.
///
/// ## Why it is the same blur
/// Rasterized, a rounded rectangle's rows through its straight sides are
/// all one row `h`, and its columns through its top and bottom sides are
/// all one column `v`; where such a row meets such a column the pixel is
/// covered wholly (255). So the rasterized shape `S` is
///
/// ```
/// S(x, y) = h(x) · v(y) / 255 + D(x, y)
/// ```
///
/// with `D` zero everywhere but in the four corner blocks (the columns
/// that differ from the straight ones crossed with the rows that do): in
/// a straight column `S` is `v` and `h` is 255, in a straight row `S` is
/// `h` and `v` is 255. The blur is linear and its kernel is a product of
/// one weight per axis (``GaussianBlur``), so the blur of `S` is the
/// product of `h` blurred across and `v` blurred down, plus the corners'
/// `D` blurred in two dimensions: the same sum, in a different order,
/// within float rounding of what ``GaussianBlur`` gives.
///
/// ## What it costs
/// `h` and `v` are runs of equal values (zeros, an edge's partial
/// coverage, 255), so each output of a profile is a few differences of
/// the kernel's cumulative weights: O(width + height). Only the corner
/// blocks (about the radius squared) are blurred in two dimensions, and
/// only for the outputs they reach. The shape itself is rasterized by
/// Cairo, exactly as the view's background and the reference blur are,
/// but with its straight sides shortened by whole pixels to a few pixels
/// each: its corners land on the same sub-pixel positions, so the small
/// raster holds the corners, `h` and `v` of the full one. Rows of the mask
/// with the same vertical profile and no corner within reach (the long
/// sides) are copies of one computed row.
///
/// A shape with no straight row or column (a circle, a capsule along
/// one axis), a mirrored grid, or a raster that does not show the
/// expected structure (checked, not assumed) is left to the
/// two-dimensional blur.
final class ShadowProfiles {
  private let shape = ShapeRaster()
  /// The latest blur's weights: flights that fly together share their
  /// blur on every frame, and both axes share it at an unscaled grid.
  private var latest: (sigma: Double, weights: [Float]) = (0, [1])

  private func weights(sigma: Double) -> [Float] {
    if sigma != latest.sigma { latest = (sigma, GaussianBlur.weights(sigma: sigma)) }
    return latest.weights
  }

  /// A shape's blur, taken apart: the two profiles at the mask's columns
  /// and rows, and the corner blocks' first passes, placed.
  private struct Parts {
    var across: [Float]
    var down: [Float]
    var weightsY: [Float]
    /// Every corner's first pass, one after another.
    var passes: [Float]
    var corners: [(offset: Int, x: Int, width: Int, firstRow: Int, rows: Int)]
  }

  /// Memory the painting works in, kept from call to call.
  private var floats: [Float] = []
  private var bytes: [UInt8] = []

  /// Writes the mask for `key` into `mask` (`key.width × key.height`
  /// pixels, those in the key's hole left unwritten) and returns `true`,
  /// or returns `false` without writing when the shape is not one this
  /// builds.
  func write(_ key: ShadowMasks.Key, into mask: CairoSurface) throws(RenderError) -> Bool {
    guard let parts = try parts(of: key) else { return false }
    if floats.count < key.width { floats = [Float](repeating: 0, count: key.width) }
    try mask.withPixels { pixels, maskStride in
      withCorners(parts) { corners in
        transit_profile_mask(
          pixels.assumingMemoryBound(to: UInt8.self), maskStride, Int32(key.width),
          Int32(key.height), parts.across, parts.down, corners, Int32(parts.corners.count),
          parts.weightsY, Int32(parts.weightsY.count / 2), Int32(key.holeX0), Int32(key.holeY0),
          Int32(key.holeX1), Int32(key.holeY1), &floats)
      }
    }
    return true
  }

  /// Paints the mask for `key` straight onto premultiplied ARGB32 pixels,
  /// without writing it, as `transit_shadow_over_around` paints a mask
  /// (the same bits), and returns `true`; or returns `false` without
  /// painting when the shape is not one this builds. `pixels` is the
  /// mask's pixel (`x0`, `y0`), rows `stride` pixels apart; the block is
  /// `width × height` mask pixels, inside the mask; `holes` holds
  /// `holeCount` rectangles (x0, y0, x1, y1) in the block's pixels that
  /// are left alone. `color` is (alpha, red, green, blue), premultiplied,
  /// 0…255.
  func paint(
    _ key: ShadowMasks.Key, onto pixels: UnsafeMutablePointer<UInt32>, stride: Int, x0: Int,
    y0: Int, width: Int, height: Int, holes: UnsafePointer<Int32>?, holeCount: Int,
    color: UnsafePointer<Float>
  ) throws(RenderError) -> Bool {
    guard let parts = try parts(of: key) else { return false }
    if floats.count < x0 + width { floats = [Float](repeating: 0, count: x0 + width) }
    if bytes.count < x0 + width { bytes = [UInt8](repeating: 0, count: x0 + width) }
    withCorners(parts) { corners in
      transit_profile_over_around(
        pixels, stride, Int32(x0), Int32(y0), Int32(width), Int32(height), parts.across,
        parts.down, corners, Int32(parts.corners.count), parts.weightsY,
        Int32(parts.weightsY.count / 2), holes, Int32(holeCount), color, &floats, &bytes)
    }
    return true
  }

  /// The profiles and corner passes of `key`'s shape, or `nil` when it is
  /// not one this builds.
  private func parts(of key: ShadowMasks.Key) throws(RenderError) -> Parts? {
    let (sx, sy) = (key.scaleX, key.scaleY)
    guard sx > 0, sy > 0, sx.isFinite, sy.isFinite else { return nil }
    let (wd, hd) = (key.size.width * sx, key.size.height * sy)
    // Beyond a million pixels the shortened sides lose sub-pixel precision.
    guard wd > 2, hd > 2, wd < 0x1p20, hd < 0x1p20 else { return nil }
    let r = key.radii.fitted(to: key.size)
    // A radius of 0 or less is a square corner.
    let left = max(r.topLeft, r.bottomLeft, 0) * sx
    let right = max(r.topRight, r.bottomRight, 0) * sx
    let top = max(r.topLeft, r.topRight, 0) * sy
    let bottom = max(r.bottomLeft, r.bottomRight, 0) * sy
    guard left <= wd, right <= wd, top <= hd, bottom <= hd else { return nil }
    // Straight columns cs…ce and rows rs…re of the full raster (grid
    // pixels, the shape's origin at the phase in pixel 0), a 64th of a
    // pixel clear of the corners' squares.
    let margin = 1.0 / 64
    let cs = Int((key.phaseX + left + margin).rounded(.up))
    let ce = Int((key.phaseX + wd - right - margin).rounded(.down)) - 1
    let rs = Int((key.phaseY + top + margin).rounded(.up))
    let re = Int((key.phaseY + hd - bottom - margin).rounded(.down)) - 1
    guard ce >= cs, re >= rs else { return nil }
    // The sides shortened to three straight pixels each.
    let kx = max(0, ce - cs - 2)
    let ky = max(0, re - rs - 2)
    let short = Size(
      width: key.size.width - Double(kx) / sx, height: key.size.height - Double(ky) / sy)
    guard r.fitted(to: short) == r else { return nil }
    let cw = Int((key.phaseX + wd - Double(kx)).rounded(.up)) + 1
    let ch = Int((key.phaseY + hd - Double(ky)).rounded(.up)) + 1
    let (ce2, re2) = (ce - kx, re - ky)
    let (surface, raster, stride) = try shape.clearedSurface(width: cw, height: ch)
    let context = try CairoContext(surface: surface)
    context.matrix = AffineMatrix(xx: sx, yx: 0, xy: 0, yy: sy, x0: key.phaseX, y0: key.phaseY)
    context.roundedRectangle(Rect(size: short), radii: r)
    context.fill(.black)
    try context.check("drawing a shadow's shape")
    cairo_surface_flush(surface.pointer)
    let s = UnsafePointer(raster)
    func at(_ c: Int, _ row: Int) -> UInt8 { s[row * stride + c] }

    // The structure the decomposition rests on, checked.
    guard at(cs, rs) == 255 else { return nil }
    for row in 0..<ch {
      let first = at(cs, row)
      for c in (cs + 1)..<(ce2 + 1) where at(c, row) != first { return nil }
    }
    for row in (rs + 1)..<(re2 + 1) where !memoryEqual(s + row * stride, s + rs * stride, count: cw)
    {
      return nil
    }

    let weightsX = weights(sigma: key.sigmaX)
    let weightsY = weights(sigma: key.sigmaY)
    let (rx, ry) = (weightsX.count / 2, weightsY.count / 2)
    let (width, height) = (key.width, key.height)

    // The profiles: h blurred across, over 255 (0…1), and v blurred down
    // (0…255), at the mask's columns and rows.
    let across = profile(
      runs(count: cw, straight: cs...ce2, shift: kx) { at($0, rs) }, weights: weightsX,
      from: key.x0, count: width, scale: 1.0 / 255)
    let down = profile(
      runs(count: ch, straight: rs...re2, shift: ky) { at(cs, $0) }, weights: weightsY,
      from: key.y0, count: height, scale: 1)

    // The corner blocks' D, each blurred across (the first pass).
    let reversed = Array(weightsX.reversed())
    var parts = Parts(
      across: across, down: down, weightsY: weightsY, passes: [], corners: [])
    let columnBlocks = [(0..<cs, 0), ((ce2 + 1)..<cw, kx)]
    let rowBlocks = [(0..<rs, 0), ((re2 + 1)..<ch, ky)]
    for (columns, shiftX) in columnBlocks where !columns.isEmpty {
      for (rows, shiftY) in rowBlocks where !rows.isEmpty {
        // D over the block, trimmed to where it is not zero.
        var (c0, c1, r0, r1) = (Int.max, Int.min, Int.max, Int.min)
        for row in rows {
          for c in columns {
            let d = Int(at(c, row)) * 255 - Int(at(c, rs)) * Int(at(cs, row))
            if d != 0 { (c0, c1, r0, r1) = (min(c0, c), max(c1, c), min(r0, row), max(r1, row)) }
          }
        }
        guard c0 <= c1 else { continue }
        // Mask columns and rows of the trimmed block, and the columns its
        // blur reaches.
        let (bx, by) = (c0 + shiftX - key.x0, r0 + shiftY - key.y0)
        let (bw, bh) = (c1 - c0 + 1, r1 - r0 + 1)
        let ox0 = max(bx - rx, 0)
        let ox1 = min(bx + bw + rx, width)
        guard ox1 > ox0, by + bh + ry > 0, by - ry < height else { continue }
        var d = [Float](repeating: 0, count: bw * bh)
        for j in 0..<bh {
          for i in 0..<bw {
            let (c, row) = (c0 + i, r0 + j)
            d[j * bw + i] =
              Float(at(c, row)) - Float(Int(at(c, rs)) * Int(at(cs, row))) / 255
          }
        }
        let offset = parts.passes.count
        parts.passes.append(contentsOf: repeatElement(0, count: (ox1 - ox0) * bh))
        parts.passes.withUnsafeMutableBufferPointer { out in
          transit_profile_corner_rows(
            out.baseAddress! + offset, Int32(ox0), Int32(ox1 - ox0), d, Int32(bx), Int32(bw),
            Int32(bh), reversed, Int32(rx))
        }
        parts.corners.append((offset, ox0, ox1 - ox0, by, bh))
      }
    }
    return parts
  }

  /// The C descriptions of the corners, valid inside `body`.
  private func withCorners(
    _ parts: Parts, _ body: (UnsafePointer<transit_profile_corner>?) -> Void
  ) {
    parts.passes.withUnsafeBufferPointer { passes in
      let corners = parts.corners.map { c in
        transit_profile_corner(
          rows: passes.baseAddress! + c.offset, x: Int32(c.x), width: Int32(c.width),
          first_row: Int32(c.firstRow), row_count: Int32(c.rows))
      }
      corners.withUnsafeBufferPointer { body($0.baseAddress) }
    }
  }

  /// The nonzero runs of the full raster's row or column through the
  /// straight part, as (first, last, value) in grid pixels: the short
  /// raster's `count` values from `value`, with `shift` more pixels of the
  /// straight part's value after its `straight` ones.
  private func runs(
    count: Int, straight: ClosedRange<Int>, shift: Int, _ value: (Int) -> UInt8
  ) -> [(Int, Int, Double)] {
    var runs: [(Int, Int, Double)] = []
    for c in 0..<count {
      let v = value(c)
      guard v != 0 else { continue }
      let (first, last) =
        c < straight.upperBound
        ? (c, c) : c == straight.upperBound ? (c, c + shift) : (c + shift, c + shift)
      if let run = runs.last, run.1 == first - 1, run.2 == Double(v) {
        runs[runs.count - 1].1 = last
      } else {
        runs.append((first, last, Double(v)))
      }
    }
    return runs
  }

  /// The blur of the values in `runs` at grid pixels `from ..< from +
  /// count`, times `scale`: each run adds its value times the weights it
  /// covers, a difference of cumulative sums, and adds its value whole
  /// where it covers the kernel's whole width.
  private func profile(
    _ runs: [(Int, Int, Double)], weights: [Float], from: Int, count: Int, scale: Double
  ) -> [Float] {
    let reach = weights.count / 2
    // cumulative[i]: the sum of weights[0 ..< i].
    var cumulative = [Double](repeating: 0, count: weights.count + 1)
    for i in weights.indices { cumulative[i + 1] = cumulative[i] + Double(weights[i]) }
    let whole = cumulative[weights.count]
    var sums = [Double](repeating: 0, count: count)
    for (first, last, value) in runs {
      // Outputs whose window meets the run, and those it fills.
      let start = max(first - reach - from, 0)
      let end = min(last + reach - from + 1, count)
      guard start < end else { continue }
      let fullStart = min(max(first + reach - from, start), end)
      let fullEnd = max(min(last - reach - from + 1, end), fullStart)
      func partial(_ x: Int) {
        let center = from + x
        let low = max(first - center, -reach)
        let high = min(last - center, reach)
        sums[x] += value * (cumulative[high + reach + 1] - cumulative[low + reach])
      }
      for x in start..<fullStart { partial(x) }
      let full = value * whole
      for x in fullStart..<fullEnd { sums[x] += full }
      for x in fullEnd..<end { partial(x) }
    }
    return sums.map { Float($0 * scale) }
  }

  private func memoryEqual(
    _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int
  ) -> Bool {
    transit_bytes_equal(a, b, count) != 0
  }
}
