/// The quick scans that cut a large array between cores: they follow strings and brackets only.
extension JSONScan {
    /// Where an element of the array whose first element is at `first` starts, for each of `targets` (ascending):
    /// the first one at or after it. Follows strings and brackets only, so it is quick and may be wrong for a body
    /// that is not JSON; whoever reads the elements checks them. Stops at the array's end.
    static func elementStarts(_ bytes: UnsafeBufferPointer<UInt8>, from first: Int, atOrAfter targets: [Int])
        -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(targets.count)
        var index = first
        var depth = 0
        while index < bytes.count, starts.count < targets.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = endOfString(bytes, from: index + 1)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return starts }
                depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                let start = skipWhitespace(bytes, from: index + 1)
                if start >= targets[starts.count] { starts.append(start) }
                index = start
                continue
            default:
                break
            }
            index += 1
        }
        return starts
    }

    /// How far past a share's start an element is looked for, and how much of a candidate is looked into.
    static let guessReach = 64 * 1024

    /// A guess at where an element of an array of objects starts, at or after `target`: the first `{` after `}`
    /// and `,` whose object has a member of its own that `telling` accepts. Only a guess: the bytes there may be in
    /// a string, or in an array nested in an element.
    static func likelyElementStart(_ bytes: UnsafeBufferPointer<UInt8>, from target: Int,
                                   telling: (UnsafeBufferPointer<UInt8>) -> Bool) -> Int? {
        let end = min(bytes.count, target + guessReach)
        var index = target
        while index < end {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "}") else { continue }
            var next = skipWhitespace(bytes, from: index + 1)
            guard next < bytes.count, bytes[next] == UInt8(ascii: ",") else { continue }
            next = skipWhitespace(bytes, from: next + 1)
            guard next < bytes.count, bytes[next] == UInt8(ascii: "{") else { continue }
            if object(bytes, at: next, hasMember: telling) { return next }
        }
        return nil
    }

    /// Whether the object whose `{` is at `start` has a member of its own (not of an object inside it) whose name
    /// `telling` accepts. Follows strings and brackets only, and looks no further than `guessReach`.
    static func object(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                       hasMember telling: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        let end = min(bytes.count, start + guessReach)
        var index = start + 1
        var depth = 1
        var expectingName = true
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let close = endOfString(bytes, from: index + 1)
                if depth == 1, expectingName {
                    if close > index + 1,
                       telling(UnsafeBufferPointer(rebasing: bytes[index + 1..<close - 1])) {
                        return true
                    }
                    expectingName = false
                }
                index = close
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return false }
            case UInt8(ascii: ",") where depth == 1:
                expectingName = true
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// Past the closing quote of the string whose contents start at `start`.
    static func endOfString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while true {
            index = stringSpecial(bytes, from: index)
            guard index < bytes.count else { return index }
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
    }
}
