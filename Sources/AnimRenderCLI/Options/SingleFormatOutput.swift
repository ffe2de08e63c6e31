/// The rule for outputs that have one format only — `diff`'s image and
/// `curve --plot` (PNG), `--states` (JSON): a name never lies about its
/// bytes, so an extension other than the format's is a usage error (64)
/// before anything is read or drawn. A name without an extension is
/// accepted, as it claims nothing.
enum SingleFormatOutput {
  /// Throws when `path` has an extension that is not `expected`
  /// (case-insensitive; `.apng` does not count as `.png`, since it names an
  /// animation).
  ///
  /// - Parameters:
  ///   - flag: the flag that named `path`, for the message.
  ///   - format: the format's name, e.g. `PNG`.
  static func check(_ path: String, flag: String, extension expected: String, format: String)
    throws(CLIError)
  {
    guard path != "-", let ext = OutputFormat.pathExtension(of: path),
      ext.lowercased() != expected
    else { return }
    throw CLIError.usage(
      "\(flag): writes \(format), so the name must end in .\(expected) (or have no extension), got \"\(CLIError.echoed(ext))\""
    )
  }
}
