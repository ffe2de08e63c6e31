import Transit

/// Draws `Transit.Scene` values into ``Image``s with Cairo.
///
/// Each view draws its shadow (a Gaussian blur of its rounded shape, see
/// `drawShadow`), its rounded background, its image content (placed by its
/// content mode, clipped to its rounded shape), its text, its border
/// (inside the edge, following the corners) and then its children (clipped
/// to its shape when `clipsToBounds`); the whole is composited with the
/// view's alpha as one group, so overlapping children of a half-transparent
/// view do not show through each other. Corners are rounded one by one,
/// scaled down as CSS does when two would overlap. A frame is in the parent's coordinates and the view's
/// transform applies about the frame's centre, as in Core Animation. Views
/// with a 3D transform are drawn offscreen and mapped onto their projected
/// quad perspective-correctly (a projective texture mapping).
///
/// A renderer keeps the decoded images it has used, so reuse one for all the
/// frames of an animation. It is not Sendable: Cairo contexts must not be
/// shared between threads. To render on several threads, give each its own
/// renderer (sharing one ``OffscreenPictures``); the ``Image``s they return
/// are Sendable values.
///
/// ```swift
/// let renderer = Renderer(options: RenderOptions(scale: 2))
/// let image = try renderer.render(scene)
/// try image.writePNG(to: "frame.png")
/// ```
public final class Renderer {
  /// The scale factor and image provider.
  package let options: RenderOptions
  /// Decoded images, as Cairo surfaces, by the content that named them.
  private var imageCache: [ImageContent: CairoSurface] = [:]
  /// Memory for the projections of 3-D views that cannot be composited
  /// straight into the frame, reused frame to frame.
  let scratch = ScratchPixels()
  /// The offscreen pictures of 3-D views, kept while only their transforms
  /// change; perhaps shared with renderers on other threads.
  let offscreenPictures: OffscreenPictures
  /// The most pixels an offscreen picture of a 3-D view may have, set
  /// from the size of the frame being drawn
  /// (``OffscreenPictureSize/pixelLimit(frameWidth:frameHeight:)``).
  package var offscreenPixelLimit =
    Renderer.maximumOffscreenSide * Renderer.maximumOffscreenSide
  /// Blurred shadow masks, kept while the same shapes are drawn.
  let shadowMasks = ShadowMasks()
  /// Pango and the bundled fonts, set up the first time a view has text.
  private var textEngine: TextEngine?

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - options: the scale factor and image provider.
  ///   - pictures: where the offscreen pictures of 3-D views are kept from
  ///     frame to frame. Renderers that draw the frames of one animation on
  ///     several threads can share one, so that each picture is drawn once
  ///     for all of them (see ``OffscreenPictures``); by default a renderer
  ///     keeps its own.
  public init(
    options: RenderOptions = RenderOptions(), pictures: OffscreenPictures = OffscreenPictures()
  ) {
    self.options = options
    self.offscreenPictures = pictures
  }

