"""Real Kazoo lock clients for the explorer's tests: N contenders, each with its own session.

    python3 contenders.py <connect> <lockPath> <recipe> <spec>
      recipe: kazoo-lock | kazoo-rw | kazoo-semaphore:<maxLeases>
      spec:   the number of contenders, or for kazoo-rw one letter per contender (r = read, w = write)

Contenders join one at a time, in order. Prints one JSON object per line (session, acquired,
ready, released, as the Java contenders do) and reads "release <i>" / "quit" from stdin.
Connection security comes from the explorer's own settings in the environment: ZK_TLS_CA,
ZK_TLS_CERT and ZK_TLS_KEY (PEM files) for TLS, ZK_SASL=digest-md5:USER:PASSWORD for SASL.
"""
import json
import os
import sys
import threading
import time

from kazoo.client import KazooClient

_print_lock = threading.Lock()


def emit(**event):
    with _print_lock:
        print(json.dumps(event), flush=True)


def new_client(connect):
    """A Kazoo client over TLS and with SASL as the environment says."""
    options = {}
    if os.environ.get("ZK_TLS_CA"):
        options.update(use_ssl=True, ca=os.environ["ZK_TLS_CA"], certfile=os.environ.get("ZK_TLS_CERT"), keyfile=os.environ.get("ZK_TLS_KEY"))
    sasl = os.environ.get("ZK_SASL")
    if sasl:
        mechanism, username, password = sasl.split(":", 2)
        options["sasl_options"] = {"mechanism": mechanism.upper(), "username": username, "password": password}
    return KazooClient(hosts=connect, timeout=10.0, **options)


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
    else:
        raise ValueError("unknown recipe " + recipe)
    lock.acquire()
    emit(event="acquired", contender=index)
    release.wait()
    lock.release()
    emit(event="released", contender=index)


def main():
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
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            break
        if words[0] == "release":
            releases[int(words[1])].set()
    admin.stop()


if __name__ == "__main__":
    main()
