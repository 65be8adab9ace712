#!/usr/bin/env python3
"""The review app's hostile requests (issue 32), sent to a real `ghostline review` server.

A suite is generated in a temporary directory: an entry named with a script, an entry checked against a reference,
and one whose reference's layout JSON is a symbolic link to a victim file outside the suite. The app is started on
it with `--port 0` and a TMPDIR of its own (so its scratch folder can be looked at), and every request goes to
127.0.0.1 with a timeout:

  - every response (200, 401, 403, 404, 421) carries a Content-Security-Policy without 'unsafe-inline' scripts,
    `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` and `Referrer-Policy: no-referrer`;
  - the script-named entry's page escapes the name; no token or a wrong one is 401, a foreign `Host` 421, a
    foreign `Origin` on a POST 403 with nothing written; `HEAD /` is 200 without a body; the favicon needs no
    token; the export is `Cache-Control: no-store`;
  - approving the entry whose layout JSON is a link is 403 and writes nothing, through the link or beside it;
  - a 1 MB body is 413, malformed JSON 400, a 64 KiB header line is refused, and connections stalled half-way
    through their headers do not hold up a normal request;
  - ten approvals of one entry at once answer 200 or 409 only, and leave a whole PNG;
  - SIGTERM, and in a second server SIGINT, during an approval: the server exits within 10 s, removes its scratch
    folder (which is 0700 while it runs) and leaves no temporary file beside the reference;
  - `--host 0.0.0.0` warns about the network on stderr, answers a loopback `Host` and still needs the token.

Usage: scripts/hostile/hostile-review.py --binary .build/release/ghostline [--keep]
Prints `ok NAME` or `FAIL NAME: why` for each case; exits 1 on any failure, 2 on a problem of its own (no binary,
a suite it could not generate). scripts/hostile/hostile-catalogue.py runs it at its end.
"""
import argparse
import glob
import http.client
import json
import os
import re
import shutil
import signal
import socket
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import zlib

from hostile_common import describe_change, snapshot

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SCRIPT_NAME = "</script><script>document.title='XSS-NAME'</script>"
VICTIM_BYTES = b'{"victim": "an approve must never write these bytes over"}\n'
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SECURITY_STATUSES = (200, 401, 403, 404, 421)
START_SECONDS = 60       # from the process's start to its URL on stdout
SETTLE_SECONDS = 120     # from the URL to every entry checked
EXIT_SECONDS = 10        # from a signal to the process's exit
MANIFEST = f"""name: Hostile
entries:
  - name: {json.dumps(SCRIPT_NAME)}
    scene: scenes/card.yaml
    design: designs/demo-card@3x.png
  - name: card-ref
    scene: scenes/edited.yaml
    reference: refs/card@3x.png
  - name: linked
    scene: scenes/edited.yaml
    reference: refs/linked@3x.png
"""


