import Foundation
import Testing
import Transit
import TransitTestSupport

@testable import AnimRenderCLI
@testable import TransitRender

/// What a raster run is charged for the offscreen pictures of its 3-D
/// views: the renderer's own figures (`OffscreenPictureSize`), for the
/// nesting the frames really have, found without building a story's
/// scenes.
@Suite struct PerspectiveChargeTests {
  /// The charge is the cache's memory and, per worker and level, the most
  /// one picture of the frame's size may take; the renderer, drawing the
  /// frames of a flip whose card is larger than the frame on workers that
  /// share one cache, takes no more than that, and its largest picture is
  /// what was charged for one (within the rounding of its sides), well
  /// above the frame's pixels that were once charged.
  @Test func theChargeIsWhatTheRendererMayTake() throws {
    let charge = FramePipeline.perspectivePictureBytes(
      pixelWidth: 160, pixelHeight: 100, depth: 1, workers: 2)
    let perPicture = OffscreenPictureSize.bytes(
      pixelLimit: OffscreenPictureSize.pixelLimit(frameWidth: 160, frameHeight: 100))
    let scratch = ScratchPixels.bytes(forPixels: 160 * 100)
    #expect(charge == OffscreenPictures.keptMemory + 2 * (perPicture + scratch))
    // Nested, a projection may be as large as the picture around it.
    #expect(
      FramePipeline.perspectivePictureBytes(
        pixelWidth: 160, pixelHeight: 100, depth: 2, workers: 1)
        == OffscreenPictures.keptMemory + 2 * perPicture
        + ScratchPixels.bytes(forPixels: 4 * 160 * 100))
    #expect(
      FramePipeline.perspectivePictureBytes(
        pixelWidth: 16_384, pixelHeight: 16_384, depth: Int.max / 2, workers: 8) == -1)

    let pictures = OffscreenPictures()
    let renderers = [Renderer(pictures: pictures), Renderer(pictures: pictures)]
    var frames: [FrameSpec] = []
    for k in 0..<12 {
      var card = View(
        id: "card", frame: Rect(x: -60, y: -40, width: 280, height: 180),
        alpha: 0.5, backgroundColor: Color(red: 0.9, green: 0.2, blue: 0.2), cornerRadius: 6)
      card.transform = Transform3D.rotation(angle: 0.1 * Double(k), x: 0, y: 1, z: 0)
        .concatenating(.perspective(distance: 300))
      frames.append(
        FrameSpec(
          source: .still(Scene(size: Size(width: 160, height: 100), views: [card])),
          time: Double(k)))
    }
    #expect(FramePipeline.perspectiveDepth(of: frames) == 1)
    for (index, frame) in frames.enumerated() {
      _ = try renderers[index % 2].render(frame.scene())
    }
    #expect(pictures.largestPictureMemory > 160 * 100 * 5)
    #expect(pictures.largestPictureMemory <= perPicture)
    #expect(Double(pictures.largestPictureMemory) >= 0.95 * Double(perPicture))
    #expect(pictures.peakMemory <= charge)
    // The card is half transparent: its projections go through the
    // scratch buffer, never more than one frame's worth with headroom.
    for renderer in renderers {
      #expect(renderer.scratch.peakBytes > 0)
      #expect(renderer.scratch.peakBytes <= scratch, "\(renderer.scratch.peakBytes)")
    }
  }

  /// The nesting found from a story's shared screens is the nesting of
  /// every frame's scene, built whole, over random scene files (3-D
  /// screens and views, animations, rotations) and the examples.
  @Test func aStorysNestingIsFoundWithoutItsScenes() async throws {
    for text in SceneFileNumberPropertyTests.examples { Self.checkNesting(text) }
    // The flips of flip-cards.json turn whole screens.
    let flips = try Story.play(
      SceneFile.decode(Data(SceneFileNumberPropertyTests.examples[1].utf8), name: "f.json"),
      name: "f.json")
    #expect(FramePipeline.perspectiveDepth(of: flips.frames) >= 1)
    await seededPropertyCheck(count: 12, base: 0x3D3D) { seed in
      var generator = SceneGenerator(
        random: SplitMix64(seed: seed), images: [],
        styles: ["flip-horizontally", "flip-vertically", "push-from-right", "fade"])
      var checked = 0
      while checked < 6 {
        let generated = generator.next()
        guard generated.mistake == nil,
          let data = try? JSONSerialization.data(withJSONObject: generated.json)
        else { continue }
        Self.checkNesting(String(decoding: data, as: UTF8.self))
        checked += 1
      }
    }
  }

  static func checkNesting(_ text: String) {
    guard let file = try? SceneFile.decode(Data(text.utf8), name: "s.json"),
      let story = try? Story.play(file, name: "s.json")
    else { return }
    let whole = story.frames.reduce(0) {
      max($0, FramePipeline.perspectiveDepth(in: $1.scene().views))
    }
    #expect(FramePipeline.perspectiveDepth(of: story.frames) == whole, "\(text.prefix(200))")
  }

  /// A refusal for 3-D views' pictures suggests an SVG or PDF output only
  /// where it would help: a raster strip or grid. An output already SVG
  /// or PDF, or a layout no vector format holds, is told to draw smaller.
  @Test func theAdviceFitsTheOutput() {
    let smaller = "use a smaller --scale or --size"
    let vector = "\(smaller), or an SVG or PDF output"
    let cases: [(OutputFormat, OutputOptions.Layout, String)] = [
      (.png, .strip, vector), (.png, .grid, vector), (.png, .frames, smaller),
      (.png, .animation, smaller), (.gif, .animation, smaller), (.mp4, .animation, smaller),
      (.svg, .strip, smaller), (.pdf, .grid, smaller),
    ]
    for (format, layout, advice) in cases {
      #expect(
        FramePipeline.perspectiveAdvice(format: format, layout: layout) == advice,
        "\(format) \(layout)")
    }
  }
}
