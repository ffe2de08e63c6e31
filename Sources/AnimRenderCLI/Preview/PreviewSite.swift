import Foundation
import TransitRender

/// What the preview's server answers: the player page, its frames, the
/// scene file's updates and the drag, and nothing else. `animrender-preview` hands it each request its HTTP server
/// (FlyingFox) reads.
///
/// Every address starts with the server's random token (`/TOKEN/…`): a
/// request without it, or with another, is refused (403), so a page of
/// another site in the same browser, which cannot know the token, gets
/// nothing. A request naming another host than the one the server was
/// started for is refused too (421), which stops a hostile name that
/// resolves to 127.0.0.1 (DNS rebinding). The addresses are a fixed set
/// of names and numbers; no part of one is ever a file's path, so `../`
/// leads nowhere (404), and nothing is listed. Every answer carries a
/// Content-Security-Policy that allows the page's own inline script and
/// style and requests to its own origin only, `no-store` and `nosniff`.
package final class PreviewSite: Sendable {
  /// A request, as the server read it.
  package struct Request: Sendable {
    package var method: String
    /// The path, `%`-escapes left as sent.
    package var path: String
    package var query: [(name: String, value: String)]
    /// The `Host` header, if any.
    package var host: String?

    package init(
      method: String, path: String, query: [(name: String, value: String)], host: String?
    ) {
      self.method = method
      self.path = path
      self.query = query
      self.host = host
    }
  }

  /// An answer: its status, headers and body.
  package struct Answer: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]
  }

  /// The headers every answer carries.
  static let policy =
    "default-src 'none'; img-src 'self' blob: data:; style-src 'unsafe-inline'; "
    + "script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    + "frame-ancestors 'none'"

  let session: PreviewSession
  /// 128 random bits as 32 hexadecimal digits.
  let token: String
  private let options: PreviewOptions

  /// The site for `options`, serving its scene file as read. A file that
  /// cannot be read at all is refused (66). While the file as last read
  /// has a problem, the page shows that problem's message in place of the
  /// story; otherwise it shows the story.
  init(_ options: PreviewOptions) throws(CLIError) {
    guard FileManager.default.isReadableFile(atPath: options.sceneFile) else {
      throw CLIError(
        .noInput, "\(CLIError.echoed(options.sceneFile)): no readable scene file there")
    }
    self.options = options
    session = PreviewSession(path: options.sceneFile, scale: options.scale)
    token = PreviewSite.makeToken()
    session.reload()
  }

  /// The message `play` would print for the file as last read, or `nil`
  /// when it has no problem.
  var problem: String? { session.update.problem }

  /// The page's address when the server listens on `port`.
  func address(port: Int) -> String { "http://\(options.host):\(port)/\(token)/" }

  /// The `Host` values answered on `port`: the host and port as printed,
  /// and `localhost` when listening on loopback; `nil` for any, when it
  /// listens on every address (`--host 0.0.0.0`), where other computers
  /// name it by addresses it cannot list (the token still guards it).
  func hosts(port: Int) -> Set<String>? {
    if options.host == "0.0.0.0" { return nil }
    var hosts: Set<String> = ["\(options.host):\(port)"]
    if options.host == "127.0.0.1" { hosts.insert("localhost:\(port)") }
    return hosts
  }

  /// Reads the file again whenever it changes (checked ten times a
  /// second), printing a new problem to standard error; never returns.
  func watch() async {
    while true {
      try? await Task.sleep(for: .milliseconds(100))
      if session.reload(), let problem = session.update.problem {
        Terminal.writeError(problem + "\n")
      }
    }
  }

  /// The answer to `request`, received on `port`.
  package func answer(_ request: Request, port: Int) async -> Answer {
    guard let host = request.host, hosts(port: port)?.contains(host.lowercased()) ?? true else {
      return Self.text(421, "unknown host")
    }
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    guard let first = parts.first, Self.same(String(first), token) else {
      return Self.text(403, "this preview needs the address it printed, with its token")
    }
    let route = parts.dropFirst().map(String.init)
    let query = Dictionary(
      request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    let name = route.first ?? ""
    do throws(CLIError) {
      switch (request.method, route.count) {
      // The printed address ends with `/`, which the HTTP server may drop
      // from the path it reads.
      case ("GET", 0): return page()
      case ("GET", 1) where name == "": return page()
      case ("GET", 1) where name == "events":
        let since = query["since"].flatMap(Int.init) ?? -1
        return Self.json(await session.waitForChange(after: since, seconds: 10))
      case ("GET", 3) where name == "frame":
        guard let version = Int(route[1]), let index = Int(route[2]),
          let picture = try session.frame(version: version, index: index)
        else { return Self.text(404, "no such frame") }
        return Self.png(picture)
      case ("GET", 3) where name == "settle":
        guard let index = Int(route[2]), let png = session.completionFrame(index) else {
          return Self.text(404, "no such frame")
        }
        return Self.answer(200, type: "image/png", png)
      case ("POST", 2) where name == "drag":
        return try drag(route[1], query)
      default: return Self.text(404, "not found")
      }
    } catch {
      return Self.text(400, PreviewSession.message(error))
    }
  }

  /// `drag/begin?operation=I&x=X&y=Y&t=MS`, `drag/update?x=X&y=Y&t=MS`
  /// (the finger in the canvas's points, at the page's milliseconds), and
  /// `drag/release`.
  private func drag(_ step: String, _ query: [String: String]) throws(CLIError) -> Answer {
    func number(_ key: String) throws(CLIError) -> Double {
      guard let value = query[key].flatMap(Double.init), value.isFinite, abs(value) <= 1e6
      else { throw CLIError.usage("\(key): expected a number within ±1000000") }
      return value
    }
    func sample() throws(CLIError) -> PreviewDrag.Sample {
      PreviewDrag.Sample(x: try number("x"), y: try number("y"), time: try number("t"))
    }
    switch step {
    case "begin":
      guard let operation = query["operation"].flatMap(Int.init) else {
        throw CLIError.usage("operation: expected a script index")
      }
      try session.beginDrag(operation: operation, press: try sample())
      return Self.text(204, "")
    case "update":
      return Self.png(try session.updateDrag(try sample()))
    case "release":
      return Self.json(try session.releaseDrag())
    default:
      return Self.text(404, "not found")
    }
  }

  /// The player page with the current story and the live script.
  private func page() -> Answer {
    let update = session.update
    let story =
      update.story
      ?? PlayerStory(
        title: session.path, width: 1, height: 1, scale: 1, end: 0, frames: [])
    let data = (try? story.json()) ?? Array("{}".utf8)
    let problem = update.problem.map { PreviewPage.escapedForScript($0) } ?? "null"
    let bytes = PlayerPage.html(
      story: data,
      extraScript:
        "const transitPreviewStart = {version: \(update.version), problem: \(problem)};\n"
        + PreviewPage.script,
      images: "'self' blob: data:", connect: "'self'")
    return Self.answer(200, type: "text/html; charset=utf-8", bytes)
  }

  /// Whether two tokens are the same, in time that does not depend on
  /// where they first differ.
  static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for i in x.indices { difference |= x[i] ^ y[i] }
    return difference == 0
  }

  /// 128 bits from the system's random source as 32 hexadecimal digits.
  static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let digits = String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
      return String(repeating: "0", count: 8 - digits.count) + digits
    }.joined()
  }

  static func answer(
    _ status: Int, type: String, _ body: [UInt8], extra: [(name: String, value: String)] = []
  ) -> Answer {
    Answer(
      status: status,
      headers: [
        ("Content-Type", type), ("Content-Security-Policy", policy),
        ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-store"),
        ("Referrer-Policy", "no-referrer"),
      ] + extra, body: body)
  }

  /// The reason phrase of a status the site answers with.
  package static func phrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 204: "No Content"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 421: "Misdirected Request"
    default: "Internal Server Error"
    }
  }

  static func text(_ status: Int, _ text: String) -> Answer {
    answer(status, type: "text/plain; charset=utf-8", Array(text.utf8))
  }

  /// A drawn frame, with how long drawing and encoding took as
  /// `Server-Timing` (a browser's developer tools show it per request)
  /// and, for a drag, the progress it shows as `Transit-Progress`.
  static func png(_ picture: PreviewSession.Picture) -> Answer {
    let milliseconds = { (duration: Duration) in
      let (seconds, attoseconds) = duration.components
      return String(format: "%.2f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
    var extra = [
      (
        name: "Server-Timing",
        value:
          "draw;dur=\(milliseconds(picture.drawing)), encode;dur=\(milliseconds(picture.encoding))"
      )
    ]
    if let progress = picture.progress {
      extra.append((name: "Transit-Progress", value: "\(progress)"))
    }
    return answer(200, type: "image/png", picture.png, extra: extra)
  }

  static func json(_ value: some Encodable) -> Answer {
    guard let bytes = try? JSONEncoder().encode(value) else {
      return text(500, "encoding the answer failed")
    }
    return answer(200, type: "application/json", Array(bytes))
  }
}
