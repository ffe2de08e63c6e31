import FlyingFox
import FlyingSocks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// FlyingFox's socket pool with Nagle's algorithm turned off on every
/// socket it waits on (the listening socket, whose setting Linux copies to
/// each accepted connection, and each connection).
///
/// FlyingFox writes an answer's head and body in two writes. With Nagle on,
/// the body waits for the browser to acknowledge the head, which a browser
/// delays by up to 40 ms: every frame of a drag took 44 ms over the
/// loopback while drawing and encoding it took under 1 ms. The preview's
/// answers are few and small, so sending each write at once costs nothing.
struct NoDelaySocketPool<Pool: AsyncSocketPool>: AsyncSocketPool {
  let pool: Pool

  func prepare() async throws { try await pool.prepare() }

  func run() async throws { try await pool.run() }

  func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
    try await pool.suspendSocket(socket, untilReadyFor: events)
  }
}
