#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Bounded loopback load on `harlequin serve`: what slow or careless clients do to everyone
else. Prints five numbers:

  keepalive   median latency of GET /api/games on one kept-alive connection
  trickle     with N clients each sending one header byte every 2 s, the slowest of the normal
              requests made meanwhile (and how soon the trickling clients were cut off)
  dropped     after N event streams opened and dropped at once, the slowest normal request
  held        with N event streams held open, the slowest normal request
  rss         resident memory of the server after N games created, played a few moves and
              closed

--check asserts the thresholds of issue 27 (median < 10 ms, < 1 s under trickle and with
streams, RSS < 150 MB) and exits 1 when one fails; --quick makes the run short (ctest)."""

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import check, start_serve, tally  # noqa: E402

HOST = "127.0.0.1"


def source():
    """A random loopback source address for a new connection: thousands of connections
    closed by the server leave its side of them in TIME_WAIT, and a new connection that
    happened to reuse one's address and port would wait a second for its handshake."""
    return (f"127.{random.randint(1, 254)}.{random.randint(1, 254)}.{random.randint(1, 254)}", 0)


def request(port, method, path, body=None, timeout=30):
    """One request on a new connection: (status, parsed JSON or text, seconds taken)."""
    t0 = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout, source_address=source())
    if body is None and method != "GET":
        body = {}  # the server takes a request that changes something only as JSON
    data = None if body is None else json.dumps(body)
    headers = {"Content-Type": "application/json"} if data is not None else {}
    conn.request(method, path, body=data, headers=headers)
    r = conn.getresponse()
    text = r.read().decode()
    conn.close()
    took = time.monotonic() - t0
    try:
        return r.status, json.loads(text), took
    except ValueError:
        return r.status, text, took


def normal_latency(port):
    """Seconds a normal GET /api/games takes on a new connection (30 s when it fails)."""
    try:
        status, _, took = request(port, "GET", "/api/games", timeout=30)
        return took if status == 200 else 30.0
    except OSError:
        return 30.0


def keepalive_median(port, count):
    conn = http.client.HTTPConnection(HOST, port, timeout=10, source_address=source())
    times = []
    for _ in range(count):
        t0 = time.monotonic()
        conn.request("GET", "/api/games")
        r = conn.getresponse()
        r.read()
        times.append(time.monotonic() - t0)
    conn.close()
    return statistics.median(times)


def trickle(port, clients, seconds):
    """`clients` connections each send one byte of a request's headers every 2 s for
    `seconds`; meanwhile a normal request every half second. Returns (slowest normal request,
    seconds until the last trickling connection was cut off or None if some never were)."""
    socks = []
    for _ in range(clients):
        s = socket.create_connection((HOST, port), source_address=source())
        s.setblocking(False)
        socks.append(s)
    text = f"GET /api/games HTTP/1.1\r\nHost: {HOST}:{port}\r\nX-Slow: ".encode() + b"a" * 1000
    sent = [0] * clients
    cut = [None] * clients
    slowest = 0.0
    t0 = time.monotonic()
    next_byte = t0
    next_probe = t0 + 0.5
    while time.monotonic() - t0 < seconds:
        now = time.monotonic()
        if now >= next_byte:
            for i, s in enumerate(socks):
                if cut[i] is not None:
                    continue
                try:
                    s.send(text[sent[i]:sent[i] + 1])
                    sent[i] += 1
                except OSError:
                    cut[i] = now - t0
            next_byte += 2.0
        for i, s in enumerate(socks):  # a cut-off connection reads as closed
            if cut[i] is None:
                try:
                    if s.recv(4096) == b"":
                        cut[i] = now - t0
                except BlockingIOError:
                    pass
                except OSError:
                    cut[i] = now - t0
        if now >= next_probe:
            slowest = max(slowest, normal_latency(port))
            next_probe = time.monotonic() + 0.5
        time.sleep(0.05)
    for s in socks:
        s.close()
    last_cut = None if any(c is None for c in cut) else max(cut)
    return slowest, last_cut


