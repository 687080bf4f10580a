/// One control's place in a control bar (the SDK's `BCOVPUILayoutView`). A class because identity matters: the same
/// instance may sit in both the standard and the compact arrangement, so the control keeps its state and can be
/// animated from one place to the other. Not `Sendable`: it is made and changed on the thread that lays it out.
public final class LayoutView {
    /// The SDK's `kBCOVPUILayoutUseDefaultValue`: as `width`, "the tag's default width".
    public static let useDefaultWidth: Double = -1

    public let tag: ViewTag
    /// Pixels, or `useDefaultWidth`. For an elastic view it is the minimum it keeps while the row has room.
    public let width: Double
    /// The share of a row's leftover width this view takes, relative to the row's other elastic views; 0 = fixed.
    public let elasticity: Double
    /// Hidden and taking no space; set it and lay out again to show or hide a control quickly.
    public var isRemoved: Bool
    /// Names an `empty` view that hosts an application's widget (a logo, a custom button).
    public let identifier: String?

    public init(tag: ViewTag, width: Double = LayoutView.useDefaultWidth, elasticity: Double = 0,
                isRemoved: Bool = false, identifier: String? = nil) {
        self.tag = tag
        self.width = width
        self.elasticity = max(0, elasticity)
        self.isRemoved = isRemoved
        self.identifier = identifier
    }

    /// The width the layout starts from: `width`, or the tag's default for `useDefaultWidth` (any negative value).
    public var resolvedWidth: Double { width < 0 ? tag.defaultWidth : width }

    public var isElastic: Bool { elasticity > 0 }
}

extension LayoutView: CustomStringConvertible {
    public var description: String {
        let name = identifier.map { "\(tag.name)#\($0)" } ?? tag.name
        return isRemoved ? "\(name) (removed)" : name
    }
}
