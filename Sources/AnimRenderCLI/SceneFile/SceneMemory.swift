import Transit

/// Counts the memory of scenes kept together, each part once however many
/// scenes share it: what a ``Story``'s frames charge to the run's
/// ``MemoryBudget``.
///
/// Scenes are values that share their storage: a frame of a transition
/// holds new top-level views (their frames and alphas change) but the very
/// arrays of children the frame before held. So the count follows arrays
/// of views by their storage: one seen before is shared and costs nothing
/// more. An array's storage is identified by its address, which is safe
/// because every array counted is kept alive by a kept scene: no other
/// array can be given its address while the scenes are kept.
///
/// A scene's id index (a dictionary entry and a path for each view) is
/// rebuilt only when its tree changes shape; it is counted whenever the
/// tree's shape (the top-level ids and their children's arrays) differs
/// from the previous scene's.
struct SceneMemory {
  /// The storage addresses of the arrays of views counted.
  private var seen: Set<UInt> = []
  /// The shape of the last scene added.
  private var lastShape: [Shape] = []

  private struct Shape: Equatable {
    var id: String
    var children: UInt
  }

  /// Bytes a view's id index entry takes: a dictionary slot, the id's
  /// storage and the path's array.
  static let indexBytesPerView = 128

  /// Adds `scene`; returns the bytes it holds that no scene added before
  /// shares.
  mutating func add(_ scene: Scene) -> Int {
    var bytes = MemoryLayout<Scene>.stride
    let shape = scene.views.map { Shape(id: $0.id, children: SceneMemory.address(of: $0.children)) }
    if shape != lastShape {
      bytes += scene.viewCount * SceneMemory.indexBytesPerView
      lastShape = shape
    }
    return bytes + count(scene.views)
  }

  /// The bytes of `views` and everything in them not counted before.
  private mutating func count(_ views: [View]) -> Int {
    guard !views.isEmpty, seen.insert(SceneMemory.address(of: views)).inserted else { return 0 }
    // The array's header, its elements, and what each holds outside them.
    var bytes = 32 + views.count * MemoryLayout<View>.stride
    for view in views {
      bytes += count(view.id) + count(view.children)
      if let text = view.text { bytes += count(text.string) }
    }
    return bytes
  }

  /// The bytes a string holds outside its own 16 and not counted before:
  /// none up to 15 bytes of UTF-8 (stored inline), else its storage, once.
  private mutating func count(_ string: String) -> Int {
    let count = string.utf8.count
    guard count > 15 else { return 0 }
    if let address = string.utf8.withContiguousStorageIfAvailable({
      UInt(bitPattern: $0.baseAddress)
    }), !seen.insert(address).inserted {
      return 0
    }
    return 32 + count
  }

  private static func address(of views: [View]) -> UInt {
    views.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
  }
}