def open_stream(port, sid):
    s = socket.create_connection((HOST, port), timeout=10, source_address=source())
    s.sendall(f"GET /api/sessions/{sid}/events HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode())
    return s


def dropped_streams(port, sid, count):
    """Opens `count` event streams, reads their first bytes, drops them; the slowest of five
    normal requests made over the next 2.5 s."""
    socks = [open_stream(port, sid) for _ in range(count)]
    for s in socks:
        try:
            s.recv(1)
        except OSError:
            pass
    for s in socks:
        s.close()
    slowest = 0.0
    for _ in range(5):
        slowest = max(slowest, normal_latency(port))
        time.sleep(0.5)
    return slowest


def held_streams(port, sid, count):
    """Holds `count` event streams open (each has received its first state) and makes five
    normal requests; the slowest."""
    socks = []
    for _ in range(count):
        s = open_stream(port, sid)
        socks.append(s)
    got = 0
    for s in socks:
        try:
            if s.recv(1):
                got += 1
        except OSError:
            pass
    slowest = 0.0
    for _ in range(5):
        slowest = max(slowest, normal_latency(port))
    for s in socks:
        s.close()
    return slowest, got


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def games_played_and_closed(port, pid, count):
    """Creates `count` games, eight at a time (Harlequin plays Black), plays two moves of each
    and closes it; the resident memory afterwards and its peak (MB)."""
    peak = [0.0]
    failures = []

    def play(i):
        status, s, _ = request(port, "POST", "/api/sessions", {
            "game": "chess", "settings": {"white": "human", "black": "harlequin", "depth": 2}})
        if status != 201:
            failures.append(f"game {i} not created: {status} {s}")
            return
        sid = s["id"]
        request(port, "POST", f"/api/sessions/{sid}/move", {"move": "e2e4", "ply": 0})
        for _ in range(200):  # the engine's reply
            status, st, _ = request(port, "GET", f"/api/sessions/{sid}")
            if status != 200 or st.get("ply", 0) >= 2:
                break
            time.sleep(0.01)
        peak[0] = max(peak[0], rss_mb(pid))
        request(port, "POST", f"/api/sessions/{sid}/close")

    # Eight at a time.
    for first in range(0, count, 8):
        threads = [threading.Thread(target=play, args=(i,))
                   for i in range(first, min(count, first + 8))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    for f in failures[:5]:
        check(False, f)
    time.sleep(0.5)
    return rss_mb(pid), peak[0]


T0 = time.monotonic()


def stamp():
    return f"[{time.monotonic() - T0:.1f} s]"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--harlequin", required=True, help="the harlequin binary")
    ap.add_argument("--check", action="store_true", help="assert the issue's thresholds")
    ap.add_argument("--quick", action="store_true", help="a short run (for ctest)")
    a = ap.parse_args()

    trickle_clients, trickle_seconds = (200, 8) if a.quick else (200, 20)
    games = 120
    proc, port = start_serve(a.harlequin)
    try:
        median = keepalive_median(port, 50 if a.quick else 300)
        print(f"{stamp()} keepalive: median GET /api/games {median * 1000:.2f} ms", flush=True)
        slow, last_cut = trickle(port, trickle_clients, trickle_seconds)
        cut_text = "never" if last_cut is None else f"all by {last_cut:.1f} s"
        print(f"{stamp()} trickle: {trickle_clients} clients, slowest normal request {slow * 1000:.1f} ms, "
              f"trickling clients cut off: {cut_text}", flush=True)

        status, s, _ = request(port, "POST", "/api/sessions",
                               {"game": "chess", "settings": {"white": "human", "black": "human"}})
        sid = s["id"] if status == 201 else "0"
        dropped = dropped_streams(port, sid, 100)
        print(f"{stamp()} dropped: 100 event streams opened and dropped, slowest normal request "
              f"{dropped * 1000:.1f} ms", flush=True)
        held, got = held_streams(port, sid, 80)
        print(f"{stamp()} held: 80 event streams held ({got} answered), slowest normal request "
              f"{held * 1000:.1f} ms", flush=True)
        request(port, "POST", f"/api/sessions/{sid}/close")

        rss, peak = games_played_and_closed(port, proc.pid, games)
        print(f"{stamp()} rss: {rss:.1f} MB after {games} games created, played and closed "
              f"(peak {peak:.1f} MB)", flush=True)
    finally:
        proc.terminate()
        proc.wait(timeout=20)

    if a.check:
        check(median < 0.010, f"median keep-alive latency {median * 1000:.2f} ms (limit 10 ms)")
        check(slow < 1.0, f"a normal request under trickle took {slow:.2f} s (limit 1 s)")
        check(last_cut is not None, "trickling clients were never cut off")
        check(dropped < 1.0, f"a request after dropped streams took {dropped:.2f} s (limit 1 s)")
        check(held < 1.0, f"a request with held streams took {held:.2f} s (limit 1 s)")
        check(got == 80, f"only {got} of 80 event streams answered")
        check(rss < 150, f"resident memory {rss:.1f} MB after the games (limit 150 MB)")
        return tally()
    return 0


if __name__ == "__main__":
    sys.exit(main())
