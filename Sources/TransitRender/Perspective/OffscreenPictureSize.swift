import Transit

/// The pixel size of a 3-D view's offscreen picture, and the most memory
/// one such picture can take.
///
/// Both are worked out here, once, for the renderer that draws the pictures
/// (``Renderer/drawProjected(_:in:)``) and for whoever must pay for them
/// before drawing (animrender's memory budget): what is charged is then
/// exactly what the renderer may allocate, not an estimate of it.
///
/// A picture is drawn at about the resolution its view has on screen,
/// which can be more pixels than the frame holds: the view may be larger
/// than the frame, perspective magnifies its near edge, and the resolution
/// is rounded up to a level (``Renderer/pictureStretch(_:)``). So a
/// picture has at most ``pixelLimit(frameWidth:frameHeight:)`` pixels —
/// four times the frame's (twice its size a side), and never more than
/// ``Renderer/maximumOffscreenSide`` squared — and a view that would need
/// more is drawn at a lower resolution and magnified.
package struct OffscreenPictureSize: Equatable, Sendable {
  /// The picture's size in pixels.
  package var width: Int
  package var height: Int

  /// A picture has at most this many times the frame's pixels.
  static let frameMultiple = 4

  /// The most pixels an offscreen picture has when drawn for a frame of
  /// `frameWidth`×`frameHeight` pixels (sides up to 32,767: the product
  /// fits), at least one.
  package static func pixelLimit(frameWidth: Int, frameHeight: Int) -> Int {
    let side = Renderer.maximumOffscreenSide
    return max(1, min(max(0, frameWidth) * max(0, frameHeight) * frameMultiple, side * side))
  }

  /// The most bytes one offscreen picture of at most `pixelLimit` pixels
  /// holds: its pixels with the headroom ``OffscreenPictures`` gives them
  /// (``OffscreenPictures/capacity(forPixels:)``), four bytes each, and a
  /// byte each of column runs (``ColumnRuns``).
  package static func bytes(pixelLimit: Int) -> Int {
    OffscreenPictures.capacity(forPixels: pixelLimit) * 5
  }

  /// The picture of an `extent` (in points) drawn at `stretch` pixels a
  /// point, as ``Renderer/pictureStretch(_:)`` chose it: each side rounded
  /// up to whole pixels, at least one and at most
  /// ``Renderer/maximumOffscreenSide``, the stretch lowered (the same on
  /// both axes) where the picture would have more than `pixelLimit` pixels.
  ///
  /// - Precondition: the extent's sides are positive and finite.
  package init(extent: Size, stretch: Double, pixelLimit: Int) {
    let side = Double(Renderer.maximumOffscreenSide)
    let area = extent.width * extent.height
    let fitting = min(
      max(stretch, 1 / max(extent.width, extent.height)),
      side / extent.width, side / extent.height,
      (Double(max(1, pixelLimit)) / area).squareRoot())
    var width = max(1, min(Int(side), Int((extent.width * fitting).rounded(.up))))
    var height = max(1, min(Int(side), Int((extent.height * fitting).rounded(.up))))
    // Rounding up may add a row or a column beyond the limit: taken back.
    if width * height > pixelLimit {
      width = max(1, min(width, pixelLimit))
      height = max(1, min(height, pixelLimit / width))
    }
    self.width = width
    self.height = height
  }

  /// The picture's pixels.
  package var pixels: Int { width * height }
}
