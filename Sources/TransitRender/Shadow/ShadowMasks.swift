import CTransitCairo
import Transit

/// The blurred masks of shadows, kept while the same shapes are drawn.
///
/// A shadow's mask depends on its shape (size and radii), its blur, the
/// scale it is drawn at, where the shape falls within a pixel (its phase),
/// and which part of it is drawn; not on where the shape is in whole
/// pixels, nor on the shadow's colour or opacity (applied when the mask is
/// painted). Cards of one size on a screen share one mask.
///
/// ## Moving by fractions of a pixel
/// A screen that slides moves its cards by a different fraction of a
/// pixel on every frame, and a mask at each new phase would be a new blur
/// on every frame. A wide blur is smooth enough not to need one: when σ is
/// at least ``smoothSigma`` pixels on both axes, the shape is blurred once
/// at phase 0, kept unrounded, and each phase's mask is that blur moved by
/// the phase with bilinear weights, then rounded. Moving a Gaussian-blurred
/// edge by linear interpolation errs by at most `h²/8 · max|f″|`, with
/// `h` = 1 pixel and `max|f″| = 255 · 0.242 / σ²` steps per pixel² for a
/// blurred straight edge: 0.21 of a step at σ = 6, less beyond. That is
/// kept for shapes asked for at more than ``movedAfter`` phases (a card
/// sliding with its screen). Any other mask is built at its own phase,
/// from the shape's one-dimensional profiles (``ShadowProfiles``) when it
/// has straight sides, else by the two-dimensional blur.
///
/// At most ``keptBytes`` bytes of masks and as many of blurs are kept,
/// the least recently used dropped first.
final class ShadowMasks {
  static let keptBytes = 16 << 20
  /// The narrowest blur, in pixels, that is moved rather than blurred
  /// again for each phase.
  static let smoothSigma = 6.0
  /// The most phases of one shape built from its profiles before its blur
  /// at phase 0 is kept and moved instead.
  static let movedAfter = 8

  /// What a mask depends on, in the pixel grid it is computed in (see
  /// `Renderer.drawShadow`).
  struct Key: Hashable {
    /// The shape, in the view's own coordinates.
    var size: Size
    var radii: CornerRadii
    /// The blur's standard deviation in the view's own coordinates.
    var sigma: Double
    /// The scale from the view's coordinates to the grid's pixels.
    var scaleX: Double
    var scaleY: Double
    /// Where the shape's origin falls in its grid pixel, 0..<1.
    var phaseX: Double
    var phaseY: Double
    /// The pixels computed, relative to the origin's grid pixel.
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    var sigmaX: Double { sigma * abs(scaleX) }
    var sigmaY: Double { sigma * abs(scaleY) }
    /// Pixels, relative to the mask's top-left, that are never painted
    /// (they lie under an opaque background, whatever the phase) and so
    /// are not computed: `holeX0..<holeX1` × `holeY0..<holeY1`, or none
    /// when empty.
    var holeX0 = 0
    var holeY0 = 0
    var holeX1 = 0
    var holeY1 = 0

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }

