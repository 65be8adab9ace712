// ghostline-fuzz: feeds arbitrary bytes to the three parsers that read untrusted files — the scene reader
// (then layout and raster), the PNG decoder and the font loader — which must answer with an error, never crash.
//
// Normal build: replays files given as arguments (a corpus, or a crash a fuzzer found):
//   swift run ghostline-fuzz scene|png|font FILE...
// Fuzzing build (libFuzzer, coverage-guided): see scripts/fuzz.sh, which compiles this file with
// `-D FUZZING -sanitize=fuzzer` and sets GHOSTLINE_FUZZ_TARGET to scene, png or font.
import Foundation
import Ghostline
import GhostlineFonts
import GhostlinePNG
import GhostlineRaster
import GhostlineScene

enum FuzzTarget: String { case scene, png, font }

let fonts = FontLibrary()
let scratch: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

/// One input through one parser; errors are the expected outcome, only a crash is a finding.
func exercise(_ target: FuzzTarget, _ bytes: [UInt8]) {
    switch target {
    case .png:
        if let image = try? PNGCodec.decode(bytes, source: "<fuzz>") {
            _ = try? PNGCodec.encode(image)
        }
    case .scene:
        guard let text = String(bytes: bytes, encoding: .utf8) else { return }
        let path = scratch.appendingPathComponent("scene.yaml").path
        guard let scene = try? SceneLoader(fonts: fonts).parse(text, path: path) else { return }
        _ = try? SnapshotRenderer(fonts: fonts).render(scene)
    case .font:
        let path = scratch.appendingPathComponent("font.otf").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        if let font = try? Font(path: path) {
            _ = font.metrics(pointSize: 17)
            _ = GlyphRasterizer.rasterize(font, glyph: font.glyphIndex(for: "g"), pixelsPerEm: 51, subpixelOffset: 0.25)
        }
    }
}

#if FUZZING
/// libFuzzer's entry for programs that keep their own `main` (SwiftPM gives every executable one).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@main
struct Fuzz {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            exercise(FuzzState.target, data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        })
    }
}

enum FuzzState {
    nonisolated(unsafe) static var target =
        FuzzTarget(rawValue: ProcessInfo.processInfo.environment["GHOSTLINE_FUZZ_TARGET"] ?? "") ?? .scene
}

/// libFuzzer's per-input entry, for when its own `main` is linked instead of ours (it depends on the linker).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    exercise(FuzzState.target, data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
@main
struct Replay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let first = arguments.first, let target = FuzzTarget(rawValue: first), arguments.count > 1 else {
            FileHandle.standardError.write(Data("usage: ghostline-fuzz scene|png|font FILE...\n".utf8))
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            exercise(target, [UInt8](data))
        }
        print("replayed \(arguments.count - 1) input(s) through the \(target.rawValue) parser without a crash")
    }
}
#endif
