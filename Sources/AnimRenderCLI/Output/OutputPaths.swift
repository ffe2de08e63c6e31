import TransitRender

/// Outputs that would overwrite an input or each other, refused (64) before
/// any work: `play s.json --states s.json` would otherwise replace the
/// scene with its states, `-o x.png --states x.png` the picture with JSON.
///
/// Two paths are the same file when they lead to the same device and inode
/// (hard links, symbolic links, `./x` and `/abs/x` all count); a file not
/// made yet is compared by its path with links followed and `.` and `..`
/// resolved. Character devices (`/dev/null`) are streams that replace
/// nothing, and are not compared; standard output takes one output at most.
enum OutputPaths {
  /// A path and how a message names it: "--states s.json", "the scene file s.json".
  struct Named {
    var what: String
    var path: String
  }

  /// Throws a usage error (64) when two of `outputs` are the same file, or
  /// one of them is one of `inputs`.
  static func checkDistinct(outputs: [Named], inputs: [Named] = []) throws(CLIError) {
    var written: [Key: Named] = [:]
    for output in outputs {
      guard let key = key(output.path) else { continue }
      if let earlier = written[key] {
        throw CLIError.usage(
          "\(earlier.what) and \(output.what) are the same file; give them different paths")
      }
      written[key] = output
    }
    for input in inputs {
      guard let key = key(input.path), let output = written[key] else { continue }
      throw CLIError.usage(
        "\(output.what) would replace \(input.what), an input of this run; give it another path")
    }
  }

  /// What makes two paths the same file.
  private enum Key: Hashable {
    case file(OutputTarget.Identity)
    case path(String)
    /// Two outputs on standard output would mix their bytes.
    case standardOutput
  }

  /// The file `path` leads to; `nil` for a device, whose streams replace nothing.
  private static func key(_ path: String) -> Key? {
    if path == "-" || Platform.isStandardOutput(path) { return .standardOutput }
    guard let target = try? OutputTarget(path) else {
      return OutputTarget.identity(of: path).map(Key.file) ?? .path(canonical(path))
    }
    switch target.kind {
    case .characterDevice: return nil
    case .regularFile: return target.identity.map(Key.file) ?? .path(canonical(target.target))
    case .newFile: return .path(canonical(target.target))
    }
  }

  /// The path with its folder resolved (symbolic links, `.` and `..`), so
  /// `x.png`, `./x.png` and `/abs/x.png` compare equal.
  static func canonical(_ path: String) -> String {
    let path = Path(path)
    guard let base = Platform.realPath(path.folder) else { return path.string }
    return Path(base).appending(path.name).string
  }
}
