import CubeStyle
import Foundation
import Testing
import Transit
import TransitRender
import TransitTesting

/// The example style: registered by name, golden strip, exact reverse, and
/// usable from the command line through `animrender-cube`.
@Suite("Example: a custom style")
struct CubeStyleTests {
  static let bounds = Rect(x: 0, y: 0, width: 120, height: 200)

  static func scene() -> Scene {
    Scene(
      size: bounds.size, backgroundColor: .black,
      views: [
        PlaceholderScreen.red.view(id: "from", bounds: bounds),
        PlaceholderScreen.blue.view(id: "to", bounds: bounds),
      ])
  }

  @Test func registersByNameAndDrawsItsGolden() throws {
    var styles = TransitionStyles.builtIn
    styles.register(CubeStyle())
    let cube = try styles.style(named: "cube")
    #expect(cube.intrinsicDuration == 0.5)
    let context = TransitionContext(
      bounds: Self.bounds, appearingViewID: "to", disappearingViewID: "from")
    let timeline = try cube.animation(for: context).timeline(from: Self.scene())
    let end = timeline.endScene
    #expect(end.state(of: "to") == ViewState(frame: Self.bounds))
    #expect(end.view("from")?.isHidden == true)
    #expect(bitIdentical(timeline.reversed().endScene, timeline.startScene))
    let renderer = Renderer()
    let frames = try (0..<6).map { try renderer.render(timeline.sample(frame: $0, of: 6)) }
    let strip = try FrameSheet.strip(
      frames, padding: 2, background: Color(red: 0.13, green: 0.13, blue: 0.13))
    try assertGolden(strip, named: "cube", suite: "examples")
  }

  @Test func worksWithEitherViewAbsentAndZeroBounds() throws {
    for (appearing, disappearing) in [("to", nil), (nil, "from")] as [(String?, String?)] {
      let context = TransitionContext(
        bounds: .zero, appearingViewID: appearing, disappearingViewID: disappearing)
      let scene = Scene(
        size: .zero, views: [View(id: "from", frame: .zero), View(id: "to", frame: .zero)])
      let end = try CubeStyle().animation(for: context).timeline(from: scene).endScene
      #expect(end.allViews().allSatisfy { $0.view.transform.isFinite })
    }
  }

  @Test func animrenderCubeRendersTheStyleByName() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cube-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("cube.png").path
    let cube = try Binary.run(
      "animrender-cube",
      ["render", "--style", "cube", "--size", "60x100", "--frames", "4", "-o", output])
    #expect(cube.status == 0, "\(cube.stderr)")
    let image = try PNGDecoder.decode(contentsOf: output)
    #expect(image.width == 240 && image.height == 100)
    let listed = try Binary.run("animrender-cube", ["styles"])
    #expect(listed.stdout.contains("cube"))
    // The plain tool does not know it, and says what it does know.
    let plain = try Binary.run("animrender", ["render", "--style", "cube", "-o", output])
    #expect(plain.status == 65)
  }
}

/// Bit-for-bit comparison of the animatable state of two scenes.
func bitIdentical(_ a: Scene, _ b: Scene) -> Bool {
  let x = a.allViews().map(\.view)
  let y = b.allViews().map(\.view)
  guard x.count == y.count else { return false }
  return zip(x, y).allSatisfy { u, v in
    u.id == v.id && u.isHidden == v.isHidden
      && ([u.frame.minX, u.frame.minY, u.frame.width, u.frame.height, u.alpha] + u.transform.entries)
        .map(\.bitPattern)
        == ([v.frame.minX, v.frame.minY, v.frame.width, v.frame.height, v.alpha]
        + v.transform.entries).map(\.bitPattern)
  }
}

/// Runs one of the package's built executables.
enum Binary {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func path(_ name: String) -> URL {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/\(name)")
  }

  static func run(_ name: String, _ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = path(name)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
      stderr: String(decoding: e, as: UTF8.self))
  }
}
