extension StitchPlan {
    /// The demo's ads video (`DemoCatalog.adsVideoID`), short enough for tests to play whole: 12 s of content
    /// and 24 s of ads, 36 s in all. In stream time: pre-roll 0–4, content 0–4 at 4–8, the first mid-roll (two
    /// ads, 4 s and 6 s) 8–18, content 4–8 at 18–22, the second mid-roll (one 6 s ad, skippable after 2 s) 22–28,
    /// content 8–12 at 28–32, post-roll 32–36.
    public static let demo = StitchPlan(contentSeconds: 12, breaks: [
        StitchBreak(id: "PreRoll_0_0", contentOffset: 0, ads: [
            StitchAd(id: "pre-1", title: "Cove demo ad 1", seconds: 4),
        ]),
        StitchBreak(id: "MidRoll_4_0", contentOffset: 4, ads: [
            StitchAd(id: "mid4-1", title: "Cove demo ad 2", seconds: 4),
            StitchAd(id: "mid4-2", title: "Cove demo ad 3", seconds: 6),
        ]),
        StitchBreak(id: "MidRoll_8_0", contentOffset: 8, ads: [
            StitchAd(id: "mid8-1", title: "Cove demo ad 4 (skippable)", seconds: 6, skipOffset: 2),
        ]),
        StitchBreak(id: "PostRoll_12_0", contentOffset: 12, ads: [
            StitchAd(id: "post-1", title: "Cove demo ad 5", seconds: 4),
        ]),
    ])
}
