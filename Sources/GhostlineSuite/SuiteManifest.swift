import Foundation
import GhostlineGeometry
import GhostlineLayout
import GhostlineScene

/// A suite manifest (`ghostline.yaml`) as written: which scenes are checked against which design exports or
/// recorded references, and with which options. Paths are kept as written (relative to the manifest, globs and
/// `{placeholders}` unexpanded); `SuitePlan` in the Ghostline module turns them into the checks to run.
///
/// It lives beside the scene parser because both are YAML read through the same cursor, so a manifest error
/// reads exactly like a scene error: `FILE:LINE:COLUMN: KEY.PATH: problem; fix`.
public struct SuiteManifest: Sendable {
    /// The manifest file; relative paths inside it are relative to its directory.
    public var path: String
    /// The suite's name (the JUnit `testsuite` name and the index page's title); nil = the manifest's directory.
    public var name: String?
    /// Options every entry starts from; an entry's own value of a key replaces the default's.
    public var defaults: SuiteCheckOptions
    /// The entries, in the manifest's order.
    public var entries: [SuiteManifestEntry]
    /// `fontDirectories:`: fonts every scene of the suite sees (absolute, with their places).
    public var fontDirectories: [FontDirectory] = []
    /// `systemFonts:`; false pins the suite to `fontDirectories` (and each scene's own `fonts:`); nil keeps the
    /// caller's choice.
    public var systemFonts: Bool?
    /// `cache:`: the folder the suite keeps its results in between runs (absolute); nil = the user's cache folder.
    public var cache: String?

    /// A manifest built in Swift (or parsed: `SuiteManifest.load(path:)`).
    public init(path: String, name: String? = nil, defaults: SuiteCheckOptions = SuiteCheckOptions(),
                entries: [SuiteManifestEntry]) {
        self.path = path; self.name = name; self.defaults = defaults; self.entries = entries
    }
}

/// One entry of a manifest: a scene (or a glob of scenes) and what its renders are compared with.
public struct SuiteManifestEntry: Sendable {
    /// What the render is compared with.
    public enum Target: Sendable, Equatable {
        /// A design export from a design tool; the suite only reads it.
        case design(String)
        /// A snapshot the suite records itself (`--update`); missing, the entry fails with how to record it.
        case reference(String)
    }

    /// A design document and one of its artboards (or top-level frames), checked through the scene `ghostline
    /// import` makes of it, so the suite's scenes follow the design file.
    public struct Document: Sendable, Equatable {
        /// The document (a `.sketch` file, an unzipped Sketch folder or a Figma file JSON), as written.
        public var path: String
        /// The artboard's name, or `PAGE/ARTBOARD` when two pages have one of that name.
        public var artboard: String
        public init(path: String, artboard: String) { self.path = path; self.artboard = artboard }
    }

    /// The entry's name (ids in reports and file names in the HTML); nil = the scene file's name.
    public var name: String?
    /// Set for an entry that names a document and an artboard instead of a scene; `scene` then holds the document.
    public var document: Document?
    /// A scene path or a glob (`scenes/settings-*.yaml`).
    public var scene: String
    /// A path that may hold `{name}`, `{model}`, `{contentSize}`, `{colorScheme}`, `{device}` and `{scale}`.
    public var target: Target
    /// Where `--update` writes the render of a design entry (same placeholders); nil = nowhere.
    public var render: String?
    /// The entry's own options (unset keys come from the manifest's defaults).
    public var options: SuiteCheckOptions
    /// The entry's place (`entries[3]`), for errors found when it is expanded.
    public var mark: SourceMark
    /// Each of its keys' places (`scene`, `design`, …).
    public var marks: [String: SourceMark]

    /// An entry built in Swift; without marks, errors name no line.
    public init(name: String? = nil, scene: String, target: Target, render: String? = nil,
                options: SuiteCheckOptions = SuiteCheckOptions(), mark: SourceMark = SourceMark(keyPath: ""),
                marks: [String: SourceMark] = [:]) {
        self.name = name; self.scene = scene; self.target = target; self.render = render; self.options = options
        self.mark = mark; self.marks = marks
    }