  /// The size in pixels of `scene` at this renderer's scale, rounded.
  ///
  /// - Throws: ``RenderError`` when the scale is not a positive finite
  ///   number or a side would be outside 1…32767.
  package func pixelSize(of scene: Scene) throws(RenderError) -> (width: Int, height: Int) {
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
  /// Each view's numbers are checked as it is drawn (comparisons only); a
  /// scene that fails is then explained by `Scene.validate()`. Nothing is
  /// validated twice or spelled out on the way when every frame is fine,
  /// which is what an animation's frames are. Duplicate view ids, which do
  /// not change what is drawn, and the views inside a hidden or fully
  /// transparent view, which are not drawn, are left to `Scene.validate()`.
  ///
  /// - Throws: ``RenderError`` when a view's values are invalid (see
  ///   `Scene.validate()`), the pixel size is zero or beyond 32,767, an
  ///   image cannot be found or decoded, or Cairo fails.
  public func render(_ scene: Scene) throws(RenderError) -> Image {
    var image = Image(uncheckedWidth: 0, height: 0, pixels: [])
    try render(scene, into: &image)
    return image
  }

  /// Draws `scene` into `image`, which becomes `scene.size × scale` pixels
  /// and holds the drawing: ``render(_:)`` without a new image per frame.
  ///
  /// A frame of 1280×720 is 3.7 MB. Drawn into fresh memory every time,
  /// each frame pays the system for new pages before a pixel is drawn;
  /// drawn into the image that held the previous frame, it reuses those
  /// pages, still mapped and partly in the cache. So a loop that encodes
  /// each frame and moves on keeps one image and draws into it:
  ///
  /// ```swift
  /// var frame = try Image(width: 1, height: 1)
  /// for i in 0..<60 {
  ///   try renderer.render(timeline.sample(frame: i, of: 60), into: &frame)
  ///   try frame.writePNG(to: "frame-\(i).png")
  /// }
  /// ```
  ///
  /// `image` is a value like any other: its memory is reused only when no
  /// other copy shares it, so an earlier frame the caller kept (appended to
  /// an array, say) is never drawn over; `image` then gets memory of its
  /// own. Every pixel is drawn afresh: nothing of the previous frame shows.
  ///
  /// - Throws: ``RenderError`` as ``render(_:)`` does. When the scene's
  ///   size is invalid, `image` is left as it was; when drawing fails, it
  ///   is left the new size with pixels that are not to be used.
  public func render(_ scene: Scene, into image: inout Image) throws(RenderError) {
    let (width, height) = try explained(scene) { () throws(RenderError) in try pixelSize(of: scene)
    }
    image.refill(width: width, height: height, with: scene.backgroundColor.premultipliedARGB32)
    try image.withUnsafeMutablePixels { pixels throws(RenderError) in
      try explained(scene) { () throws(RenderError) in
        try draw(scene, into: pixels.baseAddress!, width: width, height: height, rowStride: width)
      }
    }
  }

  /// Draws `scene` into pixels the caller owns: `pixelSize(of: scene)`
  /// pixels, rows `rowStride` pixels apart, all overwritten: a frame drawn
  /// straight into a larger picture (a cell of a sheet laid out in pixels),
  /// without an ``Image`` of its own to allocate and copy.
  ///
  /// - Throws: ``RenderError`` as ``render(_:)`` does, or when `rowStride`
  ///   is less than the width.
  package func render(
    _ scene: Scene, into pixels: UnsafeMutablePointer<UInt32>, rowStride: Int
  ) throws(RenderError) {
    try explained(scene) { () throws(RenderError) in
      let (width, height) = try pixelSize(of: scene)
      guard rowStride >= width else {
        throw RenderError("row stride \(rowStride) is less than the width \(width)")
      }
      let background = scene.backgroundColor.premultipliedARGB32
      for y in 0..<height { (pixels + y * rowStride).update(repeating: background, count: width) }
      try draw(scene, into: pixels, width: width, height: height, rowStride: rowStride)
    }
  }

  /// Runs `body`; when it fails, says what is invalid about the scene, if
  /// anything, rather than how drawing it went wrong.
  private func explained<R>(_ scene: Scene, _ body: () throws(RenderError) -> R)
    throws(RenderError) -> R
  {
    do {
      return try body()
    } catch {
      do {
        try scene.validate()
      } catch let invalid {
        throw RenderError.invalidScene(invalid)
      }
      throw error
    }
  }

  /// Draws `scene`'s views over pixels that already hold its background
  /// colour: each caller fills it in, which saves Cairo a full-surface paint.
  private func draw(
    _ scene: Scene, into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
    rowStride: Int
  ) throws(RenderError) {
    let surface = try CairoSurface(
      wrapping: pixels, width: width, height: height, rowStride: rowStride, what: "frame")
    let context = try CairoContext(surface: surface)
    context.scale(options.scale, options.scale)
    offscreenPixelLimit = OffscreenPictureSize.pixelLimit(frameWidth: width, frameHeight: height)
    for view in scene.views {
      try draw(view, in: context)
    }
    try context.check("drawing the scene")
    // Nothing may touch the pixels once this returns.
    surface.finish()
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
    let surface = try CairoSurface(sharing: image, what: "image content")
    imageCache[content] = surface
    return surface
  }
}
