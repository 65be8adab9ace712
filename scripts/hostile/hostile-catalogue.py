#!/usr/bin/env python3
"""The hostile-input catalogue of issue 11, run against a built `ghostline` binary.

The cases are data: scripts/hostile/cases.json lists every input (its command, the files its directory holds, the
exit statuses it allows, the outputs it may write), and this script is the runner that reads them. Inputs the data
cannot spell (binary files made by an encoder, texts of thousands of numbered parts, what depends on this machine)
are made by scripts/hostile/inputs.py, which cases.json names with `{"generated": …}`. Every input is made in a
temporary directory when the script starts (large files are generated or sparse, never committed). Each input is run
through the binary in a directory of its own, with a wall-clock limit and its peak memory read from the kernel (wait4's
ru_maxrss), and checked:

  - the exit status is one the input allows (0, 1 for a review that differs, 2 for bad input), never a signal;
  - on exit 2, stderr is exactly one line, "ghostline: …", naming the offending file (or flag);
    on success, every stderr line is a "ghostline: warning: …" line (or a review summary sent there on purpose);
  - on failure, the directory is exactly as it was: no output, no temporary file, every pre-existing file
    byte-identical. Every input that names output files is run a second time with those outputs already present
    (different bytes), to check that a failed run leaves them untouched;
  - on success, only the declared outputs are new or changed, and no temporary file is left;
  - it took under 10 s and under 1.5 GB (1.5e9 bytes) of resident memory (issue 11's targets for inputs within
    the documented limits).

A determinism check renders the demo card and Fixtures/scenes/world-text.yaml twice in turn and eight times at
once, and requires byte-identical PNGs.

An input whose failure is known and owned elsewhere carries `"known": "…"`: it still runs, its failures print as
KNOWN lines and do not fail the run, and it fails the run once it passes (drop the mark then), as Swift Testing's
withKnownIssue does.

At its end it runs scripts/hostile/hostile-review.py, the review app's hostile requests against a real server
(issue 32), with the same binary (not with --only, nor with --no-review).

Usage: scripts/hostile/hostile-catalogue.py --binary .build/release/ghostline [--jobs 2] [--only TEXT] [--list]
       [--keep] [--cases FILE]
Prints one line per failure, a table of the worst time and memory per group, and a final count; exits 1 on any
failure (the review app's included), 2 on a problem of its own (no binary, no Pillow).
"""
import argparse
import concurrent.futures
import hashlib
import io
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from dataclasses import dataclass, field

import inputs
from hostile_common import describe_change, snapshot

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CASES = os.path.join(HERE, "cases.json")
TIME_LIMIT = 10.0            # seconds, issue 11's target
RSS_LIMIT = 1.5e9            # bytes, issue 11's target
HARD_WALL = 20.0             # seconds: past this a run is killed (a hang; twice the target, so it has failed anyway)
HARD_ADDRESS_SPACE = 8 << 30  # a runaway allocation fails here instead of taking the machine down
TIME = "/usr/bin/time"       # GNU time (Debian's `time` package) measures each run's peak memory


def fail_setup(message):
    print(f"hostile-catalogue: {message}", file=sys.stderr)
    sys.exit(2)


for module, package in (("PIL", "python3-pil"), ("fontTools", "python3-fonttools")):
    try:
        __import__(module)
    except ImportError:
        fail_setup(f"{module} is needed to make the inputs: apt-get install {package} (scripts/setup.sh --tests does)")


# ---------------------------------------------------------------------------------------------------------------
# The case model

