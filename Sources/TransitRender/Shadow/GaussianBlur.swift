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
/// repeated row is that row's first pass, with no second pass.
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

  /// Blurs `input` (`inputWidth × inputHeight` bytes, rows `inputStride`
  /// apart) into `output` (`(inputWidth − 2·rx) × (inputHeight − 2·ry)`
  /// values 0…255, not rounded, rows packed): output pixel (x, y) is the
  /// blur at input pixel (x + rx, y + ry), with `rx, ry` the reaches of
  /// `sigmaX, sigmaY`. The input must hold every pixel the output's
  /// windows reach.
  static func blur(
    _ input: UnsafePointer<UInt8>, inputWidth: Int, inputHeight: Int, inputStride: Int,
    into output: UnsafeMutablePointer<Float>, sigmaX: Double, sigmaY: Double
  ) {
    let horizontal = weights(sigma: sigmaX)
    let vertical = weights(sigma: sigmaY)
    let rx = horizontal.count / 2
    let ry = vertical.count / 2
    let width = inputWidth - 2 * rx
    let height = inputHeight - 2 * ry
    guard width > 0, height > 0 else { return }

    // First pass: every input row blurred across, `width` floats a row.
    // `sameAs[y]` is the first row of the run of equal rows holding y.
    let rows = UnsafeMutablePointer<Float>.allocate(capacity: width * inputHeight)
    defer { rows.deallocate() }
    let line = UnsafeMutablePointer<Float>.allocate(capacity: inputWidth)
    defer { line.deallocate() }
    var sameAs = [Int](repeating: 0, count: inputHeight)
    for y in 0..<inputHeight {
      let source = input + y * inputStride
      let target = rows + y * width
      if y > 0, memoryEqual(source, source - inputStride, count: inputWidth) {
        sameAs[y] = sameAs[y - 1]
        target.update(from: target - width, count: width)
        continue
      }
      sameAs[y] = y
      for x in 0..<inputWidth { line[x] = Float(source[x]) }
      target.update(repeating: 0, count: width)
      horizontal.withUnsafeBufferPointer { w in
        for k in 0..<w.count {
          let weight = w[k]
          let shifted = line + k
          for x in 0..<width { target[x] += weight * shifted[x] }
        }
      }
    }

    // Second pass: down the columns of the first.
    vertical.withUnsafeBufferPointer { w in
      for y in 0..<height {
        let sums = output + y * width
        if sameAs[y + 2 * ry] == sameAs[y] {
          sums.update(from: rows + y * width, count: width)
          continue
        }
        sums.update(repeating: 0, count: width)
        for j in 0..<w.count {
          let weight = w[j]
          let row = rows + (y + j) * width
          for x in 0..<width { sums[x] += weight * row[x] }
        }
      }
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
    for x in 0..<count where a[x] != b[x] { return false }
    return true
  }
}
