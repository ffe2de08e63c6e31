import Foundation
import Testing
import TransitRender
import TransitTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one atomic writer (`BinaryFile.write`, and every `animrender`
/// output through `AtomicOutput`): all or nothing, nothing left behind, the
/// mode a replaced file had. The CLI's set-wide commit and signal cleanup are
/// tested in AtomicOutputTests and HostileInputTests.
@Suite struct StagedFileTests {
  static func entries(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  static func mode(_ path: String) -> mode_t {
    var info = stat()
    #expect(stat(path, &info) == 0)
    return info.st_mode & 0o7777
  }

  @Test func writingReplacesTheWholeFileAndLeavesNothingElse() throws {
    let folder = TemporaryDirectory.make("staged").path
    let path = folder + "/a.bin"
    try BinaryFile.write(Array(repeating: 7, count: 100_000), to: path)
    try BinaryFile.write([1, 2, 3], to: path)
    #expect(try BinaryFile.read(path) == [1, 2, 3])
    #expect(Self.entries(folder) == ["a.bin"])
  }

  @Test func aReplacedFileKeepsItsModeAndANewOneGetsTheUmasks() throws {
    let folder = TemporaryDirectory.make("staged").path
    let path = folder + "/kept.png"
    try BinaryFile.write([0], to: path)
    chmod(path, 0o640)
    try BinaryFile.write([1], to: path)
    #expect(Self.mode(path) == 0o640)
    // A new file: what `open(…, 0666)` gives under this process's umask.
    let reference = folder + "/reference"
    close(open(reference, O_WRONLY | O_CREAT, 0o666))
    try BinaryFile.write([2], to: folder + "/new.png")
    #expect(Self.mode(folder + "/new.png") == Self.mode(reference))
  }

  @Test func aFailedMoveLeavesNoTemporaryFile() throws {
    let folder = TemporaryDirectory.make("staged").path
    // A folder that is not empty cannot be replaced by a file.
    let blocked = folder + "/blocked"
    try BinaryFile.createDirectories(blocked)
    try BinaryFile.write([1], to: blocked + "/inside")
    let error = #expect(throws: RenderError.self) {
      try BinaryFile.write([1, 2, 3], to: blocked)
    }
    #expect(error?.message.contains("'\(blocked)'") == true)
    #expect(Self.entries(folder) == ["blocked"])
    #expect(Self.entries(blocked) == ["inside"])
  }

  @Test func stepsCanBeTakenApartAndAbandoned() throws {
    let folder = TemporaryDirectory.make("staged").path
    let file = try StagedFile(for: folder + "/x.png")
    #expect(StagedFile.folder(of: file.temporaryPath) == folder)
    #expect(Self.entries(folder).count == 1 && Self.entries(folder)[0].hasPrefix(".ar-tmp-"))
    try file.write([9, 9])
    #expect(!BinaryFile.exists(folder + "/x.png"))
    file.discard()
    #expect(Self.entries(folder).isEmpty)
    #expect(StagedFile.folder(of: "x.png") == ".")
    #expect(StagedFile.folder(of: "/x.png") == "/")
  }

  @Test func aLinkIsFollowedAndKept() throws {
    let folder = TemporaryDirectory.make("staged").path
    try BinaryFile.createDirectories(folder + "/real")
    #expect(symlink("real/a.bin", folder + "/link.bin") == 0)
    try BinaryFile.write([1, 2], to: folder + "/link.bin")
    try BinaryFile.write([3], to: folder + "/link.bin")
    #expect(try BinaryFile.read(folder + "/real/a.bin") == [3])
    var info = stat()
    #expect(lstat(folder + "/link.bin", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    #expect(Self.entries(folder) == ["link.bin", "real"])
    #expect(Self.entries(folder + "/real") == ["a.bin"])
    // A loop is an error, not a hang.
    #expect(symlink("loop.bin", folder + "/loop.bin") == 0)
    #expect(throws: RenderError.self) { try BinaryFile.write([1], to: folder + "/loop.bin") }
  }

  @Test func aHardLinkedFileIsWrittenInPlace() throws {
    let folder = TemporaryDirectory.make("staged").path
    try BinaryFile.write(Array(repeating: 9, count: 5_000), to: folder + "/a.bin")
    #expect(link(folder + "/a.bin", folder + "/b.bin") == 0)
    let file = try StagedFile(for: folder + "/a.bin")
    #expect(file.replacesInPlace)
    try file.write([1, 2, 3])
    try file.moveIntoPlace()
    #expect(try BinaryFile.read(folder + "/b.bin") == [1, 2, 3])
    #expect(Self.entries(folder) == ["a.bin", "b.bin"])
    #expect(try !StagedFile(for: folder + "/new.bin").replacesInPlace)
  }

  @Test func aFIFOOrAFolderIsNeverReplaced() throws {
    let folder = TemporaryDirectory.make("staged").path
    #expect(mkfifo(folder + "/fifo", 0o644) == 0)
    try BinaryFile.createDirectories(folder + "/empty")
    for name in ["fifo", "empty"] {
      let error = #expect(throws: RenderError.self) {
        try BinaryFile.write([1], to: folder + "/" + name)
      }
      guard case .cannotWrite("write", folder + "/" + name, _)? = error else {
        Issue.record("\(name): \(String(describing: error)) is not cannotWrite")
        continue
      }
    }
    #expect(Self.entries(folder) == ["empty", "fifo"])
  }

  /// A device node made for the test with `/dev/null`'s numbers.
  @Test(.enabled(if: getuid() == 0)) func aDeviceIsWrittenAsAStream() throws {
    let folder = TemporaryDirectory.make("staged").path
    #expect(mknod(folder + "/null", S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
    try BinaryFile.write([1, 2, 3], to: folder + "/null")
    var info = stat()
    #expect(lstat(folder + "/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    #expect(Self.entries(folder) == ["null"])
    #expect(throws: RenderError.self) { try StagedFile(for: folder + "/null") }
  }

  @Test func aMissingFolderIsNamed() {
    let error = #expect(throws: RenderError.self) {
      try BinaryFile.write([1], to: "/nonexistent-transit-folder/x.png")
    }
    #expect(error?.message.contains("/nonexistent-transit-folder/x.png") == true)
  }
}
