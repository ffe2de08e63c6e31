/// Writes animated PNGs (APNG): a PNG whose first frame is the ordinary image
/// that every viewer shows, followed by frames only APNG-aware viewers play.
///
/// The layout: `IHDR`, `acTL` (frame count, loop count), then for each frame
/// an `fcTL` (size, offset 0, 0, its delay as a fraction, dispose none, blend
/// source) followed by its data: `IDAT` for the first frame, `fdAT` (with a
/// sequence number) for the others. Sequence numbers run over `fcTL` and
/// `fdAT` chunks together, from 0. Every frame covers the whole canvas, so a
/// frame never depends on the one before it.
///
/// ```swift
/// let frames = try (0..<60).map { try renderer.render(timeline.sample(frame: $0, of: 60)) }
/// let bytes = try APNGEncoder.encode(frames, delay: FrameDelay(framesPerSecond: 60))
/// ```
public enum APNGEncoder {
  /// One frame and how long it shows.
  public struct Frame: Sendable, Equatable {
    /// The picture; every frame of an animation has the same size.
    public var image: Image
    /// Its time on screen.
    public var delay: FrameDelay

    /// Creates a frame.
    public init(image: Image, delay: FrameDelay) {
      self.image = image
      self.delay = delay
    }
  }

  /// Encodes frames that all show for the same `delay`.
  ///
  /// - Parameters:
  ///   - images: the frames, in order; all of one size.
  ///   - delay: how long each frame shows.
  ///   - loopCount: how many times to play; 0 (the default) loops forever.
  ///   - compression: how hard the encoder works; see ``PNGCompression``.
  /// - Returns: the bytes of an APNG file, which shows the first frame in
  ///   viewers that do not animate PNGs.
  /// - Throws: ``RenderError`` as ``encode(_:loopCount:compression:)`` does.
  public static func encode(
    _ images: [Image], delay: FrameDelay, loopCount: Int = 0,
    compression: PNGCompression = .fast
  ) throws(RenderError) -> [UInt8] {
    try encode(
      images.map { Frame(image: $0, delay: delay) }, loopCount: loopCount,
      compression: compression)
  }

  /// Encodes frames, each with its own delay.
  ///
  /// - Throws: ``RenderError`` when there are no frames, the frames differ
  ///   in size, a delay's denominator is 0, the loop count is outside
  ///   `0…UInt32.max`, or compression fails.
  public static func encode(
    _ frames: [Frame], loopCount: Int = 0, compression: PNGCompression = .fast
  ) throws(RenderError) -> [UInt8] {
    let hasAlpha = frames.contains { !$0.image.isOpaque }
    var compressed: [CompressedFrame] = []
    compressed.reserveCapacity(frames.count)
    for frame in frames {
      compressed.append(try compress(frame, hasAlpha: hasAlpha, compression: compression))
    }
    return try encode(compressed, loopCount: loopCount)
  }

  /// A frame whose scanlines are already filtered and deflated: what an
  /// animation keeps of each frame while the others are drawn, so that
  /// frames compress on every core and memory holds kilobytes per frame
  /// instead of the pixels.
  package struct CompressedFrame: Sendable {
    /// The frame's size in pixels.
    package var width: Int, height: Int
    /// Whether its scanlines are RGBA (else RGB); one animation uses one kind.
    package var hasAlpha: Bool
    /// Its time on screen.
    package var delay: FrameDelay
    /// The zlib stream of its scanlines.
    var imageData: [UInt8]

    /// The bytes it holds, for whoever accounts for memory.
    package var byteCount: Int { imageData.count }
  }

  /// Filters and deflates one frame, on any thread.
  ///
  /// - Parameters:
  ///   - frame: the picture and its delay.
  ///   - hasAlpha: whether to write RGBA, the same for every frame of an
  ///     animation; `nil` writes RGB when the frame is opaque and RGBA
  ///     otherwise (see ``CompressedFrame/hasAlpha``), which lets frames be
  ///     compressed as they come before the animation's kind is known.
  ///   - compression: how hard the encoder works; see ``PNGCompression``.
  /// - Throws: ``RenderError`` when the frame is translucent but `hasAlpha`
  ///   is `false`, or the engine fails.
  package static func compress(
    _ frame: Frame, hasAlpha: Bool?, compression: PNGCompression = .fast
  ) throws(RenderError) -> CompressedFrame {
    let segment: DeflateSegment
    let alpha: Bool
    if let hasAlpha {
      guard
        let compressed = try DeflateSegment.whole(
          frame.image, hasAlpha: hasAlpha, compression: compression)
      else { throw RenderError("a translucent APNG frame cannot be written as RGB") }
      (segment, alpha) = (compressed, hasAlpha)
    } else {
      (segment, alpha) = try DeflateSegment.whole(frame.image, compression: compression)
    }
    var stream = ZlibStream(compression: compression)
    stream.append(segment)
    return CompressedFrame(
      width: frame.image.width, height: frame.image.height, hasAlpha: alpha,
      delay: frame.delay, imageData: stream.finish())
  }

