import ArgumentParser
import Foundation
import Ghostline

/// `ghostline suite [MANIFEST|DIR] …` runs a suite, `ghostline suite merge REPORTS…` merges shard reports. The
/// run is the default subcommand, so the contract's spelling needs no `run` (a manifest called `merge` is
/// `./merge`).
struct SuiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suite",
        abstract: "Check a whole app at once: every scene of a manifest (or a scenes/ + designs/ folder) against its design, in one process.",
        usage: """
        ghostline suite [MANIFEST|DIR] [--jobs N] [--shard K/N] [--durations R.json] [--report R.json] [--junit J.xml] [--html DIR] [--update | --update-all] [--cache DIR | --no-cache]
          ghostline suite [MANIFEST|DIR] --cache-info [--cache DIR]
          ghostline suite [MANIFEST|DIR] --prune [--delete]
          ghostline suite merge REPORTS… [--report R.json] [--junit J.xml] [--html DIR]
        """,
        discussion: """
        `ghostline suite [MANIFEST|DIR]` runs a suite: `run` is the default subcommand, so `ghostline suite run` may be \
        written without the word. `ghostline suite run --help` lists a run's options, `ghostline suite merge --help` a \
        merge's.

        Examples:
          ghostline suite
          ghostline suite ghostline.yaml --junit junit.xml --html suite-report
          ghostline suite --shard 1/2 --html out-1 --report out-1/suite.json
          ghostline suite merge out-1/suite.json out-2/suite.json --html merged
        """,
        subcommands: [SuiteRunCommand.self, SuiteMergeCommand.self],
        defaultSubcommand: SuiteRunCommand.self
    )
}

