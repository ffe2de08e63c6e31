import Transit
import TransitRender

/// What one of ``FramePipeline``'s workers keeps from frame to frame: its
/// renderer (a Cairo context is never shared between threads) and the
/// image it draws every frame into. The offscreen pictures of 3-D views are
/// the one thing the workers share (``FrameWorkers``).
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

  init(options: RenderOptions, pictures: OffscreenPictures) {
    renderer = Renderer(options: options, pictures: pictures)
  }

  /// `scene`, drawn into the memory of the frame before it when it can be.
  func draw(_ scene: Scene) throws(RenderError) -> Image {
    try renderer.render(scene, into: &frame)
    return frame
  }

  /// The renderer of `--labels` bands, at one pixel per point whatever the
  /// frames' scale; made for the first label, kept for the rest (its text
  /// engine with it).
  private lazy var labelRenderer = Renderer()

  /// `image` with `text` in a band under it (``FrameLabel``).
  func label(_ text: String, below image: Image) throws -> Image {
    try FrameLabel.attach(text, below: image, renderer: labelRenderer)
  }
}

/// The ``FrameWorker``s of one pipeline, kept for all its drawing: every
/// band of a strip or grid, and an APNG's second pass, draws with the
/// renderers and frame memory the first band set up — their text engines,
/// decoded images, kept 3-D pictures and mapped pages — instead of new ones.
///
/// The workers share one cache of offscreen pictures: a turning view's
/// picture is drawn once for all of them, not once per worker
/// (`OffscreenPictures` says how they wait for each other, and what it
/// saves).
///
/// ``FramePipeline`` gives slot `k` to iteration `k` of its
/// `concurrentPerform`, which runs on one thread; its calls follow each
/// other. So a slot is never used by two threads at once, and the slots
/// need no lock (hence `@unchecked Sendable`).
final class FrameWorkers: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<FrameWorker?>
  /// The 3-D views' pictures, for every worker.
  private let pictures = OffscreenPictures()

  /// Room for `count` workers, each made when its slot is first used.
  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    _ = slots.deinitialize()
    slots.deallocate()
  }

  /// Slot `slot`'s worker, made with `options` the first time.
  func worker(_ slot: Int, options: RenderOptions) -> FrameWorker {
    if let worker = slots[slot] { return worker }
    let worker = FrameWorker(options: options, pictures: pictures)
    slots[slot] = worker
    return worker
  }
}
