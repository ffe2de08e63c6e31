import CTransitShadow

/// A separable Gaussian blur of an 8-bit alpha mask: the blur a shadow is.
///
/// ## The kernel
/// A pixel of the mask is a small square of uniform coverage, so the blur
/// at a pixel centre is the continuous Gaussian integrated over each pixel
/// square of the mask. On one axis the weight of the pixel `k` away is
///
/// ```
/// w(k) = Φ((k + ½)/σ) − Φ((k − ½)/σ),   Φ(x) = (1 + erf(x/√2)) / 2,
/// ```
///
/// and the two-dimensional weight of a pixel `(i, j)` away is `w(i)·w(j)`,
/// exactly the integral of the isotropic Gaussian over that square, since
/// the Gaussian is a product of one per axis. That is why the blur can be
/// done as two passes, rows then columns, with nothing lost: it is the 2-D
/// convolution, in a different order of sums. Integrating rather than
/// sampling the curve at pixel centres keeps small blurs honest (σ = 0.3
/// spreads a pixel over its neighbours by what the curve covers of them,
/// and σ = 0 leaves the mask as it is). The kernel is cut at
/// `⌈4σ⌉` pixels each side, which drops 6·10⁻⁵ of its weight, and the kept
/// weights are scaled to sum to 1 so that a solid area stays solid.
///
/// ## Precision
/// Weights are computed in doubles and summed in `Float` (24-bit
/// significands against 8-bit inputs and at most a few hundred terms), and
/// the result is left unrounded for its user to round once, to the
/// nearest of the 255 steps: within half a step of the same blur done in
/// doubles.
///
/// ## Speed
/// Rows of a rounded rectangle's mask repeat: every row through its
/// straight sides is the same. A row equal to the one before reuses its
/// first pass, and an output row whose whole window of input rows is one
/// repeated row is that row's first pass, with no second pass. Columns
/// repeat too (every column through the top and bottom sides): an output
/// column whose window of input columns is one repeated column takes the
/// bits of the first such column on both passes. What is left, the
/// corners and the edges' profiles, is summed in C (`transit_blur_pass`),
/// eight floats to an AVX2 register, each output kept in a register over
/// its window, with the products and sums rounded in the same order as a
/// plain loop: the same bits.
enum GaussianBlur {
  /// The one-sided width, in pixels, past which the kernel is cut: `⌈4σ⌉`.
  static func reach(sigma: Double) -> Int {
    guard sigma > 0 else { return 0 }
    return Int((4 * sigma).rounded(.up))
  }

  /// The weights `w(−r)…w(r)` of the pixels up to `r = reach(sigma:)` away,
  /// summing to 1.
  static func weights(sigma: Double) -> [Float] {
    let reach = reach(sigma: sigma)
    guard reach > 0 else { return [1] }
    let scale = 1 / (sigma * 2.0.squareRoot())
    func phi(_ x: Double) -> Double { Platform.errorFunction(x * scale) }
    var weights = (-reach...reach).map { k in
      (phi(Double(k) + 0.5) - phi(Double(k) - 0.5)) / 2
    }
    let sum = weights.reduce(0, +)
    for k in weights.indices { weights[k] /= sum }
    return weights.map { Float($0) }
  }

  /// Memory a blur works in, kept from one blur to the next: a blur's
  /// first pass over a large shape is megabytes, which fresh from the
  /// system would cost a page fault every 4 KiB on every blur.
  final class Scratch {
    private var pointer = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private var capacity = 0

    /// At least `count` floats, valid until the next call.
    func floats(_ count: Int) -> UnsafeMutablePointer<Float> {
      if count > capacity {
        pointer.deallocate()
        pointer = .allocate(capacity: count)
        capacity = count
      }
      return pointer
    }

    deinit { pointer.deallocate() }
  }

