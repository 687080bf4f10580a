import CoveCore
import FoundationEssentials

/// The Playback API's behaviour, as far as the player relies on it: routes, credentials, errors, playlist paging,
/// and the catalog's injected faults. Pure: no libsoup here, so it runs on the server thread with Sendable input.
enum EmulatorRouter {
    /// Policy-key requests go to /playback/v1, token requests to /auth/playback/v1 (the edge-auth host's stand-in).
    static let apiPrefixes: [[Substring]] = [["playback", "v1"], ["auth", "playback", "v1"]]
    static let defaultPlaylistLimit = 20

    static func record(_ request: EmulatorRequest, catalog: EmulatorCatalog) -> RecordedRequest {
        let policyKey = request.policyKey
        return RecordedRequest(
            method: request.method, path: request.rawPath, query: PercentDecoding.decodeQuery(request.rawQuery),
            policyKeyCarrier: policyKey?.carrier, policyKeyMatched: policyKey.map { catalog.accepts(policyKey: $0.key) } ?? false,
            hasBearerToken: request.bearerToken != nil, range: request.range,
            clientPort: request.clientPort, receivedAt: request.receivedAt, gscAccount: request.gscAccount,
            gscVideo: request.gscVideo, hasGSCAuth: request.gscAuth != nil, contentType: request.contentType,
            gscSessionID: request.gscSessionID)
    }

