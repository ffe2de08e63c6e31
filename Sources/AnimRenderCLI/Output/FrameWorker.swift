import Transit
import TransitRender

/// What one of ``FramePipeline``'s workers keeps from frame to frame: its
/// renderer (a Cairo context is never shared between threads) and the
/// image it draws every frame into.
///
/// A 1280×720 frame is 3.7 MB; drawn into fresh memory each time, every
/// frame would pay for new pages before a pixel is drawn. Drawn into the
/// previous frame's image (``Renderer/render(_:into:)``), it reuses them.
/// The frame handed out is a value: when whoever receives it keeps it, the
/// next frame gets memory of its own instead of drawing over it.
final class FrameWorker {
  private let renderer: Renderer
  /// The frame drawn last, whose memory the next one reuses; before the
  /// first, a 1×1 image that the first frame resizes (always valid, hence
  /// `try!`).
  private var frame = try! Image(width: 1, height: 1)

  init(options: RenderOptions) {
    renderer = Renderer(options: options)
  }

  /// `scene`, drawn into the memory of the frame before it when it can be.
  func draw(_ scene: Scene) throws(RenderError) -> Image {
    try renderer.render(scene, into: &frame)
    return frame
  }
}
