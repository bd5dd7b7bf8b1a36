#!/usr/bin/env python3
"""attack.py: hostile clients against `protohttp-demo serve`, each beside a well-behaved one (scripts/attack runs it).

Usage: attack.py PROTOHTTP_DEMO [attack ...]   (default: every attack)

Starts `PROTOHTTP_DEMO serve --port 0` in cleartext and, for the TLS attacks, with a throwaway
certificate; measures a well-behaved client alone (wrk: 4 keep-alive connections calling
notes.Notes/GetNote over Connect JSON); then runs each attack for ATTACK_SECONDS (default 10) on
loopback while wrk calls again, sampling the server's resident memory and open descriptors every
50 ms. One line per attack, a contract other tools read:

  RESULT attack=<name> server_alive=<true|false> rss_mib=<peak> fds=<peak> good_rps_ratio=<r>

good_rps_ratio is wrk's requests per second during the attack over its rate alone, measured for
BASELINE_SECONDS (default 4) just before that attack: on a shared machine the rate alone moved
between 12,400 and 16,500 requests/s from one run to the next, so one baseline at the start made
the later ratios measure that drift as much as the attack. The run fails
(exit 1) when the server died, its RSS passed 512 MiB, or the ratio fell under 0.5, for any attack.
"""
import asyncio
import functools
import gzip
import os
import re
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time

SECONDS = float(os.environ.get("ATTACK_SECONDS", "10"))
BASELINE_SECONDS = float(os.environ.get("BASELINE_SECONDS", "4"))
RSS_LIMIT_MIB = 512
RATIO_FLOOR = 0.5
GET_NOTE = b'{"id":"n1"}'


class Server:
    """One `protohttp-demo serve` process and what it uses, sampled while an attack runs."""

    def __init__(self, demo, tls_files=None):
        args = [demo, "serve", "--port", "0"]
        if tls_files:
            args += ["--tls-cert", tls_files[0], "--tls-key", tls_files[1]]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"https?://127\.0\.0\.1:(\d+)", line)
        if not match:
            self.process.kill()
            raise SystemExit(f"attack: protohttp-demo serve printed no URL: {line!r}")
        self.port = int(match.group(1))
        self.tls = tls_files is not None
        # Keep reading its output so a full pipe never blocks it.
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()
        self.peak_rss = 0
        self.peak_fds = 0
        self._sampling = False

    def alive(self):
        return self.process.poll() is None

    def sample(self):
        try:
            with open(f"/proc/{self.process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        self.peak_rss = max(self.peak_rss, int(line.split()[1]) * 1024)
            self.peak_fds = max(self.peak_fds, len(os.listdir(f"/proc/{self.process.pid}/fd")))
        except OSError:
            pass

    def start_sampling(self):
        self.peak_rss = 0
        self.peak_fds = 0
        self._sampling = True

        def loop():
            while self._sampling:
                self.sample()
                time.sleep(0.05)  # the sampling interval
        self._thread = threading.Thread(target=loop, daemon=True)
        self._thread.start()

    def stop_sampling(self):
        self._sampling = False
        self._thread.join()

    def answers(self):
        """Whether a plain GetNote call still gets an HTTP answer (any status) within 10 s."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=10) as raw:
                sock = wrap(raw, self.tls)
                sock.sendall(request_bytes())
                return sock.recv(12).startswith(b"HTTP/1.1 ")
        except OSError:
            return False

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()


def wrap(sock, tls):
    if not tls:
        return sock
    context = client_tls()
    context.set_alpn_protocols(["http/1.1"])
    return context.wrap_socket(sock, server_hostname="127.0.0.1")


def request_bytes(path="/notes.Notes/GetNote", body=GET_NOTE, extra=b""):
    return (b"POST " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + extra + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


def good_rps(server, seconds):
    """wrk's rate against the server: 4 keep-alive connections, one thread."""
    script = os.path.join(tempfile.gettempdir(), "protohttp-attack-getnote.lua")
    with open(script, "w") as f:
        f.write('wrk.method = "POST"\nwrk.body = \'{"id":"n1"}\'\nwrk.headers["Content-Type"] = "application/json"\n')
    scheme = "https" if server.tls else "http"
    out = subprocess.run(["wrk", "-t1", "-c4", f"-d{max(1, int(seconds))}s", "-s", script,
                          f"{scheme}://127.0.0.1:{server.port}/notes.Notes/GetNote"],
                         capture_output=True, text=True).stdout
    match = re.search(r"Requests/sec:\s*([\d.]+)", out)
    return float(match.group(1)) if match else 0.0


# MARK: Attacks. Each runs until `deadline` (loop time) against `server`.

async def open_stream(server):
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port, ssl=client_tls() if server.tls else None)
    return reader, writer


def client_tls():
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


