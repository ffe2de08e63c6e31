import ArgumentParser
import TransitRender

/// `animrender preview SCENE.json`: the scene file's story in a browser,
/// live. `animrender` runs the `animrender-preview` program beside it in
/// its own place (same process, same signals): only that program holds
/// an HTTP server, so `animrender` itself starts small. See
/// ``PreviewSession`` for what the page shows and ``PreviewSite`` for what
/// the server answers.
struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract:
      "Serve a scene file's story to a browser: scrub it, drag its pops and backs, see each edit of the file.",
    discussion: """
      Listens on 127.0.0.1 (this computer only) at a free port and prints the page's address, \
      which carries a random token: the server answers nothing without it. Editing the scene \
      file reloads the page at the same time position; a file with a problem shows the message \
      `play` would print. Pressing on a pop or a back and dragging drives it as the library's \
      interactive API does; letting go finishes or cancels it with the drag's speed. Ctrl-C \
      stops. The server is the program animrender-preview, installed beside animrender.

      Examples:
        animrender preview Examples/interactive-pop.json
        animrender preview Examples/push-rotate-pop.json --port 8123
      """)

  @OptionGroup var options: PreviewOptions

  /// The program's name, looked for beside the running `animrender`.
  static let program = "animrender-preview"

  func run() throws {
    try CommandRunner.run {
      let own = Platform.executablePath ?? CommandLine.arguments[0]
      let folder = own.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
      let path = (folder.isEmpty ? "." : folder) + "/" + Self.program
      guard Platform.isExecutableFile(path) else {
        throw CLIError(
          .unavailable,
          "preview needs the program \(Self.program) beside animrender, and \(CLIError.echoed(path)) is not there; `swift build --product \(Self.program)` or `make install` puts it there"
        )
      }
      // SIGINT and SIGTERM (and SIGHUP, unless ignored at start) stop the
      // server as they stop animrender: not ignored as AtomicOutput left them.
      AtomicOutput.restoreDefaultSignals()
      Platform.replaceProcess(with: path, [path] + options.arguments)
      throw CLIError(
        .unavailable, "cannot run \(CLIError.echoed(path)): \(Platform.lastError)")
    }
  }
}
