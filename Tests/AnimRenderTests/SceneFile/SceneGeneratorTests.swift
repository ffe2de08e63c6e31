import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport

@testable import AnimRenderCLI

/// Thousands of generated *valid* scene files through the whole `play`
/// pipeline, in process: reading and checking the file, decoding its images,
/// counting and playing its script (every verb, styles, durations, curves),
/// drawing every frame (labels included) and writing every layout. Each one
/// must succeed, and each one with a deliberate mistake must be refused with
/// a one-line 64 or 65; nothing may trap or end in 70.
///
/// Seeded: the seed and the failing file are printed with any failure; set
/// `TRANSIT_SEED` to that seed to replay it (the first batch uses it as is).
@Suite("Generated scene files through the whole pipeline")
struct SceneGeneratorTests {
  /// 2,000 cases in four parallel batches of 500, each with its own seed.
  static let cases = 500

  /// Small PNGs for the views: 8-bit opaque, translucent, and a 16-bit
  /// interlaced one from the decoder's suite.
  static func writeImages(to folder: URL) throws -> [String] {
    let opaque = try Image(width: 3, height: 2, fill: Color(red: 0.2, green: 0.6, blue: 0.3))
    try BinaryFile.write(
      try PNGEncoder.encode(opaque), to: folder.appendingPathComponent("opaque.png").path)
    let clear = try Image(
      width: 5, height: 5, fill: Color(red: 0.9, green: 0.1, blue: 0.4, alpha: 0.5))
    try BinaryFile.write(
      try PNGEncoder.encode(clear), to: folder.appendingPathComponent("clear.png").path)
    let suite = PackageFiles.root.appendingPathComponent(
      "Tests/TransitRenderTests/Fixtures/suite/rgba16-i-11x7.png")
    try FileManager.default.copyItem(at: suite, to: folder.appendingPathComponent("deep.png"))
    return ["opaque.png", "clear.png", "deep.png"]
  }

  @Test(arguments: 0..<4)
  func generatedFilesPlayThroughEveryLayout(batch: UInt64) throws {
    let seed = SplitMix64.seed(fallback: 0x7EA5_1111) &+ batch
    let folder = TemporaryDirectory.make()
    defer { try? FileManager.default.removeItem(at: folder) }
    let images = try Self.writeImages(to: folder)
    var generator = SceneGenerator(
      random: SplitMix64(seed: seed), images: images,
      styles: TransitionStyles.builtIn.names)
    var options = SplitMix64(seed: seed ^ 0x5555)
    var decoded = 0
    var played = 0
    var refused = 0
    var layouts: [String: Int] = [:]
    for index in 0..<Self.cases {
      let generated = generator.next()
      let data = try JSONSerialization.data(withJSONObject: generated.json, options: [.sortedKeys])
      let scene = folder.appendingPathComponent("scene.json")
      // BinaryFile, not Data.write, which syncs the file to disk each time.
      try BinaryFile.write(Array(data), to: scene.path)
      let layout = ["strip", "grid", "frames", "apng"][Int.random(in: 0...3, using: &options)]
      layouts[layout, default: 0] += 1
      let output = folder.appendingPathComponent(
        layout == "frames" ? "out-\(index)-%02d.png" : "out-\(index).png"
      ).path
      var arguments = [scene.path, "--layout", layout, "-o", output, "--quiet"]
      if Bool.random(using: &options) { arguments.append("--labels") }
      if Bool.random(using: &options) {
        arguments += ["--padding", "\(Int.random(in: 0...3, using: &options))"]
      }
      if layout == "grid", Bool.random(using: &options) {
        arguments += ["--columns", "\(Int.random(in: 1...4, using: &options))"]
      }
      if Bool.random(using: &options) { arguments += ["--background", "#203040"] }
      if Int.random(in: 0...3, using: &options) == 0 {
        arguments += ["--scale", ["0.5", "2"][Int.random(in: 0...1, using: &options)]]
      }
      if Int.random(in: 0...4, using: &options) == 0 {
        arguments += ["--states", folder.appendingPathComponent("states-\(index).json").path]
      }
      func report(_ problem: String) {
        Issue.record(
          "seed \(seed), case \(index) (\(arguments.joined(separator: " "))): \(problem)\n\(String(decoding: data, as: UTF8.self))"
        )
      }
      if (try? SceneFile.decode(data, name: "scene.json")) != nil { decoded += 1 }
      do {
        let command = try PlayCommand.parse(arguments)
        let (job, destination) = try command.makeJob()
        // The count checked before playing is the count played.
        let file = try SceneFile.decode(data, name: "scene.json")
        #expect(file.scriptFrameCount == job.frames.count, "seed \(seed), case \(index)")
        try job.run(to: destination, announce: false)
        if let mistake = generated.mistake {
          report("the mistake \(mistake) was accepted")
        } else {
          played += 1
        }
        // The output is there and reads back.
        let first =
          layout == "frames"
          ? try #require(FramePattern(destination)).path(0) : destination
        if !FileManager.default.fileExists(atPath: first) {
          // A script may draw no frames only when every count is 0; then
          // nothing is written and the run fails (checked below).
          report("no output at \(first)")
        } else {
          _ = try PNGDecoder.decode(contentsOf: first)
        }
      } catch let error as CLIError {
        let allowed: Set<CLIError.Kind> = [.dataError, .usage]
        if generated.mistake == nil && !error.message.contains("draws no frames") {
          report("refused: \(error.kind) \(error.message)")
        } else if !allowed.contains(error.kind) || error.message.contains("\n") {
          report("refused with \(error.kind): \(error.message)")
        } else {
          refused += 1
        }
      } catch {
        report("unexpected \(error)")
      }
      // Keep the folder small.
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where name.hasPrefix("out-") || name.hasPrefix("states-") {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
      }
    }
    #expect(
      Double(decoded) >= 0.9 * Double(Self.cases),
      "seed \(seed): only \(decoded) of \(Self.cases) decode")
    #expect(played + refused == Self.cases, "seed \(seed)")
    #expect(layouts.count == 4)
    // No temporary file is left behind by any run.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.filter { $0.hasPrefix(".") }.isEmpty, "\(left)")
  }
}
