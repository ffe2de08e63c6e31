@testable import TransitRender

/// The first, per-pixel implementation of ProjectiveMapping.map, kept as
/// the reference model the faster one is held to: every destination pixel
/// mapped back with two divisions, coverage from the four edge functions
/// accumulated along the row, bilinear sampling in Double.
enum ReferenceMapping {
  typealias Source = ProjectiveMapping.Source
  typealias Destination = ProjectiveMapping.Destination

  static func map(
    _ source: Source, through toDevice: Homography, quad: [(x: Double, y: Double)],
    into destination: Destination
  ) {
    guard let inverse = toDevice.inverse else { return }
    // Edge functions, positive inside whichever way the quad winds.
    var area = 0.0
    for k in 0..<4 {
      let (p, q) = (quad[k], quad[(k + 1) % 4])
      area += p.x * q.y - q.x * p.y
    }
    let orientation = area >= 0 ? 1.0 : -1.0
    var edgeA = [Double](repeating: 0, count: 4)
    var edgeB = [Double](repeating: 0, count: 4)
    var edgeC = [Double](repeating: 0, count: 4)
    for k in 0..<4 {
      let (p, q) = (quad[k], quad[(k + 1) % 4])
      let (dx, dy) = (q.x - p.x, q.y - p.y)
      let length = (dx * dx + dy * dy).squareRoot()
      guard length > 0 else {
        // A degenerate edge bounds nothing: make it always "inside".
        (edgeA[k], edgeB[k], edgeC[k]) = (0, 0, 1e9)
        continue
      }
      // cross(q − p, r − p) / |q − p| = (dx·(y − py) − dy·(x − px)) / length
      edgeA[k] = -dy / length * orientation
      edgeB[k] = dx / length * orientation
      edgeC[k] = (dy * p.x - dx * p.y) / length * orientation
    }
    let maxX = Double(source.block.width - 1)
    let maxY = Double(source.block.height - 1)
    let sourceStride = source.block.rowStride
    for row in 0..<destination.block.height {
      let y = Double(destination.originY + row) + 0.5
      let x0 = Double(destination.originX) + 0.5
      var u = inverse.a * x0 + inverse.b * y + inverse.c
      var v = inverse.d * x0 + inverse.e * y + inverse.f
      var q = inverse.g * x0 + inverse.h * y + inverse.i
      var e0 = edgeA[0] * x0 + edgeB[0] * y + edgeC[0]
      var e1 = edgeA[1] * x0 + edgeB[1] * y + edgeC[1]
      var e2 = edgeA[2] * x0 + edgeB[2] * y + edgeC[2]
      var e3 = edgeA[3] * x0 + edgeB[3] * y + edgeC[3]
      let out = (destination.block.start + row * destination.block.rowStride)
        .assumingMemoryBound(to: UInt32.self)
      for column in 0..<destination.block.width {
        defer {
          u += inverse.a
          v += inverse.d
          q += inverse.g
          e0 += edgeA[0]
          e1 += edgeA[1]
          e2 += edgeA[2]
          e3 += edgeA[3]
        }
        let coverage =
          clampUnit(e0 + 0.5) * clampUnit(e1 + 0.5) * clampUnit(e2 + 0.5) * clampUnit(e3 + 0.5)
        guard coverage > 0, q > 0 else {
          out[column] = 0
          continue
        }
        let sx = min(max(u / q * source.scaleX - 0.5, 0), maxX)
        let sy = min(max(v / q * source.scaleY - 0.5, 0), maxY)
        let ix = Int(sx)
        let iy = Int(sy)
        let fx = sx - Double(ix)
        let fy = sy - Double(iy)
        let ix1 = min(ix + 1, source.block.width - 1)
        let iy1 = min(iy + 1, source.block.height - 1)
        let top = (source.block.start + iy * sourceStride).assumingMemoryBound(to: UInt32.self)
        let bottom = (source.block.start + iy1 * sourceStride).assumingMemoryBound(to: UInt32.self)
        out[column] = blend(
          top[ix], top[ix1], bottom[ix], bottom[ix1], fx: fx, fy: fy, coverage: coverage)
      }
    }
  }

  @inline(__always)
  private static func clampUnit(_ value: Double) -> Double {
    min(max(value, 0), 1)
  }

  /// Bilinear interpolation of four premultiplied pixels, scaled by coverage.
  @inline(__always)
  static func blend(
    _ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32, fx: Double, fy: Double,
    coverage: Double
  ) -> UInt32 {
    if p00 == p10 && p00 == p01 && p00 == p11 && coverage >= 1 { return p00 }
    let w00 = (1 - fx) * (1 - fy) * coverage
    let w10 = fx * (1 - fy) * coverage
    let w01 = (1 - fx) * fy * coverage
    let w11 = fx * fy * coverage
    var result: UInt32 = 0
    for shift: UInt32 in [0, 8, 16, 24] {
      let value =
        Double((p00 >> shift) & 0xFF) * w00 + Double((p10 >> shift) & 0xFF) * w10
        + Double((p01 >> shift) & 0xFF) * w01 + Double((p11 >> shift) & 0xFF) * w11
      result |= UInt32(min(value + 0.5, 255)) << shift
    }
    return result
  }
}
