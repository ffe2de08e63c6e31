/// Writes animated GIFs (GIF89a) for the places that show nothing else:
/// chats, issue trackers, old mail clients.
///
/// GIF holds at most 256 colours per frame, so each frame gets its own
/// palette: the frame's own colours when there are few enough, which flat
/// screens often have; otherwise the colours that cover at least 0.2 % of
/// the frame kept exactly (so flat areas stay clean) and Heckbert's median
/// cut for the rest. Such a frame is dithered with Floyd–Steinberg error diffusion when the palette is not
/// exact, which turns banding in gradients and fades into fine noise. A pixel
/// whose alpha is below one half becomes the transparent index; GIF has no
/// partial transparency. Every frame covers the canvas and is disposed to
/// the background before the next, so a frame never depends on another.
///
/// GIF counts delays in hundredths of a second. Each frame starts at the
/// centisecond nearest its exact start (see ``FrameTimes``), so a frame rate
/// that does not divide 100 (27.5 fps is 3.6̅ cs) gets delays of 3 and 4 cs,
/// frames shorter than half a centisecond get 0 among their neighbours' 1s,
/// and the animation's total length is exact to half a centisecond with no
/// error building up. A delay of 0 is stored as 0; browsers show delays of
/// 0 and 1 cs as 10 cs (50 fps is the fastest a GIF plays everywhere), other
/// viewers as fast as they can. A frame longer than GIF's 655.35 s is
/// written again as often as needed, its delays adding up to its time.
///
/// ```swift
/// let frames = try (0..<12).map { try renderer.render(timeline.sample(frame: $0, of: 12)) }
/// let bytes = try GIFEncoder.encode(frames, delay: FrameDelay(numerator: 2, denominator: 55))
/// ```
///
/// - Complexity: O(*n*) in the number of pixels, plus O(256) per distinct
///   dithered colour for the nearest-colour search.
public enum GIFEncoder {
  /// Encodes `images` as an animated GIF.
  ///
  /// - Parameters:
  ///   - images: the frames, in order; all of one size.
  ///   - delay: how long each frame shows, as an exact fraction of a second.
  ///   - loopCount: how many times to repeat; 0 (the default) loops forever.
  /// - Throws: ``RenderError`` when there are no frames, the sizes differ,
  ///   a side is beyond GIF's 65,535, or `loopCount` is outside 0…65,535.
  public static func encode(_ images: [Image], delay: FrameDelay, loopCount: Int = 0)
    throws(RenderError) -> [UInt8]
  {
    guard delay.denominator > 0 else {
      throw RenderError.zeroDelayDenominator
    }
    guard !images.isEmpty else { throw RenderError.noFrames("a GIF") }
    return try encode(
      images, times: FrameTimes(count: images.count, delay: delay), loopCount: loopCount)
  }

  /// Encodes `images` as an animated GIF, frame k showing from
  /// `times.starts[k]` until the next frame starts (the last until
  /// `times.end`), each start rounded to the nearest centisecond.
  ///
  /// - Parameters:
  ///   - images: the frames, in order; all of one size.
  ///   - times: when each frame starts, one per image.
  ///   - loopCount: how many times to repeat; 0 (the default) loops forever.
  /// - Throws: ``RenderError`` when there are no frames, the sizes differ,
  ///   `times` has another count, a side is beyond GIF's 65,535, or
  ///   `loopCount` is outside 0…65,535.
  public static func encode(_ images: [Image], times: FrameTimes, loopCount: Int = 0)
    throws(RenderError) -> [UInt8]
  {
    guard let first = images.first else { throw RenderError.noFrames("a GIF") }
    guard times.count == images.count else {
      throw RenderError.frameTimesMismatch("a GIF", frames: images.count, times: times.count)
    }
    guard images.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
      throw RenderError.framesDifferInSize("a GIF")
    }
    guard first.width <= 65_535, first.height <= 65_535 else {
      throw RenderError("GIF sides are at most 65,535 pixels, got \(first.width)×\(first.height)")
    }
    guard (0...65_535).contains(loopCount) else {
      throw RenderError.loopCountOutOfRange(format: "GIF", loopCount: loopCount)
    }
    var out: [UInt8] = Array("GIF89a".utf8)
    appendLittleEndian(first.width, to: &out)
    appendLittleEndian(first.height, to: &out)
    out += [0, 0, 0]  // no global colour table, background 0, square pixels
    let delays = times.ticks(perSecond: 100)
    if images.count > 1 || delays[0] > 65_535 {
      out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
      appendLittleEndian(loopCount, to: &out)
      out.append(0)
    }
    var lzw = LZWEncoder()
    for (image, centiseconds) in zip(images, delays) {
      let frame = IndexedFrame(image)
      var picture: [UInt8] = []
      // Image descriptor with a local colour table of 2^bits entries.
      picture.append(0x2C)
      for value in [0, 0, image.width, image.height] { appendLittleEndian(value, to: &picture) }
      var bits = 1
      while 1 << bits < frame.palette.count { bits += 1 }
      picture.append(0x80 | UInt8(bits - 1))
      for index in 0..<(1 << bits) {
        let color = index < frame.palette.count ? frame.palette[index] : 0
        picture += [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
      }
      let minimumCodeSize = max(2, bits)
      picture.append(UInt8(minimumCodeSize))
      picture += lzw.encode(frame.indices, minimumCodeSize: minimumCodeSize)
      // A delay beyond the 16-bit field: the picture again for the rest.
      var remaining = centiseconds
      repeat {
        let part = min(remaining, 65_535)
        remaining -= part
        // Graphic control: dispose to background, transparency when used.
        out += [0x21, 0xF9, 4, 2 << 2 | (frame.transparentIndex == nil ? 0 : 1)]
        appendLittleEndian(part, to: &out)
        out += [UInt8(frame.transparentIndex ?? 0), 0]
        out += picture
      } while remaining > 0
    }
    out.append(0x3B)
    return out
  }

