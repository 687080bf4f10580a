import CoveCore
import CXMLShim
import FoundationEssentials

/// A parsed XML document, read through libxml2 (see `cove_xml_read`: no network, no DTD, no entity substitution).
public enum XMLTree {
    /// Hands the root element of `bytes` to `body` while the tree lives; nil when they are not well-formed XML.
    public static func read<T>(_ bytes: [UInt8], _ body: (XMLTreeNode) -> T) -> T? {
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cove_xml_read($0.baseAddress, $0.count) }
        }
        guard let document = parsed else { return nil }
        defer { cove_xml_free_document(document) }
        guard let root = cove_xml_root(document) else { return nil }
        return body(XMLTreeNode(root))
    }
}

/// An element of the parsed tree; valid while its document is.
public struct XMLTreeNode {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// The local name (without prefix).
    public var name: String { cove_xml_name(pointer).map { String(cString: $0) } ?? "" }

    /// Child elements with this local name, in document order.
    public func children(_ localName: String) -> [XMLTreeNode] {
        var found: [XMLTreeNode] = []
        var child = cove_xml_first_element(pointer)
        while let current = child {
            if XMLTreeNode(current).name == localName { found.append(XMLTreeNode(current)) }
            child = cove_xml_next_element(current)
        }
        return found
    }

    public func attribute(_ name: String) -> String? {
        guard let value = cove_xml_attribute(pointer, name) else { return nil }
        defer { cove_xml_free_string(value) }
        return String(cString: value)
    }

    /// The text content (CDATA included), trimmed; nil when empty.
    public var text: String? {
        guard let content = cove_xml_text(pointer) else { return nil }
        defer { cove_xml_free_string(content) }
        let trimmed = trimmingWhitespace(String(cString: content))
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The text of the first child element with this local name.
    public func childText(_ localName: String) -> String? {
        children(localName).first?.text
    }

    /// Every child element, in document order.
    public var elements: [XMLTreeNode] {
        var found: [XMLTreeNode] = []
        var child = cove_xml_first_element(pointer)
        while let current = child {
            found.append(XMLTreeNode(current))
            child = cove_xml_next_element(current)
        }
        return found
    }
}