  /// Puts compressed frames together into an APNG file.
  ///
  /// - Throws: ``RenderError`` when there are no frames, they differ in size
  ///   or in colour type, a delay's denominator is 0, or the loop count is
  ///   outside `0…UInt32.max`.
  package static func encode(_ frames: [CompressedFrame], loopCount: Int = 0) throws(RenderError)
    -> [UInt8]
  {
    let pieces = try self.pieces(frames, loopCount: loopCount)
    var file: [UInt8] = []
    file.reserveCapacity(frames.reduce(128) { $0 + $1.imageData.count + 64 })
    for piece in pieces { file.append(contentsOf: piece) }
    return file
  }

  /// The file `encode` makes of compressed frames, as consecutive pieces made
  /// one at a time while they are read: the signature and header first, then
  /// one piece per frame, then the end. Writing the pieces to a file as they
  /// come holds the compressed frames once rather than twice (for 1,000
  /// frames at 1280×720, some 80 MB less).
  ///
  /// - Throws: ``RenderError`` for the same reasons as `encode`, all before
  ///   the first piece.
  package static func pieces(_ frames: [CompressedFrame], loopCount: Int = 0)
    throws(RenderError) -> some Sequence<[UInt8]>
  {
    guard let first = frames.first else { throw RenderError.noFrames("an APNG") }
    guard loopCount >= 0, loopCount <= Int(UInt32.max) else {
      throw RenderError("APNG loop count \(loopCount) is outside 0…\(UInt32.max)")
    }
    let (width, height) = (first.width, first.height)
    for (index, frame) in frames.enumerated() {
      guard frame.width == width, frame.height == height else {
        throw RenderError(
          "APNG frame \(index) is \(frame.width)×\(frame.height), frame 0 is \(width)×\(height)")
      }
      guard frame.hasAlpha == first.hasAlpha else {
        throw RenderError("APNG frame \(index) has a different colour type from frame 0")
      }
      guard frame.delay.denominator != 0 else {
        throw RenderError("APNG frame \(index) has a delay denominator of 0")
      }
    }
    var head = PNGChunkWriter(capacity: 64)
    head.append(
      "IHDR", PNGChunkWriter.header(width: width, height: height, hasAlpha: first.hasAlpha))
    var control: [UInt8] = []
    PNGChunkWriter.append32(UInt32(frames.count), to: &control)
    PNGChunkWriter.append32(UInt32(loopCount), to: &control)
    head.append("acTL", control)
    var end = PNGChunkWriter(capacity: 12, signature: false)
    end.append("IEND", [])
    // Piece -1 is the head, 0..<count the frames, count the end.
    return sequence(state: -1) { (piece: inout Int) -> [UInt8]? in
      defer { piece += 1 }
      switch piece {
      case -1: return head.bytes
      case frames.count: return end.bytes
      case frames.indices: return framePiece(frames[piece], index: piece)
      default: return nil
      }
    }
  }

  /// Frame `index`'s `fcTL` chunk and its data: `IDAT` for the first frame
  /// (which is also the still image), `fdAT` for the others. Sequence
  /// numbers count both kinds of chunk, from 0.
  private static func framePiece(_ frame: CompressedFrame, index: Int) -> [UInt8] {
    var writer = PNGChunkWriter(capacity: frame.imageData.count + 64, signature: false)
    let sequence = UInt32(index == 0 ? 0 : 2 * index - 1)
    writer.append("fcTL", frameControl(sequence: sequence, frame: frame))
    if index == 0 {
      writer.append("IDAT", frame.imageData)
    } else {
      var data: [UInt8] = []
      data.reserveCapacity(frame.imageData.count + 4)
      PNGChunkWriter.append32(sequence + 1, to: &data)
      data.append(contentsOf: frame.imageData)
      writer.append("fdAT", data)
    }
    return writer.bytes
  }

  /// The 26 bytes of an `fcTL` chunk for a full-canvas frame.
  private static func frameControl(sequence: UInt32, frame: CompressedFrame) -> [UInt8] {
    var data: [UInt8] = []
    PNGChunkWriter.append32(sequence, to: &data)
    PNGChunkWriter.append32(UInt32(frame.width), to: &data)
    PNGChunkWriter.append32(UInt32(frame.height), to: &data)
    PNGChunkWriter.append32(0, to: &data)  // x offset
    PNGChunkWriter.append32(0, to: &data)  // y offset
    data.append(UInt8(frame.delay.numerator >> 8))
    data.append(UInt8(frame.delay.numerator & 0xFF))
    data.append(UInt8(frame.delay.denominator >> 8))
    data.append(UInt8(frame.delay.denominator & 0xFF))
    data.append(0)  // dispose: none
    data.append(0)  // blend: source
    return data
  }
}
