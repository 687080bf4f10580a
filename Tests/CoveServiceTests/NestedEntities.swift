/// A "billion laughs": eleven levels of entities, each ten of the one below, in a DOCTYPE for `root`; `&lol11;`
/// would be 10¹¹ × 64 bytes of text if anything expanded it.
enum NestedEntities {
    static func prologue(root: String) -> String {
        var entities = #"<!ENTITY lol "lollollollollollollollollollollollollollollollollollollollollollol">"#
        for level in 1...11 {
            let inner = level == 1 ? "&lol;" : "&lol\(level - 1);"
            entities += "<!ENTITY lol\(level) \"\(String(repeating: inner, count: 10))\">"
        }
        return "<?xml version=\"1.0\"?><!DOCTYPE \(root) [\(entities)]>"
    }
}
