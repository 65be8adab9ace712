import CPNGBridge
import Foundation
import GhostlineRaster
import Ghostline
import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import GhostlineScene

/// One parser of untrusted input, fed arbitrary bytes. An error is the expected answer; only a crash, a hang or a
/// runaway allocation is a finding.
struct FuzzTarget: Sendable {
    let name: String
    /// What the target reads, for `--help`-style listings.
    let summary: String
    let exercise: @Sendable ([UInt8]) -> Void
    /// A structure-aware mutator, or nil for libFuzzer's byte mutations.
    var mutator: (@Sendable (_ bytes: [UInt8], _ maxSize: Int, _ seed: UInt32, _ mutateBytes: @escaping ([UInt8], Int) -> [UInt8]) -> [UInt8]?)?
}

/// Every target. Adding one is an entry here (and its seeds in scripts/fuzz/fuzz.sh).
let fuzzTargets: [FuzzTarget] = [
    FuzzTarget(name: "scene", summary: "scene YAML, then layout and raster", exercise: exerciseScene),
    FuzzTarget(name: "png", summary: "image files, PNG-aware mutations; also the row stream",
               exercise: exerciseImage(streaming: true), mutator: { bytes, maxSize, seed, mutateBytes in
                   var mutator = PNGMutator(seed: seed, mutateBytes: mutateBytes)
                   return mutator.mutate(bytes, maxSize: maxSize)
               }),
    FuzzTarget(name: "jpeg", summary: "image files, seeded with JPEGs", exercise: exerciseImage(streaming: false)),
    FuzzTarget(name: "webp", summary: "image files, seeded with WebPs", exercise: exerciseImage(streaming: false)),
    FuzzTarget(name: "font", summary: "font files: load every face, metrics, three glyphs", exercise: exerciseFont),
    FuzzTarget(name: "layout-json", summary: "layout JSON, then baseline measurement in a review",
               exercise: exerciseLayoutJSON),
    FuzzTarget(name: "text", summary: "text and a style from the bytes: analysis, fallback, shaping, breaking, placement, raster",
               exercise: exerciseText),
    FuzzTarget(name: "font-names", summary: "the on-disk font name cache: read, validated, looked up, written back",
               exercise: exerciseFontNames),
    FuzzTarget(name: "sketch", summary: "Sketch archives: import, and every scene it writes must load",
               exercise: exerciseImport(file: "document.sketch")),
    FuzzTarget(name: "figma", summary: "Figma file JSON: import, and every scene it writes must load",
               exercise: exerciseImport(file: "figma.json")),
]

/// One session for the fuzzing process: its fonts and glyphs stay warm between inputs, as in a suite.
let session = GhostlineSession()
/// Files the parsers that take a path read from; in memory where the system has a tmpfs.
let scratch: URL = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm")
        : FileManager.default.temporaryDirectory
    let url = base.appendingPathComponent("ghostline-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

func exerciseScene(_ bytes: [UInt8]) {
    guard let text = String(bytes: bytes, encoding: .utf8) else { return }
    let path = scratch.appendingPathComponent("scene.yaml").path
    guard let scene = try? session.loader.parse(text, path: path) else { return }
    _ = try? session.renderer.render(scene)
}

/// The image reader (all three formats: the format comes from the bytes); with `streaming`, also the PNG row
/// stream the pixels-only diff uses.
func exerciseImage(streaming: Bool) -> @Sendable ([UInt8]) -> Void {
    { bytes in
        _ = try? ImageReader.decode(bytes, source: "<fuzz>")
        if streaming { compareFastPathWithLibpng(bytes) }
        guard streaming, let stream = try? PNGRowStream.open(bytes, source: "<fuzz>") else { return }
        let rows = UnsafeMutableRawPointer.allocate(byteCount: stream.width * 4 * 8, alignment: 4)
        defer { rows.deallocate() }
        while stream.rowsRead < stream.height {
            guard (try? stream.read(rows: min(8, stream.height - stream.rowsRead), into: rows)) != nil else { return }
        }
    }
}

/// The fast path for plain RGB and RGBA files (`png_fast.c`) against libpng alone: the same status, and the same
/// pixels when both decode. A difference is a finding.
func compareFastPathWithLibpng(_ bytes: [UInt8]) {
    var header = gl_png_header()
    let read = bytes.withUnsafeBufferPointer { gl_png_read_header($0.baseAddress, $0.count, &header, nil, 0) }
    guard read == GL_PNG_OK, header.width > 0, header.height > 0, Int(header.width) * Int(header.height) <= 1 << 22 else { return }
    let count = Int(header.width) * Int(header.height) * 4
    var fast = [UInt8](repeating: 0, count: count), slow = [UInt8](repeating: 0, count: count)
    func decode(_ body: (UnsafePointer<UInt8>?, Int, UInt32, UInt32, UInt32, UnsafeMutablePointer<UInt8>?, Int,
                         UnsafeMutablePointer<CChar>?, Int) -> Int32, into pixels: inout [UInt8]) -> Int32 {
        bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { body(input.baseAddress, input.count, 16384, header.width, header.height, $0.baseAddress, $0.count, nil, 0) }
        }
    }
    let fastStatus = decode(gl_png_decode_rgba8, into: &fast)
    let slowStatus = decode(gl_png_decode_rgba8_libpng, into: &slow)
    guard fastStatus == slowStatus else { fatalError("the fast path says \(fastStatus), libpng \(slowStatus)") }
    if Int(fastStatus) == GL_PNG_OK || Int(fastStatus) == GL_PNG_MISSING_END, fast != slow {
        fatalError("the fast path and libpng decode different pixels")
    }
}

