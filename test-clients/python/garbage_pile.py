"""The rubbish real Kazoo leaves, for the lock-garbage tests: a pile of empty lock parents, a lock
in use among them, and a node leaked by a client that gave up on an acquire.

    python3 garbage_pile.py <connect> <group> <count> [<threads>]

1. A holder takes the Kazoo Lock <group>/job-live and keeps it (a live sibling of the pile).
2. A leaker's Lock.acquire() on the same lock blocks in a thread the program then gives up on;
   the same client queues again with a new Lock object: its first node stays, ahead of its next.
3. <count> locks <group>/job-<i>, each acquired and released once by Kazoo's Lock (<threads>
   threads over a few clients, 16 by default): Kazoo makes each parent with ensure_path and never
   removes it, so <count> persistent empty parents are left.

Prints one JSON object per line:
    {"event":"session","role":"holder"|"leaker","session":"0x…"}
    {"event":"held","node":"<name>"}          the holder's node
    {"event":"leak","node":"<name>","again":"<name>"}   the leaked node and the one queued after it
    {"event":"pile","count":n,"seconds":s}
    {"event":"ready"}
and reads "quit" from stdin (or its end: the parent gone), then closes every session.
"""
import json
import os
import sys
import threading
import time

from kazoo.client import KazooClient

CLIENTS = 4


def emit(**event):
    print(json.dumps(event), flush=True)


def started(connect):
    client = KazooClient(hosts=connect, timeout=10.0)
    client.start(timeout=30)
    return client


def waiting(lock):
    """Runs the lock's acquire in a daemon thread, for ever: it ends only when the session closes (which it then raises)."""

    def acquire():
        try:
            lock.acquire()
        except Exception:  # noqa: BLE001 - the session closed under a waiter given up on
            pass

    threading.Thread(target=acquire, daemon=True).start()


def node_of(lock, deadline_s=30):
    """The name of the node a Lock made, once its acquire has made it (it is set before the acquire waits)."""
    deadline = time.time() + deadline_s
    while lock.node is None:
        if time.time() > deadline:
            raise RuntimeError("the lock's node was not made within %d s" % deadline_s)
        time.sleep(0.005)
    return lock.node


def live_lock_and_leak(connect, path):
    """The holder's Lock, kept, and the leaker's two nodes: the first given up on, the second queued behind it."""
    holder = started(connect)
    emit(event="session", role="holder", session=hex(holder.client_id[0]))
    held = holder.Lock(path, "holder")
    held.acquire()
    emit(event="held", node=held.node)
    leaker = started(connect)
    emit(event="session", role="leaker", session=hex(leaker.client_id[0]))
    # The application waits for the lock in a thread and gives up on it (a timed-out request, a
    # cancelled job) without cancelling the acquire: its node stays in the queue for ever.
    given_up = leaker.Lock(path, "leaker")
    waiting(given_up)
    first = node_of(given_up)
    # Later the same client asks again, with a new Lock object: a second node, behind the first.
    again = leaker.Lock(path, "leaker")
    waiting(again)
    emit(event="leak", node=first, again=node_of(again))
    return [holder, leaker]


def pile(connect, group, count, threads):
    """<count> locks each acquired and released once; returns the clients used."""
    clients = [started(connect) for _ in range(CLIENTS)]
    next_index = [0]
    taking = threading.Lock()
    failures = []

    def work(client):
        while True:
            with taking:
                index = next_index[0]
                next_index[0] += 1
            if index >= count or failures:
                return
            try:
                lock = client.Lock("%s/job-%d" % (group, index), "worker")
                lock.acquire()
                lock.release()
            except Exception as error:  # noqa: BLE001 - the first failure is said and ends the pile
                failures.append(repr(error))
                return

    began = time.monotonic()
    workers = [threading.Thread(target=work, args=(clients[i % CLIENTS],), daemon=True) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    if failures:
        raise RuntimeError(failures[0])
    emit(event="pile", count=count, seconds=round(time.monotonic() - began, 3))
    return clients


def main():
    connect, group, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    threads = int(sys.argv[4]) if len(sys.argv) > 4 else 16
    clients = []
    try:
        clients += live_lock_and_leak(connect, group + "/job-live")
        clients += pile(connect, group, count, threads)
        emit(event="ready")
        for line in sys.stdin:
            if line.strip() == "quit":
                break
    except Exception as error:  # noqa: BLE001 - the test reads why
        emit(event="error", message=repr(error))
    for client in clients:
        try:
            client.stop()
            client.close()
        except Exception:  # noqa: BLE001 - closing what is left
            pass
    sys.stdout.flush()
    # The leaker's acquires still wait in their threads.
    os._exit(0)


if __name__ == "__main__":
    main()
