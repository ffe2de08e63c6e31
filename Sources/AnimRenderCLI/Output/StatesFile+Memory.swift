import Transit

extension StatesFile {
  /// The most bytes one view's entry takes, its id aside: the keys, 36
  /// numbers of at most 24 characters (`-2.2250738585072014e-308`), four
  /// colours and the longest content mode's name.
  static let viewEntryBytes = 1_536

  /// A bound on the bytes of the states file of `frames`, and so on what
  /// holding it whole takes: a stream (standard output, a device) is
  /// written only when every output is ready, so its states are held until
  /// then.
  ///
  /// Each view's entry takes at most ``viewEntryBytes`` and its id, which
  /// JSON may write six bytes a byte (`\u001b`); the file grows as it is
  /// joined, so twice that is held at its peak.
  static func heldBytes(_ frames: [FrameSpec]) -> Int {
    var total = 0
    for frame in frames {
      var bytes = 64
      for (view, _) in frame.scene().allViews() {
        bytes += viewEntryBytes + 6 * view.id.utf8.count
      }
      total = total.addingReportingOverflow(bytes).partialValue
      guard total < Int.max / 4 else { return Int.max / 2 }
    }
    return 2 * total
  }
}
