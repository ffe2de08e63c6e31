import Testing
import Transit

@testable import TransitRender

/// The safe wrappers: sizes are checked before anything is allocated, Cairo
/// failures become errors that name what failed.
@Suite struct WrapperTests {
  @Test(arguments: [(0, 10), (10, 0), (-1, 10), (10, -5), (32_768, 1), (1, 40_000)])
  func badSurfaceSizesThrow(_ width: Int, _ height: Int) {
    #expect(throws: RenderError.self) { try CairoSurface(width: width, height: height) }
    #expect(throws: RenderError.self) { try Image(width: width, height: height) }
  }

  @Test func largestSideIsAccepted() throws {
    let surface = try CairoSurface(width: 32_767, height: 1)
    #expect(surface.width == 32_767)
  }

  @Test func errorNamesTheSize() {
    do {
      _ = try Image(width: 40_000, height: 10)
      Issue.record("expected an error")
    } catch {
      #expect(error == .sideOutOfRange("image", side: "width", value: 40_000))
    }
  }

  @Test func pixelCountMustMatch() {
    #expect(throws: RenderError.self) { try Image(width: 2, height: 2, pixels: [0, 0, 0]) }
  }

  @Test func cairoErrorsAreThrownWithTheirStatus() throws {
    let context = try CairoContext(surface: CairoSurface(width: 4, height: 4))
    // A singular matrix puts the context in Cairo's sticky error state.
    context.transform(AffineMatrix(xx: 0, yx: 0, xy: 0, yy: 0, x0: 0, y0: 0))
    do {
      try context.check("drawing the test")
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains("drawing the test"))
      #expect(error.message.contains("matrix"))
    }
  }

  @Test func renderRejectsZeroAndHugeScenes() {
    let renderer = Renderer()
    #expect(throws: RenderError.self) {
      try renderer.render(Scene(size: Size(width: 0, height: 10)))
    }
    #expect(throws: RenderError.self) {
      try renderer.render(Scene(size: Size(width: 40_000, height: 10)))
    }
    #expect(throws: RenderError.self) {
      try Renderer(options: RenderOptions(scale: 0)).render(
        Scene(size: Size(width: 10, height: 10)))
    }
    #expect(throws: RenderError.self) {
      try Renderer(options: RenderOptions(scale: 4)).render(
        Scene(size: Size(width: 10_000, height: 10)))
    }
  }

  @Test func invalidSceneIsAnError() {
    let scene = Scene(
      size: Size(width: 10, height: 10),
      views: [View(id: "v", frame: Rect(x: 0, y: 0, width: 5, height: 5), alpha: 2)])
    #expect(throws: RenderError.self) { try Renderer().render(scene) }
  }
}
