import TransitRender

/// The limits the system puts on this process (`ulimit -n`, `ulimit -v`),
/// checked when animrender starts so that a run too small to work is one
/// clear refusal (71) instead of a failure deep inside a library, where
/// some cannot be caught: GLib ends the process when it cannot start a
/// thread, and Swift when an allocation fails.
///
/// - Open files: the soft limit is raised to the hard one (any process may),
///   and then at least ``minimumFreeFiles`` descriptors must be free.
/// - Address space: when it is limited, every thread allocates from one
///   malloc arena (a thread's own arena reserves 64 MiB or more of address
///   space), at least ``minimumAddressSpace`` is needed, and the memory
///   budget (``MemoryBudget``) shrinks to what the limit leaves (``pixelBytes``).
enum ResourceLimits {
  /// The fewest descriptors that must be free at the start: the fonts,
  /// the inputs and outputs, a video's pipe, log files and ffmpeg's own.
  static let minimumFreeFiles = 24
  /// The address space a run needs besides its pixels: the program and
  /// its libraries, the fonts, the threads' stacks and the arena.
  static let reservedAddressSpace = 256 << 20
  /// The least address space a run needs: ``reservedAddressSpace`` and
  /// 64 MiB of pixels.
  static let minimumAddressSpace = reservedAddressSpace + (64 << 20)

  /// Raises the open-file limit as far as allowed and checks both limits.
  ///
  /// - Throws: 71, naming the limit and what is needed.
  static func prepare() throws(CLIError) {
    let files = Platform.raiseOpenFileLimit()
    let open = Platform.openDescriptorCount()
    if let limit = files, limit - open < minimumFreeFiles {
      throw CLIError(
        .osError,
        "too few open files allowed: the limit (ulimit -n) is \(limit) with \(open) already open, and a run needs \(minimumFreeFiles) free; raise ulimit -n"
      )
    }
    if let space = Platform.addressSpaceLimit {
      Platform.useOneMallocArena()
      guard space >= minimumAddressSpace else {
        throw CLIError(
          .osError,
          "too little memory allowed: the address-space limit (ulimit -v) is \(space >> 20) MiB, and a run needs at least \(minimumAddressSpace >> 20) MiB; raise ulimit -v"
        )
      }
    }
  }

  /// The memory budget a run may hold under the address-space limit: what
  /// the limit leaves beside ``reservedAddressSpace``, or `budget` when
  /// there is no limit or it leaves more.
  static func pixelBytes(within budget: Int) -> Int {
    guard let space = Platform.addressSpaceLimit else { return budget }
    return max(0, min(budget, space - reservedAddressSpace))
  }

  /// Said after a child program's failure when memory is limited: the
  /// child inherits the limit, and says no more than that it failed.
  static var childNote: String {
    guard let space = Platform.addressSpaceLimit else { return "" }
    return " (it runs under the same address-space limit, ulimit -v, of \(space >> 20) MiB)"
  }
}
