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
