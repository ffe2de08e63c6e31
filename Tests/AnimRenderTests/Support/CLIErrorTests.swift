import Testing
import TransitRender

@testable import AnimRenderCLI

/// What a ``CLIError`` is made of: one case per kind, each kind's exit
/// status, and the one place its sentence is made safe to print.
@Suite("CLI errors")
struct CLIErrorTests {
  static let kinds: [(CLIError.Kind, Int32)] = [
    (.usage, 64), (.dataError, 65), (.noInput, 66), (.unavailable, 69), (.software, 70),
    (.osError, 71), (.cannotCreate, 73),
  ]

  @Test("each kind makes its own case, reads back and exits with its sysexits status")
  func kindsRoundTrip() {
    for (kind, status) in Self.kinds {
      let error = CLIError(kind, "words")
      #expect(error.kind == kind)
      #expect(error.exitStatus.rawValue == status)
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
