import Testing
import TransitRender

@testable import AnimRenderCLI

/// What a ``CLIError`` is made of: one case per exit status, and the one
/// place its sentence is made safe to print.
@Suite("CLI errors")
struct CLIErrorTests {
  static let statuses: [AnimRenderCLI.ExitStatus] = [
    .usage, .dataError, .noInput, .unavailable, .software, .osError, .cannotCreate,
  ]

  @Test("each status makes its own case and reads back")
  func statusesRoundTrip() {
    for status in Self.statuses {
      let error = CLIError(status, "words")
      #expect(error.status == status)
      #expect(error.message == "words")
      #expect(error.description == "words")
    }
    #expect(CLIError(.usage, "w") == .usage("w"))
    #expect(CLIError(.dataError, "w", excerpt: ["x"]) == .data("w", excerpt: ["x"]))
  }

  @Test("a system that ran out of something is 71, whatever the caller asked")
  func resourcesAre71() {
    let exhausted = RenderError.systemResource("out of memory")
    #expect(CLIError.cannotCreate(exhausted) == .osError("out of memory"))
    #expect(CLIError.failed("drawing failed", cause: exhausted) == .osError("drawing failed"))
    #expect(CLIError.cannotCreate(RenderError("no room")) == .cannotCreate("no room"))
    #expect(
      CLIError.failed("drawing failed", cause: RenderError("x")) == .software("drawing failed"))
  }

  @Test("the message and the excerpt are one line each; only data errors quote text")
  func messagesAreOneLine() {
    let error = CLIError.data("view 'a\nb' is odd", excerpt: ["{\"id\": \"a\nb\"}", "      ^"])
    #expect(error.message == "view 'a\\nb' is odd")
    #expect(error.excerpt == ["{\"id\": \"a\\nb\"}", "      ^"])
    #expect(CLIError(.usage, "w", excerpt: ["x"]).excerpt.isEmpty)
  }
}
