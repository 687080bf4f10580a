/// Byte-level steps of the reader, and of the quick scan that splits a large array between cores.
enum JSONScan {
    /// Past a leading UTF-8 byte order mark, if there is one.
    static func start(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    @inline(__always)
    static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        // Compact JSON has none: one test and out.
        if start < bytes.count, bytes[start] > 0x20 { return start }
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    /// The first quote, backslash or control character at or after `start` inside a string, or the end. Most
    /// string bytes are plain, so they are tested eight at a time.
    @inline(__always)
    static func stringSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let found = zeroBytes(word ^ quotes) | zeroBytes(word ^ backslashes) | bytesBelowSpace(word)
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            index += 1
        }
        return index
    }

    /// The first eight bytes (fewer, zero-padded, for a shorter run) as one word, to compare short keys at once.
    @inline(__always)
    static func leadingWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        // Two overlapping loads cover every length without reading past the run.
        switch count {
        case 8...: return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        case 4...7:
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            return low | high << (8 * UInt64(count - 4))
        case 2...3:
            let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
            return low | high << (8 * UInt64(count - 2))
        case 1: return UInt64(base[0])
        default: return 0
        }
    }

    /// Byte-wise equality of two runs of the same length.
    static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
        var index = 0
        while index + 8 <= left.count {
            let a = UnsafeRawPointer(leftBase + index).loadUnaligned(as: UInt64.self)
            guard a == UnsafeRawPointer(rightBase + index).loadUnaligned(as: UInt64.self) else { return false }
            index += 8
        }
        while index < left.count {
            guard leftBase[index] == rightBase[index] else { return false }
            index += 1
        }
        return true
    }

    /// RFC 8259's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, from `index` (a minus
    /// or a digit) to past its end; nil where the grammar breaks or the value is not finite. A number of up to 15
    /// significant digits whose decimal exponent is within ±22 is computed directly: both operands are exact in a
    /// Double, so one multiplication or division rounds correctly (Clinger's fast path). The rest go through the C
    /// library's conversion.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Double? {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        var mantissa: UInt64 = 0
        while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        let integerDigits = index - integerStart
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        var digits = integerDigits
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            guard index > fractionStart else { return nil }
            digits += index - fractionStart
            exponent = fractionStart - index
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            var written = 0
            while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                if written < 10_000 { written = written * 10 + Int(digit) }
                index += 1
            }
            guard index > exponentStart else { return nil }
            exponent += exponentNegative ? -written : written
        }
        if digits <= 15, (-22...22).contains(exponent) {
            let value = exponent < 0
                ? Double(mantissa) / powersOfTen[-exponent] : Double(mantissa) * powersOfTen[exponent]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// 10⁰ … 10²², every one exact in a Double.
    private static let powersOfTen: [Double] = (0...22).reduce(into: []) { powers, exponent in
        powers.append(exponent == 0 ? 1 : powers[exponent - 1] * 10)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let quotes = ones &* UInt64(UInt8(ascii: "\""))
    private static let backslashes = ones &* UInt64(UInt8(ascii: "\\"))

    /// The high bit of each zero byte of `word` is set (exact up to the first one, which is all that is used).
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }

    /// The high bit of each byte below 0x20 is set (exact up to the first one).
    private static func bytesBelowSpace(_ word: UInt64) -> UInt64 {
        (word &- ones &* 0x20) & ~word & highBits
    }
}
