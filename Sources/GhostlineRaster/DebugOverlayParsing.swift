import Foundation

/// A guide name that names no guide.
public struct DebugOverlayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name as it was given.
    public var name: String

    /// Creates the error for `name`.
    public init(name: String) { self.name = name }

    /// "grids: unknown guide; use any of boxes,baselines,capHeight,xHeight,grid, or all".
    public var description: String {
        "\(name): unknown guide; use any of \(DebugOverlay.names.map(\.0).joined(separator: ",")), or all"
    }
}

extension DebugOverlay {
    /// The guides of a comma-separated list of ``names`` (any case, spaces around a name ignored), or `all`.
    /// An empty list is no guides.
    public init(parsing list: String) throws(DebugOverlayError) {
        self = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if name.lowercased() == "all" { formUnion(.all); continue }
            guard let match = Self.names.first(where: { $0.0.lowercased() == name.lowercased() }) else {
                throw DebugOverlayError(name: name)
            }
            insert(match.1)
        }
    }
}
