// ghostline-fuzz: feeds arbitrary bytes to the parsers that read untrusted files (see Targets.swift for the list),
// which must answer with an error, never crash, hang or run away with memory.
//
// Normal build: replays files given as arguments (a corpus, or a crash a fuzzer found):
//   swift run ghostline-fuzz TARGET FILE...
// Fuzzing build (libFuzzer, coverage-guided): see scripts/fuzz/fuzz.sh, which compiles this target with
// `-D FUZZING -sanitize=fuzzer,address` and names the target in GHOSTLINE_FUZZ_TARGET.
import Foundation

func fuzzTarget(named name: String) -> FuzzTarget? {
    fuzzTargets.first { $0.name == name }
}

#if FUZZING
/// libFuzzer's entry for programs that keep their own `main` (SwiftPM gives every executable one).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// libFuzzer's own byte mutator, for targets without a structure-aware one and as the structure-aware ones' tool.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

enum FuzzState {
    nonisolated(unsafe) static var target: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["GHOSTLINE_FUZZ_TARGET"] ?? ""
        guard let found = fuzzTarget(named: name) else {
            let names = fuzzTargets.map(\.name).joined(separator: "|")
            FileHandle.standardError.write(Data("ghostline-fuzz: set GHOSTLINE_FUZZ_TARGET to \(names)\n".utf8))
            exit(2)
        }
        return found
    }()
}

@main
struct Fuzz {
    static func main() {
        _ = FuzzState.target   // fail before libFuzzer starts if the target is unknown
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzState.target.exercise(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        })
    }
}

/// libFuzzer's per-input entry, for when its own `main` is linked instead of ours (it depends on the linker).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzState.target.exercise(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// libFuzzer calls this instead of its own mutation when it is defined: the target's structure-aware mutator if
/// it has one, libFuzzer's byte mutations otherwise (and whenever the structure-aware one declines).
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    if let mutator = FuzzState.target.mutator {
        let mutateBytes: ([UInt8], Int) -> [UInt8] = { bytes, limit in
            var buffer = bytes + [UInt8](repeating: 0, count: max(limit - bytes.count, 1))
            let length = buffer.withUnsafeMutableBufferPointer { LLVMFuzzerMutate($0.baseAddress!, bytes.count, $0.count) }
            return Array(buffer.prefix(length))
        }
        if let mutated = mutator(Array(UnsafeBufferPointer(start: data, count: size)), maxSize, seed, mutateBytes),
           !mutated.isEmpty {
            mutated.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: mutated.count) }
            return mutated.count
        }
    }
    return LLVMFuzzerMutate(data, size, maxSize)
}
#else
@main
struct Replay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let first = arguments.first, let target = fuzzTarget(named: first), arguments.count > 1 else {
            let names = fuzzTargets.map(\.name).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: ghostline-fuzz \(names) FILE...\n".utf8))
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            target.exercise([UInt8](data))
        }
        print("replayed \(arguments.count - 1) input(s) through the \(target.name) target without a crash")
    }
}
#endif
