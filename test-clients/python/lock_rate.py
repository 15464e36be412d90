"""Handovers per second of Kazoo's Lock: N contenders, each with its own KazooClient (its own
session), taking and giving back one lock as fast as they can.

    python3 lock_rate.py <connect> <lockPath> <contenders> <warmupMs> <durationMs>

Counts the acquisitions made in <durationMs> after <warmupMs>, and prints one JSON line:
    {"acquisitions": n, "seconds": s}
"""
import json
import sys
import threading
import time

from kazoo.client import KazooClient


def main():
    connect, path = sys.argv[1], sys.argv[2]
    count, warmup_ms, duration_ms = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    acquisitions = [0]
    counter = threading.Lock()
    stopping = threading.Event()
    clients = []
    for _ in range(count):
        client = KazooClient(hosts=connect, timeout=30.0)
        client.start()
        clients.append(client)

    def contend(client, index):
        lock = client.Lock(path, "contender-%d" % index)
        while not stopping.is_set():
            with lock:
                with counter:
                    acquisitions[0] += 1

    threads = [threading.Thread(target=contend, args=(client, index), daemon=True) for index, client in enumerate(clients)]
    for thread in threads:
        thread.start()
    time.sleep(warmup_ms / 1000)
    before = acquisitions[0]
    start = time.monotonic()
    time.sleep(duration_ms / 1000)
    after = acquisitions[0]
    seconds = time.monotonic() - start
    stopping.set()
    for thread in threads:
        thread.join(10)
    for client in clients:
        client.stop()
        client.close()
    print(json.dumps({"acquisitions": after - before, "seconds": seconds}), flush=True)


if __name__ == "__main__":
    main()
