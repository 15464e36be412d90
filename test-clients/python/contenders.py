"""Real Kazoo lock clients for the explorer's tests: N contenders, each with its own session.

    python3 contenders.py <connect> <lockPath> <recipe> <spec>
      recipe: kazoo-lock | kazoo-rw | kazoo-semaphore:<maxLeases> | kazoo-herd
      spec:   the number of contenders, or for kazoo-rw one letter per contender (r = read, w = write)

kazoo-herd is a hand-written lock with the herd effect, as the recipe's documentation warns
against: <lockPath>/lock-<seq> nodes, every waiter watching the lock's children and reading them
again at any change, the lowest holding.

One ephemeral node (a system's one-node election: Kafka's controller), one session:

    python3 contenders.py <connect> <nodePath> node <data>

prints session and ready once the node is made; "release 0" deletes it (the session stays open),
"quit" closes the session.

Contenders join one at a time, in order. Prints one JSON object per line (session, acquired,
ready, released, as the Java contenders do) and reads "release <i>" / "quit" from stdin.
Connection security comes from the explorer's own settings in the environment: ZK_TLS_CA,
ZK_TLS_CERT and ZK_TLS_KEY (PEM files) for TLS, ZK_SASL=digest-md5:USER:PASSWORD for SASL;
KAZOO_SESSION_TIMEOUT_MS the session timeout asked for (10000 by default).

Looping mode (the busy-ensemble bench), Kazoo Lock on <locks> locks <root>/lock-<i>:

    python3 contenders.py <connect> <root> loop <locks>:<perLock>:<holdMinMs>:<holdMaxMs>[:<sessionTimeoutMs>]

(<perLock> a number or a range such as 2-3, as for the Java contenders.)

Each contender acquires, holds a random time in [holdMin, holdMax] and releases, for ever, and
prints the events the Java contenders' looping mode prints (session, ready, held, released, with
"us" the monotonic clock in microseconds taken just before the release). "crash <i>" is answered
crash-missed: Kazoo has no way to drop a session without closing it.
"""
import json
import os
import random
import sys
import threading
import time

from kazoo.client import KazooClient

_print_lock = threading.Lock()


def emit(**event):
    with _print_lock:
        print(json.dumps(event), flush=True)


def commands():
    """The commands read from stdin, each its word and its arguments, until "quit" or the end of stdin (the parent gone)."""
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            return
        yield words[0], words[1:]


def new_client(connect):
    """A Kazoo client over TLS and with SASL as the environment says."""
    options = {}
    if os.environ.get("ZK_TLS_CA"):
        options.update(use_ssl=True, ca=os.environ["ZK_TLS_CA"], certfile=os.environ.get("ZK_TLS_CERT"), keyfile=os.environ.get("ZK_TLS_KEY"))
    sasl = os.environ.get("ZK_SASL")
    if sasl:
        mechanism, username, password = sasl.split(":", 2)
        options["sasl_options"] = {"mechanism": mechanism.upper(), "username": username, "password": password}
    # KAZOO_SESSION_TIMEOUT_MS: the session timeout asked for (the showcase's crashed holders stay longer than the default 10 s).
    timeout = float(os.environ.get("KAZOO_SESSION_TIMEOUT_MS", "10000")) / 1000.0
    return KazooClient(hosts=connect, timeout=timeout, **options)


class HerdLock:
    """A hand-written lock with the herd effect: every waiter watches the lock's children and wakes at any change."""

    def __init__(self, client, path):
        self.client = client
        self.path = path
        self.node = None

    def acquire(self):
        self.client.ensure_path(self.path)
        self.node = self.client.create(self.path + "/lock-", ephemeral=True, sequence=True)
        name = self.node.rsplit("/", 1)[1]
        while True:
            changed = threading.Event()
            children = [child for child in self.client.get_children(self.path, watch=lambda _event: changed.set()) if child.startswith("lock-")]
            if min(children) == name:
                return
            changed.wait()

    def release(self):
        self.client.delete(self.node)


def one_node(connect, path, data):
    """One ephemeral node held by one session, deleted on "release", the session closed on "quit"."""
    client = new_client(connect)
    client.start()
    emit(event="session", contender=0, session=hex(client.client_id[0]))
    client.create(path, data.encode(), ephemeral=True, makepath=True)
    emit(event="acquired", contender=0)
    emit(event="ready")
    for command, _ in commands():
        if command == "release":
            client.delete(path)
            emit(event="released", contender=0)
    client.stop()
    client.close()


def contender_nodes(admin, path, recipe):
    paths = [path]
    if recipe.startswith("kazoo-semaphore"):
        paths.append(path + "-__lock__")
    return sum(len(admin.get_children(p)) for p in paths if admin.exists(p))