    /// `now` is wall-clock seconds since 1970 (expiring media addresses carry their expiry as such).
    static func reply(to request: EmulatorRequest, catalog: EmulatorCatalog,
                      now: Double = Date().timeIntervalSince1970) -> EmulatorReply {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .apiError(405, "METHOD_NOT_ALLOWED", message: "Only GET and HEAD are allowed")
        }
        let segments = request.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if segments.first == "media" {
            guard catalog.mediaURLTTL != nil else {
                return StaticFiles.reply(segments: segments.dropFirst(), root: catalog.mediaRoot)
            }
            guard let path = ExpiringMediaURLs.check(segments.dropFirst(), now: now, secret: catalog.mediaURLSecret) else {
                return ExpiringMediaURLs.denied
            }
            return StaticFiles.reply(segments: path, root: catalog.mediaRoot)
        }
        if let document = catalog.documents[request.rawPath] {
            return .content(status: 200, contentType: document.contentType, body: document.body)
        }
        if segments.first == "beacons", segments.count > 1 { return BeaconSink.beacon() }
        if request.rawPath == "/v2/tracker" { return TrackerSink.reply(catalog.trackerFault) }
        if segments.first == "clickthrough", segments.count == 2, let adID = segments.last, !adID.isEmpty {
            return BeaconSink.clickThrough(adID: adID)
        }
        guard let prefix = apiPrefixes.first(where: { segments.starts(with: $0) }) else { return notFound }
        let route = Array(segments.dropFirst(prefix.count))
        if route.count == 3, route[0] == "accounts", route[2] == "videos" {
            return search(request, account: route[1], catalog: catalog, now: now)
        }
        guard route.count == 4, route[0] == "accounts", route[2] == "videos" || route[2] == "playlists",
              !route[3].isEmpty else { return notFound }
        guard let account = PercentDecoding.decode(route[1]), let identifier = PercentDecoding.decode(route[3]) else {
            return .apiError(400, "BAD_REQUEST", message: "Malformed percent-encoding in the path")
        }
        if let denied = authorizationFailure(request, catalog: catalog) { return denied }
        guard account == catalog.accountID else {
            return .apiError(403, "ACCESS_DENIED", subcode: "ACCOUNT_ID",
                             message: "The policy key does not belong to this account")
        }
        let query = PercentDecoding.decodeQuery(request.rawQuery)
        let answer: EmulatorReply
        let resolvedID: String?
        if route[2] == "videos" {
            var video = lookUp(identifier, byID: catalog.video(id:), byReference: catalog.video(referenceID:))
            resolvedID = video?["id"]?.stringValue
            if let adConfig = query["ad_config_id"], catalog.adConfigIDs.contains(adConfig),
               let vmap = resolvedID.flatMap({ catalog.vmapURLs[$0] }) {
                video = video.map { withVMAP(vmap, on: $0) }
            }
            answer = video.map { .json(signed($0, catalog: catalog, now: now)) }
                ?? .apiError(404, "VIDEO_NOT_FOUND", message: "The requested video was not found")
        } else {
            let playlist = lookUp(identifier, byID: catalog.playlist(id:),
                                  byReference: catalog.playlist(referenceID:))
            resolvedID = playlist?["id"]?.stringValue
            answer = playlist.map { page(of: $0, query: query, catalog: catalog, now: now) }
                ?? .apiError(404, "PLAYLIST_NOT_FOUND", message: "The requested playlist was not found")
        }
        guard let fault = catalog.faults[identifier] ?? resolvedID.flatMap({ catalog.faults[$0] }) else {
            return answer
        }
        return switch fault {
        case .hang: .hang
        case .delay(let seconds): .delayed(seconds: seconds, then: answer)
        case .status(let status, let code, let subcode):
            .apiError(status, code, subcode: subcode, message: "Injected fault")
        case .body(let status, let contentType, let body):
            .content(status: status, contentType: contentType, body: Array(body.utf8))
        case .redirect(let location, let status):
            .redirect(status: status, location: location)
        case .largeBody(let bytes, let chunked):
            .generated(status: 200, contentType: "application/json", byteCount: bytes, chunked: chunked)
        }
    }

    static func signed(_ video: JSONValue, catalog: EmulatorCatalog, now: Double) -> JSONValue {
        guard let ttl = catalog.mediaURLTTL else { return video }
        return ExpiringMediaURLs.signing(video, ttl: ttl, now: now, secret: catalog.mediaURLSecret)
    }

    /// Every source of `video` with `vmap` set, as an `ad_config_id` answer has it.
    private static func withVMAP(_ vmap: String, on video: JSONValue) -> JSONValue {
        guard var object = video.objectValue, let sources = object["sources"]?.arrayValue else { return video }
        object["sources"] = .array(sources.map { source in
            guard var fields = source.objectValue else { return source }
            fields["vmap"] = .string(vmap)
            return .object(fields)
        })
        return .object(object)
    }

    private static let notFound = EmulatorReply.apiError(404, "RESOURCE_NOT_FOUND",
                                                         message: "The requested resource was not found")

    /// A valid bearer token authorizes on its own; otherwise the policy key must be present and right.
    static func authorizationFailure(_ request: EmulatorRequest, catalog: EmulatorCatalog) -> EmulatorReply? {
        if let token = request.bearerToken {
            if catalog.bearerToken == nil || catalog.bearerToken == token { return nil }
            if request.policyKey == nil {
                return .apiError(401, "ACCESS_DENIED", subcode: "TOKEN_VALIDATION",
                                 message: "The authorization token is not valid")
            }
        }
        guard let policyKey = request.policyKey else {
            return .apiError(401, "INVALID_POLICY_KEY", message: "Request policy key is missing or invalid")
        }
        guard catalog.accepts(policyKey: policyKey.key) else {
            return .apiError(401, "INVALID_POLICY_KEY", message: "Request policy key is missing or invalid")
        }
        return nil
    }

    private static func lookUp(_ identifier: String, byID: (String) -> JSONValue?,
                               byReference: (String) -> JSONValue?) -> JSONValue? {
        identifier.hasPrefix("ref:") ? byReference(String(identifier.dropFirst(4))) : byID(identifier)
    }

    /// The playlist object with `videos` = the `limit` videos of `video_ids` starting at `offset`; IDs missing from
    /// the catalog are skipped, as the API skips videos that are not playable; a video with a `.status` fault
    /// becomes an error placeholder (`{id, error_code, error_subcode, message}`), as the SDK receives them.
    private static func page(of playlist: JSONValue, query: [String: String], catalog: EmulatorCatalog,
                             now: Double) -> EmulatorReply {
        guard let limit = nonNegative(query["limit"], default: defaultPlaylistLimit), limit > 0,
              let offset = nonNegative(query["offset"], default: 0) else {
            return .apiError(400, "BAD_REQUEST", message: "limit must be a positive integer, offset non-negative")
        }
        var object = playlist.objectValue ?? [:]
        let ids = (object["video_ids"]?.arrayValue ?? []).compactMap(\.stringValue)
        let window = ids.dropFirst(offset).prefix(limit)
        object["videos"] = .array(window.compactMap { id in
            if case .status(_, let code, let subcode) = catalog.faults[id] {
                var placeholder: [String: JSONValue] = ["id": .string(id), "error_code": .string(code),
                                                        "message": "Injected fault"]
                if let subcode { placeholder["error_subcode"] = .string(subcode) }
                return .object(placeholder)
            }
            return catalog.video(id: id).map { signed($0, catalog: catalog, now: now) }
        })
        return .json(.object(object))
    }

    static func nonNegative(_ text: String?, default value: Int) -> Int? {
        guard let text else { return value }
        guard let number = Int(text), number >= 0 else { return nil }
        return number
    }
}