struct SuiteRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a suite: ghostline suite [MANIFEST|DIR] (the word `run` may be left out).",
        discussion: """
        MANIFEST is a ghostline.yaml listing scene → design export (or recorded reference) entries, with options per \
        entry and defaults at the top; a directory without one is read as scenes/NAME.yaml ↔ designs/NAME@3x.png. \
        A check that fails, or cannot run, does not stop the others. Outputs are written all or nothing when the \
        suite ends. On a terminal, a progress bar is drawn on stderr; elsewhere, plain lines.

        A design check that differs passes as ACCEPTED while the latest decision about it in ghostline-review.json \
        (beside the manifest, written by `ghostline review`) accepts this very render and design (their SHA-256 \
        hashes); when either changes, the acceptance lapses and the check fails again.

        A check whose inputs are all byte-identical to an earlier run's is not made again: its result comes from the \
        cache (--cache DIR, else the manifest's `cache:`, else ~/.cache/ghostline/suite), keyed by the SHA-256 of every \
        file it read (scene, includes, fonts, design or reference), its options and variant, the fonts the session can \
        choose from, and this executable. The summary says how many were reused ("196 unchanged, 4 checked"); the \
        report, JUnit file and pages are the same as without the cache, apart from timings. --no-cache checks \
        everything; --update and --update-all always do. --cache-info prints the cache's records, size and last hit rate.

        --prune runs no check: it lists the reference snapshots (and their layout JSON) in the manifest's reference \
        folders that no check uses, and the decisions about checks the manifest no longer has, one line each; \
        --prune --delete removes them.

        Exit status: 0 every check passed (or --prune), 1 some check failed or could not run, 2 bad manifest, \
        decisions file, usage or output.

        On CI, each part runs on its own machine and a job after them merges the reports (the last three examples).

        Examples:
          ghostline suite
          ghostline suite ghostline.yaml --junit junit.xml --html suite-report
          ghostline suite --shard 1/2 --html out-1 --report out-1/suite.json
          ghostline suite --shard 2/2 --html out-2 --report out-2/suite.json
          ghostline suite merge out-1/suite.json out-2/suite.json --html merged
          ghostline suite --prune --delete
          ghostline suite --cache .ghostline-cache --junit junit.xml
        """
    )

    @Argument(help: "The manifest (ghostline.yaml) or the suite's directory (default: the current directory).") var source: String?
    @OptionGroup var caching: SuiteCacheOptions
    @Option(help: "Worker threads (default: the number of cores).") var jobs: Int?
    @Option(help: "Run part K of N (e.g. 2/4) for one CI machine; every check is in exactly one part.") var shard: String?
    @Option(help: "An earlier suite report: --shard balances the parts by its recorded seconds, and long checks start first.") var durations: String?
    @OptionGroup var outputs: SuiteOutputOptions
    @Flag(help: "Record missing or differing references, and the renders of design checks that differ (to their `render:` paths). Passing files are left as they are.")
    var update = false
    @Flag(name: .customLong("update-all"), help: "Like --update, but rewrite every reference and render, passing ones too.") var updateAll = false
    @Flag(help: "Run no check: list the reference snapshots and review decisions no check of the manifest uses, one line each.")
    var prune = false
    @Flag(help: "Used with --prune, removes what it lists (all or nothing; the decisions file is rewritten without them).")
    var delete = false
    @OptionGroup var fonts: FontOptions

    func run() throws {
        if delete && !prune { throw CLIError("--delete: only with --prune; run `ghostline suite --prune` to see what it would remove") }
        if prune { return try runPrune() }
        if let jobs, !(1...256).contains(jobs) { throw CLIError("--jobs \(jobs): use 1 to 256 worker threads") }
        // The flags are checked before the manifest is read: a bad flag is named as itself, whatever the manifest.
        var part: SuiteShard?
        do { if let shard { part = try SuiteShard(parsing: shard) } } catch { throw CLIError(suite: error) }
        let outputPaths = try outputs.paths
        if caching.info {
            let cache = try caching.cache(for: try SuitePlan.load(source))
            print(cache?.info().text ?? "cache: none (no home directory; pass --cache DIR)", terminator: "")
            return
        }
        let session = try fonts.session()
        var runner = session.suite(try SuitePlan.load(source))
        runner.cache = try caching.cache(for: runner.plan)
        if let jobs { runner.jobs = jobs }
        runner.shard = part
        if let durations { runner.costs = try SuiteReport.costs(durations) }
        runner.update = updateAll ? .all : update ? .changed : .none
        runner.outputs = outputPaths
        let bar = ProgressLine(total: runner.cases.count)
        let result: SuiteResult
        do { result = try runner.run(progress: { bar.show($0) }) } catch {
            bar.finish()
            throw CLIError(suite: error)
        }
        bar.finish()
        print(result.summary, terminator: "")
        let jobsUsed = max(1, min(runner.jobs, result.entries.count - (result.reused ?? 0)))
        FileHandle.standardError.write(Data(String(format: "suite: %d checks in %.2f s on %d worker%@\n", result.entries.count,
                                                   result.seconds, jobsUsed, jobsUsed == 1 ? "" : "s").utf8))
        if !result.passes { throw ExitCode(1) }
    }

    /// `--prune [--delete]`: the library finds (and removes); this prints a line per item.
    func runPrune() throws {
        let runs = [("--update", update), ("--update-all", updateAll), ("--shard", shard != nil), ("--durations", durations != nil),
                    ("--jobs", jobs != nil), ("--report", outputs.report != nil), ("--junit", outputs.junit != nil),
                    ("--html", outputs.html != nil)]
        if let (flag, _) = runs.first(where: { $0.1 }) {
            throw CLIError("\(flag): --prune runs no check; run the suite and prune separately")
        }
        let found: SuitePrune
        do throws(SuiteError) {
            found = try SuitePrune.find(try SuitePlan.load(source))
            if delete { try found.delete() }
        } catch { throw CLIError(suite: error) }
        for item in found.items { print(delete ? "removed \(item.line)" : item.line) }
        let count = found.items.count
        let what = count == 0 ? "prune: nothing unused" : delete ? "prune: removed \(count) unused" : "prune: \(count) unused; `--prune --delete` removes \(count == 1 ? "it" : "them")"
        FileHandle.standardError.write(Data((what + "\n").utf8))
    }
}

struct SuiteMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the reports of a suite's shards into one report, JUnit file and index page.",
        discussion: """
        Every shard of one run must be given once (they must cover the plan exactly). A shard's review pages are \
        copied from beside its report when the report was written into its --html directory.

        Exit status: 0 every check passed, 1 some check failed or could not run, 2 bad reports or usage.

        Examples:
          ghostline suite merge out-1/suite.json out-2/suite.json --html merged
          ghostline suite merge out-*/suite.json --report suite.json
        """
    )

    @Argument(help: "The shards' suite reports (--report of each `ghostline suite --shard K/N`).") var reports: [String]
    @OptionGroup var outputs: SuiteOutputOptions

    func run() throws {
        let result = try SuiteMerge.merge(reports, outputs: try outputs.paths)
        print(result.summary, terminator: "")
        if !result.passes { throw ExitCode(1) }
    }
}

