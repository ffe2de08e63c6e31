import Transit

extension Renderer {
  /// The largest side of the offscreen picture of a 3D-transformed view;
  /// larger views are drawn at a lower resolution and magnified.
  package static let maximumOffscreenSide = 4_096

  /// Draws a view whose transform is not a 2D affine one: its contents go to
  /// an offscreen picture at the resolution they will have on screen,
  /// rounded up to a level (``pictureStretch(_:)``) and within the frame's
  /// limit (``OffscreenPictureSize``), which
  /// ``ProjectiveMapping`` then maps onto the projected quad; the result is
  /// painted with the view's alpha, inside the current clip. The picture is
  /// kept for the next frames (``OffscreenPictures``): while the view only
  /// turns or moves, it is not drawn again.
  ///
  /// A view turned exactly edge-on projects to a line, which has no area
  /// to draw the view in: it is drawn as its edge instead, its picture
  /// squeezed into a sliver one device pixel thick centred on that line
  /// (``EdgeOnSliver``), so that the middle frame of a flip shows the card
  /// edge-on where the frames either side of it show it ever thinner, and
  /// not an empty frame.
  ///
  /// Not drawn: a back face (the projected quad winds the other way) and a
  /// view that reaches the camera plane (a corner with w ≤ 0, which has no
  /// projection). The offscreen picture covers the view's bounds and its
  /// own shadow, which therefore turns with it; children that overflow a
  /// 3D-transformed view are cut at the picture's edge.
  func drawProjected(_ view: View, in context: CairoContext) throws(RenderError) {
    let (width, height) = (view.frame.width, view.frame.height)
    guard width > 0, height > 0 else { return }
    let placement = Homography(placing: view)
    let local = [
      Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height),
      Point(x: 0, y: height),
    ]
    var projected: [Point] = []
    for corner in local {
      // A tiny positive weight would already put the corner at infinity.
      guard placement.weight(corner) > 1e-6, let p = placement.apply(corner) else { return }
      projected.append(p)
    }
    // Front faces keep the winding of (0,0) → (w,0) → (w,h) → (0,h): a
    // positive shoelace area in y-down coordinates. Edge-on leaves ~0.
    let area = shoelaceArea(projected)
    let flat = 1e-9 * width * height
    guard area > -flat else { return }

    // The picture covers what the view paints: its bounds and its shadow.
    // A shadow that would make the picture more than eight times the view
    // on a side (a blur or an offset far beyond the view's size, whose
    // faint remains could only be drawn by starving the view itself of
    // resolution) is left out.
    var view = view
    var extent = view.drawnExtent
    if extent.width > 8 * width || extent.height > 8 * height {
      view.shadow = .none
      extent = Rect(size: view.frame.size)
    }
    let pictureCorners = [
      Point(x: extent.minX, y: extent.minY), Point(x: extent.maxX, y: extent.minY),
      Point(x: extent.maxX, y: extent.maxY), Point(x: extent.minX, y: extent.maxY),
    ]
    for corner in pictureCorners where placement.weight(corner) <= 1e-6 { return }
    // The picture's own coordinates start at the extent's corner.
    var toDevice = placement.followed(by: context.matrix).translated(
      x: extent.minX, y: extent.minY)
    var quad = pictureCorners.map { point -> (x: Double, y: Double) in
      let corner = Point(x: point.x - extent.minX, y: point.y - extent.minY)
      let w = toDevice.weight(corner)
      return (
        (toDevice.a * corner.x + toDevice.b * corner.y + toDevice.c) / w,
        (toDevice.d * corner.x + toDevice.e * corner.y + toDevice.f) / w
      )
    }
    if area <= flat {
      guard let sliver = EdgeOnSliver(line: quad, width: extent.width, height: extent.height)
      else { return }
      (toDevice, quad) = (sliver.toDevice, sliver.quad)
    }
    // Destination: the quad's bounding box inside the clip, whole pixels.
    guard quad.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
    let clip = context.deviceClipExtents
    // Far beyond the clip is as good as at its edge, and fits an Int.
    func pixel(_ v: Double) -> Int { Int(min(max(v, -1e9), 1e9)) }
    let left = max(pixel((quad.map(\.x).min()! - 1).rounded(.down)), Int(clip.0.rounded(.down)))
    let top = max(pixel((quad.map(\.y).min()! - 1).rounded(.down)), Int(clip.1.rounded(.down)))
    let right = min(pixel((quad.map(\.x).max()! + 1).rounded(.up)), Int(clip.2.rounded(.up)))
    let bottom = min(pixel((quad.map(\.y).max()! + 1).rounded(.up)), Int(clip.3.rounded(.up)))
    guard right > left, bottom > top else { return }

