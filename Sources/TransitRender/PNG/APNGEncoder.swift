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
  ///   - compression: how hard zlib works; see ``PNGCompression``.
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
    guard let first = frames.first else { throw RenderError("an APNG needs at least one frame") }
    guard loopCount >= 0, loopCount <= Int(UInt32.max) else {
      throw RenderError("APNG loop count \(loopCount) is outside 0…\(UInt32.max)")
    }
    let level = compression.zlibLevel
    guard (0...9).contains(level) else { throw RenderError("zlib level \(level) is outside 0…9") }
    let (width, height) = (first.image.width, first.image.height)
    for (index, frame) in frames.enumerated() {
      guard frame.image.width == width, frame.image.height == height else {
        throw RenderError(
          "APNG frame \(index) is \(frame.image.width)×\(frame.image.height), "
            + "frame 0 is \(width)×\(height)")
      }
      guard frame.delay.denominator != 0 else {
        throw RenderError("APNG frame \(index) has a delay denominator of 0")
      }
    }
    let hasAlpha = frames.contains { !$0.image.isOpaque }
    var writer = PNGChunkWriter(capacity: 1 << 16)
    writer.append("IHDR", PNGChunkWriter.header(width: width, height: height, hasAlpha: hasAlpha))
    var control: [UInt8] = []
    PNGChunkWriter.append32(UInt32(frames.count), to: &control)
    PNGChunkWriter.append32(UInt32(loopCount), to: &control)
    writer.append("acTL", control)
    var sequence: UInt32 = 0
    for (index, frame) in frames.enumerated() {
      writer.append("fcTL", frameControl(sequence: sequence, frame: frame))
      sequence += 1
      let compress = { (output: inout [UInt8]) throws(RenderError) in
        try ScanlineFilter.appendCompressedImageData(
          frame.image, hasAlpha: hasAlpha, level: level, to: &output)
      }
      if index == 0 {
        try writer.append("IDAT", body: compress)
      } else {
        var prefix: [UInt8] = []
        PNGChunkWriter.append32(sequence, to: &prefix)
        try writer.append("fdAT", prefix: prefix, body: compress)
        sequence += 1
      }
    }
    writer.append("IEND", [])
    return writer.bytes
  }

  /// The 26 bytes of an `fcTL` chunk for a full-canvas frame.
  private static func frameControl(sequence: UInt32, frame: Frame) -> [UInt8] {
    var data: [UInt8] = []
    PNGChunkWriter.append32(sequence, to: &data)
    PNGChunkWriter.append32(UInt32(frame.image.width), to: &data)
    PNGChunkWriter.append32(UInt32(frame.image.height), to: &data)
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
