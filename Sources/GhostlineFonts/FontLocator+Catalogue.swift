import CFontconfig
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FontLocator {
    /// A digest of what this locator could choose from: the path of every file in every font directory it scans, and
    /// the path, size and modification time of every fontconfig configuration file it read. A suite cache puts it in
    /// every check's key, because a font installed or removed anywhere the locator looks can change which face a
    /// name or a fallback resolves to, even for a check that never used it. The fonts' bytes are not in it: a check
    /// keys the files it used by their content, so a font file replaced by another version re-checks exactly the
    /// checks that used it.
    ///
    /// Without system fonts the directories are listed directly, so fontconfig is not started; with them, its
    /// configuration is (once per locator, as any look-up by name does).
    public func catalogueDigest() -> String {
        var directories = fontSet.directories
        var configFiles: [String] = []
        if fontSet.systemFonts {
            withConfig { config -> Bool in
                if let list = FcConfigGetFontDirs(config) {
                    while let path = FcStrListNext(list) { directories.append(String(cString: path)) }
                    FcStrListDone(list)
                }
                if let list = FcConfigGetConfigFiles(config) {
                    while let path = FcStrListNext(list) { configFiles.append(String(cString: path)) }
                    FcStrListDone(list)
                }
                return true
            }
        }
        var files = Set<String>()
        for directory in Set(directories) {
            guard let walker = FileManager.default.enumerator(atPath: directory) else { continue }
            while let relative = walker.nextObject() as? String {
                files.insert(directory + "/" + relative)
            }
        }
        var digest = SHA256()
        digest.update(Array("systemFonts=\(fontSet.systemFonts)\n".utf8))
        for file in files.sorted() { digest.update(Array("font \(file)\n".utf8)) }
        for file in Set(configFiles).sorted() {
            var info = stat()
            let stamp = stat(file, &info) == 0 ? "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "-"
            digest.update(Array("config \(file) \(stamp)\n".utf8))
        }
        return digest.hexDigest()
    }
}
