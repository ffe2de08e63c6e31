import Foundation
import Testing

@testable import AnimRenderCLI

/// Every checked field of a script operation, just inside and just outside
/// its range: the inside value decodes, the outside one is refused with the
/// exact line the user sees (so a dropped or widened check, or a reworded
/// message, fails here).
@Suite("Scene files: field ranges")
struct SceneFileRangeTests {
  /// A scene whose second operation is `operation` (and whose top level
  /// carries `top`).
  static func scene(_ operation: String, top: String = "") -> Data {
    Data(
      """
      {"container": {"width": 10, "height": 10}, "views": [{"id": "a"}, {"id": "b"}],
       "script": [{"show": "a"}, \(operation)]\(top)}
      """.utf8)
  }

  /// The message decoding gives, or nil when it decodes.
  static func message(_ operation: String, top: String = "") -> String? {
    do {
      _ = try SceneFile.decode(scene(operation, top: top), name: "s.json")
      return nil
    } catch {
      return error.message
    }
  }

  @Test func operationsDecodeAtTheEdgesOfTheirRanges() {
    let inside = [
      #"{"wait": 3600}"#, #"{"wait": 0}"#, #"{"push": "b", "after": 3600}"#,
      #"{"push": "b", "duration": 0}"#, #"{"push": "b", "frames": 10000}"#,
      #"{"push": "b", "frames": 0}"#, #"{"rotate": "landscape"}"#,
      #"{"push": "b", "interactive": {"progress": [0, 1], "release": "cancel", "velocity": -1000}}"#,
      #"{"push": "b", "interactive": {"progress": [1], "release": "finish", "velocity": 1000}}"#,
    ]
    for operation in inside { #expect(Self.message(operation) == nil, "\(operation)") }
    #expect(Self.message(#"{"wait": 1}"#, top: #", "interruptions": "reverse""#) == nil)
  }

  @Test func operationsOutsideTheirRangesAreRefusedSayingWhatWasExpected() {
    let refused = [
      (#"{"wait": 3600.5}"#, "script[1].wait: expected 0…3600 seconds, got 3600.5"),
      (#"{"wait": -1}"#, "script[1].wait: expected 0…3600 seconds, got -1.0"),
      (#"{"push": "b", "after": 3601}"#, "script[1].after: expected 0…3600 seconds, got 3601.0"),
      (
        #"{"push": "b", "duration": -0.5}"#, "script[1].duration: expected 0…3600 seconds, got -0.5"
      ),
      (#"{"push": "b", "frames": 10001}"#, "script[1].frames: expected 0…10000 frames, got 10001"),
      (#"{"push": "b", "frames": -1}"#, "script[1].frames: expected 0…10000 frames, got -1"),
      (
        #"{"rotate": "upside"}"#,
        #"script[1].rotate: expected "portrait" or "landscape", got "upside""#
      ),
      (
        #"{"pop": true, "interactive": {"progress": [1], "release": "finish", "velocity": 1000.5}}"#,
        "script[1].interactive.velocity: expected a velocity in −1000…1000 progress per second, got 1000.5"
      ),
      (
        #"{"pop": true, "interactive": {"progress": [1], "release": "finish", "velocity": -1001}}"#,
        "script[1].interactive.velocity: expected a velocity in −1000…1000 progress per second, got -1001.0"
      ),
      (
        #"{"pop": true, "interactive": {"progress": [0.5, 1.5], "release": "finish"}}"#,
        "script[1].interactive.progress: expected progress values in 0…1, got 1.5"
      ),
      (
        #"{"pop": true, "interactive": {"progress": [1], "release": "drop"}}"#,
        #"script[1].interactive.release: expected "finish" or "cancel", got "drop""#
      ),
    ]
    for (operation, expected) in refused {
      #expect(Self.message(operation) == "s.json: \(expected)", "\(operation)")
    }
    #expect(
      Self.message(#"{"wait": 1}"#, top: #", "interruptions": "later""#)
        == #"s.json: interruptions: expected "queue" or "reverse", got "later""#)
  }
}
