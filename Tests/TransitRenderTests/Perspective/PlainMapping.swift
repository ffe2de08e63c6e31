@testable import TransitRender

/// The mapping's formula evaluated pixel by pixel, with nothing cut, hoisted
/// or vectorised: the model the fast mapping must match bit for bit.
///
/// For the destination pixel centre (x, y) = (originX + column + ½, originY
/// + row + ½): the homogeneous source point is `(u, v, q) = M⁻¹·(x, y, 1)`,
/// evaluated as `uBase + ua·column` with `uBase = ua·x₀ + ub·y + uc` (and so
/// for v and q), the source position `u·(1/q) − ½` (pixel-centre
/// coordinates), clamped to the picture; the coverage is the product of the
/// four edge distances plus ½, each clamped to 0…1. Nothing is drawn where
/// the coverage is 0 or q ≤ 0.
///
/// The blend comes in two kinds. `.fixedPoint` is the mapping's own: each
/// position rounded to 1/256 of a pixel, the two source rows blended with
/// weights out of 256 and halved (so a channel fits 15 bits), then the two
/// columns, and the sum (in 1/32768 of a step) scaled by the coverage and
/// rounded. `.double` is the blend the mapping used before, in doubles
/// (``ReferenceMapping/blend(_:_:_:_:fx:fy:coverage:)``): the fixed-point
/// blend must stay within one step of it.
///
/// Unlike ``ReferenceMapping`` (which accumulates its coordinates along a
/// row, and so rounds differently), this is the arithmetic the fast paths
/// promise to reproduce exactly: a level row's or a column's hoisted
/// division, and the lanes of a vector, change no bit of it.
enum PlainMapping {
  enum Blend { case fixedPoint, double }

  static func map(
    _ source: ProjectiveMapping.Source, through toDevice: Homography,
    quad: [(x: Double, y: Double)], into destination: ProjectiveMapping.Destination,
    blend: Blend = .fixedPoint
  ) {
    let inverse = toDevice.inverse
    let (edgeA, edgeB, edgeC) = ProjectiveMapping.edgeFunctions(quad)
    let (ua, ub, uc) = (
      (inverse?.a ?? 0) * source.scaleX, (inverse?.b ?? 0) * source.scaleX,
      (inverse?.c ?? 0) * source.scaleX
    )
    let (va, vb, vc) = (
      (inverse?.d ?? 0) * source.scaleY, (inverse?.e ?? 0) * source.scaleY,
      (inverse?.f ?? 0) * source.scaleY
    )
    let x0 = Double(destination.originX) + 0.5
    for row in 0..<destination.block.height {
      let out = (destination.block.start + row * destination.block.rowStride)
        .assumingMemoryBound(to: UInt32.self)
      for column in 0..<destination.block.width {
        out[column] = 0
        guard let inverse else { continue }
        let y = Double(destination.originY + row) + 0.5
        let c = Double(column)
        var coverage = 1.0
        for k in 0..<4 {
          let e = (edgeA[k] * x0 + edgeB[k] * y + edgeC[k]) + edgeA[k] * c + 0.5
          coverage *= Double.minimum(Double.maximum(e, 0), 1)
        }
        let q = (inverse.g * x0 + inverse.h * y + inverse.i) + inverse.g * c
        guard coverage > 0, q > 0 else { continue }
        let r = 1 / q
        let u = ((ua * x0 + ub * y + uc) + ua * c) * r - 0.5
        let v = ((va * x0 + vb * y + vc) + va * c) * r - 0.5
        switch blend {
        case .fixedPoint: out[column] = sample(source, x: u, y: v, coverage: coverage)
        case .double: out[column] = doubleSample(source, x: u, y: v, coverage: coverage)
        }
      }
    }
  }

  /// A position in 1/256 of a source pixel: clamped to the picture, then
  /// rounded to the nearest step (halves up).
  static func position(_ x: Double, size: Int) -> Int {
    let clamped = min(max(x, 0), Double(size - 1))
    return Int(clamped * 256 + 0.5)
  }

  /// The fixed-point bilinear sample at pixel-centre coordinates.
  static func sample(_ source: ProjectiveMapping.Source, x: Double, y: Double, coverage: Double)
    -> UInt32
  {
    let (width, height) = (source.block.width, source.block.height)
    let (tx, ty) = (position(x, size: width), position(y, size: height))
    let (ix, wx) = (tx / 256, tx % 256)
    let (iy, wy) = (ty / 256, ty % 256)
    let (ix1, iy1) = (min(ix + 1, width - 1), min(iy + 1, height - 1))
    func channel(_ x: Int, _ y: Int, _ k: Int) -> Int {
      let pixel = source.block.start.load(
        fromByteOffset: y * source.block.rowStride + x * 4, as: UInt32.self)
      return Int((pixel >> UInt32(8 * k)) & 0xFF)
    }
    var result: UInt32 = 0
    for k in 0..<4 {
      // Down each column, halved: at most 255·256 / 2 = 32640.
      let left = (channel(ix, iy, k) * (256 - wy) + channel(ix, iy1, k) * wy) / 2
      let right = (channel(ix1, iy, k) * (256 - wy) + channel(ix1, iy1, k) * wy) / 2
      let sum = left * (256 - wx) + right * wx
      let value = Int(Double(sum) * coverage / 32768 + 0.5)
      result |= UInt32(value) << UInt32(8 * k)
    }
    return result
  }

  /// The blend the mapping used before: bilinear in doubles.
  static func doubleSample(
    _ source: ProjectiveMapping.Source, x: Double, y: Double, coverage: Double
  ) -> UInt32 {
    let sx = min(max(x, 0), Double(source.block.width - 1))
    let sy = min(max(y, 0), Double(source.block.height - 1))
    let (ix, iy) = (Int(sx), Int(sy))
    let (ix1, iy1) = (min(ix + 1, source.block.width - 1), min(iy + 1, source.block.height - 1))
    func at(_ x: Int, _ y: Int) -> UInt32 {
      source.block.start.load(fromByteOffset: y * source.block.rowStride + x * 4, as: UInt32.self)
    }
    let (p00, p10, p01, p11) = (at(ix, iy), at(ix1, iy), at(ix, iy1), at(ix1, iy1))
    return ReferenceMapping.blend(
      p00, p10, p01, p11, fx: sx - Double(ix), fy: sy - Double(iy), coverage: coverage)
  }
}