@dataclass
class Case:
    group: str
    name: str
    args: list
    expect: tuple = (2,)          # the exit statuses this input allows
    names: tuple = ()             # on exit 2, the stderr line contains one of these (the file or the flag)
    outputs: tuple = ()           # files the command writes, relative to its directory
    files: dict = field(default_factory=dict)   # what the directory holds before the run (see `materialize`)
    stdin: object = None          # bytes, or ("file", path) to read standard input from
    heavy: bool = False           # run alone, after the others, so its time is its own
    known: str = None             # an open issue owned elsewhere: reported, not failed
    summary_on_stderr: bool = False  # a review with an output on stdout prints its summary on stderr
    as_nobody: bool = False       # run without root's rights (a read-only directory means nothing to root)
    fifo_reader: str = None       # a FIFO in the directory that a reader drains during the run
    intermittent: bool = False    # a known issue near a limit: it may pass on a quiet machine without failing the run
    env: dict = field(default_factory=dict)   # environment variables set for the run, on top of this process's
    changes_under: tuple = ()     # folders (relative) whose contents a successful run may change: a suite's cache

    @property
    def title(self):
        return f"{self.group}/{self.name}"


class Catalogue:
    def __init__(self):
        self.cases = []
        self.names = set()

    def add(self, group, name, args, **options):
        case = Case(group, name, [str(a) for a in args], **options)
        if case.title in self.names:
            raise SystemExit(f"duplicate case {case.title}")
        self.names.add(case.title)
        self.cases.append(case)
        return case


# What a directory may hold before a run: bytes, or one of these markers.
FIFO = ("fifo",)
DIRECTORY = ("dir",)
READ_ONLY_DIRECTORY = ("ro-dir",)
CHAR_NULL = ("char-null",)   # a character device like /dev/null (a FIFO when mknod is not allowed)


def symlink(target):
    return ("symlink", target)


def hard_link(target):
    return ("hardlink", target)


def copy_of(path):
    return ("copy", path)


def sparse(size, head=b""):
    return ("sparse", size, head)


