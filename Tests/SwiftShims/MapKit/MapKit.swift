// Signature-only subset of MapKit for type-checking generated code on Linux: what CardParts'
// `CardPartMapView` and TGCardViewController's `TGMapManager` expose. Bodies trap.
//
// MapKit's `@objc` protocols are plain protocols here (Linux has no Objective-C runtime); an
// `optional` requirement is a requirement with a default implementation.

@_exported import CoreLocation
import UIKit

func shimOnly<T>(_ function: StaticString = #function) -> T {
    fatalError("MapKit shim: \(function) has no implementation")
}

/// `MKMapType`.
public enum MKMapType: UInt, Sendable {
    case standard = 0
    case satellite = 1
    case hybrid = 2
    case satelliteFlyover = 3
    case hybridFlyover = 4
    case mutedStandard = 5
}

/// `MKCoordinateSpan`.
public struct MKCoordinateSpan: Sendable {
    public var latitudeDelta: CLLocationDegrees
    public var longitudeDelta: CLLocationDegrees
    public init() { self.init(latitudeDelta: 0, longitudeDelta: 0) }
    public init(latitudeDelta: CLLocationDegrees, longitudeDelta: CLLocationDegrees) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}

/// `MKCoordinateRegion`.
public struct MKCoordinateRegion: Sendable {
    public var center: CLLocationCoordinate2D
    public var span: MKCoordinateSpan
    public init() { self.init(center: CLLocationCoordinate2D(), span: MKCoordinateSpan()) }
    public init(center centerCoordinate: CLLocationCoordinate2D, span: MKCoordinateSpan) {
        self.center = centerCoordinate
        self.span = span
    }
    public init(center centerCoordinate: CLLocationCoordinate2D, latitudinalMeters: CLLocationDistance,
                longitudinalMeters: CLLocationDistance) {
        fatalError("MapKit shim")
    }
}

/// `MKMapRect`.
public struct MKMapRect: Sendable {
    public init() {}
    public static var null: MKMapRect { MKMapRect() }
}

/// `MKAnnotation`.
public protocol MKAnnotation: NSObjectProtocol {
    var coordinate: CLLocationCoordinate2D { get }
    /// Optional in MapKit.
    var title: String? { get }
    /// Optional in MapKit.
    var subtitle: String? { get }
}

extension MKAnnotation {
    public var title: String? { nil }
    public var subtitle: String? { nil }
}

/// `MKShape`.
open class MKShape: NSObject, MKAnnotation {
    public override init() { super.init() }
    open var coordinate: CLLocationCoordinate2D { shimOnly() }
    open var title: String? { get { shimOnly() } set {} }
    open var subtitle: String? { get { shimOnly() } set {} }
}

/// `MKPointAnnotation`.
open class MKPointAnnotation: MKShape {
    public override init() { super.init() }
    public convenience init(coordinate: CLLocationCoordinate2D) { self.init() }
    open override var coordinate: CLLocationCoordinate2D { get { shimOnly() } set {} }
}

/// `MKMapViewDelegate` (every requirement is optional in MapKit; none is needed here).
@MainActor public protocol MKMapViewDelegate: NSObjectProtocol {}

/// `MKMapView`.
@MainActor open class MKMapView: UIView {
    weak open var delegate: MKMapViewDelegate? { get { shimOnly() } set {} }
    open var mapType: MKMapType { get { shimOnly() } set {} }
    open var region: MKCoordinateRegion { get { shimOnly() } set {} }
    open func setRegion(_ region: MKCoordinateRegion, animated: Bool) { fatalError("MapKit shim") }
    open var centerCoordinate: CLLocationCoordinate2D { get { shimOnly() } set {} }
    open func setCenter(_ coordinate: CLLocationCoordinate2D, animated: Bool) { fatalError("MapKit shim") }
    open var annotations: [MKAnnotation] { shimOnly() }
    open func addAnnotation(_ annotation: MKAnnotation) { fatalError("MapKit shim") }
    open func addAnnotations(_ annotations: [MKAnnotation]) { fatalError("MapKit shim") }
    open func removeAnnotation(_ annotation: MKAnnotation) { fatalError("MapKit shim") }
    open func removeAnnotations(_ annotations: [MKAnnotation]) { fatalError("MapKit shim") }
    open func showAnnotations(_ annotations: [MKAnnotation], animated: Bool) { fatalError("MapKit shim") }
    open var showsScale: Bool { get { shimOnly() } set {} }
    open var showsUserLocation: Bool { get { shimOnly() } set {} }
    open var showsTraffic: Bool { get { shimOnly() } set {} }
    open var isZoomEnabled: Bool { get { shimOnly() } set {} }
    open var isScrollEnabled: Bool { get { shimOnly() } set {} }
}
