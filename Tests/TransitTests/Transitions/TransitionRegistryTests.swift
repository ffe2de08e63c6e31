import Testing
import Transit

@Suite("Transition style registry")
struct TransitionRegistryTests {
  typealias F = TransitionFixtures

  @Test("finds every built-in style by its name")
  func findsEveryName() throws {
    let registry = TransitionStyles.builtIn
    #expect(registry.names.count == 48)
    #expect(Set(registry.names).count == 48)
    for name in registry.names {
      #expect(try registry.style(named: name).name == name)
    }
    #expect(registry.all.count == 48 + registry.aliasNames.count)
    #expect(registry.all.first { $0.name == "flow-from-left" }?.intrinsicDuration == 0.6)
  }

  @Test(
    "aliases",
    arguments: [
      ("push", "push-from-right"), ("pop", "pop"), ("push-left", "push-from-right"),
      ("slide-from-top", "cover-from-top"), ("slide-from-bottom", "cover-from-bottom"),
    ])
  func aliases(alias: String, target: String) throws {
    let registry = TransitionStyles.builtIn
    #expect(try registry.style(named: alias).name == target)
    #expect(registry.aliasNames.contains(alias))
    #expect(registry.all.first { $0.name == alias }?.aliasOf == target)
    #expect(!registry.names.contains(alias))
  }

  @Test("rejects an unknown name and suggests the closest ones")
  func unknownName() {
    let registry = TransitionStyles.builtIn
    do {
      _ = try registry.style(named: "push-form-right")
      Issue.record("an unknown name was accepted")
    } catch {
      #expect(error.kind == .unknownStyle)
      #expect(error.message.contains("'push-form-right'"))
      #expect(error.message.contains("did you mean 'push-from-right'"))
    }
    #expect(throws: TransitError.self) { try registry.style(named: "") }
    #expect(throws: TransitError(.unknownStyle, "no style is named 'x'; no styles are registered"))
    {
      try TransitionStyles().style(named: "x")
    }
  }

  @Test("registers a user style, and replaces one of the same name in place")
  func registers() throws {
    struct Wipe: TransitionStyle {
      var name: String
      let intrinsicDuration = 0.25
      func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
        Animation([AnimationStep(duration: 0.25, changes: [])])
      }
    }
    var registry = TransitionStyles.builtIn
    registry.register(Wipe(name: "wipe"))
    #expect(registry.names.count == 49)
    #expect(registry.names.last == "wipe")
    #expect(try registry.style(named: "wipe").intrinsicDuration == 0.25)
    let position = registry.names.firstIndex(of: "fade-in")
    registry.register(Wipe(name: "fade-in"))
    #expect(registry.names.count == 49)
    #expect(registry.names.firstIndex(of: "fade-in") == position)
    #expect(try registry.style(named: "fade-in").intrinsicDuration == 0.25)
    // The shared built-in registry is a value: it did not change.
    #expect(try TransitionStyles.builtIn.style(named: "fade-in").intrinsicDuration == 0.4)
    // A registered name hides an alias.
    registry.register(Wipe(name: "push"))
    #expect(try registry.style(named: "push").intrinsicDuration == 0.25)
  }
}