    /// The spans of row `y` that are computed: all of it, or the parts
    /// left and right of the hole.
    func spans(ofRow y: Int) -> (Range<Int>, Range<Int>) {
      guard holeX1 > holeX0, y >= holeY0, y < holeY1 else { return (0..<width, width..<width) }
      return (0..<holeX0, holeX1..<width)
    }
  }

  /// A blur, unrounded: `key.width × key.height` values 0…255 (in memory
  /// for at least `capacity`).
  final class Blur {
    let values: UnsafeMutablePointer<Float>
    let capacity: Int
    init(count: Int) {
      values = .allocate(capacity: count)
      capacity = count
    }
    deinit { values.deallocate() }
  }

  /// A mask's surface and the memory its pixels are in.
  final class Mask {
    let surface: CairoSurface
    /// The pixels' memory, handed on to the next mask (`nil`) or freed
    /// with the mask.
    var memory: UnsafeMutableRawPointer?
    let capacity: Int
    init(surface: CairoSurface, memory: UnsafeMutableRawPointer, capacity: Int) {
      (self.surface, self.memory, self.capacity) = (surface, memory, capacity)
    }
    deinit { memory?.deallocate() }
  }

  /// How many masks built lately and not asked for again are held apart
  /// from the kept ones (`young`).
  static let youngMasks = 16

  private var masks = Kept<Mask>()
  /// Masks built lately and not asked for again yet, oldest first: a
  /// flight's masks, a new shape on every frame and never asked for again,
  /// go out of here and lend their memory to the next ones rather than
  /// filling `masks` (fresh memory on every frame costs a page fault
  /// every 4 KiB). A mask asked for again moves to `masks`.
  private var young: [(key: Key, mask: Mask)] = []
  /// The keys of the latest masks that went out of `young`: asked for
  /// again (a scene with more shadows than `young` holds), they go
  /// straight to `masks`.
  private var droppedKeys = LatestKeys()
  /// The keys of the latest shadows painted without a mask: asked for
  /// again, they get one.
  private var paintedKeys = LatestKeys()
  /// Memory of masks gone, for the next ones.
  private var spareMemory: [(memory: UnsafeMutableRawPointer, capacity: Int)] = []
  private var blurs = Kept<Blur>()
  /// The first pass of every blur, and the blur of a mask computed at its
  /// own phase, which is rounded into the mask and not kept.
  private let scratch = GaussianBlur.Scratch()
  private let unkept = GaussianBlur.Scratch()
  /// Blurs dropped from `blurs`, whose memory the next ones reuse: a
  /// shape that changes on every frame (a flight) asks for a new blur on
  /// every frame, and megabytes fresh from the system on every frame cost
  /// a page fault every 4 KiB.
  private var spareBlurs: [Blur] = []
  /// Masks built from one-dimensional profiles (most shapes).
  private let profiles = ShadowProfiles()
  /// How many phases each of the latest 64 shapes and blurs (keys at
  /// phase 0) has been asked for at, and those keys.
  private var phases: [Key: Int] = [:]
  private var shapes = KeyRing(capacity: 64)
  /// The shape rasterized for a blur, reused from blur to blur for the
  /// same reason.
  private let shape = ShapeRaster()

  deinit {
    for spare in spareMemory { spare.memory.deallocate() }
  }

  /// The mask for `key`, computed the first time it is asked for.
  func mask(for key: Key) throws(RenderError) -> CairoSurface {
    try mask(for: key, orPaint: nil)!
  }

  /// The mask for `key`; or, the first time a key that would be built
  /// from its shape's profiles is asked for, `nil` once `paint` has
  /// painted it straight from them (`ShadowProfiles.paint`, the same
  /// bits) and returned `true`. A flight's shape is new on every frame
  /// and asked for once: painted so, it costs no mask's memory, nor the
  /// writing and reading of one. A key asked for again (a card that
  /// stays) gets its mask then, kept as any other.
  func mask(
    for key: Key, orPaint paint: ((ShadowProfiles) throws(RenderError) -> Bool)?
  ) throws(RenderError) -> CairoSurface? {
    if let mask = masks[key] { return mask.surface }
    if let index = young.firstIndex(where: { $0.key == key }) {
      let mask = young.remove(at: index).mask
      recycle(masks.insert(mask, for: key, bytes: mask.capacity))
      return mask.surface
    }
    let smooth = key.sigmaX >= Self.smoothSigma && key.sigmaY >= Self.smoothSigma
    // A key painted once is asked for again: it gets the mask its first
    // request would have built, from its profiles, and that request
    // counted its phase already (a mask kept then would have been found
    // now, without counting).
    let paintedBefore = paintedKeys.remove(key)
    let moving = !paintedBefore && smooth && recurring(key)
    if !moving, !paintedBefore, let paint, !droppedKeys.contains(key) {
      if try paint(profiles) {
        paintedKeys.insert(key)
        return nil
      }
    }
    let kept = try newMask(width: key.width, height: key.height)
    let mask = kept.surface
    if moving {
      try moved(key, into: mask)
    } else if try profiles.write(key, into: mask) {
      // Built from the shape's profiles at its own phase.
    } else if smooth {
      try moved(key, into: mask)
    } else {
      let values = try blurred(key, into: unkept.floats(key.width * key.height))
      try mask.withPixels { pixels, rowStride in
        for y in 0..<key.height {
          let target = (pixels + y * rowStride).assumingMemoryBound(to: UInt8.self)
          let (first, second) = key.spans(ofRow: y)
          let source = values + y * key.width
          GaussianBlur.round(source, into: target, count: first.count)
          GaussianBlur.round(
            source + second.lowerBound, into: target + second.lowerBound, count: second.count)
        }
      }
    }
    if droppedKeys.contains(key) {
      recycle(masks.insert(kept, for: key, bytes: kept.capacity))
    } else {
      young.append((key, kept))
      if young.count > Self.youngMasks {
        let gone = young.removeFirst()
        droppedKeys.insert(gone.key)
        recycle([gone.mask])
      }
    }
    return mask
  }

  /// A mask surface of `width × height` pixels, in memory left by a mask
  /// gone when some fits; its pixels are not cleared.
  private func newMask(width: Int, height: Int) throws(RenderError) -> Mask {
    try Image.validate(width: width, height: height, what: "shadow")
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
    let bytes = stride * height
    let memory: UnsafeMutableRawPointer
    let capacity: Int
    if let index = spareMemory.lastIndex(where: {
      $0.capacity >= bytes && $0.capacity <= 2 * bytes + 65_536
    }) {
      (memory, capacity) = spareMemory.remove(at: index)
    } else {
      // A quarter more than asked for, so that a growing shape (a flight)
      // fits in the memory of its masks a few frames before.
      capacity = bytes + bytes / 4
      memory = .allocate(byteCount: capacity, alignment: 16)
    }
    let mask = Mask(
      surface: try CairoSurface(
        adopting: cairo_image_surface_create_for_data(
          memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8, Int32(width),
          Int32(height), Int32(stride))!,
        width: width, height: height, what: "shadow"),
      memory: memory, capacity: capacity)
    return mask
  }

  /// Takes the memory of masks gone for the next ones (at most eight
  /// pieces kept).
  private func recycle(_ gone: [Mask]) {
    for mask in gone {
      guard let memory = mask.memory else { continue }
      mask.memory = nil
      spareMemory.append((memory, mask.capacity))
    }
    while spareMemory.count > 8 { spareMemory.removeFirst().memory.deallocate() }
  }

  /// Whether masks of the same shape and blur have lately been asked for
  /// at more than ``movedAfter`` phases: a card that slides, whose blur at
  /// phase 0 is then kept and moved for each phase, rather than a flight
  /// (a new shape on every frame, asked for once per flight).
  private func recurring(_ key: Key) -> Bool {
    var shape = key
    (shape.phaseX, shape.phaseY) = (0, 0)
    if let count = phases[shape] {
      phases[shape] = count + 1
      return count + 1 > Self.movedAfter
    }
    if let gone = shapes.insert(shape) { phases[gone] = nil }
    phases[shape] = 1
    return false
  }

  /// Writes the mask for `key` as its shape's blur at phase 0, moved by
  /// the phase with bilinear weights and rounded.
  private func moved(_ key: Key, into mask: CairoSurface) throws(RenderError) {
    // The blur at phase 0, a pixel wider on the top and left, moved.
    var still = key
    (still.phaseX, still.phaseY) = (0, 0)
    // Mask pixel (x, y) reads the blur at (x…x + 1, y…y + 1): what no
    // pixel outside the hole reads is the hole moved one pixel in from
    // its top and left.
    if key.holeX1 > key.holeX0 {
      (still.holeX0, still.holeY0) = (key.holeX0 + 1, key.holeY0 + 1)
    }
    (still.x0, still.y0) = (key.x0 - 1, key.y0 - 1)
    let blur = try blurred(still)
    let (px, py) = (Float(key.phaseX), Float(key.phaseY))
    let weights = ((1 - px) * (1 - py), px * (1 - py), (1 - px) * py, px * py)
    let stride = still.width
    try mask.withPixels { pixels, rowStride in
      let row = UnsafeMutablePointer<Float>.allocate(capacity: key.width)
      defer { row.deallocate() }
      for y in 0..<key.height {
        // Output (x, y) reads the blur at (x + 1, y + 1) and the pixels
        // above and to its left, where the shape was before moving.
        let below = blur.values + (y + 1) * stride + 1
        let above = below - stride
        let target = (pixels + y * rowStride).assumingMemoryBound(to: UInt8.self)
        let (first, second) = key.spans(ofRow: y)
        func move(_ span: Range<Int>) {
          let (start, end) = (span.lowerBound, span.upperBound)
          // A move along one axis only (a screen sliding sideways) has
          // two weights of 0, whose terms add +0 or −0: left out, the
          // same bits.
          if py == 0 {
            for x in start..<end { row[x] = weights.0 * below[x] + weights.1 * below[x - 1] }
          } else if px == 0 {
            for x in start..<end { row[x] = weights.0 * below[x] + weights.2 * above[x] }
          } else {
            for x in start..<end {
              row[x] =
                weights.0 * below[x] + weights.1 * below[x - 1] + weights.2 * above[x]
                + weights.3 * above[x - 1]
            }
          }
          GaussianBlur.round(row + start, into: target + start, count: end - start)
        }
        move(first)
        move(second)
      }
    }
  }

  /// The blur for `key`, unrounded, computed the first time it is asked
  /// for and kept.
  private func blurred(_ key: Key) throws(RenderError) -> Blur {
    if let blur = blurs[key] { return blur }
    let count = key.width * key.height
    let spare = spareBlurs.lastIndex { $0.capacity >= count && $0.capacity <= 2 * count }
    let blur = spare.map { spareBlurs.remove(at: $0) } ?? Blur(count: count)
    _ = try blurred(key, into: blur.values)
    let dropped = blurs.insert(blur, for: key, bytes: blur.capacity * 4)
    spareBlurs.append(contentsOf: dropped)
    if spareBlurs.count > 4 { spareBlurs.removeFirst(spareBlurs.count - 4) }
    return blur
  }

  /// Writes the blur for `key`, unrounded, into `values` and returns it:
  /// the shape rasterized with the same path and antialiasing as the
  /// view's background, into a mask that reaches past the pixels asked for
  /// by the blur's reach, then blurred. Values in the key's hole may be
  /// left unwritten.
  private func blurred(
    _ key: Key, into values: UnsafeMutablePointer<Float>
  ) throws(RenderError) -> UnsafeMutablePointer<Float> {
    let rx = GaussianBlur.reach(sigma: key.sigmaX)
    let ry = GaussianBlur.reach(sigma: key.sigmaY)
    let (inputWidth, inputHeight) = (key.width + 2 * rx, key.height + 2 * ry)
    let input = try shape.clearedSurface(width: inputWidth, height: inputHeight).surface
    let context = try CairoContext(surface: input)
    context.matrix = AffineMatrix(
      xx: key.scaleX, yx: 0, xy: 0, yy: key.scaleY,
      x0: key.phaseX - Double(key.x0 - rx), y0: key.phaseY - Double(key.y0 - ry))
    context.roundedRectangle(Rect(size: key.size), radii: key.radii)
    context.fill(.black)
    try context.check("drawing a shadow's shape")
    try input.withPixels { source, sourceStride in
      GaussianBlur.blur(
        source.assumingMemoryBound(to: UInt8.self), inputWidth: key.width + 2 * rx,
        inputHeight: key.height + 2 * ry, inputStride: sourceStride, into: values,
        sigmaX: key.sigmaX, sigmaY: key.sigmaY,
        skipping: (key.holeX0, key.holeY0, key.holeX1, key.holeY1), scratch: scratch)
    }
    return values
  }

  /// Values by key, at most ``ShadowMasks/keptBytes`` of them, the least
  /// recently used dropped first (the last one inserted is always kept).
  private struct Kept<Value> {
    private var values: [Key: (value: Value, bytes: Int, lastUse: Int)] = [:]
    private var bytes = 0
    private var clock = 0

    subscript(key: Key) -> Value? {
      mutating get {
        guard let kept = values[key] else { return nil }
        clock += 1
        values[key]?.lastUse = clock
        return kept.value
      }
    }

    /// Keeps `value`, and returns the values dropped to make room.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key, bytes size: Int) -> [Value] {
      var dropped: [Value] = []
      while !values.isEmpty, bytes + size > ShadowMasks.keptBytes {
        let oldest = values.min { $0.value.lastUse < $1.value.lastUse }!
        bytes -= oldest.value.bytes
        values[oldest.key] = nil
        dropped.append(oldest.value.value)
      }
      clock += 1
      values[key] = (value, size, clock)
      bytes += size
      return dropped
    }
  }
}

