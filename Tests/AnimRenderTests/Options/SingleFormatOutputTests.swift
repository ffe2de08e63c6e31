import Foundation
import Testing
import TransitTestSupport

/// Outputs with one format — `diff`'s image, `curve --plot`, `--states` —
/// never carry another format's name: `-o d.jpg` for a PNG is refused (64)
/// before anything is written, and a name without an extension is kept.
@Suite("single-format outputs")
struct SingleFormatOutputTests {
  static func files(in folder: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
  }

  @Test func aNameThatLiesIsRefusedBeforeAnythingIsWritten() throws {
    let folder = TemporaryDirectory.make()
    let made = try animrender.run(
      ["render", "--frames", "2", "--size", "8x12", "-o", "a.png"], in: folder)
    #expect(made.status == 0, "\(made.stderr)")
    let cases: [(arguments: [String], flag: String)] = [
      (["diff", "a.png", "a.png", "-o", "d.jpg"], "--output"),
      (["curve", "ease", "--plot", "e.svg"], "--plot"),
      (
        ["render", "--frames", "2", "--size", "8x12", "-o", "s.png", "--states", "st.png"],
        "--states"
      ),
      (
        ["render", "--frames", "2", "--size", "8x12", "-o", "s.png", "--states", "st.JSONX"],
        "--states"
      ),
    ]
    for (arguments, flag) in cases {
      let before = try Self.files(in: folder)
      let result = try animrender.run(arguments, in: folder)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(flag), "\(result.stderr)")
      #expect(try Self.files(in: folder) == before, "\(arguments) wrote something")
    }
  }

  @Test func theFormatsOwnNameAndNoExtensionAreKept() throws {
    let folder = TemporaryDirectory.make()
    let cases: [(arguments: [String], writes: [String])] = [
      (
        ["render", "--frames", "2", "--size", "8x12", "-o", "a.png", "--states", "st.JSON"],
        ["a.png", "st.JSON"]
      ),
      (
        ["render", "--frames", "2", "--size", "8x12", "-o", "b.png", "--states", "states"],
        ["b.png", "states"]
      ),
      (["diff", "a.png", "b.png", "-o", "d.PNG"], ["d.PNG"]),
      (["diff", "a.png", "b.png", "-o", "diff"], ["diff"]),
      (["curve", "ease", "--plot", "ease.png"], ["ease.png"]),
    ]
    for (arguments, writes) in cases {
      let result = try animrender.run(arguments, in: folder)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      for name in writes {
        #expect(
          FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path),
          "\(arguments) did not write \(name)")
      }
    }
    let states = try Data(contentsOf: folder.appendingPathComponent("states"))
    #expect(states.first == UInt8(ascii: "[") || states.first == UInt8(ascii: "{"))
  }
}
