// The timing the drawing benchmarks share (ShadowBenchmarks,
// FlightBenchmarks): a timeline's frames drawn into one reused image with
// a fresh renderer, timed by the thread's CPU clock, and the medians of
// rounds that alternate between variants.

import Transit
import TransitRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CPU seconds the calling thread has used: unlike the wall clock, not
/// lengthened by other work sharing the machine.
public func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// Draws timelines frame by frame and adds what it drew into a checksum,
/// so that no drawing can be left out by the optimiser.
@MainActor public final class FrameTimer {
  public let frames: Int
  public private(set) var checksum = 0

  public init(frames: Int = 60) { self.frames = frames }

  /// The CPU seconds of drawing (and, when `encode`, PNG-encoding, what
  /// a frames layout does per frame) the frames of `timeline` with a
  /// fresh renderer into one reused image.
  public func seconds(drawing timeline: Timeline, encode: Bool = false) throws -> Double {
    let renderer = Renderer()
    var image = try Image(width: 1, height: 1)
    var scene = timeline.initialScene
    let start = threadCPUSeconds()
    for i in 0..<frames {
      timeline.sample(frame: i, of: frames, into: &scene)
      try renderer.render(scene, into: &image)
      if encode { checksum &+= try image.pngData().count }
    }
    let seconds = threadCPUSeconds() - start
    checksum &+= Int(image[image.width / 2, image.height / 2] & 0xFF)
    return seconds
  }
}

/// The median of `values` (the upper one of an even count).
public func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Seconds as milliseconds with one decimal.
public func milliseconds(_ seconds: Double) -> Double { (seconds * 10_000).rounded() / 10 }

/// `a / b` with two decimals.
public func ratio(_ a: Double, _ b: Double) -> Double { (a / b * 100).rounded() / 100 }
