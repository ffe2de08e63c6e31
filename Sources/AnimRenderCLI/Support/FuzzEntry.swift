import Foundation
import Transit

/// Entry points for the libFuzzer targets in `Fuzz/`: each takes arbitrary
/// bytes and stops the process (so the fuzzer reports it) when animrender
/// would break its promises on them, however the input is formed.
@_spi(Fuzzing) public enum FuzzEntry {
  /// A scene file decoded, counted, and its script played (no drawing):
  /// it must either succeed or fail with a one-line data or usage error
  /// (with, for a text that is not JSON, the two lines of its excerpt).
  public static func sceneFile(_ bytes: [UInt8]) {
    let name = "fuzz.json"
    do {
      let file = try SceneFile.decode(Data(bytes), name: name)
      guard file.scriptFrameCount <= RenderLimits.maximumFrames else { return }
      let story = try Story.play(file, name: name)
      precondition(story.frames.count <= file.scriptFrameCount, "frame count underestimated")
    } catch {
      precondition(
        error.kind == .dataError || error.kind == .usage,
        "kind \(error.kind) for \(error.message)")
      precondition(!error.message.contains("\n"), "a message of several lines: \(error.message)")
      precondition(
        error.excerpt.isEmpty || error.excerpt.count == 2,
        "an excerpt of \(error.excerpt.count) lines")
      for line in error.excerpt {
        precondition(!line.contains("\n"), "an excerpt line of several lines: \(line)")
      }
    }
  }
}
