import Synchronization
import Transit

/// The offscreen pictures of 3-D views, kept from one frame to the next so
/// that a view which only turns or moves is drawn once, not on every frame.
///
/// A 3-D view is drawn into a picture of its own bounds, which
/// `ProjectiveMapping` then maps onto the screen. That picture depends on
/// what the view draws — its size, colours, corners, border, image, text,
/// clipping and its whole subtree — and on the picture's pixel size, but not
/// on where the view is, how it is turned or its alpha (applied when the
/// mapped picture is composited; the picture itself is always drawn at
/// alpha 1). During a flip or a rotation only those last change, so the
/// picture of frame n serves frame n + 1 as long as the pixel size stays
/// the same, which is why the renderer chooses it from a few levels
/// (see `Renderer/pictureStretch(_:)`). When anything drawn changes — a
/// child's colour, a text, a nested view's transform — the key differs and
/// the picture is drawn afresh.
///
/// Memory is bounded: at most `keptPictures` pictures and `keptBytes`
/// bytes of pixels (or the one picture, if it alone is larger; a picture a
/// turn about the vertical axis has mapped also keeps a byte per pixel of
/// `ColumnRuns`), the least recently used dropped first, and a picture of
/// the same contents at another size dropped as soon as a new size is
/// drawn; the memory of what is dropped is reused for the new picture when
/// large enough (and no renderer still holds it), else freed.
///
/// ## Shared between threads
///
/// Renderers that draw the frames of one animation on several threads share
/// one cache (``Renderer/init(options:pictures:)``; animrender's workers
/// do): a turning view's picture is then drawn, and its memory touched, once
/// for all of them rather than once per thread. A renderer that needs a picture another one is drawing
/// waits for it (`Monitor`) rather than drawing it too; pictures of other
/// contents are drawn meanwhile, outside the lock. A picture is written only
/// while it is drawn, by the one thread drawing it, before the cache hands
/// it to anyone else, and its memory is drawn over again only when no
/// renderer holds it any more; so readers need no lock. Waits cannot go
/// round in a circle: a picture drawn while another is (a 3-D view inside a
/// 3-D view) shows strictly less, so every chain of waits ends.
public final class OffscreenPictures: @unchecked Sendable {
  /// At most this many pictures are kept: two views turning at once (a
  /// flip's or a rotation's), and room for a nested one or two.
  static let keptPictures = 4
  /// At most this many bytes of pictures are kept: a 4,096 × 4,096 picture,
  /// the largest the renderer draws, or four of a 1280 × 720 screen's at
  /// twice its size.
  package static let keptBytes = 64 << 20

  /// The most memory the kept pictures take: ``keptBytes`` of pixels and
  /// a byte of column runs (``ColumnRuns``) for each of their pixels. A
  /// picture being drawn, or held by a renderer after the cache dropped
  /// it, comes on top (at most ``OffscreenPictureSize/bytes(pixelLimit:)``
  /// each).
  package static var keptMemory: Int { keptBytes + keptBytes / 4 }

  /// The pixels a new picture of `count` pixels is given room for: a
  /// turning view's picture changes size in steps of 19 % in pixels, and
  /// the headroom lets the next step reuse this memory, which is then
  /// neither mapped in nor page-faulted again. None beyond ``keptBytes``:
  /// a picture that large is kept alone.
  package static func capacity(forPixels count: Int) -> Int {
    max(count, min(count + count / 4, keptBytes / 4))
  }

  /// An empty cache, to give to the renderers that should share it.
  public init() {}

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
  /// it valid even if the cache drops it meanwhile. (Unchecked `Sendable`:
  /// written only as the cache's rules above allow.)
  final class Picture: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt32>
    let capacity: Int
    fileprivate(set) var width = 0
    fileprivate(set) var height = 0
    /// Its column runs, worked out the first time a turn about the
    /// vertical axis maps it, and forgotten when it is drawn again.
    let columnRuns: ColumnRuns

    /// Where the picture's memory is counted while it lives.
    private let tally: MemoryTally

    fileprivate init(capacity: Int, tally: MemoryTally) {
      pixels = .allocate(capacity: capacity)
      self.capacity = capacity
      columnRuns = ColumnRuns(capacity: capacity)
      self.tally = tally
      tally.add(memory)
    }

    deinit {
      pixels.deallocate()
      tally.add(-memory)
    }

    /// Its memory: four bytes a pixel of its capacity, and a byte a pixel
    /// of column runs (which never outgrow that capacity).
    var memory: Int { capacity * 5 }