def materialize(directory, files):
    for name, spec in files.items():
        path = os.path.join(directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(spec, (bytes, bytearray)):
            with open(path, "wb") as f:
                f.write(spec)
        elif isinstance(spec, str):
            with open(path, "w", encoding="utf-8") as f:
                f.write(spec)
        elif spec == FIFO:
            os.mkfifo(path)
        elif spec == DIRECTORY:
            os.mkdir(path)
        elif spec == READ_ONLY_DIRECTORY:
            os.mkdir(path)
            os.chmod(path, 0o555)
        elif spec == CHAR_NULL:
            try:
                os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
            except (PermissionError, OSError):
                os.mkfifo(path)
        elif spec[0] == "symlink":
            os.symlink(spec[1], path)
        elif spec[0] == "hardlink":
            os.link(os.path.join(directory, spec[1]), path)
        elif spec[0] == "copy":
            shutil.copyfile(spec[1], path)
        elif spec[0] == "sparse":
            with open(path, "wb") as f:
                f.write(spec[2])
                f.truncate(spec[1])
        else:
            raise ValueError(f"unknown file spec {spec!r}")



# ---------------------------------------------------------------------------------------------------------------
# Reading the cases (cases.json's "about" describes the format)

CASE_FIELDS = {"name", "args", "expect", "names", "outputs", "files", "stdin", "heavy", "known", "summary_on_stderr",
               "as_nobody", "fifo_reader", "intermittent", "env", "changes_under"}
SPECIAL_FILES = {"fifo": FIFO, "directory": DIRECTORY, "read-only directory": READ_ONLY_DIRECTORY,
                 "character device": CHAR_NULL}


class Context:
    """What a case's values may refer to: ${assets} (the shared assets) and ${root} (the repository)."""
    def __init__(self, assets):
        self.assets = assets
        self.made = {}

    def text(self, text):
        return text.replace("${assets}", self.assets).replace("${root}", ROOT)

    def generated(self, name, parameters):
        key = (name, json.dumps(parameters, sort_keys=True))
        if key not in self.made:
            if name not in inputs.GENERATORS:
                raise ValueError(f"no generator {name!r} in inputs.py")
            self.made[key] = inputs.GENERATORS[name](self, **parameters)
        return self.made[key]


def sketch_zip(entries):
    """A .sketch archive in memory: `entries` maps names to bytes or text, deflated."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data if isinstance(data, bytes) else data.encode("utf-8"))
    return buffer.getvalue()


def value(spec, context):
    """Text (str) or bytes from a value of cases.json."""
    if isinstance(spec, str):
        return context.text(spec)
    if isinstance(spec, dict) and "generated" in spec:
        return context.generated(spec["generated"], {k: v for k, v in spec.items() if k != "generated"})
    if not isinstance(spec, dict) or len(spec.keys() - {"times", "as", "of", "replace"}) != 1:
        raise ValueError(f"not a value: {json.dumps(spec)[:120]}")
    if "join" in spec:
        parts = [value(part, context) for part in spec["join"]]
        if any(isinstance(part, bytes) for part in parts):
            return b"".join(part if isinstance(part, bytes) else part.encode("utf-8") for part in parts)
        return "".join(parts)
    if "repeat" in spec:
        return value(spec["repeat"], context) * spec["times"]
    if "bytes" in spec:
        return spec["bytes"].encode("latin-1")
    if "hex" in spec:
        return bytes.fromhex(spec["hex"])
    if "encode" in spec:
        return context.text(spec["encode"]).encode(spec["as"])
    if "json" in spec:
        return json.dumps(spec["json"])
    if "zip" in spec:
        return sketch_zip({name: value(entry, context) for name, entry in spec["zip"].items()})
    if "first" in spec:
        return value(spec["of"], context)[:spec["first"]]
    if "read" in spec:
        with open(context.text(spec["read"]), "rb") as f:
            data = f.read()
        if "replace" not in spec:
            return data
        old, new = spec["replace"]
        text = data.decode("utf-8")
        if old not in text:
            raise ValueError(f"{spec['read']} holds no {old!r} to replace")
        return text.replace(old, new, 1)
    raise ValueError(f"not a value: {json.dumps(spec)[:120]}")


def file_spec(spec, context):
    """What `materialize` writes for one entry of a case's "files"."""
    if isinstance(spec, dict):
        if "special" in spec:
            return SPECIAL_FILES[spec["special"]]
        if "symlink" in spec:
            return symlink(context.text(spec["symlink"]))
        if "hardlink" in spec:
            return hard_link(spec["hardlink"])
        if "copy" in spec:
            return copy_of(context.text(spec["copy"]))
        if "sparse" in spec:
            head = value(spec.get("head", ""), context)
            return sparse(spec["sparse"], head if isinstance(head, bytes) else head.encode("utf-8"))
    return value(spec, context)


def text_value(spec, context):
    made = value(spec, context)
    if not isinstance(made, str):
        raise ValueError(f"an argument, a name or an output must be text: {json.dumps(spec)[:120]}")
    return made


def load(path, context):
    """The catalogue in `path`: every section's cases, in order, each over its section's defaults."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    catalogue = Catalogue()
    for section in data["sections"]:
        defaults = section.get("defaults", {})
        for entry in section["cases"]:
            title = f"{section['group']}/{entry.get('name')}"
            unknown = (defaults.keys() | entry.keys()) - CASE_FIELDS
            if unknown:
                raise SystemExit(f"{path}: {title}: unknown keys {sorted(unknown)}")
            fields = {**defaults, **entry, "files": {**defaults.get("files", {}), **entry.get("files", {})}}
            try:
                options = {
                    "expect": tuple(fields.get("expect", (2,))),
                    "names": tuple(text_value(n, context) for n in fields.get("names", ())),
                    "outputs": tuple(text_value(o, context) for o in fields.get("outputs", ())),
                    "files": {name: file_spec(spec, context) for name, spec in fields["files"].items()},
                    "env": {k: text_value(v, context) for k, v in fields.get("env", {}).items()},
                    "changes_under": tuple(fields.get("changes_under", ())),
                }
                if "stdin" in fields:
                    stdin = fields["stdin"]
                    if isinstance(stdin, dict) and "file" in stdin:
                        options["stdin"] = ("file", context.text(stdin["file"]))
                    else:
                        made = value(stdin, context)
                        options["stdin"] = made if isinstance(made, bytes) else made.encode("utf-8")
                for flag in ("heavy", "known", "summary_on_stderr", "as_nobody", "fifo_reader", "intermittent"):
                    if flag in fields:
                        options[flag] = fields[flag]
                args = [text_value(a, context) for a in fields.get("args", ())]
            except inputs.Unavailable:
                continue
            except (ValueError, KeyError, TypeError, OSError) as error:
                raise SystemExit(f"{path}: {title}: {error}")
            catalogue.add(section["group"], entry["name"], args, **options)
    return catalogue


# ---------------------------------------------------------------------------------------------------------------
# Running

@dataclass
class Run:
    case: Case
    variant: str
    status: int = None
    signal: int = None
    stdout_size: int = 0
    stderr: str = ""
    seconds: float = 0.0
    rss: int = 0
    problems: list = field(default_factory=list)
    timed_out: float = 0.0       # the wall-clock limit it was killed at, if it was


def execute(binary, case, directory, variant):
    """Runs one input. The binary is started as GNU time's child, under prlimit: ru_maxrss survives exec, so a process
    forked from this (large) Python process would report Python's memory as its own; time forks from a small one."""
    run = Run(case, variant)
    statistics = os.path.join(directory, "..", f".{os.path.basename(directory)}.time")
    command = [TIME, "-f", "%M", "-o", statistics, "prlimit", f"--as={HARD_ADDRESS_SPACE}", "--core=0", "--"]
    if case.as_nobody and os.geteuid() == 0:
        command += ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    command += [binary] + case.args

    stdin = subprocess.DEVNULL
    stdin_file = None
    if isinstance(case.stdin, tuple):
        stdin_file = open(case.stdin[1], "rb")
        stdin = stdin_file
    elif case.stdin is not None:
        stdin = subprocess.PIPE
    reader_stop = threading.Event()
    reader = None
    if case.fifo_reader:
        reader = threading.Thread(target=drain_fifo, args=(os.path.join(directory, case.fifo_reader), reader_stop), daemon=True)
        reader.start()
        time.sleep(0.05)
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=directory, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, **case.env} if case.env else None,
                               start_new_session=True)
    collected = {"out": 0, "err": bytearray()}

    def pump_out():
        for block in iter(lambda: process.stdout.read(1 << 16), b""):
            collected["out"] += len(block)

    def pump_err():
        for block in iter(lambda: process.stderr.read(1 << 16), b""):
            if len(collected["err"]) < 1 << 20:
                collected["err"] += block

    def feed():
        try:
            process.stdin.write(case.stdin)
        except (BrokenPipeError, OSError):
            pass
        finally:
            try:
                process.stdin.close()
            except OSError:
                pass

    threads = [threading.Thread(target=pump_out, daemon=True), threading.Thread(target=pump_err, daemon=True)]
    if stdin == subprocess.PIPE:
        threads.append(threading.Thread(target=feed, daemon=True))
    for thread in threads:
        thread.start()
    # A known issue has failed once it passes the time limit: it is stopped there instead of run to the end.
    wall = TIME_LIMIT + 1 if case.known else HARD_WALL
    killer = threading.Timer(wall, lambda: kill_group(process.pid, run, wall))
    killer.start()
    _, wait_status, _ = os.wait4(process.pid, 0)
    run.seconds = time.monotonic() - start
    killer.cancel()
    process.returncode = 0   # reaped above; keep Popen from waiting again
    for thread in threads:
        thread.join(timeout=10)
    if stdin_file:
        stdin_file.close()
    reader_stop.set()
    if reader:
        reader.join(timeout=5)
    report_lines = []
    if os.path.exists(statistics):
        with open(statistics, encoding="utf-8", errors="replace") as f:
            report_lines = f.read().splitlines()
        os.unlink(statistics)
    if report_lines and report_lines[-1].strip().isdigit():
        run.rss = int(report_lines[-1]) * 1024
    terminated = [line for line in report_lines if "terminated by signal" in line]
    if os.WIFSIGNALED(wait_status):
        run.signal = os.WTERMSIG(wait_status)
    elif terminated:
        run.signal = int(terminated[0].split()[-1])
    else:
        run.status = os.WEXITSTATUS(wait_status)
    run.stdout_size = collected["out"]
    run.stderr = collected["err"].decode("utf-8", "replace")
    return run


