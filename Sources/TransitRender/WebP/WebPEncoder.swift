import CTransitWebP

/// Writes animated WebP files with libwebp: lossless by default, so every
/// frame decodes to exactly the pixels that were drawn, and usually a
/// fraction of the size of the same frames as a GIF or an APNG.
///
/// Frames are handed to libwebp's animation encoder, which stores each as
/// the rectangle that changed since the one before; the decoder rebuilds the
/// full frames. WebP counts time in milliseconds: each frame starts at the
/// millisecond nearest its exact start (see ``FrameTimes``), so delays such
/// as 1/60 s alternate 16 and 17 ms, frames shorter than half a millisecond
/// get 0 among their neighbours' 1s, and no error accumulates. Browsers
/// commonly show delays of 10 ms or less as 100 ms, as they do GIF's. Straight-alpha colours
/// are stored exactly, even under fully transparent pixels.
///
/// ```swift
/// let bytes = try WebPEncoder.encode(frames, delay: FrameDelay(framesPerSecond: 30))
/// ```
public enum WebPEncoder {
  /// WebP's largest side.
  package static let maximumSide = 16_383

  /// Encodes `images` as an animated WebP.
  ///
  /// - Parameters:
  ///   - images: the frames, in order; all of one size.
  ///   - delay: how long each frame shows.
  ///   - loopCount: how many times to play; 0 (the default) loops forever.
  ///   - quality: `nil` (the default) for lossless; 0…100 for lossy.
  /// - Throws: ``RenderError`` when there are no frames, the sizes differ, a
  ///   side is beyond 16,383 pixels, or libwebp fails.
  public static func encode(
    _ images: [Image], delay: FrameDelay, loopCount: Int = 0, quality: Double? = nil
  ) throws(RenderError) -> [UInt8] {
    guard delay.denominator > 0 else {
      throw RenderError.zeroDelayDenominator
    }
    guard !images.isEmpty else { throw RenderError.noFrames("a WebP") }
    return try encode(
      images, times: FrameTimes(count: images.count, delay: delay), loopCount: loopCount,
      quality: quality)
  }

  /// The longest a WebP animation lasts: its timestamps are 32-bit milliseconds.
  package static let maximumSeconds = Double(Int32.max) / 1000

  /// Encodes `images` as an animated WebP, frame k showing from
  /// `times.starts[k]` until the next frame starts (the last until
  /// `times.end`), each start rounded to the nearest millisecond.
  ///
  /// - Parameters:
  ///   - images: the frames, in order; all of one size.
  ///   - times: when each frame starts, one per image.
  ///   - loopCount: how many times to play; 0 (the default) loops forever.
  ///   - quality: `nil` (the default) for lossless; 0…100 for lossy.
  /// - Throws: ``RenderError`` when there are no frames, the sizes differ,
  ///   `times` has another count or lasts beyond `maximumSeconds`, a side
  ///   is beyond 16,383 pixels, or libwebp fails.
  public static func encode(
    _ images: [Image], times: FrameTimes, loopCount: Int = 0, quality: Double? = nil
  ) throws(RenderError) -> [UInt8] {
    guard let first = images.first else { throw RenderError.noFrames("a WebP") }
    guard times.count == images.count else {
      throw RenderError.frameTimesMismatch("a WebP", frames: images.count, times: times.count)
    }
    guard times.end <= maximumSeconds else {
      throw RenderError("a WebP lasts at most \(maximumSeconds) s, got \(times.end) s")
    }
    guard images.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
      throw RenderError.framesDifferInSize("a WebP")
    }
    guard first.width <= maximumSide, first.height <= maximumSide else {
      throw RenderError(
        "WebP sides are at most \(maximumSide) pixels, got \(first.width)×\(first.height)")
    }
    guard (0...65_535).contains(loopCount) else {
      throw RenderError.loopCountOutOfRange(format: "WebP", loopCount: loopCount)
    }
    if let quality, !(0...100).contains(quality) {
      throw RenderError("WebP quality \(quality) is outside 0…100")
    }
    var options = WebPAnimEncoderOptions()
    guard WebPAnimEncoderOptionsInit(&options) != 0 else {
      throw RenderError("libwebp's animation encoder does not match its headers")
    }
    options.anim_params.loop_count = Int32(loopCount)
    // Every frame may be a key frame or not, as libwebp finds smallest.
    options.allow_mixed = 0
    guard let encoder = WebPAnimEncoderNew(Int32(first.width), Int32(first.height), &options)
    else { throw RenderError("libwebp could not start an animation") }
    defer { WebPAnimEncoderDelete(encoder) }

    var config = WebPConfig()
    guard WebPConfigInit(&config) != 0 else { throw RenderError("libwebp's config is unusable") }
    if let quality {
      config.lossless = 0
      config.quality = Float(quality)
    } else {
      config.lossless = 1
      // Effort for lossless: a whole `render` of 30 placeholder frames took
      // three quarters of the CPU time of libwebp's default effort (75,
      // method 4), for a file 8 % larger.
      config.quality = 50
      config.method = 2
      config.exact = 1
    }
    var timestamp = 0
    let durations = times.ticks(perSecond: 1000)
    var straight = [UInt32](repeating: 0, count: first.width * first.height)
    for (k, image) in images.enumerated() {
      for (i, pixel) in image.pixels.enumerated() { straight[i] = WebPEncoder.straight(pixel) }
      var picture = WebPPicture()
      guard WebPPictureInit(&picture) != 0 else {
        throw RenderError("libwebp's picture is unusable")
      }
      picture.use_argb = 1
      picture.width = Int32(image.width)
      picture.height = Int32(image.height)
      defer { WebPPictureFree(&picture) }
      // Cairo's ARGB32 is B, G, R, A in memory on little-endian machines.
      let imported = straight.withUnsafeBytes { bytes in
        WebPPictureImportBGRA(
          &picture, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width * 4))
      }
      guard imported != 0 else { throw RenderError("libwebp could not take frame \(k)") }
      guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
        throw RenderError("libwebp could not encode frame \(k): \(lastError(encoder))")
      }
      timestamp += durations[k]
    }
    // The end time gives the last frame its duration.
    guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0 else {
      throw RenderError("libwebp could not end the animation: \(lastError(encoder))")
    }
    var data = WebPData()
    guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
      throw RenderError("libwebp could not assemble the animation: \(lastError(encoder))")
    }
    defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
    return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
  }

  /// A premultiplied pixel with straight alpha, as the PNG encoder divides it.
  @inline(__always)
  static func straight(_ pixel: UInt32) -> UInt32 {
    let a = pixel >> 24
    if a == 255 || a == 0 { return pixel }
    let r = PixelMath.unpremultiply(pixel >> 16 & 0xFF, a)
    let g = PixelMath.unpremultiply(pixel >> 8 & 0xFF, a)
    let b = PixelMath.unpremultiply(pixel & 0xFF, a)
    return a << 24 | r << 16 | g << 8 | b
  }

  private static func lastError(_ encoder: OpaquePointer) -> String {
    WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "no reason given"
  }
}
