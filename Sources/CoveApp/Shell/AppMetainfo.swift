import CoveCore
import CoveXML
import FoundationEssentials

/// What the About window shows of Cove's AppStream metainfo (`data/io.github.cove.Player.metainfo.xml`, installed
/// under PREFIX/share/metainfo): one file says it for the software centre and the application alike.
public struct AppMetainfo: Sendable, Equatable {
    public var homepage: String?
    public var issueTracker: String?
    /// The SPDX expression of `<project_license>`.
    public var license: String?
    public var developer: String?
    /// The newest `<release>`'s version and notes, in the markup AdwAboutWindow takes (`<p>`, `<ul>`, `<li>`).
    public var releaseVersion: String?
    public var releaseNotes: String?

    public init() {}

    /// Reads the metainfo's bytes; nil when they are not a component. Translated copies of an element (an
    /// `xml:lang` attribute, which msgfmt adds at install) are passed over for the original.
    public init?(_ bytes: [UInt8]) {
        let read: AppMetainfo?? = XMLTree.read(bytes) { root -> AppMetainfo? in
            guard root.name == "component" else { return nil }
            var info = AppMetainfo()
            for url in root.children("url") {
                switch url.attribute("type") {
                case "homepage"?: info.homepage = url.text
                case "bugtracker"?: info.issueTracker = url.text
                default: break
                }
            }
            info.license = root.childText("project_license")
            info.developer = root.children("developer").first.flatMap { Self.original($0.children("name"))?.text }
                ?? Self.original(root.children("developer_name"))?.text
            // AppStream lists releases newest first.
            if let newest = root.children("releases").first?.children("release").first {
                info.releaseVersion = newest.attribute("version")
                info.releaseNotes = newest.children("description").first.map(Self.markup)
            }
            return info
        }
        guard let info = read ?? nil else { return nil }
        self = info
    }

    private static func original(_ nodes: [XMLTreeNode]) -> XMLTreeNode? {
        nodes.first { $0.attribute("lang") == nil }
    }

    private static func markup(_ description: XMLTreeNode) -> String {
        description.elements.filter { $0.attribute("lang") == nil }.compactMap { element -> String? in
            switch element.name {
            case "p": element.text.map { "<p>\(escape($0))</p>" }
            case "ul", "ol":
                "<\(element.name)>" + element.children("li").filter { $0.attribute("lang") == nil }
                    .compactMap(\.text).map { "<li>\(escape($0))</li>" }.joined() + "</\(element.name)>"
            default: nil
            }
        }.joined()
    }

    private static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
