import Testing

@testable import AnimRenderCLI

/// `--frames` and `--fps`: what each counts, the checks, and the limit.
@Suite("render's frame count")
struct FrameCountOptionsTests {
  static func count(_ arguments: [String], over duration: Double) throws -> Int {
    try FrameCountOptions.parse(arguments).count(over: duration)
  }

  @Test("--frames is the count whatever the duration; neither flag draws 8")
  func framesOrEight() throws {
    for duration in [0, 0.4, 3600] {
      #expect(try Self.count(["--frames", "5"], over: duration) == 5)
      #expect(try Self.count(["--frames", "1"], over: duration) == 1)
      #expect(try Self.count([], over: duration) == 8)
    }
  }

  @Test("--fps draws one frame every 1/fps s with both ends, at least two")
  func framesPerSecond() throws {
    // 0.4 s at 30 fps: frames at 0, 1/30, …, 12/30 s.
    #expect(try Self.count(["--fps", "30"], over: 0.4) == 13)
    // 0.6 s at 60 fps: 36 intervals.
    #expect(try Self.count(["--fps", "60"], over: 0.6) == 37)
    // 0.5 s at 5 fps: 2.5 intervals round to 3 (away from zero).
    #expect(try Self.count(["--fps", "5"], over: 0.5) == 4)
    // Nothing to divide: still the start and the end.
    #expect(try Self.count(["--fps", "30"], over: 0) == 2)
    #expect(try Self.count(["--fps", "1"], over: 0.1) == 2)
  }

  @Test("an --fps run over the frame limit is a usage error naming both")
  func overTheLimit() throws {
    #expect(try Self.count(["--fps", "1"], over: 9_999) == 10_000)
    do {
      _ = try Self.count(["--fps", "1000"], over: 3600)
      Issue.record("3,600,001 frames were accepted")
    } catch let error as CLIError {
      #expect(error.kind == .usage)
      #expect(
        error.message == "--fps 1000.0 over 3600.0 s makes 3600001.0 frames, more than 10000")
    }
    #expect(throws: CLIError.self) { try Self.count(["--fps", "1"], over: .infinity) }
  }

  @Test("bad flags are refused when parsed, with the message the user sees")
  func refused() {
    let cases = [
      (["--frames", "0"], "--frames must be in 1…10000, got 0"),
      (["--frames", "10001"], "--frames must be in 1…10000, got 10001"),
      (["--frames", "3", "--fps", "30"], "give --frames or --fps, not both"),
      (["--fps", "0"], "--fps must be in (0, 1000], got 0.0"),
      (["--fps", "1000.5"], "--fps must be in (0, 1000], got 1000.5"),
      (["--fps", "nan"], "--fps must be in (0, 1000], got nan"),
    ]
    for (arguments, message) in cases {
      do {
        _ = try FrameCountOptions.parse(arguments)
        Issue.record("\(arguments) was accepted")
      } catch {
        #expect(FrameCountOptions.message(for: error) == message, "\(arguments)")
      }
    }
  }
}
