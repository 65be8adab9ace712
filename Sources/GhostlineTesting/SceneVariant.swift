import Foundation
import Ghostline

/// The settings a check draws its scene in besides the scene's own: the assertions' `colorScheme:`, `device:`,
/// `contentSize:` and `model:` arguments, which a suite manifest calls variants. Each one given replaces the
/// scene's (and the `overrides:` argument's) setting, and names the check's snapshots and artifacts, so the light
/// and dark checks of one test never share a file.
public struct SceneVariant: Sendable {
    /// The colour scheme (`canvas.colorScheme`): `.light` or `.dark`.
    public var colorScheme: ColorScheme?
    /// An Apple device by name (`"iPhone 16 Pro"`): its width and scale replace the canvas's.
    public var device: String?
    /// The Dynamic Type size (`canvas.contentSize`).
    public var contentSize: ContentSizeCategory?
    /// The layout model: `.uikit` or `.css`.
    public var model: LayoutModel?

    /// A variant; by default the scene's own settings.
    public init(colorScheme: ColorScheme? = nil, device: String? = nil, contentSize: ContentSizeCategory? = nil,
                model: LayoutModel? = nil) {
        self.colorScheme = colorScheme; self.device = device; self.contentSize = contentSize; self.model = model
    }

    /// The overrides with this variant's settings put over them.
    public func applied(to overrides: SceneOverrides) -> SceneOverrides {
        var merged = overrides
        if let colorScheme { merged.colorScheme = colorScheme }
        if let device { merged.device = device }
        if let contentSize { merged.contentSize = contentSize }
        if let model { merged.model = model }
        return merged
    }

    /// What the names of snapshots and artifacts carry: the scheme, the device as Apple spells it, the size and the
    /// model, in that order, each only when set.
    public var nameComponents: [String] {
        var parts: [String] = []
        if let colorScheme { parts.append(colorScheme.rawValue) }
        if let device { parts.append(Devices.screen(named: device)?.name ?? device) }
        if let contentSize { parts.append(contentSize.rawValue) }
        if let model { parts.append(model.name) }
        return parts
    }
}
