import Dispatch
import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlinePNG
import GhostlineReview
import GhostlineSupport

extension DesignCheck {
    /// Runs the check and writes the artifacts at `paths`, all-or-nothing (no path may be one of the check's
    /// inputs, nor one of `inputs`).
    ///
    /// Two PNGs of one size, without a layout or a review page, are compared a block of rows at a time, and the diff
    /// image and the ghost are encoded as the blocks go by, straight into their files: neither input, nor either
    /// output image, ever exists whole. Two 16384 px exports then take a few tens of megabytes instead of 4 GB, and
    /// the encoding runs on every core while the rest of the image is still being read. The numbers are the whole
    /// comparison's, and so are the pixels of both images (`StreamedDesignCheckTests`). Anything else runs `run(for:)`
    /// and then `DesignCheckResult.write`.
    public func run(writing paths: [DesignCheckArtifact: String], inputs: [String] = []) throws(DesignCheckError) -> DesignCheckResult {
        let wanted = Set(paths.keys)
        if case .image(let path, nil) = render, !wanted.isDisjoint(with: [.diff, .ghost]),
           wanted.isSubset(of: [.diff, .ghost, .report]),
           let result = try streamed(renderPath: path, paths: paths, inputs: inputs) {
            return result
        }
        let result = try run(for: wanted)
        try result.write(paths, inputs: inputs)
        return result
    }

    /// The streamed check with its outputs written, or nil when the files cannot be streamed (not two PNGs, sizes
    /// that differ, an interlaced file or one missing its end), which the whole-image path then handles.
    private func streamed(renderPath: String, paths: [DesignCheckArtifact: String],
                          inputs: [String]) throws(DesignCheckError) -> DesignCheckResult? {
        func read(_ path: String, as wrap: (ImageError) -> DesignCheckError) throws(DesignCheckError) -> [UInt8] {
            do { return try ImageReader.checkedBytes(contentsOf: path) } catch { throw wrap(error) }
        }
        let renderBytes = try read(renderPath, as: DesignCheckError.render)
        let designBytes = try read(design, as: DesignCheckError.design)
        guard ImageReader.format(of: renderBytes) == .png, ImageReader.format(of: designBytes) == .png else { return nil }
        // Errors in PNG terms read as the pixels-only streamed review words them (`DesignReview.compareStreaming`).
        let render: PNGRowStream, designStream: PNGRowStream
        var page: Color
        do throws(PNGError) {
            // Over-limit files are refused by their headers, as whole decoding refuses them, before any stream.
            for (bytes, path) in [(renderBytes, renderPath), (designBytes, design)] {
                let header = try PNGCodec.readHeader(bytes, source: path)
                let limit = PNGCodec.maximumSidePixels
                guard header.width <= limit, header.height <= limit else {
                    throw .tooLarge(path: path, width: header.width, height: header.height, limit: limit)
                }
            }
            guard let openedRender = try PNGRowStream.open(renderBytes, source: renderPath),
                  let openedDesign = try PNGRowStream.open(designBytes, source: design),
                  openedRender.width == openedDesign.width, openedRender.height == openedDesign.height else { return nil }
            render = openedRender
            designStream = openedDesign
            // The page colour: the caller's, else the render's top-left pixel (read by a one-row stream of its own).
            if let renderBackground {
                page = renderBackground
            } else {
                guard let probe = try PNGRowStream.open(renderBytes, source: renderPath) else { return nil }
                var row = [UInt8](repeating: 0, count: probe.width * 4)
                var failure: PNGError?
                row.withUnsafeMutableBytes { buffer in
                    do throws(PNGError) { try probe.read(rows: 1, into: buffer.baseAddress!) } catch { failure = error }
                }
                if let failure { throw failure }
                page = Color(red: row[0], green: row[1], blue: row[2])
            }
        } catch {
            throw .review(.badInput(error.description))
        }
        page.alpha = 255
        let width = render.width, height = render.height
        let size = PixelSize(width: width, height: height)
        let scale = overrides.scale ?? DesignReview.scale(fromFileName: design) ?? Scale(1)

        var options = self.options
        options.makeDiffImage = paths[.diff] != nil
        let diffOptions: DiffOptions
        do { diffOptions = try options.diffOptions(background: page, scale: scale, size: size) } catch { throw .review(error) }

        var files = OutputFiles(inputs: inputs + [renderPath, design])
        do {
            let diffImage = try paths[.diff].map { try StreamedPNG(files.open($0), width: width, height: height) }
            let ghost = try paths[.ghost].map { try StreamedPNG(files.open($0), width: width, height: height) }
            // A block is at most `streamedBlockRows` plus the four rows the differ holds back around it.
            let blockCapacity = Self.streamedBlockRows + 4
            let ghostRows = ghost.map { _ in UnsafeMutableRawPointer.allocate(byteCount: blockCapacity * width * 4, alignment: 16) }
            defer { ghostRows?.deallocate() }
            let opacity = options.opacity
            let diff = try PixelDiff.compare(render: PNGRows(render), design: PNGRows(designStream), options: diffOptions,
                                             blockRows: Self.streamedBlockRows) { block in
                precondition(block.rows.count <= blockCapacity, "a block larger than the differ hands out")
                if let ghostRows {
                    // The ghost of the block, half of its rows on each core.
                    let job = GhostJob(block: block, out: ghostRows, background: page, opacity: opacity)
                    DispatchQueue.concurrentPerform(iterations: 2) { job.compose(half: $0) }
                }
                if let diffImage, let rows = block.diff { try diffImage.write(rows, count: block.rows.count) }
                if let ghost, let ghostRows { try ghost.write(UnsafeRawPointer(ghostRows), count: block.rows.count) }
            }
            try diffImage?.finish()
            try ghost?.finish()
            let empty = RGBAImage(width: 0, height: 0, pixels: [])
            var comparison = DesignComparison(renderPath: renderPath, designPath: design, scenePath: nil, layoutPath: nil,
                                              renderSize: size, designSize: size, comparedSize: size, anchoredTopLeft: false,
                                              scale: scale, options: self.options, diff: diff, renderOverlay: nil,
                                              background: page, render: empty, design: empty, labels: [])
            comparison.designColorProfile = ImageReader.streamedColorProfile(of: designBytes)
            if let report = paths[.report] { try files.stage(ReviewReport.encode(comparison), to: report) }
            try files.commit()
            return DesignCheckResult(comparison: comparison, scene: nil, layout: nil, render: empty, renderOverlay: nil,
                                     inputFiles: [renderPath, design], streamed: true)
        } catch let error as StreamedPNG.Failure {
            files.discard()
            throw error.cause
        } catch let error as OutputError {
            files.discard()
            throw .output(error)
        } catch let error as PNGError {
            files.discard()
            throw .review(.badInput(error.description))
        } catch let error as DiffError {
            files.discard()
            throw .review(.badInput(error.description))
        } catch {
            files.discard()
            throw .review(.badInput("\(error)"))
        }
    }

