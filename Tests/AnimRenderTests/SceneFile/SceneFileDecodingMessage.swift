import Foundation

@testable import AnimRenderCLI

/// What decoding `json` as a scene file says: `"decodes"`, or the message
/// of the error it is refused with, for tests that check both.
func decodingMessage(_ json: String) -> String {
  do {
    _ = try SceneFile.decode(Data(json.utf8), name: "s.json")
    return "decodes"
  } catch {
    return error.message
  }
}
