// Signature-only subset of RxSwift 6 (ReactiveX/RxSwift 6.10.2, `RxSwift/`), for type-checking
// generated code on Linux. Declarations keep RxSwift's names, generic signatures, labels and
// default arguments; bodies trap. RxSwift 6 has no `Variable` (use RxRelay's `BehaviorRelay`), and
// `Binder` lives here, while `bind(to:)` for observers is RxCocoa's and for relays RxRelay's.

import Foundation

func shimOnly<T>(_ function: StaticString = #function) -> T {
    fatalError("RxSwift shim: \(function) has no implementation")
}

// MARK: - Events, observers, observables

/// `Event<Element>`.
@frozen public enum Event<Element> {
    case next(Element)
    case error(Swift.Error)
    case completed
}

extension Event {
    public var isStopEvent: Bool { shimOnly() }
    public var element: Element? { shimOnly() }
    public var error: Swift.Error? { shimOnly() }
    public var isCompleted: Bool { shimOnly() }
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> { shimOnly() }
}

/// `ObserverType`.
public protocol ObserverType {
    associatedtype Element
    func on(_ event: Event<Element>)
}

extension ObserverType {
    public func onNext(_ element: Element) { on(.next(element)) }
    public func onCompleted() { on(.completed) }
    public func onError(_ error: Swift.Error) { on(.error(error)) }
    public func asObserver() -> AnyObserver<Element> { shimOnly() }
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> { shimOnly() }
}

/// `AnyObserver<Element>`.
public struct AnyObserver<Element>: ObserverType {
    public typealias EventHandler = (Event<Element>) -> Void
    public init(eventHandler: @escaping EventHandler) { fatalError("RxSwift shim") }
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element { fatalError("RxSwift shim") }
    public func on(_ event: Event<Element>) { shimOnly() as Void }
    public func asObserver() -> AnyObserver<Element> { self }
}

/// `ObservableConvertibleType`.
public protocol ObservableConvertibleType {
    associatedtype Element
    func asObservable() -> Observable<Element>
}

/// `ObservableType`.
public protocol ObservableType: ObservableConvertibleType {
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    public func asObservable() -> Observable<Element> { shimOnly() }
}

/// `Observable<Element>`: `public`, not `open`, and its initializer is internal.
public class Observable<Element>: ObservableType {
    init() {}
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        shimOnly()
    }
    public func asObservable() -> Observable<Element> { self }
}

/// `RxObservable<Element>`.
public typealias RxObservable<Element> = RxSwift.Observable<Element>

// MARK: - Subscribing

extension ObservableType {
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable { shimOnly() }

    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        shimOnly()
    }

    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        shimOnly()
    }
}

// MARK: - Operators used by generated code

extension ObservableType {
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> { shimOnly() }
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> { shimOnly() }
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> { shimOnly() }
    public func skip(_ count: Int) -> Observable<Element> { shimOnly() }
    public func startWith(_ elements: Element ...) -> Observable<Element> { shimOnly() }
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> { shimOnly() }
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        shimOnly()
    }
    public func distinctUntilChanged<K>(_ keySelector: @escaping (Element) throws -> K,
                                        comparer: @escaping (K, K) throws -> Bool) -> Observable<Element> {
        shimOnly()
    }
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Observable<Out> {
        shimOnly()
    }
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> { shimOnly() }

    public static func just(_ element: Element) -> Observable<Element> { shimOnly() }
    public static func empty() -> Observable<Element> { shimOnly() }
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        shimOnly()
    }
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2, resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        shimOnly()
    }
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        shimOnly()
    }
}

extension ObservableType where Element: Equatable {
    public func distinctUntilChanged() -> Observable<Element> { shimOnly() }
}

extension ObservableType where Element == Any {
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        shimOnly()
    }
}

// MARK: - Subjects

/// `SubjectType`.
public protocol SubjectType: ObservableType {
    associatedtype Observer: ObserverType
    func asObserver() -> Observer
}

/// `Cancelable`.
public protocol Cancelable: Disposable {
    var isDisposed: Bool { get }
}

