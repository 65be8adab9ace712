import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlinePNG

/// Hands a PNG stream's rows to the streaming differ (the streamed review and the streamed check both read this way).
package final class PNGRows: PixelRowSource {
    let stream: PNGRowStream
    package init(_ stream: PNGRowStream) { self.stream = stream }
    package var width: Int { stream.width }
    package var height: Int { stream.height }
    package func read(rows count: Int, into buffer: UnsafeMutableRawPointer) throws { try stream.read(rows: count, into: buffer) }
}

extension DesignReview {
    /// A pixels-only review of two PNG files (no layout, ghost, diff image or page), decoded a block of rows at a
    /// time and compared as they arrive: what a CI gate on two phone-sized exports needs, at a fraction of the
    /// memory. Returns nil when streaming cannot give the answer (an interlaced PNG, or sizes that differ, which
    /// the whole-image path reports or anchors); the caller then decodes whole.
    public static func compareStreaming(renderPath: String, designPath: String, scale: Scale, background: Color?,
                                        options: ReviewOptions) throws(ReviewError) -> DesignComparison? {
        // The same checks as every image read (a regular file, the size caps), before a byte is decoded.
        func bytes(_ path: String) throws(ReviewError) -> [UInt8] {
            do { return try ImageReader.checkedBytes(contentsOf: path) } catch { throw .badInput(error.description) }
        }
        let renderBytes = try bytes(renderPath), designBytes = try bytes(designPath)
        // JPEG and WebP exports are decoded whole; only two PNGs stream.
        guard ImageReader.format(of: renderBytes) == .png, ImageReader.format(of: designBytes) == .png else { return nil }
        do {
            // The size limit is checked on the header first, as `PNGCodec.decode` does: libpng's own limit, which the
            // row stream also sets, would stop the stream with "damaged PNG" instead of naming the limit.
            for (bytes, path) in [(renderBytes, renderPath), (designBytes, designPath)] {
                let header = try PNGCodec.readHeader(bytes, source: path)
                let limit = PNGCodec.maximumSidePixels
                guard header.width <= limit, header.height <= limit else {
                    throw PNGError.tooLarge(path: path, width: header.width, height: header.height, limit: limit)
                }
            }
            guard let render = try PNGRowStream.open(renderBytes, source: renderPath),
                  let design = try PNGRowStream.open(designBytes, source: designPath),
                  render.width == design.width, render.height == design.height else { return nil }
            // The default background is the render's top-left pixel, read from a one-row stream of its own.
            var page = background
            if page == nil, let probe = try PNGRowStream.open(renderBytes, source: renderPath) {
                let row = UnsafeMutableRawPointer.allocate(byteCount: probe.width * 4, alignment: 4)
                defer { row.deallocate() }
                try probe.read(rows: 1, into: row)
                let first = row.assumingMemoryBound(to: UInt8.self)
                page = Color(red: first[0], green: first[1], blue: first[2])
            }
            var streamed = options
            streamed.makeDiffImage = false
            let diffOptions = try streamed.diffOptions(background: page, scale: scale,
                                                       size: PixelSize(width: render.width, height: render.height))
            let diff = try PixelDiff.compare(render: PNGRows(render), design: PNGRows(design), options: diffOptions)
            let size = PixelSize(width: render.width, height: render.height)
            let empty = RGBAImage(width: 0, height: 0, pixels: [])
            return DesignComparison(renderPath: renderPath, designPath: designPath, scenePath: nil, layoutPath: nil,
                                    renderSize: size, designSize: size, comparedSize: size, anchoredTopLeft: false,
                                    scale: scale, options: options, diff: diff, renderOverlay: nil, background: page ?? .white,
                                    render: empty, design: empty, labels: [])
        } catch let error as PNGError {
            throw .badInput(error.description)
        } catch let error as DiffError {
            throw .badInput(error.description)
        } catch let error as ReviewError {
            throw error
        } catch {
            throw .badInput("\(error)")
        }
    }
}
