import Foundation
import Synchronization
import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// The offscreen pictures a renderer keeps for its 3-D views: a renderer
/// that has drawn other frames before must draw every frame exactly as a
/// fresh renderer does (the model: no cache at all), while drawing a
/// picture only when something it shows has changed.
@Suite struct OffscreenPicturesTests {
  /// A card with a child and a label, turned about `axis` by `angle` in
  /// perspective, at `origin`, with `alpha`.
  static func card(
    angle: Double, axis: (x: Double, y: Double) = (0, 1), origin: Point = Point(x: 30, y: 20),
    alpha: Double = 1, edit: (inout View) -> Void = { _ in }
  ) -> Scene {
    var card = View(
      id: "card", frame: Rect(x: origin.x, y: origin.y, width: 100, height: 60), alpha: alpha,
      transform: Transform3D.rotation(angle: angle, x: axis.x, y: axis.y, z: 0)
        .concatenating(.perspective(distance: 300)),
      backgroundColor: Color(red: 0.9, green: 0.2, blue: 0.2), cornerRadius: 6,
      children: [
        View(
          id: "stripe", frame: Rect(x: 10, y: 10, width: 80, height: 12),
          backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.7), cornerRadius: 5),
        View(
          id: "label", frame: Rect(x: 10, y: 30, width: 80, height: 20),
          text: TextContent(string: "Card", size: 12)),
      ])
    edit(&card)
    return Scene(
      size: Size(width: 160, height: 100), backgroundColor: Color(red: 1, green: 1, blue: 0.8),
      views: [card])
  }

  @Test func aTurningViewIsDrawnOnceAndMatchesAFreshRenderer() throws {
    let renderer = Renderer()
    // Small steps: the picture's level stays the same.
    for angle in stride(from: 0.30, to: 0.36, by: 0.01) {
      let scene = Self.card(angle: angle, origin: Point(x: 30 + angle * 10, y: 20))
      let same = try renderer.render(scene).pixels == Renderer().render(scene).pixels
      #expect(same, "\(angle)")
    }
    #expect(renderer.offscreenPictures.drawn == 1)
    #expect(renderer.offscreenPictures.found == 5)
  }

  /// Each edit changes what the card's picture shows, while the card keeps
  /// turning: every one must be drawn afresh, never taken from the cache.
  @Test func aChangedContentIsDrawnAfresh() throws {
    let edits: [(String, (inout View) -> Void)] = [
      ("child colour", { $0.children[0].backgroundColor = Color(red: 0, green: 1, blue: 0) }),
      ("text", { $0.children[1].text = TextContent(string: "Dard", size: 12) }),
      ("child transform", { $0.children[0].transform = .translation(x: 3, y: 0) }),
      ("background", { $0.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.9) }),
      ("corner radius", { $0.cornerRadius = 20 }),
      ("border", { $0.border = Border(width: 3, color: Color(red: 0, green: 0, blue: 0)) }),
      (
        "clipping",
        {
          $0.clipsToBounds = true
          $0.children[0].frame.size.width = 200
        }
      ),
      ("size", { $0.frame.size.width = 110 }),
    ]
    for (what, edit) in edits {
      let renderer = Renderer()
      let before = Self.card(angle: 0.3)
      let after = Self.card(angle: 0.305, edit: edit)
      _ = try renderer.render(before)
      let drawn = try renderer.render(after)
      let same = try drawn.pixels == Renderer().render(after).pixels
      #expect(same, "\(what)")
      #expect(renderer.offscreenPictures.drawn == 2, "\(what)")
    }
  }

  /// What the picture does not show — where the card is, how it is turned
  /// (within a level), its alpha, its id — finds the kept picture.
  @Test func placementAlphaAndIdAreNotPartOfThePicture() throws {
    let renderer = Renderer()
    _ = try renderer.render(Self.card(angle: 0.3))
    let moved = [
      Self.card(angle: 0.3, origin: Point(x: 41.5, y: 7.25)),
      Self.card(angle: 0.3, alpha: 0.5),
      Self.card(angle: 0.3) { $0.id = "other" },
    ]
    for scene in moved {
      let same = try renderer.render(scene).pixels == Renderer().render(scene).pixels
      #expect(same, "\(scene.views[0].frame), alpha \(scene.views[0].alpha)")
    }
    #expect(renderer.offscreenPictures.drawn == 1)
  }

  /// Random sequences of frames, each a random turn and a random edit of
  /// the card from a small set (so that contents repeat and the cache is
  /// used), drawn by one renderer: every frame as a fresh renderer draws it.
  @Test func anyFrameSequenceMatchesFreshRenderers() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_000D)
    var rng = SplitMix64(seed: seed)
    let renderer = Renderer()
    let edits: [(inout View) -> Void] = [
      { _ in },
      { $0.children[0].backgroundColor = Color(red: 0, green: 0.8, blue: 0.1) },
      { $0.children[1].text = TextContent(string: "Back", size: 12) },
      { $0.children[0].isHidden = true },
      { $0.children[1].alpha = 0.4 },
      { $0.frame.size.height = 64 },
      // A 3-D view inside: its picture is drawn while the card's is.
      {
        $0.children[0].transform = Transform3D.rotation(angle: 0.5, x: 0, y: 1, z: 0)
          .concatenating(.perspective(distance: 200))
      },
    ]
    for frame in 0..<40 {
      let angle = Double.random(in: -1.2...1.2, using: &rng)
      let axis = Bool.random(using: &rng) ? (0.0, 1.0) : (1.0, 0.0)
      let alpha = [1, 0.6].randomElement(using: &rng)!
      let edit = edits.randomElement(using: &rng)!
      let scene = Self.card(angle: angle, axis: axis, alpha: alpha, edit: edit)
      let fresh = try Renderer().render(scene)
      let cached = try renderer.render(scene)
      let same = cached.pixels == fresh.pixels
      #expect(same, "seed \(seed), frame \(frame)")
      if !same { return }
      #expect(renderer.offscreenPictures.count <= OffscreenPictures.keptPictures)
    }
    #expect(renderer.offscreenPictures.found > 0, "seed \(seed): the cache is used")
  }

  /// Beyond the limit the least recently used picture goes, and is drawn
  /// again when it is needed again.
  @Test func theLeastRecentlyUsedPictureIsDropped() throws {
    let renderer = Renderer()
    let colours = (0..<6).map { Color(red: Double($0) / 6, green: 0.5, blue: 0.5) }
    func scene(_ k: Int) -> Scene { Self.card(angle: 0.3) { $0.backgroundColor = colours[k] } }
    for k in 0..<6 { _ = try renderer.render(scene(k)) }
    let pictures = renderer.offscreenPictures
    #expect(pictures.count == OffscreenPictures.keptPictures)
    #expect(pictures.bytes <= OffscreenPictures.keptBytes)
    #expect(pictures.drawn == 6)
    _ = try renderer.render(scene(5))  // kept
    #expect(pictures.drawn == 6)
    _ = try renderer.render(scene(0))  // dropped long ago
    #expect(pictures.drawn == 7)
    _ = try renderer.render(scene(5))  // still kept: used recently
    #expect(pictures.drawn == 7)
  }

  /// The byte limit holds too: pictures of a large view fill it before the
  /// count does.
  @Test func theByteLimitHolds() throws {
    let pictures = OffscreenPictures()
    let side = 2_500  // 25 MB a picture: two fit in 64 MiB, not three
    for k in 0..<4 {
      var view = View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
      view.cornerRadius = Double(k)
      _ = try pictures.picture(for: .init(view: view, width: side, height: side), what: "test") {
        _ throws(RenderError) in
      }
      #expect(pictures.bytes <= OffscreenPictures.keptBytes, "\(k)")
    }
    #expect(pictures.count == 2)
  }

  /// Renderers on several threads sharing one cache (as the CLI's workers
  /// do), drawing interleaved frames of two turning views — one about the
  /// vertical axis, whose pictures' column runs are shared too: every frame
  /// as a renderer alone draws it. (How often a picture is drawn here
  /// depends on how the threads meet: one still at a level another has
  /// left draws it again.)
  @Test(.timeLimit(.minutes(1)))
  func renderersOnSeveralThreadsShareTheirPictures() throws {
    let scenes = (0..<24).map { frame -> Scene in
      var scene = Self.card(angle: -1 + Double(frame) / 12)
      var other = Self.card(angle: 1 - Double(frame) / 12, axis: (1, 0)).views[0]
      other.id = "other"
      other.children[0].backgroundColor = Color(red: 0.1, green: 0.9, blue: 0.1)
      scene.views.append(other)
      return scene
    }
    let alone = Renderer()
    let expected = try scenes.map { try alone.render($0).pixels }
    for round in 0..<4 {
      let pictures = OffscreenPictures()
      let results = Mutex<[Int: Result<[UInt32], RenderError>]>([:])
      let next = Atomic(0)
      Self.onThreads(3) {
        let renderer = Renderer(pictures: pictures)
        while true {
          let index = next.add(1, ordering: .relaxed).oldValue
          guard index < scenes.count else { return }
          let result = Result { () throws(RenderError) in
            try renderer.render(scenes[index]).pixels
          }
          results.withLock { $0[index] = result }
        }
      }
      let drawn = results.withLock { $0 }
      for index in scenes.indices {
        let same = (try? drawn[index]?.get()) == expected[index]
        #expect(same, "round \(round), frame \(index)")
      }
    }
  }

  /// Renderers sharing a cache draw each picture once between them: the
  /// second to draw a frame finds what the first drew.
  @Test func renderersSharingPicturesDrawEachOnce() throws {
    let pictures = OffscreenPictures()
    let (first, second, alone) = (
      Renderer(pictures: pictures), Renderer(pictures: pictures), Renderer()
    )
    for frame in 0..<12 {
      let scene = Self.card(angle: -1 + Double(frame) / 6)
      let expected = try alone.render(scene).pixels
      let drawn = try [first.render(scene).pixels, second.render(scene).pixels]
      #expect(drawn == [expected, expected], "frame \(frame)")
    }
    #expect(alone.offscreenPictures.drawn > 1)
    #expect(pictures.drawn == alone.offscreenPictures.drawn)
    #expect(pictures.found == 12 + alone.offscreenPictures.found)
  }

  /// Runs `body` on `count` threads of its own at once (not a pool's, which
  /// may run them one after another on fewer threads), and returns when
  /// all have finished.
  static func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
    let finished = DispatchSemaphore(value: 0)
    for _ in 0..<count {
      Thread {
        body()
        finished.signal()
      }.start()
    }
    for _ in 0..<count { finished.wait() }
  }

  /// However many threads ask for a picture at once, it is drawn once: the
  /// ones that come while it is drawn wait for it and get the same picture.
  @Test(.timeLimit(.minutes(1)))
  func aPictureBeingDrawnIsWaitedForNotDrawnAgain() throws {
    let pictures = OffscreenPictures()
    let key = OffscreenPictures.Key(view: Self.card(angle: 0.3).views[0], width: 64, height: 40)
    let draws = Atomic(0)
    let got = Mutex<[(ObjectIdentifier, UInt32)]>([])
    let drawnColour: UInt32 = 0xFF11_2233
    Self.onThreads(8) {
      let picture = try? pictures.picture(for: key, what: "test") { surface throws(RenderError) in
        draws.add(1, ordering: .relaxed)
        // Long enough for the other threads to come while it is drawn.
        Thread.sleep(forTimeInterval: 0.02)
        try surface.withPixels { pixels, _ in pixels.storeBytes(of: drawnColour, as: UInt32.self) }
      }
      // What a thread gets is drawn: the last thing the drawing did is there.
      if let picture { got.withLock { $0.append((ObjectIdentifier(picture), picture.pixels[0])) } }
    }
    let results = got.withLock { $0 }
    #expect(draws.load(ordering: .relaxed) == 1)
    #expect(results.count == 8 && Set(results.map(\.0)).count == 1)
    #expect(results.allSatisfy { $0.1 == drawnColour })
    #expect(pictures.drawn == 1 && pictures.found == 7 && pictures.count == 1)
  }

  /// A drawing that fails keeps nothing, and the threads that were waiting
  /// for it draw it themselves: one of them does, the others then find it.
  @Test(.timeLimit(.minutes(1)))
  func aFailedDrawingIsDrawnAgainByAWaitingThread() throws {
    let pictures = OffscreenPictures()
    let key = OffscreenPictures.Key(view: Self.card(angle: 0.3).views[0], width: 64, height: 40)
    let draws = Atomic(0)
    let failures = Atomic(0)
    Self.onThreads(8) {
      do {
        _ = try pictures.picture(for: key, what: "test") { _ throws(RenderError) in
          let first = draws.add(1, ordering: .relaxed).oldValue == 0
          Thread.sleep(forTimeInterval: 0.02)
          if first { throw RenderError("the first drawing fails") }
        }
      } catch {
        failures.add(1, ordering: .relaxed)
      }
    }
    #expect(failures.load(ordering: .relaxed) == 1)
    #expect(draws.load(ordering: .relaxed) == 2)
    #expect(pictures.drawn == 1 && pictures.count == 1)
  }

  /// Levels: never below the stretch asked for, less than 9.1 % above it,
  /// the same for nearby stretches, exactly 1 for a stretch of about 1.
  @Test func pictureStretchLevels() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_000E)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<1_000 {
      let stretch = Double.random(in: 0.01...40, using: &rng)
      let level = Renderer.pictureStretch(stretch)
      #expect(level >= stretch * (1 - 1e-9) && level < stretch * 1.0906, "seed \(seed): \(stretch)")
    }
    #expect(Renderer.pictureStretch(1) == 1)
    #expect(Renderer.pictureStretch(1 + 1e-12) == 1)
    #expect(Renderer.pictureStretch(2) == 2)
    #expect(Renderer.pictureStretch(1.01) == Renderer.pictureStretch(1.05))
    #expect(Renderer.pictureStretch(1.01) > 1)
  }
}
