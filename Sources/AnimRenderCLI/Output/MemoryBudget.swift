import TransitRender

/// The one memory budget of a run: every large thing a run will hold is
/// charged here, by its size, before it is allocated, and the run is
/// refused at the first charge that does not fit.
///
/// What is charged, in the order a run meets it:
///
/// - decoded input images (`--from`, `--to`, a scene's images), from each
///   PNG's header before any is decoded, and the largest file's bytes with
///   the memory its decoding needs meanwhile;
/// - the frames a `play` script keeps (each frame's own views, counted as
///   they are made; views shared between frames are counted once);
/// - what drawing and the output need (``OutputBudget``): two frames per
///   worker, what the layout keeps, the sheet, and the encoder's working
///   memory;
/// - the offscreen pictures of 3-D views, when a frame has any
///   (``FramePipeline/chargePerspectivePictures(to:)``).
///
/// Charges only add up: nothing is given back during a run, so the total
/// is a bound on what the run holds at its peak. The program itself (code,
/// fonts, Cairo's and Pango's caches) comes on top, about 256 MiB, hence
/// the documented peak of 2.25 GiB.
///
/// A refusal names the charge that did not fit and the largest charges
/// before it, so that the message blames what takes the memory (eight
/// 8,192² images, not the three small frames that came after them).
struct MemoryBudget: Sendable {
  /// One thing the run will hold.
  struct Charge: Sendable, Equatable {
    /// What it is, as messages name it.
    var what: String
    /// What a refusal calls it with the charges like it (`images`), so
    /// that seven images read "7 images (1792 MiB)".
    var group: String
    var bytes: Int
  }

  /// The budget of every run: 2 GiB.
  static let defaultLimit = 2 << 30

  /// The environment variable that lowers the budget, in MiB (for tests,
  /// which show a limit at work with small inputs); it never raises it.
  static let limitVariable = "ANIMRENDER_MEMORY_BUDGET"

  /// The budget of this process: ``defaultLimit``, or less when
  /// ``limitVariable`` holds a whole number of MiB below it, and never
  /// more than an address-space limit (`ulimit -v`) leaves beside the
  /// program itself (``ResourceLimits/pixelBytes(within:)``).
  static let processLimit: Int = ResourceLimits.pixelBytes(
    within: limit(fromEnvironment: Platform.environment(limitVariable)))

  /// The budget `text` (``limitVariable``'s value) sets: its MiB when it
  /// is a whole number from 1 up to the default, else the default.
  static func limit(fromEnvironment text: String?) -> Int {
    guard let text, let mebibytes = Int(text), mebibytes >= 1,
      mebibytes <= defaultLimit >> 20
    else { return defaultLimit }
    return mebibytes << 20
  }

  /// The most bytes the charges may add up to.
  let limit: Int
  /// Every charge so far, in order.
  private(set) var charges: [Charge] = []
  /// Their sum, never above ``limit``.
  private(set) var total = 0

  init(limit: Int = MemoryBudget.processLimit) {
    self.limit = limit
  }

  /// The bytes still free.
  var remaining: Int { limit - total }

  /// Charges `bytes` for `what`, or throws (of `kind`) when the total
  /// would pass the limit; `advice` says how to need less.
  mutating func charge(
    _ bytes: Int, for what: String, group: String? = nil, kind: CLIError.Kind = .usage,
    advice: String = ""
  ) throws(CLIError) {
    try check(bytes, for: what, kind: kind, advice: advice)
    charges.append(Charge(what: what, group: group ?? what, bytes: bytes))
    total += bytes
  }

  /// Throws, as ``charge(_:for:group:kind:advice:)`` would, when `bytes` more
  /// would not fit, without charging them.
  func check(
    _ bytes: Int, for what: String, kind: CLIError.Kind = .usage, advice: String = ""
  ) throws(CLIError) {
    guard bytes < 0 || bytes > remaining else { return }
    throw CLIError(kind, refusal(bytes, for: what, advice: advice))
  }

  /// The one-line refusal of `bytes` for `what`: what it needs, the largest
  /// charges already made (at most three), the total and the limit.
  func refusal(_ bytes: Int, for what: String, advice: String = "") -> String {
    let overflows = bytes < 0 || bytes > Int.max - total
    var text =
      overflows
      ? "\(what): more than \(Int.max >> 20) MiB of memory"
      : "\(what): \(MemoryBudget.describe(bytes)) of memory"
    // The charges before, by group, largest first: "7 images (1792 MiB)".
    var groups: [(name: String, count: Int, bytes: Int)] = []
    for charge in charges {
      if let i = groups.firstIndex(where: { $0.name == charge.group }) {
        groups[i].count += 1
        groups[i].bytes += charge.bytes
      } else {
        groups.append((charge.group, 1, charge.bytes))
      }
    }
    let largest = groups.filter { $0.bytes > 0 }.sorted { $0.bytes > $1.bytes }.prefix(3)
    if !largest.isEmpty {
      let others = largest.map {
        "\($0.count > 1 ? "\($0.count) " : "")\($0.name) (\(MemoryBudget.describe($0.bytes)))"
      }
      text += " on top of \(others.joined(separator: ", "))"
      if groups.count > largest.count { text += " and more" }
      if !overflows { text += ", \(MemoryBudget.describe(total + bytes)) in all" }
    }
    text += ": more than the \(MemoryBudget.describe(limit)) one run may use"
    return advice.isEmpty ? text : "\(text); \(advice)"
  }

  /// `bytes` as a refusal says it: in MiB from 1 MiB up, else in KiB,
  /// rounded up, so that it never says "0".
  static func describe(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\(mebibytes(bytes)) MiB" : "\((bytes + 1_023) / 1_024) KiB"
  }

  /// `bytes` in MiB, rounded up.
  static func mebibytes(_ bytes: Int) -> Int {
    bytes / (1 << 20) + (bytes % (1 << 20) == 0 ? 0 : 1)
  }
}
