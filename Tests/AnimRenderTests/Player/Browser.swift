import Foundation
import Testing
import TransitTestSupport

/// A real browser for the player's and the preview's tests: Debian's
/// headless Chromium driven by Selenium through chromium-driver, both
/// installed by `make test-deps`. A script prints one JSON line; a browser
/// that cannot start prints `{"skip": reason}` and the test says why it
/// did not run instead of failing.
enum Browser {
  /// What a browser script printed: its result, or why no browser started.
  enum Outcome<T: Decodable> {
    case ran(T)
    case skipped(String)
  }

  /// Runs `script` (Python, after ``prelude``) with `arguments` in `folder`.
  static func run<T: Decodable>(
    _ script: String, _ arguments: [String], in folder: URL, timeout: Double = 120
  ) throws -> Outcome<T> {
    let path = folder.appendingPathComponent("browser-\(UUID().uuidString).py")
    try (prelude + script).write(to: path, atomically: true, encoding: .utf8)
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", path.path] + arguments, in: folder,
      timeout: timeout)
    guard result.status == 0 else {
      throw OutsideDecoders.Failure(
        "the browser script exited \(result.status): \(result.stderr.suffix(3000))")
    }
    let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    if let skip = try? JSONDecoder().decode(Skip.self, from: Data(line.utf8)) {
      return .skipped(skip.skip)
    }
    return .ran(try JSONDecoder().decode(T.self, from: Data(line.utf8)))
  }

  private struct Skip: Decodable { var skip: String }

  /// Starts the browser (`browser()`), or prints why it cannot and exits;
  /// `canvas_png(driver)` is the player's canvas as Pillow sees it.
  static let prelude = #"""
    import base64, io, json, shutil, sys

    def skip(reason):
        print(json.dumps({"skip": reason}))
        sys.exit(0)

    def browser(width=900, height=1300):
        try:
            from selenium import webdriver
            from selenium.webdriver.chrome.options import Options
            from selenium.webdriver.chrome.service import Service
        except Exception as error:
            skip("Python's selenium cannot be imported (%s); make test-deps installs it" % error)
        binary = shutil.which("chromium") or shutil.which("chromium-browser")
        driver = shutil.which("chromedriver")
        if not binary or not driver:
            skip("Debian's chromium and chromium-driver are not installed; make test-deps installs them")
        options = Options()
        options.binary_location = binary
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--force-color-profile=srgb",
                         "--window-size=%d,%d" % (width, height)]:
            options.add_argument(argument)
        try:
            return webdriver.Chrome(options=options, service=Service(executable_path=driver))
        except Exception as error:
            skip("the browser did not start: %s" % str(error).splitlines()[0])

    def canvas_png(driver):
        from PIL import Image
        url = driver.execute_script("return transitPlayer.canvas.toDataURL('image/png')")
        return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGBA")

    def differing_pixels(got, reference):
        from PIL import ImageChops
        reference = reference.convert("RGBA")
        if got.size != reference.size:
            return got.width * got.height + 1
        bands = ImageChops.difference(got, reference).split()
        mask = bands[0].point(lambda v: 255 if v else 0)
        for band in bands[1:]:
            mask = ImageChops.lighter(mask, band.point(lambda v: 255 if v else 0))
        return mask.histogram()[255]

    """#
}