def kill_group(pid, run, wall):
    run.timed_out = wall
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def drain_fifo(path, stop):
    """Opens the FIFO for reading (without blocking) and reads until the writer closes or `stop` is set."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return
    try:
        while not stop.is_set():
            try:
                block = os.read(fd, 1 << 16)
            except BlockingIOError:
                time.sleep(0.01)
                continue
            if not block:
                time.sleep(0.01)
    finally:
        os.close(fd)


def check(run, before, after):
    case = run.case
    problems = run.problems
    if run.timed_out:
        problems.append(f"still running after {run.timed_out:.0f} s: killed")
    if run.signal is not None:
        problems.append(f"killed by signal {run.signal} ({signal.Signals(run.signal).name if run.signal in signal.Signals._value2member_map_ else '?'})")
    elif run.status not in case.expect:
        said = f": {run.stderr.strip().splitlines()[0][:240]!r}" if run.stderr.strip() else ""
        problems.append(f"exit status {run.status}, expected {' or '.join(map(str, case.expect))}{said}")
    lines = run.stderr.splitlines()
    first = lines[0][:300] if lines else ""
    if run.status == 2:
        if len(lines) != 1:
            problems.append(f"{len(lines)} stderr lines on exit 2, expected 1: {run.stderr[:400]!r}")
        if not run.stderr.endswith("\n"):
            problems.append("the stderr line does not end with a newline")
        if lines and not lines[-1].startswith("ghostline: "):
            problems.append(f"the stderr line does not start with 'ghostline: ': {first!r}")
        if case.names and not any(name in run.stderr for name in case.names):
            problems.append(f"the stderr line names none of {list(case.names)}: {first!r}")
        if run.stdout_size:
            problems.append(f"{run.stdout_size} bytes on stdout from a failed run")
    elif run.status in (0, 1):
        for line in lines:
            if not line.startswith("ghostline: warning: ") and not case.summary_on_stderr:
                problems.append(f"a stderr line on success that is not a warning: {line[:200]!r}")
                break
    if run.signal is not None or run.status not in (0, 1):
        if after != before:
            problems.append("failed run changed its directory: " + describe_change(before, after))
    else:
        changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
        allowed = set(case.outputs)
        unexpected = sorted(k for k in changed if k not in allowed and not any(k.startswith(f + "/") for f in case.changes_under))
        if unexpected:
            problems.append("changed or left besides its outputs: " + ", ".join(repr(k) for k in unexpected[:5]))
        for output in case.outputs:
            if output not in after and output != "-":
                problems.append(f"declared output {output!r} was not written")
    if run.seconds >= TIME_LIMIT:
        problems.append(f"took {run.seconds:.1f} s (limit {TIME_LIMIT:.0f} s)")
    if run.rss >= RSS_LIMIT:
        problems.append(f"peak memory {run.rss / 1e9:.2f} GB (limit {RSS_LIMIT / 1e9:.1f} GB)")


def run_case(binary, case, work, variant):
    try:
        return run_case_unguarded(binary, case, work, variant)
    except Exception as error:   # a problem of the catalogue's own: report it as this input's failure, and go on
        run = Run(case, variant)
        run.problems.append(f"the catalogue could not run it: {type(error).__name__}: {error}")
        return run


def run_case_unguarded(binary, case, work, variant):
    directory = os.path.join(work, "cases", f"{case.group}", safe_name(case.name) + ("-" + variant if variant != "fresh" else ""))
    os.makedirs(directory)
    os.chmod(directory, 0o777)
    materialize(directory, case.files)
    if variant == "kept":
        for output in case.outputs:
            path = os.path.join(directory, output)
            with open(path, "wb") as f:
                f.write(f"pre-existing {output}, must survive a failed run\n".encode())
    if case.as_nobody:
        for base, dirs, files in os.walk(directory):
            for name in files:
                os.chmod(os.path.join(base, name), 0o666)
    before = snapshot(directory)
    run = execute(binary, case, directory, variant)
    after = snapshot(directory)
    check(run, before, after)
    shutil.rmtree(directory, ignore_errors=True) if not run.problems else None
    return run


def safe_name(name):
    return "".join(ch if ch.isalnum() or ch in "-_.+" else "_" for ch in name)[:80]


def prepare_assets(binary, assets):
    try:
        return inputs.prepare_assets(binary, assets)
    except RuntimeError as error:
        fail_setup(str(error))


def determinism(binary, work):
    """The demo card and the world-text scene render byte-identical PNGs twice in turn and eight times at once."""
    problems = []
    directory = os.path.join(work, "determinism")
    os.makedirs(directory)
    worst = (0.0, 0, "")
    for name, scene_path in [("card", os.path.join(ROOT, "Fixtures/demo/card.yaml")),
                             ("world-text", os.path.join(ROOT, "Fixtures/scenes/world-text.yaml"))]:
        outputs = []
        for i in range(2):
            out = os.path.join(directory, f"{name}-seq{i}.png")
            started = time.monotonic()
            done = subprocess.run([binary, "render", scene_path, "-o", out], capture_output=True, timeout=120)
            if done.returncode != 0:
                problems.append(f"determinism/{name}: render exited {done.returncode}: {done.stderr.decode(errors='replace').strip()[:200]}")
            worst = max(worst, (time.monotonic() - started, 0, f"{name} in turn"))
            outputs.append(out)
        parallel = [os.path.join(directory, f"{name}-par{i}.png") for i in range(8)]
        processes = [subprocess.Popen([binary, "render", scene_path, "-o", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                     for out in parallel]
        for process in processes:
            _, err = process.communicate(timeout=120)
            if process.returncode != 0:
                problems.append(f"determinism/{name}: a parallel render exited {process.returncode}: {err.decode(errors='replace').strip()[:200]}")
        outputs += parallel
        digests = {}
        for out in outputs:
            if os.path.exists(out):
                digests.setdefault(hashlib.sha256(open(out, "rb").read()).hexdigest(), []).append(os.path.basename(out))
        if len(digests) != 1:
            problems.append(f"determinism/{name}: {len(digests)} different PNGs from 10 renders: "
                            + "; ".join(f"{d[:12]}: {', '.join(files)}" for d, files in digests.items()))
    shutil.rmtree(directory, ignore_errors=True) if not problems else None
    return problems, 20


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/ghostline"), help="the ghostline executable to run")
    parser.add_argument("--jobs", type=int, default=2, help="light inputs run this many at a time (heavy ones alone)")
    parser.add_argument("--only", action="append", default=[], help="run only inputs whose group/name contains this text")
    parser.add_argument("--list", action="store_true", help="list the inputs and exit")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--no-determinism", action="store_true", help="skip the determinism check")
    parser.add_argument("--no-review", action="store_true", help="skip the review app's hostile requests (hostile-review.py)")
    parser.add_argument("--cases", default=CASES, help="the catalogue to run (default: cases.json beside this script)")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    for tool, package in ((TIME, "time"), (shutil.which("prlimit"), "util-linux"), (shutil.which("setpriv"), "util-linux")):
        if not tool or not os.access(tool, os.X_OK):
            fail_setup(f"{tool or package}: not found; install Debian's {package} package (scripts/setup.sh --tests does)")
    if not os.access(binary, os.X_OK):
        fail_setup(f"{options.binary}: no such executable; build it first (swift build -c release --product ghostline)")

    work = tempfile.mkdtemp(prefix="ghostline-hostile-")
    os.chmod(work, 0o755)
    started = time.monotonic()
    try:
        assets = os.path.join(work, "assets")
        prepare_assets(binary, assets)
        catalogue = load(options.cases, Context(assets))
        cases = catalogue.cases
        if options.only:
            cases = [case for case in cases if any(text in case.title for text in options.only)]
        if options.list:
            for case in cases:
                print(f"{case.title}\t{' '.join(case.args)[:160]!r}")
            print(f"{len(cases)} inputs")
            return 0
        os.chmod(assets, 0o755)
        for base, dirs, files in os.walk(assets):
            for name in files:
                os.chmod(os.path.join(base, name), 0o644)
        assets_before = snapshot(assets)
        generated = time.monotonic() - started
        runs = []
        jobs = []
        for case in cases:
            jobs.append((case, "fresh"))
            if case.expect == (2,) and any(o != "-" for o in case.outputs) and not any(o in case.files for o in case.outputs):
                jobs.append((case, "kept"))
        light = [job for job in jobs if not job[0].heavy]
        heavy = [job for job in jobs if job[0].heavy]
        with concurrent.futures.ThreadPoolExecutor(max(1, options.jobs)) as pool:
            for run in pool.map(lambda job: run_case(binary, job[0], work, job[1]), light):
                runs.append(run)
                report(run)
        light_done = time.monotonic()
        for case, variant in heavy:
            run = run_case(binary, case, work, variant)
            runs.append(run)
            report(run)
        heavy_done = time.monotonic()
        extra = []
        if snapshot(assets) != assets_before:
            extra.append("assets: a run changed a shared input: " + describe_change(assets_before, snapshot(assets)))
        checked_determinism = 0
        if not options.no_determinism and not options.only:
            problems, checked_determinism = determinism(binary, work)
            extra += problems
        for line in extra:
            print(f"FAIL {line}")
        phases = (f"generated in {generated:.0f} s, {len(light)} light runs in {light_done - started - generated:.0f} s, "
                  f"{len(heavy)} heavy in {heavy_done - light_done:.0f} s, determinism in {time.monotonic() - heavy_done:.0f} s")
        status = summarize(runs, extra, len(cases), phases, time.monotonic() - started, checked_determinism)
        if options.no_review or options.only:
            return status
        print(flush=True)
        review = subprocess.run([sys.executable, os.path.join(HERE, "hostile-review.py"), "--binary", binary]).returncode
        # A failure anywhere is 1; the review's own problem (2) shows only when nothing failed.
        return 1 if 1 in (status, review) else max(status, review)
    finally:
        if options.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def report(run):
    if not run.problems:
        if run.case.known and not run.case.intermittent:
            print(f"FAIL {run.case.title} [{run.variant}]: passes now, but is marked known ({run.case.known}); drop the mark")
        return
    tag = "KNOWN" if run.case.known else "FAIL"
    reason = f" (known: {run.case.known})" if run.case.known else ""
    print(f"{tag} {run.case.title} [{run.variant}]: {'; '.join(run.problems)}{reason}", flush=True)


def summarize(runs, extra, inputs, phases, elapsed, determinism_renders):
    groups = {}
    for run in runs:
        g = groups.setdefault(run.case.group, {"inputs": set(), "runs": 0, "failed": 0, "known": 0, "time": (0, ""), "rss": (0, "")})
        g["inputs"].add(run.case.name)
        g["runs"] += 1
        if run.problems and run.case.known:
            g["known"] += 1
        elif run.problems or (run.case.known and not run.case.intermittent):
            g["failed"] += 1
        g["time"] = max(g["time"], (run.seconds, run.case.name))
        g["rss"] = max(g["rss"], (run.rss, run.case.name))
    print()
    print(f"{'group':<12} {'inputs':>6} {'runs':>5} {'failed':>6} {'known':>5}  {'worst time':<48} {'worst memory'}")
    for name, g in groups.items():
        print(f"{name:<12} {len(g['inputs']):>6} {g['runs']:>5} {g['failed']:>6} {g['known']:>5}  "
              f"{g['time'][0]:5.2f} s {g['time'][1][:38]:<40} {g['rss'][0] / 1e6:7.0f} MB {g['rss'][1][:40]}")
    failed = sum(g["failed"] for g in groups.values()) + len(extra)
    known = sum(g["known"] for g in groups.values())
    determinism_note = f"; determinism: {determinism_renders} renders compared" if determinism_renders else ""
    print(f"\n{inputs} inputs, {len(runs)} runs: {failed} failed, {known} known{determinism_note} "
          f"({phases}; {elapsed:.0f} s in all)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
