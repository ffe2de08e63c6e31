import Synchronization
import TransitRender

/// A one-line progress bar on standard error, drawn only when standard error
/// is a terminal, the work is more than a few frames, and `--quiet` is off;
/// otherwise it prints nothing at all, so logs and pipes stay clean.
final class ProgressBar: Sendable {
  private let total: Int
  private let enabled: Bool
  private let label: String
  private let done = Mutex(0)

  /// Frames below this count finish too fast for a bar to help.
  static let minimumFrames = 8

  init(total: Int, label: String, quiet: Bool) {
    self.total = total
    self.label = label
    self.enabled = !quiet && total >= ProgressBar.minimumFrames && Platform.standardErrorIsTerminal
    if enabled { draw(0) }
  }

  /// Records one more finished unit of work.
  func advance() {
    guard enabled else { return }
    let count = done.withLock { value -> Int in
      value += 1
      return value
    }
    draw(count)
  }

  /// Ends the bar's line.
  func finish() {
    guard enabled else { return }
    Terminal.writeError("\n")
  }

  private func draw(_ count: Int) {
    let width = 30
    let filled = total == 0 ? width : count * width / total
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    Terminal.writeError("\r\(label) [\(bar)] \(count)/\(total)")
  }
}
