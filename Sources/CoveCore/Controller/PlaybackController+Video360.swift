/// What the controller keeps of the 360 view: the camera, its limits, and who redraws when it changes.
struct Video360State {
    var projection = ViewProjection()
    var limits = ViewProjectionLimits()
    var navigation = Video360NavigationMethod.none
    var observers: [(id: Int, observer: @MainActor (ViewProjection) -> Void)] = []
    var nextObserverID = 0
}

extension PlaybackController {
    /// The 360 camera (the SDK's viewProjection): copy it, change pan, tilt, zoom or the projection style, assign it
    /// back. Kept within `viewProjectionLimits`; the view redraws; a new style is announced as a `video360` event.
    public var viewProjection: ViewProjection {
        get { video360.projection }
        set {
            let old = video360.projection
            var projection = newValue.limited(by: video360.limits)
            projection.sourceFormat = old.sourceFormat
            guard projection != old else { return }
            transition {
                video360.projection = projection
                updateState()
                for entry in video360.observers { entry.observer(projection) }
                if projection.projectionStyle != old.projectionStyle { announceVideo360() }
            }
        }
    }

    public var viewProjectionLimits: ViewProjectionLimits {
        get { video360.limits }
        set {
            video360.limits = newValue
            viewProjection = video360.projection
        }
    }

    /// How the current video's 360 view is navigated: finger tracking for a 360 video, none otherwise.
    public var video360NavigationMethod: Video360NavigationMethod { video360.navigation }

    /// Calls `observer` with every change of `viewProjection`, until the returned token is passed to
    /// `removeViewProjectionObserver`.
    @discardableResult
    public func addViewProjectionObserver(_ observer: @escaping @MainActor (ViewProjection) -> Void) -> Int {
        let id = video360.nextObserverID
        video360.nextObserverID += 1
        video360.observers.append((id, observer))
        return id
    }

    public func removeViewProjectionObserver(_ id: Int) {
        video360.observers.removeAll { $0.id == id }
    }

    /// Reports where the view looks (a `view_projection` event): the 360 view calls it when a drag or zoom ends.
    public func reportViewProjection() {
        let projection = video360.projection
        transition { emit(.viewProjection(pan: projection.pan, tilt: projection.tilt, zoom: projection.zoom)) }
    }

    /// Each 360 video starts facing the centre of its frame in the normal style; a flat video after one ends the
    /// navigation. Both are announced.
    func video360DidAdvance(to session: PlaybackSession) {
        let is360 = session.video.is360
        let navigation: Video360NavigationMethod = is360 ? .fingerTracking : .none
        guard is360 || video360.navigation != .none else { return }
        video360.navigation = navigation
        var fresh = ViewProjection()
        fresh.sourceFormat = is360 ? .equirectangular : .none
        video360.projection = fresh
        for entry in video360.observers { entry.observer(fresh) }
        announceVideo360()
    }

    private func announceVideo360() {
        emit(.video360(navigation: video360.navigation, style: video360.projection.projectionStyle))
    }
}
