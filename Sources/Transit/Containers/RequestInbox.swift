import Synchronization

/// Where a ``RotationGate`` leaves the requests it lets through for a
/// container to pick up at a safe point.
///
/// The gate may approve a deferred request from whichever thread ended the
/// last animation, and its `apply` closure must be `Sendable`, so it cannot
/// touch a (single-domain) container directly. It posts here instead, and
/// the container applies the latest request when its own code runs next:
/// right after the transition that held the gate ends, before the next
/// queued operation starts.
final class RequestInbox<Request: Sendable>: Sendable {
  private let requests = Mutex<[Request]>([])

  func post(_ request: Request) {
    requests.withLock { $0.append(request) }
  }

  /// Takes every posted request, oldest first.
  func takeAll() -> [Request] {
    requests.withLock { requests in
      defer { requests = [] }
      return requests
    }
  }
}
