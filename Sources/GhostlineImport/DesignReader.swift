import Foundation
import GhostlineSupport
import ZIPFoundation

/// Reads a design document from a path: a `.sketch` archive, an unzipped Sketch folder (with `document.json`), or a
/// Figma REST file response (`GET /v1/files/:key`, saved as JSON). The format is told by content, not by name: a
/// zip is a Sketch archive, a folder with `document.json` an unzipped one, JSON with `document` and
/// `schemaVersion` a Figma file.
public struct DesignReader: Sendable {
    public var limits: DesignImportLimits
    public init(limits: DesignImportLimits = DesignImportLimits()) { self.limits = limits }

    public func read(_ path: String) throws(DesignImportError) -> DesignDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DesignImportError(file: path, problem: "no such file or folder", fix: "give a .sketch file, an unzipped Sketch folder or a Figma file JSON")
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if isDirectory.boolValue {
            var reader = SketchReader(file: path, name: name, source: FolderSource(root: path, limits: limits), limits: limits)
            return try reader.read()
        }
        let head = try prefix(path, count: 4)
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            var reader = SketchReader(file: path, name: name, source: try ZipSource(file: path, limits: limits), limits: limits)
            return try reader.read()
        }
        let json = try Self.parse(try readFile(path), file: path, place: "")
        guard json["document"] != nil else {
            throw DesignImportError(file: path, problem: "not a Figma file response (it has no `document`)",
                                    fix: "save the whole response of GET /v1/files/:key, or give a .sketch file")
        }
        var reader = FigmaReader(file: path, json: json, limits: limits)
        return try reader.read()
    }

    /// The document's own picture of its current page (`previews/preview.png`, which Sketch writes at 1× up to 2048 px
    /// a side): what a render of an imported artboard can be compared with. nil for a Figma file or a document
    /// without one.
    public func preview(_ path: String) throws(DesignImportError) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { return try FolderSource(root: path, limits: limits).bytes("previews/preview.png") }
        guard try prefix(path, count: 2) == [0x50, 0x4B] else { return nil }
        return try ZipSource(file: path, limits: limits).bytes("previews/preview.png")
    }

    func prefix(_ path: String, count: Int) throws(DesignImportError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DesignImportError(file: path, problem: "cannot be read", fix: "check the file's permissions")
        }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: count)) ?? Data())
    }

    func readFile(_ path: String) throws(DesignImportError) -> [UInt8] {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= limits.maximumJSONBytes else {
            throw DesignImportError(file: path, problem: "the JSON is \(size >> 20) MB, more than the \(limits.maximumJSONBytes >> 20) MB an import reads",
                                    fix: "export the pages you need (GET /v1/files/:key?ids=…) or split the document")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DesignImportError(file: path, problem: "cannot be read", fix: "check the file's permissions")
        }
        return Array(data)
    }

    /// JSON text parsed, or one line naming the place and the position in it.
    static func parse(_ bytes: [UInt8], file: String, place: String) throws(DesignImportError) -> JSONValue {
        do {
            return try JSONValue(parsing: bytes)
        } catch {
            throw DesignImportError(file: file, place: place.isEmpty ? "\(error.line):\(error.column)" : "\(place):\(error.line):\(error.column)",
                                    problem: "not valid JSON: \(error.problem)", fix: "give the file as the design tool saved it")
        }
    }
}

/// Where a Sketch document's JSON files come from: entries of a zip, or files of a folder.
protocol SketchSource {
    /// The entry's bytes, or nil when there is no such entry.
    func bytes(_ entry: String) throws(DesignImportError) -> [UInt8]?
}

/// A `.sketch` archive, read in memory: only the entries asked for by name are inflated, each stopped at the byte
/// limit whatever its header claims (a zip bomb declares a small size), and nothing is ever written to disk, so an
/// entry named `../../x` has nowhere to go.
final class ZipSource: SketchSource {
    let file: String
    let archive: Archive
    let limits: DesignImportLimits
    var total = 0

    init(file: String, limits: DesignImportLimits) throws(DesignImportError) {
        self.file = file; self.limits = limits
        do {
            archive = try Archive(url: URL(fileURLWithPath: file), accessMode: .read)
        } catch {
            throw DesignImportError(file: file, problem: "not a readable zip archive", fix: "give the .sketch file as Sketch saved it")
        }
    }

    func bytes(_ entry: String) throws(DesignImportError) -> [UInt8]? {
        guard let item = archive[entry], item.type == .file else { return nil }
        var data: [UInt8] = []
        let limit = limits.maximumJSONBytes, file = file
        var overLimit = false
        do {
            _ = try archive.extract(item, bufferSize: 64 << 10, skipCRC32: false) { chunk in
                data.append(contentsOf: chunk)
                if data.count > limit { overLimit = true; throw CocoaError(.fileReadTooLarge) }
            }
        } catch {
            if overLimit {
                throw DesignImportError(file: file, place: entry, problem: "the entry inflates to more than \(limit >> 20) MB",
                                        fix: "this is not a document Sketch wrote; re-save it from Sketch")
            }
            throw DesignImportError(file: file, place: entry, problem: "the entry cannot be inflated (\(error))",
                                    fix: "the archive is damaged; re-save it from Sketch")
        }
        total += data.count
        guard total <= limits.maximumTotalBytes else {
            throw DesignImportError(file: file, place: entry, problem: "the archive's JSON inflates to more than \(limits.maximumTotalBytes >> 20) MB",
                                    fix: "split the document into smaller files")
        }
        return data
    }
}

/// An unzipped Sketch document: a folder with `document.json`, `meta.json` and `pages/`. Entry names are checked
/// before any file is opened, so a reference such as `../../etc/passwd` never leaves the folder.
struct FolderSource: SketchSource {
    let root: String
    let limits: DesignImportLimits

    func bytes(_ entry: String) throws(DesignImportError) -> [UInt8]? {
        guard SketchReader.isSafeEntry(entry) else { return nil }
        let path = URL(fileURLWithPath: root).appendingPathComponent(entry).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let base = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(base + "/") else {
            throw DesignImportError(file: root, place: entry, problem: "the entry links outside the document's folder",
                                    fix: "replace the link with the file itself")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= limits.maximumJSONBytes else {
            throw DesignImportError(file: root, place: entry, problem: "the entry is \(size >> 20) MB, more than the \(limits.maximumJSONBytes >> 20) MB an import reads",
                                    fix: "split the document into smaller files")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DesignImportError(file: root, place: entry, problem: "cannot be read", fix: "check the file's permissions")
        }
        return Array(data)
    }
}