async def hold_many(server, deadline, count, start, step, interval=1.0):
    """`count` connections: each sends `start`, then `step` every `interval` seconds until the deadline."""
    async def one():
        try:
            _, writer = await open_stream(server)
            writer.write(start)
            while asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(interval)  # the attacker's trickle interval
                writer.write(step)
                await writer.drain()
        except (OSError, ssl.SSLError, asyncio.IncompleteReadError):
            pass  # cut off: reconnecting is the next attacker's business
    await asyncio.gather(*(one() for _ in range(count)))


async def slowloris(server, deadline):
    await hold_many(server, deadline, 1000, b"POST /notes.Notes/GetNote HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"X-a: b\r\n")


async def slow_body(server, deadline):
    head = b"POST /notes.Notes/GetNote HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
    await hold_many(server, deadline, 1000, head, b" ")


async def big_announcements(server, deadline):
    head = b"POST /notes.Notes/CreateNote HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/proto\r\nContent-Length: 4194304\r\n\r\n"
    await hold_many(server, deadline, 1000, head, b"", interval=2.0)


async def never_reading(server, deadline):
    """50 connections that pipeline requests as fast as the socket takes them and never read."""
    batch = request_bytes() * 200

    async def one():
        try:
            _, writer = await open_stream(server)
            while asyncio.get_running_loop().time() < deadline:
                writer.write(batch)
                await asyncio.wait_for(writer.drain(), timeout=max(0.1, deadline - asyncio.get_running_loop().time()))
        except (OSError, ssl.SSLError, asyncio.TimeoutError):
            pass
    await asyncio.gather(*(one() for _ in range(50)))


async def connection_flood(server, deadline):
    """Connections opened as fast as possible, up to 1,000 held open and idle, the rest closed at once."""
    held = []

    async def opener():
        while asyncio.get_running_loop().time() < deadline:
            try:
                _, writer = await open_stream(server)
            except (OSError, ssl.SSLError):
                await asyncio.sleep(0.01)  # the listener's backlog is full: try again shortly
                continue
            if len(held) < 1000:
                held.append(writer)
            else:
                writer.close()
    await asyncio.gather(*(opener() for _ in range(16)))
    for writer in held:
        writer.close()


async def pipelined(server, deadline):
    """10,000 pipelined requests on one connection, answers read, again until the deadline."""
    batch = request_bytes() * 10_000
    while asyncio.get_running_loop().time() < deadline:
        try:
            reader, writer = await open_stream(server)
            writer.write(batch)
            seen = 0
            while seen < 10_000 and asyncio.get_running_loop().time() < deadline:
                chunk = await asyncio.wait_for(reader.read(1 << 16), timeout=5)
                if not chunk:
                    break
                seen += chunk.count(b"HTTP/1.1 ")
            writer.close()
        except (OSError, asyncio.TimeoutError):
            await asyncio.sleep(0.01)


async def send_repeatedly(server, deadline, request, connections, answer_timeout):
    """`connections` loops, each sending `request` on a new connection and reading the start of
    its answer, until the deadline."""
    async def one():
        while asyncio.get_running_loop().time() < deadline:
            try:
                reader, writer = await open_stream(server)
                writer.write(request)
                await asyncio.wait_for(reader.read(1024), timeout=answer_timeout)
                writer.close()
            except (OSError, asyncio.TimeoutError, ConnectionError):
                await asyncio.sleep(0.01)  # refused or reset: try again shortly
    await asyncio.gather(*(one() for _ in range(connections)))


async def oversized_headers(server, deadline):
    """Requests whose headers add up to 1 MiB, again and again on new connections."""
    extra = b"".join(b"X-Filler-%d: %s\r\n" % (i, b"v" * 1000) for i in range(1000))
    await send_repeatedly(server, deadline, request_bytes(extra=extra), 8, 5)


@functools.cache
def gzip_bomb_body():
    """1 GiB of zeros, gzipped (about 1 MiB): made once, before any measuring (compressing it
    takes the attacker's process seconds of a core, which is no work the server is made to do)."""
    return gzip.compress(b"\0" * (1 << 30), compresslevel=9)


async def gzip_bomb(server, deadline):
    """gzip bodies that inflate to 1 GiB of zeros (about 1 MiB on the wire)."""
    await send_repeatedly(server, deadline, request_bytes(body=gzip_bomb_body(), extra=b"Content-Encoding: gzip\r\n"), 4, 10)


# HTTP/2 frames, by hand (cleartext, prior knowledge).
PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"


def frame(kind, flags, stream, payload):
    return len(payload).to_bytes(3, "big") + bytes([kind, flags]) + stream.to_bytes(4, "big") + payload


def header_block(path):
    fields = [(":method", "POST"), (":scheme", "http"), (":path", path), (":authority", "127.0.0.1"),
              ("content-type", "application/json")]
    return b"".join(b"\x00" + bytes([len(n)]) + n.encode() + bytes([len(v)]) + v.encode() for n, v in fields)


async def h2_connection_loop(server, deadline, payload_for_connection):
    while asyncio.get_running_loop().time() < deadline:
        try:
            reader, writer = await open_stream(server)
            writer.write(PREFACE + frame(0x4, 0, 0, b""))
            writer.write(payload_for_connection())
            await writer.drain()
            # Read until the server closes (GOAWAY then close) or a second passes.
            while True:
                chunk = await asyncio.wait_for(reader.read(1 << 16), timeout=1)
                if not chunk:
                    break
            writer.close()
        except (OSError, asyncio.TimeoutError, ConnectionError):
            pass


async def h2_rapid_reset(server, deadline):
    block = header_block("/notes.Notes/GetNote")

    def burst():
        out = bytearray()
        for i in range(1000):
            stream = 2 * i + 1
            out += frame(0x1, 0x4, stream, block) + frame(0x3, 0, stream, (8).to_bytes(4, "big"))
        return bytes(out)
    await asyncio.gather(*(h2_connection_loop(server, deadline, burst) for _ in range(8)))


async def h2_continuation_flood(server, deadline):
    def flood():
        return frame(0x1, 0, 1, b"\x00") + frame(0x9, 0, 1, b"\x01a\x01b") * 10_000
    await asyncio.gather(*(h2_connection_loop(server, deadline, flood) for _ in range(8)))


ATTACKS = {
    "slowloris": (slowloris, False),
    "slow-body": (slow_body, False),
    "never-reading": (never_reading, False),
    "connection-flood": (connection_flood, False),
    "big-announcements": (big_announcements, False),
    "h2-rapid-reset": (h2_rapid_reset, False),
    "h2-continuation-flood": (h2_continuation_flood, False),
    "oversized-headers": (oversized_headers, False),
    "gzip-bomb": (gzip_bomb, False),
    "pipelined": (pipelined, False),
    "tls-slowloris": (slowloris, True),
    "tls-connection-flood": (connection_flood, True),
}


def make_certificate(folder):
    key, cert = os.path.join(folder, "key.pem"), os.path.join(folder, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True)
    return cert, key


# What an attack needs made before it starts, outside the measured window.
PREPARE = {"gzip-bomb": gzip_bomb_body}


def run_attack(name, server):
    attack, _ = ATTACKS[name]
    if name in PREPARE:
        PREPARE[name]()
    baseline = good_rps(server, BASELINE_SECONDS)
    print(f"attack: {name}: alone {baseline:.0f} requests/s", flush=True)
    server.start_sampling()
    result = {}

    def attacker():
        loop = asyncio.new_event_loop()
        deadline = loop.time() + SECONDS
        try:
            loop.run_until_complete(asyncio.wait_for(attack(server, deadline), timeout=SECONDS + 30))
        except asyncio.TimeoutError:
            pass
        finally:
            loop.close()
    thread = threading.Thread(target=attacker)
    thread.start()
    time.sleep(min(2.0, SECONDS / 4))  # let the attack build up before measuring beside it
    rps = good_rps(server, SECONDS - min(2.0, SECONDS / 4) - 1)
    thread.join()
    server.stop_sampling()
    alive = server.alive() and server.answers()
    ratio = rps / baseline if baseline > 0 else 0.0
    rss = server.peak_rss / (1 << 20)
    print(f"RESULT attack={name} server_alive={'true' if alive else 'false'} rss_mib={rss:.0f} "
          f"fds={server.peak_fds} good_rps_ratio={ratio:.2f}", flush=True)
    return alive and rss < RSS_LIMIT_MIB and ratio >= RATIO_FLOOR


def main():
    demo = sys.argv[1]
    names = sys.argv[2:] or list(ATTACKS)
    unknown = [n for n in names if n not in ATTACKS]
    if unknown:
        raise SystemExit(f"attack: no attack named {', '.join(unknown)}; the attacks are: {', '.join(ATTACKS)}")
    failed = []
    with tempfile.TemporaryDirectory() as folder:
        tls_files = make_certificate(folder)
        for tls in (False, True):
            chosen = [n for n in names if ATTACKS[n][1] == tls]
            if not chosen:
                continue
            server = Server(demo, tls_files if tls else None)
            try:
                for name in chosen:
                    if not server.alive():
                        server = Server(demo, tls_files if tls else None)
                    if not run_attack(name, server):
                        failed.append(name)
                    time.sleep(1)  # what the attack left behind closes before the next one
            finally:
                server.stop()
    if failed:
        print(f"attack: failed: {', '.join(failed)} (server dead, RSS past {RSS_LIMIT_MIB} MiB or good_rps_ratio under {RATIO_FLOOR})",
              file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
