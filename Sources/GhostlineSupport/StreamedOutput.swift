import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputFiles {
    /// An output being written a piece at a time (see `open`). Small writes are gathered into 1 MiB ones; large ones
    /// go straight to the file.
    public final class StreamedOutput {
        /// The path as the caller named it (`-` for standard output).
        public let path: String
        var descriptor: Int32
        var buffer: [UInt8] = []
        /// For a device or FIFO, its index among the outputs written into at commit.
        var special: Int?

        init(path: String, descriptor: Int32) {
            self.path = path; self.descriptor = descriptor
            buffer.reserveCapacity(descriptor >= 0 ? 1 << 20 : 0)
        }

        deinit { if descriptor >= 0 { _ = posixClose(descriptor) } }

        /// Appends `bytes`; a failure (a full disk) names the output.
        public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
            if descriptor >= 0 && buffer.count + bytes.count > 1 << 20 { try flush() }
            if descriptor >= 0 && bytes.count >= 1 << 16 {
                try flush()
                try writeAll(bytes)
            } else {
                buffer.append(contentsOf: bytes)
            }
        }

        func flush() throws(OutputError) {
            guard descriptor >= 0, !buffer.isEmpty else { return }
            var failure: OutputError?
            buffer.withUnsafeBytes { bytes in
                do throws(OutputError) { try writeAll(bytes) } catch { failure = error }
            }
            if let failure { throw failure }
            buffer.removeAll(keepingCapacity: true)
        }

        /// Flushes and closes the file; a standard output keeps its bytes for `commit`.
        func close() throws(OutputError) {
            guard descriptor >= 0 else { return }
            try flush()
            let status = posixClose(descriptor)
            descriptor = -1
            if status != 0 {
                throw .unwritable(path: path, reason: String(cString: strerror(errno)),
                                  fix: "check that the disk has room")
            }
        }

        private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
            if let reason = writeFully(descriptor, bytes) {
                throw .unwritable(path: path, reason: reason, fix: "check that the directory is writable and the disk has room")
            }
        }
    }

}

// The C library's calls under names that StreamedOutput's own methods (`write`, `close`) do not hide.
func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
func posixClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }

/// Writes all of `bytes` to `descriptor`, again after a signal interrupts it (a short write is continued); nil when
/// done, else the C library's reason. The one write loop behind `OutputFiles`, `StreamedOutput` and `ScratchFile`.
func writeFully(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
    var offset = 0
    while offset < bytes.count {
        let written = posixWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return String(cString: strerror(errno)) }
        offset += written
    }
    return nil
}