    /// True when `scene` is a glob rather than one file.
    public var sceneIsGlob: Bool { SuiteManifest.isGlob(scene) }
}

/// The options of a check that a manifest can set, per entry or as defaults. nil = not set here.
public struct SuiteCheckOptions: Sendable, Equatable {
    /// One check per model listed (`model: [uikit, css]` checks both against the same design).
    public var models: [LayoutModel]?
    /// Pixels per point; nil = the design's `@Nx` suffix, else the scene's.
    public var scale: Scale?
    /// One check per content size category listed; each needs its own design export.
    public var contentSizes: [ContentSizeCategory]?
    /// One check per colour scheme listed (`colorScheme: [light, dark]`); each needs its own design export.
    public var colorSchemes: [ColorScheme]?
    /// One check per device listed (`device: [iPhone SE (3rd generation), iPhone 16 Pro Max]`), each at the device's
    /// width and scale, as Apple names it; each needs its own design export.
    public var devices: [String]?
    /// Per-pixel YIQ threshold, 0…1 (`--threshold`).
    public var threshold: Double?
    /// The share of pixels that may differ, 0…1 (`--tolerance`).
    public var tolerance: Double?
    /// How many pixels may differ (`maxDiffPixels:`, an absolute count as Playwright and reg-cli offer). With
    /// `tolerance` both apply; without one it replaces the default ratio, since a count that could only ever be
    /// stricter than 1% would not be the allowance its writer meant.
    public var maxDiffPixels: Int?
    /// The largest baseline offset that passes, in points (`--baseline-tolerance`).
    public var baselineTolerance: Double?
    /// The smallest CIEDE2000 difference a faint area must show to fail (`--min-color-difference`).
    public var minColorDifference: Double?
    /// Count anti-aliasing differences (`--include-aa`).
    public var includeAA: Bool?
    /// Areas in points left out of every statistic, after the scene's own `ignore:` boxes.
    public var ignore: [Rect]?
    /// Labels whose frames are left out too, by id (`ignore: [clock]`): a clock or a user name masked by what it is,
    /// wherever the layout puts it. Written under the same `ignore:` key as the boxes, so the two are one option:
    /// an entry's `ignore:` replaces both of the defaults'.
    public var ignoreLabels: [String]?

    /// No option set.
    public init() {}

    /// These options with every unset key taken from `defaults`.
    public func over(_ defaults: SuiteCheckOptions) -> SuiteCheckOptions {
        var merged = self
        merged.models = models ?? defaults.models
        merged.scale = scale ?? defaults.scale
        merged.contentSizes = contentSizes ?? defaults.contentSizes
        merged.colorSchemes = colorSchemes ?? defaults.colorSchemes
        merged.devices = devices ?? defaults.devices
        merged.threshold = threshold ?? defaults.threshold
        merged.tolerance = tolerance ?? defaults.tolerance
        merged.maxDiffPixels = maxDiffPixels ?? defaults.maxDiffPixels
        merged.baselineTolerance = baselineTolerance ?? defaults.baselineTolerance
        merged.minColorDifference = minColorDifference ?? defaults.minColorDifference
        merged.includeAA = includeAA ?? defaults.includeAA
        if ignore == nil && ignoreLabels == nil {
            merged.ignore = defaults.ignore
            merged.ignoreLabels = defaults.ignoreLabels
        }
        return merged
    }
}

extension SuiteManifest {
    /// The placeholders a design, reference or render path may hold.
    public static let placeholders = ["name", "model", "contentSize", "colorScheme", "device", "scale"]

    /// True when a path has glob characters (`*`, `?`, `[`).
    public static func isGlob(_ path: String) -> Bool { path.contains { "*?[".contains($0) } }

    /// The `{placeholder}` names a path template uses, in order of appearance (an unclosed `{` is text).
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The template with each `{placeholder}` replaced by its value.
    public static func expand(_ template: String, _ values: [String: String]) -> String {
        var out = template
        for (name, value) in values { out = out.replacingOccurrences(of: "{\(name)}", with: value) }
        return out
    }
}
