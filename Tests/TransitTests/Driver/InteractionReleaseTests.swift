import Testing
import Transit

/// The completion's motion, checked against its definition: it starts at
/// the release progress with the release velocity (the spring) or the
/// completion speed (linear), and arrives exactly on its target at UIKit's
/// completion duration.
@Suite("Interaction release")
struct InteractionReleaseTests {
  @Test("linear: UIKit's durations and a constant rate")
  func linear() throws {
    let finish = try InteractionRelease(finishes: true, completionSpeed: 2)
    #expect(finish.completionDuration(from: 0.25, duration: 0.5) == 0.1875)
    let cancel = try InteractionRelease(finishes: false, completionSpeed: 0.5)
    #expect(cancel.completionDuration(from: 0.25, duration: 0.5) == 0.25)
    #expect(finish.progress(at: 0.1875 / 2, from: 0.25, total: 0.1875) == 0.625)
    #expect(cancel.progress(at: 0.125, from: 0.25, total: 0.25) == 0.125)
  }

  @Test("spring: starts at the release progress and velocity, lands exactly, no jump")
  func spring() throws {
    for (p, v, finishes) in [
      (0.3, 2.0, true), (0.8, -1.5, false), (0.5, 0.0, true), (0.6, 4, false),
    ] {
      let release = try InteractionRelease(finishes: finishes, velocity: v)
      let total = release.completionDuration(from: p, duration: 0.5)
      #expect(release.progress(at: 0, from: p, total: total) == p)
      #expect(release.progress(at: total, from: p, total: total) == (finishes ? 1 : 0))
      // The start slope is the release velocity, less the small correction.
      let h = total * 1e-6
      let slope = (release.progress(at: h, from: p, total: total) - p) / h
      #expect(abs(slope - v) < 0.01 * max(1, abs(v)) + 0.01, "p \(p) v \(v): slope \(slope)")
      // Continuous: no step anywhere on a fine grid.
      var previous = p
      for k in 1...1000 {
        let now = release.progress(at: total * Double(k) / 1000, from: p, total: total)
        #expect(abs(now - previous) < 0.05)
        previous = now
      }
    }
  }
}
