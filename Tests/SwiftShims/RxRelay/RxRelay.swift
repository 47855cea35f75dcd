// Signature-only subset of RxRelay 6 (ReactiveX/RxSwift 6.10.2, `RxRelay/`), for type-checking
// generated code on Linux. `BehaviorRelay` replaces RxSwift 5's `Variable`. Bodies trap.

import RxSwift

func shimOnly<T>(_ function: StaticString = #function) -> T {
    fatalError("RxRelay shim: \(function) has no implementation")
}

/// `BehaviorRelay<Element>`: a `BehaviorSubject` that never errors or completes.
public final class BehaviorRelay<Element>: ObservableType {
    public func accept(_ event: Element) { shimOnly() as Void }
    public var value: Element { shimOnly() }
    public init(value: Element) {}
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        shimOnly()
    }
    public func asObservable() -> Observable<Element> { shimOnly() }
}

/// `PublishRelay<Element>`: a `PublishSubject` that never errors or completes.
public final class PublishRelay<Element>: ObservableType {
    public func accept(_ event: Element) { shimOnly() as Void }
    public init() {}
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        shimOnly()
    }
    public func asObservable() -> Observable<Element> { shimOnly() }
}

extension ObservableType {
    public func bind(to relays: PublishRelay<Element>...) -> Disposable { shimOnly() }
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable { shimOnly() }
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable { shimOnly() }
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable { shimOnly() }
}
