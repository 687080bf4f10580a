/// Moving a value's parts into it: `Parts` hand over their arrays and strings instead of copying them, which would
/// count every reference they hold up, and down again when the parts go.
extension Array {
    /// The array, leaving an empty one.
    mutating func takeAll() -> Array {
        var taken: Array = []
        swap(&taken, &self)
        return taken
    }
}

extension Dictionary {
    /// The dictionary, leaving an empty one.
    mutating func takeAll() -> Dictionary {
        var taken: Dictionary = [:]
        swap(&taken, &self)
        return taken
    }
}
