// Signature-only subset of CoreLocation for type-checking generated code on Linux: the types
// CardParts' `CardPartMapView` and TGCardViewController's map managers take. Bodies trap.

@_exported import Foundation

/// `CLLocationDegrees`.
public typealias CLLocationDegrees = Double

/// `CLLocationDistance`.
public typealias CLLocationDistance = Double

/// `CLLocationCoordinate2D`.
public struct CLLocationCoordinate2D: Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees
    public init() { self.init(latitude: 0, longitude: 0) }
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// `CLLocation`.
open class CLLocation: NSObject, @unchecked Sendable {
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) { super.init() }
    open var coordinate: CLLocationCoordinate2D { fatalError("CoreLocation shim") }
    open func distance(from location: CLLocation) -> CLLocationDistance { fatalError("CoreLocation shim") }
}
