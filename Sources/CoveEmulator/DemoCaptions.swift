/// The demo's broadcast captions video: HLS whose H.264 carries CEA-608 CC1 (English roll-up) and CEA-708
/// services 1 (English pop-on: bottom, then top, then in colour) and 2 (Spanish), announced by its master.
extension MediaEncoder {
    public static func encodeDemoCaptions(to directory: String, seconds: Double) throws {
        var services = CEA708Writer()
        services.popOn("CEA-708 service 1:\npop-on captions", service: 1, at: 0.5)
        services.popOn("A window anchored at the top", service: 1, window: 1, placement: .top, at: 3.5)
        services.popOn("and a pen in yellow", service: 1, placement: .bottom, color: .yellow, italic: true, at: 6.5)
        services.clear(service: 1, at: seconds - 0.5)
        services.popOn("Servicio 2:\nsubtítulos en español", service: 2, at: 0.5)
        services.popOn("Ventana arriba", service: 2, window: 1, placement: .top, at: 3.5)
        services.clear(service: 2, at: seconds - 0.5)
        var cc1 = CEA608Writer()
        cc1.rollUp("CEA-608 CC1 rolls up ", rows: 2, at: 0.5)
        cc1.rollUp("a line at a time ", rows: 2, at: 3.0)
        cc1.rollUp("in the safe area. ", rows: 2, at: 6.0)
        try encodeCaptionServicesHLS(to: directory, seconds: seconds, services: services, cea608: cc1, announced: [
            .init("CC1", language: "en", name: "English"),
            .init("SERVICE1", language: "en", name: "English"),
            .init("SERVICE2", language: "es", name: "Español"),
        ], width: 640, height: 360)
    }
}
