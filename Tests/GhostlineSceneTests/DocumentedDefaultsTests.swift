import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineScene
import Testing

/// The key tables of docs/scene-format.md hold the parser to what they say, as the console examples are held: each
/// row's default is what a scene that leaves the key out gets, and each row's range is exactly what the parser
/// takes (both ends accepted, the values just outside them refused at that key). The rows are read from the page,
/// so a row edited without the code, or the code without the row, fails here (issue 35).
///
/// A default is checked by resolving two scenes, one without the key and one with the key set to the documented
/// default, and comparing everything resolution produced (the layout tree and the palette), in both colour schemes,
/// since a default may be a colour that differs by scheme. Defaults the page writes as prose ("the style's", "none:
/// the text's own size") are not values a scene can write and are skipped; the test counts what it checked, so the
/// tables cannot silently stop being read.
@Suite("docs/scene-format.md: key tables against the parser")
struct DocumentedDefaultsTests {
    /// One row of a key table: its keys, the value and default cells as written, and where it is.
    struct Row: Sendable, CustomTestStringConvertible {
        var table: String
        var keys: [String]
        var value: String
        var defaultCell: String
        var testDescription: String { "\(table): \(keys.joined(separator: ", "))" }

        /// Where the key is written: in the label's style, or on the label itself.
        var inStyle: Bool { table != "Labels" }
        /// The model the key belongs to: a "css only" key is refused in the uikit model, and the reverse.
        var model: String { value.hasPrefix("css only") ? "css" : "uikit" }

        /// The default as a YAML value, when the cell is one: "`X`", "`X`: explanation", "`X`, or …", or a number.
        var documentedDefault: String? {
            let cell = defaultCell
            if cell.range(of: #"^[−-]?[0-9][0-9,.]*$"#, options: .regularExpression) != nil {
                return DocumentedDefaultsTests.number(cell)
            }
            guard cell.hasPrefix("`"), let close = cell.dropFirst().firstIndex(of: "`") else { return nil }
            let value = String(cell[cell.index(after: cell.startIndex)..<close])
            let rest = cell[cell.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") || rest.hasPrefix(", or ") else { return nil }
            return value
        }

        /// The first "A to B" range of the value cell, in points or a count (not a percentage).
        var documentedRange: (low: Double, high: Double)? {
            let pattern = #"([−-]?[0-9][0-9,]*(?:\.[0-9]+)?) to ([−-]?[0-9][0-9,]*(?:\.[0-9]+)?)(?!%)"#
            guard let match = value.range(of: pattern, options: .regularExpression) else { return nil }
            let words = value[match].components(separatedBy: " to ")
            guard words.count == 2, !words[0].hasSuffix("%"),
                  let low = Double(DocumentedDefaultsTests.number(words[0])),
                  let high = Double(DocumentedDefaultsTests.number(words[1])) else { return nil }
            return (low, high)
        }
    }

    /// A number as the page writes it (`10,000`, `−100`), as YAML reads it.
    static func number(_ text: String) -> String {
        text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "−", with: "-")
    }

    static let page: String = {
        (try? String(contentsOf: Paths.root.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)) ?? ""
    }()

    /// The rows of the first table after `marker` on the page.
    static func rows(after marker: String, table: String) -> [Row] {
        guard let start = page.range(of: marker) else { return [] }
        let lines = page[start.upperBound...].components(separatedBy: "\n")
        guard let first = lines.firstIndex(where: { $0.hasPrefix("| key |") }) else { return [] }
        var rows: [Row] = []
        for line in lines[(first + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.dropFirst().dropLast().components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            let keys = cells[0].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            rows.append(Row(table: table, keys: keys, value: cells[1], defaultCell: cells[2]))
        }
        return rows
    }

    /// The style tables (character and paragraph keys) and the label table.
    static let allRows: [Row] = rows(after: "**Character keys**", table: "Character keys")
        + rows(after: "**Paragraph keys**", table: "Paragraph keys")
        + rows(after: "\n## Labels\n", table: "Labels")

    /// One font context for every scene here, so two lookups of a face give one font.
    static let fonts = FontContext()

    /// Keys that cannot be written alone, with what their style needs beside them.
    static let styleContext: [String: [String: String]] = [
        "maximumPointSize": ["scalesWith": "body", "size": "1"],
    ]

    /// A scene of one label, its style `{ font: Inter, size: 17 }` plus `style`, the label with `label`.
    static func scene(model: String, style: [String: String] = [:], label: [String: String] = [:]) -> String {
        var styleKeys = ["font": "Inter", "size": "17"]
        styleKeys.merge(style) { $1 }
        func flow(_ keys: [String: String]) -> String {
            keys.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        }
        let labelKeys = flow(["text": "\"Kerning AV To, ligatures ffi; a second sentence to wrap\"", "style": "s"].merging(label) { $1 })
        return "canvas: { width: 320 }\nmodel: \(model)\nstyles:\n  s: { \(flow(styleKeys)) }\nroot: { children: [ { label: { \(labelKeys) } } ] }\n"
    }

    /// The scene with `key: value` written where the row's keys go, with what the key needs beside it.
    static func scene(_ row: Row, key: String, value: String?) -> String {
        var style = row.inStyle ? (styleContext[key] ?? [:]) : [:]
        var label: [String: String] = [:]
        if let value { if row.inStyle { style[key] = value } else { label[key] = value } }
        return scene(model: row.model, style: style, label: label)
    }

    /// Everything resolution produced that layout and drawing read: the layout tree and the palette, written out
    /// field by field (a font by its description, since two lookups of one face are one font).
    static func fingerprint(_ scene: Scene) -> String {
        var text = ""
        write(scene.root, into: &text, depth: 0)
        write(scene.palette, into: &text, depth: 0)
        write(scene.canvas, into: &text, depth: 0)
        // Two spellings of one value: a paragraph's `lineBreak` left out is nil, which the only reader of it
        // (`ModelRules.strictness`, `paragraph.lineBreak ?? .auto`) takes as `auto`.
        return text.replacingOccurrences(of: "lineBreak:Optional<LineBreakStrictness>(some:auto)", with: "lineBreak:nil")
    }

    static func write(_ value: Any, into text: inout String, depth: Int) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class || depth > 60 {
            text += "<\(type(of: value)) \((value as? CustomStringConvertible)?.description ?? "")>"
            return
        }
        if mirror.children.isEmpty {
            text += String(describing: value)
            return
        }
        var parts: [String] = []
        for child in mirror.children {
            var part = (child.label ?? "") + ":"
            write(child.value, into: &part, depth: depth + 1)
            parts.append(part)
        }
        // A dictionary's or a set's order is not part of its value.
        if mirror.displayStyle == .dictionary || mirror.displayStyle == .set { parts.sort() }
        text += "\(type(of: value))(" + parts.joined(separator: ",") + ")"
    }

