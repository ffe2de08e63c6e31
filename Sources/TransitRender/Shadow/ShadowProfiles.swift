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
  /// The kernels of the latest two blurs, newest first: flights that fly
  /// together share their blur on every frame, and both axes share it at
  /// an unscaled grid. A shape's two kernels are both here while its
  /// parts are in use.
  private var kernels: [Kernel] = []

  /// One blur's weights and what the profiles and corners read of them,
  /// worked out once per σ.
  private final class Kernel {
    let sigma: Double
    /// `GaussianBlur.weights(sigma:)`, `2·reach + 1` of them.
    let weights: UnsafeMutablePointer<Float>
    /// The weights last to first.
    let reversed: UnsafeMutablePointer<Float>
    /// `cumulative[i]`: the sum of `weights[0 ..< i]`, in doubles.
    let cumulative: UnsafeMutablePointer<Double>
    let reach: Int

    init(sigma: Double) {
      self.sigma = sigma
      let weights = GaussianBlur.weights(sigma: sigma)
      let count = weights.count
      reach = count / 2
      self.weights = .allocate(capacity: count)
      reversed = .allocate(capacity: count)
      cumulative = .allocate(capacity: count + 1)
      cumulative[0] = 0
      for i in 0..<count {
        self.weights[i] = weights[i]
        reversed[count - 1 - i] = weights[i]
        cumulative[i + 1] = cumulative[i] + Double(weights[i])
      }
    }

    deinit {
      weights.deallocate()
      reversed.deallocate()
      cumulative.deallocate()
    }
  }

  private func kernel(sigma: Double) -> Kernel {
    if let index = kernels.firstIndex(where: { $0.sigma == sigma }) {
      return kernels[index]
    }
    let kernel = Kernel(sigma: sigma)
    kernels.insert(kernel, at: 0)
    if kernels.count > 2 { kernels.removeLast() }
    return kernel
  }

  /// Memory of one kind, kept from call to call and grown when too small;
  /// its contents are not kept when it grows.
  private final class Storage<Element> {
    private var pointer = UnsafeMutablePointer<Element>.allocate(capacity: 0)
    private var capacity = 0

    /// At least `count` elements, uninitialized or left from before.
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
      if count > capacity {
        pointer.deallocate()
        capacity = max(count, capacity + capacity / 2)
        pointer = .allocate(capacity: capacity)
      }
      return pointer
    }

    deinit { pointer.deallocate() }
  }

  /// The profiles at the mask's columns and rows, the corners' first
  /// passes, and the work they are built in, kept from shape to shape: a
  /// flight's shape is new on every frame, and fresh memory for each
  /// would cost more than the arithmetic.
  private let across = Storage<Float>()
  private let down = Storage<Float>()
  private let sums = Storage<Double>()
  private let runs = Storage<(first: Int, last: Int, value: Double)>()
  private let block = Storage<Float>()
  private let passes = Storage<Float>()
  /// Memory the painting works in.
  private let floats = Storage<Float>()
  private let bytes = Storage<UInt8>()

  /// A shape's blur, taken apart: the two profiles at the mask's columns
  /// and rows, the down axis' weights, and the corner blocks' first
  /// passes, placed. It points into the kept memory: valid until the next
  /// call of `parts(of:)`.
  private struct Parts {
    var across: UnsafePointer<Float>
    var down: UnsafePointer<Float>
    var weightsY: UnsafePointer<Float>
    var reachY: Int
    var corners:
      (
        transit_profile_corner, transit_profile_corner, transit_profile_corner,
        transit_profile_corner
      )
    var cornerCount: Int

    /// The corners as a C array, valid inside `body`.
    func withCorners<R>(_ body: (UnsafePointer<transit_profile_corner>) -> R) -> R {
      withUnsafeBytes(of: corners) {
        body($0.assumingMemoryBound(to: transit_profile_corner.self).baseAddress!)
      }
    }
  }

  /// Writes the mask for `key` into `mask` (`key.width × key.height`
  /// pixels, those in the key's hole left unwritten) and returns `true`,
  /// or returns `false` without writing when the shape is not one this
  /// builds.
  func write(_ key: ShadowMasks.Key, into mask: CairoSurface) throws(RenderError) -> Bool {
    guard let parts = try parts(of: key) else { return false }
    let scratch = floats.reserve(key.width)
    try mask.withPixels { pixels, maskStride in
      parts.withCorners { corners in
        transit_profile_mask(
          pixels.assumingMemoryBound(to: UInt8.self), maskStride, Int32(key.width),
          Int32(key.height), parts.across, parts.down, corners, Int32(parts.cornerCount),
          parts.weightsY, Int32(parts.reachY), Int32(key.holeX0), Int32(key.holeY0),
          Int32(key.holeX1), Int32(key.holeY1), scratch)
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
    let scratch = floats.reserve(x0 + width)
    let rounded = bytes.reserve(x0 + width)
    parts.withCorners { corners in
      transit_profile_over_around(
        pixels, stride, Int32(x0), Int32(y0), Int32(width), Int32(height), parts.across,
        parts.down, corners, Int32(parts.cornerCount), parts.weightsY, Int32(parts.reachY),
        holes, Int32(holeCount), color, scratch, rounded)
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
    // The straight row and column.
    let (straightRow, straightColumn) = (s + rs * stride, s + cs)

    // The structure the decomposition rests on, checked.
    guard straightRow[cs] == 255 else { return nil }
    for row in 0..<ch {
      let line = s + row * stride
      let first = line[cs]
      for c in (cs + 1)..<(ce2 + 1) where line[c] != first { return nil }
    }
    for row in (rs + 1)..<(re2 + 1)
    where transit_bytes_equal(s + row * stride, straightRow, cw) == 0 {
      return nil
    }

    let kernelX = kernel(sigma: key.sigmaX)
    let kernelY = kernel(sigma: key.sigmaY)
    let (rx, ry) = (kernelX.reach, kernelY.reach)
    let (width, height) = (key.width, key.height)

    // The profiles: h blurred across, over 255 (0…1), and v blurred down
    // (0…255), at the mask's columns and rows.
    let acrossValues = across.reserve(width)
    profile(
      count: cw, straight: cs...ce2, shift: kx, values: straightRow, step: 1, kernel: kernelX,
      from: key.x0, into: acrossValues, count: width, scale: 1.0 / 255)
    let downValues = down.reserve(height)
    profile(
      count: ch, straight: rs...re2, shift: ky, values: straightColumn, step: stride,
      kernel: kernelY, from: key.y0, into: downValues, count: height, scale: 1)

    // The corner blocks' D, trimmed to where it is not zero, each blurred
    // across (the first pass), placed.
    var parts = Parts(
      across: acrossValues, down: downValues, weightsY: kernelY.weights, reachY: ry,
      corners: (
        transit_profile_corner(), transit_profile_corner(), transit_profile_corner(),
        transit_profile_corner()
      ), cornerCount: 0)
    // Each corner's trimmed block in the short raster, its first column
    // in the mask, and its pass's place in `passes`.
    var blocks: [(c0: Int, c1: Int, r0: Int, r1: Int, x: Int, offset: Int)] = []
    blocks.reserveCapacity(4)
    var total = 0
    // D at (c, row) of the short raster, times 255.
    func d(_ c: Int, _ row: Int) -> Int {
      Int(s[row * stride + c]) * 255 - Int(straightRow[c]) * Int(straightColumn[row * stride])
    }
    for (c0, c1, shiftX) in [(0, cs, 0), (ce2 + 1, cw, kx)] where c0 < c1 {
      for (r0, r1, shiftY) in [(0, rs, 0), (re2 + 1, ch, ky)] where r0 < r1 {
        var (t0, t1, u0, u1) = (Int.max, Int.min, Int.max, Int.min)
        for row in r0..<r1 {
          for c in c0..<c1 where d(c, row) != 0 {
            (t0, t1, u0, u1) = (min(t0, c), max(t1, c), min(u0, row), max(u1, row))
          }
        }
        guard t0 <= t1 else { continue }
        // Mask columns and rows of the trimmed block, and the columns its
        // blur reaches.
        let (bx, by) = (t0 + shiftX - key.x0, u0 + shiftY - key.y0)
        let (bw, bh) = (t1 - t0 + 1, u1 - u0 + 1)
        let ox0 = max(bx - rx, 0)
        let ox1 = min(bx + bw + rx, width)
        guard ox1 > ox0, by + bh + ry > 0, by - ry < height else { continue }
        let corner = transit_profile_corner(
          rows: nil, x: Int32(ox0), width: Int32(ox1 - ox0), first_row: Int32(by),
          row_count: Int32(bh))
        switch parts.cornerCount {
        case 0: parts.corners.0 = corner
        case 1: parts.corners.1 = corner
        case 2: parts.corners.2 = corner
        default: parts.corners.3 = corner
        }
        parts.cornerCount += 1
        blocks.append((t0, t1, u0, u1, bx, total))
        total += (ox1 - ox0) * bh
      }
    }
    let passValues = passes.reserve(total)
    withUnsafeMutableBytes(of: &parts.corners) { raw in
      let corners = raw.assumingMemoryBound(to: transit_profile_corner.self)
      for (k, block) in blocks.enumerated() {
        let (bw, bh) = (block.c1 - block.c0 + 1, block.r1 - block.r0 + 1)
        // D over the block, 0…255 less the product.
        let values = self.block.reserve(bw * bh)
        for j in 0..<bh {
          let row = block.r0 + j
          let line = s + row * stride
          let columnValue = Int(straightColumn[row * stride])
          for i in 0..<bw {
            let c = block.c0 + i
            values[j * bw + i] =
              Float(line[c]) - Float(Int(straightRow[c]) * columnValue) / 255
          }
        }
        let rows = passValues + block.offset
        transit_profile_corner_rows(
          rows, corners[k].x, corners[k].width, values, Int32(block.x), Int32(bw), Int32(bh),
          kernelX.reversed, Int32(rx))
        corners[k].rows = UnsafePointer(rows)
      }
    }
    return parts
  }

  /// Writes into `output` the blur at grid pixels `from ..< from +
  /// outputs` of the full raster's row or column through the straight
  /// part, times `scale`. That row or column is the short raster's
  /// `count` values at `values`, `step` apart, with `shift` more pixels of
  /// the straight part's value after its `straight` ones; as runs of
  /// equal nonzero values, each run adds its value times the weights it
  /// covers, a difference of cumulative sums, and adds its value whole
  /// where it covers the kernel's whole width. Sums are in doubles, the
  /// runs in order.
  private func profile(
    count: Int, straight: ClosedRange<Int>, shift: Int, values: UnsafePointer<UInt8>, step: Int,
    kernel: Kernel, from: Int, into output: UnsafeMutablePointer<Float>, count outputs: Int,
    scale: Double
  ) {
    // The nonzero runs, as (first, last, value) in grid pixels.
    let list = runs.reserve(count)
    var runCount = 0
    for c in 0..<count {
      let v = values[c * step]
      guard v != 0 else { continue }
      let (first, last) =
        c < straight.upperBound
        ? (c, c) : c == straight.upperBound ? (c, c + shift) : (c + shift, c + shift)
      if runCount > 0, list[runCount - 1].last == first - 1,
        list[runCount - 1].value == Double(v)
      {
        list[runCount - 1].last = last
      } else {
        list[runCount] = (first, last, Double(v))
        runCount += 1
      }
    }
    let reach = kernel.reach
    let cumulative = kernel.cumulative
    let whole = cumulative[2 * reach + 1]
    let sums = self.sums.reserve(outputs)
    sums.initialize(repeating: 0, count: outputs)
    for (first, last, value) in UnsafeBufferPointer(start: list, count: runCount) {
      // Outputs whose window meets the run, and those it fills.
      let start = max(first - reach - from, 0)
      let end = min(last + reach - from + 1, outputs)
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
    for x in 0..<outputs { output[x] = Float(sums[x] * scale) }
  }
}
