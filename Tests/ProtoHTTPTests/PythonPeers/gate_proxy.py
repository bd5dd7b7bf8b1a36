#!/usr/bin/env python3
"""gate_proxy.py: a loopback TCP proxy that holds its first response after N bytes until the test releases it.

Usage: gate_proxy.py UPSTREAM_PORT HOLD_AFTER

Listens on 127.0.0.1 and a free port and prints "PORT <n>". Every connection is piped to
127.0.0.1:UPSTREAM_PORT both ways. On the first connection only, after exactly HOLD_AFTER bytes
of the upstream's answer have been forwarded, the proxy stops forwarding that answer and prints
"HELD <bytes>": the client has those bytes and no more, whatever the machine's speed, so a test
can act at a point of the transfer it knows (cancel a download, say) instead of after a guessed
sleep. A line "release" on stdin lets the held answer go on; a client that closes its side
ends the held connection. Later connections are never held. Closing stdin ends the proxy.
"""
import socket
import sys
import threading

released = threading.Event()
held_once = threading.Lock()
state = {"gated": False}


def pump(source, target, closed, hold_after=None):
    forwarded = 0
    try:
        while True:
            want = 65536
            if hold_after is not None and forwarded < hold_after:
                want = min(want, hold_after - forwarded)
            data = source.recv(want)
            if not data:
                break
            target.sendall(data)
            forwarded += len(data)
            if hold_after is not None and forwarded == hold_after:
                print(f"HELD {forwarded}", flush=True)
                # Wait for the test's release or for the client to go away; the 50 ms slices
                # only bound how late a closed client is noticed.
                while not released.wait(0.05):
                    if closed.is_set():
                        return
                hold_after = None
    except OSError:
        pass
    finally:
        closed.set()
        for sock in (source, target):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def serve(client, upstream_port, hold_after):
    try:
        upstream = socket.create_connection(("127.0.0.1", upstream_port))
    except OSError:
        client.close()
        return
    gate = None
    with held_once:
        if not state["gated"]:
            state["gated"] = True
            gate = hold_after
    closed = threading.Event()
    up = threading.Thread(target=pump, args=(client, upstream, closed), daemon=True)
    down = threading.Thread(target=pump, args=(upstream, client, closed, gate), daemon=True)
    up.start()
    down.start()
    up.join()
    down.join()
    client.close()
    upstream.close()


def main():
    upstream_port, hold_after = int(sys.argv[1]), int(sys.argv[2])
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)

    def accept():
        while True:
            client, _ = listener.accept()
            threading.Thread(target=serve, args=(client, upstream_port, hold_after), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    print(f"PORT {listener.getsockname()[1]}", flush=True)
    for line in sys.stdin:
        if line.strip() == "release":
            released.set()


if __name__ == "__main__":
    main()
