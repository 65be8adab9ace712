import Foundation
import GhostlineSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `ghostline suite --cache-info` prints: the records, their size and the last run's hit rate.
public struct SuiteCacheInfo: Sendable, Equatable {
    /// The folder.
    public var directory: String
    /// Records in it.
    public var records: Int
    /// Their size in bytes.
    public var bytes: Int
    /// The size bound.
    public var sizeLimit: Int
    /// The last run that used the folder: its checks and how many were reused, when it ended (ISO 8601, UTC).
    public var lastRun: (checks: Int, reused: Int, at: String)?

    public static func == (a: SuiteCacheInfo, b: SuiteCacheInfo) -> Bool {
        a.directory == b.directory && a.records == b.records && a.bytes == b.bytes && a.sizeLimit == b.sizeLimit
            && a.lastRun?.checks == b.lastRun?.checks && a.lastRun?.reused == b.lastRun?.reused && a.lastRun?.at == b.lastRun?.at
    }

    /// A few lines for a terminal.
    public var text: String {
        var lines = ["cache: \(directory)",
                     "records: \(records), \(Self.size(bytes)) of at most \(Self.size(sizeLimit))"]
        if let run = lastRun {
            let rate = run.checks == 0 ? 0 : Double(run.reused) / Double(run.checks) * 100
            lines.append("last run: \(run.reused) of \(run.checks) checks reused (\(JSONValue.format((rate * 10).rounded() / 10))%), at \(run.at)")
        } else {
            lines.append("last run: none recorded")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func size(_ bytes: Int) -> String {
        if bytes < 1 << 20 { return "\(JSONValue.format((Double(bytes) / 1024 * 10).rounded() / 10)) KiB" }
        if bytes < 1 << 30 { return "\(JSONValue.format((Double(bytes) / 1048576 * 10).rounded() / 10)) MiB" }
        return "\(JSONValue.format((Double(bytes) / 1073741824 * 100).rounded() / 100)) GiB"
    }
}

extension SuiteCache {
    /// What the folder holds now, and the last run's figures.
    public func info() -> SuiteCacheInfo {
        let files = recordFiles()
        var last: (Int, Int, String)?
        if Self.isDirectory(records), Self.isRegularFile(lastRunPath), let text = try? SafeFile.contents(of: lastRunPath, limit: 4096), let value = try? JSONValue(parsing: text),
           let checks = value["checks"]?.intValue, let reused = value["reused"]?.intValue, let at = value["at"]?.stringValue {
            last = (checks, reused, at)
        }
        return SuiteCacheInfo(directory: directory, records: files.count, bytes: files.reduce(0) { $0 + $1.size },
                              sizeLimit: sizeLimit, lastRun: last)
    }

    var lastRunPath: String { records + "/last-run.json" }

    /// Notes a run's figures for `--cache-info` (written whole, like a record).
    func noteRun(checks: Int, reused: Int, at date: Date = Date()) {
        guard makeFolder(records) else { return }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let text = JSONValue.object([("checks", .integer(checks)), ("reused", .integer(reused)),
                                     ("at", .string(formatter.string(from: date)))]).serialized() + "\n"
        writeWhole(Array(text.utf8), to: lastRunPath)
    }

    /// Every record file with its size and last use; temporary files left by a process that died count too, so they
    /// are evicted like the rest. Only the cache's own layout is walked: real directories named by two hex digits
    /// under `v1/`, regular files in them. A symbolic link anywhere in it is passed over, so eviction never removes a
    /// file outside the folder.
    func recordFiles() -> [(path: String, size: Int, used: Double)] {
        var found: [(String, Int, Double)] = []
        guard Self.isDirectory(records), let folders = try? FileManager.default.contentsOfDirectory(atPath: records) else { return [] }
        for folder in folders where folder.count == 2 && folder.allSatisfy(\.isHexDigit) {
            let path = records + "/" + folder
            guard Self.isDirectory(path), let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names {
                var info = stat()
                let file = path + "/" + name
                guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                found.append((file, Int(info.st_size), Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9))
            }
        }
        return found
    }

    /// Removes the least recently used records until the folder is within nine tenths of its bound (so the next run
    /// does not evict again at once). Another process may be reading a record this removes: it then reads none, which
    /// costs a check.
    public func evict() {
        let files = recordFiles()
        var total = files.reduce(0) { $0 + $1.size }
        guard total > sizeLimit else { return }
        for file in files.sorted(by: { $0.used < $1.used }) {
            guard total > sizeLimit / 10 * 9 else { break }
            if unlink(file.path) == 0 { total -= file.size }
        }
    }
}
