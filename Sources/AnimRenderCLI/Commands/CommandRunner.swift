import ArgumentParser

/// Runs a command's body and turns every failure into one line on stderr
/// (and the lines of its excerpt, if it has one) and a sysexits status.
enum CommandRunner {
  static func run(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let error as CLIError {
      let excerpt = error.excerpt.map { "\($0)\n" }.joined()
      Terminal.writeError("animrender: \(error.message)\n\(excerpt)")
      throw ExitCode(error.exitStatus.rawValue)
    } catch let error as ExitCode {
      throw error
    } catch let error as ValidationError {
      throw error
    } catch {
      Terminal.writeError("animrender: \(CLIError.shortened(CLIError.oneLine("\(error)")))\n")
      throw ExitCode(ExitStatus.software.rawValue)
    }
  }
}
