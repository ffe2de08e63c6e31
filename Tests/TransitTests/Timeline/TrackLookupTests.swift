import Testing
import TransitTestSupport

@testable import Transit

/// `Track.latestStarted(in:_:)` hops along each segment's nearest absolute
/// segment; the reference model here tests every segment from the last
/// down, as the rule reads: the latest absolute segment whose step has
/// started owns the property.
@Suite struct TrackLookupTests {
  @Test func latestStartedMatchesAScanOfEverySegment() {
    let seed: UInt64 = 0x7AC4_1005
    var rng = SplitMix64(seed: seed)
    for trial in 0..<2_000 {
      let stepCount = Int(rng.next() % 6) + 1
      var track = Track<Double>()
      var views: [[Segment<Double>]] = []
      for _ in 0..<Int(rng.next() % 4) + 1 {
        var segments: [Segment<Double>] = []
        for _ in 0..<Int(rng.next() % 6) + 1 {
          segments.append(
            Segment(
              step: Int(rng.next() % UInt64(stepCount)), from: 0, to: 1,
              isAbsolute: rng.next() % 3 != 0))
        }
        segments.sort { $0.step < $1.step }
        views.append(segments)
        track.appendView(segments)
      }
      var progress = (0..<stepCount).map { _ in
        [Double.nan, 0, 0.5, 1][Int(rng.next() % 4)]
      }
      progress.withUnsafeMutableBufferPointer { progress in
        for (view, segments) in views.enumerated() {
          let range = track.ranges[view]
          let expected = segments.indices.last { k in
            segments[k].isAbsolute && !progress[segments[k].step].isNaN
          }.map { range.lowerBound + $0 }
          #expect(
            track.latestStarted(in: range, progress) == expected,
            "view \(view) of \(views) at \(Array(progress)) (seed \(seed), trial \(trial))")
        }
      }
    }
  }
}
