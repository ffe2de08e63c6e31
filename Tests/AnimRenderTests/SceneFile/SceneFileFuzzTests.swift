import Foundation
import Testing
import TransitTestSupport

@testable import AnimRenderCLI

/// Thousands of random and mutated scene files through the decoder: every one
/// either decodes or fails with a one-line data error naming the file; none
/// crashes.
@Suite("Scene file decoder")
struct SceneFileFuzzTests {
  static let examples = ["push-rotate-pop", "flip-cards", "reference-push"].map {
    try! Data(contentsOf: PackageFiles.root.appendingPathComponent("Examples/\($0).json"))
  }

  @Test func examplesDecode() throws {
    for data in Self.examples {
      let file = try SceneFile.decode(data, name: "example.json")
      #expect(!file.script.isEmpty)
    }
  }

  @Test func mutatedFilesNeverCrash() {
    let seed = SplitMix64.seed(fallback: 0x5CE7E)
    var rng = SplitMix64(seed: seed)
    var decoded = 0
    var rejected = 0
    let tokens = Array(
      [
        "{", "}", "[", "]", ",", ":", "\"", "-1", "1e308", "NaN", "null", "true", "\"frame\"",
        "\"views\"",
        "\"push\"", "\"pop\"", "\"rotate\"", "0", "99999999999999999999", "\"#zzz\"", "[]", "{}",
      ].map { Array($0.utf8) })
    for i in 0..<4_000 {
      var bytes = Array(Self.examples[i % Self.examples.count])
      for _ in 0..<Int.random(in: 1...6, using: &rng) {
        guard !bytes.isEmpty else { break }
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0...4, using: &rng) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
        case 1:
          bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &rng)))
        case 2: bytes.insert(contentsOf: tokens.randomElement(using: &rng)!, at: at)
        case 3: bytes = Array(bytes.prefix(at))
        default:
          let other = Int.random(in: 0..<bytes.count, using: &rng)
          bytes.swapAt(at, other)
        }
      }
      switch Self.outcome(bytes) {
      case .decoded: decoded += 1
      case .rejected: rejected += 1
      case .wrong(let message): Issue.record("seed \(seed), case \(i): \(message)")
      }
    }
    #expect(rejected > 0)
    #expect(decoded + rejected == 4_000)
  }

  @Test func randomJSONNeverCrashes() {
    let seed = SplitMix64.seed(fallback: 0x150A)
    var rng = SplitMix64(seed: seed)
    func value(_ depth: Int) -> Any {
      switch Int.random(in: 0...(depth > 3 ? 3 : 6), using: &rng) {
      case 0: return Double.random(in: -1e6...1e6, using: &rng)
      case 1:
        return ["push", "pop", "show", "#ff0000", "landscape", "x", ""].randomElement(using: &rng)!
      case 2: return Bool.random(using: &rng)
      case 3: return NSNull()
      case 4, 5:
        let keys = [
          "container", "width", "height", "views", "script", "id", "frame", "children", "push",
          "pop",
          "rotate", "frames", "style", "color", "relative", "wait", "insert", "at", "remove",
          "show",
        ]
        var object: [String: Any] = [:]
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
          object[keys.randomElement(using: &rng)!] = value(depth + 1)
        }
        return object
      default: return (0..<Int.random(in: 0...4, using: &rng)).map { _ in value(depth + 1) }
      }
    }
    for i in 0..<2_000 {
      let root: Any =
        i.isMultiple(of: 2)
        ? value(0)
        : ["container": ["width": 100, "height": 100], "views": value(1), "script": value(1)]
      guard
        let data = try? JSONSerialization.data(withJSONObject: root, options: [.fragmentsAllowed])
      else { continue }
      if case .wrong(let message) = Self.outcome(Array(data)) {
        Issue.record("seed \(seed), random \(i): \(message)")
      }
    }
  }

  enum Outcome {
    case decoded
    case rejected
    case wrong(String)
  }

  static func outcome(_ bytes: [UInt8]) -> Outcome {
    do {
      let file = try SceneFile.decode(Data(bytes), name: "fuzz.json")
      return file.views.isEmpty || file.script.isEmpty ? .wrong("decoded an empty story") : .decoded
    } catch {
      guard error.kind == .dataError else {
        return .wrong("kind \(error.kind) for \(error.message)")
      }
      guard error.message.hasPrefix("fuzz.json: "), !error.message.contains("\n") else {
        return .wrong("message \(error.message)")
      }
      return .rejected
    }
  }
}
