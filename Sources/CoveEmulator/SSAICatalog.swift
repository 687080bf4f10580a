import CoveCore

/// SSAI videos for tests, one per way a VMAP can come back, all playing the demo's stitched stream (whose `src`
/// is that stream too, as in real `ad_config_id` answers, so a client that cannot read the VMAP still plays).
/// Their VMAPs are catalog documents, so the catalog must be built with the emulator's own base URL.
public enum SSAICatalog {
    /// The ad configuration these videos answer to (any known one does; this one is added by `add`).
    public static let adConfigID = "cove-ssai-switches"
    /// A normal VMAP in the `bc:Brightcove` dialect, no ad skippable.
    public static let brightcoveVideoID = "6000000000021"
    /// The same in the legacy `uo:unicornOnce` dialect.
    public static let unicornOnceVideoID = "6000000000022"
    /// Its `vmap` names a path the emulator answers with 404.
    public static let missingVMAPVideoID = "6000000000023"
    /// Its VMAP is cut off in the middle: not well-formed XML.
    public static let malformedVMAPVideoID = "6000000000024"
    /// One Ad of its VMAP (`twoLinearsAdID`) has two Linear creatives; readers leave that ad out.
    public static let twoLinearsVideoID = "6000000000025"
    public static let twoLinearsAdID = "mid4-1"
    /// The demo plan as is: its second mid-roll's ad may be skipped after 2 s.
    public static let skippableVideoID = "6000000000026"

    /// What each video's `vmap` address leads to.
    enum Switch {
        case normal(VMAPDialect, skippable: Bool)
        case missing
        case malformed
        case twoLinears
    }

    /// Registers the videos, their VMAP documents and `adConfigID` in `catalog`. `baseURL` is the emulator's
    /// (`http://127.0.0.1:PORT`); the stream is `media.stitchedHLS` under its /media.
    public static func add(to catalog: inout EmulatorCatalog, media: DemoMediaFiles, baseURL: String) {
        let switches: [(String, String, Switch)] = [
            (brightcoveVideoID, "SSAI: bc dialect", .normal(.brightcove, skippable: false)),
            (unicornOnceVideoID, "SSAI: uo dialect", .normal(.unicornOnce, skippable: false)),
            (missingVMAPVideoID, "SSAI: VMAP missing", .missing),
            (malformedVMAPVideoID, "SSAI: malformed VMAP", .malformed),
            (twoLinearsVideoID, "SSAI: two Linears in one Ad", .twoLinears),
            (skippableVideoID, "SSAI: skippable ad", .normal(.brightcove, skippable: true)),
        ]
        catalog.adConfigIDs.insert(adConfigID)
        for (id, name, kind) in switches {
            addVideo(to: &catalog, id: id, name: name, description: nil, plan: .demo, vmap: kind,
                     streamURL: baseURL + "/media/" + media.stitchedHLS, baseURL: baseURL)
        }
    }

    /// Adds one stitched video: its Playback API object, its VMAP address and (unless missing) its document.
    static func addVideo(to catalog: inout EmulatorCatalog, id: String, name: String, description: String?,
                         plan: StitchPlan, vmap kind: Switch, streamURL: String, baseURL: String) {
        let addresses = SSAIAddresses(baseURL: baseURL, videoKey: id)
        var video: [String: JSONValue] = [
            "id": .string(id), "account_id": .string(catalog.accountID), "name": .string(name),
            // The video's own length, as the Playback API gives it: the content's, not the stitched stream's.
            "duration": .number(Double(plan.contentSeconds * 1000)), "economics": "AD_SUPPORTED",
            "sources": [["src": .string(streamURL), "type": "application/x-mpegURL", "ext_x_version": "3"]],
        ]
        if let description { video["description"] = .string(description) }
        catalog.videos.append(.object(video))
        var writer = VMAPWriter(addresses: addresses)
        let document: String?
        switch kind {
        case .normal(let dialect, let skippable):
            writer.dialect = dialect
            document = writer.document(for: skippable ? plan : plan.withoutSkipOffsets, contentURL: streamURL)
        case .missing:
            document = nil
        case .malformed:
            let whole = writer.document(for: plan, contentURL: streamURL)
            document = String(whole.prefix(whole.count / 2))
        case .twoLinears:
            writer.adsWithTwoLinears = [twoLinearsAdID]
            document = writer.document(for: plan, contentURL: streamURL)
        }
        if let document {
            catalog.vmapURLs[id] = addresses.vmapURL
            catalog.documents[addresses.vmapPath] = .vmap(document)
        } else {
            catalog.vmapURLs[id] = baseURL + "/ssai/\(id)/missing.vmap"
        }
    }
}
