import Synchronization

/// The run's ``MemoryBudget`` while frames are drawn: what the workers keep
/// as they go (compressed frames, a sheet's compressed stream) is spent
/// from it, from any thread, before it is kept.
///
/// The size of compressed data is known only once it is made: a frame of
/// noise hardly compresses. So the budget charges an estimate in advance
/// (the ``allowance``: an eighth of each frame's pixels for a PNG
/// animation), and the account charges what is kept beyond it as it
/// comes, refusing the run at the first piece that does not fit rather
/// than holding many times the estimate.
final class MemoryAccount: Sendable {
  private struct State {
    var budget: MemoryBudget
    /// Bytes already charged for what is spent here.
    var allowance: Int
    var spent = 0
  }

  private let state: Mutex<State>

  /// An account spending from `budget`, in which `allowance` bytes are
  /// already charged for it.
  init(_ budget: MemoryBudget, allowance: Int = 0) {
    state = Mutex(State(budget: budget, allowance: allowance))
  }

  /// The budget with everything spent so far charged.
  var budget: MemoryBudget { state.withLock { $0.budget } }

  /// Spends `bytes` for `what`: charged to the budget when the allowance
  /// is used up; throws (64) when that does not fit.
  func spend(_ bytes: Int, for what: @autoclosure () -> String, advice: String) throws(CLIError) {
    try state.withLock { state throws(CLIError) in
      state.spent += bytes
      guard state.spent > state.allowance else { return }
      try state.budget.charge(
        state.spent - state.allowance, for: what(), group: "compressed output", advice: advice)
      state.allowance = state.spent
    }
  }
}
