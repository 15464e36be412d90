// Handovers per second of Curator's InterProcessMutex: N contenders, each with its own
// CuratorFramework (its own session), taking and giving back one lock as fast as they can.
//
//   java LockRate <connect> <lockPath> <contenders> <warmupMs> <durationMs>
//
// Counts the acquisitions made in <durationMs> after <warmupMs>, and prints one JSON line:
//   {"acquisitions":n,"seconds":s}
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.RetryOneTime;

public class LockRate {
  static volatile boolean stopping = false;

  public static void main(String[] args) throws Exception {
    String connect = args[0];
    String path = args[1];
    int count = Integer.parseInt(args[2]);
    long warmupMs = Long.parseLong(args[3]);
    long durationMs = Long.parseLong(args[4]);
    AtomicLong acquisitions = new AtomicLong();
    CountDownLatch connected = new CountDownLatch(count);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Thread thread = new Thread(() -> {
        CuratorFramework client = CuratorFrameworkFactory.newClient(connect, 30000, 10000, new RetryOneTime(100));
        try {
          client.start();
          client.blockUntilConnected();
          connected.countDown();
          connected.await();
          InterProcessMutex mutex = new InterProcessMutex(client, path);
          while (!stopping) {
            mutex.acquire();
            acquisitions.incrementAndGet();
            mutex.release();
          }
        } catch (Exception e) {
          System.err.println("contender failed: " + e);
        } finally {
          client.close();
        }
      });
      thread.start();
      threads.add(thread);
    }
    connected.await();
    Thread.sleep(warmupMs);
    long before = acquisitions.get();
    long start = System.nanoTime();
    Thread.sleep(durationMs);
    long after = acquisitions.get();
    double seconds = (System.nanoTime() - start) / 1e9;
    stopping = true;
    for (Thread thread : threads) thread.join(10000);
    System.out.println("{\"acquisitions\":" + (after - before) + ",\"seconds\":" + seconds + "}");
    System.out.flush();
    System.exit(0);
  }
}
