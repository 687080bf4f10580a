import FoundationEssentials

// URLs and `properties` are kept as the response's text until asked for; reflection (`dump`, debug printing)
// shows the values the public API gives, field by field, as it did when they were stored that way.

extension Video: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id as Any, "accountID": accountID as Any, "name": name as Any, "referenceID": referenceID as Any,
            "shortDescription": shortDescription as Any, "longDescription": longDescription as Any,
            "duration": duration as Any, "createdAt": createdAt as Any, "updatedAt": updatedAt as Any,
            "publishedAt": publishedAt as Any, "economics": economics, "poster": poster as Any,
            "posterSources": posterSources, "thumbnail": thumbnail as Any, "thumbnailSources": thumbnailSources,
            "sources": sources, "textTracks": textTracks, "cuePoints": cuePoints, "customFields": customFields,
            "tags": tags, "projection": projection as Any, "bumperID": bumperID as Any,
            "offlineEnabled": offlineEnabled, "errorCode": errorCode as Any, "errorSubcode": errorSubcode as Any,
            "errorMessage": errorMessage as Any, "properties": properties,
        ])
    }
}

extension Source: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: [
            "url": url, "deliveryMethod": deliveryMethod, "type": type as Any, "container": container as Any,
            "codec": codec as Any, "averageBitrate": averageBitrate as Any, "width": width as Any,
            "height": height as Any, "size": size as Any, "duration": duration as Any,
            "extXVersion": extXVersion as Any, "keySystems": keySystems, "properties": properties,
        ])
    }
}

extension TextTrack: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id as Any, "src": src as Any, "sources": sources, "srclang": srclang as Any, "label": label as Any,
            "kind": kind, "mimeType": mimeType as Any, "isDefault": isDefault, "properties": properties,
        ])
    }
}

extension CuePoint: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: [
            "position": position, "type": type as Any, "name": name as Any, "id": id as Any,
            "metadata": metadata as Any, "forceStop": forceStop, "properties": properties,
        ])
    }
}

extension Playlist: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id as Any, "accountID": accountID as Any, "name": name as Any,
            "shortDescription": shortDescription as Any, "referenceID": referenceID as Any, "type": type as Any,
            "videos": videos, "properties": properties,
        ])
    }
}
