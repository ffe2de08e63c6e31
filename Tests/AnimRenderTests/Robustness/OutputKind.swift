import Foundation
import TransitTestSupport

/// Every kind of output `render` writes, as the interruption and full-disk
/// suites run them: each with `--states` beside it, so that the two are
/// also seen to be committed together.
struct OutputKind: Sendable, CustomStringConvertible {
  var name: String
  /// The flags that choose it (`-o` included).
  var arguments: [String]
  /// The output's path, or its frame pattern; `nil` for standard output.
  var path: String?
  var kind: OutputReader.Kind

  var description: String { name }

  static let all: [OutputKind] = {
    var kinds: [OutputKind] = [
      .init(name: "strip", arguments: ["-o", "out.png"], path: "out.png", kind: .png),
      .init(
        name: "grid", arguments: ["--layout", "grid", "-o", "out.png"], path: "out.png", kind: .png),
      .init(
        name: "frames", arguments: ["--layout", "frames", "-o", "f-%03d.png"], path: "f-%03d.png",
        kind: .png),
      .init(name: "apng", arguments: ["-o", "out.apng"], path: "out.apng", kind: .apng),
      .init(name: "gif", arguments: ["-o", "out.gif"], path: "out.gif", kind: .gif),
      .init(name: "webp", arguments: ["-o", "out.webp"], path: "out.webp", kind: .webp),
      .init(name: "svg", arguments: ["-o", "out.svg"], path: "out.svg", kind: .svg),
      .init(name: "pdf", arguments: ["-o", "out.pdf"], path: "out.pdf", kind: .pdf),
      .init(name: "html", arguments: ["-o", "out.html"], path: "out.html", kind: .html),
      .init(name: "stdout", arguments: ["-o", "-", "--format", "gif"], path: nil, kind: .gif),
    ]
    if FuzzCase.Builder.hasFFmpeg {
      kinds.append(.init(name: "mp4", arguments: ["-o", "out.mp4"], path: "out.mp4", kind: .mp4))
      kinds.append(
        .init(name: "webm", arguments: ["-o", "out.webm"], path: "out.webm", kind: .webm))
    }
    return kinds
  }()

  /// The old files a run finds in its folder: the output (three frames for
  /// a frame set) and the states file, each holding text no run writes.
  var oldFiles: [String: [UInt8]] {
    var files = ["states.json": Array("old states".utf8)]
    if let path {
      if path.contains("%") {
        for k in 0..<3 { files[String(format: "f-%03d.png", k)] = Array("old frame \(k)".utf8) }
      } else {
        files[path] = Array("old \(path)".utf8)
      }
    }
    return files
  }

  /// What a run that exits 0 must have left in `folder` (and on standard
  /// output): every output readable, no old file left; `nil` when so.
  func problemAfterSuccess(
    in folder: URL, stdout: [UInt8], reader: OutputReader, frames: Int
  ) -> String? {
    let files = StructuredFuzz.snapshot(folder)
    if files["states.json"] == oldFiles["states.json"] { return "states.json was not replaced" }
    if let problem = reader.problem(folder.appendingPathComponent("states.json").path, .json) {
      return "states.json: \(problem)"
    }
    guard let path else {
      return reader.problem(bytes: stdout, path: nil, kind).map { "standard output: \($0)" }
    }
    if path.contains("%") {
      let set = StructuredFuzz.frames(of: path, in: files.keys)
      guard set.count == frames, Set(set.keys) == Set(0..<frames) else {
        return "frames \(set.keys.sorted()), not 0…\(frames - 1)"
      }
      for name in set.values {
        if let problem = reader.problem(folder.appendingPathComponent(name).path, .png) {
          return "\(name): \(problem)"
        }
      }
      return nil
    }
    return reader.problem(folder.appendingPathComponent(path).path, kind).map { "\(path): \($0)" }
  }
}
