#!/usr/bin/env python3
"""Times the review app (issue 24) against its targets, in one run on this machine:

- the index of a 500-entry suite (the page and the entries it lists), after the suite has run: target < 200 ms;
- one entry's page: target < 50 ms;
- a re-check after a scene edit, from the edit to the entry's `entry` event, beside `ghostline check` of the same
  scene and design run as its own process with its review page (the peer: the same work): target within 2x.

Usage: scripts/bench-review.py [--binary .build/release/ghostline] [--entries 500]
Prints medians of 15 requests each; the suite is the demo card and the card without line-height handling against
the demo design, repeated to the count asked for.
"""
import argparse, json, os, re, shutil, statistics, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def get(url, token, timeout=60):
    request = urllib.request.Request(url, headers={"Authorization": "Bearer " + token})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=timeout) as reply:
        body = reply.read()
    return time.perf_counter() - start, body


def median_ms(samples):
    return statistics.median(samples) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/ghostline"))
    parser.add_argument("--entries", type=int, default=500)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="ghostline-bench-review-")
    try:
        for sub in ["scenes", "designs"]:
            os.makedirs(os.path.join(folder, sub))
        shutil.copy(os.path.join(ROOT, "Fixtures/demo/card.yaml"), os.path.join(folder, "scenes/card.yaml"))
        shutil.copy(os.path.join(ROOT, "Fixtures/scenes/card-no-line-height.yaml"), os.path.join(folder, "scenes/edited.yaml"))
        shutil.copy(os.path.join(ROOT, "Fixtures/design/demo-card@3x.png"), os.path.join(folder, "designs/card@3x.png"))
        os.makedirs(os.path.join(folder, "edit"))
        shutil.copy(os.path.join(ROOT, "Fixtures/scenes/card-no-line-height.yaml"), os.path.join(folder, "edit/edited.yaml"))
        lines = ["name: Bench", "entries:"]
        for index in range(args.entries - 1):
            lines += [f"  - name: card{index}", "    scene: scenes/card.yaml", "    design: designs/card@3x.png"]
        lines += ["  - name: edited", "    scene: edit/edited.yaml", "    design: designs/card@3x.png"]
        manifest = os.path.join(folder, "ghostline.yaml")
        with open(manifest, "w") as f:
            f.write("\n".join(lines) + "\n")

        started = time.perf_counter()
        server = subprocess.Popen([args.binary, "review", manifest], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        url = server.stdout.readline().strip()
        match = re.match(r"http://([^/]+)/\?token=(\w+)", url)
        if not match:
            print("bench-review: the review app printed no URL: " + url + server.stderr.read(), file=sys.stderr)
            return 2
        base, token = "http://" + match.group(1), match.group(2)
        while True:
            _, body = get(base + "/api/entries", token)
            listing = json.loads(body)
            if listing["progress"]["total"] and listing["progress"]["done"] == listing["progress"]["total"] and \
                    all(e["status"] != "pending" for e in listing["entries"]):
                break
            time.sleep(0.5)
        run_seconds = time.perf_counter() - started

        index = [get(base + "/?token=" + token, token)[0] + get(base + "/api/entries", token)[0] for _ in range(15)]
        page = [get(base + "/entries/card7", token)[0] for _ in range(15)]

        # The peer: the same check as a process of its own.
        peer = []
        for _ in range(3):
            start = time.perf_counter()
            # With its review page, as the app writes one for every entry it checks.
            subprocess.run([args.binary, "check", os.path.join(folder, "edit/edited.yaml"), "--design",
                            os.path.join(folder, "designs/card@3x.png"), "--html", os.path.join(folder, "peer.html")],
                           stdout=subprocess.DEVNULL)
            peer.append(time.perf_counter() - start)

        # A re-check: edit the scene, wait for the entry's event on the stream.
        recheck = []
        for attempt in range(3):
            events = urllib.request.urlopen(urllib.request.Request(base + "/api/events?token=" + token), timeout=120)
            events.readline()
            path = os.path.join(folder, "edit/edited.yaml")
            text = open(path).read()
            strategy = "padded" if attempt % 2 == 0 else "none"
            start = time.perf_counter()
            with open(path, "w") as f:
                f.write(re.sub(r"lineHeightStrategy: \w+", "lineHeightStrategy: " + strategy, text))
            block = ""
            while True:
                line = events.readline().decode()
                block += line
                if line == "\n":
                    if block.startswith("event: entry") and '"name": "edited"' in block:
                        break
                    block = ""
            recheck.append(time.perf_counter() - start)
            events.close()
        server.terminate()
        server.wait()

        print(f"suite: {args.entries} entries checked in {run_seconds:.1f} s ({os.path.basename(args.binary)} at {args.binary})")
        print(f"index (page + entries JSON): median {median_ms(index):.1f} ms   (target < 200 ms)")
        print(f"entry page:                  median {median_ms(page):.1f} ms   (target < 50 ms)")
        ratio = statistics.median(recheck) / statistics.median(peer)
        print(f"re-check after an edit:      median {median_ms(recheck):.0f} ms, `ghostline check --html` as a process "
              f"{median_ms(peer):.0f} ms: {ratio:.2f}x   (target within 2x; the watcher polls every 0.1 s)")
        return 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