    /// The part of `text` around its first difference from `other`, for a message a person can read.
    static func difference(_ text: String, _ other: String) -> Substring {
        let common = zip(text, other).prefix { $0 == $1 }.count
        let start = text.index(text.startIndex, offsetBy: max(0, common - 60))
        let end = text.index(start, offsetBy: 120, limitedBy: text.endIndex) ?? text.endIndex
        return text[start..<end]
    }

    static func resolve(_ yaml: String, scheme: ColorScheme) throws(SceneError) -> Scene {
        var overrides = SceneOverrides()
        overrides.colorScheme = scheme
        return try SceneLoader(fonts: fonts).parse(yaml, path: Paths.root.appendingPathComponent("scene.yaml").path, overrides: overrides)
    }

    @Test func theTablesAreRead() {
        let rows = Self.allRows
        #expect(Set(rows.map(\.table)) == ["Character keys", "Paragraph keys", "Labels"], "\(rows.map(\.table))")
        #expect(rows.count >= 50, "only \(rows.count) rows were read")
        #expect(rows.filter { $0.documentedDefault != nil }.count >= 30, "only these defaults are values: \(rows.compactMap(\.documentedDefault))")
        #expect(rows.filter { $0.documentedRange != nil }.count >= 15)
        // The cells the reader takes apart, as the page writes them.
        let color = rows.first { $0.keys == ["color"] }
        #expect(color?.documentedDefault == "label")
        #expect(rows.first { $0.keys == ["id"] }?.documentedDefault == nil)   // `label1`, `label2`, … is not one value
        #expect(rows.first { $0.keys == ["numberOfLines"] }.flatMap(\.documentedRange).map { [$0.low, $0.high] } == [0, 10_000])
        #expect(rows.first { $0.keys == ["letterSpacing"] }.flatMap(\.documentedRange).map { [$0.low, $0.high] } == [-100, 100])
    }

    /// A scene without the key resolves exactly as one that writes the documented default, in light and in dark.
    @Test(arguments: allRows.filter { $0.documentedDefault != nil })
    func theDocumentedDefaultIsWhatLeavingTheKeyOutGives(_ row: Row) throws {
        let value = try #require(row.documentedDefault)
        for key in row.keys {
            for scheme in [ColorScheme.light, .dark] {
                let omitted = try Self.resolve(Self.scene(row, key: key, value: nil), scheme: scheme)
                let written: Scene
                do { written = try Self.resolve(Self.scene(row, key: key, value: value), scheme: scheme) } catch {
                    Issue.record("`\(key): \(value)`, the documented default, is refused: \(error)")
                    continue
                }
                let (left, right) = (Self.fingerprint(omitted), Self.fingerprint(written))
                #expect(left == right, """
                    `\(key)` left out is not `\(key): \(value)` (\(scheme)), which the \(row.table) table gives as its default:
                    left out: …\(Self.difference(left, right))…
                    written:  …\(Self.difference(right, left))…
                    """)
            }
        }
    }

    /// Both ends of the documented range are accepted, and the numbers just outside them are refused at the key.
    @Test(arguments: allRows.filter { $0.documentedRange != nil })
    func theDocumentedRangeIsExactlyWhatTheParserTakes(_ row: Row) throws {
        let range = try #require(row.documentedRange)
        func yaml(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        for key in row.keys {
            for end in [range.low, range.high] {
                do { _ = try Self.resolve(Self.scene(row, key: key, value: yaml(end)), scheme: .light) } catch {
                    Issue.record("`\(key): \(yaml(end))`, an end of the documented range \(yaml(range.low)) to \(yaml(range.high)), is refused: \(error)")
                }
            }
            for (end, outward) in [(range.low, -1.0), (range.high, 1.0)] {
                // Just outside: a hundredth beyond the end, or a whole step for a key that takes whole numbers only.
                var refusal: SceneError?
                for step in [0.01, 1] {
                    do {
                        _ = try Self.resolve(Self.scene(row, key: key, value: yaml(end + outward * step)), scheme: .light)
                        refusal = nil
                    } catch {
                        refusal = error
                    }
                    if refusal?.problem.contains("expected a whole number") != true { break }
                }
                let outside = refusal.map { _ in "" } ?? "accepted"
                #expect(refusal != nil, "`\(key)` just outside \(yaml(end)) is \(outside), but the \(row.table) table says \(yaml(range.low)) to \(yaml(range.high))")
                if let refusal {
                    #expect(refusal.keyPath.hasSuffix(key), "`\(key)` beyond \(yaml(end)) was refused at another key: \(refusal)")
                }
            }
        }
    }
}
