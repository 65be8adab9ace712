import GhostlineLayout
import GhostlineReview
import GhostlineScene

/// The elements of a scene description as the element search names them: by path and by the id the layout gives
/// them (`label3` for the third label without one), so an edit can say where it goes and ids stay put when an
/// element is taken out.
extension SuggestionSearch {
    /// An element of the description, where it is and what it is.
    struct Node {
        var path: [Int]
        var id: String
        var hasOwnID: Bool
        var kind: String
        var element: ElementDescription
        /// The axis of the stack that holds it (nil for the root and overlay children).
        var parentAxis: StackAxis?
    }

    /// Every element in document order, with the ids the layout gives those without one (`label3`: counted per kind
    /// in document order, the root stack first), so an element keeps its id when another is taken out.
    static func nodes(_ root: StackDescription) -> [Node] {
        var counts: [String: Int] = [:]
        var result: [Node] = []
        func id(_ kind: String, _ own: String?) -> (String, Bool) {
            counts[kind, default: 0] += 1
            return (own ?? "\(kind)\(counts[kind]!)", own != nil)
        }
        func visit(_ element: ElementDescription, path: [Int], axis: StackAxis?) {
            var children: [ElementDescription] = []
            var childAxis: StackAxis?
            let (kind, own): (String, String?)
            switch element {
            case .label(let l): (kind, own) = ("label", l.id)
            case .box(let b): (kind, own) = ("box", b.id)
            case .image(let i): (kind, own) = ("image", i.id)
            case .stack(let s): (kind, own) = ("stack", s.id); children = s.children; childAxis = s.axis
            case .overlay(let o): (kind, own) = ("overlay", o.id); children = o.children
            case .gap: (kind, own) = ("gap", nil)
            case .spacer: (kind, own) = ("spacer", nil)
            }
            let named: (String, Bool)
            if kind == "gap" || kind == "spacer" { named = ("\(kind) at root" + path.map { ".children[\($0)]" }.joined(), false) }
            else { named = id(kind, own) }
            result.append(Node(path: path, id: named.0, hasOwnID: named.1, kind: kind, element: element, parentAxis: axis))
            for (index, child) in children.enumerated() { visit(child, path: path + [index], axis: childAxis) }
        }
        visit(.stack(root), path: [], axis: nil)
        return result
    }

    /// The description with every label, box, image, stack and overlay given its layout id, so ids stay put when an
    /// element is taken out (the layout counts ids per kind in document order).
    static func pinned(_ description: SceneDescription) -> SceneDescription {
        var counts: [String: Int] = [:]
        func next(_ kind: String, _ own: String?) -> String {
            counts[kind, default: 0] += 1
            return own ?? "\(kind)\(counts[kind]!)"
        }
        func pin(_ element: ElementDescription) -> ElementDescription {
            switch element {
            case .label(var l): l.id = next("label", l.id); return .label(l)
            case .box(var b): b.id = next("box", b.id); return .box(b)
            case .image(var i): i.id = next("image", i.id); return .image(i)
            case .stack(var s): s.id = next("stack", s.id); s.children = s.children.map(pin); return .stack(s)
            case .overlay(var o): o.id = next("overlay", o.id); o.children = o.children.map(pin); return .overlay(o)
            case .gap, .spacer: return element
            }
        }
        var description = description
        if case .stack(let root) = pin(.stack(description.root)) { description.root = root }
        return description
    }
}
