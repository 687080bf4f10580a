import CoveCore

/// `GET …/accounts/{account}/videos?q=…&limit=…&offset=…&sort=…`: the Playback API's video search, for a
/// search-enabled policy key only, with the query subset `SearchQuery` implements.
extension EmulatorRouter {
    /// The API's `count` is an estimate that never goes above this.
    static let searchCountCap = 1000

    static func search(_ request: EmulatorRequest, account encodedAccount: Substring, catalog: EmulatorCatalog,
                       now: Double) -> EmulatorReply {
        guard let account = PercentDecoding.decode(encodedAccount) else {
            return .apiError(400, "BAD_REQUEST", message: "Malformed percent-encoding in the path")
        }
        if let denied = authorizationFailure(request, catalog: catalog) { return denied }
        // A token alone, or the account's ordinary key, cannot search: only a key made with search turned on.
        guard let key = request.policyKey?.key, let searchKey = catalog.searchPolicyKey, key == searchKey else {
            return .apiError(403, "ACCESS_DENIED", subcode: "API",
                             message: "This policy key is not search-enabled; create one with the Policy API")
        }
        guard account == catalog.accountID else {
            return .apiError(403, "ACCESS_DENIED", subcode: "ACCOUNT_ID",
                             message: "The policy key does not belong to this account")
        }
        let parameters = PercentDecoding.decodeQuery(request.rawQuery)
        guard let limit = nonNegative(parameters["limit"], default: VideoSearch.defaultLimit),
              VideoSearch.limitRange.contains(limit),
              let offset = nonNegative(parameters["offset"], default: 0) else {
            return .apiError(400, "BAD_REQUEST", subcode: "INVALID_SEARCH",
                             message: "limit must be 1 to 100, offset 0 or more")
        }
        guard let sort = VideoSearchSort(parsing: parameters["sort"] ?? VideoSearchSort.default.text) else {
            let fields = VideoSearchSort.Field.allCases.map(\.rawValue).joined(separator: ", ")
            return .apiError(400, "BAD_REQUEST", subcode: "INVALID_SORT",
                             message: "sort must be one of \(fields), with - for descending")
        }
        let query: SearchQuery
        do throws(SearchQueryError) {
            query = try SearchQuery(parsing: parameters["q"] ?? "")
        } catch {
            return .apiError(400, "BAD_REQUEST", subcode: "ILLEGAL_QUERY", message: error.message)
        }
        // Videos the API would refuse (a `.status` fault: geo-restricted, say) are left out silently, as the API's
        // search leaves out what the viewer may not play.
        let matches = catalog.videos.filter { video in
            guard let id = video["id"]?.stringValue, catalog.faults[id] == nil else { return false }
            return query.matches(searchable(video))
        }
        let page = sorted(matches, by: sort).dropFirst(offset).prefix(limit)
        return .json([
            "count": .number(Double(min(matches.count, searchCountCap))),
            "videos": .array(page.map { signed($0, catalog: catalog, now: now) }),
        ])
    }

    private static func searchable(_ video: JSONValue) -> SearchableVideo {
        SearchableVideo(name: video["name"]?.stringValue, description: video["description"]?.stringValue,
                        longDescription: video["long_description"]?.stringValue,
                        referenceID: video["reference_id"]?.stringValue,
                        tags: (video["tags"]?.arrayValue ?? []).compactMap(\.stringValue))
    }

    /// Stable: equal keys (videos without the date, say) keep the catalog's order in either direction, so pages
    /// never overlap.
    private static func sorted(_ videos: [JSONValue], by sort: VideoSearchSort) -> [JSONValue] {
        let keyed = videos.enumerated().map { index, video in
            (index, (video[sort.field.rawValue]?.stringValue ?? "").lowercased(), video)
        }
        return keyed.sorted { first, second in
            if first.1 != second.1 { return sort.descending ? first.1 > second.1 : first.1 < second.1 }
            return first.0 < second.0
        }.map(\.2)
    }
}