    /// Rows decoded, compared and encoded at a time: enough for several PNG segments of a phone-wide image.
    static let streamedBlockRows = 256
}

/// A PNG being written into a staged output file a block of rows at a time.
private final class StreamedPNG {
    /// Why the writing stopped: the output's own error (a full disk) or the encoder's.
    struct Failure: Error { let cause: DesignCheckError }

    private let output: OutputFiles.StreamedOutput
    private var writer: PNGWriter!
    private var outputError: OutputError?

    init(_ output: OutputFiles.StreamedOutput, width: Int, height: Int) throws {
        self.output = output
        do throws(PNGError) {
            writer = try PNGWriter(width: width, height: height, encoding: .fast, destination: output.path) { [unowned self] bytes throws(PNGError) in
                do throws(OutputError) { try self.output.write(bytes) } catch {
                    self.outputError = error
                    throw .unwritable(path: self.output.path, reason: error.description)
                }
            }
        } catch {
            throw failure(error)
        }
    }

    func write(_ rows: UnsafeRawPointer, count: Int) throws {
        do throws(PNGError) { try writer.write(rows: rows, count: count) } catch { throw failure(error) }
    }

    func finish() throws {
        do throws(PNGError) { try writer.finish() } catch { throw failure(error) }
    }

    private func failure(_ error: PNGError) -> Failure {
        if let outputError { return Failure(cause: .output(outputError)) }
        return Failure(cause: .output(.unwritable(path: output.path, reason: error.description, fix: "report this as a bug")))
    }
}

/// The ghost of one block: each half of its rows is composed by one thread into its own part of `out`.
private struct GhostJob: @unchecked Sendable {
    let block: ComparedRows
    let out: UnsafeMutableRawPointer
    let background: Color
    let opacity: Double

    func compose(half: Int) {
        let rows = block.rows.count, split = rows / 2
        let first = half == 0 ? 0 : split, count = half == 0 ? split : rows - split
        let offset = first * block.width * 4
        GhostImage.composeRows(design: block.design + offset, render: block.render + offset, pixelCount: count * block.width,
                               renderBackground: background, opacity: opacity, into: out + offset)
    }
}
