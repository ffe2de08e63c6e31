// `animrender preview`'s server, which `animrender preview` runs in its
// place: a FlyingFox HTTP server around AnimRenderCLI's PreviewSite. Only
// this program links the server (and Foundation's networking, which
// FlyingFox's proxy handler imports), so `animrender` does not load them.
import AnimRenderCLI
import FlyingFox
import FlyingSocks
import Foundation

await PreviewProgram.main { site, options, listening in
  // The options checked the host and port already.
  let address = try sockaddr_in.inet(ip4: options.host, port: UInt16(options.port ?? 0))
  let server = HTTPServer(
    address: address, timeout: 60, pool: NoDelaySocketPool(pool: HTTPServer.defaultPool()),
    logger: .disabled)
  let running = Task { try await server.run() }
  try await server.waitUntilListening(timeout: 10)
  guard case .ip4(_, let port) = await server.listeningAddress else {
    throw Unlistened()
  }
  await server.appendRoute("*", to: SiteHandler(site: site, port: Int(port)))
  listening(Int(port))
  try await running.value
}

/// The server listens, but not at an IPv4 address.
struct Unlistened: Error, CustomStringConvertible {
  var description: String { "it did not say where it listens" }
}

/// Hands each request to the site and its answer back to FlyingFox.
struct SiteHandler: HTTPHandler {
  let site: PreviewSite
  let port: Int

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let answer = await site.answer(
      PreviewSite.Request(
        method: request.method.rawValue, path: request.path,
        query: request.query.map { (name: $0.name, value: $0.value) },
        host: request.headers[.host]),
      port: port)
    var headers = HTTPHeaders()
    for (name, value) in answer.headers { headers[HTTPHeader(name)] = value }
    return HTTPResponse(
      statusCode: HTTPStatusCode(answer.status, phrase: PreviewSite.phrase(answer.status)),
      headers: headers, body: Data(answer.body))
  }
}
