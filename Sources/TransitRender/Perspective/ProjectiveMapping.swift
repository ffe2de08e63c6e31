/// Perspective-correct texture mapping of an offscreen picture onto a convex
/// quad, the part Cairo cannot do: its matrices are affine, and an affine map
/// skews a rotated card into a parallelogram instead of a trapezoid whose
/// near edge is taller than its far edge.
///
/// Every destination pixel of the quad's bounding box is mapped back through
/// the inverse homography to the source picture and sampled bilinearly
/// (clamped at the picture's edge so the border does not fade). Antialiasing
/// comes from coverage: the quad's edges are straight lines in the
/// destination (a homography keeps lines straight), so each pixel's distance
/// to the four edges, in destination pixels, says how much of it the quad
/// covers. The homogeneous coordinates are linear along a row, so the inner
/// loop adds three numbers per pixel and divides once.
enum ProjectiveMapping {
  /// The picture being mapped: ARGB32 pixels and the scale from the view's
  /// own coordinates to them.
  struct Source {
    var pixels: UnsafeRawPointer
    var rowStride: Int
    var width: Int
    var height: Int
    var scaleX: Double
    var scaleY: Double
  }

  /// The destination: a buffer covering device pixels
  /// `originX ..< originX + width`, `originY ..< originY + height`.
  struct Destination {
    var pixels: UnsafeMutableRawPointer
    var rowStride: Int
    var width: Int
    var height: Int
    var originX: Int
    var originY: Int
  }

  /// Maps `source` through `toDevice` (view coordinates → device pixels)
  /// into `destination`, where `quad` holds the device images of the view's
  /// four corners in order. Every destination pixel is written.
  ///
  /// Each row is cut where the edge functions say coverage changes: columns
  /// outside the quad (with a pixel of margin) are cleared in one sweep,
  /// columns a pixel or more inside every edge skip the coverage product,
  /// and only the few pixels along the edges compute it. When the
  /// homogeneous weight is constant along a row (a turn about the
  /// horizontal axis), the division happens once per row.
  static func map(
    _ source: Source, through toDevice: Homography, quad: [(x: Double, y: Double)],
    into destination: Destination
  ) {
    guard let inverse = toDevice.inverse else { return }
    let (edgeA, edgeB, edgeC) = edgeFunctions(quad)
    let sampler = Sampler(source)
    // Source coordinates already scaled to source pixels.
    let (ua, ub, uc) = (
      inverse.a * source.scaleX, inverse.b * source.scaleX, inverse.c * source.scaleX
    )
    let (va, vb, vc) = (
      inverse.d * source.scaleY, inverse.e * source.scaleY, inverse.f * source.scaleY
    )
    let qConstantAlongRow = inverse.g == 0
    let width = destination.width
    let x0 = Double(destination.originX) + 0.5
    for row in 0..<destination.height {
      let out = (destination.pixels + row * destination.rowStride)
        .assumingMemoryBound(to: UInt32.self)
      let y = Double(destination.originY + row) + 0.5
      let edgeBase = edgeA * x0 + edgeB * y + edgeC
      let uBase = ua * x0 + ub * y + uc
      let vBase = va * x0 + vb * y + vc
      let qBase = inverse.g * x0 + inverse.h * y + inverse.i
      let rowReciprocal = 1 / qBase
      let spans = Spans(edgeA: edgeA, edgeBase: edgeBase, width: width)
      out.update(repeating: 0, count: spans.start)
      (out + spans.end).update(repeating: 0, count: width - spans.end)

      @inline(__always) func pixel(_ column: Int, coverage: Double) -> UInt32 {
        let c = Double(column)
        let q = qBase + inverse.g * c
        guard q > 0 else { return 0 }
        let r = qConstantAlongRow ? rowReciprocal : 1 / q
        return sampler.sample(
          x: (uBase + ua * c) * r - 0.5, y: (vBase + va * c) * r - 0.5, coverage: coverage)
      }
      @inline(__always) func edgePixel(_ column: Int) -> UInt32 {
        let e = edgeBase + edgeA * Double(column) + 0.5
        let clamped = e.clamped(lowerBound: .zero, upperBound: .one)
        let coverage = clamped[0] * clamped[1] * clamped[2] * clamped[3]
        return coverage > 0 ? pixel(column, coverage: coverage) : 0
      }
      for column in spans.start..<spans.fullStart { out[column] = edgePixel(column) }
      for column in spans.fullStart..<spans.fullEnd { out[column] = pixel(column, coverage: 1) }
      for column in spans.fullEnd..<spans.end { out[column] = edgePixel(column) }
    }
  }