/// The outputs of `suite` and `suite merge`.
/// Where a suite keeps its results between runs: `--cache DIR`, else the manifest's `cache:`, else the user's cache
/// folder; `--no-cache` for none.
struct SuiteCacheOptions: ParsableArguments {
    @Option(help: "Keep check results in this folder between runs (default: the manifest's `cache:`, else ~/.cache/ghostline/suite); a CI cache step can save and restore it.")
    var cache: String?
    @Flag(name: .customLong("no-cache"), help: "Check everything, and keep nothing for the next run.") var noCache = false
    @Flag(name: .customLong("cache-info"), help: "Run no check: print the cache's folder, records, size and the last run's hit rate.")
    var info = false
    @Option(name: .customLong("cache-size"), help: "The cache's size bound in MiB (default 2048); the least recently used records go first.")
    var sizeMiB: Int?

    /// The cache for `plan`, or nil with `--no-cache` (or no home directory to keep one in).
    func cache(for plan: SuitePlan) throws -> SuiteCache? {
        if noCache && (cache != nil || info) { throw CLIError("--no-cache: not with --cache or --cache-info; pass one of them") }
        if let sizeMiB, !(1...(1 << 20)).contains(sizeMiB) { throw CLIError("--cache-size \(sizeMiB): use 1 to 1048576 MiB") }
        if let cache, cache.isEmpty { throw CLIError("--cache: name a folder, e.g. --cache .ghostline-cache") }
        guard !noCache, let directory = cache ?? plan.cacheDirectory ?? SuiteCache.defaultDirectory() else { return nil }
        return SuiteCache(directory: directory, sizeLimit: sizeMiB.map { $0 << 20 } ?? SuiteCache.defaultSizeLimit)
    }
}

struct SuiteOutputOptions: ParsableArguments {
    @Option(help: "Write the suite report JSON (schema ghostline-suite/1, each check's ghostline-review/1 inside).") var report: String?
    @Option(help: "Write a JUnit XML file (one testcase per check) for CI dashboards.") var junit: String?
    @Option(help: "Write an HTML directory: index.html (counts, filter, thumbnails, worst first) and each check's review page.") var html: String?

    var paths: SuiteOutputPaths {
        get throws {
            // Standard output carries the summary; an output of hundreds of checks goes to a file.
            for (flag, value) in [("--report", report), ("--junit", junit), ("--html", html)] where value == "-" {
                throw CLIError("\(flag) -: a suite writes its summary to standard output; give the \(flag == "--html" ? "directory" : "file") a name")
            }
            return SuiteOutputPaths(report: report, junit: junit, html: html)
        }
    }
}

/// Progress on stderr: a bar redrawn in place on a terminal (done / total, failures, time left), else a plain
/// line for each failure and one each tenth of the way, which reads well in a CI log.
final class ProgressLine: @unchecked Sendable {
    let total: Int
    let onTerminal = isatty(STDERR_FILENO) == 1
    private var lastDraw: Double = -1
    private var drawn = false
    private var nextTenth = 1

    init(total: Int) { self.total = total }

    /// Called by the suite under its own lock, one check at a time.
    func show(_ p: SuiteProgress) {
        if onTerminal {
            guard p.done == p.total || p.elapsedSeconds - lastDraw >= 0.1 else { return }
            lastDraw = p.elapsedSeconds
            let width = 24, filled = p.total == 0 ? width : width * p.done / p.total
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            let eta = p.done == p.total ? "" : String(format: " · %.0f s left", p.remainingSeconds.rounded(.up))
            write("\r\u{1B}[2K\(bar) \(p.done)/\(p.total) · \(p.failed) failed\(eta)")
            drawn = true
        } else {
            if p.entry.verdict != .pass {
                write("\(p.entry.verdict == .error ? "ERROR" : "FAIL") \(p.entry.id) (\(p.done)/\(p.total))\n")
            }
            if total >= 20, p.done * 10 >= nextTenth * total {
                while p.done * 10 >= nextTenth * total { nextTenth += 1 }
                write("suite: \(p.done)/\(p.total) done, \(p.failed) failed\n")
            }
        }
    }

    func finish() { if drawn { write("\n"); drawn = false } }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

extension CLIError {
    /// A suite error as the CLI says it: a bad setting is named by its flag (`--shard 5/4: …`).
    init(suite error: SuiteError) {
        guard case let .value(name, value, problem) = error else { self.init(error.description); return }
        self.init("--\(name) \(value): \(problem)")
    }
}
