// The looping mode of Contenders (see its header): contenders of Curator's InterProcessMutex
// that take, hold and give back their lock for ever, one JVM for all of them, each with its own
// session, as the busy-ensemble bench needs a hundred locks handing over without a JVM each.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.ZooKeeper;

public class Looping {
  static volatile boolean stopping = false;
  static final List<CuratorFramework> clients = new ArrayList<>();
  /**
   * How long one attempt waits, set in `main` to twice a full turn of the largest queue: an attempt that times out leaves its
   * watch on the node it waited behind (Curator removes watches only on release), and that watch wakes the contender, queued
   * again, when the node goes, which ZooKeeper shows as several waiters woken by one release (a herd) in a chained lock.
   */
  static long waitSeconds = 30;

  /** Curator keeps the lock node's path to itself; its own subclass may ask. */
  static class NamedMutex extends InterProcessMutex {
    NamedMutex(CuratorFramework client, String path) {
      super(client, path);
    }

    String node() {
      String path = getLockPath();
      return path == null ? "" : path.substring(path.lastIndexOf('/') + 1);
    }
  }

  /** One contender: its own client and thread; the holder of a lock waits on itself, so that a crash wakes it. */
  static class Contender implements Runnable {
    final String connect;
    final String path;
    final int lock;
    final int[] hold;
    final int timeoutMs;
    final AtomicReference<Contender> holder;
    final CountDownLatch connected;
    boolean crash = false;

    Contender(String connect, String path, int lock, int[] hold, int timeoutMs, AtomicReference<Contender> holder, CountDownLatch connected) {
      this.connect = connect;
      this.path = path;
      this.lock = lock;
      this.hold = hold;
      this.timeoutMs = timeoutMs;
      this.holder = holder;
      this.connected = connected;
    }

    synchronized boolean crash() {
      if (holder.get() != this) return false;
      crash = true;
      notifyAll();
      return true;
    }

    /** Holds for the given time; true when a crash was asked meanwhile. */
    synchronized boolean holdFor(long ms) throws InterruptedException {
      long end = System.currentTimeMillis() + ms;
      for (long left = ms; !crash && !stopping && left > 0; left = end - System.currentTimeMillis()) wait(left);
      return crash;
    }

    public void run() {
      CuratorFramework client = CuratorFrameworkFactory.newClient(connect, timeoutMs, 10000, new RetryOneTime(100));
      synchronized (clients) {
        clients.add(client);
      }
      try {
        client.start();
        client.blockUntilConnected();
        long session = client.getZookeeperClient().getZooKeeper().getSessionId();
        Contenders.emit("{\"event\":\"session\",\"lock\":" + lock + ",\"session\":\"0x" + Long.toHexString(session) + "\"}");
        connected.countDown();
        NamedMutex mutex = new NamedMutex(client, path);
        while (!stopping) {
          if (!mutex.acquire(waitSeconds, TimeUnit.SECONDS)) continue;
          String node = mutex.node();
          holder.set(this);
          Contenders.emit("{\"event\":\"held\",\"lock\":" + lock + ",\"node\":\"" + node + "\",\"us\":" + System.nanoTime() / 1000 + "}");
          if (holdFor(ThreadLocalRandom.current().nextInt(hold[0], hold[1] + 1))) {
            crashed(client, node);
            return;
          }
          holder.compareAndSet(this, null);
          long us = System.nanoTime() / 1000;
          mutex.release();
          Contenders.emit("{\"event\":\"released\",\"lock\":" + lock + ",\"node\":\"" + node + "\",\"us\":" + us + "}");
        }
      } catch (Exception e) {
        if (!stopping) Contenders.emit("{\"event\":\"error\",\"lock\":" + lock + ",\"message\":\"" + e.toString().replace("\"", "'") + "\"}");
      }
    }

    /** Stops talking to ZooKeeper without closing the session (as a process that died), and starts a contender in its place. */
    void crashed(CuratorFramework client, String node) throws Exception {
      long session = client.getZookeeperClient().getZooKeeper().getSessionId();
      long us = System.nanoTime() / 1000;
      ZooKeeper zooKeeper = client.getZookeeperClient().getZooKeeper();
      // The connection marked closed first: injectSessionExpiration delivers Expired before it does so, and Curator, closing
      // its handle on Expired, could meanwhile send closeSession, which deletes the node at once, a clean close and no crash
      // (one crash in five did, in the busy bench). Marked closed, the handle sends nothing more and its thread drops the socket.
      Field cnxn = ZooKeeper.class.getDeclaredField("cnxn");
      cnxn.setAccessible(true);
      Object connection = cnxn.get(zooKeeper);
      Field state = connection.getClass().getDeclaredField("state");
      state.setAccessible(true);
      state.set(connection, ZooKeeper.States.CLOSED);
      zooKeeper.getTestable().injectSessionExpiration();
      holder.compareAndSet(this, null);
      Contenders.emit("{\"event\":\"crashed\",\"lock\":" + lock + ",\"node\":\"" + node + "\",\"session\":\"0x" + Long.toHexString(session) + "\",\"us\":" + us + "}");
      Thread next = new Thread(new Contender(connect, path, lock, hold, timeoutMs, holder, new CountDownLatch(1)));
      next.setDaemon(true);
      next.start();
    }
  }

  static void main(String connect, String root, String spec) throws Exception {
    String[] parts = spec.split(":");
    int locks = Integer.parseInt(parts[0]);
    // "2-3": two contenders on even locks, three on odd ones.
    String[] range = parts[1].split("-");
    int fewest = Integer.parseInt(range[0]);
    int most = Integer.parseInt(range[range.length - 1]);
    int[] hold = {Integer.parseInt(parts[2]), Integer.parseInt(parts[3])};
    int timeoutMs = parts.length > 4 ? Integer.parseInt(parts[4]) : 10000;
    waitSeconds = Math.max(30, 2L * most * hold[1] / 1000);
    List<AtomicReference<Contender>> holders = new ArrayList<>();
    int total = 0;
    for (int i = 0; i < locks; i++) total += fewest + i % (most - fewest + 1);
    CountDownLatch connected = new CountDownLatch(total);
    for (int i = 0; i < locks; i++) {
      AtomicReference<Contender> holder = new AtomicReference<>();
      holders.add(holder);
      for (int j = 0; j < fewest + i % (most - fewest + 1); j++) {
        Thread thread = new Thread(new Contender(connect, root + "/lock-" + i, i, hold, timeoutMs, holder, connected));
        thread.setDaemon(true);
        thread.start();
      }
    }
    if (!connected.await(60, TimeUnit.SECONDS)) Contenders.emit("{\"event\":\"error\",\"message\":\"not every contender connected within 60 s\"}");
    Contenders.emit("{\"event\":\"ready\"}");
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    String line;
    while ((line = in.readLine()) != null) {
      String[] words = line.trim().split("\\s+");
      if (words[0].equals("quit")) break;
      if (words[0].equals("crash")) {
        int lock = Integer.parseInt(words[1]);
        Contender holder = holders.get(lock).get();
        if (holder == null || !holder.crash()) Contenders.emit("{\"event\":\"crash-missed\",\"lock\":" + lock + "}");
      }
    }
    stopping = true;
    // Closed in parallel, each session's close a round trip: the parent waits at most a few seconds.
    List<CuratorFramework> all;
    synchronized (clients) {
      all = new ArrayList<>(clients);
    }
    all.parallelStream().forEach(client -> {
      try {
        client.close();
      } catch (Exception e) {
        // Closing what is already gone.
      }
    });
    System.exit(0);
  }
}