func exerciseFont(_ bytes: [UInt8]) {
    let path = scratch.appendingPathComponent("font.bin").path
    guard write(bytes, to: path) else { return }
    let faces = min(Font.faceCount(path: path) ?? 1, 4)
    for index in 0..<max(faces, 1) {
        guard let font = try? Font(path: path, faceIndex: index) else { continue }
        _ = font.metrics(pointSize: 17, source: .hhea)
        _ = font.metrics(pointSize: 17, source: .typo)
        // The trak table was parsed when the font opened; ask for a size below, inside and above any table's range.
        for size in [1.0, 17, 4000] { _ = font.tableTracking(atPointSize: size) }
        // An outline glyph, a composite one in DejaVu, and an emoji (a colour bitmap in the CBDT seed), small: the
        // parsing is what is fuzzed, not the rasterizer's speed.
        for scalar in ["g", "\u{00C5}", "\u{1F600}"].flatMap(\.unicodeScalars) {
            _ = GlyphRasterizer.rasterize(font, glyph: font.glyphIndex(for: scalar), pixelsPerEm: 17, subpixelOffset: 0.25)
        }
    }
}

/// The layout JSON reader, then what `ghostline diff --layout` does with its labels: measure each line's baseline
/// in two small images (so absurd frames and baselines reach the pixel arithmetic).
func exerciseLayoutJSON(_ bytes: [UInt8]) {
    let path = scratch.appendingPathComponent("layout.json").path
    guard write(bytes, to: path), let labels = try? LabelLines.read(layoutJSON: path) else { return }
    var image = RGBAImage(width: 48, height: 32, fill: .white)
    for x in 4..<40 { for y in 10..<18 { image[x, y] = .black } }
    // Against itself (every region the same in both, so measured once) and against the block one row lower and
    // narrower (regions over it measured in both images).
    var moved = RGBAImage(width: 48, height: 32, fill: .white)
    for x in 4..<36 { for y in 11..<19 { moved[x, y] = .black } }
    for design in [image, moved] {
        let input = DesignReview.Input(render: image, design: design, renderPath: "<fuzz>", designPath: "<fuzz>", scale: .x1,
                                       background: .white, renderOverlay: nil, labels: labels, scenePath: nil)
        _ = try? DesignReview.compare(input, options: ReviewOptions())
    }
}

/// The font name cache file every process reads (`FontNameCache`): parsed, its stamps checked, an answer looked up,
/// and a file that parses written out again, which must read back as the same records.
func exerciseFontNames(_ bytes: [UInt8]) {
    let path = scratch.appendingPathComponent("font-names").path
    guard write(bytes, to: path) else { return }
    let cache = FontNameCache(location: path, context: "fuzz", watchedPaths: { ["/"] })
    _ = cache.answer(for: .init(name: "Inter", weight: .regular, italic: false))
    guard let text = String(bytes: bytes, encoding: .utf8), let parsed = FontNameCache.parse(text) else { return }
    let again = FontNameCache.format(context: parsed.context, stamps: parsed.stamps, answers: parsed.answers)
    guard let reread = FontNameCache.parse(again), reread.context == parsed.context, reread.answers == parsed.answers,
          reread.stamps.map(\.path) == parsed.stamps.map(\.path), reread.stamps.map(\.stamp) == parsed.stamps.map(\.stamp)
    else { fatalError("a font name cache file does not read back as written") }
}