/// The latest 256 keys inserted, forgetting the oldest beyond them: what
/// ``ShadowMasks`` remembers of masks it let go and of shadows it painted
/// without one, so that a key asked for again is told apart from a new
/// one without keeping every key a long animation has seen.
private struct LatestKeys {
  private var keys: Set<ShadowMasks.Key> = []
  private var order = KeyRing(capacity: 256)

  func contains(_ key: ShadowMasks.Key) -> Bool { keys.contains(key) }

  mutating func insert(_ key: ShadowMasks.Key) {
    if let gone = order.insert(key) { keys.remove(gone) }
    keys.insert(key)
  }

  /// Forgets `key`; returns whether it was there.
  mutating func remove(_ key: ShadowMasks.Key) -> Bool { keys.remove(key) != nil }
}

/// The latest `capacity` keys inserted, in a ring: once it is full, a key
/// inserted takes the place of the oldest, which it returns. A flight
/// inserts keys on every frame, and moving all the others up each time
/// would cost more than the rest of the bookkeeping.
private struct KeyRing {
  let capacity: Int
  private var keys: [ShadowMasks.Key] = []
  /// Where the oldest key is once the ring is full.
  private var oldest = 0

  init(capacity: Int) { self.capacity = capacity }

  /// Inserts `key`; returns the oldest key when it is pushed out.
  mutating func insert(_ key: ShadowMasks.Key) -> ShadowMasks.Key? {
    guard keys.count == capacity else {
      keys.append(key)
      return nil
    }
    let gone = keys[oldest]
    keys[oldest] = key
    oldest = (oldest + 1) % capacity
    return gone
  }
}
