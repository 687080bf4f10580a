/// A body the emulator serves as is at one path, e.g. a VMAP generated for the catalog's base URL.
public struct EmulatorDocument: Sendable, Equatable {
    public var contentType: String
    public var body: [UInt8]

    public init(contentType: String, body: [UInt8]) {
        self.contentType = contentType
        self.body = body
    }

    public init(contentType: String, text: String) {
        self.init(contentType: contentType, body: Array(text.utf8))
    }

    public static func vmap(_ text: String) -> EmulatorDocument {
        EmulatorDocument(contentType: "application/xml", text: text)
    }
}