    var bytes: Int { capacity * 4 }
  }

  /// A kept picture, or one a thread is drawing (not `isReady` yet).
  private struct Entry {
    var key: Key
    var picture: Picture
    var lastUse: Int
    var isReady: Bool
  }

  /// The memory of every picture alive, kept or not (a renderer may still
  /// hold one the cache dropped): what the budget's charge bounds.
  private let tally = MemoryTally()
  /// The most memory the pictures have taken at once, and the most one
  /// picture has taken (its pixels with their headroom, and column runs):
  /// for tests, which check them against what is charged for them.
  package var peakMemory: Int { tally.peak }
  package var largestPictureMemory: Int { tally.largest }

  /// Guards everything below.
  private let monitor = Monitor()
  private var entries: [Entry] = []
  private var clock = 0
  private var drawnCount = 0
  private var foundCount = 0

  /// Pictures drawn and pictures found, for tests.
  var drawn: Int { monitor.withLock { drawnCount } }
  var found: Int { monitor.withLock { foundCount } }

  /// The number of pictures kept (or being drawn), and their bytes.
  var count: Int { monitor.withLock { entries.count } }
  var bytes: Int { monitor.withLock { totalBytes } }
  private var totalBytes: Int { entries.reduce(0) { $0 + $1.picture.bytes } }

  /// The picture for `key`: the kept one, or a new one that `draw` draws
  /// into a cleared surface of the key's size (and that is then kept). When
  /// another thread is drawing it, waits until it is drawn.
  ///
  /// - Throws: ``RenderError`` for a side outside 1…32767, or what `draw`
  ///   throws (nothing is kept then, and threads waiting for the picture
  ///   try to draw it themselves).
  func picture(
    for key: Key, what: @autoclosure () -> String,
    draw: (CairoSurface) throws(RenderError) -> Void
  ) throws(RenderError) -> Picture {
    let (picture, mustDraw) = try monitor.withLock { () throws(RenderError) in
      try claim(key, what: what())
    }
    guard mustDraw else { return picture }
    do throws(RenderError) {
      picture.pixels.update(repeating: 0, count: key.width * key.height)
      let surface = try CairoSurface(
        wrapping: picture.pixels, width: key.width, height: key.height, what: what())
      defer { surface.finish() }
      try draw(surface)
    } catch {
      monitor.withLock {
        entries.removeAll { $0.picture === picture }
        monitor.broadcast()
      }
      throw error
    }
    monitor.withLock {
      if let index = entries.firstIndex(where: { $0.picture === picture }) {
        entries[index].isReady = true
      }
      drawnCount += 1
      // Room was made for the picture's pixels, but it holds its capacity
      // (headroom, or a larger reused buffer), and a nested 3-D view drawn
      // meanwhile may have filled the room again.
      _ = makeRoom(for: 0, keeping: picture)
      monitor.broadcast()
    }
    return picture
  }

  /// Inside the lock: the kept picture for `key` (`mustDraw` false), once
  /// it is drawn; or memory for it, entered as being drawn by the caller
  /// (`mustDraw` true).
  private func claim(_ key: Key, what: @autoclosure () -> String) throws(RenderError) -> (
    picture: Picture, mustDraw: Bool
  ) {
    clock += 1
    var same: [Int]
    while true {
      same = entries.indices.filter { entries[$0].key.contents == key.contents }
      // Its contents are the key's: the sizes alone decide (the key's own
      // `==` would compare the view trees again).
      guard
        let index = same.first(where: {
          entries[$0].key.width == key.width && entries[$0].key.height == key.height
        })
      else { break }
      if entries[index].isReady {
        entries[index].lastUse = clock
        foundCount += 1
        return (entries[index].picture, false)
      }
      // Another thread is drawing it: it broadcasts when it is done (or
      // has failed, and the entry is gone).
      monitor.wait()
    }
    try Image.validate(width: key.width, height: key.height, what: what())
    let count = key.width * key.height
    // The same contents at another size: a view that has turned on to the
    // next level, which rarely turns back. Dropped first (unless another
    // thread is drawing it), with whatever else must go to make room; what
    // is dropped lends its memory to the new picture when it is large
    // enough and nobody holds it.
    var dropped: [Picture] = []
    for index in same.reversed() where entries[index].isReady {
      dropped.append(entries.remove(at: index).picture)
    }
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
      picture = Picture(capacity: Self.capacity(forPixels: count), tally: tally)
    }
    dropped.removeAll()
    picture.width = key.width
    picture.height = key.height
    picture.columnRuns.invalidate()
    entries.append(Entry(key: key, picture: picture, lastUse: clock, isReady: false))
    return (picture, true)
  }

  /// Inside the lock: drops the least recently used kept pictures (never
  /// `kept`, nor one being drawn) until one more picture of `bytes` fits;
  /// returns them.
  private func makeRoom(for bytes: Int, keeping kept: Picture? = nil) -> [Picture] {
    var dropped: [Picture] = []
    let extra = bytes > 0 ? 1 : 0
    while !entries.isEmpty,
      entries.count + extra > Self.keptPictures || totalBytes + bytes > Self.keptBytes
    {
      let candidates = entries.indices.filter {
        entries[$0].isReady && entries[$0].picture !== kept
      }
      guard let oldest = candidates.min(by: { entries[$0].lastUse < entries[$1].lastUse })
      else { break }
      dropped.append(entries.remove(at: oldest).picture)
    }
    return dropped
  }
}

/// Bytes alive, their peak and the largest single amount added.
private final class MemoryTally: Sendable {
  private let state = Mutex((live: 0, peak: 0, largest: 0))

  func add(_ bytes: Int) {
    state.withLock {
      $0.live += bytes
      $0.peak = max($0.peak, $0.live)
      $0.largest = max($0.largest, bytes)
    }
  }

  var peak: Int { state.withLock { $0.peak } }
  var largest: Int { state.withLock { $0.largest } }
}
