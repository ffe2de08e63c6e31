import Transit

/// The offscreen pictures of 3-D views, kept from one frame to the next so
/// that a view which only turns or moves is drawn once, not on every frame.
///
/// A 3-D view is drawn into a picture of its own bounds, which
/// ``ProjectiveMapping`` then maps onto the screen. That picture depends on
/// what the view draws — its size, colours, corners, border, image, text,
/// clipping and its whole subtree — and on the picture's pixel size, but not
/// on where the view is, how it is turned or its alpha (applied when the
/// mapped picture is composited; the picture itself is always drawn at
/// alpha 1). During a flip or a rotation only those last change, so the
/// picture of frame n serves frame n + 1 as long as the pixel size stays
/// the same, which is why the renderer chooses it from a few levels
/// (see ``Renderer/pictureStretch(_:)``). When anything drawn changes — a
/// child's colour, a text, a nested view's transform — the key differs and
/// the picture is drawn afresh.
///
/// Memory is bounded: at most ``keptPictures`` pictures and ``keptBytes``
/// bytes of pixels (or the one picture, if it alone is larger; a picture a
/// turn about the vertical axis has mapped also keeps a byte per pixel of
/// ``ColumnRuns``), the least recently used dropped first, and a picture of
/// the same contents at another size dropped as soon as a new size is
/// drawn; the memory of what is dropped is reused for the new picture when
/// large enough, else freed. A renderer is used by one thread at a time (the
/// CLI gives each worker its own), so the cache needs no lock; each worker
/// keeps its own pictures.
final class OffscreenPictures {
  /// At most this many pictures are kept: two views turning at once (a
  /// flip's or a rotation's), and room for a nested one or two.
  static let keptPictures = 4
  /// At most this many bytes of pictures are kept: a 4,096 × 4,096 picture,
  /// the largest the renderer draws, or four of a 1280 × 720 screen's at
  /// twice its size.
  static let keptBytes = 64 << 20

  /// What a picture depends on: the view with its position, transform,
  /// alpha, visibility and id set aside, and the picture's size in pixels.
  struct Key: Equatable {
    var contents: View
    var width: Int
    var height: Int

    init(view: View, width: Int, height: Int) {
      var contents = view
      contents.id = ""
      contents.frame.origin = Point(x: 0, y: 0)
      contents.transform = .identity
      contents.alpha = 1
      contents.isHidden = false
      self.contents = contents
      self.width = width
      self.height = height
    }
  }

  /// A picture's pixels: premultiplied ARGB32, `width` per row, no padding.
  /// Owned by the picture and freed with it, so a caller holding one keeps
  /// it valid even if the cache drops it meanwhile.
  final class Picture {
    let pixels: UnsafeMutablePointer<UInt32>
    let capacity: Int
    fileprivate(set) var width = 0
    fileprivate(set) var height = 0
    /// Its column runs, worked out the first time a turn about the
    /// vertical axis maps it, and forgotten when it is drawn again.
    let columnRuns: ColumnRuns

    fileprivate init(capacity: Int) {
      pixels = .allocate(capacity: capacity)
      self.capacity = capacity
      columnRuns = ColumnRuns(capacity: capacity)
    }

    deinit { pixels.deallocate() }

    var bytes: Int { capacity * 4 }
  }

  private var entries: [(key: Key, picture: Picture, lastUse: Int)] = []
  private var clock = 0
  /// Pictures drawn and pictures found, for tests.
  private(set) var drawn = 0
  private(set) var found = 0

  /// The number of pictures kept, and their bytes.
  var count: Int { entries.count }
  var bytes: Int { entries.reduce(0) { $0 + $1.picture.bytes } }

  /// The picture for `key`: the kept one, or a new one that `draw` draws
  /// into a cleared surface of the key's size (and that is then kept).
  ///
  /// - Throws: ``RenderError`` for a side outside 1…32767, or what `draw`
  ///   throws (nothing is kept then).
  func picture(
    for key: Key, what: @autoclosure () -> String,
    draw: (CairoSurface) throws(RenderError) -> Void
  ) throws(RenderError) -> Picture {
    clock += 1
    // At most one picture has these contents: drawing one drops the others.
    let same = entries.firstIndex { $0.key.contents == key.contents }
    // Its contents are the key's: the sizes alone decide (the key's own
    // `==` would compare the view trees again).
    if let index = same, entries[index].key.width == key.width,
      entries[index].key.height == key.height
    {
      entries[index].lastUse = clock
      found += 1
      return entries[index].picture
    }
    try Image.validate(width: key.width, height: key.height, what: what())
    let count = key.width * key.height
    // The same contents at another size: a view that has turned on to the
    // next level, which rarely turns back. Dropped first, with whatever else
    // must go to make room; what is dropped lends its memory to the new
    // picture when it is large enough.
    var dropped: [Picture] = []
    if let index = same { dropped.append(entries.remove(at: index).picture) }
    dropped += makeRoom(for: count * 4)
    var reusable: Picture?
    for index in dropped.indices
    where dropped[index].capacity >= count && isKnownUniquelyReferenced(&dropped[index]) {
      reusable = dropped[index]
      break
    }
    let picture: Picture
    if let reusable {
      picture = reusable
    } else {
      // A turning view's picture changes size in steps of 19 % in pixels:
      // the headroom lets the next step reuse this memory, which is then
      // neither mapped in nor page-faulted again.
      // (None beyond the byte limit: a picture that large is kept alone.)
      picture = Picture(capacity: max(count, min(count + count / 4, Self.keptBytes / 4)))
    }
    dropped.removeAll()
    picture.width = key.width
    picture.height = key.height
    picture.columnRuns.invalidate()
    picture.pixels.update(repeating: 0, count: count)
    let surface = try CairoSurface(
      wrapping: picture.pixels, width: key.width, height: key.height, what: what())
    defer { surface.finish() }
    try draw(surface)
    drawn += 1
    entries.append((key, picture, clock))
    // Room was made for the picture's pixels, but it holds its capacity
    // (headroom, or a larger reused buffer), and a nested 3-D view drawn
    // meanwhile may have filled the room again.
    _ = makeRoom(for: 0, keeping: picture)
    return picture
  }

  /// Drops the least recently used pictures (never `kept`) until one more
  /// picture of `bytes` fits; returns them.
  private func makeRoom(for bytes: Int, keeping kept: Picture? = nil) -> [Picture] {
    var dropped: [Picture] = []
    let extra = bytes > 0 ? 1 : 0
    while !entries.isEmpty,
      entries.count + extra > Self.keptPictures || self.bytes + bytes > Self.keptBytes
    {
      let candidates = entries.indices.filter { entries[$0].picture !== kept }
      guard let oldest = candidates.min(by: { entries[$0].lastUse < entries[$1].lastUse })
      else { break }
      dropped.append(entries.remove(at: oldest).picture)
    }
    return dropped
  }
}
