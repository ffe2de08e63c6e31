import ArgumentParser
import TransitRender

/// What `animrender preview` takes, read by `animrender` and again by the
/// `animrender-preview` program it runs.
package struct PreviewOptions: ParsableArguments, Sendable {
  @Argument(help: "The scene file (JSON).")
  package var sceneFile: String

  @Option(help: "The port, 1…65535 (default: a free one).")
  package var port: Int?

  @Option(
    help:
      "The IPv4 address to listen on (default 127.0.0.1: this computer only). Another computer's browser can reach 0.0.0.0 or a network address, and so can everyone on that network who has the printed address with its token."
  )
  package var host = "127.0.0.1"

  @Option(help: "Pixels per point, in (0, 4].")
  package var scale: Double = 1

  package init() {}

  package func validate() throws {
    if let port, !(1...65_535).contains(port) {
      throw ValidationError("--port must be in 1…65535, got \(port)")
    }
    guard scale.isFinite, scale > 0, scale <= 4 else {
      throw ValidationError("--scale must be in (0, 4], got \(scale)")
    }
    guard Platform.isIPv4Address(host) else {
      throw ValidationError(
        "--host: expected an IPv4 address such as 127.0.0.1, got \"\(CLIError.echoed(host))\"")
    }
  }

  /// The options as arguments that parse back to them.
  var arguments: [String] {
    (port.map { ["--port", "\($0)"] } ?? []) + [
      "--host", host, "--scale", "\(scale)", "--", sceneFile,
    ]
  }
}