/// `BehaviorSubject<Element>`.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    public typealias SubjectObserverType = BehaviorSubject<Element>
    public var isDisposed: Bool { shimOnly() }
    public init(value: Element) {}
    public func value() throws -> Element { shimOnly() }
    public func on(_ event: Event<Element>) { shimOnly() as Void }
    public func asObserver() -> BehaviorSubject<Element> { self }
    public func dispose() { shimOnly() as Void }
}

/// `PublishSubject<Element>`.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, Cancelable, ObserverType {
    public typealias SubjectObserverType = PublishSubject<Element>
    public var isDisposed: Bool { shimOnly() }
    public var hasObservers: Bool { shimOnly() }
    public override init() {}
    public func on(_ event: Event<Element>) { shimOnly() as Void }
    public func asObserver() -> PublishSubject<Element> { self }
    public func dispose() { shimOnly() as Void }
}

// MARK: - Disposables

/// `Disposable`.
public protocol Disposable {
    func dispose()
}

/// `Disposables`.
public struct Disposables {
    private init() {}
    public static func create() -> Disposable { shimOnly() }
    public static func create(with dispose: @escaping () -> Void) -> Cancelable { shimOnly() }
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable { shimOnly() }
}

/// `DisposeBase`.
public class DisposeBase {
    init() {}
}

/// `DisposeBag`.
public final class DisposeBag: DisposeBase {
    public override init() {}
    public func insert(_ disposable: Disposable) { shimOnly() as Void }
}

extension DisposeBag {
    public convenience init(disposing disposables: Disposable...) { self.init() }
    public convenience init(disposing disposables: [Disposable]) { self.init() }
    public func insert(_ disposables: Disposable...) { shimOnly() as Void }
    public func insert(_ disposables: [Disposable]) { shimOnly() as Void }
}

extension Disposable {
    public func disposed(by bag: DisposeBag) { bag.insert(self) }
}

// MARK: - Schedulers

/// `RxTimeInterval`.
public typealias RxTimeInterval = DispatchTimeInterval

/// `RxTime`.
public typealias RxTime = Date

/// `ImmediateSchedulerType`.
public protocol ImmediateSchedulerType {
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// `SchedulerType`.
public protocol SchedulerType: ImmediateSchedulerType {
    var now: RxTime { get }
}

/// `SerialDispatchQueueScheduler`.
public class SerialDispatchQueueScheduler: SchedulerType {
    public var now: Date { shimOnly() }
    public init(serialQueue: DispatchQueue, internalSerialQueueName: String = "", leeway: DispatchTimeInterval = .nanoseconds(0)) {}
    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        shimOnly()
    }
}

/// `MainScheduler`.
public final class MainScheduler: SerialDispatchQueueScheduler {
    public init() { super.init(serialQueue: DispatchQueue.main) }
    public static let instance = MainScheduler()
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) { shimOnly() as Void }
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) { shimOnly() as Void }
}

/// `ConcurrentMainScheduler`.
public final class ConcurrentMainScheduler: SchedulerType {
    public var now: Date { shimOnly() }
    public static let instance = ConcurrentMainScheduler()
    private init() {}
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        shimOnly()
    }
}

// MARK: - Binder and Reactive

/// `Binder<Value>`: an observer that binds on the main scheduler and does not retain its target.
public struct Binder<Value>: ObserverType {
    public typealias Element = Value
    public init<Target: AnyObject>(_ target: Target, scheduler: ImmediateSchedulerType = MainScheduler(),
                                   binding: @escaping (Target, Value) -> Void) {}
    public func on(_ event: Event<Value>) { shimOnly() as Void }
    public func asObserver() -> AnyObserver<Value> { shimOnly() }
}

/// `Reactive<Base>`: the `rx` namespace. Writable reference properties of the base get a `Binder`
/// through dynamic member lookup.
@dynamicMemberLookup
public struct Reactive<Base> {
    public let base: Base
    public init(_ base: Base) { self.base = base }
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
    where Base: AnyObject {
        shimOnly()
    }
}

/// `ReactiveCompatible`.
public protocol ReactiveCompatible {
    associatedtype ReactiveBase
    static var rx: Reactive<ReactiveBase>.Type { get set }
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        set {}
    }
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}

extension NSObject: ReactiveCompatible {}
