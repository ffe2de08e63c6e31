import CTransitCairo
import CTransitShadow
import Transit

extension Renderer {
  /// Blurs beyond this many device pixels (standard deviation) are
  /// computed on a coarser grid, whose pixels are `σ / 16` device pixels
  /// wide, and magnified bilinearly: a Gaussian that wide is so smooth
  /// that the magnification moves no pixel by a tenth of a step, while
  /// the blur's cost stays that of σ = 16.
  static let largestExactShadowBlur = 16.0
  /// The most pixels a shadow's mask may have (its shape's bounding box
  /// and the blur's reach, inside the clip): larger ones are computed on a
  /// coarser grid too.
  static let largestShadowMask = 1 << 22

  /// Draws the shadow of a view's rounded shape, `bounds` and `radii` in
  /// the view's own coordinates (which the context's matrix maps to
  /// device pixels), with the shadow's colour, its opacity and `alpha`.
  ///
  /// ## What "radius" means
  /// The shape, moved by the shadow's offset, is blurred by a Gaussian of
  /// standard deviation σ equal to the shadow's ``Shadow/radius``, in the
  /// view's coordinates. CSS (Backgrounds 3, `box-shadow`) specifies a blur
  /// radius `B` as a Gaussian of σ = `B/2`; Core Animation documents
  /// `shadowRadius` only as "the blur radius", and design tools that
  /// export to both (Figma, Sketch) write a CSS blur `B` as `shadowRadius =
  /// B/2`. So σ = `shadowRadius` gives the picture both describe for the
  /// same design: a shadow here of radius 8 is CSS's `0 0 16px` and UIKit's
  /// `shadowRadius = 8`.
  ///
  /// ## Where the blur is computed
  /// The shadow belongs to the view: its blur and offset are in the view's
  /// coordinates and follow its transform, as Core Animation renders a
  /// layer's shadow with the layer. When the view's coordinates map to
  /// the device's without rotating (translations and scales, the common
  /// case), the mask is rasterized and blurred straight in device pixels,
  /// with a standard deviation of σ times each axis' scale, so that it is
  /// exactly the blur of the shape as the device sees it. A rotated or
  /// sheared view's shadow is computed unrotated at the transform's mean
  /// scale and painted through the rest of the transform; a view turned in
  /// 3-D draws its shadow into its offscreen picture, which the projective
  /// mapping then turns with everything else.
  ///
  /// ## Precision
  /// Straight onto the frame (no group, an unrotated view, a clip on whole
  /// pixels: cards on a screen), a shadow of σ up to 16 device pixels is
  /// within one step per channel of the blur and composite worked out in
  /// doubles. Elsewhere it is painted through Cairo, whose compositing
  /// rounds more often (a step more at worst), and wider blurs are
  /// computed on the coarser grid described above.
  ///
  /// `covered` holds rectangles in the view's coordinates that an opaque
  /// background will cover wholly, drawn next: the shadow is not painted
  /// on the whole pixels inside them, which leaves every pixel as it would
  /// be and keeps a card's cost to the ring of shadow around it.
  func drawShadow(
    _ shadow: Shadow, of bounds: Rect, radii: CornerRadii, alpha: Double, covered: [Rect],
    in context: CairoContext
  ) throws(RenderError) {
    let strength = shadow.color.alpha * shadow.opacity * alpha
    guard strength > 0, bounds.width > 0, bounds.height > 0 else { return }
    let shape = bounds.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
    let device = context.matrix
    // Nothing to paint outside the clip (a card off the screen's edge, an
    // offset far off the frame): drawn or not, no pixel would change.
    let reach = 4 * shadow.radius + 2
    let box = device.boundingBox(of: shape.insetBy(dx: -reach, dy: -reach))
    let visible = context.deviceClipExtents
    guard box.isFinite, box.maxX > visible.0, box.maxY > visible.1, box.minX < visible.2,
      box.minY < visible.3
    else { return }
    // grid: the view's coordinates to the mask's pixels (axis-aligned);
    // placement: the mask's pixels to the device's.
    var grid: AffineMatrix
    var placement = AffineMatrix.identity
    var clip: (Double, Double, Double, Double)?
    if device.xy == 0, device.yx == 0 {
      grid = device
      clip = context.deviceClipExtents
    } else {
      let scale = abs(device.determinant).squareRoot()
      guard scale > 0, scale.isFinite else { return }
      grid = AffineMatrix(xx: scale, yx: 0, xy: 0, yy: scale, x0: 0, y0: 0)
      placement = device.scaled(by: 1 / scale)
    }
    guard grid.xx != 0, grid.yy != 0 else { return }

    // A coarser grid for wide blurs and huge masks.
    let sigma = shadow.radius
    var reduction = 1.0
    let widest = sigma * max(abs(grid.xx), abs(grid.yy))
    if widest > Self.largestExactShadowBlur { reduction = Self.largestExactShadowBlur / widest }
    let reachX = 4 * sigma * abs(grid.xx) + 2
    let reachY = 4 * sigma * abs(grid.yy) + 2
    var spanX = abs(grid.xx) * shape.width + 2 * reachX
    var spanY = abs(grid.yy) * shape.height + 2 * reachY
    if let clip {
      spanX = min(spanX, clip.2 - clip.0 + 2 * reachX)
      spanY = min(spanY, clip.3 - clip.1 + 2 * reachY)
    }
    let pixels = spanX * spanY * reduction * reduction
    if pixels > Double(Self.largestShadowMask) {
      reduction *= (Double(Self.largestShadowMask) / pixels).squareRoot()
    }
    let side = 8_192.0
    reduction = min(reduction, side / spanX, side / spanY)
    guard reduction > 0, reduction.isFinite else { return }
    if reduction < 1 {
      grid = AffineMatrix(
        xx: grid.xx * reduction, yx: 0, xy: 0, yy: grid.yy * reduction,
        x0: grid.x0 * reduction, y0: grid.y0 * reduction)
      placement = placement.scaled(by: 1 / reduction)
      clip = clip.map {
        ($0.0 * reduction, $0.1 * reduction, $0.2 * reduction, $0.3 * reduction)
      }
    }

    // The shape's origin in the grid: a whole pixel and a phase.
    let anchor = grid.apply(shape.origin)
    let (ax, ay) = (anchor.x.rounded(.down), anchor.y.rounded(.down))
    let (phaseX, phaseY) = (anchor.x - ax, anchor.y - ay)
    guard ax.isFinite, ay.isFinite else { return }
    // Beyond 3σ from a convex shape the blur is below 255·Q(3) = 0.34 of
    // a step, which rounds to 0: the mask stops there (the blur itself
    // still reaches 4σ for the pixels inside).
    let rx = (3 * sigma * abs(grid.xx)).rounded(.up)
    let ry = (3 * sigma * abs(grid.yy)).rounded(.up)
    let extentX = grid.xx * shape.width
    let extentY = grid.yy * shape.height
    // Whatever the phase (0..<1), so that every phase of a shape asks for
    // the same pixels.
    var x0 = (min(0, extentX) - rx - 1).rounded(.down)
    var x1 = (max(0, extentX) + rx + 2).rounded(.up)
    var y0 = (min(0, extentY) - ry - 1).rounded(.down)
    var y1 = (max(0, extentY) + ry + 2).rounded(.up)
    // The clip cuts the mask only when the whole would be large: a mask
    // cut by the frame's edge is another mask, and a card moving across
    // the edge would otherwise need a blur of its own on every frame.
    if let clip, (x1 - x0) * (y1 - y0) > Double(1 << 20) {
      x0 = max(x0, clip.0.rounded(.down) - ax)
      y0 = max(y0, clip.1.rounded(.down) - ay)
      x1 = min(x1, clip.2.rounded(.up) - ax)
      y1 = min(y1, clip.3.rounded(.up) - ay)
    }
    guard x1 > x0, y1 > y0, x1 - x0 <= side + 2 * rx + 4, y1 - y0 <= side + 2 * ry + 4 else {
      return
    }
    var key = ShadowMasks.Key(
      size: shape.size, radii: radii, sigma: sigma, scaleX: grid.xx, scaleY: grid.yy,
      phaseX: phaseX, phaseY: phaseY, x0: Int(x0), y0: Int(y0), x1: Int(x1), y1: Int(y1))
    // The largest covered rectangle is never painted below (see the bands
    // further down): the mask leaves out what lies inside it at every
    // phase, two pixels in from where its edges fall at phase 0, so that
    // the mask stays one for all phases. Straight onto the frame only.
    if placement == .identity, grid.xx > 0, grid.yy > 0,
      let largest = covered.max(by: { $0.width * $0.height < $1.width * $1.height })
    {
      func inside(_ v: Double, _ size: Int) -> Int { Int(min(max(v, 0), Double(size))) }
      let left = ((largest.minX - shape.minX) * grid.xx).rounded(.up) + 2 - x0
      let right = ((largest.maxX - shape.minX) * grid.xx).rounded(.down) - 2 - x0
      let top = ((largest.minY - shape.minY) * grid.yy).rounded(.up) + 2 - y0
      let bottom = ((largest.maxY - shape.minY) * grid.yy).rounded(.down) - 2 - y0
      if left.isFinite, right.isFinite, top.isFinite, bottom.isFinite {
        key.holeX0 = inside(left, key.width)
        key.holeX1 = inside(right, key.width)
        key.holeY0 = inside(top, key.height)
        key.holeY1 = inside(bottom, key.height)
        if key.holeX1 <= key.holeX0 || key.holeY1 <= key.holeY0 {
          (key.holeX0, key.holeY0, key.holeX1, key.holeY1) = (0, 0, 0, 0)
        }
      }
    }
    let (left, top) = (ax + x0, ay + y0)
    let (right, bottom) = (left + Double(key.width), top + Double(key.height))
    // Nothing to paint outside the clip (a card off the screen's edge).
    if let clip, right <= clip.0 || bottom <= clip.1 || left >= clip.2 || top >= clip.3 {
      return
    }
    // Under an opaque background, the pixels it covers wholly are painted
    // over whatever the shadow leaves there: only the pixels around them
    // are painted.
    let whole = Rect(x: left, y: top, width: right - left, height: bottom - top)
    let color = shadow.color
    // Straight onto the frame's pixels when nothing but a rectangle on
    // whole pixels stands between: composited in fixed point and rounded
    // once (transit_shadow_over_around), within 0.55 of a step of the
    // exact composite of the mask; through Cairo otherwise (a group, a
    // rotated view), whose compositing rounds thrice.
    if placement == .identity, let clip = context.pixelAlignedClip {
      // Clamped as doubles first: a shape far off the frame has
      // coordinates no Int holds.
      func inside(_ v: Double, _ low: Int, _ high: Int) -> Int {
        Int(min(max(v, Double(low)), Double(high)))
      }
      let x0 = inside(left, clip.x0, clip.x1)
      let y0 = inside(top, clip.y0, clip.y1)
      let x1 = inside(right, clip.x0, clip.x1)
      let y1 = inside(bottom, clip.y0, clip.y1)
      guard x1 > x0, y1 > y0 else { return }
      var premultiplied = (
        Float(255 * strength), Float(255 * color.red * strength),
        Float(255 * color.green * strength), Float(255 * color.blue * strength)
      )
      // The holes in the painted block's pixels; any beyond it (or not
      // finite) hold no pixel of it.
      func relative(_ v: Double, _ origin: Int) -> Int32 {
        Int32(min(max(v - Double(origin), -1), Double(1 << 20)))
      }
      // The holes are written on the stack: drawing a shadow allocates
      // nothing.
      try withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * covered.count) {
        holes throws(RenderError) in
        for (i, rect) in covered.enumerated() {
          let hole = device.wholePixels(inside: rect)
          let finite =
            hole.minX.isFinite && hole.minY.isFinite && hole.maxX.isFinite && hole.maxY.isFinite
          holes[4 * i] = finite ? relative(hole.minX, x0) : 0
          holes[4 * i + 1] = finite ? relative(hole.minY, y0) : 0
          holes[4 * i + 2] = finite ? relative(hole.maxX, x0) : 0
          holes[4 * i + 3] = finite ? relative(hole.maxY, y0) : 0
        }
        // The block's first pixel in the mask.
        let (maskX, maskY) = (x0 - Int(left), y0 - Int(top))
        try context.surface.withPixels { pixels, stride throws(RenderError) in
          let start = (pixels + y0 * stride).assumingMemoryBound(to: UInt32.self) + x0
          try withUnsafePointer(to: &premultiplied) { color throws(RenderError) in
            let color = UnsafeRawPointer(color).assumingMemoryBound(to: Float.self)
            // A shape asked for once (a flight's) is painted straight from
            // its profiles; any other through its kept mask.
            let mask = try shadowMasks.mask(for: key) { profiles throws(RenderError) in
              try profiles.paint(
                key, onto: start, stride: stride / 4, x0: maskX, y0: maskY, width: x1 - x0,
                height: y1 - y0, holes: holes.baseAddress, holeCount: covered.count, color: color)
            }
            guard let mask else { return }
            try mask.withPixels { maskPixels, maskStride throws(RenderError) in
              let maskStart =
                maskPixels.assumingMemoryBound(to: UInt8.self) + maskY * maskStride + maskX
              transit_shadow_over_around(
                start, stride / 4, maskStart, maskStride, Int32(x1 - x0), Int32(y1 - y0),
                holes.baseAddress, Int32(covered.count), color)
            }
          }
        }
      }
      return
    }
    let mask = try shadowMasks.mask(for: key)
    let bands =
      covered.isEmpty || placement != .identity
      ? [whole] : whole.subtracting(covered.map(device.wholePixels(inside:)))
    context.save()
    context.matrix = placement
    cairo_set_source_rgba(context.pointer, color.red, color.green, color.blue, strength)
    for band in bands {
      context.save()
      if bands.count > 1 {
        context.appendRectangle(band)
        context.clip()
      }
      cairo_mask_surface(context.pointer, mask.pointer, left, top)
      context.restore()
    }
    context.restore()
  }
}