  /// Each frame's delay in centiseconds, so that frame k starts at
  /// round(k × delay) and the whole lasts round(count × delay).
  static func centisecondDelays(count: Int, delay: FrameDelay) -> [Int] {
    FrameTimes(count: count, delay: delay).ticks(perSecond: 100)
  }

  private static func appendLittleEndian(_ value: Int, to out: inout [UInt8]) {
    out.append(UInt8(value & 0xFF))
    out.append(UInt8(value >> 8 & 0xFF))
  }
}

/// One frame reduced to palette indices.
struct IndexedFrame {
  var palette: [UInt32]
  var indices: [UInt8]
  var transparentIndex: Int?

  init(_ image: Image) {
    let count = image.pixels.count
    var straight = [UInt32](repeating: 0, count: count)
    var opaque = [Bool](repeating: true, count: count)
    for (i, pixel) in image.pixels.enumerated() {
      let a = pixel >> 24
      if a < 128 {
        opaque[i] = false
        continue
      }
      if a == 255 {
        straight[i] = pixel & 0xFF_FFFF
      } else {
        let r = PixelMath.unpremultiply(pixel >> 16 & 0xFF, a)
        let g = PixelMath.unpremultiply(pixel >> 8 & 0xFF, a)
        let b = PixelMath.unpremultiply(pixel & 0xFF, a)
        straight[i] = r << 16 | g << 8 | b
      }
    }
    let hasTransparency = opaque.contains(false)
    let chosen = MedianCutPalette(
      straight: straight, opaque: opaque, capacity: hasTransparency ? 255 : 256)
    var colors = chosen.colors
    if hasTransparency {
      transparentIndex = colors.count
      colors.append(0)
    }
    if colors.count < 2 { colors.append(0) }
    palette = colors
    indices = [UInt8](repeating: UInt8(transparentIndex ?? 0), count: count)
    if chosen.isExact {
      var lookup: [UInt32: UInt8] = [:]
      for (index, color) in chosen.colors.enumerated() { lookup[color] = UInt8(index) }
      for i in 0..<count where opaque[i] { indices[i] = lookup[straight[i]]! }
    } else {
      indices = IndexedFrame.dither(
        straight, opaque: opaque, width: image.width, palette: chosen.colors,
        transparent: UInt8(transparentIndex ?? 0))
    }
  }

  /// Floyd–Steinberg: each pixel takes the nearest palette colour to itself
  /// plus the error pushed from its neighbours, and pushes its own error on
  /// (7/16 right, 3/16 down-left, 5/16 down, 1/16 down-right). Transparent
  /// pixels neither take nor pass on error.
  static func dither(
    _ pixels: [UInt32], opaque: [Bool], width: Int, palette: [UInt32], transparent: UInt8
  ) -> [UInt8] {
    let height = pixels.count / width
    var indices = [UInt8](repeating: transparent, count: pixels.count)
    var nearest = [Int16](repeating: -1, count: 1 << 18)
    let paletteChannels = palette.map {
      (Int($0 >> 16 & 0xFF), Int($0 >> 8 & 0xFF), Int($0 & 0xFF))
    }
    // Errors in 1/16ths of a level for this row and the next, one pixel of
    // margin each side.
    var current = [Int](repeating: 0, count: (width + 2) * 3)
    var next = current
    for y in 0..<height {
      for i in next.indices { next[i] = 0 }
      for x in 0..<width {
        let i = y * width + x
        guard opaque[i] else { continue }
        let pixel = pixels[i]
        let e = (x + 1) * 3
        let r = min(255, max(0, Int(pixel >> 16 & 0xFF) + (current[e] + 8) >> 4))
        let g = min(255, max(0, Int(pixel >> 8 & 0xFF) + (current[e + 1] + 8) >> 4))
        let b = min(255, max(0, Int(pixel & 0xFF) + (current[e + 2] + 8) >> 4))
        let key = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
        var index = Int(nearest[key])
        if index < 0 {
          var best = Int.max
          for (k, c) in paletteChannels.enumerated() {
            let (dr, dg, db) = (c.0 - r, c.1 - g, c.2 - b)
            let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if distance < best {
              best = distance
              index = k
            }
          }
          nearest[key] = Int16(index)
        }
        indices[i] = UInt8(index)
        let chosen = paletteChannels[index]
        for (c, error) in [(0, r - chosen.0), (1, g - chosen.1), (2, b - chosen.2)] {
          current[e + 3 + c] += error * 7
          next[e - 3 + c] += error * 3
          next[e + c] += error * 5
          next[e + 3 + c] += error
        }
      }
      swap(&current, &next)
    }
    return indices
  }
}
