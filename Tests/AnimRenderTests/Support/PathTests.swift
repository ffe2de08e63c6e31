import Testing

@testable import AnimRenderCLI

/// How the command line takes a path apart: by its text alone, the same
/// way for every command.
@Suite("Paths")
struct PathTests {
  @Test(
    "folder, name and extension",
    arguments: [
      ("out/frames/story.png", "out/frames", "story.png", "png"),
      ("story.png", ".", "story.png", "png"),
      ("/story.tar.gz", "/", "story.tar.gz", "gz"),
      ("out/.profile", "out", ".profile", nil),
      ("out/story.", "out", "story.", nil),
      ("out/", "out", "", nil),
      ("", ".", "", nil),
      ("-", ".", "-", nil),
    ] as [(String, String, String, String?)])
  func parts(_ text: String, folder: String, name: String, pathExtension: String?) {
    let path = Path(text)
    #expect(path.folder == folder)
    #expect(path.name == name)
    #expect(path.pathExtension == pathExtension)
  }

  @Test("appending and siblings: one slash between, a bare name stays bare")
  func joining() {
    #expect(Path("/").appending("a").string == "/a")
    #expect(Path("/usr/bin").appending("a").string == "/usr/bin/a")
    #expect(Path("out/").appending("a").string == "out/a")
    #expect(Path("").appending("a").string == "a")
    #expect(Path("/usr/bin/ffmpeg").sibling("ffprobe").string == "/usr/bin/ffprobe")
    #expect(Path("/ffmpeg").sibling("ffprobe").string == "/ffprobe")
    #expect(Path("ffmpeg").sibling("ffprobe").string == "ffprobe")
    #expect(Path("out/f-0001.png").sibling("f-0002.png").string == "out/f-0002.png")
  }
}