extension View {
  /// A rectangle in the view's own coordinates that holds every pixel of
  /// its shadow, or `nil` when it has none to draw.
  var shadowExtent: Rect? {
    guard shadow.opacity > 0, shadow.color.alpha > 0, frame.width > 0, frame.height > 0 else {
      return nil
    }
    let reach = 4 * shadow.radius + 2
    return Rect(
      x: shadow.offset.width - reach, y: shadow.offset.height - reach,
      width: frame.width + 2 * reach, height: frame.height + 2 * reach)
  }
}

extension AffineMatrix {
  /// The whole pixels inside the image of `rect` (empty when there are
  /// none), for a matrix that does not rotate.
  func wholePixels(inside rect: Rect) -> Rect {
    let image = boundingBox(of: rect)
    let (l, t) = (image.minX.rounded(.up), image.minY.rounded(.up))
    let (r, b) = (image.maxX.rounded(.down), image.maxY.rounded(.down))
    return Rect(x: l, y: t, width: max(r - l, 0), height: max(b - t, 0))
  }

  /// The smallest upright rectangle holding the image of `rect`.
  func boundingBox(of rect: Rect) -> Rect {
    let a = apply(Point(x: rect.minX, y: rect.minY))
    let b = apply(Point(x: rect.maxX, y: rect.maxY))
    let c = apply(Point(x: rect.minX, y: rect.maxY))
    let d = apply(Point(x: rect.maxX, y: rect.minY))
    let minX = min(a.x, b.x, c.x, d.x)
    let minY = min(a.y, b.y, c.y, d.y)
    return Rect(
      x: minX, y: minY, width: max(a.x, b.x, c.x, d.x) - minX,
      height: max(a.y, b.y, c.y, d.y) - minY)
  }

