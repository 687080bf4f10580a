import CoveCore

/// The running app's media namespace: LOAD and QUEUE_LOAD start a media session (BUFFERING, then PLAYING or
/// PAUSED), the commands change it, each answered by a MEDIA_STATUS to every sender, and its clock ends it
/// (IDLE, FINISHED), a queue playing on to its next item.
extension CastReceiverModel {
    mutating func media(_ request: CastMediaMessage, at now: Double) -> [CastReply] {
        guard let app else { return [] }
        let id = request.requestId
        func reply(_ message: CastMediaMessage, broadcast: Bool = false) -> CastReply {
            CastReply(source: app.sessionId, payload: .media(message), broadcast: broadcast)
        }
        func status(idleReason: String? = nil) -> CastReply {
            reply(.init(type: "MEDIA_STATUS", requestId: id, status: mediaStatus(at: now, idleReason: idleReason)),
                  broadcast: true)
        }
        switch request.type {
        case "GET_STATUS":
            return [reply(.init(type: "MEDIA_STATUS", requestId: id, status: mediaStatus(at: now)))]
        case "LOAD", "QUEUE_LOAD":
            let items = request.type == "LOAD"
                ? request.media.map { [CastQueueItem(media: $0, autoplay: request.autoplay, startTime: request.currentTime,
                                                    activeTrackIds: request.activeTrackIds)] } ?? []
                : request.items ?? []
            let start = min(max(request.startIndex ?? 0, 0), max(items.count - 1, 0))
            guard !items.isEmpty else {
                return [reply(.init(type: "INVALID_REQUEST", requestId: id, reason: "INVALID_PARAMS"))]
            }
            var replies = interrupt(at: now)
            guard !switches.failLoad else {
                replies.append(reply(.init(type: "LOAD_FAILED", requestId: id, itemId: start + 1, detailedErrorCode: 104)))
                return replies
            }
            load(items, index: start, autoplay: request.autoplay ?? true,
                 position: request.type == "LOAD" ? request.currentTime : request.currentTime ?? items[start].startTime,
                 customData: request.customData, at: now)
            // BUFFERING first, to everyone; then the state LOAD asked for, with its request's ID.
            var buffering = mediaStatus(at: now)
            buffering[0].playerState = "BUFFERING"
            var onTheWay = reply(.init(type: "MEDIA_STATUS", status: buffering), broadcast: true)
            onTheWay.answersRequest = false
            replies.append(onTheWay)
            return replies + [status()]
        default:
            break
        }
        guard var session = media, request.mediaSessionId == nil || request.mediaSessionId == session.id else {
            return [reply(.init(type: "INVALID_REQUEST", requestId: id, reason: "INVALID_MEDIA_SESSION_ID"))]
        }
        let position = session.position(at: now)
        switch request.type {
        case "PLAY":
            session.set("PLAYING", position: position, at: now)
        case "PAUSE":
            session.set("PAUSED", position: position, at: now)
        case "SEEK":
            let target = max(0, min(request.currentTime ?? position, session.media.duration ?? .infinity))
            let state = switch request.resumeState {
            case "PLAYBACK_START": "PLAYING"
            case "PLAYBACK_PAUSE": "PAUSED"
            default: session.playerState
            }
            session.set(state, position: target, at: now)
        case "STOP":
            session.set("IDLE", position: position, at: now)
            media = session
            let stopped = status(idleReason: "CANCELLED")
            media = nil
            return [stopped]
        case "SET_PLAYBACK_RATE":
            session.set(session.playerState, position: position, at: now)
            session.rate = request.playbackRate ?? session.rate
        case "EDIT_TRACKS_INFO":
            session.activeTrackIds = request.activeTrackIds ?? session.activeTrackIds
        case "SET_VOLUME":
            break
        case "QUEUE_UPDATE", "QUEUE_NEXT", "QUEUE_PREV":
            let jump = request.jump ?? (request.type == "QUEUE_PREV" ? -1 : request.type == "QUEUE_NEXT" ? 1 : 0)
            let target = session.queueIndex + jump
            if jump != 0, session.queue.indices.contains(target) {
                load(session.queue, index: target, autoplay: true, position: nil, customData: nil, at: now)
                return [status()]
            }
        default:
            return [reply(.init(type: "INVALID_REQUEST", requestId: id, reason: "INVALID_COMMAND"))]
        }
        media = session
        return [status()]
    }

    /// The clock: a media played to its end goes IDLE (FINISHED), or its queue's next item starts.
    mutating func tick(at now: Double) -> [CastReply] {
        guard let app, let session = media, session.playerState == "PLAYING", let duration = session.media.duration,
              session.position(at: now) >= duration else { return [] }
        if session.queue.indices.contains(session.queueIndex + 1) {
            load(session.queue, index: session.queueIndex + 1, autoplay: true, position: nil, customData: nil, at: now)
        } else {
            media?.set("IDLE", position: duration, at: now)
            let finished = CastReply(source: app.sessionId,
                                     payload: .media(.init(type: "MEDIA_STATUS",
                                                           status: mediaStatus(at: now, idleReason: "FINISHED"))),
                                     broadcast: true)
            media = nil
            return [finished]
        }
        return [CastReply(source: app.sessionId, payload: .media(.init(type: "MEDIA_STATUS", status: mediaStatus(at: now))),
                          broadcast: true)]
    }

    /// The TV's own remote shows other tracks: every sender is told.
    mutating func chooseTracks(_ ids: [Int], at now: Double) -> [CastReply] {
        guard let app, media != nil else { return [] }
        media?.activeTrackIds = ids
        return [CastReply(source: app.sessionId, payload: .media(.init(type: "MEDIA_STATUS", status: mediaStatus(at: now))),
                          broadcast: true)]
    }

    /// A LOAD over a session that plays ends it first: IDLE, INTERRUPTED.
    private mutating func interrupt(at now: Double) -> [CastReply] {
        guard let app, let session = media, session.playerState != "IDLE" else { return [] }
        media?.set("IDLE", position: session.position(at: now), at: now)
        let interrupted = CastReply(source: app.sessionId,
                                    payload: .media(.init(type: "MEDIA_STATUS",
                                                          status: mediaStatus(at: now, idleReason: "INTERRUPTED"))),
                                    broadcast: true)
        media = nil
        return [interrupted]
    }

    private mutating func load(_ items: [CastQueueItem], index: Int, autoplay: Bool, position: Double?,
                               customData: JSONValue?, at now: Double) {
        var information = items[index].media
        information.duration = information.duration ?? duration(information, customData ?? information.customData)
        if !switches.streamTracks.isEmpty { information.tracks = (information.tracks ?? []) + switches.streamTracks }
        media = MediaSession(id: nextMediaSessionID, media: information, playerState: autoplay ? "PLAYING" : "PAUSED",
                             anchorPosition: max(0, position ?? 0), anchorTime: now,
                             activeTrackIds: items[index].activeTrackIds ?? [], queue: items.count > 1 ? items : [],
                             queueIndex: index)
        nextMediaSessionID += 1
    }
}
