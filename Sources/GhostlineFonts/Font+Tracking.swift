import CFreeType

/// A font's size-dependent tracking (its AAT `trak` table), read once when the font opens.
///
/// The font only reports what its table says; whether a layout applies it is the layout model's decision (Core Text
/// does for fonts that also have a `STAT` table; Chromium does not), so nothing here knows about either.
extension Font {
    /// The tracking the font's normal track (track 0) asks for at `pointSize`, in points: the table's value in font
    /// units × size / unitsPerEm; 0 for a font without a (readable) `trak` table. Apple's HIG lists SF Pro's as
    /// e.g. −26/1000 em at 17 pt, −0.43 pt.
    ///
    /// A table asking for more than one em either way is held to one em. No real font comes near (SF Pro's largest
    /// is a few hundredths of an em); the bound keeps a hostile table's spacing within what `letterSpacing: 100%`
    /// or `-100%` can already ask for, so layout never meets a spacing it was not built for.
    public func tableTracking(atPointSize pointSize: Double) -> Double {
        guard let trackingTable, pointSize > 0, pointSize.isFinite else { return 0 }
        let units = Double(shapingUnitsPerEm)
        return min(units, max(-units, trackingTable.value(atPointSize: pointSize))) * pointSize / units
    }

    /// The largest `trak` table read; real ones are a few hundred bytes (a track of 2 bytes per size, 8 per track).
    static let maximumTrackingTableBytes = 256 * 1024

    /// The `trak` table of `face`, parsed; nil when the font has none, it is too large, or it does not parse.
    static func readTrackingTable(face: FT_Face) -> TrackingTable? {
        guard let bytes = sfntTable(face: face, tag: "trak", limit: maximumTrackingTableBytes) else { return nil }
        return TrackingTable(bytes: bytes)
    }

    /// Whether `face` has a table `tag` (any length).
    static func hasTable(face: FT_Face, tag: String) -> Bool {
        var length: FT_ULong = 0
        return FT_Load_Sfnt_Table(face, tagValue(tag), 0, nil, &length) == 0
    }

    /// The raw bytes of table `tag`, or nil when the font lacks it or it is longer than `limit` bytes.
    static func sfntTable(face: FT_Face, tag: String, limit: Int) -> [UInt8]? {
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, tagValue(tag), 0, nil, &length) == 0, length > 0, length <= FT_ULong(limit) else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        var read = length
        guard FT_Load_Sfnt_Table(face, tagValue(tag), 0, &bytes, &read) == 0, read == length else { return nil }
        return bytes
    }

    /// A four-character table tag as FreeType's `FT_MAKE_TAG` builds it (a macro Swift cannot import).
    static func tagValue(_ tag: String) -> FT_ULong {
        tag.utf8.prefix(4).reduce(FT_ULong(0)) { $0 << 8 | FT_ULong($1) }
    }
}
