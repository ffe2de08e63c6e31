import ArgumentParser
import TransitRender

/// `animrender diff A.png B.png`: compares two images the way the golden
/// tests do (YIQ distance, anti-aliasing ignored).
struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Compare two PNGs the way the golden tests do.",
    discussion: """
      Prints e.g. "345 pixels differ (0.71%), 12 anti-aliased ignored" and exits 0 when the count is \
      within --max-diff-pixels, 1 when not (or when the sizes differ).
      Example: animrender diff golden.png actual.png --output diff.png
      """)

  @Argument(help: "The expected image.")
  var a: String

  @Argument(help: "The actual image.")
  var b: String

  @Option(help: "YIQ colour distance above which a pixel differs, 0…1.")
  var threshold: Double = 0.1

  @Option(help: "How many differing pixels are still a pass.")
  var maxDiffPixels: Int = 0

  @Option(
    name: [.short, .long], help: "Write the diff image here (red: differs, yellow: anti-aliasing).")
  var output: String?

  func validate() throws {
    guard threshold.isFinite, threshold >= 0, threshold <= 1 else {
      throw ValidationError("--threshold must be in 0…1, got \(threshold)")
    }
    guard maxDiffPixels >= 0 else { throw ValidationError("--max-diff-pixels must be 0 or more") }
  }

  func run() throws {
    try CommandRunner.run {
      if let output {
        try SingleFormatOutput.check(output, flag: "--output", extension: "png", format: "PNG")
      }
      // Both headers read and charged to the run's memory budget, with the
      // difference image (and its encoding, for --output), before either
      // is decoded.
      var memory = MemoryBudget()
      var pending = InputImages()
      let size = try pending.add("A", path: a, what: "A \(a)", name: "A \(a)", to: &memory)
      let other = try pending.add("B", path: b, what: "B \(b)", name: "B \(b)", to: &memory)
      if size == other {
        try memory.charge(
          (output == nil ? 1 : 2) * size.width * size.height * 4,
          for: "the difference image (\(size.width)×\(size.height))", kind: .dataError,
          advice: "compare smaller images")
      }
      let decoded = try pending.decode()
      let first = decoded["A"]!
      let second = decoded["B"]!
      // The summary line is the command's standard output, so the image
      // cannot be: like `styles --catalogue`, `-` is refused.
      if output == "-" {
        throw CLIError.usage("--output: expected a file name for the diff image, e.g. diff.png")
      }
      let atomic = AtomicOutput()
      if let output {
        try atomic.prepare(
          outputs: [.init(what: "--output \(output)", path: output)],
          inputs: [.init(what: "A \(a)", path: a), .init(what: "B \(b)", path: b)])
      }
      guard first.width == second.width, first.height == second.height else {
        print(
          "sizes differ: \(a) is \(first.width)×\(first.height), \(b) is \(second.width)×\(second.height)"
        )
        throw ExitCode(1)
      }
      let result: ImageComparison.Result
      do { result = try ImageComparison.compare(first, second, threshold: threshold) } catch let
        error as RenderError
      {
        throw CLIError.failed("comparing failed: \(error.message)", cause: error)
      }
      let total = first.width * first.height
      let percent = total == 0 ? 0 : Double(result.differing) * 100 / Double(total)
      let rounded = (percent * 100).rounded() / 100
      print(
        "\(result.differing) pixels differ (\(rounded)%), \(result.antiAliased) anti-aliased ignored"
      )
      if let output {
        do { try atomic.stage(try PNGEncoder.encode(result.diffImage), as: output) } catch let error
          as CLIError
        {
          throw error
        } catch {
          throw CLIError.failed("encoding the diff failed: \(error)", cause: error)
        }
        try atomic.commit()
        print(output)
      }
      if result.differing > maxDiffPixels { throw ExitCode(1) }
    }
  }
}
