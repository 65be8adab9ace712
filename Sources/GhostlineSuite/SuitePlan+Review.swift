import Foundation
import GhostlinePNG
import GhostlineRender
import GhostlineReview
import GhostlineScene

extension SuitePlan {
    /// This plan with only the cases named (and its fonts): what the review app runs again when one entry is
    /// approved or a file it reads changes.
    public func only(_ ids: Set<String>) -> SuitePlan {
        var copy = self
        copy.cases = cases.filter { ids.contains($0.id) }
        return copy
    }

    /// The render of one case, as the PNG bytes its check would write (`render:`), and the target file's bytes:
    /// what a review decision's hashes are taken from.
    public func images(of c: SuiteCase, renderer: SnapshotRenderer = SnapshotRenderer()) throws -> (render: [UInt8], target: [UInt8]) {
        var overrides = SceneOverrides(scale: c.scale, model: c.model, contentSize: c.contentSize, colorScheme: c.colorScheme)
        overrides.device = c.device
        if overrides.scale == nil { overrides.scale = DesignReview.scale(fromFileName: c.target.path) }
        var runner = SuiteRunner(plan: self)
        runner.renderer = renderer
        let pinned = runner.pinnedRenderer
        let scene = try pinned.loadScene(path: c.scene, overrides: overrides)
        let (_, image) = try pinned.render(scene)
        guard let target = FileManager.default.contents(atPath: c.target.path) else {
            throw SuiteError.usage("\(c.target.path): cannot be read; check the entry's path")
        }
        return (try PNGCodec.encode(image), Array(target))
    }
}