  /// `self` after scaling by `factor` on both axes (applied first).
  func scaled(by factor: Double) -> AffineMatrix {
    AffineMatrix(
      xx: xx * factor, yx: yx * factor, xy: xy * factor, yy: yy * factor, x0: x0, y0: y0)
  }
}

extension Rect {
  /// The parts of `self` outside every one of `holes` (rectangles on whole
  /// pixels), as rows of rectangles that do not overlap: the rows run
  /// between the holes' top and bottom edges, and in each row the spans
  /// the holes cover wholly are left out.
  func subtracting(_ holes: [Rect]) -> [Rect] {
    var edges = [minY, maxY]
    edges.reserveCapacity(2 + 2 * holes.count)
    for hole in holes where hole.width > 0 && hole.height > 0 {
      for y in [hole.minY, hole.maxY] where y > minY && y < maxY && !edges.contains(y) {
        edges.append(y)
      }
    }
    edges.sort()
    var parts: [Rect] = []
    parts.reserveCapacity(2 * edges.count)
    var spans: [(Double, Double)] = []
    spans.reserveCapacity(holes.count)
    for row in 1..<edges.count {
      let (y0, y1) = (edges[row - 1], edges[row])
      // The holes' spans across this row, in order, merged where they
      // touch or overlap.
      spans.removeAll(keepingCapacity: true)
      for hole in holes where hole.minY <= y0 && hole.maxY >= y1 {
        let span = (Swift.max(hole.minX, minX), Swift.min(hole.maxX, maxX))
        if span.1 > span.0 { spans.append(span) }
      }
      spans.sort { $0.0 < $1.0 }
      var x = minX
      for (start, end) in spans {
        if start > x { parts.append(Rect(x: x, y: y0, width: start - x, height: y1 - y0)) }
        x = Swift.max(x, end)
      }
      if maxX > x { parts.append(Rect(x: x, y: y0, width: maxX - x, height: y1 - y0)) }
    }
    return parts
  }
}

extension CornerRadii {
  /// The two rectangles inside a rounded rectangle of `bounds` with these
  /// radii (fitted) that its corners do not reach: the full height
  /// between the left and right corners, and the full width between the
  /// top and bottom ones. Together they cover all of it but the corners.
  func uncut(_ bounds: Rect) -> [Rect] {
    let r = fitted(to: bounds.size)
    let left = max(r.topLeft, r.bottomLeft)
    let right = max(r.topRight, r.bottomRight)
    let top = max(r.topLeft, r.topRight)
    let bottom = max(r.bottomLeft, r.bottomRight)
    let tall = Rect(
      x: bounds.minX + left, y: bounds.minY, width: bounds.width - left - right,
      height: bounds.height)
    let wide = Rect(
      x: bounds.minX, y: bounds.minY + top, width: bounds.width,
      height: bounds.height - top - bottom)
    return [tall, wide]
  }
}
