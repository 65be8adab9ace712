#!/usr/bin/env python3
"""Times the review app (issues 24 and 32) against its targets, in one run on this machine:

- the index of a 500-entry suite (the page and the entries it lists), after the suite has run: target < 200 ms;
- one entry's page: target < 50 ms;
- a re-check after a scene edit, from the edit to the entry's `entry` event, beside `ghostline check` of the same
  scene and design run as its own process with its review page (the peer: the same work): target within 2x;
- the index page, an entry's page and `GET /api/entries`, p50 and p95, with one client and with four clients at
  once (threads): target `GET /api/entries` under 10 ms p50 with four clients;
- how many entries one edit re-checks: the edited scene is used by one entry and sits in the same folder as the
  scene all the others share (so a watcher that re-checks a scene's folder neighbours shows it), counted from the
  `entry` events on the event stream after the edit: target 1;
- the scratch folder's peak size: the app runs with a TMPDIR of its own, and `du` of its `ghostline-review-*`
  folder is sampled during the run, the edits and a few approve/undo cycles (not while requests are timed).

Usage: scripts/bench/bench-review.py [--binary .build/release/ghostline] [--entries 500]
Prints medians of 15 requests for the first two figures, p50 and p95 of 40 requests per client for the table; the
suite is the demo card and the card without line-height handling against the demo design, and the demo card against
a reference, repeated to the count asked for. Each target has its ratio beside it (the figure over the target).
"""
import argparse, glob, http.client, json, os, queue, re, shutil, signal, socket, statistics, subprocess, sys, tempfile, \
    threading, time, urllib.error, urllib.request

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
RUN_SECONDS = 1800      # the first run of the whole suite, at most
EDIT_SECONDS = 600      # from an edit to its entry's event, at most (a watcher re-checking everything is slow)
AFTER_EDIT_SECONDS = 2  # events still counted after the edited entry's: the rest of its round, or a second round


def get(url, token, timeout=60):
    request = urllib.request.Request(url, headers={"Authorization": "Bearer " + token})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=timeout) as reply:
        body = reply.read()
    return time.perf_counter() - start, body


