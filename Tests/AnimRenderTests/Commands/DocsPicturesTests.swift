import Foundation
import Testing
import TransitRender
import TransitTestSupport
import TransitTesting

/// The pictures under Docs/ are what the build draws: every animrender line
/// of the Makefile's `pictures` target runs, as written, with its output
/// sent to a temporary file, and the result must equal the committed
/// picture: a PNG pixel for pixel (the golden comparison, no allowance), a
/// GIF byte for byte (its encoder is deterministic, so equal bytes are
/// equal frames, palettes and delays). Every PNG and GIF under Docs/ must
/// come from one of those lines, so none can go stale.
@Suite("Docs pictures", .serialized)
struct DocsPicturesTests {
  /// One animrender run of the `pictures` target.
  struct Drawing: CustomTestStringConvertible {
    /// The arguments after `animrender`.
    var arguments: [String]
    /// Where among them the Docs picture is written.
    var outputIndex: Int

    var picture: String { arguments[outputIndex] }
    var testDescription: String { picture }
  }

  /// The `pictures` recipe's `$(RELEASE_BIN)/animrender …` lines, their
  /// backslash continuations joined.
  static func drawings() throws -> [Drawing] {
    let makefile = try String(
      contentsOf: PackageFiles.root.appendingPathComponent("Makefile"), encoding: .utf8)
    let joined = makefile.replacingOccurrences(of: "\\\n", with: " ")
    var inRecipe = false
    var drawings: [Drawing] = []
    for line in joined.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("pictures:") {
        inRecipe = true
        continue
      }
      guard inRecipe else { continue }
      guard line.hasPrefix("\t") else { break }
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard words.count > 1, words[0] == "$(RELEASE_BIN)/animrender" else { continue }
      let arguments = Array(words.dropFirst())
      guard
        let flag = arguments.firstIndex(where: { $0 == "-o" || $0 == "--catalogue" }),
        flag + 1 < arguments.count
      else { continue }
      drawings.append(Drawing(arguments: arguments, outputIndex: flag + 1))
    }
    return drawings
  }

  @Test func everyPictureUnderDocsIsDrawnByTheMakefile() throws {
    let drawn = Set(try Self.drawings().map(\.picture))
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: PackageFiles.root.appendingPathComponent("Docs").path)
    let pictures = Set(
      docs.filter { $0.hasSuffix(".png") || $0.hasSuffix(".gif") }.map { "Docs/\($0)" })
    #expect(pictures.count >= 6)
    #expect(pictures == drawn)
  }

  @Test(arguments: try DocsPicturesTests.drawings())
  func theCommittedPictureIsWhatTheBuildDraws(_ drawing: Drawing) throws {
    let folder = TemporaryDirectory.make()
    var arguments = drawing.arguments
    let committed = PackageFiles.root.appendingPathComponent(drawing.picture)
    let actual = folder.appendingPathComponent("picture.\(committed.pathExtension)").path
    arguments[drawing.outputIndex] = actual
    let result = try animrender.run(arguments, in: PackageFiles.root, timeout: 300)
    #expect(result.status == 0, "\(result.stderr)")
    guard committed.pathExtension == "png" else {
      let same = try Data(contentsOf: URL(fileURLWithPath: actual)) == Data(contentsOf: committed)
      #expect(same, "\(drawing.picture) differs from what the build draws; run `make pictures`")
      return
    }
    let image = try PNGDecoder.decode(contentsOf: actual)
    let name = committed.deletingPathExtension().lastPathComponent
    let check = GoldenCheck(
      goldenPath: committed.path,
      artifactsStem: PackageFiles.root.appendingPathComponent(".artifacts/docs/\(name)").path,
      recordMode: .never)
    do { try check.verify(image) } catch {
      Issue.record("\(error.message); run `make pictures` to draw Docs/ again")
    }
  }
}
