// Real lock clients for the explorer's tests: N contenders, each with its own ZooKeeper session,
// running Curator's recipes or ZooKeeper's WriteLock recipe exactly as an application would.
//
//   java Contenders <connect> <lockPath> <recipe> <spec>
//     recipe: curator-mutex | curator-mutex-revocable | curator-rw | curator-semaphore:<maxLeases> | curator-latch | zk-writelock
//     (curator-mutex-revocable: each holder makes its lock revocable, and releases when asked)
//     spec:   the number of contenders, or for curator-rw one letter per contender (r = read, w = write)
//
// Contenders join one at a time, in order. Prints one JSON object per line:
//   {"event":"session","contender":i,"session":"0x…"}   {"event":"acquired","contender":i}
//   {"event":"ready"}   {"event":"released","contender":i}
// Reads commands from stdin: "release <i>", "quit".
//
// Looping mode (the busy-ensemble bench), Curator InterProcessMutex on <locks> locks <root>/lock-<i>:
//   java Contenders <connect> <root> loop <locks>:<perLock>:<holdMinMs>:<holdMaxMs>[:<sessionTimeoutMs>]
// (<perLock> a number or a range such as 2-3: lock i has the fewest plus i modulo the range's width)
// Each contender acquires, holds a random time in [holdMin, holdMax] and releases, for ever. Prints
//   {"event":"session","lock":i,"session":"0x…"}  {"event":"ready"}
//   {"event":"held","lock":i,"node":"…","us":t}  {"event":"released","lock":i,"node":"…","us":t}
//   {"event":"crashed","lock":i,"node":"…","session":"0x…","us":t}  {"event":"crash-missed","lock":i}
// with t the monotonic clock in µs (System.nanoTime: CLOCK_MONOTONIC, as Node's and Python's), taken
// just before the release. Commands: "crash <i>" (the holder of lock i stops talking to ZooKeeper
// without closing its session, which ZooKeeper expires after its timeout; a new contender takes its
// place), "quit".
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreV2;
import org.apache.curator.framework.recipes.locks.Lease;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.recipes.lock.LockListener;
import org.apache.zookeeper.recipes.lock.WriteLock;

public class Contenders {
  interface Held {
    void release() throws Exception;
  }

  static synchronized void emit(String json) {
    System.out.println(json);
    System.out.flush();
  }

  static final List<CountDownLatch> releases = new ArrayList<>();

  public static void main(String[] args) throws Exception {
    String connect = args[0];
    String path = args[1];
    String recipe = args[2];
    String spec = args[3];
    if (recipe.equals("loop")) {
      Looping.main(connect, path, spec);
      return;
    }
    int count = recipe.equals("curator-rw") ? spec.length() : Integer.parseInt(spec);
    CuratorFramework admin = CuratorFrameworkFactory.newClient(connect, 10000, 10000, new RetryOneTime(100));
    admin.start();
    admin.blockUntilConnected();
    for (int i = 0; i < count; i++) releases.add(new CountDownLatch(1));
    // The WriteLock recipe creates its directory but not the directory's parents.
    if (recipe.equals("zk-writelock") && admin.checkExists().forPath(path) == null) {
      admin.create().creatingParentsIfNeeded().forPath(path);
    }
    for (int i = 0; i < count; i++) {
      final int id = i;
      final char role = recipe.equals("curator-rw") ? spec.charAt(i) : 'x';
      int before = contenderNodes(admin, path, recipe);
      Thread thread = new Thread(() -> {
        try {
          run(connect, path, recipe, id, role);
        } catch (Exception e) {
          emit("{\"event\":\"error\",\"contender\":" + id + ",\"message\":\"" + e.toString().replace("\"", "'") + "\"}");
        }
      });
      thread.setDaemon(true);
      thread.start();
      // The next contender joins only once this one's node exists, so that the queue order is known.
      long deadline = System.currentTimeMillis() + 10000;
      while (contenderNodes(admin, path, recipe) <= before && System.currentTimeMillis() < deadline) Thread.sleep(10);
    }
    emit("{\"event\":\"ready\"}");
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    String line;
    while ((line = in.readLine()) != null) {
      String[] words = line.trim().split("\\s+");
      if (words[0].equals("quit")) break;
      if (words[0].equals("release")) releases.get(Integer.parseInt(words[1])).countDown();
    }
    admin.close();
    System.exit(0);
  }