  /// Blurs `input` (`inputWidth × inputHeight` bytes, rows `inputStride`
  /// apart) into `output` (`(inputWidth − 2·rx) × (inputHeight − 2·ry)`
  /// values 0…255, not rounded, rows packed): output pixel (x, y) is the
  /// blur at input pixel (x + rx, y + ry), with `rx, ry` the reaches of
  /// `sigmaX, sigmaY`. The input must hold every pixel the output's
  /// windows reach. Outputs in `skipping` (`x0..<x1` × `y0..<y1`, none
  /// when empty), which their user never reads, may be left unwritten.
  static func blur(
    _ input: UnsafePointer<UInt8>, inputWidth: Int, inputHeight: Int, inputStride: Int,
    into output: UnsafeMutablePointer<Float>, sigmaX: Double, sigmaY: Double,
    skipping: (x0: Int, y0: Int, x1: Int, y1: Int) = (0, 0, 0, 0),
    scratch: Scratch = Scratch()
  ) {
    let horizontal = weights(sigma: sigmaX)
    let vertical = weights(sigma: sigmaY)
    let rx = horizontal.count / 2
    let ry = vertical.count / 2
    let width = inputWidth - 2 * rx
    let height = inputHeight - 2 * ry
    guard width > 0, height > 0 else { return }

    // Columns repeat as rows do: every column through a rounded
    // rectangle's top and bottom sides is the same. An output column whose
    // window of input columns is one repeated column sums the same values
    // with the same weights in the same order as the first output column
    // of that run, so it takes that column's bits on both passes; only the
    // others (`computed`, in ranges) are summed. `copies` are the rest,
    // each with the column it repeats.
    let (computed, copies) = columnRuns(
      input, inputWidth: inputWidth, inputHeight: inputHeight, inputStride: inputStride,
      reach: rx)

    // First pass: each distinct input row blurred across, `width` floats
    // a row, kept once; `row[y]` is input row y's (that of the first row
    // of the run of equal rows holding y).
    var distinct = 1
    for y in 1..<inputHeight {
      let source = input + y * inputStride
      if !memoryEqual(source, source - inputStride, count: inputWidth) { distinct += 1 }
    }
    let passes = scratch.floats(width * distinct)
    let row = UnsafeMutablePointer<UnsafePointer<Float>?>.allocate(capacity: inputHeight)
    defer { row.deallocate() }
    let line = UnsafeMutablePointer<Float>.allocate(capacity: inputWidth)
    defer { line.deallocate() }
    var next = passes
    for y in 0..<inputHeight {
      let source = input + y * inputStride
      if y > 0, memoryEqual(source, source - inputStride, count: inputWidth) {
        row[y] = row[y - 1]
        continue
      }
      let target = next
      next += width
      row[y] = UnsafePointer(target)
      for x in 0..<inputWidth { line[x] = Float(source[x]) }
      horizontal.withUnsafeBufferPointer { w in
        for range in computed {
          transit_blur_pass(
            target + range.lowerBound, line + range.lowerBound, 1, w.baseAddress!,
            Int32(w.count), Int32(range.count))
        }
      }
      fill(target, copies)
    }

    // Second pass: down the columns of the first.
    let skipped = skipping.x1 > skipping.x0 ? skipping.y0..<max(skipping.y1, skipping.y0) : 0..<0
    vertical.withUnsafeBufferPointer { w in
      for y in 0..<height {
        let sums = output + y * width
        if row[y + 2 * ry] == row[y] {
          // A window of one repeated row: that row's first pass.
          if skipped.contains(y) {
            sums.update(from: row[y]!, count: min(skipping.x0, width))
            let rest = min(skipping.x1, width)
            sums.advanced(by: rest).update(from: row[y]! + rest, count: width - rest)
          } else {
            sums.update(from: row[y]!, count: width)
          }
          continue
        }
        for range in computed {
          transit_blur_pass_rows(
            sums + range.lowerBound, row + y, range.lowerBound, w.baseAddress!, Int32(w.count),
            Int32(range.count))
        }
        fill(sums, copies)
      }
    }
  }

  /// The output columns of a blur of reach `reach` across `input` that
  /// must be summed, as ranges, and those that repeat another: an output
  /// column `x` reads input columns `x…x + 2·reach`, and when those are
  /// all one column repeated, `x` repeats the first output column whose
  /// window lies in the same run.
  private static func columnRuns(
    _ input: UnsafePointer<UInt8>, inputWidth: Int, inputHeight: Int, inputStride: Int,
    reach: Int
  ) -> (computed: [Range<Int>], copies: [(source: Int, columns: Range<Int>)]) {
    let width = inputWidth - 2 * reach
    // runStart[c]: the first input column of the run of equal columns
    // holding c.
    var changes = [UInt8](repeating: 0, count: inputWidth)
    changes.withUnsafeMutableBufferPointer { changes in
      for y in 0..<inputHeight {
        let row = input + y * inputStride
        if y > 0, memoryEqual(row, row - inputStride, count: inputWidth) { continue }
        transit_mark_changes(row, Int32(inputWidth), changes.baseAddress!)
      }
    }
    var runStart = [Int](repeating: 0, count: inputWidth)
    for c in 1..<max(inputWidth, 1) { runStart[c] = changes[c] != 0 ? c : runStart[c - 1] }
    var computed: [Range<Int>] = []
    var copies: [(source: Int, columns: Range<Int>)] = []
    var x = 0
    while x < width {
      let run = runStart[x]
      if x > 0, runStart[x - 1] == run, runStart[x + 2 * reach] == run {
        // x − 1 is the first column of this flat stretch (computed, as
        // the loop takes a stretch whole): the rest repeat it.
        let source = x - 1
        var end = x + 1
        while end < width, runStart[end + 2 * reach] == run { end += 1 }
        copies.append((source, x..<end))
        x = end
      } else {
        if let last = computed.last, last.upperBound == x {
          computed[computed.count - 1] = last.lowerBound..<(x + 1)
        } else {
          computed.append(x..<(x + 1))
        }
        x += 1
      }
    }
    return (computed, copies)
  }

  /// Each range of `copies` set to its source column's value.
  @inline(__always)
  private static func fill(
    _ values: UnsafeMutablePointer<Float>, _ copies: [(source: Int, columns: Range<Int>)]
  ) {
    for copy in copies {
      let value = values[copy.source]
      for x in copy.columns { values[x] = value }
    }
  }

  /// Each value to the nearest byte, 0…255 (halves to even).
  static func round(
    _ values: UnsafePointer<Float>, into target: UnsafeMutablePointer<UInt8>, count: Int
  ) {
    for x in 0..<count {
      // 2²³ + v, for v in 0…255, holds round(v) in its low bits: a
      // conversion without the checks that keep a loop from vectorising.
      let v = min(max(values[x], 0), 255)
      target[x] = UInt8(truncatingIfNeeded: (v + 0x1p23).bitPattern)
    }
  }

  private static func memoryEqual(
    _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int
  ) -> Bool {
    transit_bytes_equal(a, b, count) != 0
  }
}
