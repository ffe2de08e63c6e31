/// How a ``Renderer`` draws: the pixel density and where images come from.
public struct RenderOptions: Sendable {
  /// Pixels per point: a 390×844 scene at scale 2 gives a 780×1688 image.
  public var scale: Double
  /// Resolves the `Transit.ImageContent` of views.
  public var images: ImageProvider

  /// Creates options; scale 1 and no images by default.
  public init(scale: Double = 1, images: ImageProvider = ImageProvider()) {
    self.scale = scale
    self.images = images
  }
}
