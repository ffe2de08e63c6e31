import Testing
import TransitRender

/// What a ``RenderError`` is made of: its case, the kind a case belongs
/// to, and the one place its sentence is made.
@Suite("Render errors")
struct RenderErrorTests {
  static let kinds: [RenderError.Kind] = [.failure, .unreadable, .overLimit, .systemResource]

  @Test("an encoder or a sheet given no frames says which")
  func noFramesNamesTheSequence() {
    let refusals: [(String, () throws -> Void)] = [
      ("a GIF", { _ = try GIFEncoder.encode([], delay: FrameDelay(framesPerSecond: 10)) }),
      ("a WebP", { _ = try WebPEncoder.encode([], delay: FrameDelay(framesPerSecond: 10)) }),
      (
        "a frame sheet",
        { _ = try FrameSheet.size(count: 0, cellWidth: 1, cellHeight: 1, columns: 1, padding: 0) }
      ),
    ]
    for (name, refuse) in refusals {
      let error = #expect(throws: RenderError.self) { try refuse() }
      guard case .noFrames(let what) = error else {
        Issue.record("\(name): \(String(describing: error)) is not noFrames")
        continue
      }
      #expect(what == name)
      #expect(error?.kind == .failure)
    }
  }

  @Test("a sheet's columns and padding are refused with the numbers given")
  func sheetArguments() {
    let columns = #expect(throws: RenderError.self) {
      try FrameSheet.size(count: 2, cellWidth: 1, cellHeight: 1, columns: 0, padding: 0)
    }
    guard case .tooFewColumns(0) = columns else {
      Issue.record("\(String(describing: columns)) is not tooFewColumns(0)")
      return
    }
    let tall = #expect(throws: RenderError.self) {
      try FrameSheet.size(count: 3, cellWidth: 10, cellHeight: 20_000, columns: 1, padding: 1)
    }
    #expect(tall == .sheetTooLarge(cells: 3, isRow: true, cellSide: 20_000, padding: 1))
    let wide = #expect(throws: RenderError.self) {
      try FrameSheet.size(count: 3, cellWidth: 20_000, cellHeight: 10, columns: 3, padding: 0)
    }
    #expect(wide == .sheetTooLarge(cells: 3, isRow: false, cellSide: 20_000, padding: 0))
    let padding = #expect(throws: RenderError.self) {
      try FrameSheet.size(count: 2, cellWidth: 1, cellHeight: 1, columns: 1, padding: -1)
    }
    guard case .paddingOutOfRange(-1) = padding else {
      Issue.record("\(String(describing: padding)) is not paddingOutOfRange(-1)")
      return
    }
  }

  @Test("each kind made from its words keeps them")
  func kindsRoundTrip() {
    for kind in Self.kinds {
      let error = RenderError("words", kind: kind)
      #expect(error.kind == kind)
      #expect(error.message == "words")
      #expect(error.description == "render error: words")
    }
    #expect(RenderError("words").kind == .failure)
  }

  @Test("the structured cases' sentences and kinds")
  func messages() {
    #expect("\(RenderError.noFrames("a GIF"))" == "render error: a GIF needs at least one frame")
    #expect(
      RenderError.framesDifferInSize("a WebP").message
        == "every frame of a WebP must have the size of the first")
    #expect(RenderError.paddingOutOfRange(-1).message == "padding -1 is outside 0…32767")
    #expect(RenderError.tooFewColumns(0).message == "a grid needs at least 1 column, got 0")
    let grew = RenderError.grewPastLimit(path: "a.png", maximumBytes: 10)
    #expect(grew.message == "'a.png' grew past the 10 bytes allowed")
    #expect(grew.kind == .overLimit)
    let sentences: [(RenderError, RenderError.Kind, String)] = [
      (
        .sideOutOfRange("image", side: "width", value: 40_000), .failure,
        "image width 40000 is outside 1…32767"
      ),
      (.zeroDelayDenominator, .failure, "a frame delay needs a denominator above 0"),
      (
        .frameTimesMismatch("a GIF", frames: 3, times: 2), .failure,
        "a GIF of 3 frames was given 2 frame times"
      ),
      (
        .loopCountOutOfRange(format: "WebP", loopCount: 70_000), .failure,
        "WebP loop count 70000 is outside 0…65,535"
      ),
      (
        .invalidScene(.duplicateView("two views have the id 'a'")), .failure,
        "invalid scene: two views have the id 'a'"
      ),
      (.undrawableView(id: "v"), .failure, "view 'v' has values that cannot be drawn"),
      (
        .fileTooLarge(path: "a.png", bytes: 11, maximumBytes: 10), .overLimit,
        "'a.png' is 11 bytes, more than the 10 allowed"
      ),
      (
        .tooManyPixels(source: "'a.png'", width: 4, height: 3, maximumPixels: 10), .overLimit,
        "'a.png' is 4×3 pixels, more than the 10 allowed"
      ),
      (
        .notARegularFile(path: "/dev/zero", what: "a device"), .unreadable,
        "cannot read '/dev/zero': not a regular file (a device)"
      ),
      (
        .sheetTooLarge(cells: 3, isRow: true, cellSide: 20_000, padding: 1), .failure,
        "a sheet of 3 rows of 20000 pixels with padding 1 is taller than 32767 pixels"
      ),
      (
        .cannotWrite("write", path: "/tmp", problem: "it is a folder"), .failure,
        "cannot write '/tmp': it is a folder"
      ),
    ]
    for (error, kind, sentence) in sentences {
      #expect(error.message == sentence)
      #expect(error.kind == kind, "\(sentence)")
    }
  }

  @Test("words make their kind's own case; a structured case is another error that reads alike")
  func wordsMakeTheKindsCase() {
    #expect(RenderError("w") == .failure("w"))
    #expect(RenderError("w", kind: .overLimit) == .overLimit("w"))
    let written = RenderError("a GIF needs at least one frame")
    #expect(written != .noFrames("a GIF"))
    #expect(written.description == RenderError.noFrames("a GIF").description)
  }
}
