// Signature-only subset of RxCocoa 6 (ReactiveX/RxSwift 6.10.2, `RxCocoa/`), for type-checking
// generated code on Linux. Like the real module it re-exports RxRelay. Bodies trap.
//
// `bind(to:)` for observers and `bind(onNext:)` live here (RxCocoa/Common/Observable+Bind.swift),
// not in RxSwift. Tables and collections bind with the curried `rx.items(cellIdentifier:cellType:)`:
//
//     rows.bind(to: tableView.rx.items(cellIdentifier: "Cell", cellType: Cell.self)) { row, element, cell in … }

@_exported import RxRelay
import RxSwift
import UIKit

func shimOnly<T>(_ function: StaticString = #function) -> T {
    fatalError("RxCocoa shim: \(function) has no implementation")
}

// MARK: - Traits

/// `ControlPropertyType`.
public protocol ControlPropertyType: ObservableType, ObserverType {
    func asControlProperty() -> ControlProperty<Element>
}

/// `ControlProperty<PropertyType>`: a UI property's values (initial and user-initiated) and a sink.
public struct ControlProperty<PropertyType>: ControlPropertyType {
    public typealias Element = PropertyType
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Element == Values.Element, Element == Sink.Element {
        fatalError("RxCocoa shim")
    }
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        shimOnly()
    }
    public var changed: ControlEvent<PropertyType> { shimOnly() }
    public func asObservable() -> Observable<Element> { shimOnly() }
    public func asControlProperty() -> ControlProperty<Element> { self }
    public func on(_ event: Event<Element>) { shimOnly() as Void }
}

extension ControlPropertyType where Element == String? {
    public var orEmpty: ControlProperty<String> { shimOnly() }
}

/// `ControlEventType`.
public protocol ControlEventType: ObservableType {
    func asControlEvent() -> ControlEvent<Element>
}

/// `ControlEvent<PropertyType>`: a UI event; never errors, delivers on the main scheduler.
public struct ControlEvent<PropertyType>: ControlEventType {
    public typealias Element = PropertyType
    public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element { fatalError("RxCocoa shim") }
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        shimOnly()
    }
    public func asObservable() -> Observable<Element> { shimOnly() }
    public func asControlEvent() -> ControlEvent<Element> { self }
}

// MARK: - Binding (RxCocoa/Common/Observable+Bind.swift)

extension ObservableType {
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        shimOnly()
    }
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        shimOnly()
    }
    public func bind<Result>(to binder: (Self) -> Result) -> Result { shimOnly() }
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 { shimOnly() }
    public func bind<Object: AnyObject>(with object: Object, onNext: @escaping (Object, Element) -> Void) -> Disposable {
        shimOnly()
    }
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable { shimOnly() }
}

// MARK: - UIKit extensions

extension Reactive where Base: UIControl {
    public func controlEvent(_ controlEvents: UIControl.Event) -> ControlEvent<Void> { shimOnly() }
    public func controlProperty<T>(
        editingEvents: UIControl.Event,
        getter: @escaping (Base) -> T,
        setter: @escaping (Base, T) -> Void
    ) -> ControlProperty<T> {
        shimOnly()
    }
}

extension Reactive where Base: UIButton {
    /// `touchUpInside`.
    public var tap: ControlEvent<Void> { shimOnly() }
    public func title(for controlState: UIControl.State = []) -> Binder<String?> { shimOnly() }
    public func image(for controlState: UIControl.State = []) -> Binder<UIImage?> { shimOnly() }
    public func backgroundImage(for controlState: UIControl.State = []) -> Binder<UIImage?> { shimOnly() }
    public func attributedTitle(for controlState: UIControl.State = []) -> Binder<NSAttributedString?> { shimOnly() }
}

extension Reactive where Base: UITextField {
    public var text: ControlProperty<String?> { shimOnly() }
    public var value: ControlProperty<String?> { shimOnly() }
    public var attributedText: ControlProperty<NSAttributedString?> { shimOnly() }
}

extension Reactive where Base: UISlider {
    public var value: ControlProperty<Float> { shimOnly() }
}

extension Reactive where Base: UIGestureRecognizer {
    public var event: ControlEvent<Base> { shimOnly() }
}

extension Reactive where Base: UITableView {
    public func items<Sequence: Swift.Sequence, Source: ObservableType>
    (_ source: Source)
        -> (_ cellFactory: @escaping (UITableView, Int, Sequence.Element) -> UITableViewCell)
        -> Disposable
        where Source.Element == Sequence {
        shimOnly()
    }

    public func items<Sequence: Swift.Sequence, Cell: UITableViewCell, Source: ObservableType>
    (cellIdentifier: String, cellType _: Cell.Type = Cell.self)
        -> (_ source: Source)
        -> (_ configureCell: @escaping (Int, Sequence.Element, Cell) -> Void)
        -> Disposable
        where Source.Element == Sequence {
        shimOnly()
    }

    public var itemSelected: ControlEvent<IndexPath> { shimOnly() }
    public var itemDeselected: ControlEvent<IndexPath> { shimOnly() }
    public func modelSelected<T>(_: T.Type) -> ControlEvent<T> { shimOnly() }
    public func modelDeselected<T>(_: T.Type) -> ControlEvent<T> { shimOnly() }
    public func model<T>(at indexPath: IndexPath) throws -> T { shimOnly() }
}

extension Reactive where Base: UICollectionView {
    public func items<Sequence: Swift.Sequence, Source: ObservableType>
    (_ source: Source)
        -> (_ cellFactory: @escaping (UICollectionView, Int, Sequence.Element) -> UICollectionViewCell)
        -> Disposable where Source.Element == Sequence {
        shimOnly()
    }

    public func items<Sequence: Swift.Sequence, Cell: UICollectionViewCell, Source: ObservableType>
    (cellIdentifier: String, cellType _: Cell.Type = Cell.self)
        -> (_ source: Source)
        -> (_ configureCell: @escaping (Int, Sequence.Element, Cell) -> Void)
        -> Disposable where Source.Element == Sequence {
        shimOnly()
    }

    public var itemSelected: ControlEvent<IndexPath> { shimOnly() }
    public func modelSelected<T>(_: T.Type) -> ControlEvent<T> { shimOnly() }
    public func model<T>(at indexPath: IndexPath) throws -> T { shimOnly() }
}
