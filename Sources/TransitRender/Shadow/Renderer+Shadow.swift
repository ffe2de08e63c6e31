import CTransitCairo
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
  func drawShadow(
    _ shadow: Shadow, of bounds: Rect, radii: CornerRadii, alpha: Double, in context: CairoContext
  ) throws(RenderError) {
    let strength = shadow.color.alpha * shadow.opacity * alpha
    guard strength > 0, bounds.width > 0, bounds.height > 0 else { return }
    let shape = bounds.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
    let device = context.matrix
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
    let rx = Double(GaussianBlur.reach(sigma: sigma * abs(grid.xx)))
    let ry = Double(GaussianBlur.reach(sigma: sigma * abs(grid.yy)))
    let extentX = grid.xx * shape.width
    let extentY = grid.yy * shape.height
    var x0 = (phaseX + min(0, extentX) - rx - 1).rounded(.down)
    var x1 = (phaseX + max(0, extentX) + rx + 1).rounded(.up)
    var y0 = (phaseY + min(0, extentY) - ry - 1).rounded(.down)
    var y1 = (phaseY + max(0, extentY) + ry + 1).rounded(.up)
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
    let key = ShadowMasks.Key(
      size: shape.size, radii: radii, sigma: sigma, scaleX: grid.xx, scaleY: grid.yy,
      phaseX: phaseX, phaseY: phaseY, x0: Int(x0), y0: Int(y0), x1: Int(x1), y1: Int(y1))
    let mask = try shadowMasks.mask(for: key)
    context.save()
    context.matrix = placement
    let color = shadow.color
    cairo_set_source_rgba(context.pointer, color.red, color.green, color.blue, strength)
    cairo_mask_surface(context.pointer, mask.pointer, ax + x0, ay + y0)
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
  /// `self` after scaling by `factor` on both axes (applied first).
  func scaled(by factor: Double) -> AffineMatrix {
    AffineMatrix(
      xx: xx * factor, yx: yx * factor, xy: xy * factor, yy: yy * factor, x0: x0, y0: y0)
  }
}