def run(connect, path, recipe, index, role, release):
    client = new_client(connect)
    client.start()
    emit(event="session", contender=index, session=hex(client.client_id[0]))
    if recipe == "kazoo-lock":
        lock = client.Lock(path, "contender-%d" % index)
    elif recipe == "kazoo-rw":
        lock = client.ReadLock(path, "reader-%d" % index) if role == "r" else client.WriteLock(path, "writer-%d" % index)
    elif recipe.startswith("kazoo-semaphore:"):
        lock = client.Semaphore(path, "contender-%d" % index, max_leases=int(recipe.split(":")[1]))
    elif recipe == "kazoo-herd":
        lock = HerdLock(client, path)
    else:
        raise ValueError("unknown recipe " + recipe)
    lock.acquire()
    emit(event="acquired", contender=index)
    release.wait()
    lock.release()
    emit(event="released", contender=index)


def loop_contender(client, path, lock_index, hold, wait, stopping, connected):
    """One contender of the looping mode: its own client, taking and giving back its lock until stopped.

    An attempt waits `wait` seconds (twice a full turn of the queue): one that times out leaves its
    watch behind, and that watch wakes the contender, queued again, when the node it watched goes.
    """
    client.start()
    emit(event="session", lock=lock_index, session=hex(client.client_id[0]))
    connected.release()
    lock = client.Lock(path, "contender")
    try:
        while not stopping.is_set():
            if not lock.acquire(timeout=wait):
                continue
            node = lock.node
            emit(event="held", lock=lock_index, node=node, us=time.monotonic_ns() // 1000)
            stopping.wait(random.uniform(hold[0], hold[1]) / 1000.0)
            us = time.monotonic_ns() // 1000
            lock.release()
            emit(event="released", lock=lock_index, node=node, us=us)
    except Exception as error:  # noqa: BLE001 - a contender says why it stopped, whatever it was
        if not stopping.is_set():
            emit(event="error", lock=lock_index, message=repr(error))


def loop(connect, root, spec):
    """The looping mode: every contender in this process, each on its own thread and session."""
    parts = spec.split(":")
    # "2-3": two contenders on even locks, three on odd ones, as the Java contenders do.
    bounds = [int(n) for n in parts[1].split("-")]
    fewest, most = bounds[0], bounds[-1]
    locks, hold = int(parts[0]), (int(parts[2]), int(parts[3]))
    timeout_ms = int(parts[4]) if len(parts) > 4 else 10000
    wait = max(30, 2 * most * hold[1] / 1000.0)
    stopping = threading.Event()
    connected = threading.Semaphore(0)
    lock_of = [i for i in range(locks) for _ in range(fewest + i % (most - fewest + 1))]
    clients = [KazooClient(hosts=connect, timeout=timeout_ms / 1000.0) for _ in lock_of]
    threads = [
        threading.Thread(target=loop_contender, args=(client, "%s/lock-%d" % (root, i), i, hold, wait, stopping, connected), daemon=True)
        for client, i in zip(clients, lock_of)
    ]
    for thread in threads:
        thread.start()
    # One minute for all of them, not each: a parent gone meanwhile is noticed on stdin after it.
    deadline = time.time() + 60
    for _ in threads:
        if not connected.acquire(timeout=max(0, deadline - time.time())):
            emit(event="error", message="not every contender connected within 60 s")
            break
    emit(event="ready")
    for command, args in commands():
        if command == "crash":
            emit(event="crash-missed", lock=int(args[0]))
    stopping.set()
    # Closing each session ends a waiter's acquire too; the contenders' threads are daemons.
    for client in clients:
        try:
            client.stop()
            client.close()
        except Exception:  # noqa: BLE001 - a client that never connected has nothing to close
            pass
    sys.stdout.flush()
    os._exit(0)


def main():
    if sys.argv[3] == "loop":
        loop(*sys.argv[1:3], sys.argv[4])
        return
    if sys.argv[3] == "node":
        one_node(sys.argv[1], sys.argv[2], sys.argv[4])
        return
    connect, path, recipe, spec = sys.argv[1:5]
    roles = list(spec) if recipe == "kazoo-rw" else ["x"] * int(spec)
    admin = new_client(connect)
    admin.start()
    releases = [threading.Event() for _ in roles]
    for index, role in enumerate(roles):
        before = contender_nodes(admin, path, recipe)
        threading.Thread(target=run, args=(connect, path, recipe, index, role, releases[index]), daemon=True).start()
        deadline = time.time() + 10
        while contender_nodes(admin, path, recipe) <= before and time.time() < deadline:
            time.sleep(0.01)
    emit(event="ready")
    for command, args in commands():
        if command == "release":
            releases[int(args[0])].set()
    admin.stop()


if __name__ == "__main__":
    main()
