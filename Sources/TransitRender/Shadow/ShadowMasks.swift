import CTransitCairo
import Transit

/// The blurred masks of shadows, kept while the same shape is drawn at the
/// same scale and the same fraction of a pixel.
///
/// A shadow's mask depends on its shape (size and radii), its blur, the
/// scale it is drawn at, where the shape falls within a pixel, and which
/// part of it is drawn; not on where the shape is in whole pixels, nor on
/// the shadow's colour or opacity (applied when the mask is painted). Cards
/// of one size on a screen that moves share one mask per frame, so a screen
/// of twenty shadowed cards costs one blur a frame, not twenty. At most
/// ``keptMasks`` masks and ``keptBytes`` bytes are kept, the least recently
/// used dropped first.
final class ShadowMasks {
  static let keptMasks = 64
  static let keptBytes = 16 << 20

  /// What a mask depends on, in the pixel grid it is computed in (see
  /// `Renderer.drawShadow`).
  struct Key: Hashable {
    /// The shape, in the view's own coordinates.
    var size: Size
    var radii: CornerRadii
    /// The blur's standard deviation in the view's own coordinates.
    var sigma: Double
    /// The scale from the view's coordinates to the grid's pixels.
    var scaleX: Double
    var scaleY: Double
    /// Where the shape's origin falls in its grid pixel, 0..<1.
    var phaseX: Double
    var phaseY: Double
    /// The pixels computed, relative to the origin's grid pixel.
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    var sigmaX: Double { sigma * abs(scaleX) }
    var sigmaY: Double { sigma * abs(scaleY) }
  }

  private var masks: [Key: (surface: CairoSurface, lastUse: Int)] = [:]
  private var bytes = 0
  private var clock = 0

  /// The mask for `key`, computed the first time it is asked for.
  func mask(for key: Key) throws(RenderError) -> CairoSurface {
    clock += 1
    if let kept = masks[key] {
      masks[key]?.lastUse = clock
      return kept.surface
    }
    let surface = try Self.make(key)
    let size = surface.rowStride * surface.height
    while !masks.isEmpty, masks.count >= Self.keptMasks || bytes + size > Self.keptBytes {
      let oldest = masks.min { $0.value.lastUse < $1.value.lastUse }!
      bytes -= oldest.value.surface.rowStride * oldest.value.surface.height
      masks[oldest.key] = nil
    }
    masks[key] = (surface, clock)
    bytes += size
    return surface
  }

  /// Rasterizes the shape, with the same path and antialiasing as the
  /// view's background, into a mask that reaches past the pixels asked for
  /// by the blur's reach, and blurs it into a mask of just those pixels.
  private static func make(_ key: Key) throws(RenderError) -> CairoSurface {
    let rx = GaussianBlur.reach(sigma: key.sigmaX)
    let ry = GaussianBlur.reach(sigma: key.sigmaY)
    let width = key.x1 - key.x0
    let height = key.y1 - key.y0
    let input = try CairoSurface(
      alphaWidth: width + 2 * rx, height: height + 2 * ry, what: "shadow shape")
    let context = try CairoContext(surface: input)
    context.matrix = AffineMatrix(
      xx: key.scaleX, yx: 0, xy: 0, yy: key.scaleY,
      x0: key.phaseX - Double(key.x0 - rx), y0: key.phaseY - Double(key.y0 - ry))
    context.roundedRectangle(Rect(size: key.size), radii: key.radii)
    context.fill(.black)
    try context.check("drawing a shadow's shape")
    let output = try CairoSurface(alphaWidth: width, height: height, what: "shadow")
    try input.withPixels { source, sourceStride throws(RenderError) in
      try output.withPixels { target, targetStride throws(RenderError) in
        GaussianBlur.blur(
          source.assumingMemoryBound(to: UInt8.self), inputWidth: width + 2 * rx,
          inputHeight: height + 2 * ry, inputStride: sourceStride,
          into: target.assumingMemoryBound(to: UInt8.self), outputStride: targetStride,
          sigmaX: key.sigmaX, sigmaY: key.sigmaY)
      }
    }
    return output
  }
}
