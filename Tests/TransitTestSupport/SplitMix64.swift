import Foundation

/// A small, fast, seedable random number generator (SplitMix64), so that
/// every random case a test draws can be replayed from the seed it prints
/// when it fails.
///
/// The standard library's generator cannot be seeded, and property tests
/// that cannot be replayed cannot be debugged: every seeded test in the
/// package draws from this one generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's whole state: the seed, advanced once per draw.
  public var state: UInt64

  /// A generator that replays the same sequence for the same `seed`.
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<n`, by remainder: the tiny bias does not matter to a
  /// test and keeps the sequence simple to reproduce elsewhere.
  public mutating func below(_ n: UInt64) -> UInt64 { next() % n }

  /// The seed for a test: the `TRANSIT_SEED` environment variable when it
  /// is set, so that a printed seed can be replayed, else `fallback`.
  public static func seed(fallback: UInt64) -> UInt64 { replaySeed ?? fallback }

  /// The seed named by the `TRANSIT_SEED` environment variable, if it is set
  /// to a number: the one case to replay.
  public static var replaySeed: UInt64? {
    ProcessInfo.processInfo.environment["TRANSIT_SEED"].flatMap { UInt64($0) }
  }
}
