import Transit

extension Renderer {
  /// Draws one view and its subtree in its parent's coordinate space.
  func draw(_ view: View, in context: CairoContext) throws(RenderError) {
    guard view.hasDrawableValues else {
      throw RenderError.undrawableView(id: view.id)
    }
    // Hidden and fully transparent views cost nothing, subtree included.
    guard !view.isHidden, view.alpha > 0 else { return }
    if view.transform.isAffine2D {
      let placement = AffineMatrix(placing: view)
      // A view scaled to zero is a line or a point: nothing to see, and
      // Cairo would refuse the singular matrix.
      let determinant = placement.determinant
      guard determinant != 0, determinant.isFinite else { return }
      context.save()
      context.transform(placement)
      try drawContents(of: view, alpha: view.alpha, in: context)
      context.restore()
    } else {
      try drawProjected(view, in: context)
    }
    try context.check("drawing view '\(view.id)'")
  }

  /// Draws a view in its own coordinates (0, 0)…(width, height): shadow,
  /// background, image, text, border, children; with `alpha` applied to
  /// the whole as one group. Every part follows the view's corner radii,
  /// fitted to its size as CSS fits them (``CornerRadii/fitted(to:)``).
  func drawContents(of view: View, alpha: Double, in context: CairoContext) throws(RenderError) {
    let bounds = Rect(size: view.frame.size)
    let radii = view.cornerRadii
    let hasShadow = view.shadowExtent != nil
    let hasBackground = view.backgroundColor.alpha > 0
    let hasBorder = view.border.width > 0 && view.border.color.alpha > 0
    let image = try view.content.map { content throws(RenderError) in
      try imageSurface(for: content)
    }
    // Children are checked here, drawn or not, as Scene.validate() would.
    for child in view.children where !child.hasDrawableValues {
      throw RenderError.undrawableView(id: child.id)
    }
    let hasChildren = view.children.contains { !$0.isHidden && $0.alpha > 0 }
    let textEngine = try view.text.map { _ throws(RenderError) in try text() }
    let ownLayers =
      (hasShadow ? 1 : 0) + (hasBackground ? 1 : 0) + (image == nil ? 0 : 1) + (hasBorder ? 1 : 0)
      + (textEngine == nil ? 0 : 1)
    // One layer alone can take the alpha directly; only overlapping layers
    // need a group, which costs an offscreen surface the size of the clip.
    let grouped = alpha < 1 && (hasChildren || ownLayers > 1)
    let layerAlpha = grouped ? 1 : alpha
    if grouped {
      context.save()
      if let extent = subtreeExtent(of: view) {
        // Clipping first keeps the group's surface as small as the view.
        context.appendRectangle(extent)
        context.clip()
      }
      context.pushGroup()
    }
    if hasShadow {
      // An opaque background drawn at full strength hides the shadow
      // beneath it.
      let opaque = hasBackground && view.backgroundColor.alpha >= 1 && layerAlpha >= 1
      try drawShadow(
        view.shadow, of: bounds, radii: radii, alpha: layerAlpha,
        covered: opaque ? radii.uncut(bounds) : [], in: context)
    }
    if hasBackground {
      context.roundedRectangle(bounds, radii: radii)
      context.fill(view.backgroundColor, alpha: layerAlpha)
    }
    if let image {
      draw(
        image, placedBy: view.imagePlacement, in: bounds, radii: radii, alpha: layerAlpha, context)
    }
    if let textEngine, let text = view.text {
      textEngine.draw(text, in: bounds, radii: radii, alpha: layerAlpha, context: context)
    }
    if hasBorder {
      drawBorder(view.border, of: bounds, radii: radii, alpha: layerAlpha, context)
    }
    if hasChildren {
      if view.clipsToBounds {
        context.save()
        context.roundedRectangle(bounds, radii: radii)
        context.clip()
      }
      for child in view.children {
        try draw(child, in: context)
      }
      if view.clipsToBounds { context.restore() }
    }
    if grouped {
      context.popGroupAndPaint(alpha: alpha)
      context.restore()
    }
  }

  /// Draws `image` at the rect its placement gives it
  /// (``ImagePlacement/rect(forImageOf:in:)``, the image's own size being
  /// its size in pixels, taken as points), clipped to that rect and to the
  /// view's rounded shape. Inside the rect the image's edge pixels are
  /// padded outwards, so a magnified image does not fade at its border.
  private func draw(
    _ image: CairoSurface, placedBy placement: ImagePlacement, in bounds: Rect,
    radii: CornerRadii, alpha: Double, _ context: CairoContext
  ) {
    guard bounds.width > 0, bounds.height > 0 else { return }
    let size = Size(width: Double(image.width), height: Double(image.height))
    let placed = placement.rect(forImageOf: size, in: bounds)
    guard placed.width > 0, placed.height > 0, placed.isFinite else { return }
    context.save()
    context.roundedRectangle(bounds, radii: radii)
    context.clip()
    context.appendRectangle(placed)
    context.clip()
    context.translate(placed.minX, placed.minY)
    context.scale(placed.width / size.width, placed.height / size.height)
    context.paint(image, x: 0, y: 0, alpha: alpha)
    context.restore()
  }

  /// Fills the band between the rounded outline and the same outline inset by
  /// the border width, so the line lies wholly inside the view, as UIKit
  /// draws `layer.borderWidth`. The inner corners keep the outline's centres:
  /// each inner radius is the outer one (fitted) minus the width, as CSS
  /// shapes a border's padding edge.
  private func drawBorder(
    _ border: Border, of bounds: Rect, radii: CornerRadii, alpha: Double, _ context: CairoContext
  ) {
    let outer = radii.fitted(to: bounds.size)
    context.roundedRectangle(bounds, radii: outer)
    let inner = bounds.insetBy(dx: border.width, dy: border.width)
    if inner.width > 0, inner.height > 0 {
      let w = border.width
      context.appendRoundedRectangle(
        inner,
        radii: CornerRadii(
          topLeft: max(outer.topLeft - w, 0), topRight: max(outer.topRight - w, 0),
          bottomRight: max(outer.bottomRight - w, 0), bottomLeft: max(outer.bottomLeft - w, 0)))
    }
    context.fill(border.color, alpha: alpha, evenOdd: true)
  }
}

extension AffineMatrix {
  /// The map from a view's own coordinates to its parent's: move the frame's
  /// centre to the origin, apply the (2D part of the) transform, move back to
  /// the centre in the parent.
  init(placing view: View) {
    let t = view.transform
    let halfWidth = view.frame.width / 2
    let halfHeight = view.frame.height / 2
    self.init(
      xx: t.m11, yx: t.m12, xy: t.m21, yy: t.m22,
      x0: t.m41 + view.frame.midX - (halfWidth * t.m11 + halfHeight * t.m21),
      y0: t.m42 + view.frame.midY - (halfWidth * t.m12 + halfHeight * t.m22))
  }
}
