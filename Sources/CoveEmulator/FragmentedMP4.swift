import FoundationEssentials

/// A fragmented MP4 as mp4mux writes it (`fragment-duration`): ftyp and moov, then moof+mdat pairs, then mfra.
/// Cut into what a DASH SegmentTemplate names: the initialization segment and one media segment per fragment,
/// each with its start time from the fragment's tfdt.
struct FragmentedMP4 {
    struct Fragment {
        var bytes: [UInt8]
        /// baseMediaDecodeTime, in `timescale` units.
        var start: UInt64
    }

    var initialization: [UInt8]
    var fragments: [Fragment]
    /// The track's mdhd timescale.
    var timescale: UInt64

    init(_ bytes: [UInt8]) throws {
        var initialization: [UInt8] = []
        var fragments: [Fragment] = []
        var timescale: UInt64?
        var pendingMoof: (bytes: ArraySlice<UInt8>, start: UInt64)?
        for box in try Self.boxes(bytes[...]) {
            switch box.type {
            case "ftyp", "moov":
                initialization += box.bytes
                if box.type == "moov" { timescale = Self.timescale(inMoov: box.bytes) }
            case "moof":
                guard let start = Self.decodeTime(inMoof: box.bytes) else {
                    throw MediaEncoderError("a moof without tfdt")
                }
                pendingMoof = (box.bytes, start)
            case "mdat":
                guard let moof = pendingMoof else { continue }
                fragments.append(Fragment(bytes: Array(moof.bytes) + Array(box.bytes), start: moof.start))
                pendingMoof = nil
            default:
                continue
            }
        }
        guard let timescale, timescale > 0, !fragments.isEmpty else {
            throw MediaEncoderError("not a fragmented MP4 with a timescale and fragments")
        }
        self.initialization = initialization
        self.fragments = fragments
        self.timescale = timescale
    }

    private struct Box {
        var type: String
        /// The whole box, header included.
        var bytes: ArraySlice<UInt8>
        var headerSize: Int
        var body: ArraySlice<UInt8> { bytes.dropFirst(headerSize) }
    }

    private static func boxes(_ bytes: ArraySlice<UInt8>) throws -> [Box] {
        var found: [Box] = []
        var offset = bytes.startIndex
        while offset + 8 <= bytes.endIndex {
            var size = Int(integer(bytes, at: offset, width: 4))
            var header = 8
            if size == 1 {
                guard offset + 16 <= bytes.endIndex else { throw MediaEncoderError("a truncated box") }
                size = Int(integer(bytes, at: offset + 8, width: 8))
                header = 16
            } else if size == 0 {
                size = bytes.endIndex - offset
            }
            guard size >= header, offset + size <= bytes.endIndex else { throw MediaEncoderError("a truncated box") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            found.append(Box(type: type, bytes: bytes[offset..<(offset + size)], headerSize: header))
            offset += size
        }
        return found
    }

    private static func integer(_ bytes: ArraySlice<UInt8>, at offset: Int, width: Int) -> UInt64 {
        bytes[offset..<(offset + width)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func child(_ type: String, in box: Box) -> Box? {
        (try? boxes(box.body))?.first { $0.type == type }
    }

    /// moov › trak › mdia › mdhd's timescale (the one track mp4mux wrote here).
    private static func timescale(inMoov bytes: ArraySlice<UInt8>) -> UInt64? {
        guard let moov = try? boxes(bytes).first, let trak = child("trak", in: moov),
              let mdia = child("mdia", in: trak), let mdhd = child("mdhd", in: mdia) else { return nil }
        let body = mdhd.body
        // version 1 has 64-bit creation and modification times before the timescale.
        let at = body.startIndex + (body.first == 1 ? 20 : 12)
        return at + 4 <= body.endIndex ? integer(body, at: at, width: 4) : nil
    }

    /// moof › traf › tfdt's baseMediaDecodeTime.
    private static func decodeTime(inMoof bytes: ArraySlice<UInt8>) -> UInt64? {
        guard let moof = try? boxes(bytes).first, let traf = child("traf", in: moof),
              let tfdt = child("tfdt", in: traf) else { return nil }
        let body = tfdt.body
        let width = body.first == 1 ? 8 : 4
        return body.startIndex + 4 + width <= body.endIndex ? integer(body, at: body.startIndex + 4, width: width) : nil
    }
}
