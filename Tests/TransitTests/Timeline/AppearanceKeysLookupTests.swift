import Testing
import TransitTestSupport

@testable import Transit

/// `AppearanceKeys.latestStarted(_:_:started:)` works the latest started key
/// out when a view's keys are consecutive steps and the started steps are
/// the first ones, and searches for it otherwise; the reference model here
/// tests every key from the last down, as the rule reads.
@Suite struct AppearanceKeysLookupTests {
  @Test func latestStartedMatchesAScanOfEveryKey() {
    let seed: UInt64 = 0xA99E_4E75
    var rng = SplitMix64(seed: seed)
    for trial in 0..<2_000 {
      let stepCount = Int(rng.next() % 7) + 1
      var keys = AppearanceKeys()
      var views: [[Int]] = []
      for _ in 0..<Int(rng.next() % 4) + 1 {
        // Half the views consecutive steps, half any steps.
        let steps: [Int]
        if rng.next() % 2 == 0 {
          let first = Int(rng.next() % UInt64(stepCount))
          steps = Array(first..<first + Int(rng.next() % UInt64(stepCount - first)) + 1)
        } else {
          steps = Array(Set((0..<stepCount).filter { _ in rng.next() % 2 == 0 })).sorted()
        }
        views.append(steps)
        keys.appendView([(steps: steps, allAbsolute: true)])
      }
      // The started steps the first ones (as steps that start in order
      // are), or any of them (a step may overlap the steps before it by
      // more than their duration).
      let prefix = Int(rng.next() % UInt64(stepCount + 1))
      let isPrefix = rng.next() % 2 == 0
      var progress = (0..<stepCount).map { k -> Double in
        let started = isPrefix ? k < prefix : rng.next() % 2 == 0
        return started ? [0, 0.5, 1][Int(rng.next() % 3)] : .nan
      }
      progress.withUnsafeMutableBufferPointer { progress in
        let started = AppearanceKeys.startedSteps(progress, count: stepCount)
        for (view, steps) in views.enumerated() {
          let offset = steps.indices.last { !progress[steps[$0]].isNaN } ?? -1
          let found = keys.latestStarted(view, progress, started: started)
          #expect(found.offset == offset, "seed \(seed), trial \(trial), view \(view)")
          if offset >= 0 {
            #expect(
              found.progress.bitPattern == progress[steps[offset]].bitPattern,
              "seed \(seed), trial \(trial), view \(view)")
          } else {
            #expect(found.progress.isNaN, "seed \(seed), trial \(trial), view \(view)")
          }
        }
      }
    }
  }
}
