@testable import Transit

/// The largest difference between corresponding entries.
func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
  zip(a.entries, b.entries).map { abs($0 - $1) }.max()!
}
