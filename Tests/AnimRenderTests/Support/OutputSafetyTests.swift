import Foundation
import Testing
import TransitRender
import TransitTestSupport

/// What an output may replace, run against the built binary as a user
/// would: a device is written as a stream and stays a device, a symbolic
/// link is followed and kept, a hard link and the owner are kept, a FIFO is
/// refused without hanging, no output overwrites an input, a failed write
/// to standard output commits nothing, a frame set replaces the old set
/// whole, and two runs into one pattern never mix their frames.
@Suite("animrender outputs replace only what is theirs", .serialized)
struct OutputSafetyTests {
  static let isRoot = getuid() == 0

  /// What `path` itself is (a link not followed).
  static func entry(_ path: URL) -> stat? {
    var info = stat()
    return lstat(path.path, &info) == 0 ? info : nil
  }

  static func kind(_ path: URL) -> mode_t? { entry(path).map { $0.st_mode & S_IFMT } }

  static func bytes(_ path: URL) throws -> [UInt8] { Array(try Data(contentsOf: path)) }

  static func isPNG(_ path: URL) throws -> Bool {
    try bytes(path).starts(with: [0x89, 0x50, 0x4E, 0x47])
  }

  static func files(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// Linux's device number for `major`, `minor` (both small: below 4096 and 256).
  static func device(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t(major << 8 | minor) }

  static let small = ["--frames", "3", "--size", "40x60"]

  // MARK: devices

  /// A character device made for the test (`/dev/null`'s numbers, 1,3): it
  /// is written as a stream and is still the same device afterwards.
  @Test(.enabled(if: isRoot)) func aDeviceIsWrittenAsAStreamAndStaysADevice() throws {
    let folder = TemporaryDirectory.make()
    let null = folder.appendingPathComponent("null")
    #expect(mknod(null.path, S_IFCHR | 0o666, Self.device(1, 3)) == 0)
    let before = try #require(Self.entry(null))
    let run = try animrender.run(
      ["render"] + Self.small + ["-o", "null", "--states", "null.json"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let after = try #require(Self.entry(null))
    #expect(after.st_mode & S_IFMT == S_IFCHR)
    #expect(after.st_ino == before.st_ino && after.st_rdev == before.st_rdev)
    #expect(try Self.files(folder) == ["null", "null.json"])
  }

  /// The real `/dev/null` path, in a mount namespace of its own where it
  /// is the test's device bound over it: a rename over it would fail there
  /// (a mount point) rather than destroy the machine's `/dev/null`.
  @Test(
    .enabled(if: isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")))
  func devNullIsWrittenAsAStream() throws {
    let folder = TemporaryDirectory.make()
    let null = folder.appendingPathComponent("null")
    #expect(mknod(null.path, S_IFCHR | 0o666, Self.device(1, 3)) == 0)
    let inode = try #require(Self.entry(null)).st_ino
    let real = try #require(Self.entry(URL(fileURLWithPath: "/dev/null")))
    let isolated =
      "exec /usr/bin/unshare --mount sh -c 'mount --bind \(null.path) /dev/null && exec \"$0\" \"$@\"' \"$0\" \"$@\""
    let probe = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/true"), [], in: folder, shell: isolated)
    try #require(probe.status == 0, "no private mount namespace here: \(probe.stderr)")
    for arguments in [
      ["-o", "/dev/null"], ["-o", "/dev/null", "--states", "/dev/null"],
      ["--layout", "animation", "-o", "/dev/null"],
    ] {
      let run = try animrender.run(
        ["render"] + Self.small + arguments, in: folder, shell: isolated)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    #expect(Self.kind(null) == S_IFCHR)
    #expect(Self.entry(null)?.st_ino == inode)
    #expect(try Self.files(folder) == ["null"])
    let after = try #require(Self.entry(URL(fileURLWithPath: "/dev/null")))
    #expect(after.st_mode & S_IFMT == S_IFCHR && after.st_ino == real.st_ino)
  }

  /// `/dev/stdout` leads to whatever standard output is (here a pipe): it
  /// is standard output, written as a stream, with no path printed.
  @Test func devStdoutIsStandardOutput() throws {
    let folder = TemporaryDirectory.make()
    let piped = try animrender.runCapturingBytes(
      ["render"] + Self.small + ["-o", "/dev/stdout"], in: folder)
    #expect(piped.status == 0)
    #expect(piped.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(try Self.files(folder).isEmpty)
  }

  @Test func fifosSocketsAndFoldersAreRefusedBeforeDrawing() throws {
    let folder = TemporaryDirectory.make()
    #expect(mkfifo(folder.appendingPathComponent("fifo.png").path, 0o644) == 0)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("dir.png"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "fifo.png")
    var targets = ["fifo.png", "dir.png", "link.png"]
    if Self.isRoot {
      // A block device made for the test (a loop device's numbers).
      #expect(
        mknod(folder.appendingPathComponent("block.png").path, S_IFBLK | 0o600, Self.device(7, 200))
          == 0)
      targets.append("block.png")
    }
    // --states takes a JSON name (another extension is a usage error), so
    // it reaches each target through a link named .json.
    for target in targets {
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("\(target).json").path, withDestinationPath: target)
    }
    let before = try Self.files(folder)
    for target in targets {
      let run = try animrender.run(
        ["render"] + Self.small + ["-o", target], in: folder, timeout: 20)
      #expect(run.status == 73, "\(target): \(run.stderr)")
      #expect(run.stderr.contains("it is a"), "\(target): \(run.stderr)")
      let states = try animrender.run(
        ["render"] + Self.small + ["-o", "x.png", "--states", "\(target).json"], in: folder,
        timeout: 20)
      #expect(states.status == 73, "\(target): \(states.stderr)")
    }
    #expect(try Self.files(folder) == before)
    #expect(Self.kind(folder.appendingPathComponent("fifo.png")) == S_IFIFO)
    #expect(Self.kind(folder.appendingPathComponent("link.png")) == S_IFLNK)
  }

  // MARK: links, owners, modes

  @Test func aSymbolicLinkIsKeptAndItsTargetReplaced() throws {
    let folder = TemporaryDirectory.make()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("renders"), withIntermediateDirectories: false)
    let target = folder.appendingPathComponent("renders/today.png")
    try Data("old".utf8).write(to: target)
    let link = folder.appendingPathComponent("out.png")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "renders/today.png")
    // A link to a link to a file not made yet.
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("states.json").path, withDestinationPath: "s2.json")
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("s2.json").path,
      withDestinationPath: "renders/states.json")
    let run = try animrender.run(
      ["render"] + Self.small + ["-o", "out.png", "--states", "states.json"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.kind(link) == S_IFLNK)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "renders/today.png")
    #expect(try Self.isPNG(target))
    #expect(Self.kind(folder.appendingPathComponent("states.json")) == S_IFLNK)
    #expect(Self.kind(folder.appendingPathComponent("renders/states.json")) == S_IFREG)
    #expect(try Self.files(folder) == ["out.png", "renders", "s2.json", "states.json"])
    #expect(
      try Self.files(folder.appendingPathComponent("renders")) == ["states.json", "today.png"])
  }

  @Test func aHardLinkIsKept() throws {
    let folder = TemporaryDirectory.make()
    let first = folder.appendingPathComponent("a.png")
    let second = folder.appendingPathComponent("b.png")
    try Data("old".utf8).write(to: first)
    #expect(link(first.path, second.path) == 0)
    let inode = try #require(Self.entry(first)).st_ino
    let run = try animrender.run(["render"] + Self.small + ["-o", "a.png"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let after = try #require(Self.entry(first))
    #expect(after.st_ino == inode && after.st_nlink == 2)
    #expect(try Self.isPNG(second))
    #expect(try Self.bytes(first) == Self.bytes(second))
    #expect(try Self.files(folder) == ["a.png", "b.png"])
  }

  /// Root gives the new file the old one's owner, group and mode.
  @Test(.enabled(if: isRoot)) func modeAndOwnerAreKept() throws {
    let folder = TemporaryDirectory.make()
    let path = folder.appendingPathComponent("x.png")
    try Data("old".utf8).write(to: path)
    #expect(chown(path.path, 65534, 65534) == 0)
    #expect(chmod(path.path, 0o604) == 0)
    let run = try animrender.run(["render"] + Self.small + ["-o", "x.png"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let after = try #require(Self.entry(path))
    #expect(after.st_uid == 65534 && after.st_gid == 65534)
    #expect(after.st_mode & 0o7777 == 0o604)
    #expect(try Self.isPNG(path))
  }

  /// A user who may write a file but not give a new one its owner: the
  /// file is written in place, so its owner stays.
  @Test(.enabled(if: isRoot && FileManager.default.fileExists(atPath: "/usr/bin/setpriv")))
  func aFileOfAnotherOwnerIsWrittenInPlace() throws {
    let folder = TemporaryDirectory.make()
    #expect(chmod(folder.path, 0o777) == 0)
    let path = folder.appendingPathComponent("shared.png")
    try Data("old".utf8).write(to: path)
    #expect(chmod(path.path, 0o666) == 0)
    let inode = try #require(Self.entry(path)).st_ino
    // The build may sit in a folder only root can read (a clone in a
    // `mktemp -d`), so the user gets the bundled fonts from a copy it can.
    let fonts = TemporaryDirectory.make("fonts")
    #expect(chmod(fonts.path, 0o755) == 0)
    for name in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
      let copy = fonts.appendingPathComponent(name)
      try FileManager.default.copyItem(
        at: PackageFiles.root.appendingPathComponent("Sources/TransitRender/Text/Fonts/\(name)"),
        to: copy)
      #expect(chmod(copy.path, 0o644) == 0)
    }
    let asNobody =
      "TRANSIT_FONTS_DIR='\(fonts.path)'; export TRANSIT_FONTS_DIR; "
      + "exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\" \"$@\""
    let run = try animrender.run(
      ["render"] + Self.small + ["-o", path.path], in: folder, shell: asNobody)
    #expect(run.status == 0, "\(run.stderr)")
    let after = try #require(Self.entry(path))
    #expect(after.st_uid == 0 && after.st_ino == inode)
    #expect(after.st_mode & 0o7777 == 0o666)
    #expect(try Self.isPNG(path))
    #expect(try Self.files(folder) == ["shared.png"])
    // One that cannot be replaced without losing its owner, and that this
    // user may not write either: refused before drawing, left as it was.
    let locked = folder.appendingPathComponent("locked.png")
    try Data("old".utf8).write(to: locked)
    #expect(chmod(locked.path, 0o644) == 0)
    let refused = try animrender.run(
      ["render"] + Self.small + ["-o", locked.path], in: folder, shell: asNobody)
    #expect(refused.status == 73, "\(refused.stderr)")
    #expect(refused.stderr.contains("in place"), "\(refused.stderr)")
    #expect(try Self.bytes(locked) == Array("old".utf8))
    #expect(try Self.files(folder) == ["locked.png", "shared.png"])
  }

  // MARK: outputs that name inputs

  @Test func noOutputMayNameAnInput() throws {
    let folder = TemporaryDirectory.make()
    let scene = """
      {"container": {"width": 20, "height": 30}, "frames": 2,
       "views": [{"id": "a", "image": "pic.png"}], "script": [{"show": "a"}]}
      """
    try Data(scene.utf8).write(to: folder.appendingPathComponent("s.json"))
    try Data(PNGEncoder.encode(try Image(width: 4, height: 4))).write(
      to: folder.appendingPathComponent("pic.png"))
    #expect(
      link(
        folder.appendingPathComponent("s.json").path,
        folder.appendingPathComponent("hard.json").path) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("soft.json").path, withDestinationPath: "s.json")
    let before = try Self.files(folder).map { try Self.bytes(folder.appendingPathComponent($0)) }
    let cases: [[String]] = [
      ["play", "s.json", "--states", "s.json", "-o", "o.png"],
      ["play", "s.json", "--states", "./hard.json", "-o", "o.png"],
      ["play", "s.json", "--states", "soft.json", "-o", "o.png"],
      ["play", "s.json", "-o", "pic.png"],
      ["play", "s.json", "--layout", "frames", "-o", "s%d.json"],
      ["render", "--from", "pic.png", "-o", folder.appendingPathComponent("pic.png").path],
      ["render", "--to", "pic.png", "--frames", "2", "-o", "o.png", "--states", "pic.png"],
      ["diff", "pic.png", "pic.png", "-o", "pic.png"],
      ["render", "--frames", "2", "-o", "-", "--states", "-"],
    ]
    for arguments in cases {
      let run = try animrender.run(arguments, in: folder)
      #expect(run.status == 64, "\(arguments): \(run.stderr)")
    }
    #expect(
      try Self.files(folder).map { try Self.bytes(folder.appendingPathComponent($0)) } == before)
    #expect(try Self.files(folder) == ["hard.json", "pic.png", "s.json", "soft.json"])
  }

  /// An old frame that the new, shorter set would remove is an output too.
  @Test func aFrameSetMayNotRemoveAnInput() throws {
    let folder = TemporaryDirectory.make()
    let made = try animrender.run(
      ["render", "--size", "20x30", "--frames", "4", "--layout", "frames", "-o", "f-%d.png"],
      in: folder)
    #expect(made.status == 0)
    let run = try animrender.run(
      ["render", "--from", "f-3.png", "--frames", "2", "--layout", "frames", "-o", "f-%d.png"],
      in: folder)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(try Self.files(folder) == ["f-0.png", "f-1.png", "f-2.png", "f-3.png"])
  }

  @Test func diffToStandardOutputIsRefused() throws {
    let folder = TemporaryDirectory.make()
    try Data(PNGEncoder.encode(try Image(width: 4, height: 4))).write(
      to: folder.appendingPathComponent("a.png"))
    let run = try animrender.run(["diff", "a.png", "a.png", "-o", "-"], in: folder)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(try Self.files(folder) == ["a.png"])
  }

  // MARK: all or nothing

  @Test func aFailedStandardOutputCommitsNothing() throws {
    let folder = TemporaryDirectory.make()
    try Data("old".utf8).write(to: folder.appendingPathComponent("st.json"))
    let run = try animrender.run(
      [
        "render", "--frames", "30", "--size", "40x60", "--format", "png", "-o", "-", "--states",
        "st.json",
      ],
      in: folder, shell: "exec > /dev/full")
    #expect(run.status == 73, "\(run.stderr)")
    #expect(run.stderr.contains("standard output"))
    #expect(try Self.bytes(folder.appendingPathComponent("st.json")) == Array("old".utf8))
    #expect(try Self.files(folder) == ["st.json"])
    // The same run with standard output working commits the states.
    let good = try animrender.runCapturingBytes(
      [
        "render", "--frames", "30", "--size", "40x60", "--format", "png", "-o", "-", "--states",
        "st.json",
      ],
      in: folder)
    #expect(good.status == 0)
    #expect(try Self.bytes(folder.appendingPathComponent("st.json")) != Array("old".utf8))
  }

  @Test func aFrameSetReplacesTheOldSetWhole() throws {
    let folder = TemporaryDirectory.make()
    func render(_ count: Int) throws {
      let run = try animrender.run(
        [
          "render", "--size", "20x30", "--frames", "\(count)", "--layout", "frames", "-o",
          "f-%03d.png",
        ],
        in: folder)
      #expect(run.status == 0, "\(run.stderr)")
    }
    try render(10)
    // Not the set's: another width, another pattern, a folder; the set's:
    // a larger number, a link (removed, its target kept).
    for name in ["f-12.png", "f-0000.png", "f-001.png.bak", "g-007.png", "keep.png"] {
      try Data(name.utf8).write(to: folder.appendingPathComponent(name))
    }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("f-500.png"), withIntermediateDirectories: false)
    try Data("big".utf8).write(to: folder.appendingPathComponent("f-1000.png"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("f-600.png").path, withDestinationPath: "keep.png")
    try render(5)
    #expect(
      try Self.files(folder) == [
        "f-000.png", "f-0000.png", "f-001.png", "f-001.png.bak", "f-002.png", "f-003.png",
        "f-004.png", "f-12.png", "f-500.png", "g-007.png", "keep.png",
      ])
    #expect(try Self.bytes(folder.appendingPathComponent("keep.png")) == Array("keep.png".utf8))
  }

  /// Two runs with different styles into one pattern, 20 times: every
  /// final set is wholly one run's (frames that both styles draw alike, the
  /// first and last, say nothing).
  @Test func concurrentRunsIntoOnePatternNeverInterleave() throws {
    let folder = TemporaryDirectory.make()
    let count = 40
    // Two styles that cost the same to draw, so the runs often commit together.
    let styles = ["push-from-right", "push-from-left"]
    func arguments(_ style: String, _ pattern: String) -> [String] {
      [
        "render", "--style", style, "--frames", "\(count)", "--size", "40x60", "--layout", "frames",
        "-o",
        pattern, "--quiet",
      ]
    }
    var references: [[[UInt8]]] = []
    for (i, style) in styles.enumerated() {
      let run = try animrender.run(arguments(style, "ref\(i)-%02d.png"), in: folder)
      #expect(run.status == 0)
      references.append(
        try (0..<count).map {
          try Self.bytes(folder.appendingPathComponent(String(format: "ref\(i)-%02d.png", $0)))
        })
    }
    let telling = (0..<count).filter { references[0][$0] != references[1][$0] }
    #expect(telling.count >= count - 2)
    for round in 0..<20 {
      let first = animrender.make(arguments(styles[0], "f-%02d.png"), in: folder)
      first.standardOutput = FileHandle.nullDevice
      first.standardError = FileHandle.nullDevice
      try first.run()
      let second = try animrender.run(arguments(styles[1], "f-%02d.png"), in: folder)
      first.waitUntilExit()
      #expect(first.terminationStatus == 0 && second.status == 0, "round \(round)")
      let frames = try (0..<count).map {
        try Self.bytes(folder.appendingPathComponent(String(format: "f-%02d.png", $0)))
      }
      let fromFirst = telling.filter { frames[$0] == references[0][$0] }.count
      let fromSecond = telling.filter { frames[$0] == references[1][$0] }.count
      #expect(
        (fromFirst, fromSecond) == (telling.count, 0)
          || (fromFirst, fromSecond) == (0, telling.count),
        "round \(round): \(fromFirst) frames of one run, \(fromSecond) of the other")
    }
    #expect(try Self.files(folder).filter { $0.hasPrefix(".") }.isEmpty)
  }

  /// The lock itself: while another process holds the folder's lock, a
  /// run says it waits and writes nothing; once the lock is released, it
  /// finishes.
  @Test func aRunWaitsForTheFolderLock() throws {
    let folder = TemporaryDirectory.make()
    let held = open(folder.path, O_RDONLY | O_DIRECTORY)
    #expect(held >= 0 && flock(held, LOCK_EX) == 0)
    let process = animrender.make(
      ["render"] + Self.small + ["--layout", "frames", "-o", "f-%d.png"], in: folder)
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    usleep(1_500_000)
    #expect(process.isRunning)
    #expect(try Self.files(folder).filter { !$0.hasPrefix(".") }.isEmpty)
    close(held)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(said.contains("waiting for another run writing into"), "\(said)")
    #expect(try Self.files(folder) == ["f-0.png", "f-1.png", "f-2.png"])
  }
}
