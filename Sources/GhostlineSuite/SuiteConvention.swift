import Foundation
import GhostlineScene
import GhostlineSupport

/// A suite without a manifest: a directory laid out as
///
///     scenes/NAME.yaml              the scene (.yaml, .yml or .json)
///     designs/NAME@3x.png           its design export; the suffix sets the scale (@1x, @2x, @3x)
///     designs/NAME.AX3@3x.png       optional: the design at another content size category
///     renders/NAME@3x.png           where `--update` writes the render (created when needed)
///
/// The same layout Playwright and reg-cli users keep their images in, so a team can start without writing a
/// manifest. A scene with no design export is a failing check that says which file it looked for.
enum SuiteConvention {
    static let sceneExtensions = ["yaml", "yml", "json"]

    static func plan(directory: String) throws(SuiteError) -> SuitePlan {
        let scenesDirectory = SuitePlan.join(directory, "scenes")
        let designsDirectory = SuitePlan.join(directory, "designs")
        let rendersDirectory = SuitePlan.join(directory, "renders")
        guard let sceneFiles = try? FileManager.default.contentsOfDirectory(atPath: scenesDirectory) else {
            throw .usage("\(Escaping.oneLine(directory)): no \(SuitePlan.manifestName) and no scenes/ folder; write a manifest, or lay the suite out as scenes/NAME.yaml with designs/NAME@3x.png")
        }
        let designFiles = ((try? FileManager.default.contentsOfDirectory(atPath: designsDirectory)) ?? []).filter { $0.hasSuffix(".png") }
        let scenes = sceneFiles.filter { name in
            sceneExtensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased()) && !name.hasPrefix(".")
        }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        guard !scenes.isEmpty else {
            throw .usage("\(Escaping.oneLine(scenesDirectory)): no scene files (.yaml, .yml, .json); add scenes, or pass a manifest")
        }
        var cases: [SuiteCase] = []
        for file in scenes {
            let name = SuitePlan.stem(file)
            let scene = SuitePlan.join(scenesDirectory, file)
            let designs = designFiles.compactMap { design in variant(of: name, design: design).map { (design, $0) } }
                .sorted { ($0.1.sizeOrder, $0.1.scale, $0.0) < ($1.1.sizeOrder, $1.1.scale, $1.0) }
            if designs.isEmpty {
                let expected = SuitePlan.join(designsDirectory, "\(name)@3x.png")
                cases.append(SuiteCase(index: cases.count, id: name, fileStem: name, scene: scene, target: .design(expected),
                                       render: nil, options: SuiteCheckOptions(),
                                       problem: "no design export for \(scene): expected \(expected) (or @2x, @1x)"))
                continue
            }
            let scales = Set(designs.map(\.1.scale))
            for (design, variant) in designs {
                var id = name
                if let size = variant.contentSize { id += "." + size.rawValue }
                if scales.count > 1 { id += "@\(variant.scale)x" }
                var options = SuiteCheckOptions()
                options.contentSizes = variant.contentSize.map { [$0] }
                cases.append(SuiteCase(index: cases.count, id: id, fileStem: id, scene: scene,
                                       target: .design(SuitePlan.join(designsDirectory, design)),
                                       render: SuitePlan.join(rendersDirectory, design), contentSize: variant.contentSize,
                                       options: options))
            }
            guard cases.count <= SuitePlan.maximumCases else {
                throw .usage("\(Escaping.oneLine(directory)): more than \(SuitePlan.maximumCases) checks; split the suite")
            }
        }
        let name = URL(fileURLWithPath: directory).standardized.lastPathComponent
        return SuitePlan(name: name, source: directory, cases: SuitePlan.assigningFileStems(cases))
    }

    struct Variant {
        var contentSize: ContentSizeCategory?
        var scale: Int
        var sizeOrder: Int { contentSize.flatMap { ContentSizeCategory.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0 }
    }

    /// `NAME@3x.png` → the default size at @3x; `NAME.AX3@3x.png` → AX3 at @3x; anything else → nil.
    static func variant(of name: String, design: String) -> Variant? {
        let stem = String(design.dropLast(4))   // without ".png"
        guard let at = stem.range(of: "@", options: .backwards) else { return nil }
        let suffix = stem[at.upperBound...]
        guard suffix.count == 2, suffix.hasSuffix("x"), let scale = Int(suffix.prefix(1)), (1...3).contains(scale) else { return nil }
        let base = stem[..<at.lowerBound]
        if base == name { return Variant(contentSize: nil, scale: scale) }
        guard base.hasPrefix(name + "."), let size = ContentSizeCategory(rawValue: String(base.dropFirst(name.count + 1))) else {
            return nil
        }
        return Variant(contentSize: size, scale: scale)
    }
}
