@testable import TransitRender

/// The mapping's formula evaluated pixel by pixel, with nothing cut, hoisted
/// or vectorised: the model the fast mapping must match bit for bit.
///
/// For the destination pixel centre (x, y) = (originX + column + ½, originY
/// + row + ½): the homogeneous source point is `(u, v, q) = M⁻¹·(x, y, 1)`,
/// evaluated as `uBase + ua·column` with `uBase = ua·x₀ + ub·y + uc` (and so
/// for v and q), the source position `u·(1/q) − ½` (pixel-centre
/// coordinates), clamped to the picture and sampled bilinearly in Double;
/// the coverage is the product of the four edge distances plus ½, each
/// clamped to 0…1. Nothing is drawn where the coverage is 0 or q ≤ 0.
///
/// Unlike ``ReferenceMapping`` (which accumulates its coordinates along a
/// row, and so rounds differently), this is the arithmetic the fast paths
/// promise to reproduce exactly: a level row's or a column's hoisted
/// division, and the four lanes of a vector, change no bit of it.
enum PlainMapping {
  static func map(
    _ source: ProjectiveMapping.Source, through toDevice: Homography,
    quad: [(x: Double, y: Double)], into destination: ProjectiveMapping.Destination
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
        out[column] = sample(source, x: u, y: v, coverage: coverage)
      }
    }
  }

  /// Bilinear sampling at pixel-centre coordinates, clamped at the edges.
  static func sample(_ source: ProjectiveMapping.Source, x: Double, y: Double, coverage: Double)
    -> UInt32
  {
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
