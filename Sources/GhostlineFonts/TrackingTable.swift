/// A font's AAT tracking table (`trak`), horizontal part: how much space the font's designer wants added to every
/// glyph's advance at each size, per track (normal, tight, loose).
///
/// Layout (Apple's TrueType Reference Manual, chapter 6, "The 'trak' table"): a 12-byte header (version 1.0 as
/// 16.16, format 0, 16-bit offsets to the horizontal and vertical track data, reserved); a track data block
/// (`nTracks`, `nSizes`, a 32-bit offset to the size table, then `nTracks` 8-byte entries: the track value as
/// 16.16 — 0 is normal, negative tighter —, a name ID and a 16-bit offset to the entry's `nSizes` per-size values);
/// sizes are 16.16 points, per-size values signed 16-bit font units. Every offset counts from the table's start.
///
/// Reading never trusts the file: each read is bounds-checked against the table's bytes, counts are capped, and a
/// table that does not parse is no table (nil) rather than an error, since a font without tracking still lays out.
public struct TrackingTable: Hashable, Sendable {
    /// One track: its value (0 normal, −1 tight, 1 loose …) and its tracking at each of ``sizes``, font units.
    public struct Track: Hashable, Sendable {
        /// The track's value: 0 is the normal track, negative values tighter, positive looser.
        public var value: Double
        /// The tracking at each of the table's sizes, in font units (16-bit in the file).
        public var perSize: [Double]
        /// A track with its value and its per-size tracking.
        public init(value: Double, perSize: [Double]) { self.value = value; self.perSize = perSize }
    }

    /// The sizes in points the tracks have values for, in table order.
    public var sizes: [Double]
    /// The tracks, in table order (the manual's example sorts them by value; nothing here relies on it).
    public var tracks: [Track]

    /// A table from its parts; each track needs one value per size, or it is dropped.
    public init(sizes: [Double], tracks: [Track]) {
        self.sizes = sizes
        self.tracks = tracks.filter { $0.perSize.count == sizes.count }
    }

    /// More sizes or tracks than any real font carries are refused, so a hostile count cannot make reading slow.
    static let maximumEntries = 1024

    /// Parses the raw `trak` table; nil when it is not version 1, has no horizontal data, or any read would fall
    /// outside `bytes`.
    public init?(bytes: [UInt8]) {
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> UInt32? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            return UInt32(high) << 16 | UInt32(low)
        }
        func fixed(_ at: Int) -> Double? { u32(at).map { Double(Int32(bitPattern: $0)) / 65536 } }
        func fword(_ at: Int) -> Double? { u16(at).map { Double(Int16(truncatingIfNeeded: $0)) } }

        guard let major = u16(0), major == 1, let horizontal = u16(6), horizontal != 0,
              let trackCount = u16(horizontal), let sizeCount = u16(horizontal + 2),
              let sizeOffset = u32(horizontal + 4), trackCount > 0, sizeCount > 0,
              trackCount <= Self.maximumEntries, sizeCount <= Self.maximumEntries else { return nil }
        var sizes: [Double] = []
        for index in 0..<sizeCount {
            guard let size = fixed(Int(sizeOffset) + 4 * index), size.isFinite else { return nil }
            sizes.append(size)
        }
        var tracks: [Track] = []
        for index in 0..<trackCount {
            let entry = horizontal + 8 + 8 * index
            guard let value = fixed(entry), let valuesOffset = u16(entry + 6) else { return nil }
            var perSize: [Double] = []
            for size in 0..<sizeCount {
                guard let v = fword(valuesOffset + 2 * size) else { return nil }
                perSize.append(v)
            }
            tracks.append(Track(value: value, perSize: perSize))
        }
        self.init(sizes: sizes, tracks: tracks)
    }

    /// The tracking of track `track` at `pointSize`, in font units, as Core Text computes it.
    ///
    /// - Sizes: a size in the table gives its value; between two sizes the value is interpolated linearly; below
    ///   the smallest or above the largest size it is the end value (clamped, not extrapolated).
    /// - Tracks: a track with that value is used as it is; otherwise the two tracks around it are interpolated, and
    ///   outside the tracks' range the nearest one is used.
    ///
    /// The manual allows extrapolation; Core Text clamps. Sources: HarfBuzz commits b1677e76a ("use the value for
    /// min-size / max-size … seems to match what CoreText does") and a70a30ddf ("Interpolate between tracks …
    /// according to Ned [Holbrook, Core Text], this is what CoreText does"), harfbuzz/harfbuzz issue 5054.
    /// Sizes out of order are taken in ascending order.
    public func value(track: Double = 0, atPointSize pointSize: Double) -> Double {
        guard !tracks.isEmpty, !sizes.isEmpty, pointSize.isFinite else { return 0 }
        let ordered = tracks.sorted { $0.value < $1.value }
        let below = ordered.last { $0.value <= track } ?? ordered[0]
        let above = ordered.first { $0.value >= track } ?? ordered[ordered.count - 1]
        let a = value(of: below, at: pointSize)
        guard below.value != above.value else { return a }
        let t = (track - below.value) / (above.value - below.value)
        return a + t * (value(of: above, at: pointSize) - a)
    }

    private func value(of track: Track, at pointSize: Double) -> Double {
        let points = zip(sizes, track.perSize).sorted { $0.0 < $1.0 }
        guard let first = points.first, let last = points.last else { return 0 }
        if pointSize <= first.0 { return first.1 }
        if pointSize >= last.0 { return last.1 }
        // The first size at or above the asked one exists: the asked size is below the largest.
        let upper = points.firstIndex { $0.0 >= pointSize }!
        let (s1, v1) = points[upper]
        if s1 == pointSize { return v1 }
        let (s0, v0) = points[upper - 1]   // s0 < pointSize < s1
        return v0 + (pointSize - s0) / (s1 - s0) * (v1 - v0)
    }
}