    // Source resolution: the longest on-screen stretch of any edge, so the
    // near edge is not blurred by magnification, rounded up to a level so
    // that the picture can be kept while the view turns.
    var stretch = 0.0
    for k in 0..<4 {
      let (p, q) = (quad[k], quad[(k + 1) % 4])
      let screenLength = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
      stretch = max(stretch, screenLength / (k % 2 == 0 ? extent.width : extent.height))
    }
    let size = OffscreenPictureSize(
      extent: extent.size, stretch: Renderer.pictureStretch(stretch),
      pixelLimit: offscreenPixelLimit)
    let (sourceWidth, sourceHeight) = (size.width, size.height)
    let scaleX = Double(sourceWidth) / extent.width
    let scaleY = Double(sourceHeight) / extent.height
    let picture = try offscreenPictures.picture(
      for: .init(view: view, width: sourceWidth, height: sourceHeight),
      what: "offscreen picture of '\(view.id)'"
    ) { offscreen throws(RenderError) in
      let offscreenContext = try CairoContext(surface: offscreen)
      offscreenContext.scale(scaleX, scaleY)
      offscreenContext.translate(-extent.minX, -extent.minY)
      try drawContents(of: view, alpha: 1, in: offscreenContext)
      try offscreenContext.check("drawing the offscreen picture of '\(view.id)'")
    }
    let source = ProjectiveMapping.Source(
      block: .init(
        start: UnsafeRawPointer(picture.pixels), rowStride: picture.width * 4,
        width: picture.width, height: picture.height),
      scaleX: scaleX, scaleY: scaleY, columnRuns: picture.columnRuns)
    // withExtendedLifetime: the mapping reads the picture's memory.
    try withExtendedLifetime(picture) { () throws(RenderError) in
      // An opaque view under a clip on whole pixels, drawn straight on the
      // context's surface: the mapping composites into the surface itself,
      // exactly as Cairo would paint a projected picture there, and the
      // picture, its pass over memory and Cairo's paint are saved.
      if view.alpha >= 1, let clip = context.pixelAlignedClip,
        clip.x0 <= left, clip.y0 <= top, right <= clip.x1, bottom <= clip.y1
      {
        try context.surface.withPixels { pixels, stride throws(RenderError) in
          ProjectiveMapping.map(
            source, through: toDevice, quad: quad,
            into: .init(
              block: .init(
                start: pixels + top * stride + left * 4, rowStride: stride,
                width: right - left, height: bottom - top),
              originX: left, originY: top),
            compositing: .over)
        }
        return
      }
      // The mapping writes every pixel of the projection: no clearing.
      try scratch.withSurface(
        width: right - left, height: bottom - top,
        what: "projected picture of '\(view.id)'"
      ) { mapped throws(RenderError) in
        try mapped.withPixels { destinationPixels, destinationStride throws(RenderError) in
          ProjectiveMapping.map(
            source, through: toDevice, quad: quad,
            into: .init(
              block: .init(
                start: destinationPixels, rowStride: destinationStride, width: right - left,
                height: bottom - top),
              originX: left, originY: top))
        }
        context.save()
        context.matrix = .identity
        context.paint(mapped, x: Double(left), y: Double(top), alpha: view.alpha, smooth: false)
        context.restore()
      }
    }
  }

  /// The stretch an offscreen picture is drawn at for an on-screen
  /// `stretch`: the next of the levels 2^(k/8) (steps of 9 %) at or above
  /// it, so never coarser than the screen needs. A turning view's stretch
  /// changes a little every frame; its level, and with it the picture, only
  /// every few frames (``OffscreenPictures``). A stretch within 10⁻⁹ of a
  /// level counts as that level, so that a view drawn at its own size (a
  /// stretch of 1 give or take rounding) stays at exactly 1.
  static func pictureStretch(_ stretch: Double) -> Double {
    guard stretch.isFinite, stretch > 0 else { return stretch }
    // stretch = significand · 2^exponent, significand in 1..<2.
    let significand = stretch.significand * (1 - 1e-9)
    let level = stretchLevels.first { $0 >= significand } ?? 2
    return Double(sign: .plus, exponent: stretch.exponent, significand: level)
  }

  /// 2^(k/8) for k = 0…8.
  private static let stretchLevels: [Double] = {
    let step = 2.0.squareRoot().squareRoot().squareRoot()
    var levels = [1.0]
    for _ in 1..<8 { levels.append(levels.last! * step) }
    return levels + [2]
  }()

  /// Twice the signed area of a polygon; positive when it turns like
  /// (0,0) → (1,0) → (1,1) with y pointing down.
  private func shoelaceArea(_ points: [Point]) -> Double {
    var sum = 0.0
    for k in points.indices {
      let (p, q) = (points[k], points[(k + 1) % points.count])
      sum += p.x * q.y - q.x * p.y
    }
    return sum
  }
}