def post(url, token, timeout=120):
    request = urllib.request.Request(url, data=b"{}", method="POST",
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return json.loads(reply.read())
    except urllib.error.HTTPError as error:
        raise SystemExit(f"bench-review: POST {url[url.index('/api'):]} answered {error.code}: {error.read()[:300]!r}")


def median_ms(samples):
    return statistics.median(samples) * 1000


def p95_ms(samples):
    return statistics.quantiles(samples, n=20, method="inclusive")[18] * 1000


def timed(url, token, clients, requests):
    """`requests` GETs of `url` by each of `clients` threads at once: every request's seconds."""
    samples, errors = [], []

    def client():
        try:
            for _ in range(requests):
                samples.append(get(url, token)[0])
        except OSError as error:
            errors.append(error)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return samples


class Scratch:
    """Samples `du -sb` of the app's scratch folders (TMPDIR/ghostline-review-*) every half second while on."""

    def __init__(self, tmpdir):
        self.tmpdir, self.peak, self.samples = tmpdir, 0, 0
        self.lock = threading.Lock()   # the sampler and the main thread both measure
        self.on, self.stopped = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def folders(self):
        return glob.glob(os.path.join(self.tmpdir, "ghostline-review-*"))

    def size(self):
        folders = self.folders()
        if not folders:
            return 0
        # Files come and go under du's feet (a run being pruned): it says so on stderr and counts the rest.
        done = subprocess.run(["du", "-sb", *folders], capture_output=True, text=True, timeout=60)
        size = sum(int(line.split("\t")[0]) for line in done.stdout.splitlines() if line.split("\t")[0].isdigit())
        with self.lock:
            self.peak, self.samples = max(self.peak, size), self.samples + 1
        return size

    def loop(self):
        while not self.stopped.is_set():
            if self.on.wait(timeout=0.5):
                self.size()
                time.sleep(0.5)

    def stop(self):
        self.stopped.set()
        self.on.clear()
        self.thread.join(timeout=70)


class Events:
    """The server-sent events of `/api/events`, read by a thread into a queue as (name, data, time)."""

    def __init__(self, base, token):
        host, port = base[len("http://"):].rsplit(":", 1)
        self.connection = http.client.HTTPConnection(host, int(port), timeout=EDIT_SECONDS)
        self.connection.connect()
        self.sock = self.connection.sock   # kept: closing it is the only way to stop a blocked read
        self.connection.request("GET", "/api/events?token=" + token)
        self.reply = self.connection.getresponse()
        self.queue = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        # The app sends the current progress on subscribing; taken here, so that no edit's count includes it.
        try:
            first = self.queue.get(timeout=30)
        except queue.Empty:
            first = None
        if first is None:
            raise SystemExit("bench-review: no first event on /api/events within 30 s")

    def read(self):
        name, data = None, []
        try:
            while True:
                line = self.reply.readline().decode()
                if not line:
                    break
                line = line.rstrip("\n")
                if line.startswith("event:"):
                    name = line[len("event:"):].strip()
                elif line.startswith("data:"):
                    data.append(line[len("data:"):].lstrip(" "))
                elif line == "":
                    if name:
                        self.queue.put((name, "\n".join(data), time.perf_counter()))
                    name, data = None, []
        except Exception:   # the stream closed under a read (by `close`, or the server going): its end either way
            pass
        self.queue.put(None)

    def drain(self):
        while True:
            try:
                self.queue.get_nowait()
            except queue.Empty:
                return

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.connection.close()


def edit_and_count(events, path, strategy):
    """Edits `path` in place; the seconds to the `edited` entry's event, the entries the events name until
    AFTER_EDIT_SECONDS later, and the largest `progress` total seen (the size of the round)."""
    events.drain()
    with open(path) as f:
        text = f.read()
    start = time.perf_counter()
    with open(path, "w") as f:
        f.write(re.sub(r"lineHeightStrategy: \w+", "lineHeightStrategy: " + strategy, text))
    seconds, names, total = None, [], 0
    deadline = start + EDIT_SECONDS
    while True:
        left = (deadline if seconds is None else start + seconds + AFTER_EDIT_SECONDS) - time.perf_counter()
        try:
            event = events.queue.get(timeout=max(0.0, left))
        except queue.Empty:
            break
        if event is None:
            break
        name, data, at = event
        if name == "entry":
            entry = json.loads(data)["name"]
            names.append(entry)
            if entry == "edited" and seconds is None:
                seconds = at - start
        elif name == "progress":
            total = max(total, json.loads(data)["total"])
    if seconds is None:
        raise SystemExit(f"bench-review: no `entry` event for `edited` within {EDIT_SECONDS} s of an edit")
    return seconds, names, total


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/ghostline"))
    parser.add_argument("--entries", type=int, default=500)
    args = parser.parse_args()
    args.binary = os.path.abspath(args.binary)   # the reference is rendered from inside the suite's folder
    folder = tempfile.mkdtemp(prefix="ghostline-bench-review-")
    # The app's TMPDIR, apart from the suite (so nothing there is mistaken for a suite file).
    tmpdir = tempfile.mkdtemp(prefix="ghostline-bench-review-tmp-")
    server = scratch = None
    try:
        for sub in ["scenes", "designs", "refs"]:
            os.makedirs(os.path.join(folder, sub))
        shutil.copy(os.path.join(ROOT, "Fixtures/demo/card.yaml"), os.path.join(folder, "scenes/card.yaml"))
        shutil.copy(os.path.join(ROOT, "Fixtures/scenes/card-no-line-height.yaml"), os.path.join(folder, "scenes/edited.yaml"))
        shutil.copy(os.path.join(ROOT, "Fixtures/design/demo-card@3x.png"), os.path.join(folder, "designs/card@3x.png"))
        # The reference entry's reference is the edited card's render, so it fails and each approve and undo of it
        # rewrites it and checks it again (writing its page into the scratch folder once more).
        subprocess.run([args.binary, "render", "scenes/edited.yaml", "-o", "refs/card@3x.png"], cwd=folder, check=True,
                       stdout=subprocess.DEVNULL)
        lines = ["name: Bench", "entries:"]
        for index in range(args.entries - 2):
            lines += [f"  - name: card{index}", "    scene: scenes/card.yaml", "    design: designs/card@3x.png"]
        lines += ["  - name: ref", "    scene: scenes/card.yaml", "    reference: refs/card@3x.png"]
        lines += ["  - name: edited", "    scene: scenes/edited.yaml", "    design: designs/card@3x.png"]
        manifest = os.path.join(folder, "ghostline.yaml")
        with open(manifest, "w") as f:
            f.write("\n".join(lines) + "\n")

        scratch = Scratch(tmpdir)
        scratch.on.set()
        started = time.perf_counter()
        with open(tmpdir + ".stderr", "w") as err:
            server = subprocess.Popen([args.binary, "review", manifest], stdout=subprocess.PIPE, stderr=err, text=True,
                                      env=dict(os.environ, TMPDIR=tmpdir), start_new_session=True)
        url = server.stdout.readline().strip()
        match = re.match(r"http://([^/]+)/\?token=(\w+)", url)
        if not match:
            print("bench-review: the review app printed no URL: " + url, file=sys.stderr)
            return 2
        base, token = "http://" + match.group(1), match.group(2)
        while True:
            _, body = get(base + "/api/entries", token)
            listing = json.loads(body)
            if listing["progress"]["total"] and listing["progress"]["done"] == listing["progress"]["total"] and \
                    all(e["status"] != "pending" for e in listing["entries"]):
                break
            if time.perf_counter() - started > RUN_SECONDS or server.poll() is not None:
                print(f"bench-review: the suite was not checked within {RUN_SECONDS} s (or the app exited)", file=sys.stderr)
                return 2
            time.sleep(0.5)
        run_seconds = time.perf_counter() - started
        after_run = scratch.size()

        # Requests are timed with the sampler off: du walking thousands of files would be timed with them.
        scratch.on.clear()
        index = [get(base + "/?token=" + token, token)[0] + get(base + "/api/entries", token)[0] for _ in range(15)]
        page = [get(base + "/entries/card7", token)[0] for _ in range(15)]
        latency = []
        for label, path in [("index page (/)", "/?token=" + token), ("entry page (/entries/card7)", "/entries/card7"),
                            ("GET /api/entries", "/api/entries")]:
            latency.append((label, timed(base + path, token, 1, 40), timed(base + path, token, 4, 40)))

        # The peer: the same check as a process of its own.
        peer = []
        for _ in range(3):
            start = time.perf_counter()
            # With its review page, as the app writes one for every entry it checks.
            subprocess.run([args.binary, "check", os.path.join(folder, "scenes/edited.yaml"), "--design",
                            os.path.join(folder, "designs/card@3x.png"), "--html", os.path.join(folder, "peer.html")],
                           stdout=subprocess.DEVNULL)
            peer.append(time.perf_counter() - start)

        # A re-check: edit the scene, wait for the entry's event on the stream, and count what else was re-checked.
        scratch.on.set()
        events = Events(base, token)
        recheck, rechecked, events_seen, totals = [], [], [], []
        try:
            for attempt in range(3):
                strategy = "padded" if attempt % 2 == 0 else "none"
                seconds, names, total = edit_and_count(events, os.path.join(folder, "scenes/edited.yaml"), strategy)
                recheck.append(seconds)
                rechecked.append(len(set(names)))
                events_seen.append(len(names))
                totals.append(total)
        finally:
            events.close()

        # Approve and undo: a reference rewritten and restored, a decision recorded and taken back.
        cycles = 3
        for _ in range(cycles):
            for name in ["ref", "edited"]:
                post(base + f"/api/entries/{name}/approve", token)
                scratch.size()
                post(base + f"/api/entries/{name}/undo", token)
                scratch.size()
        after_cycles = scratch.size()
        scratch.stop()

        # Removing the scratch folder is part of stopping: how long it takes with a full one.
        stopping = time.perf_counter()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
            exit_note = (f"{'removed' if not scratch.folders() else 'LEFT'} on SIGTERM, "
                         f"which took {time.perf_counter() - stopping:.1f} s to exit")
        except subprocess.TimeoutExpired:
            exit_note = "the app did not exit within 30 s of SIGTERM"

        print(f"suite: {args.entries} entries checked in {run_seconds:.1f} s ({os.path.basename(args.binary)} at {args.binary})")
        print(f"index (page + entries JSON): median {median_ms(index):.1f} ms   (target < 200 ms: {median_ms(index) / 200:.2f}x)")
        print(f"entry page:                  median {median_ms(page):.1f} ms   (target < 50 ms: {median_ms(page) / 50:.2f}x)")
        ratio = statistics.median(recheck) / statistics.median(peer)
        print(f"re-check after an edit:      median {median_ms(recheck):.0f} ms, `ghostline check --html` as a process "
              f"{median_ms(peer):.0f} ms: {ratio:.2f}x   (target within 2x; the watcher polls every 0.1 s)")
        print()
        cell = lambda ms: f"{ms:7.1f} ms"
        print(f"{'latency, ' + str(args.entries) + ' entries':<28} {'one client (1 x 40)':^21}   {'four clients (4 x 40)':^21}")
        print(f"{'':<28} {'p50':>10} {'p95':>10}   {'p50':>10} {'p95':>10}")
        for label, one, four in latency:
            print(f"{label:<28} {cell(median_ms(one))} {cell(p95_ms(one))}   {cell(median_ms(four))} {cell(p95_ms(four))}")
        api = median_ms(latency[-1][2])
        print(f"GET /api/entries, four clients: p50 {api:.1f} ms   (target < 10 ms: {api / 10:.2f}x)")
        worst = max(rechecked)
        print(f"one edit re-checks {worst} entr{'y' if worst == 1 else 'ies'}, the worst of {len(rechecked)} edits "
              f"(entries {rechecked}, `entry` events {events_seen}, progress totals {totals})   (target 1: {worst / 1:.2f}x)")
        print(f"scratch folder: peak {scratch.peak} bytes ({scratch.peak / 1e6:.1f} MB) over {scratch.samples} samples; "
              f"{after_run} bytes after the run, {after_cycles} after {cycles} approve/undo cycles of a reference and "
              f"a design entry; {exit_note}")
        return 0
    finally:
        if scratch:
            scratch.stop()
        if server and server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(tmpdir, ignore_errors=True)
        try:
            os.remove(tmpdir + ".stderr")
        except OSError:
            pass


if __name__ == "__main__":
    sys.exit(main())
