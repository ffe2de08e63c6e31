import ArgumentParser
import Foundation
import TransitRender

/// The `animrender-preview` program around its HTTP server: reads the
/// options, opens the scene file, has `serve` listen and answer with a
/// ``PreviewSite``, and reports every failure as `animrender` does
/// (`animrender: …`, a sysexits status).
///
/// `serve` starts listening, then calls `listening(port)` (which prints
/// the page's address and starts following the file), and returns only
/// when the server stops. SIGINT (Ctrl-C) ends the process at once: the
/// preview writes no file, and its socket closes with it.
package enum PreviewProgram {
  package typealias Serve =
    @Sendable (
      _ site: PreviewSite, _ options: PreviewOptions,
      _ listening: @escaping @Sendable (Int) -> Void
    ) async throws -> Void

  package static func main(serve: Serve) async -> Never {
    let options: PreviewOptions
    do {
      options = try PreviewOptions.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      AnimRender.exit(reporting: error)
    }
    Platform.ignoreBrokenPipes()
    // Ctrl-C and SIGTERM stop the server, even when it was started with
    // them ignored (a shell script's background job ignores SIGINT).
    for number in [SIGINT, SIGTERM] { Platform.restoreDefault(signal: number) }
    do {
      try CommandRunner.run { try ResourceLimits.prepare() }
    } catch {
      AnimRender.exit(reporting: error)
    }
    let site: PreviewSite
    do {
      site = try PreviewSite(options)
    } catch {
      report(error)
    }
    if let problem = site.problem { Terminal.writeError(problem + "\n") }
    do {
      try await serve(site, options) { port in
        // Unbuffered: a program reading the address gets it at once.
        _ = Platform.writeStandardOutput(
          Array("\(site.address(port: port))\npreviewing \(options.sceneFile); Ctrl-C stops\n".utf8)
        )
        Task.detached { await site.watch() }
      }
      report(CLIError(.unavailable, "the preview's server stopped"))
    } catch let error as CLIError {
      report(error)
    } catch {
      report(
        CLIError(
          .unavailable,
          "the preview's server on \(options.host):\(options.port.map(String.init) ?? "a free port") failed: \(error)"
        ))
    }
  }

  private static func report(_ error: CLIError) -> Never {
    Terminal.writeError(PreviewSession.message(error) + "\n")
    Foundation.exit(error.exitStatus.rawValue)
  }
}
