import Foundation
import Ghostline
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlinePNG
import GhostlineScene
import GhostlineTesting
import SnapshotTesting

/// A render as swift-snapshot-testing stores it (a PNG) and as Ghostline's differ explains it: the scale and
/// the labels' lines, so a failure says which baseline moved, in points.
public struct GhostlineRender: Sendable {
    /// The pixels: the render, or the reference PNG read back (empty when either could not be made or read).
    public var image: RGBAImage
    /// Pixels per point, so that the failure message gives offsets in points; a reference read back from disk is @1x,
    /// and the comparison uses the new render's scale.
    public var scale: Scale
    /// Where the render's labels are (empty for a reference read back from disk).
    public var labels: [LabelLines]
    /// The colour the render was drawn on: pixels of this colour in both images are left out of the statistics.
    public var background: Color
    /// Why there is no render (the scene could not be resolved); the diff reports it.
    public var failure: String?
    /// What a failing `assertSnapshot(of:as: .ghostline)` needs to check the scene again against the reference
    /// and write its artifacts: the scene, how it was drawn and the session. Nil for images and read-back references.
    var source: Source?

    /// How a render was made, kept for the failure's full check.
    struct Source: Sendable {
        var description: SceneDescription
        var overrides: SceneOverrides
        var options: ReviewOptions
        var session: GhostlineSession
        var variant: SceneVariant
    }

    /// Wraps an image; without labels the diff compares pixels only.
    public init(image: RGBAImage, scale: Scale, labels: [LabelLines] = [], background: Color = .white, failure: String? = nil) {
        self.image = image; self.scale = scale; self.labels = labels; self.background = background; self.failure = failure
    }
}

extension Diffing where Value == RGBAImage {
    /// Ghostline's pixel diff on images (YIQ distance, anti-aliasing tolerated, statistics over non-background
    /// pixels): pull it back onto your own values with `Snapshotting.pullback`.
    public static func ghostline(options: ReviewOptions = ReviewOptions(), scale: Scale = .x1) -> Diffing<RGBAImage> {
        Diffing<GhostlineRender>.ghostline(options: options).pullback(
            to: { GhostlineRender(image: $0, scale: scale) }, from: \.image)
    }
}

extension Diffing where Value == GhostlineRender {
    /// PNG on disk; compared with `DesignReview` (the reference as the design), so the message is the one-screen
    /// summary with every label's baseline offset in points.
    public static func ghostline(options: ReviewOptions = ReviewOptions()) -> Diffing<GhostlineRender> {
        .diff(
            toData: { render in Data((try? PNGCodec.encode(render.image)) ?? []) },
            fromData: { data in
                let image = (try? PNGCodec.decode([UInt8](data), source: "reference snapshot")) ?? RGBAImage(width: 0, height: 0, pixels: [])
                return GhostlineRender(image: image, scale: .x1)
            },
            diffV2: { reference, render in
                if let failure = render.failure ?? reference.failure { return (failure, []) }
                var options = options
                options.makeDiffImage = true
                options.againstReference = true
                let input = DesignReview.Input(render: render.image, design: reference.image, renderPath: "render",
                                               designPath: "snapshot", scale: render.scale,
                                               background: render.background, labels: render.labels)
                do {
                    let comparison = try DesignReview.compare(input, options: options)
                    guard !comparison.passes else { return nil }
                    var attachments: [DiffAttachment] = []
                    if let ghost = try? PNGCodec.encode(try comparison.ghost()) { attachments.append(.data(Data(ghost), name: "ghost.png")) }
                    if let diff = try? PNGCodec.encode(comparison.diff.diffImage) { attachments.append(.data(Data(diff), name: "diff.png")) }
                    return (ReviewSummary.text(comparison), attachments)
                } catch {
                    return ("\(error)", [])
                }
            })
    }

    /// This diffing on another value that converts to and from a render.
    func pullback<NewValue>(to: @escaping (NewValue) -> GhostlineRender, from: @escaping (GhostlineRender) -> NewValue) -> Diffing<NewValue> {
        let base = self
        return .diff(toData: { base.toData(to($0)) }, fromData: { from(base.fromData($0)) },
                     diffV2: { base.diffV2(to($0), to($1)) })
    }
}

extension Snapshotting where Value == SceneDescription, Format == GhostlineRender {
    /// A scene rendered to PNG and diffed with Ghostline's diff; a failure names the labels that moved.
    ///
    /// ```swift
    /// assertSnapshot(of: card, as: .ghostline)
    /// ```
    public static var ghostline: Snapshotting<SceneDescription, GhostlineRender> { .ghostline() }

    /// A scene rendered to PNG and diffed with Ghostline's diff, in a variant (colour scheme, device, Dynamic Type
    /// size, layout model), with the review's options, other scene overrides (scale) and the session (fonts, glyph
    /// cache) to render with. The variant also names the snapshot, so `assertSnapshot(of: card, as:
    /// .ghostline(colorScheme: .dark))` and its light twin keep separate references.
    ///
    /// A scene that cannot be resolved or rendered does not throw: the snapshot records the failure, and the
    /// assertion fails with its message.
    public static func ghostline(colorScheme: ColorScheme? = nil, device: String? = nil, contentSize: ContentSizeCategory? = nil,
                                 model: LayoutModel? = nil, options: ReviewOptions = ReviewOptions(),
                                 overrides: SceneOverrides = SceneOverrides(),
                                 session: GhostlineSession = GhostlineSession()) -> Snapshotting<SceneDescription, GhostlineRender> {
        let variant = SceneVariant(colorScheme: colorScheme, device: device, contentSize: contentSize, model: model)
        let overrides = variant.applied(to: overrides)
        return Snapshotting(pathExtension: "png", diffing: .ghostline(options: options)) { description in
            do {
                let scene = try session.loader.resolve(description, overrides: overrides)
                let (layout, image) = try session.renderer.render(scene)
                var render = GhostlineRender(image: image, scale: scene.canvas.scale, labels: LabelLines.from(layout, palette: scene.palette),
                                             background: scene.palette.color(scene.canvas.background))
                render.source = GhostlineRender.Source(description: description, overrides: overrides, options: options,
                                                       session: session, variant: variant)
                return render
            } catch {
                return GhostlineRender(image: RGBAImage(width: 0, height: 0, pixels: []), scale: .x1,
                                       failure: "the scene could not be rendered: \(error)")
            }
        }
    }
}

extension Snapshotting where Value == SceneDescription, Format == String {
    /// The scene's layout JSON as a text snapshot: every frame, line and baseline, reviewable in a pull request.
    public static var ghostlineLayout: Snapshotting<SceneDescription, String> { .ghostlineLayout() }

    /// The scene's layout JSON as a text snapshot, in a variant, with scene overrides and a session of your choosing.
    /// A scene that cannot be laid out gives a one-line message as the snapshot's text, so the assertion shows it.
    public static func ghostlineLayout(colorScheme: ColorScheme? = nil, device: String? = nil,
                                       contentSize: ContentSizeCategory? = nil, model: LayoutModel? = nil,
                                       overrides: SceneOverrides = SceneOverrides(),
                                       session: GhostlineSession = GhostlineSession()) -> Snapshotting<SceneDescription, String> {
        let overrides = SceneVariant(colorScheme: colorScheme, device: device, contentSize: contentSize, model: model)
            .applied(to: overrides)
        return Snapshotting<String, String>.lines.pullback { description in
            do {
                let scene = try session.loader.resolve(description, overrides: overrides)
                return LayoutJSON.encode(scene.layout(), palette: scene.palette)
            } catch {
                return "the scene could not be laid out: \(error)\n"
            }
        }
    }
}