def setup_problem(message):
    print(f"hostile-review: {message}", file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------------------------------------------------------
# Responses, and the server

class Response:
    def __init__(self, status, headers, body, label):
        self.status, self.headers, self.body, self.label = status, headers, body, label


def parse_raw(data, label):
    """A response read off a raw socket (None when not even a status line came back)."""
    head, _, body = bytes(data).partition(b"\r\n\r\n")
    match = re.match(rb"HTTP/1\.[01] (\d{3})", head)
    if not match:
        return None
    headers = {}
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    return Response(int(match.group(1)), headers, body, label)


class Server:
    """One `ghostline review` process in a session of its own (so its whole group can be killed), with a private
    TMPDIR and its stdout and stderr in files (a pipe nobody reads could block it)."""

    def __init__(self, binary, suite, work, label, recorded, extra=()):
        self.label, self.recorded = label, recorded
        self.tmpdir = os.path.join(work, f"tmp-{label}")
        os.mkdir(self.tmpdir, 0o700)
        self.out_path, self.err_path = os.path.join(work, f"{label}.out"), os.path.join(work, f"{label}.err")
        with open(self.out_path, "wb") as out, open(self.err_path, "wb") as err:
            self.process = subprocess.Popen([binary, "review", suite, "--port", "0", *extra], stdin=subprocess.DEVNULL,
                                            stdout=out, stderr=err, env=dict(os.environ, TMPDIR=self.tmpdir),
                                            start_new_session=True)
        self.port = self.token = None

    def stderr(self):
        with open(self.err_path, "rb") as f:
            return f.read().decode(errors="replace")

    def wait_url(self):
        """Waits for the URL line; None when it came, else why not."""
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            with open(self.out_path, "rb") as f:
                first = f.read().decode(errors="replace")
            if "\n" in first:
                match = re.match(r"http://(\[[^\]]+\]|[^/:]+):(\d+)/\?token=(\w+)$", first.splitlines()[0].strip())
                if not match:
                    return f"the first line of stdout is not the URL: {first.splitlines()[0][:200]!r}"
                self.port, self.token = int(match.group(2)), match.group(3)
                return None
            if self.process.poll() is not None:
                return f"exited {self.process.returncode} before printing a URL: {self.stderr().strip()[-300:]!r}"
            time.sleep(0.1)
        return f"no URL on stdout in {START_SECONDS} s"

    def wait_settled(self):
        """Waits until no entry is pending or running; None when they settled, else why not."""
        deadline = time.monotonic() + SETTLE_SECONDS
        last = "no answer"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return f"exited {self.process.returncode} while checking: {self.stderr().strip()[-300:]!r}"
            try:
                reply = self.request("GET", "/api/entries?token=" + self.token, record=False)
                if reply.status == 200:
                    entries = json.loads(reply.body)["entries"]
                    waiting = [e["name"] for e in entries if e.get("status") == "pending" or e.get("running")]
                    if entries and not waiting:
                        return None
                    last = f"still waiting for {waiting[:3]}"
                else:
                    last = f"GET /api/entries answered {reply.status}"
            except (OSError, ValueError, KeyError) as error:
                last = f"{type(error).__name__}: {error}"
            time.sleep(0.25)
        return f"entries not settled after {SETTLE_SECONDS} s ({last})"

    def scratch(self):
        return sorted(glob.glob(os.path.join(self.tmpdir, "ghostline-review-*")))

    def host(self, name="127.0.0.1"):
        return f"{name}:{self.port}"

    def quiet(self, text):
        """`text` with the token blanked, for labels and messages."""
        return text.replace(self.token, "TOKEN") if self.token else text

    def request(self, method, path, headers=None, body=None, host=None, timeout=30, record=True):
        """One request over http.client (which sends our `Host` when given one instead of its own)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers={"Host": host or self.host(), **(headers or {})})
            reply = connection.getresponse()
            response = Response(reply.status, {k.lower(): v for k, v in reply.getheaders()}, reply.read(),
                                f"{self.label}: {method} {self.quiet(path)}")
        finally:
            connection.close()
        if record:
            self.recorded.append(response)
        return response

    def approve(self, name, headers=None, timeout=120):
        return self.request("POST", f"/api/entries/{urllib.parse.quote(name, safe='')}/approve", body=b"{}",
                            headers={"Authorization": "Bearer " + self.token, "Content-Type": "application/json",
                                     **(headers or {})}, timeout=timeout)

    def raw(self, head, body=b"", timeout=10.0, label="raw"):
        """Sends bytes on a socket of its own (the body from a thread, so an early answer is read while the rest is
        still being sent) and reads until the server closes it or `timeout`; the parsed response or None, and a
        note on how the connection ended."""
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        note = []

        def send():
            try:
                sock.sendall(head)
                for start in range(0, len(body), 1 << 16):
                    sock.sendall(body[start:start + (1 << 16)])
            except OSError as error:
                note.append(f"sending stopped: {error}")

        sender = threading.Thread(target=send, daemon=True)
        sender.start()
        received = bytearray()
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                try:
                    chunk = sock.recv(1 << 16)
                except socket.timeout:
                    note.append("timed out")
                    break
                except OSError as error:
                    note.append(f"reading stopped: {error}")
                    break
                if not chunk:
                    break
                received += chunk
        finally:
            try:
                sock.shutdown(socket.SHUT_RDWR)   # unblocks the sender
            except OSError:
                pass
            sock.close()
            sender.join(timeout=2)
        response = parse_raw(received, f"{self.label}: {label}")
        if response:
            self.recorded.append(response)
        return response, "; ".join(note)

    def signal(self, number):
        """Sends `number` to the server; None when it then exits within EXIT_SECONDS, else why not."""
        os.kill(self.process.pid, number)
        try:
            self.process.wait(timeout=EXIT_SECONDS)
            return None
        except subprocess.TimeoutExpired:
            return f"still running {EXIT_SECONDS} s after {signal.Signals(number).name}"

    def kill(self):
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass


# ---------------------------------------------------------------------------------------------------------------
# Checks of files

def png_problem(path):
    """Why `path` is not a whole PNG (signature, IHDR first, every chunk's CRC, IEND), or None."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as error:
        return f"{os.path.basename(path)}: {error.strerror}"
    if not data.startswith(PNG_SIGNATURE):
        return f"{os.path.basename(path)}: no PNG signature ({len(data)} bytes)"
    offset, first = len(PNG_SIGNATURE), True
    while offset + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if offset + 12 + length > len(data):
            return f"{os.path.basename(path)}: chunk {kind!r} truncated"
        chunk = data[offset + 8:offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])
        if zlib.crc32(kind + chunk) != crc:
            return f"{os.path.basename(path)}: chunk {kind!r} has a bad CRC"
        if first:
            if kind != b"IHDR" or length != 13 or 0 in struct.unpack(">II", chunk[:8]):
                return f"{os.path.basename(path)}: the first chunk is not a valid IHDR"
            first = False
        if kind == b"IEND":
            return None
        offset += 12 + length
    return f"{os.path.basename(path)}: no IEND chunk ({len(data)} bytes)"


def changes(before, after):
    """What changed between two snapshots, as one problem line, or none."""
    described = describe_change(before, after)
    return [f"the suite changed: {described}"] if described else []


def security_problem(response):
    """What `response` lacks of the security headers, or None."""
    h = response.headers
    problems = []
    policy = h.get("content-security-policy")
    if not policy:
        problems.append("no Content-Security-Policy")
    else:
        directives = {}
        for part in policy.split(";"):
            words = part.split()
            if words:
                directives.setdefault(words[0].lower(), [w.lower() for w in words[1:]])
        # Without script-src, default-src governs scripts.
        sources = directives.get("script-src", directives.get("default-src"))
        if sources is None:
            problems.append("the CSP has no script-src (nor default-src)")
        elif "'unsafe-inline'" in sources:
            problems.append("the CSP's script-src allows 'unsafe-inline'")
    for name, value in (("x-content-type-options", "nosniff"), ("x-frame-options", "deny"), ("referrer-policy", "no-referrer")):
        if (h.get(name) or "").strip().lower() != value:
            problems.append(f"{name}: {h.get(name)!r}")
    return f"{response.label} ({response.status}): {', '.join(problems)}" if problems else None


# ---------------------------------------------------------------------------------------------------------------
# The run

class Run:
    def __init__(self, binary, work):
        self.binary, self.work = binary, work
        self.suite = os.path.join(work, "suite")
        self.victim = os.path.join(work, "outside", "victim.json")
        self.recorded = []      # every response, for the security headers
        self.servers = []
        self.cases = self.failed = 0

    def case(self, name, check, *args):
        """Runs one check (None or [] is a pass, a string or list of strings why it failed); an exception fails it."""
        try:
            problems = check(*args)
        except Exception as error:  # a timeout or a reset is the case's failure, not the script's
            problems = f"{type(error).__name__}: {error}"
        if isinstance(problems, str):
            problems = [problems]
        self.cases += 1
        if problems:
            self.failed += 1
            print(f"FAIL {name}: {'; '.join(problems)}", flush=True)
        else:
            print(f"ok {name}", flush=True)
        return not problems

    def generate(self):
        for sub in ("scenes", "designs", "refs"):
            os.makedirs(os.path.join(self.suite, sub))
        os.makedirs(os.path.dirname(self.victim))
        shutil.copy(os.path.join(ROOT, "Fixtures/demo/card.yaml"), os.path.join(self.suite, "scenes/card.yaml"))
        shutil.copy(os.path.join(ROOT, "Fixtures/scenes/card-no-line-height.yaml"), os.path.join(self.suite, "scenes/edited.yaml"))
        shutil.copy(os.path.join(ROOT, "Fixtures/design/demo-card@3x.png"), os.path.join(self.suite, "designs"))
        done = subprocess.run([self.binary, "render", "scenes/card.yaml", "-o", "refs/card@3x.png"], cwd=self.suite,
                              capture_output=True, timeout=120)
        if done.returncode != 0 or not os.path.isfile(os.path.join(self.suite, "refs/card@3x.png")):
            setup_problem(f"rendering the reference exited {done.returncode}: {done.stderr.decode(errors='replace').strip()}")
        shutil.copy(os.path.join(self.suite, "refs/card@3x.png"), os.path.join(self.suite, "refs/linked@3x.png"))
        with open(self.victim, "wb") as f:
            f.write(VICTIM_BYTES)
        os.symlink(self.victim, os.path.join(self.suite, "refs/linked@3x.json"))
        with open(os.path.join(self.suite, "ghostline.yaml"), "w") as f:
            f.write(MANIFEST)

    def start(self, label, extra=()):
        server = Server(self.binary, self.suite, self.work, label, self.recorded, extra)
        self.servers.append(server)
        return server

    # The cases, in the order they run.

    def manifest_accepted(self):
        done = subprocess.run([self.binary, "suite", self.suite], capture_output=True, timeout=300)
        if done.returncode not in (0, 1):
            return f"`ghostline suite` exited {done.returncode}: {done.stderr.decode(errors='replace').strip()[:300]}"
        if self.victim_problem():
            return "`ghostline suite` " + self.victim_problem()

    def victim_problem(self):
        with open(self.victim, "rb") as f:
            if f.read() != VICTIM_BYTES:
                return "changed the victim file outside the suite"

    def started(self, server):
        return server.wait_url() or server.wait_settled()

    def scratch_private(self, server):
        folders = server.scratch()
        if not folders:
            return "no ghostline-review-* folder in the server's TMPDIR"
        return [f"{os.path.basename(f)} has mode {stat.S_IMODE(os.stat(f).st_mode):o}" for f in folders
                if stat.S_IMODE(os.stat(f).st_mode) != 0o700]

    def expect(self, response, status):
        if response.status != status:
            return f"{response.label} answered {response.status}, not {status}: {response.body[:160]!r}"

    def no_token(self, s):
        return self.expect(s.request("GET", "/"), 401)

    def wrong_token(self, s):
        wrong = "0" * len(s.token)
        return [p for p in (self.expect(s.request("GET", "/?token=" + wrong), 401),
                            self.expect(s.request("GET", "/api/entries", headers={"Authorization": "Bearer " + wrong}), 401)) if p]

    def foreign_host(self, s):
        return self.expect(s.request("GET", "/?token=" + s.token, host=f"evil.example:{s.port}"), 421)

    def localhost_host(self, s):
        return self.expect(s.request("GET", "/?token=" + s.token, host=s.host("localhost")), 200)

    def script_name_escaped(self, s):
        reply = s.request("GET", f"/entries/{urllib.parse.quote(SCRIPT_NAME, safe='')}?token={s.token}")
        if reply.status != 200:
            return self.expect(reply, 200)
        if b"<script>document.title" in reply.body:
            return "the entry's page holds the name's <script> unescaped"

    def head_index(self, s):
        head = f"HEAD /?token={s.token} HTTP/1.1\r\nHost: {s.host()}\r\nConnection: close\r\n\r\n".encode()
        reply, note = s.raw(head, timeout=5, label="HEAD /?token=TOKEN")
        if not reply:
            return f"no answer ({note or 'closed'})"
        if reply.status != 200:
            return f"HEAD / answered {reply.status}"
        if reply.body:
            return f"HEAD / sent {len(reply.body)} bytes of body"

    def favicon(self, s):
        reply = s.request("GET", "/favicon.ico")
        if reply.status == 401:
            return "GET /favicon.ico without the token answered 401 (every page's favicon fails)"

    def export_no_store(self, s):
        reply = s.request("GET", "/api/export?token=" + s.token)
        if reply.status != 200:
            return self.expect(reply, 200)
        if "no-store" not in (reply.headers.get("cache-control") or "").lower():
            return f"Cache-Control: {reply.headers.get('cache-control')!r}"

    def no_such_entry(self, s):
        return self.expect(s.request("GET", "/api/entries/no-such-entry?token=" + s.token), 404)

    def foreign_origin(self, s):
        before = snapshot(self.suite)
        problems = [self.expect(s.approve("card-ref", headers={"Origin": "http://evil.example"}), 403)]
        problems += changes(before, snapshot(self.suite))
        return [p for p in problems if p]

    def linked_refused(self, s):
        png = os.path.join(self.suite, "refs/linked@3x.png")
        with open(png, "rb") as f:
            before = f.read()
        problems = [self.expect(s.approve("linked"), 403), self.victim_problem()]
        with open(png, "rb") as f:
            if f.read() != before:
                problems.append("refs/linked@3x.png changed")
        link = os.path.join(self.suite, "refs/linked@3x.json")
        if not os.path.islink(link):
            problems.append("refs/linked@3x.json is no longer the link (replaced by a file)")
        return [p for p in problems if p]

    def body_too_large(self, s):
        body = b'{"comment": "' + b"a" * ((1 << 20) - 16) + b'"}'
        head = (f"POST /api/entries/card-ref/reject HTTP/1.1\r\nHost: {s.host()}\r\nAuthorization: Bearer {s.token}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
        reply, note = s.raw(head, body, timeout=15, label="POST reject with 1 MB")
        if not reply:
            return f"no answer to a 1 MB body ({note or 'closed'})"
        if reply.status != 413:
            return f"a 1 MB body answered {reply.status}, not 413"

    def malformed_json(self, s):
        return self.expect(s.request("POST", "/api/entries/card-ref/reject", body=b'{"comment": "unterminated',
                                     headers={"Authorization": "Bearer " + s.token, "Content-Type": "application/json"}), 400)

    def huge_header(self, s):
        head = (f"GET /?token={s.token} HTTP/1.1\r\nHost: {s.host()}\r\nX-Padding: {'a' * (64 << 10)}\r\n"
                f"Connection: close\r\n\r\n").encode()
        reply, _ = s.raw(head, timeout=10, label="GET / with a 64 KiB header")
        if reply and reply.status == 200:
            return "a 64 KiB header line answered 200"

    def stalled_headers(self, s):
        # A few connections that stop half-way through their headers (the slowloris pattern), then a real request.
        stalled = []
        try:
            for _ in range(8):
                sock = socket.create_connection(("127.0.0.1", s.port), timeout=5)
                sock.sendall(f"GET /?token={s.token} HTTP/1.1\r\nHost: {s.host()}\r\nX-Sl".encode())
                stalled.append(sock)
            time.sleep(0.5)
            start = time.monotonic()
            reply = s.request("GET", "/api/entries?token=" + s.token, timeout=5)
            seconds = time.monotonic() - start
            if reply.status != 200:
                return self.expect(reply, 200)
            if seconds > 5:
                return f"a normal request took {seconds:.1f} s beside {len(stalled)} stalled ones"
        finally:
            for sock in stalled:
                sock.close()

    def burst(self, s):
        barrier = threading.Barrier(10, timeout=30)
        statuses, errors = [], []

        def approve():
            try:
                barrier.wait()
                statuses.append(s.approve("card-ref").status)
            except Exception as error:
                errors.append(f"{type(error).__name__}: {error}")

        threads = [threading.Thread(target=approve) for _ in range(10)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=150)
        problems = errors[:3]
        if any(t.is_alive() for t in threads):
            problems.append("an approval got no answer in 150 s")
        if set(statuses) - {200, 409}:
            problems.append(f"statuses {sorted(statuses)}: only 200 and 409 are right")
        if 200 not in statuses:
            problems.append(f"no approval succeeded: {sorted(statuses)}")
        return problems + self.reference_whole()

    def reference_whole(self):
        """The reference is a whole PNG the binary reads, its JSON (if any) parses, and no temporary file is left."""
        refs = os.path.join(self.suite, "refs")
        png = os.path.join(refs, "card@3x.png")
        problems = [png_problem(png)]
        if not problems[0]:
            done = subprocess.run([self.binary, "diff", png, png], capture_output=True, timeout=60)
            if done.returncode != 0:
                problems.append(f"`ghostline diff` of the reference with itself exited {done.returncode}: "
                                f"{done.stderr.decode(errors='replace').strip()[:200]}")
        layout = os.path.join(refs, "card@3x.json")
        if os.path.exists(layout):
            try:
                with open(layout) as f:
                    json.load(f)
            except ValueError as error:
                problems.append(f"card@3x.json does not parse: {error}")
        left = sorted(set(os.listdir(refs)) - {"card@3x.png", "card@3x.json", "linked@3x.png", "linked@3x.json"})
        if left:
            problems.append(f"left in refs/: {', '.join(left)}")
        return [p for p in problems if p]

    def signal_during_approve(self, s, number):
        """Approves card-ref from a thread, sends `number` once the entry is running, and checks what is left."""
        approving = threading.Thread(target=self.quietly, args=(s.approve, "card-ref"), kwargs={"timeout": 30}, daemon=True)
        approving.start()
        # Wait (briefly) until the approval's check is under way, so the signal lands during the write.
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and approving.is_alive():
            try:
                detail = json.loads(s.request("GET", "/api/entries/card-ref?token=" + s.token, timeout=5, record=False).body)
                if detail.get("running"):
                    break
            except (OSError, ValueError):
                pass
            time.sleep(0.01)
        problems = [s.signal(number)]
        approving.join(timeout=5)
        problems += [f"left {os.path.basename(f)} in its TMPDIR" for f in s.scratch()]
        return [p for p in problems if p] + self.reference_whole()

    @staticmethod
    def quietly(function, *args, **options):
        try:
            function(*args, **options)
        except OSError:   # the server going away mid-request is what this case does
            pass

    def any_host_warns(self, s):
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            text = s.stderr()
            if re.search(r"network", text, re.IGNORECASE):
                return None
            time.sleep(0.1)
        return f"no warning mentioning the network on stderr: {s.stderr().strip()[:200]!r}"

    def headers_on(self, status):
        seen = [r for r in self.recorded if r.status == status]
        if not seen:
            return f"no {status} response was seen to check"
        problems = [p for p in map(security_problem, seen) if p]
        if problems:
            return f"{len(problems)} of {len(seen)} lack them; " + "; ".join(problems[:3])

    def run(self):
        self.generate()
        self.case("manifest-accepted", self.manifest_accepted)

        s = self.start("main")
        if not self.case("server-starts", self.started, s):
            return
        self.case("scratch-folder-0700", self.scratch_private, s)
        self.case("no-token-401", self.no_token, s)
        self.case("wrong-token-401", self.wrong_token, s)
        self.case("foreign-host-421", self.foreign_host, s)
        self.case("localhost-host-200", self.localhost_host, s)
        self.case("script-name-escaped", self.script_name_escaped, s)
        self.case("head-index-200-no-body", self.head_index, s)
        self.case("favicon-not-401", self.favicon, s)
        self.case("export-no-store", self.export_no_store, s)
        self.case("no-such-entry-404", self.no_such_entry, s)
        self.case("foreign-origin-403-nothing-written", self.foreign_origin, s)
        self.case("linked-json-approve-403", self.linked_refused, s)
        self.case("body-1mb-413", self.body_too_large, s)
        self.case("malformed-json-400", self.malformed_json, s)
        self.case("header-64k-refused", self.huge_header, s)
        self.case("stalled-headers-do-not-block", self.stalled_headers, s)
        self.case("burst-10-approves", self.burst, s)
        self.case("sigterm-during-approve", self.signal_during_approve, s, signal.SIGTERM)

        s = self.start("sigint")
        if self.case("server-restarts", self.started, s):
            self.case("sigint-during-approve", self.signal_during_approve, s, signal.SIGINT)

        s = self.start("any-host", ["--host", "0.0.0.0"])
        if self.case("any-host-starts", s.wait_url):
            self.case("any-host-warns", self.any_host_warns, s)
            self.case("any-host-loopback-200", lambda: self.expect(s.request("GET", "/?token=" + s.token), 200))
            self.case("any-host-no-token-401", lambda: self.expect(s.request("GET", "/"), 401))
            s.signal(signal.SIGTERM)

        for status in SECURITY_STATUSES:
            self.case(f"security-headers-{status}", self.headers_on, status)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/ghostline"), help="the ghostline executable to run")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        setup_problem(f"{options.binary}: no such executable; build it first (swift build -c release --product ghostline)")
    work = tempfile.mkdtemp(prefix="ghostline-hostile-review-")
    run = Run(binary, work)
    started = time.monotonic()
    try:
        run.run()
    finally:
        for server in run.servers:
            server.kill()
        if options.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(f"review app: {run.cases} cases, {run.failed} failed ({time.monotonic() - started:.0f} s)")
    return 1 if run.failed else 0


if __name__ == "__main__":
    sys.exit(main())