/// Replaces the file at `path` with `bytes` (plain POSIX calls: Foundation's atomic file writing was a third of
/// the font target's time).
func write(_ bytes: [UInt8], to path: String) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
    return written == bytes.count
}

/// The label pipeline on arbitrary text: the first eight bytes choose the style (font, size, letter spacing, line
/// height, model, wrapping keys, width, scale, line count, truncation, alignment, direction), the rest is the text,
/// decoded as UTF-8 with replacement (so every byte sequence reaches the pipeline). Values stay inside the ranges a
/// scene file may give: what is fuzzed is the text handling, not the parser's range checks.
func exerciseText(_ bytes: [UInt8]) {
    guard bytes.count > 8 else { return }
    let b = Array(bytes.prefix(8))
    let text = String(decoding: bytes.dropFirst(8).prefix(1000), as: UTF8.self)
    let model = LayoutModel.allCases[Int(b[4] & 1) % LayoutModel.allCases.count]
    var style = StyleDescription(font: ["Inter", "DejaVu Sans", "Noto Sans"][Int(b[0]) % 3], size: 2 + Double(b[1] % 96))
    style.character.letterSpacing = Double(Int8(bitPattern: b[2])) / 16
    if b[3] & 1 == 1 { style.paragraph.lineHeight = 1 + Double(b[3] >> 1) }
    style.paragraph.lineHeightStrategy = LineHeightStrategy.allCases[Int(b[3] >> 5) % LineHeightStrategy.allCases.count]
    // Only the settings the model accepts: a refused one would end the input at the resolver.
    if model.refusal(of: "whiteSpace") == nil {
        style.paragraph.whiteSpace = WhiteSpace.allCases[Int(b[5]) % WhiteSpace.allCases.count]
        style.paragraph.overflowWrap = OverflowWrap.allCases[Int(b[5] >> 3) % OverflowWrap.allCases.count]
        style.paragraph.wordBreak = WordBreak.allCases[Int(b[5] >> 5) % WordBreak.allCases.count]
    }
    if model.refusal(of: "hyphens") == nil {
        style.paragraph.hyphens = b[7] & 0x80 == 0 ? nil : .auto
    } else if b[7] & 0x80 != 0 {
        style.paragraph.hyphenationFactor = 1
    }
    style.character.language = ["en", "de", "ar", "ja", "th", "hi"][Int(b[4] >> 4) % 6]
    let modes = LineBreakMode.allCases, alignments = TextAlignment.allCases
    let directions: [WritingDirection?] = [nil, .leftToRight, .rightToLeft]
    let description = SceneDescription(width: 1 + Double(b[6]) * 2, scale: 1 + Int(b[4] >> 1) % 3, model: model) {
        VStack {
            Label(text, id: "t", style: style, numberOfLines: Int(b[7] % 5),
                  alignment: alignments[Int(b[7] >> 3) % alignments.count], lineBreakMode: modes[Int(b[5] >> 2) % modes.count],
                  baseWritingDirection: directions[Int(b[2]) % 3])
        }
    }
    guard let scene = try? session.loader.resolve(description) else { return }
    // Layout for every input; pixels for one in eight (rasterizing is most of the time, and it is the label
    // pipeline that is fuzzed here: the raster has its own inputs in every other target's scenes).
    if b[6] & 7 == 0 {
        _ = try? session.renderer.render(scene)
    } else {
        _ = scene.layout()
    }
}

/// `ghostline import` on arbitrary bytes saved as `file`: an error is the expected answer; a scene the import writes
/// that the scene parser refuses is a finding, since a user's next command would fail on it.
func exerciseImport(file: String) -> @Sendable ([UInt8]) -> Void {
    { bytes in
        let directory = scratch.appendingPathComponent("import")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(file).path
        guard write(bytes, to: path), let (files, _) = try? session.importDesign(path: path) else { return }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = write(Array(file.contents.utf8), to: url.path)
        }
        for file in files where file.path.hasSuffix(".yaml") && file.path != "styles.yaml" {
            do { _ = try session.loader.describe(text: file.contents, path: directory.appendingPathComponent(file.path).path) } catch {
                fatalError("import wrote \(file.path), which does not load: \(error)")
            }
        }
    }
}