  static int contenderNodes(CuratorFramework admin, String path, String recipe) throws Exception {
    if (admin.checkExists().forPath(path) == null) return 0;
    if (recipe.startsWith("curator-semaphore")) {
      int total = 0;
      for (String dir : new String[] {"locks", "leases"}) {
        // Curator makes both as container nodes, which ZooKeeper deletes once they are empty: one
        // may go between a look and a read.
        try {
          total += admin.getChildren().forPath(path + "/" + dir).size();
        } catch (KeeperException.NoNodeException gone) {
          // none there
        }
      }
      return total;
    }
    try {
      return admin.getChildren().forPath(path).size();
    } catch (KeeperException.NoNodeException gone) {
      return 0;
    }
  }

  static void run(String connect, String path, String recipe, int id, char role) throws Exception {
    if (recipe.equals("zk-writelock")) {
      CountDownLatch connected = new CountDownLatch(1);
      ZooKeeper zk = new ZooKeeper(connect, 10000, event -> {
        if (event.getState() == Watcher.Event.KeeperState.SyncConnected) connected.countDown();
      });
      connected.await();
      emit("{\"event\":\"session\",\"contender\":" + id + ",\"session\":\"0x" + Long.toHexString(zk.getSessionId()) + "\"}");
      CountDownLatch acquired = new CountDownLatch(1);
      WriteLock lock = new WriteLock(zk, path, null, new LockListener() {
        public void lockAcquired() {
          acquired.countDown();
        }

        public void lockReleased() {}
      });
      lock.lock();
      acquired.await();
      emit("{\"event\":\"acquired\",\"contender\":" + id + ",\"node\":\"" + lock.getId() + "\"}");
      releases.get(id).await();
      lock.unlock();
      emit("{\"event\":\"released\",\"contender\":" + id + "}");
      return;
    }
    CuratorFramework client = CuratorFrameworkFactory.newClient(connect, 10000, 10000, new RetryOneTime(100));
    client.start();
    client.blockUntilConnected();
    long session = client.getZookeeperClient().getZooKeeper().getSessionId();
    emit("{\"event\":\"session\",\"contender\":" + id + ",\"session\":\"0x" + Long.toHexString(session) + "\"}");
    Held held;
    if (recipe.equals("curator-mutex") || recipe.equals("curator-mutex-revocable")) {
      InterProcessMutex mutex = new InterProcessMutex(client, path);
      if (recipe.equals("curator-mutex-revocable")) {
        // Curator calls this when __REVOKE__ is written into the holder's node: it lets go, as asked.
        mutex.makeRevocable(forLock -> {
          emit("{\"event\":\"revoked\",\"contender\":" + id + "}");
          releases.get(id).countDown();
        });
      }
      mutex.acquire();
      held = mutex::release;
    } else if (recipe.equals("curator-rw")) {
      InterProcessReadWriteLock rw = new InterProcessReadWriteLock(client, path);
      InterProcessMutex side = role == 'r' ? rw.readLock() : rw.writeLock();
      side.acquire();
      held = side::release;
    } else if (recipe.startsWith("curator-semaphore:")) {
      InterProcessSemaphoreV2 semaphore = new InterProcessSemaphoreV2(client, path, Integer.parseInt(recipe.substring(18)));
      Lease lease = semaphore.acquire();
      held = () -> semaphore.returnLease(lease);
    } else if (recipe.equals("curator-latch")) {
      LeaderLatch latch = new LeaderLatch(client, path, "contender-" + id);
      latch.start();
      latch.await();
      held = latch::close;
    } else {
      throw new IllegalArgumentException("unknown recipe " + recipe);
    }
    emit("{\"event\":\"acquired\",\"contender\":" + id + "}");
    releases.get(id).await();
    held.release();
    emit("{\"event\":\"released\",\"contender\":" + id + "}");
  }
}
