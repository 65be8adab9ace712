/// An opaque reference to how something is painted (a colour, an image). Layout carries it through untouched
/// and never looks inside, so it needs no pixels or colours: the renderer resolves it in its palette.
public struct PaintID: Hashable, Sendable, Codable {
    /// The entry's position in the renderer's palette; layout never interprets it.
    public var index: Int
    /// Creates a reference to palette entry `index`.
    public init(_ index: Int) { self.index = index }
    /// The first entry of a palette: black text in scenes that name no colour.
    public static let `default` = PaintID(0)
}
