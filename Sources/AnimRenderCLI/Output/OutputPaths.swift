import TransitRender

/// Output paths that would overwrite each other, refused before any work:
/// `-o x.png --states x.png` would otherwise silently replace the picture
/// with the JSON.
enum OutputPaths {
  /// Throws a usage error (64) when the states file is one of the outputs.
  static func checkDistinct(outputs: [String], states: String?) throws(CLIError) {
    guard let states else { return }
    let key = canonical(states)
    if let clash = outputs.first(where: { canonical($0) == key }) {
      throw CLIError.usage(
        "--states \(states) is also the output \(clash); give them different paths")
    }
  }

  /// The path with its folder resolved (symbolic links, `.` and `..`), so
  /// `x.png`, `./x.png` and `/abs/x.png` compare equal.
  static func canonical(_ path: String) -> String {
    let folder = StagedFile.folder(of: path)
    let name = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    guard let base = Platform.realPath(folder) else { return path }
    return (base == "/" ? "" : base) + "/" + name
  }
}
