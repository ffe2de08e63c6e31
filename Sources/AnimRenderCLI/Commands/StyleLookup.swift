import Synchronization
import Transit

/// Finding a style by name for the command line, with the registry's
/// suggestions in the error. The registry starts as the built-in styles;
/// ``AnimRender/main(registering:)`` adds a program's own before any command
/// runs.
enum StyleLookup {
  private static let storage = Mutex(TransitionStyles.builtIn)

  /// The styles commands can use.
  static var registry: TransitionStyles { storage.withLock { $0 } }

  /// Adds styles to the registry, replacing built-in ones of the same name.
  static func register(_ styles: [any TransitionStyle]) {
    storage.withLock { registry in
      for style in styles { registry.register(style) }
    }
  }

  /// The style called `name`, or a data error (65) that starts with
  /// `flag`, the flag of the command that named it.
  static func style(named name: String, flag: String = "--style") throws(CLIError)
    -> any TransitionStyle
  {
    do { return try registry.style(named: name) } catch {
      throw CLIError.data("\(flag): \(error.message)")
    }
  }
}
