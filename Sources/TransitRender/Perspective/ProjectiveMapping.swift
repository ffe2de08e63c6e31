import CTransitPerspective

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
  /// Rows of ARGB32 pixels in memory: `height` rows of `width` pixels, the
  /// first at `start`, each `rowStride` bytes after the one before. The
  /// source reads a block and the destination writes one, hence `Address`.
  struct Block<Address> {
    var start: Address
    var rowStride: Int
    var width: Int
    var height: Int
  }

  /// The picture being mapped: its pixels and the scale from the view's
  /// own coordinates to them.
  struct Source {
    var block: Block<UnsafeRawPointer>
    var scaleX: Double
    var scaleY: Double
    /// The picture's column runs, kept with it so that every frame a turn
    /// about the vertical axis maps it reuses them; without them, such a
    /// turn works them out for the one mapping.
    var columnRuns: ColumnRuns? = nil
  }

  /// The destination: pixels covering device pixels
  /// `originX ..< originX + block.width`, `originY ..< originY + block.height`.
  struct Destination {
    var block: Block<UnsafeMutableRawPointer>
    var originX: Int
    var originY: Int
  }

  /// What the mapping does with the pixels already in the destination.
  enum Compositing {
    /// Every destination pixel is written; outside the quad, transparent.
    case replace
    /// The mapped picture is composited over the destination (premultiplied
    /// OVER, rounded exactly as pixman rounds it, so the result is what
    /// Cairo's paint of a replaced buffer would give); pixels outside the
    /// quad are not touched.
    case over
  }

  /// Maps `source` through `toDevice` (view coordinates → device pixels)
  /// into `destination`, where `quad` holds the device images of the view's
  /// four corners in order.
  ///
  /// Each row is cut where the edge functions say coverage changes: columns
  /// outside the quad (with a pixel of margin) are cleared in one sweep (or
  /// left alone when compositing), columns a pixel or more inside every
  /// edge skip the coverage product, and only the few pixels along the edges
  /// compute it (four at a time where the CPU has AVX2). When the
  /// homogeneous weight is constant along a row (a turn about the
  /// horizontal axis), the division happens once per row,
  /// the row reads a single pair of source rows, runs of columns that read
  /// one colour from it are filled with that colour, and the pair is
  /// blended once for the rest; when the weight and source column are
  /// constant down a column (a turn about the vertical axis), they, the
  /// column's neighbours and its weights are worked out once per mapping,
  /// and a column that blends inside a run of alike source rows
  /// (``ColumnRuns``) works out up to which destination line its source
  /// rows stay in that run, and takes the pixel it gave until then.
  /// A turn about the horizontal axis works out its row's positions along x
  /// before blending any of its pixels, but only for the stretches it
  /// blends: its source x only grows (or only shrinks) along the row, so a
  /// run's two end columns tell which source pixels the run reads, and a
  /// run found flat needs no positions at all. A turn about the vertical
  /// axis does so only in the chunks of a row where much was blended on the
  /// row before; elsewhere each group of four that blends works out its own.
  ///
  /// The geometry is exact: each pixel centre's source position and
  /// coverage are computed in doubles by the same formula on every path.
  /// The bilinear blend is fixed point: positions rounded to 1/256 of a
  /// pixel, integer weights out of 256, exact integer sums (see
  /// `transit_sample` in the CTransitPerspective shim), so that it runs
  /// eight 16-bit channels — two pixels — to an AVX2 register; it is within
  /// one step per channel of the same blend in doubles. The row loops run in
  /// `transit_map_row`, vectorised where the CPU has AVX2; `vectorised:
  /// false` runs the scalar loop instead, which gives the same bits, so that
  /// tests can hold both to the formula.
  static func map(
    _ source: Source, through toDevice: Homography, quad: [(x: Double, y: Double)],
    into destination: Destination, compositing: Compositing = .replace, vectorised: Bool = true
  ) {
    guard let inverse = toDevice.inverse else {
      if compositing == .replace { clear(destination) }
      return
    }
    let (edgeA, edgeB, edgeC) = edgeFunctions(quad)
    // Source coordinates already scaled to source pixels.
    let (ua, ub, uc) = (
      inverse.a * source.scaleX, inverse.b * source.scaleX, inverse.c * source.scaleX
    )
    let (va, vb, vc) = (
      inverse.d * source.scaleY, inverse.e * source.scaleY, inverse.f * source.scaleY
    )
    let qConstantAlongRow = inverse.g == 0
    // Weight and source row both constant along a destination row: the
    // product `va · column` is a signed zero, so dropping it changes no bit.
    let rowsAreLevel = qConstantAlongRow && va == 0
    let width = destination.block.width
    let x0 = Double(destination.originX) + 0.5
    // A turn about the vertical axis: the weight and the source column
    // depend on the destination column alone, so their division is done
    // once per column, here, rather than once per pixel; the arithmetic is
    // the same as the per-pixel path's, so the pixels are identical.
    let columnsConstantDownward = inverse.h == 0 && ub == 0 && !qConstantAlongRow
    let columns = columnsConstantDownward ? width : 0
    let columnReciprocal = UnsafeMutablePointer<Double>.allocate(capacity: columns)
    let columnU = UnsafeMutablePointer<Double>.allocate(capacity: columns)
    let columnIndex = UnsafeMutablePointer<Int32>.allocate(capacity: columns)
    let columnWeights = UnsafeMutablePointer<Int32>.allocate(capacity: columns)
    // A level row's two source rows, blended once: four 16-bit channels for
    // each source column, and one to spare.
    let level = UnsafeMutablePointer<UInt16>.allocate(
      capacity: rowsAreLevel ? 4 * (source.block.width + 1) : 0)
    // Level and per-column rows' positions along their one varying axis,
    // worked out a stretch to blend at a time before its pixels are
    // blended.
    let positions = UnsafeMutablePointer<Int32>.allocate(
      capacity: rowsAreLevel || columnsConstantDownward ? width : 0)
    // Per-column rows: what each column has learnt (see columns_span_avx2),
    // nothing at first.
    let knownUntil = UnsafeMutablePointer<Int32>.allocate(capacity: columns)
    knownUntil.initialize(repeating: 0, count: columns)
    // Per-column rows: how many fours of each chunk of columns the row
    // before blended, none at first.
    let chunks = columns / Int(TRANSIT_COLUMNS_CHUNK) + 1
    let chunkMisses = UnsafeMutablePointer<Int32>.allocate(capacity: chunks)
    chunkMisses.initialize(repeating: 0, count: chunks)
    let knownValues = UnsafeMutablePointer<UInt32>.allocate(capacity: columns)
    let columnRuns = columnsConstantDownward ? source.columnRuns ?? ColumnRuns() : nil
    defer {
      withExtendedLifetime(columnRuns) {}
      knownUntil.deallocate()
      chunkMisses.deallocate()
      knownValues.deallocate()
      columnReciprocal.deallocate()
      columnU.deallocate()
      columnIndex.deallocate()
      columnWeights.deallocate()
      positions.deallocate()
      level.deallocate()
    }
    if columnsConstantDownward {
      let qBase = inverse.g * x0 + inverse.i
      let uBase = ua * x0 + uc
      for column in 0..<width {
        let c = Double(column)
        let q = qBase + inverse.g * c
        let r = q > 0 ? 1 / q : 0
        columnReciprocal[column] = r
        columnU[column] = (uBase + ua * c) * r - 0.5
      }
      transit_prepare_columns(columnU, width, source.block.width, columnIndex, columnWeights)
    }
    var row = transit_row()
    row.source = source.block.start.assumingMemoryBound(to: UInt32.self)
    row.source_stride = source.block.rowStride / 4
    (row.source_width, row.source_height) = (source.block.width, source.block.height)
    row.edge_a = (edgeA[0], edgeA[1], edgeA[2], edgeA[3])
    row.ua = ua
    row.va = va
    row.g = inverse.g
    row.column_reciprocal = UnsafePointer(columnReciprocal)
    row.column_u = UnsafePointer(columnU)
    row.column_index = UnsafePointer(columnIndex)
    row.column_weights = UnsafePointer(columnWeights)
    // A turn about the vertical axis reads each column's source rows from
    // top to bottom (or bottom to top) as the destination rows go down, a
    // path the hardware does not foresee: the loop fetches the rows four
    // ahead, which it will read a few destination rows later.
    row.prefetch_rows = vb > 0 ? 4 : vb < 0 ? -4 : 0
    row.column_runs = columnRuns?.table(for: source.block)
    (row.known_until, row.known_value, row.chunk_misses) = (knownUntil, knownValues, chunkMisses)
    (row.lines, row.origin_y) = (destination.block.height, destination.originY)
    (row.v_x0, row.vb, row.vc) = (va * x0, vb, vc)
    row.level = level
    row.positions = positions
    let over: Int32 = compositing == .over ? 1 : 0
    for line in 0..<destination.block.height {
      let out = (destination.block.start + line * destination.block.rowStride)
        .assumingMemoryBound(to: UInt32.self)
      let y = Double(destination.originY + line) + 0.5
      let edgeBase = edgeA * x0 + edgeB * y + edgeC
      row.u_base = ua * x0 + ub * y + uc
      row.line = line
      // va · x0 + vb · y + vc, in C: per-column rows work out later lines'.
      row.v_base = transit_row_v_base(&row, line)
      row.q_base = inverse.g * x0 + inverse.h * y + inverse.i
      row.row_reciprocal = 1 / row.q_base
      let spans = Spans(edgeA: edgeA, edgeBase: edgeBase, width: width)
      if compositing == .replace {
        out.update(repeating: 0, count: spans.start)
        (out + spans.end).update(repeating: 0, count: width - spans.end)
      }
      (row.start, row.full_start, row.full_end, row.end) = (
        spans.start, spans.fullStart, spans.fullEnd, spans.end
      )
      row.edge_base = (edgeBase[0], edgeBase[1], edgeBase[2], edgeBase[3])
      row.mode =
        columnsConstantDownward
        ? Int32(TRANSIT_ROW_COLUMNS)
        : rowsAreLevel && row.q_base > 0 ? Int32(TRANSIT_ROW_LEVEL) : Int32(TRANSIT_ROW_GENERAL)
      #if DEBUG
        // A position the loop reads without having worked it out for this
        // row is then far outside the picture, so tests see the mistake.
        if rowsAreLevel || columnsConstantDownward {
          positions.update(repeating: .min, count: width)
        }
      #endif
      if vectorised {
        transit_map_row(&row, out, over)
      } else {
        transit_map_row_scalar(&row, out, over)
      }
    }
  }

  /// Makes every pixel of `destination` transparent.
  private static func clear(_ destination: Destination) {
    for line in 0..<destination.block.height {
      (destination.block.start + line * destination.block.rowStride)
        .assumingMemoryBound(to: UInt32.self)
        .update(repeating: 0, count: destination.block.width)
    }
  }

  /// The quad's edges as functions `a·x + b·y + c`: the signed distance in
  /// pixels from each edge, positive inside whichever way the quad winds.
  static func edgeFunctions(_ quad: [(x: Double, y: Double)])
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
}
