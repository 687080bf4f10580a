import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The virtual camera of a 360° video, the SDK's BCOVVideo360ViewProjection: copy it from
/// `PlaybackController.viewProjection`, change it, assign it back. The view draws the frame as the inside of a
/// sphere seen from its centre; `direction(x:y:aspect:)` is the same mapping as the view's fragment shader, so
/// the tests can say what each pixel must show.
public struct ViewProjection: Sendable, Equatable {
    public enum Style: String, Sendable {
        case normal
        /// Two viewports side by side, the same scene for each eye, for a head-mounted phone or viewer.
        case vrGoggles = "vr_goggles"
    }

    public enum SourceFormat: Sendable { case none, equirectangular }

    /// The SDK's kBCOVVideo360BaseAngleOfView: the vertical angle of view at zoom 1.
    public static let baseAngleOfView = 75.0

    /// Degrees; 0 faces the centre of the frame (longitude 0), positive turns to the right.
    public var pan = 0.0
    /// Degrees; positive looks up, 90 straight up.
    public var tilt = 0.0
    /// 1 shows the base angle of view; 2 shows half its tangent (closer), 0.5 twice (wider).
    public var zoom = 1.0
    public var roll = 0.0
    public var sourceFormat = SourceFormat.none
    public var projectionStyle = Style.normal

    public init(pan: Double = 0, tilt: Double = 0, zoom: Double = 1, projectionStyle: Style = .normal) {
        self.pan = pan
        self.tilt = tilt
        self.zoom = zoom
        self.projectionStyle = projectionStyle
    }

    /// The vertical angle of view in degrees.
    public var verticalAngleOfView: Double {
        2 * atan(tan(Self.radians(Self.baseAngleOfView / 2)) / max(zoom, 0.01)) * 180 / .pi
    }

    /// The direction seen at a point of one viewport: `x` and `y` from -1 to 1 (right, up), `aspect` its width over
    /// its height. Longitude in degrees from the frame's centre (-180 ..< 180, positive to the right), latitude
    /// from -90 (down) to 90 (up).
    public func direction(x: Double, y: Double, aspect: Double) -> (longitude: Double, latitude: Double) {
        camera.direction(x: x, y: y, aspect: aspect)
    }

    /// The view's basis, worked out once for the many pixels of a view (`SphereRaster`).
    var camera: Camera { Camera(self) }

    struct Camera {
        let forward, right, up: (Double, Double, Double)
        let halfHeight: Double

        init(_ projection: ViewProjection) {
            let p = ViewProjection.radians(projection.pan), t = ViewProjection.radians(projection.tilt)
            halfHeight = tan(ViewProjection.radians(projection.verticalAngleOfView / 2))
            forward = (cos(t) * sin(p), sin(t), cos(t) * cos(p))
            right = (cos(p), 0.0, -sin(p))
            up = (-sin(t) * sin(p), cos(t), -sin(t) * cos(p))
        }

        func direction(x: Double, y: Double, aspect: Double) -> (longitude: Double, latitude: Double) {
            let halfWidth = halfHeight * aspect
            let dx = forward.0 + x * halfWidth * right.0 + y * halfHeight * up.0
            let dy = forward.1 + x * halfWidth * right.1 + y * halfHeight * up.1
            let dz = forward.2 + x * halfWidth * right.2 + y * halfHeight * up.2
            let length = (dx * dx + dy * dy + dz * dz).squareRoot()
            return (atan2(dx, dz) * 180 / .pi, asin(min(max(dy / length, -1), 1)) * 180 / .pi)
        }
    }

    /// Where a direction lies in the equirectangular frame, from 0 to 1: left edge behind the viewer, top overhead.
    public static func framePoint(longitude: Double, latitude: Double) -> (u: Double, v: Double) {
        (0.5 + longitude / 360, 0.5 - latitude / 180)
    }

    /// A drag of the picture by (dx, dy) points in a viewport `height` points high: the scene follows the pointer,
    /// as a finger drags it, one point being the angle of view over the height.
    public func dragged(dx: Double, dy: Double, viewportHeight: Double) -> ViewProjection {
        var moved = self
        let degreesPerPoint = verticalAngleOfView / max(viewportHeight, 1)
        moved.pan = pan - dx * degreesPerPoint
        moved.tilt = tilt + dy * degreesPerPoint
        return moved
    }

    /// Within `limits`, pan kept in -180 ..< 180 when unbounded.
    public func limited(by limits: ViewProjectionLimits) -> ViewProjection {
        var result = self
        if limits.panRange == nil {
            result.pan = pan.isFinite ? pan - 360 * ((pan + 180) / 360).rounded(.down) : 0
        } else if let range = limits.panRange {
            result.pan = min(max(pan.isFinite ? pan : 0, range.lowerBound), range.upperBound)
        }
        result.tilt = min(max(tilt.isFinite ? tilt : 0, limits.tiltRange.lowerBound), limits.tiltRange.upperBound)
        result.zoom = min(max(zoom.isFinite ? zoom : 1, limits.zoomRange.lowerBound), limits.zoomRange.upperBound)
        return result
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}

/// How far the viewer may look and zoom (the SDK's panMin/panMax, tiltMin/tiltMax, zoomMin/zoomMax options).
/// The SDK fixes zoom at 1; Cove lets the wheel and a pinch zoom from half to four times, as desktop 360 players do.
public struct ViewProjectionLimits: Sendable, Equatable {
    /// nil: all the way round.
    public var panRange: ClosedRange<Double>?
    /// The poles at most: beyond them the picture would turn upside down.
    public var tiltRange: ClosedRange<Double>
    public var zoomRange: ClosedRange<Double>

    public init(panRange: ClosedRange<Double>? = nil, tiltRange: ClosedRange<Double> = -90...90,
                zoomRange: ClosedRange<Double> = 0.5...4) {
        self.panRange = panRange
        let lowest = min(max(tiltRange.lowerBound, -90), 90)
        self.tiltRange = lowest...max(lowest, min(tiltRange.upperBound, 90))
        let closest = max(zoomRange.lowerBound, 0.1)
        self.zoomRange = closest...max(closest, zoomRange.upperBound)
    }
}

/// How the viewer moves the 360 view (the SDK's BCOVPUIVideo360NavigationMethod); a desktop has no gyroscope.
public enum Video360NavigationMethod: String, Sendable {
    case none
    case fingerTracking = "finger-tracking"
}