  /// The quad's edges as functions `a·x + b·y + c`: the signed distance in
  /// pixels from each edge, positive inside whichever way the quad winds.
  private static func edgeFunctions(_ quad: [(x: Double, y: Double)])
    -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)
  {
    var area = 0.0
    for k in 0..<4 {
      let (p, q) = (quad[k], quad[(k + 1) % 4])
      area += p.x * q.y - q.x * p.y
    }
    let orientation = area >= 0 ? 1.0 : -1.0
    var (a, b, c) = (SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero)
    for k in 0..<4 {
      let (p, q) = (quad[k], quad[(k + 1) % 4])
      let (dx, dy) = (q.x - p.x, q.y - p.y)
      let length = (dx * dx + dy * dy).squareRoot()
      guard length > 0 else {
        // A degenerate edge bounds nothing: make it always "inside".
        (a[k], b[k], c[k]) = (0, 0, 1e9)
        continue
      }
      // cross(q − p, r − p) / |q − p| = (dx·(y − py) − dy·(x − px)) / length
      a[k] = -dy / length * orientation
      b[k] = dx / length * orientation
      c[k] = (dy * p.x - dx * p.y) / length * orientation
    }
    return (a, b, c)
  }

  /// Where one row's coverage is zero, partial and whole, from the edge
  /// functions' values at column 0 (`edgeBase`) and their slopes: columns
  /// `start..<end` may be covered, `fullStart..<fullEnd` are wholly inside
  /// every edge. Each bound keeps a pixel of margin, so rounding can only
  /// send a pixel to the slower, exact path.
  struct Spans {
    var start = 0, fullStart = 0, fullEnd = 0, end = 0

    init(edgeA: SIMD4<Double>, edgeBase: SIMD4<Double>, width: Int) {
      let limit = Double(width) + 2
      var (low, high, fullLow, fullHigh) = (-1.0, limit, -1.0, limit)
      for k in 0..<4 {
        let (a, base) = (edgeA[k], edgeBase[k])
        // Covered at all: base + a·x > −0.5; wholly: base + a·x ≥ 0.5.
        if a > 0 {
          low = max(low, (-0.5 - base) / a)
          fullLow = max(fullLow, (0.5 - base) / a)
        } else if a < 0 {
          high = min(high, (-0.5 - base) / a)
          fullHigh = min(fullHigh, (0.5 - base) / a)
        } else {
          if !(base > -0.5) { (low, high) = (limit, -1) }
          if !(base >= 0.5) { (fullLow, fullHigh) = (limit, -1) }
        }
      }
      // NaN (a degenerate row) leaves every column on the exact path.
      func column(_ x: Double) -> Int { x.isNaN ? 0 : Int(min(max(x, -1), limit)) }
      start = min(max(column((low - 1).rounded(.down)), 0), width)
      end = max(min(column((high + 1).rounded(.up)), width), start)
      fullStart = min(max(column((fullLow + 1).rounded(.up)), start), end)
      fullEnd = max(min(column((fullHigh - 1).rounded(.down)) + 1, end), fullStart)
      if low.isNaN || high.isNaN || fullLow.isNaN || fullHigh.isNaN {
        (start, fullStart, fullEnd, end) = (0, 0, 0, width)
      }
    }
  }

  /// Bilinear sampling of the source, clamped at its edges.
  struct Sampler {
    let pixels: UnsafeRawPointer
    let stride: Int
    let maxX: Double, maxY: Double
    let lastColumn: Int, lastRow: Int

    init(_ source: Source) {
      pixels = source.pixels
      stride = source.rowStride
      (maxX, maxY) = (Double(source.width - 1), Double(source.height - 1))
      (lastColumn, lastRow) = (source.width - 1, source.height - 1)
    }

    /// The source at pixel-centre coordinates (`x`, `y`), scaled by coverage.
    @inline(__always)
    func sample(x: Double, y: Double, coverage: Double) -> UInt32 {
      let sx = min(max(x, 0), maxX)
      let sy = min(max(y, 0), maxY)
      let ix = Int(sx)
      let iy = Int(sy)
      let ix1 = min(ix + 1, lastColumn)
      let iy1 = min(iy + 1, lastRow)
      let top = (pixels + iy * stride).assumingMemoryBound(to: UInt32.self)
      let bottom = (pixels + iy1 * stride).assumingMemoryBound(to: UInt32.self)
      return ProjectiveMapping.blend(
        top[ix], top[ix1], bottom[ix], bottom[ix1], fx: sx - Double(ix), fy: sy - Double(iy),
        coverage: coverage)
    }
  }

  /// Bilinear interpolation of four premultiplied pixels, scaled by coverage.
  @inline(__always)
  static func blend(
    _ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32, fx: Double, fy: Double,
    coverage: Double
  ) -> UInt32 {
    if p00 == p10 && p00 == p01 && p00 == p11 && coverage >= 1 { return p00 }
    let w00 = (1 - fx) * (1 - fy) * coverage
    let w10 = fx * (1 - fy) * coverage
    let w01 = (1 - fx) * fy * coverage
    let w11 = fx * fy * coverage
    @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
      let value =
        Double((p00 >> shift) & 0xFF) * w00 + Double((p10 >> shift) & 0xFF) * w10
        + Double((p01 >> shift) & 0xFF) * w01 + Double((p11 >> shift) & 0xFF) * w11
      return UInt32(min(value + 0.5, 255)) << shift
    }
    return channel(0) | channel(8) | channel(16) | channel(24)
  }
}
