import GhostlineGeometry

/// What the `PaintID`s of a layout stand for: colours and bitmaps. Layout never sees it; whoever builds the
/// layout tree (the scene resolver, a contact sheet) fills one and hands it to the renderer beside the layout.
public struct Palette: Sendable {
    /// One palette entry.
    public enum Paint: Sendable {
        /// A flat colour, for text, boxes and the canvas background.
        case color(Color)
        /// A bitmap, drawn stretched to its element's frame.
        case image(RGBAImage)
    }

    /// The entries, indexed by `PaintID.index`; entry 0 is black.
    public private(set) var paints: [Paint]
    /// Each colour's id, so a scene with thousands of styles adds colours in constant time.
    private var colorIDs: [Color: Int]

    /// A palette whose first entry (`PaintID.default`) is black text.
    public init() {
        paints = [.color(.black)]
        colorIDs = [.black: 0]
    }

    /// Adds a paint and returns its id; the same colour twice gets one id.
    public mutating func add(_ color: Color) -> PaintID {
        if let index = colorIDs[color] { return PaintID(index) }
        paints.append(.color(color))
        colorIDs[color] = paints.count - 1
        return PaintID(paints.count - 1)
    }

    /// Adds a bitmap and returns its id; every call adds a new entry, even for the same image.
    public mutating func add(_ image: RGBAImage) -> PaintID {
        paints.append(.image(image))
        return PaintID(paints.count - 1)
    }

    /// The colour of `id` (black for an id that is not a colour of this palette).
    public func color(_ id: PaintID) -> Color {
        guard paints.indices.contains(id.index), case .color(let color) = paints[id.index] else { return .black }
        return color
    }

    /// The bitmap of `id`, if it is one.
    public func image(_ id: PaintID) -> RGBAImage? {
        guard paints.indices.contains(id.index), case .image(let image) = paints[id.index] else { return nil }
        return image
    }
}
