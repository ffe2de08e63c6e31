import Transit

/// Finding a style by name for the command line, with the registry's
/// suggestions in the error.
enum StyleLookup {
  static var registry: TransitionStyles { .builtIn }

  static func style(named name: String) throws(CLIError) -> any TransitionStyle {
    do { return try registry.style(named: name) } catch {
      throw CLIError.data("--style: \(error.message)")
    }
  }
}
