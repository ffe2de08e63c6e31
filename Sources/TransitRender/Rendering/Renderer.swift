import Transit

/// Draws `Transit.Scene` values into ``Image``s with Cairo.
///
/// Each view draws its rounded background, its image content (aspect-fill,
/// clipped to its rounded shape), its border (inside the edge, following the
/// radius) and then its children (clipped to its shape when
/// `clipsToBounds`); the whole is composited with the view's alpha as one
/// group, so overlapping children of a half-transparent view do not show
/// through each other. A frame is in the parent's coordinates and the view's
/// transform applies about the frame's centre, as in Core Animation. Views
/// with a 3D transform are drawn offscreen and mapped onto their projected
/// quad perspective-correctly (a projective texture mapping).
///
/// A renderer keeps the decoded images it has used, so reuse one for all the
/// frames of an animation. It is not Sendable: Cairo contexts must not be
/// shared between threads. To render on several threads, give each its own
/// renderer; the ``Image``s they return are Sendable values.
///
/// ```swift
/// let renderer = Renderer(options: RenderOptions(scale: 2))
/// let image = try renderer.render(scene)
/// try image.writePNG(to: "frame.png")
/// ```
public final class Renderer {
  /// The scale factor and image provider.
  public let options: RenderOptions
  /// Decoded images, as Cairo surfaces, by the content that named them.
  private var imageCache: [ImageContent: CairoSurface] = [:]
  /// Pango and the bundled fonts, set up the first time a view has text.
  private var textEngine: TextEngine?

  /// Creates a renderer.
  public init(options: RenderOptions = RenderOptions()) {
    self.options = options
  }

  /// The size in pixels of `scene` at this renderer's scale, rounded.
  ///
  /// - Throws: ``RenderError`` when the scale is not a positive finite
  ///   number or a side would be outside 1…32767.
  public func pixelSize(of scene: Scene) throws(RenderError) -> (width: Int, height: Int) {
    let scale = options.scale
    guard scale.isFinite, scale > 0 else {
      throw RenderError("scale factor \(scale) must be a positive finite number")
    }
    let width = scene.size.width * scale
    let height = scene.size.height * scale
    guard width.isFinite, height.isFinite, width < 1e9, height < 1e9 else {
      throw RenderError("scene size \(width)×\(height) pixels is not drawable")
    }
    let size = (Int(width.rounded()), Int(height.rounded()))
    try Image.validate(width: size.0, height: size.1, what: "rendered scene")
    return size
  }

  /// Draws `scene` at `scene.size × scale` pixels.
  ///
  /// - Throws: ``RenderError`` when the scene is invalid (see
  ///   `Scene.validate()`), its pixel size is zero or beyond
  ///   32,767, an image cannot be found or decoded, or Cairo fails.
  public func render(_ scene: Scene) throws(RenderError) -> Image {
    do {
      try scene.validate()
    } catch {
      throw RenderError("invalid scene: \(error.message)")
    }
    let (width, height) = try pixelSize(of: scene)
    // Starting from the background colour saves Cairo a full-surface paint.
    var image = Image(
      uncheckedWidth: width, height: height,
      pixels: [UInt32](
        repeating: scene.backgroundColor.premultipliedARGB32, count: width * height))
    try image.withUnsafeMutablePixels { pixels throws(RenderError) in
      let surface = try CairoSurface(
        wrapping: pixels.baseAddress!, width: width, height: height, what: "frame")
      let context = try CairoContext(surface: surface)
      context.scale(options.scale, options.scale)
      for view in scene.views {
        try draw(view, in: context)
      }
      try context.check("drawing the scene")
      // Nothing may touch the pixels once this closure returns.
      surface.finish()
    }
    return image
  }

  /// The text engine, made on first use.
  func text() throws(RenderError) -> TextEngine {
    if let textEngine { return textEngine }
    let engine = try TextEngine()
    textEngine = engine
    return engine
  }

  /// The decoded image for `content`, from the cache when it was used before.
  func imageSurface(for content: ImageContent) throws(RenderError) -> CairoSurface {
    if let cached = imageCache[content] { return cached }
    let image = try options.images.image(for: content)
    let surface = try CairoSurface(copying: image, what: "image content")
    imageCache[content] = surface
    return surface
  }
}
