import Testing
import Transit

@testable import TransitRender

/// The size of a 3-D view's offscreen picture, worked out once for the
/// renderer and for the memory budget: no picture the renderer draws may
/// take more than ``OffscreenPictureSize/bytes(pixelLimit:)`` for its
/// frame, which is what animrender charges for it, and the charge must not
/// be far above what the largest picture takes either.
@Suite struct OffscreenPictureSizeTests {
  /// A card of `width`×`height` points turned about the vertical axis in
  /// perspective, its corner at (−20, −10) in a frame of 160×100.
  static func scene(width: Double, height: Double) -> Scene {
    Scene(
      size: Size(width: 160, height: 100), backgroundColor: Color(red: 1, green: 1, blue: 0.8),
      views: [
        View(
          id: "card", frame: Rect(x: -20, y: -10, width: width, height: height),
          transform: Transform3D.rotation(angle: 0.3, x: 0, y: 1, z: 0)
            .concatenating(.perspective(distance: 300)),
          backgroundColor: Color(red: 0.9, green: 0.2, blue: 0.2), cornerRadius: 6,
          children: [
            View(
              id: "stripe", frame: Rect(x: 10, y: 10, width: 80, height: 12),
              backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.9), cornerRadius: 5)
          ])
      ])
  }

  static let limit = OffscreenPictureSize.pixelLimit(frameWidth: 160, frameHeight: 100)
  static let charged = OffscreenPictureSize.bytes(pixelLimit: limit)
  /// What was charged before: the frame's pixels at 5 bytes a pixel.
  static let frameEstimate = 160 * 100 * 5

  /// A card a little larger than the frame, enlarged by perspective: its
  /// picture has more pixels than the frame (the old estimate), and still
  /// takes no more than the charge.
  @Test func aPictureLargerThanTheFrameTakesNoMoreThanItsCharge() throws {
    let renderer = Renderer()
    _ = try renderer.render(Self.scene(width: 200, height: 120))
    let largest = renderer.offscreenPictures.largestPictureMemory
    #expect(largest > Self.frameEstimate, "\(largest) bytes")
    #expect(largest <= Self.charged, "\(largest) bytes against \(Self.charged) charged")
    #expect(renderer.offscreenPictures.peakMemory <= Self.charged)
  }

  /// A card many times the frame would need a picture far beyond the
  /// limit: it is drawn at a lower resolution, its picture as large as the
  /// limit allows, which is what was charged (within the rounding of its
  /// sides).
  @Test func aPictureBeyondTheLimitIsDrawnWithinItsCharge() throws {
    let renderer = Renderer()
    let image = try renderer.render(Self.scene(width: 1_000, height: 600))
    let largest = renderer.offscreenPictures.largestPictureMemory
    #expect(largest <= Self.charged, "\(largest) bytes against \(Self.charged) charged")
    #expect(Double(largest) >= 0.95 * Double(Self.charged), "\(largest) against \(Self.charged)")
    #expect(renderer.offscreenPictures.peakMemory <= Self.charged)
    // The card is drawn: the frame's middle shows its colour, not the
    // background.
    let red = (image[80, 50] >> 16) & 0xFF
    #expect(red > 0xC0 && (image[80, 50] & 0xFF) < 0x60, "\(String(image[80, 50], radix: 16))")
  }

  /// Over random extents and stretches: never more than the limit, never
  /// a side beyond the maximum, and, within the limit, the size the stretch
  /// asks for, each side rounded up.
  @Test func theSizeKeepsToTheLimitAndOtherwiseToTheStretch() {
    var random = SystemRandomNumberGenerator()
    let side = Renderer.maximumOffscreenSide
    for _ in 0..<20_000 {
      let extent = Size(
        width: Double.random(in: 0.01...5_000, using: &random),
        height: Double.random(in: 0.01...5_000, using: &random))
      let stretch = Renderer.pictureStretch(Double.random(in: 0.001...8, using: &random))
      let limit = Int.random(in: 1...(side * side), using: &random)
      let size = OffscreenPictureSize(extent: extent, stretch: stretch, pixelLimit: limit)
      #expect(size.pixels <= limit && size.width <= side && size.height <= side, "\(extent)")
      #expect(size.width >= 1 && size.height >= 1)
      let width = Int((extent.width * stretch).rounded(.up))
      let height = Int((extent.height * stretch).rounded(.up))
      if stretch * max(extent.width, extent.height) >= 1, width <= side, height <= side,
        width * height <= limit
      {
        #expect(size.width == width && size.height == height, "\(extent) \(stretch)")
      }
    }
  }

  @Test func theLimitIsFourFramesAndAtMostTheLargestSideSquared() {
    #expect(OffscreenPictureSize.pixelLimit(frameWidth: 160, frameHeight: 100) == 64_000)
    #expect(OffscreenPictureSize.pixelLimit(frameWidth: 3_840, frameHeight: 2_160) == 4_096 * 4_096)
    #expect(OffscreenPictureSize.pixelLimit(frameWidth: 0, frameHeight: 100) == 1)
    // A picture's memory: its pixels with a quarter more of headroom, at
    // four bytes, and a byte each of column runs; no headroom beyond the
    // cache's bytes.
    #expect(OffscreenPictureSize.bytes(pixelLimit: 64_000) == 80_000 * 5)
    #expect(OffscreenPictureSize.bytes(pixelLimit: 4_096 * 4_096) == 4_096 * 4_096 * 5)
  }
}
